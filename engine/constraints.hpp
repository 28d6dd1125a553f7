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

// The vars take pairwise different values, by the propagators of one strength
// (engine/propagators/alldifferent_value.cpp lists them). Each strength has its own
// post function, and all_different() picks one inline: a program that names its
// strength links that strength's propagators only (value: 1 KB on a Cortex-M4, where
// domain and bounds bring 8 KB more).
bool all_different_value(Solver& s, const std::vector<IntVar>& vars);
bool all_different_bounds(Solver& s, const std::vector<IntVar>& vars);
bool all_different_domain(Solver& s, const std::vector<IntVar>& vars);
inline bool all_different(Solver& s, const std::vector<IntVar>& vars, Consistency consistency = Consistency::domain) {
    switch (consistency) {
        case Consistency::value: return all_different_value(s, vars);
        case Consistency::bounds: return all_different_bounds(s, vars);
        case Consistency::domain: break;
    }
    return all_different_domain(s, vars);
}
// The vars take pairwise different values adding up to total (a Kakuro run, a Killer
// cage): domain consistent on the conjunction for bitset domains within 16 values
// (engine/propagators/distinct_sum.hpp); wider or bounds-only domains get
// all_different (domain) and sum (=), which are not.
bool distinct_sum(Solver& s, const std::vector<IntVar>& vars, std::int64_t total);
// The n vars (at most 16) are a permutation of 1..n in which from_start values are
// visible from the start and from_end from the end (a value is visible when it is
// larger than every value before it; 0: no count at that end): a Towers line with
// its clues. Domain consistent on the conjunction (engine/propagators/visibility.hpp).
bool visibility(Solver& s, const std::vector<IntVar>& vars, int from_start, int from_end);

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

// ---- Graph and scheduling globals (issue 19) ----

// Successor model of one Hamiltonian circuit: node i (0-based) goes to node
// successors[i] - offset, and these arcs form a single cycle through all nodes.
// Posts all_different (domain) and the no-sub-tour propagator (propagators/circuit.hpp).
bool circuit(Solver& s, const std::vector<IntVar>& successors, int offset = 0);
// The same where successors[i] = i + offset means "node i is out"; the other nodes form
// one circuit (MiniZinc's subcircuit). allow_empty = false also demands a circuit (of
// at least two nodes), as XCSP3's `circuit` with loops does.
bool subcircuit(Solver& s, const std::vector<IntVar>& successors, int offset = 0, bool allow_empty = true);
// f and g inverse permutations, f.size() == g.size(). Positions are numbered from the
// offsets: f's first element is position f_offset, g's is g_offset, so for 0-based
// i and j, f[i] = g_offset + j <=> g[j] = f_offset + i (MiniZinc's inverse with the
// arrays' index-set minima; XCSP3's channel with the lists' startIndex). The channel
// keeps both directions of every arc equal, beside an all_different(f) at
// `consistency`: domain (the default) makes the pair domain consistent; value leaves
// forward checking (a fixed f[i] takes its value from the other f's, and its
// partner is fixed through the channel), and under learning its one-fact reasons
// beat the Hall-set explanations of domain: black-hole --learn -f runs five to ten
// times faster (docs/architecture.md, "Alldifferent under learning").
// inverse(x, x, o, o) states x[x[i] - o] = i + o, an involution (XCSP3's channel on
// one list); the bench checks it at value consistency.
bool inverse(Solver& s, const std::vector<IntVar>& f, const std::vector<IntVar>& g, int f_offset = 0, int g_offset = 0,
             Consistency consistency = Consistency::domain);
// Tasks i run over [starts[i], starts[i] + durations[i]) using heights[i] of a resource
// of the given capacity: at every time the heights of the running tasks sum to at most
// capacity. Durations and heights are at least 0 (restricted at post, as MiniZinc
// asserts). Time-tabling on the start bounds (propagators/cumulative.hpp).
bool cumulative(Solver& s, const std::vector<IntVar>& starts, const std::vector<IntVar>& durations,
                const std::vector<IntVar>& heights, IntVar capacity);
// No two tasks [starts[i], starts[i] + durations[i]) overlap; durations >= 0. With
// zero_duration_ignored, a task of duration 0 may be anywhere (MiniZinc's disjunctive,
// XCSP3 noOverlap's default); without, it may not lie strictly inside another task
// (disjunctive_strict: s_i + d_i <= s_j or s_j + d_j <= s_i for every pair).
bool disjunctive(Solver& s, const std::vector<IntVar>& starts, const std::vector<IntVar>& durations,
                 bool zero_duration_ignored = true);
// Rectangles [x_i, x_i + dx_i) x [y_i, y_i + dy_i) do not overlap; sizes >= 0. With
// zero_ignored, a rectangle of width or height 0 may be anywhere (MiniZinc's
// diffn_nonstrict, XCSP3 noOverlap's default); without, every pair is separated along
// x or y (MiniZinc's diffn).
bool no_overlap_2d(Solver& s, const std::vector<IntVar>& x, const std::vector<IntVar>& y, const std::vector<IntVar>& dx,
                   const std::vector<IntVar>& dy, bool zero_ignored = true);
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
