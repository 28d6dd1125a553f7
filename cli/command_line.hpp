// The prune command line, parsed into what to do. Parsing never exits or prints: it
// returns the command or an error message, so it can be tested in-process.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "trace/trace_options.hpp"
#include "puzzles/puzzle_kind.hpp"
#include "puzzles/solve.hpp"

namespace prune::cli {

enum class Command { help, help_topic, version, list, kind_help, solve, check, smtlib, trace_view, split };

struct CommandLine {
    Command command = Command::help;
    std::string kind;                 // solve, check, smtlib, kind_help
    std::string topic;                // help_topic: prune help TOPIC
    std::vector<std::string> files;   // positional arguments after the kind
    puzzles::KindFlags kind_flags;    // e.g. --unique-lines

    // solve only
    puzzles::SolveSettings solve;
    bool json = false;
    bool stats = false;
    bool quiet = false;               // --quiet: the solution only (no check lines, verdict or summary)
    std::string html_file;            // empty: no page
    trace::TraceOptions trace;        // --trace, --trace-text, --profile, --explain, ...
    // solve --batch: FILE holds many puzzles (cli/batch_command.cpp)
    bool batch = false;
    bool unique = false;              // --unique: check each batch puzzle for a second solution
    unsigned jobs = 1;                // -j N: worker threads (0: one per core)
    // Cubes (cli/cube_commands.cpp, docs/scaling.md): prune split ... --cubes N (the
    // number), prune solve ... --cubes FILE [--range A:B].
    std::string cubes;
    std::string cube_range;

    // -o FILE: solve, check and smtlib write their standard output there instead.
    // trace view: files[0] is the trace, output_file the page (default: FILE.html).
    std::string output_file;
};

struct CommandLineResult {
    std::optional<CommandLine> command_line;
    std::string error;  // set when command_line is empty
};

// `args` excludes the program name.
CommandLineResult parse_command_line(const std::vector<std::string>& args);

}  // namespace prune::cli
