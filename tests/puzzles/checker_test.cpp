// The checker names the rule a corrupted solution breaks.
#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/check_report.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

namespace {

// The texts of the lines reported as broken.
std::vector<std::string> broken_lines(const CheckReport& report) {
    std::vector<std::string> lines;
    for (const CheckLine& line : report.lines) {
        if (!line.ok) lines.push_back(line.text);
    }
    return lines;
}

bool any_starts_with(const std::vector<std::string>& lines, const std::string& prefix) {
    for (const std::string& line : lines) {
        if (line.rfind(prefix, 0) == 0) return true;
    }
    return false;
}

Values first_solution(const Puzzle& puzzle) { return solve(puzzle, SolveMode::first).solutions.at(0); }

}  // namespace

TEST_CASE("seki: flipping a cell breaks the rotors around it", "[puzzles]") {
    const auto parsed = parse_example("seki", "seki_4x4.txt");
    Values v = first_solution(*parsed.puzzle);
    REQUIRE(check_solution(*parsed.puzzle, v).ok());
    v[0] = 1 - v[0];  // only rotor 0 covers cell 0
    const CheckReport report = check_solution(*parsed.puzzle, v);
    CHECK_FALSE(report.ok());
    CHECK(report.broken == 1);
    const auto broken = broken_lines(report);
    REQUIRE(broken.size() == 1);
    CHECK(broken[0].rfind("rotor 1 (o) [r1c1,r1c2,r2c1,r2c2] sum ", 0) == 0);
    CHECK(report.to_text().find("rotor 1 (o) [r1c1,r1c2,r2c1,r2c2] sum 1, pattern [0,0,0,1] not allowed ERROR\n") != std::string::npos);
    CHECK(report.summary() == "Puzzle ERROR: 1 of 10 rules is broken.");
}

TEST_CASE("kurosu: flipping a cell breaks its row and column balance", "[puzzles]") {
    const auto parsed = parse_example("kurosu", "kurosu6_dm_2018-06-01.txt");
    Values v = first_solution(*parsed.puzzle);
    v[0] = 1 - v[0];  // r1c1 is not a clue
    const auto broken = broken_lines(check_solution(*parsed.puzzle, v));
    CHECK(any_starts_with(broken, "row 1 balance sum"));
    CHECK(any_starts_with(broken, "column 1 balance sum"));
    CHECK_FALSE(any_starts_with(broken, "Clues"));
    // A clue cell changed: the clue rule names it.
    Values w = first_solution(*parsed.puzzle);
    w[3] = 1 - w[3];  // the seed gives r1c4 = 0
    CHECK(any_starts_with(broken_lines(check_solution(*parsed.puzzle, w)), "Clues r1c4 is 1, the clue says 0"));
}

TEST_CASE("kurosu --unique-lines: two equal rows are named", "[puzzles]") {
    const auto parsed = parse_text("kurosu", "....\n....\n....\n....\n", {"--unique-lines"});
    // Balanced, no three in a row, but rows 0 and 2 are equal.
    const Values v = {0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1};
    const auto broken = broken_lines(check_solution(*parsed.puzzle, v));
    CHECK(any_starts_with(broken, "rows 1,3 identical"));
    CHECK(any_starts_with(broken, "rows 2,4 identical"));
}

TEST_CASE("number workout: changing a cell breaks its pair and hexagon", "[puzzles]") {
    const auto parsed = parse_example("numberworkout", "nw_003.txt");
    Values v = first_solution(*parsed.puzzle);
    v[5] = v[5] % 6 + 1;  // cell 5 (r2c3) is half of the pair r2c3=r2c4 (hexagons 1,2)
    const auto broken = broken_lines(check_solution(*parsed.puzzle, v));
    CHECK(any_starts_with(broken, "pair r2c3=r2c4 (hexagons 1,2)"));
    CHECK(any_starts_with(broken, "hexagon 2 "));
    // A digit out of 1..6.
    Values w = first_solution(*parsed.puzzle);
    w[1] = 9;
    CHECK(any_starts_with(broken_lines(check_solution(*parsed.puzzle, w)), "Cells r1c2 is 9, outside 1..6"));
}

TEST_CASE("sudoku: changing a cell breaks its row, column and box", "[puzzles]") {
    const auto parsed = parse_example("sudoku", "top95_01.txt");
    Values v = first_solution(*parsed.puzzle);
    v[1] = v[1] % 9 + 1;  // r1c2 is not a clue
    const auto broken = broken_lines(check_solution(*parsed.puzzle, v));
    CHECK(any_starts_with(broken, "row 1 "));
    CHECK(any_starts_with(broken, "column 2 "));
    CHECK(any_starts_with(broken, "box 1 "));
    CHECK(broken.size() == 3);
}
