// AllDifferentBounds: alldifferent at bounds(Z) consistency.
//
// After a run, the minimum and the maximum of every variable take part in a solution
// of the relaxation in which every other variable ranges over its whole interval
// [min, max] (Hall-interval reasoning). Interior holes are not used for pruning, so
// this works the same on bitset and bounds-only domains (domain.hpp); only set_min()
// and set_max() are called.
//
// Algorithm: Lopez-Ortiz, Quimper, Tromp and van Beek, "A fast and simple algorithm
// for bounds consistency of the alldifferent constraint", IJCAI 2003. The distinct
// values {min_i} U {max_i + 1} cut the line into buckets. Variables are taken in
// increasing order of max and each is given the smallest free value >= its min, one
// bucket-block at a time: full blocks are merged into their right neighbour through a
// path-compressed forest. A block left with exactly as many free values as lie beyond
// the current max closes a Hall interval; a second path-compressed forest over the
// bucket boundaries maps every min inside a Hall interval to the interval's end. The
// same sweep on the mirrored intervals [-max, -min] tightens the maxima.
//
// Cost: O(n log n) per round for the two sorts (insertion sort from the previous
// run's order while it is nearly sorted, else std::sort), near-linear for the sweeps.
// For interval domains one round reaches the fixpoint: every value the sweep keeps is
// used by some matching of the original intervals, and such matchings only use kept
// values. When a new bound lands on a hole of a bitset domain the bound moves further
// than the sweep asked, and the run repeats; the propagator is therefore idempotent.
// Entailed when the intervals are pairwise disjoint. Subscribes to bounds events.
// The variables must be pairwise distinct (the post function checks this).
// Under learning it explains its removals and failures by Hall intervals of the
// domains' hulls (HallExplainer, alldifferent_explain.hpp).
//
// HallIntervalFilter is the algorithm without the Propagator shell; AllDifferentDomain
// uses it too, as its fallback for huge value ranges.
#pragma once
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"
#include "alldifferent_explain.hpp"

namespace prune {

class HallIntervalFilter {
public:
    // Scratch memory for `n` variables; run() does not allocate.
    explicit HallIntervalFilter(std::size_t n);
    // Tightens the bounds of `vars` (n of them) to bounds(Z) consistency.
    Status run(Solver& s, const std::vector<IntVar>& vars);

private:
    // One sweep over intervals [lo[i], hi[i]] given in increasing lo (by_lo) and
    // increasing hi (by_hi): writes in raised[i] the smallest value >= lo[i] that
    // takes part in a matching. False when no matching covers every interval.
    bool sweep(const std::int64_t* lo, const std::int64_t* hi, const int* by_lo, const int* by_hi,
               std::int64_t* raised);

    std::size_t n_;
    std::vector<std::int64_t> lo_, hi_;          // current intervals
    std::vector<std::int64_t> mirror_lo_, mirror_hi_;  // [-hi, -lo]
    std::vector<int> by_lo_, by_hi_;             // permutations, kept between runs
    std::vector<int> mirror_by_lo_, mirror_by_hi_;
    std::vector<std::int64_t> new_lo_, new_mirror_lo_;
    // Sweep scratch, indexed by critical point (2n + 2 entries).
    std::vector<std::int64_t> point_;  // sorted distinct critical points with sentinels
    std::vector<int> lo_rank_, hi_rank_;  // point index of lo[i] and of hi[i] + 1
    std::vector<int> block_;  // > k: bucket k is full, follow; else the block's left point
    std::vector<std::int64_t> free_;  // free values of the block rooted at k
    std::vector<int> hall_;  // > k: point k lies in a Hall interval, follow to its end
};

class AllDifferentBounds final : public Propagator {
public:
    explicit AllDifferentBounds(std::vector<IntVar> vars);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "alldifferent(bounds)"; }
    bool explain(Explanation& e) const override;

private:
    std::vector<IntVar> vars_;
    HallIntervalFilter filter_;
    [[no_unique_address]] HallExplainer explainer_;
};

}  // namespace prune
