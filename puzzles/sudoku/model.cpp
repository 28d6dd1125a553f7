// The Sudoku model: a variable 1..N per cell (clues fixed) and an alldifferent per
// row, column and box, at the strength chosen with --alldiff (domain consistency,
// Regin's matching algorithm, by default: it solves most 9x9 puzzles without search).
#include <string>

#include "puzzles/sudoku/sudoku_puzzle.hpp"

namespace prune::puzzles {
PuzzleModel SudokuPuzzle::build_model(Solver& solver, const ModelSettings& settings) const {
    PuzzleModel model;
    const CellNames names = cell_names();
    for (int c = 0; c < cell_count(); ++c) {
        const std::string& name = names[static_cast<std::size_t>(c)];
        model.cells.push_back(clues_[c] == unknown ? solver.new_int_var(1, side(), name) : solver.new_int_var(clues_[c], clues_[c], name));
    }
    model.decisions = model.cells;
    auto post = [&](const std::vector<int>& cells, const char* what, int i) {
        std::vector<IntVar> group;
        for (int c : cells) group.push_back(model.cells[c]);
        const int first = solver.propagator_count();
        all_different(solver, group, settings.alldifferent);
        solver.name_propagators_from(first, numbered_name(what, i));  // as the check line names it
    };
    for (int i = 0; i < side(); ++i) {
        post(row_cells(i), "row", i);
        post(column_cells(i), "column", i);
        post(box_cells(i), "box", i);
    }
    return model;
}

}  // namespace prune::puzzles
