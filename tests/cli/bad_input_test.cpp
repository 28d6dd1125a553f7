// Bad inputs through the real prune binary: each must give one clear message
// `file:line:col: error: ...` as the first line on stderr, exit code 2, no crash, and
// finish within seconds in bounded memory.
//
// The corpus is tests/inputs/bad/: each input NAME.EXT has a sidecar NAME.expect of
// two lines,
//     run: solve seki {}                   the prune arguments, {} standing for the input
//     stderr: {}:3:5: error: ...           the first line expected on stderr
// and the commands run in tests/inputs/bad/, so {} is just the file name. Inputs too
// large to commit (10 MB lines) are generated here, into a scratch directory.
#include <sys/resource.h>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "support/cli_run.hpp"

namespace fs = std::filesystem;
using namespace prune::cli::testing;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif

// Seconds one bad input may take (sanitized builds run several times slower).
constexpr double time_budget = sanitized ? 30.0 : 5.0;

std::string replace_all(std::string text, const std::string& marker, const std::string& with) {
    for (std::size_t at = text.find(marker); at != std::string::npos; at = text.find(marker, at + with.size())) text.replace(at, marker.size(), with);
    return text;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

double children_cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

struct Outcome {
    RunResult result;
    double seconds = 0;
};

// Runs prune with `args` in `directory`. Outside sanitized builds the address space
// is capped at 2 GB, so a blow-up shows as a failure rather than a swapping machine.
Outcome run_in(const fs::path& directory, const std::string& args) {
    std::string command = "cd ";
    command.append(quoted(directory.string())).append(" && ");
    if (!sanitized) command.append("ulimit -v 2097152 && ");
    command.append("exec ").append(quoted(prune_binary())).append(" ").append(args);
    // CPU seconds of the finished children (the shell and prune), not wall time: the
    // budget guards against a parser that is slow on huge inputs, and a loaded machine
    // must not fail it (a quadratic scan of 10 MB takes minutes of CPU, not seconds).
    const double before = children_cpu_seconds();
    Outcome outcome;
    outcome.result = run_shell(command);
    outcome.seconds = children_cpu_seconds() - before;
    return outcome;
}

void check_bad_input(const fs::path& directory, const std::string& file, const std::string& run, const std::string& expected) {
    const std::string args = replace_all(run, "{}", quoted(file));
    INFO("prune " << args << " (in " << directory.string() << ")");
    const Outcome o = run_in(directory, args);
    INFO("stderr: " << o.result.err);
    CHECK(o.result.exit_code == 2);
    CHECK(first_line(o.result.err) == replace_all(expected, "{}", file));
    CHECK(o.seconds < time_budget);
}

}  // namespace

TEST_CASE("bad inputs from tests/inputs/bad give file:line:col errors and exit code 2", "[bad-input]") {
    const fs::path directory = fs::path(source_dir()) / "tests" / "inputs" / "bad";
    REQUIRE(fs::is_directory(directory));
    int cases = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(directory)) {
        if (entry.path().extension() != ".expect") continue;
        // The input: the other file with the same stem.
        std::string input;
        for (const fs::directory_entry& other : fs::directory_iterator(directory)) {
            if (other.path().stem() == entry.path().stem() && other.path().extension() != ".expect") input = other.path().filename().string();
        }
        INFO("expectation " << entry.path().filename().string());
        REQUIRE(!input.empty());
        std::ifstream in(entry.path());
        std::string line, run, expected;
        while (std::getline(in, line)) {
            if (line.rfind("run: ", 0) == 0) run = line.substr(5);
            if (line.rfind("stderr: ", 0) == 0) expected = line.substr(8);
        }
        REQUIRE(!run.empty());
        REQUIRE(!expected.empty());
        check_bad_input(directory, input, run, expected);
        ++cases;
    }
    CHECK(cases >= 30);
}

TEST_CASE("a 10 MB line and other huge inputs are rejected quickly and in bounded memory", "[bad-input]") {
    ScratchDirectory scratch;
    const std::size_t ten_mb = 10 * 1024 * 1024;
    struct Generated {
        std::string file;
        std::string text;
        std::string run;
        std::string expected;
    };
    const std::string huge_digits(ten_mb, '9');
    const std::vector<Generated> cases = {
        {"seki_10mb.txt", std::string(ten_mb, '+') + "\n", "solve seki {}",
         "{}:1:1: error: a one-line seki needs a square number of rotors ((n-1)^2), found 10485760"},
        {"kurosu_10mb.txt", std::string(ten_mb, '.') + "\n", "solve kurosu {}", "{}:1:1: error: a kurosu grid needs an even number of rows, found 1"},
        {"sudoku_10mb.txt", std::string(ten_mb, '.') + "\n", "solve sudoku {}",
         "{}:1:1: error: a sudoku line holds at most 625 cells, this one has 10485760"},
        {"numberworkout_10mb.txt", std::string(ten_mb, '0') + "\n", "solve numberworkout {}",
         "{}:1:4: error: row 1 of a number workout has 3 digits, this line has 10485760"},
        {"ostomachion_10mb.txt", "colours 2\nA " + huge_digits + " : B\nB 1 : A\n", "solve ostomachion {}",
         "{}:2:3: error: the area must be a whole number >= 0, found '9999"},
        {"fzn_10mb_identifier.fzn", "var 1..3: " + std::string(ten_mb, 'x') + ";\n", "fzn {}", "{}:2:1: error: the model has no solve item"},
        {"fzn_10mb_number.fzn", "var 1.." + huge_digits + ": x;\nsolve satisfy;\n", "fzn {}", "{}:1:8: error: integer literal 9999"},
        {"fzn_10mb_nesting.fzn", "var 1..3: x;\nconstraint int_ne(x, " + std::string(ten_mb, '[') + ");\n", "fzn {}", "{}:2:86: error: expressions nested too deeply"},
        {"check_10mb.json", "{\"grid\": [" + std::string(ten_mb, '[') + "]}\n", "check seki ../../../puzzles/seki/examples/seki_4x4.txt {}", "{}:1:210: error: invalid JSON: JSON nested too deeply"},
        {"check_10mb.smt2", "sat\n" + std::string(ten_mb, '(') + "\n", "check seki ../../../puzzles/seki/examples/seki_4x4.txt {}", "{}:2:202: error: unreadable SMT answer: expression nested too deeply"},
        {"check_10mb_plain.txt", std::string(ten_mb, '1') + "\n", "check seki ../../../puzzles/seki/examples/seki_4x4.txt {}", "{}:1:17: error: the grid has more than 16 cells"},
        {"trace_10mb.jsonl", "{\"e\":\"header\",\"format\":\"prune-trace\",\"version\":1}\n{\"e\":\"node\",\"x\":\"" + std::string(ten_mb, 'a') + "\n",
         "trace view {} -o page.html", "{}:2:10485778: error: unterminated string"},
    };
    for (const Generated& g : cases) {
        std::ofstream(scratch.path() / g.file, std::ios::binary) << g.text;
    }
    const fs::path bad = fs::path(source_dir()) / "tests" / "inputs" / "bad";
    for (const Generated& g : cases) {
        INFO(g.file);
        // The check cases name the puzzle relative to tests/inputs/bad: run there, on
        // the scratch file by its absolute path.
        const bool from_bad = g.run.find("../../../") != std::string::npos;
        const fs::path directory = from_bad ? bad : scratch.path();
        const std::string file = from_bad ? (scratch.path() / g.file).string() : g.file;
        const std::string args = replace_all(g.run, "{}", quoted(file));
        INFO("prune " << args);
        const Outcome o = run_in(directory, args);
        INFO("stderr: " << first_line(o.result.err).substr(0, 300));
        CHECK(o.result.exit_code == 2);
        const std::string expected = replace_all(g.expected, "{}", file);
        CHECK(first_line(o.result.err).rfind(expected, 0) == 0);
        CHECK(first_line(o.result.err).find(": error: ") != std::string::npos);
        CHECK(o.seconds < time_budget);
    }
}
