// Disjunctive (one-machine noOverlap): no two tasks [s_i, s_i + d_i) overlap, d_i >= 0.
// With zero_duration_ignored, a pair with a task of duration 0 is unconstrained
// (MiniZinc's disjunctive, XCSP3 noOverlap's default); without, every pair needs
// s_i + d_i <= s_j or s_j + d_j <= s_i (disjunctive_strict: an empty task may
// touch, not enter, another).
//
// DisjunctivePairs is the pairwise precedence reasoning on bounds (the disjunctive
// constraint's classic filtering; see Baptiste, Le Pape and Nuijten, "Constraint-Based
// Scheduling", 2001, ch. 2): with the minimum durations, when i cannot precede j
// (est_i + d_i > lst_j), j precedes i: est_i >= est_j + d_j and lst_j <= lst_i - d_j;
// when neither order fits, it fails. This subsumes time-tabling on one machine (a
// task overlapping another's compulsory part cannot precede it). Runs repeat until no
// bound moves, so a run reaches its own fixpoint. What it reaches: with every other
// task fixed, a start's bounds are supported (checked by the bench). Cost: O(n^2) a
// round. Vilím's Theta-tree edge finding and detectable precedences (O(n log n)) are
// not implemented.
#pragma once
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class DisjunctivePairs final : public Propagator {
public:
    DisjunctivePairs(std::vector<IntVar> starts, std::vector<IntVar> durations, bool zero_duration_ignored);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "disjunctive(pairs)"; }

private:
    std::vector<IntVar> starts_, durations_;
    bool zero_ignored_;
};

}  // namespace prune
