// "r3c4": the name of the cell in row 3, column 4 (1-based): the one name of a grid
// cell in check lines, traces, --profile, --explain and the help of every grid kind.
#pragma once
#include <string>
#include <vector>

namespace prune::puzzles {

inline std::string grid_name(int row, int column) {
    std::string name = "r";  // (appended step by step: GCC 12 warns falsely on "r" + ...)
    name += std::to_string(row + 1);
    name += 'c';
    name += std::to_string(column + 1);
    return name;
}

// The names of a rows x columns grid's cells, row by row.
inline std::vector<std::string> grid_names(int rows, int columns) {
    std::vector<std::string> names;
    names.reserve(static_cast<std::size_t>(rows) * static_cast<std::size_t>(columns));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) names.push_back(grid_name(r, c));
    }
    return names;
}

}  // namespace prune::puzzles
