// The options of `prune solve` (and the -o of check and smtlib), in one table: the
// parser (command_line.cpp) applies them from it and `prune help solve` / `prune
// help batch` (help.cpp) list them from it, so the two cannot drift apart. The
// tracing options are trace::'s (trace/trace_options.hpp); kinds add their own.
#pragma once
#include <span>
#include <string>
#include <string_view>

#include "cli/command_line.hpp"

namespace prune::cli {

// What the mode options (--first, --all, -n, --count) and -j said, for the checks
// that look at them together once every option is read.
struct SolveOptionState {
    bool first = false;
    bool all = false;
    bool count = false;
    bool have_n = false;
    bool have_jobs = false;
    bool have_threads = false;
};

struct SolveOption {
    enum class Section : unsigned char { find, output, limits, search, batch };
    Section section;
    std::string_view names;  // every spelling, separated by spaces: "-o --output"
    std::string_view label;  // as the help shows it: "-o FILE", "--quiet, -q"
    bool takes_value;
    bool every_command;      // also for check and smtlib (-o), not only solve
    // One help line, or several separated by '\n' (continuations are indented).
    std::string_view help;
    // Applies the option; returns an error message or "". `value` is "" for a flag.
    std::string (*apply)(CommandLine& line, SolveOptionState& state, const std::string& option, const std::string& value);
    // A flag whose value may follow: --learn, --learn on, --learn=off. The next
    // argument is taken only when it is one of the option's words (on, off).
    bool value_optional = false;
};

std::span<const SolveOption> solve_options();
// The option spelled `name`, or null.
const SolveOption* find_solve_option(std::string_view name);
// The help lines of the options of `section`, aligned in two columns.
std::string solve_options_help(SolveOption::Section section);

}  // namespace prune::cli
