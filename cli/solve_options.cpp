#include "cli/solve_options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "parallel/parallel_search.hpp"

namespace prune::cli {
namespace {

using Section = SolveOption::Section;
using State = SolveOptionState;

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

// A value from a fixed list of words: "min" -> ValueSelection::min, ...
template <typename T>
struct Word {
    std::string_view word;
    T value;
};

template <typename T, std::size_t N>
std::string choose(const Word<T> (&words)[N], const std::string& option, const std::string& value, T& out) {
    for (const Word<T>& w : words) {
        if (w.word == value) {
            out = w.value;
            return "";
        }
    }
    std::string list;
    for (std::size_t i = 0; i < N; ++i) list += std::string(i == 0 ? "" : i + 1 == N ? " or " : ", ") + std::string(words[i].word);
    return option + " takes " + list + ", got '" + value + "'";
}

std::string set_output(CommandLine& line, State&, const std::string& option, const std::string& value) {
    if (value.empty()) return option + " needs a file name";
    line.output_file = value;
    return "";
}

std::string set_html(CommandLine& line, State&, const std::string&, const std::string& value) {
    if (value.empty()) return "--html needs a file name";
    line.html_file = value;
    return "";
}

std::string set_max_solutions(CommandLine& line, State& state, const std::string&, const std::string& value) {
    std::uint64_t number = 0;
    if (!parse_unsigned(value, number) || number == 0) return "-n needs a positive whole number, got '" + value + "'";
    line.solve.max_solutions = number;
    state.have_n = true;
    return "";
}

std::string set_jobs(CommandLine& line, State& state, const std::string& option, const std::string& value) {
    std::uint64_t number = 0;
    if (!parse_unsigned(value, number) || number > 4096) return option + " needs a number of threads (0: one per core), got '" + value + "'";
    line.jobs = static_cast<unsigned>(number);
    state.have_jobs = true;
    return "";
}

std::string set_threads(CommandLine& line, State& state, const std::string& option, const std::string& value) {
    std::uint64_t number = 0;
    if (!parse_unsigned(value, number) || number > 4096) return option + " needs a number of threads (0: one per core), got '" + value + "'";
    line.solve.model.threads = threads_for(static_cast<int>(number));
    state.have_threads = true;
    return "";
}

std::string set_cubes(CommandLine& line, State&, const std::string& option, const std::string& value) {
    if (value.empty()) return option + " needs a value: a number of cubes (prune split) or a cube file (prune solve)";
    line.cubes = value;
    return "";
}

std::string set_cube_range(CommandLine& line, State&, const std::string&, const std::string& value) {
    line.cube_range = value;
    return "";
}

std::string set_memory_limit(CommandLine& line, State&, const std::string&, const std::string& value) {
    std::uint64_t number = 0;
    if (!parse_unsigned(value, number) || number == 0 || number > (std::uint64_t{1} << 40)) return "--memory-limit needs a positive whole number of MiB, got '" + value + "'";
    line.solve.search.limits.memory_mb = number;
    return "";
}

std::string set_time_limit(CommandLine& line, State&, const std::string&, const std::string& value) {
    double seconds = 0;
    if (!parse_seconds(value, seconds)) return "--time-limit needs a positive number of seconds, got '" + value + "'";
    line.solve.search.limits.seconds = seconds;
    return "";
}

std::string set_count_limit(CommandLine& line, State&, const std::string& option, const std::string& value) {  // --node-limit, --fail-limit
    std::uint64_t number = 0;
    if (!parse_unsigned(value, number) || number == 0) return option + " needs a positive whole number, got '" + value + "'";
    (option == "--node-limit" ? line.solve.search.limits.nodes : line.solve.search.limits.failures) = number;
    return "";
}

std::string set_seed(CommandLine& line, State&, const std::string&, const std::string& value) {
    std::uint64_t number = 0;
    if (!parse_unsigned(value, number)) return "--seed needs a whole number, got '" + value + "'";
    line.solve.search.seed = number;
    return "";
}

std::string set_learn(CommandLine& line, State&, const std::string&, const std::string& value) {
    if (value.empty() || value == "on") {
#if defined(PRUNE_NO_LEARNING)
        return std::string("--learn: ") + Search::learning_compiled_out;
#endif
        line.solve.search.learn = true;
    } else if (value == "off") {
        line.solve.search.learn = false;
    } else {
        return "--learn takes on or off, got '" + value + "'";
    }
    return "";
}

std::string set_restarts(CommandLine& line, State&, const std::string& option, const std::string& value) {
    static const Word<RestartKind> words[] = {{"none", RestartKind::none}, {"luby", RestartKind::luby}, {"geometric", RestartKind::geometric}};
    return choose(words, option, value, line.solve.search.restarts.kind);
}

std::string set_variable_selection(CommandLine& line, State&, const std::string& option, const std::string& value) {
    static const Word<VariableSelection> words[] = {
        {"input", VariableSelection::input_order}, {"first-fail", VariableSelection::smallest_domain}, {"domwdeg", VariableSelection::dom_wdeg}};
    return choose(words, option, value, line.solve.search.variable);
}

std::string set_value_selection(CommandLine& line, State&, const std::string& option, const std::string& value) {
    static const Word<ValueSelection> words[] = {{"min", ValueSelection::min},     {"max", ValueSelection::max},
                                                 {"median", ValueSelection::median}, {"split", ValueSelection::split},
                                                 {"reverse-split", ValueSelection::reverse_split}, {"random", ValueSelection::random}};
    return choose(words, option, value, line.solve.search.value);
}

std::string set_alldifferent(CommandLine& line, State&, const std::string& option, const std::string& value) {
    static const Word<Consistency> words[] = {{"value", Consistency::value}, {"bounds", Consistency::bounds}, {"domain", Consistency::domain}};
    return choose(words, option, value, line.solve.model.alldifferent);
}

// The flags: each sets one field of the command line or of the parse state.
template <bool CommandLine::*field>
std::string set_flag(CommandLine& line, State&, const std::string&, const std::string&) {
    line.*field = true;
    return "";
}

template <bool State::*field>
std::string set_mode(CommandLine&, State& state, const std::string&, const std::string&) {
    state.*field = true;
    return "";
}

const SolveOption options[] = {
    // section, names, label, takes a value, every command, help, apply
    {Section::find, "--first", "--first", false, false, "stop at the first solution (no uniqueness look)", set_mode<&State::first>},
    {Section::find, "--all", "--all", false, false, "print every solution", set_mode<&State::all>},
    {Section::find, "-n", "-n N", true, false, "stop after N solutions", set_max_solutions},
    {Section::find, "--count", "--count", false, false, "count the solutions, print none", set_mode<&State::count>},
    {Section::output, "--quiet -q", "--quiet, -q", false, false,
     "the solution only: no check lines, no verdict (--count: the\nnumber); a limit that stopped the search goes to stderr", set_flag<&CommandLine::quiet>},
    {Section::output, "-o --output", "-o FILE", true, true, "write the output to FILE (opened before solving)", set_output},
    {Section::output, "--json", "--json", false, false,
     "one JSON object: {\"kind\", \"file\", \"status\": \"sat\"|\"unsat\"|\n\"unknown\", \"solutions\", \"count\" (--count, --all),\n"
     "\"unique\" (when checked), \"limit_reached\", \"limit\" (which\none: {\"kind\": \"time\"|\"memory\"|\"node\"|\"fail\"|\"interrupt\",\n"
     "\"value\"}), \"stats\"}",
     set_flag<&CommandLine::json>},
    {Section::output, "--html", "--html FILE", true, false, "also a self-contained HTML page of the first solution", set_html},
    {Section::output, "--stats", "--stats", false, false,
     "search statistics on standard error (\"engine solutions\":\nfound by the search, before a count's symmetry factor)", set_flag<&CommandLine::stats>},
    {Section::limits, "--time-limit", "--time-limit SECONDS", true, false, "wall-clock seconds (a decimal number)", set_time_limit},
    {Section::limits, "--node-limit", "--node-limit N", true, false, "search nodes", set_count_limit},
    {Section::limits, "--fail-limit", "--fail-limit N", true, false, "failures", set_count_limit},
    {Section::limits, "--memory-limit", "--memory-limit MB", true, false, "the process's resident memory, in MiB", set_memory_limit},
    {Section::search, "--var", "--var input|first-fail|domwdeg", true, false,
     "variable selection (default first-fail;\ndomwdeg for sudoku)", set_variable_selection},
    {Section::search, "--val", "--val WAY", true, false, "value selection: min (default), max,\nmedian, split, reverse-split or random",
     set_value_selection},
    {Section::search, "--alldiff", "--alldiff value|bounds|domain", true, false, "alldifferent strength (default domain)", set_alldifferent},
    {Section::search, "--restarts", "--restarts none|luby|geometric", true, false, "restart policy (default none)", set_restarts},
    {Section::search, "--learn", "--learn [on|off]", false, false,
     "learn nogoods from conflicts (lazy clause\ngeneration; default off)", set_learn, true},
    {Section::search, "--seed", "--seed N", true, false, "seed: --val random, learning's ties", set_seed},
    {Section::search, "-p --threads", "-p N, --threads N", true, false,
     "search this one problem on N threads\n(0: one per core; default 1); the same\ncount, optimum and solution set for any N\n"
     "(--all: the order may differ)", set_threads},
    {Section::search, "--cubes", "--cubes N|FILE", true, false,
     "prune split: write N cubes (subproblems);\nprune solve: solve the cubes of FILE,\nwrite their results for prune merge",
     set_cubes},
    {Section::search, "--range", "--range A:B", true, false, "with --cubes FILE: only cubes A..B-1", set_cube_range},
    {Section::batch, "--batch", "--batch", false, false, "FILE holds many puzzles (see above)", set_flag<&CommandLine::batch>},
    {Section::batch, "-j --jobs", "-j N", true, false, "N worker threads (0: one per core); the same output\nfor any N", set_jobs},
    {Section::batch, "--unique", "--unique", false, false, "also look for a second solution of each puzzle", set_flag<&CommandLine::unique>},
};

bool has_name(std::string_view names, std::string_view name) {
    while (!names.empty()) {
        const std::size_t space = names.find(' ');
        if (names.substr(0, space) == name) return true;
        if (space == std::string_view::npos) break;
        names.remove_prefix(space + 1);
    }
    return false;
}

}  // namespace

std::span<const SolveOption> solve_options() { return options; }

const SolveOption* find_solve_option(std::string_view name) {
    for (const SolveOption& option : options) {
        if (has_name(option.names, name)) return &option;
    }
    return nullptr;
}

std::string solve_options_help(SolveOption::Section section) {
    // The help column: after the longest label of the section, at least at column 20.
    std::size_t column = 20;
    for (const SolveOption& option : options) {
        if (option.section == section) column = std::max(column, option.label.size() + 4);
    }
    std::string text;
    for (const SolveOption& option : options) {
        if (option.section != section) continue;
        std::string left = "  " + std::string(option.label);
        std::string_view help = option.help;
        for (;;) {  // one line of help at a time, continuations under the first
            const std::size_t end = help.find('\n');
            left.resize(column, ' ');
            text += left;
            text += help.substr(0, end);
            text += '\n';
            if (end == std::string_view::npos) break;
            help.remove_prefix(end + 1);
            left.clear();
        }
    }
    return text;
}

}  // namespace prune::cli
