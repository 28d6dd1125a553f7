// Rows of givens, as the jigsaw and killer files write them (sudoku's cell alphabet).
#include "puzzles/sudoku/region_sudoku.hpp"
#include "puzzles/sudoku/sudoku_puzzle.hpp"

namespace prune::puzzles {

bool read_given_rows(const SourceText& source, const std::vector<SourceLine>& lines, std::size_t first, int side, std::vector<int>& clues,
                     Diagnostic& error) {
    const std::size_t n = static_cast<std::size_t>(side);
    clues.clear();
    for (std::size_t r = 0; r < n; ++r) {
        if (first + r >= lines.size()) {
            error = source.error_at(source.last_line_number(), 1, "expected " + std::to_string(side) + " rows of givens, found " + std::to_string(r));
            return false;
        }
        const SourceLine& line = lines[first + r];
        const std::vector<SudokuEntry> row = sudoku_entries(line);
        if (row.size() != n) {
            const int column = row.size() > n ? row[n].column : line.end_column();
            error = source.error_at(line.number, column, "expected " + std::to_string(side) + " cells in a row of givens, found " + std::to_string(row.size()));
            return false;
        }
        for (const SudokuEntry& e : row) {
            const int value = sudoku_value(e.text);
            if (value < 0 || value > side) {
                error = source.error_at(line.number, e.column, "'" + e.text + "' is not a given of this grid ('.' for blank, 1.." + std::to_string(side) + ")");
                return false;
            }
            clues.push_back(value);
        }
    }
    return true;
}

}  // namespace prune::puzzles
