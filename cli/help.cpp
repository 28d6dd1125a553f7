#include "cli/help.hpp"

#include <filesystem>
#include <system_error>

#include "puzzles/registry.hpp"

#ifndef PRUNE_VERSION
#define PRUNE_VERSION "unknown"
#endif
#ifndef PRUNE_EXAMPLES_FROM_BIN
#define PRUNE_EXAMPLES_FROM_BIN "../share/prune/examples"
#endif

namespace prune::cli {

namespace {

// The directory of this executable, or empty when the system does not say
// (/proc/self/exe: Linux).
std::filesystem::path executable_directory() {
    std::error_code error;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::filesystem::path() : exe.parent_path();
}

}  // namespace

std::string example_path(const std::string& kind, const std::string& file) {
    // Installed: bin/prune finds its examples in share/prune/examples/KIND/.
    const std::filesystem::path exe_dir = executable_directory();
    if (!exe_dir.empty()) {
        const std::filesystem::path installed = (exe_dir / PRUNE_EXAMPLES_FROM_BIN / kind / file).lexically_normal();
        std::error_code error;
        if (std::filesystem::is_regular_file(installed, error)) return installed.string();
    }
    // A build tree: the path from the top of the source tree, where the README runs it.
    return "puzzles/" + kind + "/examples/" + file;
}

std::string version_text() { return std::string("prune ") + PRUNE_VERSION + "\n"; }

std::string main_help() {
    std::string text =
        "prune: a finite-domain constraint solver for grid puzzles\n"
        "\n"
        "Usage:\n"
        "  prune list                          the puzzle kinds, one line each\n"
        "  prune solve KIND [FILE|-] [options] solve a puzzle (no FILE: the kind's built-in\n"
        "                                      instance; -: standard input)\n"
        "  prune check KIND PUZZLE SOLUTION    check a solution rule by rule; SOLUTION is prune's\n"
        "                                      plain or --json output, or an SMT model (either may be -)\n"
        "  prune smtlib KIND [FILE|-]          print the puzzle as SMT-LIB 2 (QF_LIA), e.g. for\n"
        "                                      prune smtlib seki p.txt | z3 -in | prune check seki p.txt -\n"
        "  prune trace view TRACE.jsonl -o PAGE.html\n"
        "                                      a self-contained page to explore a --trace file\n"
        "  prune fzn MODEL.fzn [flags]         solve FlatZinc (as fzn-prune, plus --trace/--profile/--explain; prune fzn --help)\n"
        "  prune KIND --help                   the input format and options of a kind\n"
        "  prune --help | --version\n"
        "\n"
        "Solve options:\n"
        "  (default)            print the first solution and its check, then look for a second\n"
        "                       one (within the limits) and say whether the solution is unique\n"
        "  --first              stop at the first solution (no uniqueness look)\n"
        "  --all                print every solution\n"
        "  -n N                 stop after N solutions\n"
        "  --count              count the solutions, print none\n"
        "  --json               print one JSON object instead of text:\n"
        "                       {\"kind\", \"status\": \"sat\"|\"unsat\"|\"unknown\", \"solutions\": [...],\n"
        "                        \"count\" (with --count or --all), \"unique\" (when checked), \"stats\"}\n"
        "  --html FILE          also write a self-contained HTML page of the first solution\n"
        "  --stats              print search statistics on standard error\n"
        "  --time-limit SECONDS stop the search after this long\n"
        "  --memory-limit MB    stop the search when the process holds more than MB MiB\n"
        "  --node-limit N       stop the search after N nodes\n"
        "  --fail-limit N       stop the search after N failures\n"
        "  --seed N             seed for --val random\n"
        "  --restarts none|luby|geometric              restart policy (default none)\n"
        "  --var input|first-fail|domwdeg              variable selection (default first-fail;\n"
        "                                              domwdeg for sudoku)\n"
        "  --val min|max|median|split|reverse-split|random   value selection (default min)\n"
        "  --alldiff value|bounds|domain               alldifferent strength (default domain)\n"
        "\n"
        "Tracing options of solve (docs/trace-format.md):\n"
        "  --trace FILE         write every search and propagation event as JSON Lines;\n"
        "                       the same run gives the same bytes\n"
        "  --trace-times        add microseconds since the start to each --trace event\n"
        "  --trace-text         the events, readable and indented by depth, on standard error\n"
        "  --trace-limit N      at most N events per trace output (then a 'truncated' note)\n"
        "  --profile            after the run, a table per propagator and per kind on standard\n"
        "                       error: runs, values removed, failures, share of propagation time\n"
        "  --explain VAR        the history of VAR (e.g. r3c4) in the first solution: each\n"
        "                       removal, by which propagator or decision, at which node\n"
        "Kinds may add their own options (prune KIND --help), e.g. kurosu --unique-lines.\n"
        "\n"
        "Batch solving: prune solve KIND FILE|- --batch [-j N] [--unique] [--json] [limits]\n"
        "  FILE holds many puzzles: one per line for kinds with a one-line form (sudoku: 81\n"
        "  characters, '.' or 0 blank; seki: the rotor string), else separated by blank\n"
        "  lines; # lines are comments. One output line per puzzle, in input order:\n"
        "    the solution on one line (sudoku: 81 digits)\n"
        "    unsat      the puzzle has no solution\n"
        "    multiple   (--unique) it has more than one; a solution line then means unique\n"
        "    unknown    a limit stopped the search first (limits apply per puzzle)\n"
        "    error      the puzzle is bad: file:line:col: error: ... on standard error\n"
        "  --json: one object per line: {\"line\", \"status\": \"sat\"|\"unsat\"|\"unknown\"|\"error\",\n"
        "  \"solution\", \"unique\" (with --unique), \"nodes\", \"failures\"} or {..., \"error\"}.\n"
        "  -j N       N worker threads (0: one per core); the output is the same for any N\n"
        "  --unique   also look for a second solution of each puzzle\n"
        "  A summary goes to standard error (counts, time, puzzles/s, median and maximum\n"
        "  time per puzzle; --stats adds nodes and failures), with a progress line when\n"
        "  standard error is a terminal. Exit code: 2 if any puzzle was bad, else 3 if\n"
        "  any was stopped by a limit, else 0 (unsat and multiple puzzles are answers).\n"
        "\n"
        "Exit codes:\n"
        "  0  a solution was found, or a --count / --all run completed with at least one;\n"
        "     check: every rule holds\n"
        "  1  the search proved that there is no solution (also a completed count of 0);\n"
        "     check: some rule fails\n"
        "  2  usage error or unreadable input (errors are printed as file:line:col: error: ...)\n"
        "  3  a limit (--time-limit, --memory-limit, --node-limit, --fail-limit) or Ctrl-C /\n"
        "     SIGTERM stopped the search before it found what was asked for; what it found\n"
        "     is printed, and the statistics after a signal\n"
        "\n"
        "Kinds:\n";
    for (const puzzles::PuzzleKind& kind : puzzles::Registry::global().kinds()) {
        text += "  " + kind.name + std::string(kind.name.size() < 15 ? 15 - kind.name.size() : 1, ' ') + kind.description + "\n";
    }
    return text;
}

std::string kind_help(const puzzles::PuzzleKind& kind) {
    std::string text = "prune " + kind.name + ": " + kind.description + "\n\n" + kind.format_help;
    if (!kind.options.empty()) {
        text += "\nOptions of this kind (solve, check and smtlib):\n";
        for (const puzzles::KindOption& option : kind.options) text += "  " + option.flag + (option.value_name.empty() ? "" : " " + option.value_name) + "  " + option.help + "\n";
    }
    text += "\nExamples:\n";
    if (!kind.example_file.empty()) text += "  prune solve " + kind.name + " " + example_path(kind.name, kind.example_file) + "\n";
    if (!kind.builtin_text.empty()) text += "  prune solve " + kind.name + "        (the built-in example)\n";
    text += "  prune solve " + kind.name + " FILE --json\n";
    text += "  prune smtlib " + kind.name + " FILE | z3 -in | prune check " + kind.name + " FILE -\n";
    text += "\nRun 'prune --help' for the solve options and the exit codes.\n";
    return text;
}

}  // namespace prune::cli
