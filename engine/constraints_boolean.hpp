// Posting Boolean constraints over 0/1 variables (true = 1).
//
// Every function checks that its variables have domains within {0, 1} and returns
// false when the model is known unsatisfiable or the call is invalid (then
// Solver::error() says why). Linear Boolean constraints (bool_lin_*, counting) are
// plain linear() calls. See engine/propagators/boolean.hpp for the algorithms.
#pragma once
#include <vector>

#include "constraint_types.hpp"  // BoolLiteral, Relation
#include "constraints.hpp"
#include "solver.hpp"

namespace prune {

// OR(positives) or OR(not negatives): at least one positive is 1 or one negative is 0.
bool clause(Solver& s, const std::vector<BoolVar>& positives, const std::vector<BoolVar>& negatives = {});
// result <=> OR(literals), result itself a literal (so AND, implication and their
// reifications are one call: r <=> AND(xs) is (not r) <=> OR(not xs)).
bool or_reified(Solver& s, const std::vector<BoolLiteral>& literals, BoolLiteral result);
// r <=> OR(positives, not negatives) (FlatZinc bool_clause_reif).
bool clause_reified(Solver& s, const std::vector<BoolVar>& positives, const std::vector<BoolVar>& negatives, BoolVar r);
bool and_reified(Solver& s, const std::vector<BoolVar>& xs, BoolVar r);  // r <=> AND(xs)
bool or_reified(Solver& s, const std::vector<BoolVar>& xs, BoolVar r);   // r <=> OR(xs)
// The number of variables equal to 1 is odd (odd = true) or even.
bool parity(Solver& s, const std::vector<BoolVar>& xs, bool odd);
bool bool_xor(Solver& s, BoolVar a, BoolVar b, BoolVar r);        // r <=> a != b
bool bool_eq_reified(Solver& s, BoolVar a, BoolVar b, BoolVar r);  // r <=> a == b
bool bool_not(Solver& s, BoolVar a, BoolVar b);                    // b = not a
// The number of xs equal to 1 (relation) c: a counting propagator, O(1) per event,
// for the sums of 0/1 variables that count and cardinality decompositions produce.
// Relation::not_equal is not supported here (use linear()).
bool bool_sum(Solver& s, const std::vector<BoolVar>& xs, Relation relation, IntVar c);

}  // namespace prune
