// The Towers model: the Latin square (puzzles/common/latin_square.hpp) and one
// `regular` constraint per clue over its line, nearest cell first. The automaton's
// state is (tallest so far, buildings seen so far); reading a height higher than the
// tallest sees one more building. It accepts when `clue` buildings were seen and the
// tallest is n (which the Latin square implies anyway, and which makes a clue of 1
// put n next to it at once). regular is domain consistent on each line (Pesant 2004),
// so each clue on its own is propagated as far as it goes; with domain-consistent
// alldifferents on rows and columns, most human-graded puzzles need no search.
#include "puzzles/towers/towers_puzzle.hpp"

namespace prune::puzzles {
namespace {

// States t * (clue + 1) + s: t the tallest height so far (0 before the first cell),
// s the buildings seen.
Automaton visibility_automaton(int order, int clue) {
    Automaton automaton;
    const int seen_states = clue + 1;
    automaton.states = (order + 1) * seen_states;
    automaton.initial = 0;
    automaton.accepting.push_back(order * seen_states + clue);
    for (int tallest = 0; tallest <= order; ++tallest) {
        for (int seen = 0; seen <= clue; ++seen) {
            const int from = tallest * seen_states + seen;
            for (int height = 1; height <= order; ++height) {
                if (height > tallest) {
                    if (seen < clue) automaton.transitions.push_back({from, height, height * seen_states + seen + 1});
                } else {
                    automaton.transitions.push_back({from, height, from});  // hidden behind the tallest
                }
            }
        }
    }
    return automaton;
}

}  // namespace

PuzzleModel TowersPuzzle::build_model(Solver& solver, const ModelSettings& settings) const {
    PuzzleModel model = post_latin_model(solver, settings);
    for (int k = 0; k < clue_count(); ++k) {
        if (clue(k) == no_clue) continue;
        const int first = solver.propagator_count();
        regular(solver, vars_of(model, clue_line(k)), visibility_automaton(order(), clue(k)));
        solver.name_propagators_from(first, clue_name(k));
    }
    return model;
}

}  // namespace prune::puzzles
