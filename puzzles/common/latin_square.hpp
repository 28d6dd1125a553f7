// LatinSquarePuzzle: what the Latin-square kinds share (towers, keen, unequal): an
// n x n grid of cells r1c1.. holding 1..n, each value once in every row and every
// column, with optional given digits. It states those rules, posts them (one
// alldifferent per row and per column, at the consistency the settings ask for,
// domain by default), writes the plain grid (digits up to order 9, numbers separated
// by blanks above) and reads it back, and draws the grid of an SVG figure. A kind
// adds its own clues on top (see puzzles/towers/, puzzles/keen/, puzzles/unequal/).
#pragma once
#include <string>
#include <vector>

#include "puzzles/common/grid_puzzle.hpp"

namespace prune::puzzles {

class LatinSquarePuzzle : public GridPuzzle {
public:
    static constexpr int no_given = 0;

    int order() const { return order_; }
    // The given digit of a cell, or no_given.
    int given(int cell) const { return givens_[static_cast<std::size_t>(cell)]; }
    const std::vector<int>& givens() const { return givens_; }

    // Digits up to order 9; from order 10 on, each row as numbers separated by blanks.
    std::string render_plain(const Values& values) const override;
    std::optional<Values> read_plain_solution(const SourceText& text, Diagnostic& error) const override;
    // The grid on one line: digits up to order 9, else numbers separated by blanks.
    std::string render_line(const Values& values) const override;

protected:
    // `givens` holds order*order entries, row by row: a digit 1..order or no_given.
    LatinSquarePuzzle(int order, std::vector<int> givens);

    // The rules every Latin square states: cells in 1..n, the givens, each row and each
    // column all different ("row 1", "column 1").
    std::vector<Rule> latin_rules() const;
    // The cell variables (givens fixed) and the row and column alldifferents, named as
    // the rules; decisions are the cells.
    PuzzleModel post_latin_model(Solver& solver, const ModelSettings& settings) const;

    // The SVG of the grid: a `cell`-unit square per cell with its value, starting at
    // (left, top); givens in bold. The caller opens and closes the figure.
    std::string svg_cells(const Values& values, int cell, int left, int top) const;

    // The variables of `cells`, picked from the model's cell variables.
    static std::vector<IntVar> vars_of(const PuzzleModel& model, const std::vector<int>& cells);

private:
    int order_;
    std::vector<int> givens_;
};

}  // namespace prune::puzzles
