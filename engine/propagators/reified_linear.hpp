// Reified linear constraints and reified set membership.
//
// ReifiedLinear: b <=> sum a_i * x_i (<=, =, !=) c, or b => ... (half reification).
//   While b is open, the bounds decide it: the <= holds in the whole box when
//   max_sum <= c and fails when min_sum > c; = fails when c is outside
//   [min_sum, max_sum] and holds when every term is fixed to a sum of c. For <= this
//   is bounds(Z) consistent on b and on every x_i (each bound of x_i is supported by
//   the b value it agrees with); for = and != it is sound but weaker (holes and
//   divisibility are not used while b is open). Once b is fixed the propagator acts
//   as LinearLessEqual / LinearEqual / LinearNotEqual on the linear or its negation
//   (not <= c is >= c + 1, not = is !=), bounds(R) consistent, inside the same
//   propagator. Cost O(n) per pass; = loops to its fixpoint, so every run is
//   idempotent. 64-bit arithmetic; the post function refuses partial sums beyond
//   2^62 like linear(). (Reification as in Gecode's linear constraints, Schulte &
//   Stuckey, "Efficient constraint propagation engines", TOPLAS 2008; half
//   reification: Feydy, Somogyi & Stuckey, "Half reification and flattening", CP 2011.)
//
// ReifiedMember: b <=> x in S for a constant set S of ranges. Domain consistent:
//   b = 1 removes the gaps of S from x, b = 0 removes S; b is fixed when dom(x) is
//   inside S or disjoint from it. Cost O(#ranges) per run (plus the removals). On a
//   bounds-only domain an interior removal is a no-op, so it stays awake until the
//   domain proves the fact. S = {c} and S = Z \ {c} (reified x = c, x != c) are
//   woken only when c leaves dom(x) or x is fixed, so that the n reifications
//   x = 1..n of one variable cost O(1) per event each, not a run each.
#pragma once
#include <cstdint>
#include <vector>

#include "../constraints_reified.hpp"
#include "../propagator.hpp"
#include "../solver.hpp"
#include "linear.hpp"

namespace prune {

class ReifiedLinear final : public Propagator {
public:
    enum class Kind : std::uint8_t { less_equal, equal, not_equal };
    ReifiedLinear(std::vector<LinearTerm> terms, Kind kind, std::int64_t rhs, BoolVar b, Reification mode);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override;

private:
    // Sum of sign * a_i * x_i over the terms: the minimum and maximum in the box.
    void sums(const Solver& s, std::int64_t sign, std::int64_t& min_sum, std::int64_t& max_sum) const;
    // Enforces sign * sum <= bound (one pass, idempotent).
    Status enforce_less_equal(Solver& s, std::int64_t sign, std::int64_t bound);
    Status enforce_equal(Solver& s);
    Status enforce_not_equal(Solver& s);

    std::vector<LinearTerm> terms_;
    Kind kind_;
    std::int64_t rhs_;
    BoolVar b_;
    Reification mode_;
};

class ReifiedMember final : public Propagator {
public:
    ReifiedMember(IntVar x, IntRanges set, BoolVar b, Reification mode);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool advise(Solver& s, int tag, Event e) override;
    const char* kind() const override { return mode_ == Reification::equivalence ? "x in S<=>b" : "b=>x in S"; }

private:
    bool intersects(const Solver& s) const;  // dom(x) meets S
    bool inside(const Solver& s) const;      // dom(x) is a subset of S

    IntVar x_;
    IntRanges set_;
    BoolVar b_;
    Reification mode_;
    // S = {c} or S = Z \ {c}: only the removal of c or the fixing of x matters, and
    // advise() keeps the propagator asleep otherwise (x = c reified, x != c reified).
    bool watch_one_value_ = false;
    int watched_value_ = 0;
};

}  // namespace prune
