// The 0/1 line kinds on regular(): the line automata against a direct statement of
// their language, Kurosu's automaton model against the older sum-and-windows model,
// Tatham Unruly and Pattern game IDs, and the pattern kind (parse errors, answers,
// the checker, uniqueness, SMT-LIB through z3).
#include <random>

#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/check_report.hpp"
#include "puzzles/common/line_automata.hpp"
#include "puzzles/kurosu/kurosu_puzzle.hpp"
#include "puzzles/pattern/pattern_puzzle.hpp"
#include "puzzles/smtlib_writer.hpp"
#include "support/constraint_catalog.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;
using prune::test::catalog::automaton_accepts;

namespace {

std::vector<int> word_of(std::uint32_t bits, int length) {
    std::vector<int> word;
    for (int i = 0; i < length; ++i) word.push_back(static_cast<int>((bits >> i) & 1U));
    return word;
}

// Unruly's line rule stated directly: as many 1s as 0s, never three equal in a row.
bool balanced_line(const std::vector<int>& word) {
    int ones = 0;
    for (std::size_t i = 0; i < word.size(); ++i) {
        ones += word[i];
        if (i >= 2 && word[i] == word[i - 1] && word[i] == word[i - 2]) return false;
    }
    return 2 * ones == static_cast<int>(word.size());
}

const KurosuPuzzle& as_kurosu(const ParseResult& r) { return dynamic_cast<const KurosuPuzzle&>(*r.puzzle); }
const PatternPuzzle& as_pattern(const ParseResult& r) { return dynamic_cast<const PatternPuzzle&>(*r.puzzle); }

// Solves with a uniqueness proof and checks the answer with the rules.
Values solve_unique_and_check(const Puzzle& puzzle) {
    const Solved all = solve(puzzle, SolveMode::all);
    REQUIRE(all.outcome.error.empty());
    REQUIRE(all.outcome.exhausted);
    REQUIRE(all.solutions.size() == 1);
    const CheckReport report = check_solution(puzzle, all.solutions[0]);
    INFO(report.to_text());
    CHECK(report.ok());
    return all.solutions[0];
}

}  // namespace

TEST_CASE("balanced_line_automaton accepts exactly the balanced lines without three in a row", "[puzzles][lines]") {
    for (int length = 2; length <= 12; length += 2) {
        const prune::Automaton automaton = balanced_line_automaton(length);
        CHECK(automaton.states == 4 * (length / 2 + 1) + 1);
        int accepted = 0;
        for (std::uint32_t bits = 0; bits < (1U << length); ++bits) {
            const std::vector<int> word = word_of(bits, length);
            INFO("length " << length << " word " << bracketed(word));
            REQUIRE(automaton_accepts(automaton, word) == balanced_line(word));
            accepted += balanced_line(word) ? 1 : 0;
        }
        // OEIS A177790: 2, 6, 14, 34, 84, 208 lines of length 2, 4, ..., 12.
        const int expected[] = {2, 6, 14, 34, 84, 208};
        CHECK(accepted == expected[length / 2 - 1]);
    }
}

TEST_CASE("runs_automaton accepts exactly the lines whose runs are the clue", "[puzzles][lines]") {
    std::mt19937 random(18);
    for (int trial = 0; trial < 200; ++trial) {
        const int length = 1 + static_cast<int>(random() % 11);
        // A clue: the runs of a random line, or (one time in four) a random list.
        std::vector<int> clue = runs_of_ones(word_of(static_cast<std::uint32_t>(random()), length));
        if (trial % 4 == 0) {
            clue.clear();
            for (int k = static_cast<int>(random() % 4); k > 0; --k) clue.push_back(1 + static_cast<int>(random() % 4));
        }
        const prune::Automaton automaton = runs_automaton(clue);
        for (std::uint32_t bits = 0; bits < (1U << length); ++bits) {
            const std::vector<int> word = word_of(bits, length);
            INFO("clue " << bracketed(clue) << " word " << bracketed(word));
            REQUIRE(automaton_accepts(automaton, word) == (runs_of_ones(word) == clue));
        }
    }
    CHECK(runs_of_ones({0, 1, 1, 0, 1, 0, 0, 1}) == std::vector<int>{2, 1, 1});
    CHECK(runs_of_ones({0, 0}).empty());
}

TEST_CASE("kurosu: the automaton model and the sum-and-windows model count alike", "[puzzles][lines][kurosu]") {
    for (const char* file : {"kurosu6_dm_2018-06-01.txt", "kurosu_6x8.txt", "kurosu_8x8.txt"}) {
        INFO(file);
        const auto strong = parse_example("kurosu", file);
        const auto weak = parse_example("kurosu", file, {"--weak-lines"});
        REQUIRE(strong.puzzle);
        REQUIRE(weak.puzzle);
        const Solved a = solve(*strong.puzzle, SolveMode::all);
        const Solved b = solve(*weak.puzzle, SolveMode::all);
        CHECK(a.solutions == b.solutions);
        CHECK_FALSE(a.solutions.empty());
        CHECK(a.outcome.statistics.nodes <= b.outcome.statistics.nodes);
    }
    // An empty 6x4 grid: every pair of rows of length 6 and columns of length 4
    // that fit, the same number both ways.
    const auto strong = parse_text("kurosu", "......\n......\n......\n......\n");
    const auto weak = parse_text("kurosu", "......\n......\n......\n......\n", {"--weak-lines"});
    CHECK(solve(*strong.puzzle, SolveMode::count).outcome.solutions == solve(*weak.puzzle, SolveMode::count).outcome.solutions);
}

TEST_CASE("kurosu reads Tatham Unruly game IDs", "[puzzles][lines][kurosu][game_id]") {
    SECTION("a 14x14 of normal difficulty, solved without search") {
        const auto parsed = parse_text("kurosu", "14x14:bOCBdaDfcbgCcgBchaDdAGhJBbeBIHHACcKBaDcPAf\n");
        REQUIRE(parsed.puzzle);
        CHECK(as_kurosu(parsed).width() == 14);
        CHECK_FALSE(as_kurosu(parsed).unique_lines());
        CHECK(as_kurosu(parsed).clue(1) == 0);       // 'b': skip 1, a 0
        CHECK(as_kurosu(parsed).clue(2 + 14) == 1);  // 'O': skip 14, a 1
        solve_unique_and_check(*parsed.puzzle);
        CHECK(solve(*parsed.puzzle, SolveMode::first).outcome.statistics.nodes <= 1);
    }
    SECTION("rectangular: 10 wide, 6 high") {
        const auto parsed = parse_text("kurosu", "# sgt-unruly --generate 1 10x6dn\n10x6:GABbchKDACAfgAca\n");
        REQUIRE(parsed.puzzle);
        CHECK(as_kurosu(parsed).width() == 10);
        CHECK(as_kurosu(parsed).height() == 6);
        solve_unique_and_check(*parsed.puzzle);
    }
    SECTION("'u' asks for unique lines, and full parameters carry a difficulty") {
        const auto parsed = parse_text("kurosu", "8x8u:DBabAfCaBdcAbhCAeedaDb");
        REQUIRE(parsed.puzzle);
        CHECK(as_kurosu(parsed).unique_lines());
        solve_unique_and_check(*parsed.puzzle);
        const auto full = parse_text("kurosu", "6x6udn:baCAcjbaEBBe");
        REQUIRE(full.puzzle);
        CHECK(as_kurosu(full).unique_lines());
        solve_unique_and_check(*full.puzzle);
    }
    SECTION("errors point into the ID") {
        require_parse_error("kurosu", "7x8:abc", 1, 1, "even width and height");
        require_parse_error("kurosu", "8x8q:abc", 1, 4, "unexpected 'q'");
        require_parse_error("kurosu", "x8:abc", 1, 1, "grid side");
        require_parse_error("kurosu", "6x6:ba1", 1, 7, "unexpected '1'");
        require_parse_error("kurosu", "6x6:ba", 1, 6, "a 6x6 grid needs 36");
        require_parse_error("kurosu", "6x6:zzz", 1, 6, "runs past");
    }
}

TEST_CASE("pattern: the built-in puzzle, the example and Tatham IDs solve uniquely", "[puzzles][lines][pattern]") {
    const PuzzleKind* kind = Registry::global().find("pattern");
    REQUIRE(kind != nullptr);
    const auto builtin = kind->parse(SourceText{"builtin", kind->builtin_text}, {});
    REQUIRE(builtin.puzzle);
    // The answer found independently, by enumerating the 5x5 grids that fit the rows.
    const Values answer = solve_unique_and_check(*builtin.puzzle);
    CHECK(builtin.puzzle->render_plain(answer) == "00001\n00011\n00111\n11110\n11100\n");

    const auto example = parse_example("pattern", "pattern_10x10.txt");
    REQUIRE(example.puzzle);
    CHECK(as_pattern(example).width() == 10);
    CHECK(as_pattern(example).row_clue(2) == PatternPuzzle::Clue{4, 1, 1, 1});
    const Values solved = solve_unique_and_check(*example.puzzle);
    CHECK(solve(*example.puzzle, SolveMode::first).outcome.statistics.nodes <= 1);
    // The same puzzle as its game ID.
    const auto id = parse_text("pattern", "10x10:3/3.1/5.4/3.6/2.2/5.3/2/3.2/2/3.1/8/8/4.1.1.1/3.1/4.1/1.1/2.1.1.1/4/4/3");
    REQUIRE(id.puzzle);
    CHECK(solve_unique_and_check(*id.puzzle) == solved);

    // Rectangular both ways; an empty clue.
    for (const char* text : {"4x6:5/4/1.1/1/2/2/2/2/1/1.2", "6x4:3/3/2/1/1/2/2.2/2.1/3/2", "3x2:1//1/1.1/0"}) {
        INFO(text);
        const auto parsed = parse_text("pattern", text);
        REQUIRE(parsed.puzzle);
        solve_unique_and_check(*parsed.puzzle);
    }
}

TEST_CASE("pattern: search where line reasoning stops, and given cells", "[puzzles][lines][pattern]") {
    // pattern.c's comment: a puzzle no line-at-a-time solver starts, unique all the same.
    const auto hard = parse_text("pattern", "4x4:2/1/2/1/1.1/2/1/1");
    REQUIRE(hard.puzzle);
    const Values answer = solve_unique_and_check(*hard.puzzle);
    CHECK(answer[0] == 1);
    CHECK(solve(*hard.puzzle, SolveMode::first).outcome.statistics.nodes >= 1);
    // Given cells: the top left empty ('a', then 'p' skips to the end) leaves no solution.
    const auto given = parse_text("pattern", "4x4:2/1/2/1/1.1/2/1/1,ap");
    REQUIRE(given.puzzle);
    CHECK(solve(*given.puzzle, SolveMode::all).solutions.empty());
    const auto plain = parse_text("pattern", "columns\n2\n1\n2\n1\nrows\n1 1\n2\n1\n1\ngrid\nX...\n....\n....\n...0\n");
    REQUIRE(plain.puzzle);
    CHECK(solve_unique_and_check(*plain.puzzle) == answer);
}

TEST_CASE("pattern: the checker rejects a wrong grid, line by line", "[puzzles][lines][pattern]") {
    const auto parsed = parse_example("pattern", "pattern_10x10.txt");
    REQUIRE(parsed.puzzle);
    Values values = solve(*parsed.puzzle, SolveMode::first).solutions.at(0);
    values[0] = 1 - values[0];
    const CheckReport report = check_solution(*parsed.puzzle, values);
    CHECK_FALSE(report.ok());
    CHECK(report.broken == 2);  // row 1 and column 1
    CHECK(report.to_text().find("row 1 runs [") != std::string::npos);
    CHECK(report.to_text().find("(must be [8])") != std::string::npos);
    values[0] = 2;  // out of range: the range rule says so
    CHECK(check_solution(*parsed.puzzle, values).to_text().find("Cells r1c1 is 2, outside 0..1 ERROR") != std::string::npos);
}

TEST_CASE("pattern: parse errors", "[puzzles][lines][pattern]") {
    require_parse_error("pattern", "# nothing\n", 1, 1, "no puzzle found");
    require_parse_error("pattern", "3\nrows\n1\n", 1, 1, "section header");
    require_parse_error("pattern", "columns\n1\nrows\n1 x\n", 4, 3, "run length");
    require_parse_error("pattern", "columns\n1\n1\nrows\n3\n", 5, 1, "row clue needs 3 cells, the row has 2");
    require_parse_error("pattern", "columns\n1\nrows\n0 1\n", 4, 1, "0 stands alone");
    require_parse_error("pattern", "columns\n1\ncolumns\n1\nrows\n1\n", 3, 1, "second 'columns'");
    require_parse_error("pattern", "columns\n1\n", 2, 1, "no 'rows' section");
    require_parse_error("pattern", "columns\n1\nrows\n1\ngrid\n1.\n", 6, 2, "expected 1 cells");
    require_parse_error("pattern", "columns\n1\nrows\n1\ngrid\n#\n2\n", 7, 1, "unexpected '2'");
    require_parse_error("pattern", "5x5:2/2/3/3/3/1/2/3/4", 1, 21, "ends after 9 clues");
    require_parse_error("pattern", "5x5:2/2/3/3/3/1/2/3/4/3/1", 1, 24, "more clues");
    require_parse_error("pattern", "5x5:2/2/3/3/3/1/2/3/4/6", 1, 23, "longer than the row");
    require_parse_error("pattern", "5x5:2/2/3/3/3/1/2/3/3.2/1", 1, 21, "needs 6 cells");
    require_parse_error("pattern", "5x5:2/2/3/3/3/1/2/3/4/3x", 1, 24, "unexpected 'x'");
    require_parse_error("pattern", "5x5:2/2/3/3/3/1/2/3/4/3,a", 1, 25, "cover 1 of the grid's 25");
    require_parse_error("pattern", "5x5:2/2/3/3/3/1/2/3/4/3,a!", 1, 26, "unexpected '!'");
    require_parse_error("pattern", "5x5u:2", 1, 4, "unexpected 'u'");
}

TEST_CASE("pattern: SMT-LIB states the runs with run starts", "[puzzles][lines][pattern]") {
    const auto parsed = parse_text("pattern", "4x4:2/1/2/1/1.1/2/1/1");
    REQUIRE(parsed.puzzle);
    const std::string smt = write_smtlib(*parsed.puzzle, "pattern", "test");
    CHECK(smt.find("(declare-fun R1_0 () Int)\n(declare-fun R1_1 () Int)\n(assert (and (<= 0 R1_0) (<= (+ R1_0 2) R1_1)") != std::string::npos);
    CHECK(smt.find("(get-value (V0 V1 V2 V3 V4 V5 V6 V7 V8 V9 V10 V11 V12 V13 V14 V15))") != std::string::npos);
}

#if defined(PRUNE_CLI_PATH)
#include "support/cli_run.hpp"

TEST_CASE("pattern and kurosu IDs on the command line, alone and in --batch", "[puzzles][lines][cli]") {
    using namespace prune::cli::testing;
    const RunResult pattern = run_prune("solve pattern '5x5:2/2/3/3/3/1/2/3/4/3'");
    CHECK(pattern.exit_code == 0);
    CHECK(pattern.out.rfind("00001\n00011\n00111\n11110\n11100\n", 0) == 0);
    CHECK(pattern.out.find("The solution is unique.") != std::string::npos);
    const RunResult unruly = run_prune("solve kurosu '8x6:BAdAaDeBCgaDAECBBa'");
    CHECK(unruly.exit_code == 0);
    CHECK(unruly.out.find("Puzzle OK: solution successful.") != std::string::npos);
    const RunResult batch = run_prune("solve pattern - --batch --unique", "# sgt-pattern\n5x5:2/2/3/3/3/1/2/3/4/3\n4x4:2/1/2/1/1.1/2/1/1,ap\n");
    CHECK(batch.exit_code == 0);
    CHECK(batch.out == "0 0 0 0 1 0 0 0 1 1 0 0 1 1 1 1 1 1 1 0 1 1 1 0 0\nunsat\n");
    const RunResult bad = run_prune("solve pattern '5x5:2/2/3/3/3/1/2/3/4/7'");
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("<command line>:1:23: error: a run longer than the row") != std::string::npos);
    CHECK(run_prune("pattern --help").out.find("game ID of Simon Tatham's Pattern") != std::string::npos);
}

TEST_CASE("pattern: z3 solves the SMT-LIB, prune checks its model, and z3 finds no other", "[puzzles][lines][cli]") {
    using namespace prune::cli::testing;
    if (!z3_available()) PRUNE_SKIP("z3 is not installed (apt-get install z3)");
    const std::string prune = quoted(prune_binary());
    for (const std::string id : {"10x10:3/3.1/5.4/3.6/2.2/5.3/2/3.2/2/3.1/8/8/4.1.1.1/3.1/4.1/1.1/2.1.1.1/4/4/3", "4x4:2/1/2/1/1.1/2/1/1",
                                 "3x2:1//1/1.1/0", "6x4:3/3/2/1/1/2/2.2/2.1/3/2"}) {
        INFO(id);
        const RunResult round_trip = run_shell(prune + " smtlib pattern '" + id + "' | z3 -in | " + prune + " check pattern '" + id + "' -");
        INFO(round_trip.out << round_trip.err);
        CHECK(round_trip.exit_code == 0);
        CHECK(round_trip.out.find("Puzzle OK: solution successful.") != std::string::npos);
        // The formulation admits no second grid: prune's answer excluded, z3 says unsat.
        const auto parsed = parse_text("pattern", id);
        REQUIRE(parsed.puzzle);
        const Values answer = solve(*parsed.puzzle, SolveMode::first).solutions.at(0);
        std::string smt = write_smtlib(*parsed.puzzle, "pattern", id);
        smt = smt.substr(0, smt.find("(check-sat)"));
        smt += "(assert (not (and";
        for (std::size_t c = 0; c < answer.size(); ++c) smt += " (= " + cell_name(static_cast<int>(c)) + " " + std::to_string(answer[c]) + ")";
        smt += ")))\n(check-sat)\n";
        const RunResult other = run_shell("z3 -in", smt);
        CHECK(other.out == "unsat\n");
    }
}
#endif
