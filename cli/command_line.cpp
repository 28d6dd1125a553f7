#include "cli/command_line.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "cli/help.hpp"
#include "puzzles/registry.hpp"

namespace prune::cli {
namespace {

using puzzles::Registry;
using puzzles::SolveMode;

bool parse_unsigned(const std::string& text, std::uint64_t& out) {
    if (text.empty()) return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

bool parse_seconds(const std::string& text, double& out) {
    if (text.empty()) return false;
    char* end = nullptr;
    out = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && std::isfinite(out) && out > 0;
}

// The options of `prune solve` that take a value.
bool takes_value(const std::string& option) {
    return option == "-n" || option == "-o" || option == "--output" || option == "--html" || option == "--time-limit" || option == "--memory-limit" || option == "--seed" || option == "--restarts" || option == "--var" ||
           option == "--val" || option == "--alldiff" || option == "--node-limit" || option == "--fail-limit" || option == "-j" || option == "--jobs" || trace::is_trace_valued_option(option);
}

// The options of `prune solve` that are flags.
bool is_solve_flag(const std::string& option) {
    return option == "--first" || option == "--all" || option == "--count" || option == "--json" || option == "--stats" || option == "--batch" || option == "--unique" ||
           option == "--quiet" || option == "-q" || trace::is_trace_flag(option);
}

class Parser {
public:
    explicit Parser(const std::vector<std::string>& args) : args_(args) {}

    CommandLineResult parse() {
        if (args_.empty()) return ok(Command::help);
        const std::string& first = args_[0];
        if (first == "--help" || first == "-h" || first == "help") {
            if (first == "help" && args_.size() > 2) return error("'prune help' takes one TOPIC or KIND");
            if (first == "help" && args_.size() > 1) {
                if (help_topic(args_[1]) != nullptr) {
                    line_.topic = args_[1];
                    return ok(Command::help_topic);
                }
                if (Registry::global().find(args_[1]) == nullptr) {
                    return error("no help on '" + args_[1] + "': topics are " + help_topic_names() + "; or a puzzle kind (prune list)");
                }
                return kind_help(args_[1]);
            }
            return ok(Command::help);
        }
        if (first == "--version" || first == "-V") return ok(Command::version);
        if (first == "list") {
            if (args_.size() > 1) return error("'prune list' takes no arguments");
            return ok(Command::list);
        }
        if (first == "solve" || first == "check" || first == "smtlib") return parse_subcommand(first);
        if (first == "trace") return parse_trace_view();
        if (Registry::global().find(first) != nullptr) {
            if (args_.size() == 2 && (args_[1] == "--help" || args_[1] == "-h")) return kind_help(first);
            return error("did you mean 'prune solve " + first + " ...'? ('prune " + first + " --help' describes the kind)");
        }
        if (!first.empty() && first[0] == '-') return error("unknown option '" + first + "'");
        return error("unknown command '" + first + "' (commands: list, solve, check, smtlib, trace)");
    }

private:
    CommandLineResult ok(Command command) {
        line_.command = command;
        return CommandLineResult{line_, {}};
    }
    static CommandLineResult error(std::string message) { return CommandLineResult{std::nullopt, std::move(message)}; }

    CommandLineResult kind_help(const std::string& kind) {
        if (Registry::global().find(kind) == nullptr) return error(unknown_kind(kind));
        line_.kind = kind;
        return ok(Command::kind_help);
    }

    static std::string unknown_kind(const std::string& kind) {
        std::string known;
        for (const auto& k : Registry::global().kinds()) known += (known.empty() ? "" : ", ") + k.name;
        return "unknown puzzle kind '" + kind + "' (known kinds: " + known + ")";
    }

    CommandLineResult parse_subcommand(const std::string& name) {
        const Command command = name == "solve" ? Command::solve : name == "check" ? Command::check : Command::smtlib;
        if (args_.size() < 2) return error("'prune " + name + "' needs a puzzle kind (see 'prune list')");
        if (args_[1] == "--help" || args_[1] == "-h") return ok(Command::help);
        if (!args_[1].empty() && args_[1][0] == '-') return error("the puzzle kind comes first: prune " + name + " KIND [FILE] [options] (see 'prune list')");
        const puzzles::PuzzleKind* kind = Registry::global().find(args_[1]);
        if (kind == nullptr) return error(unknown_kind(args_[1]));
        line_.kind = kind->name;
        line_.solve.search.variable = kind->default_variable_selection;  // --var overrides

        bool first = false;
        bool all = false;
        bool count = false;
        bool have_n = false;
        for (std::size_t i = 2; i < args_.size(); ++i) {
            std::string arg = args_[i];
            std::string value;
            bool has_inline_value = false;
            if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
                value = arg.substr(arg.find('=') + 1);
                arg = arg.substr(0, arg.find('='));
                has_inline_value = true;
            }
            if (arg == "-" || arg.empty() || arg[0] != '-') {
                line_.files.push_back(arg);
                continue;
            }
            if (arg == "--help" || arg == "-h") return kind_help(kind->name);
            const puzzles::KindOption* kind_option = nullptr;
            for (const auto& option : kind->options) kind_option = option.flag == arg ? &option : kind_option;
            if (kind_option != nullptr) {
                if (kind_option->value_name.empty()) {
                    if (has_inline_value) return error("option " + arg + " takes no value");
                    line_.kind_flags.insert(arg);
                } else {
                    if (!has_inline_value) {
                        if (i + 1 >= args_.size()) return error("option " + arg + " needs a value");
                        value = args_[++i];
                    }
                    line_.kind_flags.insert(arg + "=" + value);
                }
                continue;
            }
            if (!takes_value(arg) && !is_solve_flag(arg)) {
                return error("unknown option '" + arg + "' for 'prune " + name + " " + kind->name + "' (see 'prune --help' and 'prune " + kind->name + " --help')");
            }
            const bool is_output = arg == "-o" || arg == "--output";
            if (command != Command::solve && !is_output) return error("option " + arg + " applies to 'prune solve' only");
            if (is_solve_flag(arg)) {
                if (has_inline_value) return error("option " + arg + " takes no value");
                if (arg == "--first") first = true;
                if (arg == "--all") all = true;
                if (arg == "--count") count = true;
                if (arg == "--json") line_.json = true;
                if (arg == "--stats") line_.stats = true;
                if (arg == "--batch") line_.batch = true;
                if (arg == "--unique") line_.unique = true;
                if (arg == "--quiet" || arg == "-q") line_.quiet = true;
                trace::apply_trace_flag(arg, line_.trace);
                continue;
            }
            if (!has_inline_value) {
                if (i + 1 >= args_.size()) return error("option " + arg + " needs a value");
                value = args_[++i];
            }
            if (auto message = apply_valued_option(arg, value); !message.empty()) return error(message);
            if (arg == "-n") have_n = true;
        }

        if (static_cast<int>(first) + static_cast<int>(all || have_n) + static_cast<int>(count) > 1) {
            return error("choose one of --first, --all, -n N and --count");
        }
        if (command == Command::solve && (line_.batch || line_.unique || have_jobs_)) {
            if (auto message = check_batch(first, all || have_n, count); !message.empty()) return error(message);
        }
        if (command == Command::solve) {
            if (line_.files.size() > 1) return error("'prune solve' takes one puzzle file (or -), got " + std::to_string(line_.files.size()));
            line_.solve.mode = first ? SolveMode::first : (all || have_n) ? SolveMode::all : count ? SolveMode::count : SolveMode::first_and_unique;
            if (line_.batch) line_.solve.mode = line_.unique ? SolveMode::first_and_unique : SolveMode::first;
        } else if (command == Command::check) {
            if (line_.files.size() != 2) return error("'prune check " + kind->name + "' needs PUZZLE and SOLUTION files (either may be -)");
            if (line_.files[0] == "-" && line_.files[1] == "-") return error("PUZZLE and SOLUTION cannot both be standard input");
        } else if (line_.files.size() > 1) {
            return error("'prune smtlib' takes one puzzle file (or -), got " + std::to_string(line_.files.size()));
        }
        return ok(command);
    }

    // prune trace view FILE.jsonl [-o FILE.html]
    CommandLineResult parse_trace_view() {
        if (args_.size() < 2 || args_[1] != "view") return error("usage: prune trace view FILE.jsonl [-o FILE.html]");
        for (std::size_t i = 2; i < args_.size(); ++i) {
            const std::string& arg = args_[i];
            if (arg == "-o" || arg == "--output") {
                if (i + 1 >= args_.size() || args_[i + 1].empty()) return error("option " + arg + " needs a file name");
                line_.output_file = args_[++i];
            } else if (arg.size() > 1 && arg[0] == '-') {
                return error("unknown option '" + arg + "' for 'prune trace view'");
            } else {
                line_.files.push_back(arg);
            }
        }
        if (line_.files.size() != 1) return error("'prune trace view' needs one trace file: prune trace view FILE.jsonl [-o FILE.html]");
        if (line_.output_file.empty()) line_.output_file = line_.files[0] + ".html";  // next to the trace
        return ok(Command::trace_view);
    }

    // Applies a solve option that takes a value; returns an error message or "".
    std::string apply_valued_option(const std::string& option, const std::string& value) {
        auto& search = line_.solve.search;
        std::uint64_t number = 0;
        if (option == "-o" || option == "--output") {
            if (value.empty()) return option + " needs a file name";
            line_.output_file = value;
        } else if (option == "-n") {
            if (!parse_unsigned(value, number) || number == 0) return "-n needs a positive whole number, got '" + value + "'";
            line_.solve.max_solutions = number;
        } else if (option == "--html") {
            if (value.empty()) return "--html needs a file name";
            line_.html_file = value;
        } else if (trace::is_trace_valued_option(option)) {
            return trace::apply_trace_value(option, value, line_.trace);
        } else if (option == "-j" || option == "--jobs") {
            if (!parse_unsigned(value, number) || number > 4096) return option + " needs a number of threads (0: one per core), got '" + value + "'";
            line_.jobs = static_cast<unsigned>(number);
            have_jobs_ = true;
        } else if (option == "--memory-limit") {
            if (!parse_unsigned(value, number) || number == 0 || number > (std::uint64_t{1} << 40)) return "--memory-limit needs a positive whole number of MiB, got '" + value + "'";
            search.limits.memory_mb = number;
        } else if (option == "--time-limit") {
            double seconds = 0;
            if (!parse_seconds(value, seconds)) return "--time-limit needs a positive number of seconds, got '" + value + "'";
            search.limits.seconds = seconds;
        } else if (option == "--node-limit" || option == "--fail-limit") {
            if (!parse_unsigned(value, number) || number == 0) return option + " needs a positive whole number, got '" + value + "'";
            (option == "--node-limit" ? search.limits.nodes : search.limits.failures) = number;
        } else if (option == "--seed") {
            if (!parse_unsigned(value, number)) return "--seed needs a whole number, got '" + value + "'";
            search.seed = number;
        } else if (option == "--restarts") {
            if (value == "none") search.restarts.kind = RestartKind::none;
            else if (value == "luby") search.restarts.kind = RestartKind::luby;
            else if (value == "geometric") search.restarts.kind = RestartKind::geometric;
            else return "--restarts takes none, luby or geometric, got '" + value + "'";
        } else if (option == "--var") {
            if (value == "input") search.variable = VariableSelection::input_order;
            else if (value == "first-fail") search.variable = VariableSelection::smallest_domain;
            else if (value == "domwdeg") search.variable = VariableSelection::dom_wdeg;
            else return "--var takes input, first-fail or domwdeg, got '" + value + "'";
        } else if (option == "--val") {
            if (value == "min") search.value = ValueSelection::min;
            else if (value == "max") search.value = ValueSelection::max;
            else if (value == "median") search.value = ValueSelection::median;
            else if (value == "split") search.value = ValueSelection::split;
            else if (value == "reverse-split") search.value = ValueSelection::reverse_split;
            else if (value == "random") search.value = ValueSelection::random;
            else return "--val takes min, max, median, split, reverse-split or random, got '" + value + "'";
        } else if (option == "--alldiff") {
            if (value == "value") line_.solve.model.alldifferent = Consistency::value;
            else if (value == "bounds") line_.solve.model.alldifferent = Consistency::bounds;
            else if (value == "domain") line_.solve.model.alldifferent = Consistency::domain;
            else return "--alldiff takes value, bounds or domain, got '" + value + "'";
        }
        return "";
    }

    // The options that go with --batch (cli/batch_command.cpp); returns an error message or "".
    std::string check_batch(bool first, bool all, bool count) const {
        if (!line_.batch) return line_.unique ? "--unique goes with --batch (a single solve checks uniqueness by default)" : "-j goes with --batch";
        if (first && line_.unique) return "choose one of --first and --unique";
        if (all || count) return "--batch solves each puzzle once: --all, -n and --count do not apply";
        if (!line_.html_file.empty()) return "--batch writes no HTML page (--html)";
        if (line_.trace.any()) return "--batch does not trace (--trace, --trace-text, --profile, --explain)";
        if (line_.files.empty()) return "--batch needs a FILE of puzzles (or - for standard input)";
        return "";
    }

    const std::vector<std::string>& args_;
    CommandLine line_;
    bool have_jobs_ = false;
};

}  // namespace

CommandLineResult parse_command_line(const std::vector<std::string>& args) { return Parser(args).parse(); }

}  // namespace prune::cli
