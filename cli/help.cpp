// The help texts: `prune --help` is one screen (at most 24 lines of at most 80
// columns, tested); the details live in `prune help TOPIC`, one text per topic.
#include "cli/help.hpp"

#include <filesystem>
#include <system_error>

#include <vector>

#include "cli/solve_options.hpp"
#include "puzzles/registry.hpp"

#ifndef PRUNE_VERSION
#define PRUNE_VERSION "unknown"
#endif
#ifndef PRUNE_EXAMPLES_FROM_BIN
#define PRUNE_EXAMPLES_FROM_BIN "../share/prune/examples"
#endif

namespace prune::cli {
namespace {

using Section = SolveOption::Section;

// prune help solve: the options from their table (solve_options.cpp) with the words
// around them.
std::string solve_topic() {
    return "prune solve KIND [FILE|-] [options]: solve one puzzle\n"
           "  (no FILE: the kind's built-in instance; -: standard input)\n"
           "\n"
           "What to look for:\n"
           "  (default)         the first solution and its check lines, then a look for a\n"
           "                    second one (within the limits): is the solution unique?\n" +
           solve_options_help(Section::find) +
           "\n"
           "Output:\n" +
           solve_options_help(Section::output) +
           "  A --count or --all run shows a progress line when stderr is a terminal.\n"
           "\n"
           "Limits (exit code 3 when one stops the search first; the verdict names it,\n"
           "e.g. \"time limit 2 s reached\"):\n" +
           solve_options_help(Section::limits) +
           "\n"
           "Search:\n" +
           solve_options_help(Section::search) +
           "Kinds may add options (prune help KIND), e.g. kurosu --unique-lines.\n"
           "Tracing: prune help trace. Many puzzles at once: prune help batch.\n";
}

std::string batch_topic() {
    return "prune solve KIND FILE|- --batch [-j N] [--unique] [--json] [limits]\n"
           "\n"
           "FILE holds many puzzles: one per line for kinds with a one-line form (sudoku:\n"
           "81 characters, '.' or 0 blank; seki: the rotor string), else separated by\n"
           "blank lines; # lines are comments. One output line per puzzle, in input order.\n"
           "The plain line and the --json \"status\" always agree:\n"
           "  plain line        --json status   meaning\n"
           "  the solution      sat             solved (with --unique: the only solution)\n"
           "  multiple          multiple        (--unique) more than one solution\n"
           "  unsat             unsat           no solution\n"
           "  unknown           unknown         a limit stopped the search first (with\n"
           "                                    --unique: maybe after a first solution)\n"
           "  error             error           a bad puzzle: file:line:col: error: ...\n"
           "                                    on standard error\n"
           "The solution's one-line form per kind: docs/puzzle-formats.md (sudoku: the\n"
           "N*N characters; seki, kurosu: the 0/1 rows joined; others: the values\n"
           "separated by blanks). --json: one object per line: {\"line\", \"status\",\n"
           "\"solution\" (whenever one was found), \"unique\" (--unique), \"nodes\",\n"
           "\"failures\"} or {\"line\", \"status\": \"error\", \"error\"}.\n" +
           solve_options_help(Section::batch) +
           "  --quiet           no summary\n"
           "A summary goes to standard error (counts, time, puzzles/s, median and maximum\n"
           "time per puzzle; --stats adds nodes and failures), with a progress line when\n"
           "standard error is a terminal. Exit code: 2 if any puzzle was bad, else 3 if\n"
           "any was stopped by a limit, else 0 (unsat and multiple puzzles are answers).\n";
}

const char* const trace_topic =
    "Tracing options of prune solve, fzn and xcsp3 (docs/trace-format.md):\n"
    "  --trace FILE      every search and propagation event as JSON Lines; the same\n"
    "                    run gives the same bytes. --trace -: to standard output (the\n"
    "                    report then goes to standard error unless -o FILE); with\n"
    "                    --learn also each learned nogood ('learn' events)\n"
    "  --trace-times     add microseconds since the start to each --trace event\n"
    "  --trace-text      the events, readable and indented by depth, on stderr\n"
    "  --trace-limit N   at most N events per trace output (then a 'truncated' note)\n"
    "  --profile         after the run, a table per propagator and per kind on\n"
    "                    stderr: runs, values removed, failures, share of time;\n"
    "                    with --learn, explanations asked and fallbacks\n"
    "  --explain VAR     the history of VAR (e.g. r3c4) in the first solution: each\n"
    "                    removal, by which propagator or decision, at which node,\n"
    "                    with its reason as facts (r3c4 != 2 because r3c1 = 2)\n"
    "A --trace file that cannot be written fails before the search (exit 2).\n"
    "\n"
    "prune trace view TRACE.jsonl [-o PAGE.html]\n"
    "  A self-contained page (no network) to explore the trace: the search tree,\n"
    "  and per node its decisions, propagation steps and board. Without -o the page\n"
    "  is TRACE.jsonl.html. A trace cut short (no 'end' event, a partial last line)\n"
    "  gives a warning; a file that is no prune trace is an error (exit 2).\n";

const char* const fzn_topic =
    "FlatZinc and MiniZinc:\n"
    "  prune fzn MODEL.fzn [flags]   solve FlatZinc as fzn-prune does, plus the\n"
    "                                tracing options (prune help trace)\n"
    "  prune fzn --help              the FlatZinc flags (-a, -n, -t, -s, ...)\n"
    "  minizinc --solver prune MODEL.mzn [DATA.dzn]\n"
    "                                a MiniZinc model, once prune's solver\n"
    "                                configuration is installed (README.md)\n";

const char* const xcsp3_topic =
    "XCSP3 (the format of the CP competitions; docs/xcsp3.md):\n"
    "  prune xcsp3 FILE.xml [flags]  solve an XCSP3-core instance (CSP or COP);\n"
    "                                output as in the competitions: s/o/v/d lines\n"
    "  prune xcsp3 FILE.xml --all | --count | --check SOLUTION\n"
    "                                every solution, their number, or a check of a\n"
    "                                solution (a v instantiation) on every constraint\n"
    "  prune xcsp3 --help            the flags (limits, --seed, tracing as for fzn)\n"
    "  An element prune does not read is refused (exit 2):\n"
    "    FILE:LINE:COL: error: ... not supported\n";

}  // namespace

std::string generate_help() {
    return "prune generate KIND SIZE [--seed N] [--difficulty easy|hard] [-o FILE]\n"
           "  writes a puzzle with exactly one solution in the kind's plain format\n"
           "  KIND sudoku (SIZE 4, 9 or 16), towers or unequal (SIZE 3 to 9)\n"
           "  --seed N        the random seed (default 1): a seed gives the same puzzle\n"
           "  --difficulty D  easy (default): propagation alone solves it, no search;\n"
           "                  hard: clues removed while the solution stays unique\n"
           "  -o FILE         write the puzzle to FILE instead of standard output\n";
}

namespace {

const char* const exit_codes_topic =
    "Exit codes of prune (the same for every command):\n"
    "  0  a solution was found, or a --count / --all run completed with at least\n"
    "     one; check: every rule holds\n"
    "  1  the search proved that there is no solution (also a completed count of\n"
    "     0); check: some rule fails\n"
    "  2  usage error, unreadable input (file:line:col: error: ...), or an output\n"
    "     (-o, --html, --trace) that cannot be written\n"
    "  3  a limit stopped the search before it found what was asked for:\n"
    "       --time-limit SECONDS   time limit S s reached\n"
    "       --memory-limit MB      memory limit M MB reached\n"
    "       --node-limit N         node limit N reached\n"
    "       --fail-limit N         fail limit N reached\n"
    "       Ctrl-C / SIGTERM       interrupted (the statistics are printed)\n"
    "     What was found is printed. --batch: 2 if any puzzle was bad, else 3 if\n"
    "     any was stopped by a limit, else 0.\n"
    "  4  internal error: a solution the engine found breaks a rule of the puzzle\n"
    "     (a bug in prune; the check lines say which rule)\n";

const char* const formats_topic =
    "Formats (docs/puzzle-formats.md has them all, with examples):\n"
    "  prune help KIND       the input format and options of one kind\n"
    "  prune list            the kinds\n"
    "  Plain output: the solution in the puzzle's own layout, the check lines, a\n"
    "  verdict. --quiet: the solution only. --json: prune help solve.\n"
    "  prune check reads back prune's plain or --json output, or an SMT model\n"
    "  (prune smtlib KIND FILE | z3 -in | prune check KIND FILE -) and prints the\n"
    "  grid it checked, then the check lines.\n"
    "  A 16x16 or 25x25 sudoku written with letters (A for 10, ...) is answered in\n"
    "  letters; one written with numbers, in numbers.\n"
    "  Batch lines: prune help batch.\n";

const char* const parallel_topic =
    "One problem on many cores or machines (docs/scaling.md):\n"
    "  prune solve KIND FILE -p N      search it on N threads (0: one per core) by\n"
    "                                  Embarrassingly Parallel Search: the count, the\n"
    "                                  optimum and the solution set do not depend on\n"
    "                                  N (--all: the order may); --stats shows the\n"
    "                                  cubes and the workers' imbalance\n"
    "  prune fzn MODEL.fzn -p N        the same for FlatZinc (MiniZinc's -p)\n"
    "  prune split KIND FILE --cubes N > cubes.txt\n"
    "                                  N independent subproblems, one per line\n"
    "  prune solve KIND FILE --cubes cubes.txt [--range A:B] [-p N] [--count|--all]\n"
    "                                  solve cubes A..B-1, write their results\n"
    "  prune split fzn MODEL.fzn --cubes N [-a] > cubes.txt\n"
    "  prune fzn MODEL.fzn --cubes cubes.txt [--range A:B] [-a] [-p N] [-t MS]\n"
    "                                  the same for FlatZinc\n"
    "  prune merge RESULTS...          add the counts up, unite the solutions,\n"
    "                                  keep the best objective; cubes without a\n"
    "                                  result are listed as UNKNOWN (exit code 3)\n"
    "  prune-mpi (built when CMake finds MPI) runs a problem on every MPI rank,\n"
    "  with --time-limit S / -t MS and --node-limit N for the whole job.\n";

struct Topic {
    const char* name;
    std::string text;
};

const std::vector<Topic>& topics() {
    static const std::vector<Topic> all = {{"solve", solve_topic()},         {"batch", batch_topic()},
                                           {"trace", trace_topic},           {"fzn", fzn_topic},
                                           {"xcsp3", xcsp3_topic},           {"exit-codes", exit_codes_topic},
                                           {"formats", formats_topic},       {"generate", generate_help()},
                                           {"parallel", parallel_topic}};
    return all;
}

}  // namespace

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
        "  prune list                         the puzzle kinds\n"
        "  prune solve KIND [FILE|-] [opts]   solve a puzzle (no FILE: a built-in one)\n"
        "  prune check KIND PUZZLE SOLUTION   check a solution (plain, JSON or SMT)\n"
        "  prune smtlib KIND [FILE|-]         the puzzle as SMT-LIB 2, e.g. for\n"
        "      prune smtlib seki p.txt | z3 -in | prune check seki p.txt -\n"
        "  prune trace view TRACE.jsonl       a page to explore a --trace file\n"
        "  prune fzn MODEL.fzn [flags]        solve FlatZinc (prune help fzn)\n"
        "  prune xcsp3 FILE.xml [flags]       solve XCSP3 (prune help xcsp3)\n"
        "  prune help TOPIC|KIND              topics: solve batch trace fzn xcsp3 formats\n"
        "                                     exit-codes generate parallel, or a KIND\n"
        "Solve options (all of them: prune help solve):\n"
        "  --first | --all | -n N | --count   what to find (default: the first and\n"
        "                                     whether it is unique)\n"
        "  --quiet  --json  --html FILE  --stats  -o FILE   outputs (-o: into FILE)\n"
        "  --time-limit S  --node-limit N  --fail-limit N  --memory-limit MB\n"
        "  --batch [-j N] [--unique]          many puzzles, one line each\n"
        "  -p N                               one puzzle on N threads (help parallel)\n"
        "  --trace FILE|-  --profile  --explain VAR   (prune help trace)\n"
        "Exit codes: 0 solved, 1 no solution, 2 usage or input error, 3 a limit or\n"
        "Ctrl-C stopped the search, 4 internal error (prune help exit-codes)\n"
        "Kinds:";
    std::string line = text.substr(text.rfind('\n') + 1);
    text.resize(text.rfind('\n') + 1);
    for (const puzzles::PuzzleKind& kind : puzzles::Registry::global().kinds()) {
        if (line.size() + 1 + kind.name.size() > 80) {
            text += line + "\n";
            line = "      ";
        }
        line += " " + kind.name;
    }
    return text + line + "\n";
}

const char* help_topic(const std::string& name) {
    for (const Topic& topic : topics()) {
        if (name == topic.name) return topic.text.c_str();
    }
    return nullptr;
}

std::string help_topic_names() {
    std::string names;
    for (const Topic& topic : topics()) names += (names.empty() ? "" : ", ") + std::string(topic.name);
    return names;
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
    text += "\nSolve options: prune help solve. Exit codes: prune help exit-codes.\n";
    return text;
}

}  // namespace prune::cli
