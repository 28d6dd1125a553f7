// "r3c4": the name of the cell in row 3, column 4 (1-based), for traces and --explain.
#pragma once
#include <string>

namespace prune::puzzles {

inline std::string grid_name(int row, int column) {
    std::string name = "r";  // (appended step by step: GCC 12 warns falsely on "r" + ...)
    name += std::to_string(row + 1);
    name += 'c';
    name += std::to_string(column + 1);
    return name;
}

}  // namespace prune::puzzles
