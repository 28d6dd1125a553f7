// Set membership, plain and reified.
//
// ReifiedMember: b <=> x in S for a constant set S of ranges. Domain consistent:
//   b = 1 removes the gaps of S from x, b = 0 removes S; b is fixed when dom(x) is
//   inside S or disjoint from it. Cost O(#ranges) per run (plus the removals). On a
//   bounds-only domain an interior removal is a no-op, so it stays awake until the
//   domain proves the fact. S = {c} and S = Z \ {c} (reified x = c, x != c) are
//   woken only when c leaves dom(x) or x is fixed, so that the n reifications
//   x = 1..n of one variable cost O(1) per event each, not a run each.
//   Under learning: a removal from x by b's value; b's value, or a failure, by x's
//   having no value inside S (or none outside) before, as x's bounds where they
//   exclude such values and the removals of those between them. O(#ranges + the
//   values inside x's bounds that are explained).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "../constraint_types.hpp"
#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class ReifiedMember final : public Propagator {
public:
    ReifiedMember(IntVar x, IntRanges set, BoolVar b, Reification mode);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool advise(Solver& s, int tag, Event e) override;
    const char* kind() const override { return mode_ == Reification::equivalence ? "x in S<=>b" : "b=>x in S"; }
    bool explain(Explanation& e) const override;

private:
    bool intersects(const Solver& s) const;  // dom(x) meets S
    bool inside(const Solver& s) const;      // dom(x) is a subset of S
    bool in_set(std::int64_t v) const;
    // Adds facts saying x had no value in S (in = true) or none outside it (false)
    // before the inference; false (nothing added) when it had one.
    bool add_none(Explanation& e, bool in) const;

    IntVar x_;
    IntRanges set_;
    BoolVar b_;
    Reification mode_;
    // S = {c} or S = Z \ {c}: only the removal of c or the fixing of x matters, and
    // advise() keeps the propagator asleep otherwise (x = c reified, x != c reified).
    bool watch_one_value_ = false;
    int watched_value_ = 0;
    // add_none's scratch (at most #ranges + 1 intervals, reserved at construction).
    mutable std::vector<std::pair<std::int64_t, std::int64_t>> parts_;
};

}  // namespace prune
