// Parsers of every kind: good inputs give the right instance, bad inputs give an
// error that names file, line and column.
#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/kurosu/kurosu_puzzle.hpp"
#include "puzzles/numberworkout/numberworkout_puzzle.hpp"
#include "puzzles/seki/seki_puzzle.hpp"
#include "puzzles/sudoku/sudoku_puzzle.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

namespace {

void require_error(const std::string& kind, const std::string& text, int line, int column, const std::string& words) {
    require_parse_error(kind, text, line, column, words);
}

}  // namespace

TEST_CASE("every example file parses", "[puzzles]") {
    for (const auto& [kind, file] : std::vector<std::pair<std::string, std::string>>{
             {"seki", "seki_4x4.txt"}, {"seki", "seki_8x8.txt"},
             {"kurosu", "kurosu6_dm_2018-06-01.txt"}, {"kurosu", "kurosu_8x8.txt"}, {"kurosu", "kurosu_6x8.txt"}, {"kurosu", "takuzu_6x6_unique_lines.txt"},
             {"numberworkout", "nw_003.txt"},
             {"sudoku", "sudoku_4x4.txt"}, {"sudoku", "top95_01.txt"}, {"sudoku", "top95_25_hard.txt"}, {"sudoku", "sudoku_16x16.txt"},
             {"sudoku", "sudoku_16x16_letters.txt"}, {"sudoku", "sudoku_25x25.txt"}}) {
        INFO(kind << " " << file);
        const ParseResult r = parse_example(kind, file);
        CHECK(r.error.message.empty());
        CHECK(r.puzzle);
    }
}

TEST_CASE("the built-in instances are the seed examples", "[puzzles]") {
    const auto same_puzzle = [](const std::string& kind, const std::string& file) {
        const PuzzleKind* k = Registry::global().find(kind);
        REQUIRE(k != nullptr);
        const auto builtin = parse_text(kind, k->builtin_text);
        const auto example = parse_example(kind, file);
        REQUIRE(builtin.puzzle);
        REQUIRE(example.puzzle);
        CHECK(builtin.puzzle->summary() == example.puzzle->summary());
        CHECK(builtin.puzzle->rules().size() == example.puzzle->rules().size());
    };
    same_puzzle("seki", "seki_4x4.txt");
    same_puzzle("kurosu", "kurosu6_dm_2018-06-01.txt");
    same_puzzle("numberworkout", "nw_003.txt");
    same_puzzle("sudoku", "top95_01.txt");
}

TEST_CASE("seki: one-line and multi-line forms", "[puzzles]") {
    const auto one_line = parse_text("seki", "# classic\n\noo+ooaoo-\n");
    REQUIRE(one_line.puzzle);
    const auto& seki = dynamic_cast<const SekiPuzzle&>(*one_line.puzzle);
    CHECK(seki.size() == 4);
    CHECK(seki.rotor(5) == 'a');
    CHECK(seki.rotor_cells(0) == std::array<int, 4>{0, 1, 4, 5});
    CHECK(seki.rotor_cells(8) == std::array<int, 4>{10, 11, 14, 15});

    const auto lines = parse_text("seki", "oo+\r\noo a\n  oo-\n");
    REQUIRE(lines.puzzle);
    CHECK(dynamic_cast<const SekiPuzzle&>(*lines.puzzle).size() == 4);
    CHECK(lines.puzzle->rules().size() == one_line.puzzle->rules().size());
}

TEST_CASE("seki: bad inputs name line and column", "[puzzles]") {
    require_error("seki", "oo+ooxoo-\n", 1, 6, "unknown rotor 'x'");
    require_error("seki", "# c\noo+ooaoo\n", 2, 1, "square number");
    require_error("seki", "oo+\noo\noo-\n", 2, 3, "expected 3 rotors");
    require_error("seki", "oo+\nooaa\noo-\n", 2, 4, "expected 3 rotors");
    require_error("seki", "# only a comment\n\n", 2, 1, "no rotors");
    require_error("seki", "", 1, 1, "no rotors");
}

TEST_CASE("kurosu: grid, X for 1, rectangular grids and the unique-lines flag", "[puzzles]") {
    const auto r = parse_text("kurosu", "..X0\n0...\n....\n.1..\n", {"--unique-lines"});
    REQUIRE(r.puzzle);
    const auto& k = dynamic_cast<const KurosuPuzzle&>(*r.puzzle);
    CHECK(k.height() == 4);
    CHECK(k.width() == 4);
    CHECK(k.clue(2) == 1);
    CHECK(k.clue(3) == 0);
    CHECK(k.clue(0) == KurosuPuzzle::unknown);
    CHECK(k.unique_lines());
    const auto wide = parse_example("kurosu", "kurosu_6x8.txt");
    REQUIRE(wide.puzzle);
    CHECK(dynamic_cast<const KurosuPuzzle&>(*wide.puzzle).width() == 8);
    CHECK(dynamic_cast<const KurosuPuzzle&>(*wide.puzzle).height() == 6);
}

TEST_CASE("kurosu: bad inputs name line and column", "[puzzles]") {
    require_error("kurosu", "..0.\n..2.\n", 2, 3, "unexpected '2'");
    require_error("kurosu", "...\n...\n", 1, 3, "even number of cells");
    require_error("kurosu", "....\n...\n", 2, 4, "expected 4 cells");
    require_error("kurosu", "....\n.....\n", 2, 5, "expected 4 cells");
    require_error("kurosu", "....\n....\n....\n", 3, 1, "even number of rows");
}

TEST_CASE("number workout: ten rows of 3, 9 x 8, 3 digits", "[puzzles]") {
    const auto r = parse_example("numberworkout", "nw_003.txt");
    REQUIRE(r.puzzle);
    const auto& nw = dynamic_cast<const NumberWorkoutPuzzle&>(*r.puzzle);
    CHECK(nw.cell_count() == 78);
    CHECK(nw.clue(0) == 5);
    CHECK(nw.clue(1) == 0);
    CHECK(nw.clue(2) == 1);
    CHECK(nw.clue(77) == 1);
}

TEST_CASE("number workout: bad inputs name line and column", "[puzzles]") {
    const std::string good = "501\n040000050\n100000002\n200006003\n000000000\n400600005\n000003006\n300200006\n060000040\n401\n";
    require_error("numberworkout", "#c\n501\n04000005\n", 3, 9, "has 9 digits, this line has 8");
    require_error("numberworkout", "5011\n", 1, 4, "has 3 digits, this line has 4");
    require_error("numberworkout", "501\n040070050\n", 2, 5, "digit 7 is out of range");
    require_error("numberworkout", "501\n04000x050\n", 2, 6, "unexpected 'x'");
    require_error("numberworkout", "501\n040000050\n", 2, 1, "10 rows");
    require_error("numberworkout", good + "123\n", 11, 1, "11th");
}

TEST_CASE("sudoku: one-line, row-per-line and blank-separated forms", "[puzzles]") {
    const auto one_line = parse_example("sudoku", "top95_01.txt");
    REQUIRE(one_line.puzzle);
    CHECK(dynamic_cast<const SudokuPuzzle&>(*one_line.puzzle).side() == 9);
    CHECK(dynamic_cast<const SudokuPuzzle&>(*one_line.puzzle).clue(0) == 4);

    const auto rows = parse_text("sudoku", "1.3.\n..2.\n.3..\n...4\n");
    REQUIRE(rows.puzzle);
    CHECK(dynamic_cast<const SudokuPuzzle&>(*rows.puzzle).side() == 4);

    std::string sixteen;
    for (int r = 0; r < 16; ++r) sixteen += (r == 0 ? ". 11 . . 13 5 . . . 2 16 14 . . 10 ." : ". . . . . . . . . . . . . . . .") + std::string("\n");
    const auto spaced = parse_text("sudoku", sixteen);
    REQUIRE(spaced.puzzle);
    const auto& s16 = dynamic_cast<const SudokuPuzzle&>(*spaced.puzzle);
    CHECK(s16.side() == 16);
    CHECK(s16.clue(1) == 11);
    CHECK(s16.clue(10) == 16);

    const auto letters = parse_example("sudoku", "sudoku_16x16_letters.txt");
    REQUIRE(letters.puzzle);
    CHECK(dynamic_cast<const SudokuPuzzle&>(*letters.puzzle).side() == 16);
    CHECK(dynamic_cast<const SudokuPuzzle&>(*letters.puzzle).clue(7) == 11);  // 'B'

    const auto boxed = parse_text("sudoku", "1 . | 3 .\n. . | 2 .\n----+----\n. 3 | . .\n. . | . 4\n");
    REQUIRE(boxed.puzzle);
    CHECK(dynamic_cast<const SudokuPuzzle&>(*boxed.puzzle).clue(2) == 3);
}

TEST_CASE("sudoku: bad inputs name line and column", "[puzzles]") {
    require_error("sudoku", std::string(80, '.') + "\n", 1, 1, "one-line sudoku");
    require_error("sudoku", "1.3.\n..5.\n.3..\n...4\n", 2, 3, "too large");
    require_error("sudoku", "1.3.\n..x.\n.3..\n...4\n", 2, 3, "not a sudoku value");
    require_error("sudoku", "1.3.\n..2\n.3..\n...4\n", 2, 4, "expected 4 cells");
    require_error("sudoku", "1.3.\n..2.\n.3..\n", 3, 1, "4 rows, found 3");
    require_error("sudoku", "1.3.\n..2.\n.3..\n...4\n....\n", 5, 1, "one more");
    require_error("sudoku", "1.3.5\n..2.1\n", 1, 1, "4, 9, 16 or 25 cells");
    require_error("sudoku", "1 . 3 .\n. . 20 .\n. 3 . .\n. . . 4\n", 2, 5, "too large");
}
