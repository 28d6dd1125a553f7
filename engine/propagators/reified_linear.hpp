// Reified linear constraints.
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
#pragma once
#include <cstdint>
#include <vector>

#include "../constraint_types.hpp"
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
    bool explain(Explanation& e) const override;
    // With b fixed, a pushed bound as one fact, as the linear side explains it.
    bool explains_bound_facts() const override { return true; }

private:
    // Explains `removed` (nullptr: a failure) by the linear (holds) or its negation.
    bool explain_side(Explanation& e, bool holds, const Fact* removed) const;
    std::vector<LinearTerm> terms_;
    Kind kind_;
    std::int64_t rhs_;
    BoolVar b_;
    Reification mode_;
};

}  // namespace prune
