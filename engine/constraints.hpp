// Posting constraints: the modelling API.
//
// Each function checks its arguments, builds the propagators and schedules their
// first run; propagation itself happens in Solver::propagate() or in search. Each
// returns false when the model is already known to be unsatisfiable, or when the call
// is invalid (then Solver::error() says why). Nothing throws.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "constraint_types.hpp"  // Relation, Consistency
#include "solver.hpp"
#include "tuple_set.hpp"

namespace prune {

// sum coefficients[i] * vars[i]  (relation)  right_hand_side. Bounds consistency.
bool linear(Solver& s, const std::vector<std::int64_t>& coefficients, const std::vector<IntVar>& vars,
            Relation relation, std::int64_t right_hand_side);
// sum vars[i]  (relation)  right_hand_side.
bool sum(Solver& s, const std::vector<IntVar>& vars, Relation relation, std::int64_t right_hand_side);

bool all_different(Solver& s, const std::vector<IntVar>& vars, Consistency consistency = Consistency::domain);

// Positive table: (vars) must equal one of the tuples (each of vars.size() values).
bool table(Solver& s, const std::vector<IntVar>& vars, const std::vector<std::vector<int>>& tuples);
// Negative table: (vars) must equal none of the tuples.
bool forbidden_table(Solver& s, const std::vector<IntVar>& vars, const std::vector<std::vector<int>>& tuples);
// The same on a TupleSet (engine/tuple_set.hpp) that many constraints share: post
// the same table many times at the cost of one. The set's arity must be vars.size().
bool shared_table(Solver& s, const std::vector<IntVar>& vars, std::shared_ptr<const TupleSet> tuples);
bool shared_forbidden_table(Solver& s, const std::vector<IntVar>& vars, std::shared_ptr<const TupleSet> tuples);

bool equal_offset(Solver& s, IntVar x, IntVar y, int c);       // x = y + c (domain consistent)
bool not_equal_offset(Solver& s, IntVar x, IntVar y, int c);   // x != y + c
bool less_equal_offset(Solver& s, IntVar x, IntVar y, int c);  // x <= y + c (bounds)
inline bool equal(Solver& s, IntVar x, IntVar y) { return equal_offset(s, x, y, 0); }
inline bool not_equal(Solver& s, IntVar x, IntVar y) { return not_equal_offset(s, x, y, 0); }
inline bool less_equal(Solver& s, IntVar x, IntVar y) { return less_equal_offset(s, x, y, 0); }
inline bool less(Solver& s, IntVar x, IntVar y) { return less_equal_offset(s, x, y, -1); }

// b = 1 <=> x = c, with b a 0/1 variable (domain consistent).
bool value_channel(Solver& s, IntVar x, int c, BoolVar b);

// result = array[index], index 0-based (domain consistent on index and result).
bool element(Solver& s, const std::vector<int>& array, IntVar index, IntVar result);
// result = array[index] over variables: domain consistent on index and result; once
// index is fixed, result and array[index] are kept equal (domain consistent).
bool element(Solver& s, const std::vector<IntVar>& array, IntVar index, IntVar result);

// ---- Counting, cardinality, ordering and automaton globals (issues 18, 19) ----
// Each is a propagator of its own in engine/propagators/ (the header states its
// consistency); MiniZinc reaches them through flatzinc/mznlib.

// count = |{i : vars[i] in values}| (among). Domain consistent (count, vars).
bool count_among(Solver& s, const std::vector<IntVar>& vars, const std::vector<int>& values, IntVar count);
// count = |{i : vars[i] = value}|. Domain consistent once value is fixed (it is then
// count_among); before, value consistent and count kept within the possible counts.
bool count_equal(Solver& s, const std::vector<IntVar>& vars, IntVar value, IntVar count);
// counts[j] = |{i : vars[i] = values[j]}|; closed: every vars[i] takes a listed value.
// Value-level counting both ways (see engine/propagators/global_cardinality.hpp).
bool global_cardinality(Solver& s, const std::vector<IntVar>& vars, const std::vector<int>& values,
                        const std::vector<IntVar>& counts, bool closed);
// n = the number of distinct values among vars, values in `except` not counted.
bool n_values(Solver& s, const std::vector<IntVar>& vars, IntVar n, const std::vector<int>& except = {});
// x <=lex y (x <lex y): domain consistent. Arrays of different lengths compare as
// MiniZinc does: a proper prefix is smaller.
bool lex_less_equal(Solver& s, const std::vector<IntVar>& x, const std::vector<IntVar>& y);
bool lex_less(Solver& s, const std::vector<IntVar>& x, const std::vector<IntVar>& y);
// The word vars[0] vars[1] ... is accepted by the (possibly nondeterministic)
// automaton. Domain consistent (engine/propagators/regular.hpp).
bool regular(Solver& s, const std::vector<IntVar>& vars, const Automaton& automaton);

}  // namespace prune
