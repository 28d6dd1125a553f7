// Automata over 0/1 lines, for the engine's regular() (engine/propagators/regular.hpp):
// one automaton states a whole row or column, and regular() is domain consistent on
// it, which a line's rules posted one by one (a sum, windows of three) are not.
// Each automaton depends only on the line's length or clue, so a kind builds it once
// per distinct line and posts it on every line that shares it.
#pragma once
#include <vector>

#include "engine/constraint_types.hpp"

namespace prune::puzzles {

// Unruly / Kurosu: the 0/1 words of length `length` (even) with as many 1s as 0s and
// never three equal symbols in a row. States: the start, then (ones read so far,
// last symbol, length of its run) with at most length/2 ones and runs of 1 or 2:
// 4 * (length/2 + 1) + 1 states. The number of 0s is not in the state: among words
// of exactly `length` symbols, ending with length/2 ones means length/2 zeros, and
// regular()'s layered graph (one layer per position) already prunes a prefix with
// too many zeros, as it cannot reach an accepting state in the positions left.
Automaton balanced_line_automaton(int length);

// Nonogram (Tatham's Pattern): the 0/1 words whose runs of 1s have exactly the lengths
// `runs`, in order (each >= 1; empty: no 1 at all), i.e. 0* 1^a 0+ 1^b ... 1^z 0*.
// One state per cell of the clue's skeleton: the start, then after the j-th 1 of run
// k, then after the gap following run k; sum(runs) + runs.size() + 1 states at most.
Automaton runs_automaton(const std::vector<int>& runs);

// The runs of 1s of a 0/1 word, as the clue of a nonogram line lists them.
std::vector<int> runs_of_ones(const std::vector<int>& word);

}  // namespace prune::puzzles
