// NoOverlap2D (MiniZinc's diffn, XCSP3's noOverlap in two dimensions): rectangles
// [x_i, x_i + dx_i) x [y_i, y_i + dy_i) do not overlap, sizes >= 0. With zero_ignored,
// a pair with a rectangle of width or height 0 is unconstrained (diffn_nonstrict,
// XCSP3's default); without, every pair is separated: x_i + dx_i <= x_j, or
// x_j + dx_j <= x_i, or the same along y (diffn).
//
// Pairwise reasoning on bounds (as the decomposition into reified precedences would
// prune, without its 4 n^2 Booleans; cf. Beldiceanu and Carlsson, "Sweep as a generic
// pruning technique applied to the non-overlapping rectangles constraint", CP 2001,
// for the stronger sweep, not implemented): with the minimum sizes, each of the four
// separations of a pair is possible or not on the current bounds; none fails, exactly
// one is enforced on the coordinates' bounds. Runs repeat until no bound moves.
// Soundness only is claimed: with one rectangle open the others' shadows can cut its
// positions in holes no bound sees. Cost: O(n^2) a round.
// Under learning a pushed bound (as one fact too) or a failure is explained by one
// pair: the four separations impossible, each by the bounds that rule it out and
// the size's minimum (a bound of the pushed coordinate itself only where a
// separation needs it, the other coordinate's lifted to what the push needs).
// O(n) pairs tried for a coordinate's fact, O(n^2) for a failure.
#pragma once
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class NoOverlap2D final : public Propagator {
public:
    NoOverlap2D(std::vector<IntVar> x, std::vector<IntVar> y, std::vector<IntVar> dx, std::vector<IntVar> dy,
                bool zero_ignored);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "no_overlap_2d(pairs)"; }
    bool explain(Explanation& e) const override;
    bool explains_bound_facts() const override { return true; }

private:
    // Whether every separation of pair (i, j) is impossible with `target` within
    // [lo, hi] (any other variable at its bounds before); when so, adds why (and
    // nothing otherwise).
    bool separated_by_none(Explanation& e, std::size_t i, std::size_t j, int target, std::int64_t lo, std::int64_t hi,
                           bool lo_is_bound, bool hi_is_bound) const;
    // a before b along one axis: a's start + size <= b's start, enforced on bounds.
    static Event before(Solver& s, IntVar a, std::int64_t size_a, IntVar b, bool& moved);

    std::vector<IntVar> x_, y_, dx_, dy_;
    bool zero_ignored_;
};

}  // namespace prune
