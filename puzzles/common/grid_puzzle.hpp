// GridPuzzle: what the kinds whose cells are rows of digits share (seki, kurosu,
// numberworkout, sudoku, quarto): cells r1c1.. row by row, a plain output of one line
// of digits per row (a shorter row centred), the JSON {"grid": [[...], ...]} and
// reading that plain grid back. A kind overrides the outputs it writes otherwise.
#pragma once
#include <vector>

#include "puzzles/puzzle.hpp"

namespace prune::puzzles {

class GridPuzzle : public Puzzle {
public:
    int rows() const { return static_cast<int>(row_lengths_.size()); }
    // The width of the grid: the longest row.
    int columns() const { return columns_; }
    // The cell at row r, column c (0-based).
    int cell_at(int r, int c) const { return row_starts_[static_cast<std::size_t>(r)] + c; }
    // The cells of row r, and of column c of a rectangular grid, in order.
    std::vector<int> row_cells(int r) const;
    std::vector<int> column_cells(int c) const;

    int cell_count() const override { return cell_count_; }
    CellNames cell_names() const override;
    std::string render_plain(const Values& values) const override;
    void write_json_solution(JsonWriter& json, const Values& values) const override;
    std::optional<Values> read_plain_solution(const SourceText& text, Diagnostic& error) const override;

protected:
    // A rows x columns grid.
    GridPuzzle(int rows, int columns);
    // Rows of the given lengths (a number workout's 3, 9, ..., 9, 3).
    explicit GridPuzzle(std::vector<int> row_lengths);

    // {"KEY": [[...], ...]}: the values row by row.
    void write_json_rows(JsonWriter& json, const char* key, const Values& values) const;

private:
    std::vector<int> row_lengths_;
    std::vector<int> row_starts_;
    int columns_ = 0;
    int cell_count_ = 0;
};

}  // namespace prune::puzzles
