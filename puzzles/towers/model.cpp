// The Towers model: the Latin square (puzzles/common/latin_square.hpp) and, for each
// row and column with a clue at one end or both, one `visibility` constraint over the
// line (engine/propagators/visibility.hpp): the line is a permutation of 1..n showing
// the clued counts from its ends. It is domain consistent on that conjunction, so each
// line is propagated as far as its clues and its own alldifferent allow together: "3
// seen from the left, 2 from the right" prunes what the two clues and the permutation
// allow jointly, which one automaton per clue (a `regular` over (tallest so far,
// towers seen), the first model) does not: on sgt-towers 9dh sets that needed a
// median of ~12,000 nodes, this one far fewer (bench/tatham_sets.sh).
//
// The second model was a positive table per pair of counts (every such permutation,
// shared by the lines and puzzles of a process): the same pruning, but a 9x9 puzzle
// spent 55-85 ms building its tables (up to 118,124 permutations a line). Visibility
// walks the sets of used values instead (2^n of them), at no cost to build.
#include "puzzles/towers/towers_puzzle.hpp"

namespace prune::puzzles {

PuzzleModel TowersPuzzle::build_model(Solver& solver, const ModelSettings& settings) const {
    PuzzleModel model = post_latin_model(solver, settings);
    const int n = order();
    // Line i of the columns (i < n) and of the rows: the clue at its start and its end.
    for (int k = 0; k < 2 * n; ++k) {
        const bool column = k < n;
        const int index = k % n;
        const int start_clue = column ? index : 2 * n + index;  // top, left
        const int end_clue = column ? n + index : 3 * n + index;  // bottom, right
        if (clue(start_clue) == no_clue && clue(end_clue) == no_clue) continue;
        const std::vector<int> cells = column ? column_cells(index) : row_cells(index);
        std::string name = clue(start_clue) != no_clue ? clue_name(start_clue) : clue_name(end_clue);
        if (clue(start_clue) != no_clue && clue(end_clue) != no_clue) name += " and " + clue_name(end_clue);
        const int first = solver.propagator_count();
        visibility(solver, vars_of(model, cells), clue(start_clue), clue(end_clue));  // no_clue is 0: no count
        solver.name_propagators_from(first, name);
    }
    return model;
}

}  // namespace prune::puzzles
