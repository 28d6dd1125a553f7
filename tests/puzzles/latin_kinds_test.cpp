// The Latin-square kinds (towers, keen, unequal): parse errors, game IDs, known
// answers against a brute force over every Latin square that the rules alone judge,
// the checker, SMT-LIB, and the generator.
#include <algorithm>
#include <functional>

#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/check_report.hpp"
#include "puzzles/generate.hpp"
#include "puzzles/smtlib_writer.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

namespace {

// Every Latin square of `order` (rows of a permutation each, columns kept distinct)
// for which every rule of the puzzle holds: the answer the rules alone give, with no
// engine involved. Small orders only (5: 161280 squares).
std::vector<Values> brute_force_solutions(const Puzzle& puzzle, int order) {
    const std::vector<Rule> rules = puzzle.rules();
    std::vector<Values> found;
    Values grid(static_cast<std::size_t>(order * order), 0);
    std::function<void(int)> fill = [&](int cell) {
        if (cell == order * order) {
            for (const Rule& rule : rules) {
                if (!evaluate(rule, grid).holds) return;
            }
            found.push_back(grid);
            return;
        }
        const int r = cell / order;
        const int c = cell % order;
        for (int v = 1; v <= order; ++v) {
            bool clash = false;
            for (int k = 0; k < c && !clash; ++k) clash = grid[static_cast<std::size_t>(r * order + k)] == v;
            for (int k = 0; k < r && !clash; ++k) clash = grid[static_cast<std::size_t>(k * order + c)] == v;
            if (clash) continue;
            grid[static_cast<std::size_t>(cell)] = v;
            fill(cell + 1);
        }
        grid[static_cast<std::size_t>(cell)] = 0;
    };
    fill(0);
    return found;
}

// The engine's solutions (all of them) agree with the brute force, and the checker
// accepts each.
void require_engine_matches_brute_force(const Puzzle& puzzle, int order) {
    const std::vector<Values> expected = brute_force_solutions(puzzle, order);
    Solved solved = solve(puzzle, SolveMode::all);
    std::vector<Values> engine = solved.solutions;
    std::sort(engine.begin(), engine.end());
    CHECK(engine == expected);
    for (const Values& v : engine) CHECK(check_solution(puzzle, v).ok());
}

std::unique_ptr<Puzzle> parsed(const std::string& kind, const std::string& text) {
    ParseResult r = parse_text(kind, text);
    INFO(r.error.to_string());
    REQUIRE(r.puzzle);
    return std::move(r.puzzle);
}

}  // namespace

TEST_CASE("towers: the examples solve uniquely, as the brute force says", "[latin]") {
    const ParseResult example = parse_example("towers", "towers_5x5_easy.txt");
    REQUIRE(example.puzzle);
    require_engine_matches_brute_force(*example.puzzle, 5);
    CHECK(solve(*example.puzzle, SolveMode::first_and_unique).outcome.unique);
    // Fewer clues, several solutions: the count agrees too.
    require_engine_matches_brute_force(*parsed("towers", ". 2 . . .\n. . . . .\n. . . . 1\n. . . . .\n. 1 . . .\n"), 3);
    // A given digit in the grid.
    require_engine_matches_brute_force(*parsed("towers", ". . . . . .\n. . . . . .\n3 . 2 . . .\n. . . . . .\n. . . . . .\n. . . . . .\n"), 4);
}

TEST_CASE("towers: game IDs", "[latin]") {
    const auto id = parsed("towers", "5:2/2/3/1/4/3/4/2/2/1/3/2/1/2/4/2/4/2/2/1\n");
    const auto plain = parse_example("towers", "towers_5x5_easy.txt");
    CHECK(solve(*id, SolveMode::first).solutions == solve(*plain.puzzle, SolveMode::first).solutions);
    // Givens after ',': 'o' skips 15 cells, then 6, 'a' skips one, 2, 'r' skips 18.
    const auto with_givens = parsed("towers", "6:/3/3///3///3/3/////2///5//5///3/,o6a2r\n");
    const Solved s = solve(*with_givens, SolveMode::first_and_unique);
    REQUIRE(s.solutions.size() == 1);
    CHECK(s.outcome.unique);
    CHECK(s.solutions[0][15] == 6);
    CHECK(s.solutions[0][17] == 2);
    CHECK(check_solution(*with_givens, s.solutions[0]).ok());
}

TEST_CASE("towers: parse errors point at the character", "[latin]") {
    require_parse_error("towers", ". 1 .\n. . .\n", 2, 6, "expected 3 lines");
    require_parse_error("towers", ". 1 . .\n. . x .\n. . . .\n. . . .\n", 2, 5, "unexpected 'x'");
    require_parse_error("towers", "1 . . .\n. . . .\n. . . .\n. . . .\n", 1, 1, "corner");
    require_parse_error("towers", ". 3 . .\n. . . .\n. . . .\n. . . .\n", 1, 3, "unexpected '3'");
    require_parse_error("towers", ". . . .\n. . .\n. . . .\n. . . .\n", 2, 6, "expected 4 characters");
    require_parse_error("towers", "# id\n5:2/2/3/1/4/3/4/2/2/1/3/2/1/2/4/2/4/2/2/1/3\n", 2, 42, "too many clues");
    require_parse_error("towers", "5:2/2/3/1/4/3/4/2/2/1/3/2/1/2/4/2/4/2/2/1,a9\n", 1, 44, "out of range");
    require_parse_error("towers", "5:2/2/3/1/4/3/4/2/2/1/3/2/1/2/4/2/4/2/2/1,a\n", 1, 44, "covers 1 of the 25");
    require_parse_error("towers", "5:2/7/3\n", 1, 5, "clue 7 out of range");
    require_parse_error("towers", "12:1\n", 1, 1, "grid size");
    require_parse_error("towers", "5dq:2/2/3/1/4/3/4/2/2/1/3/2/1/2/4/2/4/2/2/1\n", 1, 2, "unknown parameters");
}

TEST_CASE("keen: examples and IDs against the brute force", "[latin]") {
    const ParseResult example = parse_example("keen", "keen_4x4_easy.txt");
    REQUIRE(example.puzzle);
    require_engine_matches_brute_force(*example.puzzle, 4);
    const auto id = parsed("keen", "4:aa_a__a__a_a__a_a,d2m12a5s1s1d2m4a5\n");
    CHECK(solve(*id, SolveMode::first).solutions == solve(*example.puzzle, SolveMode::first).solutions);
    const auto id5 = parsed("keen", "4:a_a_3a_a_a_b_a__,a5a7s1m4m12d2d2s2\n");
    require_engine_matches_brute_force(*id5, 4);
    // A cage over two rows may repeat a digit; x with a repeated 2: 4 = 2*2 in an L.
    require_engine_matches_brute_force(*parsed("keen", "aab\nacb\ndde\na 4x\nb 3+\nc 3\nd 4+\ne 2\n"), 3);
    const ParseResult hard = parse_example("keen", "keen_6x6_hard.txt");
    REQUIRE(hard.puzzle);
    const Solved s = solve(*hard.puzzle, SolveMode::first_and_unique);
    REQUIRE(s.solutions.size() == 1);
    CHECK(s.outcome.unique);
    CHECK(check_solution(*hard.puzzle, s.solutions[0]).ok());
}

TEST_CASE("keen: parse errors point at the character", "[latin]") {
    require_parse_error("keen", "ab\nab\na 3+\n", 3, 5, "cage 'b' has no clue line");
    require_parse_error("keen", "ab\nab\na 3+\nb 2/\nz 1\n", 5, 1, "no cage 'z'");
    require_parse_error("keen", "ab\nab\na 3+\nb 2%\n", 4, 3, "unknown operation '%'");
    require_parse_error("keen", "aa\nbc\na 1-\nb 1\nc 2\nb 2\n", 6, 1, "has a clue already");
    require_parse_error("keen", "ab\nbb\na 1\nb 2-\n", 4, 3, "two cells");
    require_parse_error("keen", "ab\na!\n", 2, 2, "unexpected '!'");
    require_parse_error("keen", "ab\nab\na x3\n", 3, 3, "expected a clue");
    require_parse_error("keen", "4:aa_a__a__a_a__a_a,d2m12a5s1s1d2m4\n", 1, 36, "clue of cage 8 of 8");
    require_parse_error("keen", "4:aa_a__a__a_a__a_a,d2m12a5s1s1d2m4a5a6\n", 1, 38, "after the clues");
    require_parse_error("keen", "4:aa_a__a__a_a__a,d2m12a5s1s1d2m4a5\n", 1, 18, "cover 22 of the 24 inner edges");
    require_parse_error("keen", "4:aa_a__a__a_a__a_a,d2m12a5s1s1d2m4q5\n", 1, 36, "found 'q'");
}

TEST_CASE("unequal: examples and IDs against the brute force", "[latin]") {
    const ParseResult example = parse_example("unequal", "unequal_5x5_easy.txt");
    REQUIRE(example.puzzle);
    require_engine_matches_brute_force(*example.puzzle, 5);
    const auto id = parsed("unequal", "5:0,0L,4,0,1,0,0U,0,0,0,0D,0,0,0,0,0,0,2,0,0,0,0,0,0L,4U,\n");
    CHECK(solve(*id, SolveMode::first).solutions == solve(*example.puzzle, SolveMode::first).solutions);
    // The adjacent variant: marks both ways, unmarked neighbours not adjacent.
    const auto adjacent = parsed("unequal", "4a:0R,0L,0R,0L,0RD,0DL,0RD,0L,0UR,0UL,0U,0,0,1,0R,0L,\n");
    require_engine_matches_brute_force(*adjacent, 4);
    require_engine_matches_brute_force(*parsed("unequal", "adjacent\n.|. . .\n-\n. . . .\n. . .|.\n. . . .\n"), 4);
    require_engine_matches_brute_force(*parsed("unequal", ".<. .\n  v\n. . .\n. .>.\n"), 3);
}

TEST_CASE("unequal: parse errors point at the character", "[latin]") {
    require_parse_error("unequal", ". . .\n. x .\n. . .\n", 2, 3, "expected cell 2");
    require_parse_error("unequal", ". . .\n. . .\n", 2, 6, "expected 3 rows");
    require_parse_error("unequal", ".|. .\n. . .\n. . .\n", 1, 2, "needs the first line 'adjacent'");
    require_parse_error("unequal", "adjacent\n.<. .\n. . .\n. . .\n", 2, 2, "in an adjacent puzzle");
    require_parse_error("unequal", ". . .\n ^\n. . .\n. . .\n", 2, 2, "under a cell");
    require_parse_error("unequal", ". . .\n. . .\n. . .\n^\n", 4, 1, "below the last row");
    require_parse_error("unequal", ". . .\n. . . .\n. . .\n", 2, 7, "outside the grid");
    require_parse_error("unequal", "3:0,0,0,0,0,0,0,0\n", 1, 18, "after cell 8");
    require_parse_error("unequal", "3:0,0,0,0R,0L,0,0,0,0\n", 1, 9, "each greater than the other");
    require_parse_error("unequal", "3:0U,0,0,0,0,0,0,0,0\n", 1, 3, "off the grid");
    require_parse_error("unequal", "3a:0R,0,0,0,0,0,0,0,0\n", 1, 4, "disagree");
    require_parse_error("unequal", "3:0,4,0,0,0,0,0,0,0\n", 1, 5, "out of range");
}

TEST_CASE("latin kinds: the checker names the broken rule", "[latin]") {
    const ParseResult towers = parse_example("towers", "towers_5x5_easy.txt");
    Values v = solve(*towers.puzzle, SolveMode::first).solutions.at(0);
    std::swap(v[0], v[1]);  // still a Latin row, but columns 1 and 2 and the clues break
    const CheckReport report = check_solution(*towers.puzzle, v);
    CHECK_FALSE(report.ok());
    CHECK(report.to_text().find("column 1 [r1c1") != std::string::npos);
    CHECK(report.to_text().find("top 1 sees 2") != std::string::npos);

    const ParseResult keen = parse_example("keen", "keen_4x4_easy.txt");
    Values k = solve(*keen.puzzle, SolveMode::first).solutions.at(0);
    k[0] = k[0] % 4 + 1;
    CHECK_FALSE(check_solution(*keen.puzzle, k).ok());

    const ParseResult unequal = parse_example("unequal", "unequal_5x5_easy.txt");
    Values u = solve(*unequal.puzzle, SolveMode::first).solutions.at(0);
    std::swap(u[0], u[1]);  // r1c1 < r1c2 breaks
    const std::string text = check_solution(*unequal.puzzle, u).to_text();
    CHECK(text.find("r1c1 < r1c2") != std::string::npos);
}

TEST_CASE("latin kinds: SMT-LIB states the visibility and the cages", "[latin]") {
    const ParseResult towers = parse_example("towers", "towers_5x5_easy.txt");
    const std::string smt = write_smtlib(*towers.puzzle, "towers", "example");
    CHECK(smt.find("; top 1 sees 2") != std::string::npos);
    CHECK(smt.find("(ite (> V5 V0) 1 0)") != std::string::npos);
    const ParseResult keen = parse_example("keen", "keen_4x4_easy.txt");
    CHECK(write_smtlib(*keen.puzzle, "keen", "example").find("(distinct V0 V1 V2 V3)") != std::string::npos);
}

TEST_CASE("latin kinds: plain output of order 10 and more reads back", "[latin]") {
    std::string text = "10:";
    for (int k = 0; k < 100; ++k) text += k == 0 ? "0" : ",0";
    const auto big = parsed("unequal", text + "\n");
    const Values v = solve(*big, SolveMode::first).solutions.at(0);
    const std::string plain = big->render_plain(v);
    CHECK(plain.find("10") != std::string::npos);
    Diagnostic error;
    const auto back = big->read_plain_solution(SourceText{"s.txt", plain}, error);
    REQUIRE(back);
    CHECK(*back == v);
}

TEST_CASE("generate: unique puzzles, the same for the same seed", "[latin][generate]") {
    for (const std::string kind : {"sudoku", "towers", "unequal"}) {
        for (const GenerateDifficulty difficulty : {GenerateDifficulty::easy, GenerateDifficulty::hard}) {
            GenerateSettings settings;
            settings.kind = kind;
            settings.size = kind == "sudoku" ? 9 : 5;
            settings.seed = 7;
            settings.difficulty = difficulty;
            const GenerateResult first = generate_puzzle(settings);
            INFO(kind << "\n" << first.text);
            REQUIRE(first.error.empty());
            const auto puzzle = parsed(kind, first.text);
            const Solved s = solve(*puzzle, SolveMode::first_and_unique);
            CHECK(s.solutions.size() == 1);
            CHECK(s.outcome.unique);
            if (difficulty == GenerateDifficulty::easy) CHECK(s.outcome.statistics.nodes == 0);
            CHECK(generate_puzzle(settings).text == first.text);
            settings.seed = 8;
            CHECK(generate_puzzle(settings).text != first.text);
        }
    }
    GenerateSettings bad;
    bad.kind = "towers";
    bad.size = 12;
    CHECK(generate_puzzle(bad).error.find("3 to 9") != std::string::npos);
    bad.kind = "keen";
    CHECK(generate_puzzle(bad).error.find("knows no kind") != std::string::npos);
}
