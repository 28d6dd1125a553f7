// Solving the shipped examples: each has exactly one solution, and it passes the
// checker. The seed puzzles' solutions are pinned.
#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "support/skip.hpp"
#include "puzzles/check_report.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

namespace {

struct Example {
    std::string kind;
    std::string file;
    KindFlags flags;
};

const std::vector<Example>& examples() {
    static const std::vector<Example> list = {
        {"seki", "seki_4x4.txt", {}},
        {"seki", "seki_8x8.txt", {}},
        {"kurosu", "kurosu6_dm_2018-06-01.txt", {}},
        {"kurosu", "kurosu_8x8.txt", {}},
        {"kurosu", "kurosu_6x8.txt", {}},
        {"kurosu", "takuzu_6x6_unique_lines.txt", {"--unique-lines"}},
        {"numberworkout", "nw_003.txt", {}},
        {"sudoku", "sudoku_4x4.txt", {}},
        {"sudoku", "top95_01.txt", {}},
        {"sudoku", "top95_25_hard.txt", {}},
        {"sudoku", "sudoku_16x16.txt", {}},
        {"sudoku", "sudoku_16x16_letters.txt", {}},
        {"sudoku", "sudoku_25x25.txt", {}},
    };
    return list;
}

std::string digits(const Values& values) {
    std::string text;
    for (int v : values) text += std::to_string(v);
    return text;
}

}  // namespace

TEST_CASE("every example has exactly one solution, and it passes the checker", "[puzzles]") {
    for (const Example& e : examples()) {
        INFO(e.kind << " " << e.file);
        const auto parsed = parse_example(e.kind, e.file, e.flags);
        REQUIRE(parsed.puzzle);
        const Solved solved = solve(*parsed.puzzle, SolveMode::first_and_unique);
        REQUIRE(solved.solutions.size() == 1);
        CHECK(solved.outcome.unique_checked);
        CHECK(solved.outcome.unique);
        const CheckReport report = check_solution(*parsed.puzzle, solved.solutions[0]);
        INFO(report.to_text());
        CHECK(report.ok());

        const Solved counted = solve(*parsed.puzzle, SolveMode::count);
        CHECK(counted.outcome.solutions == 1);
        CHECK(counted.outcome.exhausted);
    }
}

TEST_CASE("the seed puzzles have the known solutions", "[puzzles]") {
    const auto seki = parse_example("seki", "seki_4x4.txt");
    CHECK(digits(solve(*seki.puzzle, SolveMode::first).solutions.at(0)) == "1010010010110101");

    const auto kurosu = parse_example("kurosu", "kurosu6_dm_2018-06-01.txt");
    CHECK(digits(solve(*kurosu.puzzle, SolveMode::first).solutions.at(0)) == "101001010101101010100110011001010110");

    const auto nw = parse_example("numberworkout", "nw_003.txt");
    CHECK(digits(solve(*nw.puzzle, SolveMode::first).solutions.at(0)) ==
          "541243326653165524412261136613435532245436641145215543326312261126465563345421");
}

TEST_CASE("top95 #1 and #25 agree with the published solutions", "[puzzles]") {
    const std::string solutions = read_text_file(std::string(PRUNE_SHARED_DIR) + "/data/sudoku/top95_solutions.txt");
    if (solutions.empty()) PRUNE_SKIP(std::string(PRUNE_SHARED_DIR) + "/data/sudoku/top95_solutions.txt not found (the ../shared data sets)");
    const auto line = [&](int n) {
        std::size_t start = 0;
        for (int i = 1; i < n; ++i) start = solutions.find('\n', start) + 1;
        return solutions.substr(start, 81);
    };
    CHECK(digits(solve(*parse_example("sudoku", "top95_01.txt").puzzle, SolveMode::first).solutions.at(0)) == line(1));
    CHECK(digits(solve(*parse_example("sudoku", "top95_25_hard.txt").puzzle, SolveMode::first).solutions.at(0)) == line(25));
}

// (The 16x16 example takes a million nodes and more with the value and bounds
// strengths, far too long for a unit test: it is solved with domain strength above.)
TEST_CASE("every alldifferent strength solves the 4x4 and the hard 9x9", "[puzzles]") {
    for (const std::string file : {"sudoku_4x4.txt", "top95_25_hard.txt"}) {
        const auto parsed = parse_example("sudoku", file);
        for (const auto strength : {prune::Consistency::value, prune::Consistency::bounds, prune::Consistency::domain}) {
            INFO(file << " strength " << static_cast<int>(strength));
            SolveSettings settings;
            settings.mode = SolveMode::count;
            settings.model.alldifferent = strength;
            const SolveOutcome outcome = solve_puzzle(*parsed.puzzle, settings, [](const Values&) {});
            CHECK(outcome.solutions == 1);
            CHECK(outcome.exhausted);
        }
    }
}

TEST_CASE("an unsatisfiable puzzle is proved so", "[puzzles]") {
    // Two 1s given in the first row of a 4x4 sudoku.
    const auto sudoku = parse_text("sudoku", "11..\n....\n....\n....\n");
    const Solved s = solve(*sudoku.puzzle, SolveMode::first_and_unique);
    CHECK(s.solutions.empty());
    CHECK(s.outcome.exhausted);
    // Three 1s in a kurosu row.
    const auto kurosu = parse_text("kurosu", "111...\n......\n......\n......\n");
    CHECK(solve(*kurosu.puzzle, SolveMode::first).outcome.exhausted);
    CHECK(solve(*kurosu.puzzle, SolveMode::first).solutions.empty());
    // Two different digits given for the two halves of a touching pair (V5 and V6).
    const auto nw = parse_text("numberworkout", "000\n000001200\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000\n");
    REQUIRE(nw.puzzle);
    CHECK(solve(*nw.puzzle, SolveMode::first).solutions.empty());
}

TEST_CASE("enumeration modes: -n stops early, --all finds every solution", "[puzzles]") {
    // An empty 4x4 sudoku has 288 solutions.
    const auto empty = parse_text("sudoku", "....\n....\n....\n....\n");
    CHECK(solve(*empty.puzzle, SolveMode::count).outcome.solutions == 288);
    const Solved three = solve(*empty.puzzle, SolveMode::all, 3);
    CHECK(three.solutions.size() == 3);
    CHECK(three.solutions[0] != three.solutions[1]);
    const Solved all = solve(*empty.puzzle, SolveMode::all);
    CHECK(all.solutions.size() == 288);
    CHECK(all.outcome.exhausted);
    const Solved two = solve(*empty.puzzle, SolveMode::first_and_unique);
    CHECK(two.solutions.size() == 1);
    CHECK(two.outcome.unique_checked);
    CHECK_FALSE(two.outcome.unique);
}
