// Disjunctive (one-machine noOverlap): no two tasks [s_i, s_i + d_i) overlap, d_i >= 0.
// With zero_duration_ignored, a pair with a task of duration 0 is unconstrained
// (MiniZinc's disjunctive, XCSP3 noOverlap's default); without, every pair needs
// s_i + d_i <= s_j or s_j + d_j <= s_i (disjunctive_strict: an empty task may
// touch, not enter, another).
//
// Disjunctive runs the pairwise precedence reasoning on bounds (the disjunctive
// constraint's classic filtering; see Baptiste, Le Pape and Nuijten, "Constraint-Based
// Scheduling", 2001, ch. 2): with the minimum durations, when i cannot precede j
// (est_i + d_i > lst_j), j precedes i: est_i >= est_j + d_j and lst_j <= lst_i - d_j;
// when neither order fits, it fails. This subsumes time-tabling on one machine (a
// task overlapping another's compulsory part cannot precede it). Runs repeat until no
// bound moves, so a run reaches its own fixpoint. What it reaches: with every other
// task fixed, a start's bounds are supported (checked by the bench). Cost: O(n^2) a
// round.
//
// After the pairs reach their fixpoint, a round runs Vilím's O(n log n) Theta-tree
// algorithms on the tasks that must not overlap (all of them when strict, else those
// with a positive minimum duration), with durations at their minima (Vilím,
// "O(n log n) filtering algorithms for unary resource constraint", CPAIOR 2004):
// overload checking (a set whose earliest completion passes its latest completion
// fails) and detectable precedences (a task is pushed past the earliest completion of
// the tasks that surely precede it), each in both time directions, with the task
// orders kept between runs (insertion sort on nearly sorted orders). They catch what
// no pair sees: three tasks of length 2 in a window of 5. Edge finding is not
// implemented. They pay on job shops: ft06 (optimum 55) is proved in 312 nodes, where
// the pairs alone reach 58 and prove nothing in two minutes (173 million nodes). On
// loose instances they cost: enumerating the 181,440 schedules of 7 tasks of length 2
// in [0, 16) takes 1.5 s against 0.46 s with the pairs alone.
// Under learning it explains a start's value v by a set of tasks that must all end by
// v (each cannot start after i ends: [s_j <= v + d_i - 1]) and all start at or after
// some e ([s_j >= e]), with durations summing past v - e; or the mirror, tasks that
// must all start after i and end by some l. That covers the pairs (a set of one) and
// the detectable precedences (Vilím's explanation of them, pointwise); a failure by
// an overloaded set (all within [e, l], durations summing past l - e) or a start
// whose every value is explained so. Durations by their lower bounds. A pushed
// bound is explained as one fact, [s_i >= b] by tasks that must precede i from its
// bound before on (the detectable precedence itself, Vilím 2005), lifted.
#pragma once
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class Disjunctive final : public Propagator {
public:
    Disjunctive(std::vector<IntVar> starts, std::vector<IntVar> durations, bool zero_duration_ignored);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "disjunctive"; }
    bool explain(Explanation& e) const override;
    bool explains_bound_facts() const override { return true; }

private:
    // The Theta-tree passes on the current bounds, forward then mirrored; false on
    // failure, `moved` when a bound changed.
    bool theta_passes(Solver& s, bool& moved);
    // One direction: est/lst/p of the m tasks in task_, writes the raised earliest
    // starts to raised_; false when overloaded.
    bool overload_and_precedences(std::size_t m, int direction);
    // Task orders kept between runs: by est, lct, lst, ect (which 0..3), per direction.
    int* order(int direction, int which) { return orders_.data() + (direction * 4 + which) * starts_.size(); }
    // Pairwise precedences; false on failure.
    bool pairs(Solver& s, bool& moved);
    // Under learning, on the bounds before an inference (explain()). Whether task k
    // takes part (a positive minimum duration, or the strict form).
    bool takes_part(const Explanation& e, int k) const;
    // The candidate tasks of an explanation, sorted, into candidates_: those that must
    // end before i starts (latest start before `until`), or start after it ends
    // (earliest completion past `from`).
    void collect_starting_before(const Explanation& e, int i, std::int64_t until) const;
    void collect_ending_after(const Explanation& e, int i, std::int64_t from) const;
    // Task i cannot start at v: tasks before it (all ending by v) from a start e on,
    // or after it (all starting at v + d_i on) up to an end l, too long for the gap.
    // Adds the facts when `add` (else only says whether it can); `covered` is the last
    // value the same facts explain (forward).
    bool explain_before(Explanation& e, int i, std::int64_t v, std::int64_t& covered, bool add) const;
    bool explain_after(Explanation& e, int i, std::int64_t v, bool add) const;
    // A pushed bound of s_i as one fact: [s_i >= b] by the tasks that must end
    // before it (from its bound before on), [s_i <= b] by those that must start after.
    bool explain_lower_bound(Explanation& e, int i, std::int64_t b) const;
    bool explain_upper_bound(Explanation& e, int i, std::int64_t b) const;
    bool explain_overload(Explanation& e) const;
    bool explain_start_wiped(Explanation& e) const;

    // Theta tree over the tasks in est order: durations' sum and earliest completion.
    void tree_clear();
    void tree_insert(int rank, std::int64_t est, std::int64_t p);
    void tree_remove(int rank);
    void tree_update(int leaf);

    std::vector<IntVar> starts_, durations_;
    bool zero_ignored_;
    // Scratch, sized at construction.
    std::vector<int> task_;                          // tasks taking part in the passes
    std::vector<std::int64_t> est_, lst_, p_, raised_;  // per pass slot
    std::vector<int> orders_, rank_;
    std::size_t ordered_[2] = {0, 0};  // the task count the kept orders are for
    std::vector<char> in_tree_;
    int leaves_ = 1;
    std::vector<std::int64_t> sum_p_, ect_;  // 2 * leaves_ nodes, root 1
    mutable std::vector<int> candidates_;    // explain()'s scratch, reserved for every task
};

}  // namespace prune
