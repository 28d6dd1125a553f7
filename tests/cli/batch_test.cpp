// prune solve KIND FILE --batch: one output line per puzzle, in input order, the same
// for any -j; bad puzzles reported at file:line:col while the others are solved.
#include <algorithm>
#include <filesystem>
#include <sstream>
#include <vector>

#include "catch.hpp"
#include "puzzles/batch.hpp"

#if defined(PRUNE_CLI_PATH)
#include "support/json_reader.hpp"
#include "support/cli_run.hpp"
#include "support/skip.hpp"

using namespace prune::cli::testing;

namespace {

std::string sample_file() { return source_dir() + "/tests/inputs/batch/sudoku_batch.txt"; }

// The puzzle lines of a one-puzzle-per-line file (comments and blank lines dropped).
std::vector<std::string> puzzle_lines(const std::string& text) {
    std::vector<std::string> puzzles;
    for (const std::string& line : lines_of(text)) {
        if (!line.empty() && line[0] != '#') puzzles.push_back(line);
    }
    return puzzles;
}

// Whether `solution` (digits) solves the 9x9 or 4x4 `puzzle`: clues kept, every row,
// column and box a permutation.
bool solves(const std::string& puzzle, const std::string& solution) {
    const std::size_t cells = puzzle.size();
    const int side = cells == 81 ? 9 : cells == 16 ? 4 : 0;
    const int box = side == 9 ? 3 : 2;
    if (side == 0 || solution.size() != cells) return false;
    for (std::size_t i = 0; i < cells; ++i) {
        if (solution[i] < '1' || solution[i] > '0' + side) return false;
        if (puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != solution[i]) return false;
    }
    for (int g = 0; g < side; ++g) {
        std::string row, column, square;
        for (int k = 0; k < side; ++k) {
            row += solution[g * side + k];
            column += solution[k * side + g];
            square += solution[((g / box) * box + k / box) * side + (g % box) * box + k % box];
        }
        for (std::string* group : {&row, &column, &square}) {
            std::sort(group->begin(), group->end());
            if (std::unique(group->begin(), group->end()) != group->end()) return false;
        }
    }
    return true;
}

// The cells of a `prune solve --json` grid as digits.
std::string grid_digits(const prune::support::JsonValue& solution) {
    std::string digits;
    const prune::support::JsonValue* grid = solution.find("grid");
    if (grid == nullptr) return digits;
    for (const auto& row : grid->items) {
        for (const auto& cell : row.items) digits += std::to_string(static_cast<int>(cell.number));
    }
    return digits;
}

}  // namespace

TEST_CASE("batch output equals solving each puzzle on its own", "[batch]") {
    const RunResult batch = run_prune("solve sudoku " + quoted(sample_file()) + " --batch --unique");
    INFO(batch.err);
    REQUIRE(batch.exit_code == 0);
    const std::vector<std::string> puzzles = puzzle_lines(slurp(sample_file()));
    const std::vector<std::string> answers = lines_of(batch.out);
    REQUIRE(answers.size() == puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        INFO("puzzle " << puzzles[i] << " batch answer " << answers[i]);
        const RunResult single = run_prune("solve sudoku - --json", puzzles[i]);
        std::string error;
        std::size_t offset = 0;
        const auto json = prune::support::parse_json(single.out, error, offset);
        REQUIRE(json);
        const std::string status = json->find("status")->string;
        if (status == "unsat") {
            CHECK(single.exit_code == 1);
            CHECK(answers[i] == "unsat");
            continue;
        }
        REQUIRE(status == "sat");
        const bool unique = json->find("unique")->boolean;
        if (!unique) {
            CHECK(answers[i] == "multiple");
            continue;
        }
        CHECK(answers[i] == grid_digits(json->find("solutions")->items.at(0)));
        CHECK(solves(puzzles[i], answers[i]));
    }
    // Without --unique the first solution of every puzzle that has one.
    const RunResult first = run_prune("solve sudoku " + quoted(sample_file()) + " --batch");
    CHECK(first.exit_code == 0);
    const std::vector<std::string> firsts = lines_of(first.out);
    REQUIRE(firsts.size() == puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        INFO("puzzle " << puzzles[i]);
        if (answers[i] == "unsat") CHECK(firsts[i] == "unsat");
        else CHECK(solves(puzzles[i], firsts[i]));
        if (answers[i] != "unsat" && answers[i] != "multiple") CHECK(firsts[i] == answers[i]);
    }
}

TEST_CASE("batch --learn learns (a model per puzzle, from its root) and answers as without", "[batch][learning]") {
    if (!prune::test::learning_built) PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
    // A shared model searches at the clues' level, where learning cannot: with --learn
    // each puzzle is solved from a root of its own, and --stats counts its nogoods.
    const RunResult plain = run_prune("solve sudoku " + quoted(sample_file()) + " --batch --unique --stats");
    const RunResult learning = run_prune("solve sudoku " + quoted(sample_file()) + " --batch --unique --learn on --stats");
    INFO(learning.err);
    REQUIRE(plain.exit_code == 0);
    REQUIRE(learning.exit_code == 0);
    CHECK(learning.out == plain.out);
    CHECK(!contains(plain.err, "learned nogoods"));
    CHECK(!contains(learning.err, "warning"));
    const std::size_t at = learning.err.find(" failures, ");
    REQUIRE(at != std::string::npos);
    const std::size_t learned = std::stoul(learning.err.substr(at + 11));
    CHECK(learned > 0);
    CHECK(contains(learning.err, std::to_string(learned) + " learned nogoods"));
}

TEST_CASE("the shipped sample is classified as its header says", "[batch]") {
    const RunResult run = run_prune("solve sudoku " + quoted(sample_file()) + " --batch --unique --json");
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    const std::vector<std::string> puzzles = puzzle_lines(slurp(sample_file()));
    const std::vector<std::string> answers = lines_of(run.out);
    REQUIRE(answers.size() == 11);
    const std::vector<int> expected_lines = {5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16};
    for (std::size_t i = 0; i < answers.size(); ++i) {
        INFO(answers[i]);
        std::string error;
        std::size_t offset = 0;
        const auto json = prune::support::parse_json(answers[i], error, offset);
        REQUIRE(json);
        const int line = expected_lines[i];
        CHECK(static_cast<int>(json->find("line")->number) == line);
        const std::string status = json->find("status")->string;
        if (line == 12 || line == 13) {
            CHECK(status == "unsat");
        } else {
            // The plain line's word: a solution line (sat) means unique here.
            const bool multiple = line == 14 || line == 15;
            REQUIRE(status == (multiple ? "multiple" : "sat"));
            CHECK(json->find("unique")->boolean == !multiple);
            CHECK(solves(puzzles[i], json->find("solution")->string));
        }
    }
    CHECK(contains(run.err, "11 puzzles: 9 solved (7 unique, 2 multiple), 2 unsat, 0 unknown, 0 errors"));
}

TEST_CASE("batch output does not depend on the number of threads", "[batch]") {
    // The sample 40 times over: 440 puzzles, many chunks per thread.
    const std::string sample = slurp(sample_file());
    std::string many;
    for (int i = 0; i < 40; ++i) many += sample;
    ScratchDirectory scratch;
    const std::string file = (scratch.path() / "many.txt").string();
    std::ofstream(file, std::ios::binary) << many;
    for (const char* options : {" --batch --unique", " --batch --json", " --batch --unique --json"}) {
        INFO(options);
        const RunResult one = run_prune("solve sudoku " + quoted(file) + options + " -j 1");
        REQUIRE(one.exit_code == 0);
        CHECK(lines_of(one.out).size() == 440);
        for (const char* jobs : {" -j 2", " -j 3", " -j 0"}) {
            INFO(jobs);
            const RunResult more = run_prune("solve sudoku " + quoted(file) + options + jobs);
            CHECK(more.exit_code == 0);
            CHECK(more.out == one.out);
        }
    }
    // Standard input works the same.
    const RunResult piped = run_prune("solve sudoku - --batch -j 2", many);
    const RunResult direct = run_prune("solve sudoku " + quoted(file) + " --batch -j 1");
    CHECK(piped.exit_code == 0);
    CHECK(piped.out == direct.out);
}

TEST_CASE("a bad puzzle in a batch is reported at its line and the others are solved", "[batch]") {
    const std::string good1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const std::string good2 = "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
    std::string bad_value = good2;
    bad_value[9] = 'x';                                  // column 10 of its line
    const std::string too_short = good1.substr(0, 80);  // 80 cells
    ScratchDirectory scratch;
    const std::string file = (scratch.path() / "bad.txt").string();
    std::ofstream(file, std::ios::binary) << "# header\n" << good1 << "\n" << bad_value << "\n\n" << too_short << "\n" << good2 << "\n";
    for (const char* jobs : {" -j 1", " -j 2"}) {
        INFO(jobs);
        const RunResult run = run_prune("solve sudoku " + quoted(file) + " --batch" + jobs);
        INFO(run.err);
        CHECK(run.exit_code == 2);
        const std::vector<std::string> answers = lines_of(run.out);
        REQUIRE(answers.size() == 4);
        CHECK(solves(good1, answers[0]));
        CHECK(answers[1] == "error");
        CHECK(answers[2] == "error");
        CHECK(solves(good2, answers[3]));
        CHECK(contains(run.err, file + ":3:10: error: 'x' is not a sudoku value"));
        CHECK(contains(run.err, file + ":5:1: error: a one-line sudoku has 16, 81, 256 or 625 cells, this line has 80"));
        CHECK(contains(run.err, "4 puzzles: 2 solved, 0 unsat, 0 unknown, 2 errors"));
        // The diagnostics come in input order.
        CHECK(run.err.find(":3:10:") < run.err.find(":5:1:"));
    }
    // JSON: the error line carries the diagnostic.
    const RunResult json = run_prune("solve sudoku " + quoted(file) + " --batch --json");
    const std::vector<std::string> objects = lines_of(json.out);
    REQUIRE(objects.size() == 4);
    CHECK(contains(objects[1], "\"line\":3,\"status\":\"error\""));
    CHECK(contains(objects[1], ":3:10: error:"));
}

TEST_CASE("a kind without a one-line form: puzzles separated by blank lines", "[batch]") {
    const std::string kurosu = slurp(example("kurosu", "kurosu_6x8.txt"));
    std::string bad = "0.0.1...\n.....0..\n.0..1..1\n......11\n.0..0.z.\n.......1\n";
    ScratchDirectory scratch;
    const std::string file = (scratch.path() / "kurosu.txt").string();
    // Lines 1-8: the example (two comment lines, six rows); 10-15: a bad copy; 17-24 the example.
    std::ofstream(file, std::ios::binary) << kurosu << "\n" << bad << "\n" << kurosu;
    const RunResult run = run_prune("solve kurosu " + quoted(file) + " --batch -j 2");
    INFO(run.err);
    CHECK(run.exit_code == 2);
    const std::vector<std::string> answers = lines_of(run.out);
    REQUIRE(answers.size() == 3);
    CHECK(answers[1] == "error");
    CHECK(answers[0] == answers[2]);
    CHECK(answers[0].size() == 48 * 2 - 1);  // the default one-line form: values and blanks
    CHECK(contains(run.err, file + ":14:7: error:"));
}

TEST_CASE("tdoku's test puzzles are classified right", "[batch]") {
    const std::string path = std::string(PRUNE_SHARED_DIR) + "/data/sudoku/tdoku_test_puzzles.txt";
    const std::string text = slurp(path);
    if (text.empty()) PRUNE_SKIP(path + " not found (the ../shared data sets)");
    // Each line: PUZZLE:COUNT[:SOLUTION].
    std::string puzzles;
    std::vector<std::string> counts, solutions;
    for (const std::string& line : lines_of(text)) {
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::size_t second = line.find(':', colon + 1);
        puzzles += line.substr(0, colon) + "\n";
        counts.push_back(line.substr(colon + 1, second == std::string::npos ? std::string::npos : second - colon - 1));
        solutions.push_back(second == std::string::npos ? "" : line.substr(second + 1));
    }
    REQUIRE(counts.size() == 43);
    for (const char* jobs : {" -j 1", " -j 2"}) {
        const RunResult run = run_prune(std::string("solve sudoku - --batch --unique") + jobs, puzzles);
        INFO(run.err);
        CHECK(run.exit_code == 0);
        const std::vector<std::string> answers = lines_of(run.out);
        REQUIRE(answers.size() == counts.size());
        int unsat = 0, unique = 0, multiple = 0;
        for (std::size_t i = 0; i < answers.size(); ++i) {
            INFO("line " << i + 1 << ": count " << counts[i] << ", answer " << answers[i]);
            if (counts[i] == "0") {
                CHECK(answers[i] == "unsat");
                ++unsat;
            } else if (counts[i] == "1") {
                CHECK(answers[i] == solutions[i]);
                ++unique;
            } else {
                CHECK(answers[i] == "multiple");
                ++multiple;
            }
        }
        CHECK(unsat == 10);
        CHECK(unique == 18);
        CHECK(multiple == 15);
        CHECK(contains(run.err, "43 puzzles: 33 solved (18 unique, 15 multiple), 10 unsat, 0 unknown, 0 errors"));
    }
}

TEST_CASE("batch limits, exit codes and option checks", "[batch]") {
    // A node limit of 1 leaves the hard puzzles unknown: exit 3.
    const RunResult limited = run_prune("solve sudoku " + quoted(sample_file()) + " --batch --node-limit 1");
    CHECK(limited.exit_code == 3);
    CHECK(contains(limited.out, "unknown"));
    CHECK(run_prune("solve sudoku " + quoted(sample_file()) + " --unique").exit_code == 2);
    CHECK(run_prune("solve sudoku " + quoted(sample_file()) + " -j 2").exit_code == 2);
    CHECK(run_prune("solve sudoku " + quoted(sample_file()) + " --batch --all").exit_code == 2);
    CHECK(run_prune("solve sudoku " + quoted(sample_file()) + " --batch --first --unique").exit_code == 2);
    CHECK(run_prune("solve sudoku --batch").exit_code == 2);
    const RunResult missing = run_prune("solve sudoku /nonexistent/batch.txt --batch");
    CHECK(missing.exit_code == 2);
    CHECK(contains(missing.err, "/nonexistent/batch.txt"));
    // An empty batch is no error.
    const RunResult empty = run_prune("solve sudoku - --batch", "# nothing\n\n");
    CHECK(empty.exit_code == 0);
    CHECK(empty.out.empty());
    CHECK(contains(empty.err, "0 puzzles"));
}

#endif  // PRUNE_CLI_PATH

TEST_CASE("split_batch keeps the line numbers of the puzzles", "[batch]") {
    using prune::puzzles::split_batch;
    const std::string text = "# c\n  abc \n\n\ndef\r\n# c2\nghi";
    const auto lines = split_batch(text, true);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].line == 2);
    CHECK(text.substr(lines[0].offset, lines[0].length) == "  abc");
    CHECK(lines[1].line == 5);
    CHECK(text.substr(lines[1].offset, lines[1].length) == "def");
    CHECK(lines[2].line == 7);
    CHECK(text.substr(lines[2].offset, lines[2].length) == "ghi");

    const std::string blocks_text = "# only a comment\n\nab\ncd\n# c\n\n\n  ef\n# tail\n";
    const auto blocks = split_batch(blocks_text, false);
    REQUIRE(blocks.size() == 2);
    CHECK(blocks[0].line == 3);
    CHECK(blocks_text.substr(blocks[0].offset, blocks[0].length) == "ab\ncd");
    CHECK(blocks[1].line == 8);
    CHECK(blocks_text.substr(blocks[1].offset, blocks[1].length) == "  ef");
    CHECK(split_batch("", true).empty());
    CHECK(split_batch("\n\n", false).empty());
}
