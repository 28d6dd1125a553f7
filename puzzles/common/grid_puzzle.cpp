#include "puzzles/common/grid_puzzle.hpp"

#include <algorithm>

#include "puzzles/common/grid_name.hpp"
#include "puzzles/common/plain_grid.hpp"

namespace prune::puzzles {

GridPuzzle::GridPuzzle(int rows, int columns) : GridPuzzle(std::vector<int>(static_cast<std::size_t>(rows), columns)) {}

GridPuzzle::GridPuzzle(std::vector<int> row_lengths) : row_lengths_(std::move(row_lengths)) {
    for (int length : row_lengths_) {
        row_starts_.push_back(cell_count_);
        cell_count_ += length;
        columns_ = std::max(columns_, length);
    }
}

std::vector<int> GridPuzzle::row_cells(int r) const {
    std::vector<int> cells;
    for (int c = 0; c < row_lengths_[static_cast<std::size_t>(r)]; ++c) cells.push_back(cell_at(r, c));
    return cells;
}

std::vector<int> GridPuzzle::column_cells(int c) const {
    std::vector<int> cells;
    for (int r = 0; r < rows(); ++r) cells.push_back(cell_at(r, c));
    return cells;
}

CellNames GridPuzzle::cell_names() const {
    CellNames names;
    names.reserve(static_cast<std::size_t>(cell_count_));
    for (int r = 0; r < rows(); ++r) {
        for (int c = 0; c < row_lengths_[static_cast<std::size_t>(r)]; ++c) names.push_back(grid_name(r, c));
    }
    return names;
}

std::string GridPuzzle::render_plain(const Values& values) const {
    std::string text;
    for (int r = 0; r < rows(); ++r) {
        const int length = row_lengths_[static_cast<std::size_t>(r)];
        text.append(static_cast<std::size_t>((columns_ - length) / 2), ' ');
        for (int c = 0; c < length; ++c) text += static_cast<char>('0' + values[static_cast<std::size_t>(cell_at(r, c))]);
        text += '\n';
    }
    return text;
}

void GridPuzzle::write_json_rows(JsonWriter& json, const char* key, const Values& values) const {
    json.begin_object();
    json.key(key);
    json.begin_array();
    for (int r = 0; r < rows(); ++r) {
        json.begin_array();
        for (int c = 0; c < row_lengths_[static_cast<std::size_t>(r)]; ++c) json.value(values[static_cast<std::size_t>(cell_at(r, c))]);
        json.end_array();
    }
    json.end_array();
    json.end_object();
}

void GridPuzzle::write_json_solution(JsonWriter& json, const Values& values) const { write_json_rows(json, "grid", values); }

std::optional<Values> GridPuzzle::read_plain_solution(const SourceText& text, Diagnostic& error) const {
    return read_digit_grid(text, cell_count_, error);
}

}  // namespace prune::puzzles
