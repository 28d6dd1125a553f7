// DistinctSum: the variables take pairwise different values that add up to a fixed
// total (a Kakuro run, a Killer cage), as one constraint.
//
// Consistency: domain (GAC) on the conjunction, which alldifferent and a sum posted
// apart do not reach (a 2-cell run of sum 4 over 1..9 is {1,3}; bounds reasoning on the
// sum alone keeps 2). Algorithm: the constraint's layered graph (as in Pesant's regular,
// CP 2004, and Trick's knapsack graphs, CPAIOR 2003), whose nodes are the sets of values
// used so far: a set of size i is a node of layer i, reached from the sets of layer i-1
// by a value of vars[i-1] not in them. Since a set's size fixes its layer and adding a
// value makes the set's bit mask larger, one ascending sweep over the masks finds the
// sets reachable from the empty one, one descending sweep keeps those that reach a set
// of size n whose values add up to the total, and a value of vars[i] is supported iff
// it labels an arc between two kept nodes. Both sweeps visit only reached sets, and the
// forward sweep reaches only sets whose sum the variables still to come can bring to
// the total (between the sums of their minima and maxima, and of the fewest and the
// most their count of distinct values can add): the same fixpoint, on fewer sets.
// Cost per run: O(S * d) for S reachable sets (at most the subsets of at most n of the
// R values, sum of C(R, k) for k <= n) and domain size d, plus O(2^R / 64) to clear
// two bitsets. For a Kakuro run (R = 9) S is at most 512.
// Limits: bitset domains inside a window of R <= max_values values (the post function
// falls back to all_different + sum beyond). Idempotent (the pruned domains keep every
// support path); entailed once every variable is fixed. Nothing allocated in
// propagate(): the two bitsets of 2^R bits and the table of mask sums are made at
// construction (the sums table is one static, shared by all).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class DistinctSum final : public Propagator {
public:
    static constexpr int max_values = 16;  // 2^16 sets: two bitsets of 8 KB

    // Whether vars fit: distinct variables, bitset domains, values inside a window of
    // at most max_values values, and no more variables than values.
    static bool fits(const Solver& s, const std::vector<IntVar>& vars);
    DistinctSum(const Solver& s, std::vector<IntVar> vars, std::int64_t total);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "distinct_sum"; }
    // Learning: a removal of v from x (x = v has no solution) or a failure, explained
    // by the other variables' domains before it, each as its fixing or its bounds and
    // the holes between. Not minimised: deletion (give each variable's facts back,
    // keep them out when still no set completes) took one forward sweep per step and
    // changed the failures to solve Kakuro by a few percent either way, at 2 to 5x
    // the time (see the commit that removed it). O(n) words.
    bool explain(Explanation& e) const override;

private:
    // The sweeps of propagate(): sets reachable from the empty set (whether one of all
    // n values adds up to the total), then the supported values of each variable
    // (supports_; false when no set completes).
    bool sweep_forward();
    void bound_rests();
    bool sweep_backward();

    std::vector<IntVar> vars_;
    std::int64_t base_;   // bit k of a set or domain stands for the value base_ + k
    int values_;          // R: the window's width
    std::int64_t target_; // the total minus n * base_: the sum of the bit indices of a completed set
    // Scratch of one run.
    std::vector<std::uint64_t> reached_;  // bit m: set m is reachable from the empty set
    std::vector<std::uint64_t> kept_;     // bit m: set m reaches a completed set
    std::vector<std::uint32_t> domains_;  // the domains, as sets
    std::vector<std::uint32_t> supports_; // the supported values
    std::vector<std::int64_t> rest_low_;  // bound_rests()
    std::vector<std::int64_t> rest_high_;
};

}  // namespace prune
