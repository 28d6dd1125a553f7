// Kakuro, killer and jigsaw sudoku, and Simon Tatham's Solo game IDs (issue 18):
// parse errors with their positions, known answers, the checker rejecting a wrong
// grid, and uniqueness.
#include <algorithm>
#include <set>
#include <string>

#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/check_report.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

namespace {

// Solves and proves uniqueness; the solution passes the checker.
Values unique_solution(const Puzzle& puzzle) {
    const Solved solved = solve(puzzle, SolveMode::first_and_unique);
    REQUIRE(solved.solutions.size() == 1);
    CHECK(solved.outcome.unique_checked);
    CHECK(solved.outcome.unique);
    CHECK(check_solution(puzzle, solved.solutions[0]).ok());
    return solved.solutions[0];
}

std::string digits(const Values& values) {
    std::string text;
    for (int v : values) text += static_cast<char>(v < 10 ? '0' + v : 'A' + v - 10);
    return text;
}

// Swapping two values of a row keeps rows, and the checker must still find a break.
void require_checker_rejects_swap(const Puzzle& puzzle, Values values, int a, int b) {
    std::swap(values[static_cast<std::size_t>(a)], values[static_cast<std::size_t>(b)]);
    CHECK_FALSE(check_solution(puzzle, values).ok());
}

const char* const jigsaw_id = "9j:g7b5c4a9_1a6a9_1a4a8_9k2a7k6_6a9a2_8a5a7_8a4c3b4g,bdcbaa__ebab_e__db_a_b__a_bbdadb__bc_aa_faba_a_aaa__bb_bba_b";
const char* const killer_id = "3x3k:zzzc,aa_aa_a_a___a_a__a__a__a__a_b___aa__a_ba____aa__a_aa____a_a______aa___aa_aaa_a_a_aa_a__a_aa__baa_a,11a13a16_9a10a13_7_3b12a16c6a8_21b4_9_16a7c10b20b13_12b16c13a12_10b12a15c8_13a13c4_7a16_8_7a15f";

}  // namespace

TEST_CASE("kakuro: the example has one solution, the known one", "[kakuro]") {
    const ParseResult parsed = parse_example("kakuro", "kakuro_7x7.txt");
    REQUIRE(parsed.puzzle);
    const Values v = unique_solution(*parsed.puzzle);
    // White squares row by row (made from this solution by hand).
    CHECK(digits(v) == "978989597897668113412113");
    require_checker_rejects_swap(*parsed.puzzle, v, 0, 1);
    // Plain output reads back.
    Diagnostic error;
    const auto back = parsed.puzzle->read_plain_solution(SourceText{"out.txt", parsed.puzzle->render_plain(v)}, error);
    REQUIRE(back);
    CHECK(*back == v);
}

TEST_CASE("kakuro: parse errors name the square", "[kakuro]") {
    require_parse_error("kakuro", "X ?3 . .\n", 1, 3, "not a kakuro square");
    require_parse_error("kakuro", "X 4\\\n\\3 . .\n", 2, 6, "expected 2 squares");
    require_parse_error("kakuro", "X X\n. .\n", 2, 1, "no clue square");
    require_parse_error("kakuro", "X X\n\\3 .\n", 2, 1, "run of one square");
    require_parse_error("kakuro", "X X X\n\\ . .\n", 2, 1, "has no sum");
    require_parse_error("kakuro", "X X X\n\\2 . .\n", 2, 1, "no 2 distinct digits add up to 2");
    require_parse_error("kakuro", "X \\5\nX X\n", 1, 3, "no run to its right");
    require_parse_error("kakuro", "\\x . .\n", 1, 1, "sums 1..45");
}

TEST_CASE("kakuro: an impossible run has no solution", "[kakuro]") {
    // Two across runs over the same two down runs: 3 = 1+2, 17 = 8+9, but the down runs
    // 4 and 16 need {1,3} and {7,9}.
    const ParseResult parsed = parse_text("kakuro", "X 4\\ 16\\\n\\3 . .\n\\17 . .\n");
    REQUIRE(parsed.puzzle);
    CHECK(solve(*parsed.puzzle, SolveMode::count).outcome.solutions == 0);
}

TEST_CASE("jigsaw: the example and its Solo ID solve alike and uniquely", "[jigsaw]") {
    const ParseResult plain = parse_example("jigsaw", "jigsaw_9x9.txt");
    const ParseResult id = parse_example("jigsaw", "solo_jigsaw_id.txt");
    REQUIRE(plain.puzzle);
    REQUIRE(id.puzzle);
    const Values a = unique_solution(*plain.puzzle);
    const Values b = unique_solution(*id.puzzle);
    CHECK(a == b);
    require_checker_rejects_swap(*plain.puzzle, a, 0, 9);  // a column swap breaks rows or regions
    CHECK(plain.puzzle->summary().rfind("jigsaw 9x9 (", 0) == 0);
}

TEST_CASE("jigsaw: parse errors", "[jigsaw]") {
    require_parse_error("jigsaw", "12\n21\nAA\nB\n", 4, 2, "expected 2 region symbols");
    require_parse_error("jigsaw", "12\n21\nAA\nAB\n", 4, 1, "more than 2 cells");
    require_parse_error("jigsaw", "12\n2x\nAB\nAB\n", 2, 2, "not a given");
    require_parse_error("jigsaw", "12\n21\nAB\n", 3, 1, "rows of regions");
    require_parse_error("jigsaw", "12\n21\nAC\nBB\n", 3, 1, "region 'A' has 1 cells");
}

TEST_CASE("killer: the example and its Solo ID solve alike and uniquely", "[killer]") {
    const ParseResult plain = parse_example("killer", "killer_9x9.txt");
    const ParseResult id = parse_example("killer", "solo_killer_id.txt");
    REQUIRE(plain.puzzle);
    REQUIRE(id.puzzle);
    const Values a = unique_solution(*plain.puzzle);
    CHECK(a == unique_solution(*id.puzzle));
    // The answer is a sudoku: the same grid as a sudoku passes its checker.
    const ParseResult as_sudoku = parse_text("sudoku", digits(a) + "\n");
    REQUIRE(as_sudoku.puzzle);
    CHECK(check_solution(*as_sudoku.puzzle, a).ok());
    // Swapping two cells of one row within one box keeps rows, breaks cages or columns.
    require_checker_rejects_swap(*plain.puzzle, a, 0, 1);
}

TEST_CASE("killer: parse errors", "[killer]") {
    const std::string map = "aabb\nccdd\neeff\ngghh\n";
    require_parse_error("killer", "aab\n", 1, 1, "4, 9, 16 or 25");
    require_parse_error("killer", map + "a=3 b=7 c=7 d=3 e=3 f=7 g=7\n", 4, 3, "cage 'h' has no sum");
    require_parse_error("killer", map + "a=3 z=7\n", 5, 5, "not LABEL=SUM");
    require_parse_error("killer", map + "a=3 b=x\n", 5, 7, "whole number");
    require_parse_error("killer", map + "a=3 a=4\n", 5, 5, "second sum");
    require_parse_error("killer", "aaaa\naccc\ncccc\ncccc\na=10 c=30\n", 2, 1, "more than 4 cells");
}

TEST_CASE("killer: a 4x4 with cages of pairs has the solutions brute force finds", "[killer]") {
    const ParseResult parsed = parse_text("killer", "aabb\nccdd\neeff\ngghh\na=3 b=7 c=7 d=3 e=3 f=7 g=7 h=3\n1...\n....\n....\n....\n");
    REQUIRE(parsed.puzzle);
    const Solved all = solve(*parsed.puzzle, SolveMode::all);
    std::set<Values> found(all.solutions.begin(), all.solutions.end());
    CHECK(found.size() == all.solutions.size());
    // Every grid whose rows are permutations of 1..4, through the checker.
    std::vector<int> row{1, 2, 3, 4};
    std::vector<std::vector<int>> rows;
    do rows.push_back(row); while (std::next_permutation(row.begin(), row.end()));
    std::set<Values> brute;
    for (const auto& a : rows) {
        if (a[0] != 1) continue;  // the given
        for (const auto& b : rows) {
            for (const auto& c : rows) {
                for (const auto& d : rows) {
                    Values v;
                    for (const auto* r : {&a, &b, &c, &d}) v.insert(v.end(), r->begin(), r->end());
                    if (check_solution(*parsed.puzzle, v).ok()) brute.insert(v);
                }
            }
        }
    }
    CHECK(found == brute);
    CHECK_FALSE(brute.empty());
}

TEST_CASE("Solo game IDs: every variant, and the kind named on a mismatch", "[solo]") {
    // A 2x3 (boxes of 2 rows by 3 columns) sudoku from sgt-solo --generate 1 2x3du.
    const ParseResult six = parse_text("sudoku", "2x3:c2f6_5c5a3_5a2c1_5f6c\n");
    REQUIRE(six.puzzle);
    CHECK(six.puzzle->summary() == "sudoku 6x6 (2x3 boxes, 10 given)");
    const Values v = unique_solution(*six.puzzle);
    require_checker_rejects_swap(*six.puzzle, v, 0, 6);
    CHECK(parse_text("jigsaw", std::string(jigsaw_id) + "\n").puzzle);
    CHECK(parse_text("killer", std::string(killer_id) + "\n").puzzle);
    require_parse_error("sudoku", std::string(killer_id) + "\n", 1, 1, "prune solve killer");
    require_parse_error("sudoku", std::string(jigsaw_id) + "\n", 1, 1, "prune solve jigsaw");
    require_parse_error("killer", "2x3:c2f6_5c5a3_5a2c1_5f6c\n", 1, 1, "prune solve sudoku");
    require_parse_error("jigsaw", "2x3:c2f6_5c5a3_5a2c1_5f6c\n", 1, 1, "prune solve sudoku");
}

TEST_CASE("Solo game IDs: errors point into the ID", "[solo]") {
    require_parse_error("sudoku", "2x3q:c2f6_5c5a3_5a2c1_5f6c\n", 1, 4, "not a Solo parameter");
    require_parse_error("sudoku", "2x3:c2f6_5c5a3_5a2c1_5f6\n", 1, 25, "the grid has 36 cells");
    require_parse_error("sudoku", "2x3:c2f6_5c5a3_5a2c1_5f6cb\n", 1, 26, "more than the 36 cells");
    require_parse_error("sudoku", "2x3:c7f6_5c5a3_5a2c1_5f6c\n", 1, 6, "out of range");
    require_parse_error("sudoku", "2x3:c2f6_5c5a3_5a2c1_5f6c,a\n", 1, 26, "unexpected text");
    require_parse_error("sudoku", "9x9:z\n", 1, 1, "2..25");
    require_parse_error("jigsaw", "2j:d\n", 1, 5, "expected ','");
    require_parse_error("jigsaw", "2j:d,b\n", 1, 7, "region code covers");
    require_parse_error("jigsaw", "2j:d,c_\n", 1, 6, "2 regions of 2 cells");
    require_parse_error("killer", "2x2k:p,x\n", 1, 9, "expected ','");
    require_parse_error("killer", "2x2k:p,zz\n", 1, 8, "more edges");
}

TEST_CASE("Solo game IDs generated by sgt-solo at every difficulty solve uniquely and pass the checker", "[solo]") {
    for (const char* kind : {"sudoku", "jigsaw", "killer"}) {
        const std::string path = std::string(PRUNE_SOURCE_DIR) + "/tests/inputs/solo/" + kind + "_ids.txt";
        const SourceText ids{path, read_text_file(path)};
        const std::vector<SourceLine> lines = ids.content_lines();
        REQUIRE(lines.size() >= 15);
        for (const SourceLine& line : lines) {
            INFO(kind << " " << line.text);
            const ParseResult parsed = parse_text(kind, line.text + "\n");
            REQUIRE(parsed.puzzle);
            unique_solution(*parsed.puzzle);
        }
    }
}
