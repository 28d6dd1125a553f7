// Posting reified constraints: a 0/1 variable b tells whether a constraint holds.
//
//   Reification::equivalence   b = 1 <=> the constraint holds
//   Reification::implication   b = 1  => the constraint holds (half reification;
//                              b = 0 says nothing)
//
// Each function checks its arguments like the plain post functions of
// constraints.hpp: it returns false when the model is known unsatisfiable or the call
// is invalid (then Solver::error() says why). b must have a domain within {0, 1}.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "constraint_types.hpp"  // Reification, IntRanges
#include "constraints.hpp"
#include "solver.hpp"

namespace prune {

// b <=> (sum coefficients[i] * vars[i]  relation  right_hand_side). Bounds reasoning:
// b is fixed as soon as the bounds entail or disentail the linear; once b is fixed,
// the linear (or its negation) is propagated as by linear(). Same overflow rules as
// linear(): partial sums must stay within +-2^62.
bool linear_reified(Solver& s, const std::vector<std::int64_t>& coefficients, const std::vector<IntVar>& vars,
                    Relation relation, std::int64_t right_hand_side, BoolVar b,
                    Reification mode = Reification::equivalence);

// b <=> x = y, x != y, x <= y, x < y (through linear_reified).
bool equal_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode = Reification::equivalence);
bool not_equal_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode = Reification::equivalence);
bool less_equal_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode = Reification::equivalence);
bool less_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode = Reification::equivalence);

// Normalises any list of ranges (unsorted, overlapping, empty ones) into IntRanges.
IntRanges normalize_ranges(std::vector<std::pair<int, int>> ranges);

// x in S (domain consistent; also correct on bounds-only domains, where it keeps
// checking the interior values it cannot remove).
bool member(Solver& s, IntVar x, const IntRanges& set);
// b <=> x in S (domain consistent on x and b).
bool member_reified(Solver& s, IntVar x, const IntRanges& set, BoolVar b, Reification mode = Reification::equivalence);

}  // namespace prune
