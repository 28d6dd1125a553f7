// The Number Workout model. The two cells of a touching pair must be equal, so they
// share one variable (52 variables for 78 cells) instead of being linked by an
// equality constraint: the alldifferent of each hexagon then sees the shared digit
// directly. Each hexagon: alldifferent over its six segment variables, domains 1..6
// (so each hexagon is a permutation of 1..6).
#include <numeric>

#include <string>

#include "puzzles/numberworkout/numberworkout_puzzle.hpp"

namespace prune::puzzles {

PuzzleModel NumberWorkoutPuzzle::build_model(Solver& solver, const ModelSettings& settings) const {
    // representative[c]: the cell whose variable cell c uses (the first of its pair).
    std::vector<int> representative(workout_cells);
    std::iota(representative.begin(), representative.end(), 0);
    for (const TouchingPair& p : map_.pairs) representative[p.cell_b] = p.cell_a;

    // The clue a shared variable must take: 0 (none), a digit, or -1 for two different clues.
    std::vector<int> fixed_to(workout_cells, unknown);
    for (int c = 0; c < workout_cells; ++c) {
        if (clues_[c] == unknown) continue;
        int& slot = fixed_to[representative[c]];
        slot = (slot == unknown || slot == clues_[c]) ? clues_[c] : -1;
    }

    const CellNames names = cell_names();
    PuzzleModel model;
    model.cells.resize(workout_cells);
    bool contradictory_clues = false;
    for (int c = 0; c < workout_cells; ++c) {
        if (representative[c] != c) continue;
        const int v = fixed_to[c];
        const std::string& name = names[static_cast<std::size_t>(c)];  // a pair's variable: its first cell's name
        model.cells[c] = v > 0 ? solver.new_int_var(v, v, name) : solver.new_int_var(1, 6, name);
        if (v < 0) contradictory_clues = true;
        model.decisions.push_back(model.cells[c]);
    }
    for (int c = 0; c < workout_cells; ++c) {
        model.cells[c] = model.cells[representative[c]];
        // The second cell of a pair answers to its own name too (--explain r2c4).
        if (representative[c] != c) solver.alias_variable(model.cells[c], names[static_cast<std::size_t>(c)]);
    }
    if (contradictory_clues) solver.fail();  // a pair with two different given digits

    for (int h = 1; h <= workout_hexagons; ++h) {
        std::vector<IntVar> six;
        for (const HexagonSegment& s : map_.segments[h - 1]) six.push_back(model.cells[s.cell]);
        const int first = solver.propagator_count();
        all_different(solver, six, settings.alldifferent);
        solver.name_propagators_from(first, hexagon_name(h));
    }
    return model;
}

}  // namespace prune::puzzles
