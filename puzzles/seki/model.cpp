// The Seki model: one 0/1 variable per cell and one table constraint per rotor,
// listing the black/white patterns the rotor allows. A table is the natural form here:
// each rotor is a small, irregular relation over four cells, and a table propagator
// enforces it exactly (generalised arc consistency).
#include <string>

#include "puzzles/seki/seki_puzzle.hpp"

namespace prune::puzzles {
PuzzleModel SekiPuzzle::build_model(Solver& solver, const ModelSettings& /*settings*/) const {
    PuzzleModel model;
    const CellNames names = cell_names();
    for (int c = 0; c < cell_count(); ++c) model.cells.push_back(solver.new_int_var(0, 1, names[static_cast<std::size_t>(c)]));
    model.decisions = model.cells;
    for (int k = 0; k < rotor_count(); ++k) {
        const std::array<int, 4> around = rotor_cells(k);
        const std::vector<IntVar> scope = {model.cells[around[0]], model.cells[around[1]], model.cells[around[2]], model.cells[around[3]]};
        const int first = solver.propagator_count();
        table(solver, scope, allowed_patterns(rotors_[k]));
        solver.name_propagators_from(first, rotor_name(k));  // as the check line names it
    }
    return model;
}

}  // namespace prune::puzzles
