// Sudoku: an N x N grid (N = n^2, n = 2..5) where every row, column and n x n box
// holds 1..N once. Cells are r1c1.. row by row; the groups are "row 1", "column 1"
// and "box 1" (boxes numbered row by row), in check lines and traces alike.
#pragma once
#include <string>
#include <vector>

#include "puzzles/common/grid_puzzle.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

// Cells, JSON, rows and columns: GridPuzzle.
class SudokuPuzzle final : public GridPuzzle {
public:
    static constexpr int unknown = 0;

    // `box`: n (2..5); `clues`: N*N values row by row, 0 for unknown.
    SudokuPuzzle(int box, std::vector<int> clues);

    int box() const { return box_; }
    int side() const { return rows(); }
    int clue(int cell) const { return clues_[cell]; }
    // Whether the puzzle was written with letters for 10.. (the one-character form of
    // a 16x16 or 25x25): its solution is then printed with letters too.
    bool letters() const { return letters_; }
    void set_letters(bool letters) { letters_ = letters; }
    std::vector<int> box_cells(int b) const;

    // The groups are named numbered_name("row", i): "row 1", "column 1", "box 1".
    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    // The grid with box separators, numbers right-aligned or letters as in the input.
    std::string render_plain(const Values& values) const override;
    std::string render_html_figure(const Values& values) const override;
    std::optional<Values> read_plain_solution(const SourceText& text, Diagnostic& error) const override;
    // Batch solving (batch.cpp): N*N characters as in the input, one model per size.
    std::string render_line(const Values& values) const override;
    std::string shared_model_key() const override;
    PuzzleModel build_shared_model(Solver& solver, const ModelSettings& settings) const override;
    void clues(std::vector<CellClue>& out) const override;

private:
    int box_;
    std::vector<int> clues_;
    bool letters_ = false;
};

// The one character of a value in the letters form: '1'..'9', 'A' for 10 .. 'P' for 25
// ('.' for 0 and anything out of range).
char sudoku_letter(int value);

// One entry of a sudoku line: a word of a blank-separated row, or a character of a
// compact row ('|' separators dropped).
struct SudokuEntry {
    std::string text;
    int column;
};
std::vector<SudokuEntry> sudoku_entries(const SourceLine& line);
// The value an entry stands for: 0 for '.' or '0', 1..9, 10..25 for 'A'..'P' (either case)
// or a decimal number; -1 when the entry is not a value.
int sudoku_value(const std::string& entry);

ParseResult parse_sudoku(const SourceText& source, const KindFlags& flags);
// The fast path of parse_sudoku for the common batch line: the whole text is one word
// of 16, 81, 256 or 625 valid characters (blanks around it allowed). Anything else,
// errors included, returns null and is left to the full parser (batch.cpp).
std::unique_ptr<SudokuPuzzle> parse_sudoku_one_line(const SourceText& source);

}  // namespace prune::puzzles
