#include "cli/command_line.hpp"

#include "cli/help.hpp"
#include "cli/solve_options.hpp"
#include "puzzles/registry.hpp"
#include "support/inline_value.hpp"

namespace prune::cli {
namespace {

using puzzles::Registry;
using puzzles::SolveMode;

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
        if (first == "solve" || first == "check" || first == "smtlib" || first == "split") return parse_subcommand(first);
        if (first == "trace") return parse_trace_view();
        if (Registry::global().find(first) != nullptr) {
            if (args_.size() == 2 && (args_[1] == "--help" || args_[1] == "-h")) return kind_help(first);
            return error("did you mean 'prune solve " + first + " ...'? ('prune " + first + " --help' describes the kind)");
        }
        if (!first.empty() && first[0] == '-') return error("unknown option '" + first + "'");
        return error("unknown command '" + first + "' (commands: list, solve, check, smtlib, trace, split, merge, fzn, xcsp3)");
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
        const Command command = name == "solve"   ? Command::solve
                                : name == "check" ? Command::check
                                : name == "split" ? Command::split
                                                  : Command::smtlib;
        if (args_.size() < 2) return error("'prune " + name + "' needs a puzzle kind (see 'prune list')");
        if (args_[1] == "--help" || args_[1] == "-h") return ok(Command::help);
        if (!args_[1].empty() && args_[1][0] == '-') return error("the puzzle kind comes first: prune " + name + " KIND [FILE] [options] (see 'prune list')");
        const puzzles::PuzzleKind* kind = Registry::global().find(args_[1]);
        if (kind == nullptr) return error(unknown_kind(args_[1]));
        line_.kind = kind->name;
        line_.solve.search.variable = kind->default_variable_selection;  // --var overrides

        for (std::size_t i = 2; i < args_.size(); ++i) {
            std::string arg = args_[i];
            const std::optional<std::string> inline_value = support::take_inline_value(arg);  // --option=value
            if (arg == "-" || arg.empty() || arg[0] != '-') {
                line_.files.push_back(arg);
                continue;
            }
            if (arg == "--help" || arg == "-h") return kind_help(kind->name);
            std::string message = parse_option(command, name, *kind, arg, inline_value, i);
            if (!message.empty()) return error(message);
        }
        return finish_subcommand(command, *kind);
    }

    // The value of the option at args_[i]: its inline --option=value, else the next
    // argument (then i moves past it); nullopt when there is none.
    std::optional<std::string> option_value(const std::optional<std::string>& inline_value, std::size_t& i) const {
        if (inline_value) return inline_value;
        if (i + 1 >= args_.size()) return std::nullopt;
        return args_[++i];
    }

    // Applies the option `arg` (a kind's, a solve option or a tracing option); returns
    // an error message or "".
    std::string parse_option(Command command, const std::string& name, const puzzles::PuzzleKind& kind, const std::string& arg,
                             const std::optional<std::string>& inline_value, std::size_t& i) {
        const puzzles::KindOption* kind_option = nullptr;
        for (const auto& option : kind.options) kind_option = option.flag == arg ? &option : kind_option;
        if (kind_option != nullptr) {
            if (kind_option->value_name.empty()) {
                if (inline_value) return "option " + arg + " takes no value";
                line_.kind_flags.insert(arg);
                return "";
            }
            const std::optional<std::string> value = option_value(inline_value, i);
            if (!value) return "option " + arg + " needs a value";
            line_.kind_flags.insert(arg + "=" + *value);
            return "";
        }
        const SolveOption* option = find_solve_option(arg);
        const bool trace_flag = trace::is_trace_flag(arg);
        const bool trace_valued = trace::is_trace_valued_option(arg);
        if (option == nullptr && !trace_flag && !trace_valued) {
            return "unknown option '" + arg + "' for 'prune " + name + " " + kind.name + "' (see 'prune --help' and 'prune " + kind.name + " --help')";
        }
        if (command != Command::solve && command != Command::split && (option == nullptr || !option->every_command)) {
            return "option " + arg + " applies to 'prune solve' only";
        }
        if (option != nullptr && option->value_optional) {
            bool took_next = false;
            const std::string value =
                support::optional_value(inline_value, i + 1 < args_.size() ? args_[i + 1].c_str() : nullptr, {"on", "off"}, "", took_next);
            if (took_next) ++i;
            return option->apply(line_, state_, arg, value);
        }
        if (trace_flag || (option != nullptr && !option->takes_value)) {
            if (inline_value) return "option " + arg + " takes no value";
            if (trace_flag) {
                trace::apply_trace_flag(arg, line_.trace);
                return "";
            }
            return option->apply(line_, state_, arg, "");
        }
        const std::optional<std::string> value = option_value(inline_value, i);
        if (!value) return "option " + arg + " needs a value";
        if (trace_valued) return trace::apply_trace_value(arg, *value, line_.trace);
        return option->apply(line_, state_, arg, *value);
    }

    // The checks that look at the options together, and the files each command takes.
    CommandLineResult finish_subcommand(Command command, const puzzles::PuzzleKind& kind) {
        const bool all = state_.all || state_.have_n;
        if (static_cast<int>(state_.first) + static_cast<int>(all) + static_cast<int>(state_.count) > 1) {
            return error("choose one of --first, --all, -n N and --count");
        }
        if (command == Command::solve && line_.batch && state_.have_threads) {
            return error("-p N searches one problem on N threads; a --batch takes -j N");
        }
        if (command == Command::solve && (line_.batch || line_.unique || state_.have_jobs)) {
            if (auto message = check_batch(state_.first, all, state_.count); !message.empty()) return error(message);
        }
        if (command == Command::split || (command == Command::solve && !line_.cubes.empty())) {
            if (auto message = check_cubes(command); !message.empty()) return error(message);
        } else if (!line_.cube_range.empty()) {
            return error("--range goes with --cubes FILE");
        }
        if (command == Command::split) {
            if (line_.files.size() > 1) return error("'prune split' takes one puzzle file (or -), got " + std::to_string(line_.files.size()));
            return ok(command);
        }
        if (command == Command::solve) {
            if (line_.files.size() > 1) return error("'prune solve' takes one puzzle file (or -), got " + std::to_string(line_.files.size()));
            line_.solve.mode = state_.first ? SolveMode::first : all ? SolveMode::all : state_.count ? SolveMode::count : SolveMode::first_and_unique;
            if (line_.batch) line_.solve.mode = line_.unique ? SolveMode::first_and_unique : SolveMode::first;
        } else if (command == Command::check) {
            if (line_.files.size() != 2) return error("'prune check " + kind.name + "' needs PUZZLE and SOLUTION files (either may be -)");
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

    // prune split needs --cubes N; prune solve --cubes FILE solves a cube file.
    std::string check_cubes(Command command) const {
        if (command == Command::split) {
            std::uint64_t n = 0;
            const std::string& text = line_.cubes;
            if (text.empty()) return "'prune split' needs --cubes N (the number of subproblems to write)";
            for (char c : text) {
                if (c < '0' || c > '9' || n > 100000000) return "--cubes needs a positive number of cubes, got '" + text + "'";
                n = n * 10 + static_cast<std::uint64_t>(c - '0');
            }
            if (n == 0) return "--cubes needs a positive number of cubes, got '" + text + "'";
            if (line_.batch || line_.trace.any()) return "'prune split' writes cubes: --batch and tracing do not apply";
            return "";
        }
        if (line_.batch) return "--cubes solves one problem's cubes: --batch does not apply";
        if (line_.trace.any()) return "--cubes does not trace (--trace, --trace-text, --profile, --explain)";
        if (!line_.html_file.empty() || line_.json) return "--cubes writes cube results (see docs/scaling.md): --html and --json do not apply";
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
    SolveOptionState state_;
};

}  // namespace

CommandLineResult parse_command_line(const std::vector<std::string>& args) { return Parser(args).parse(); }

}  // namespace prune::cli
