// Linear constraints: sum a_i * x_i (<=, =, !=) c over integer coefficients of any sign.
//
// LinearLessEqual and LinearEqual reach bounds(R) consistency: each bound is
// tightened to the value implied by the others' bounds, rounded inward. One pass of
// <= is idempotent (tightening a maximum cannot raise any minimum contribution); =
// loops until no bound moves. Cost O(n) per pass. LinearNotEqual waits until one
// variable is left and removes the single forbidden value. All arithmetic is 64-bit;
// the post function refuses models whose partial sums could exceed +-2^62.
// (Standard bound reasoning, e.g. Harvey & Stuckey, "Improving linear constraint
// propagation by changing constraint representation", Constraints 2003.)
#pragma once
#include <cstdint>
#include <vector>

#include "../integer_math.hpp"
#include "../learning/explanation.hpp"
#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

struct LinearTerm {
    std::int64_t coefficient;
    IntVar var;
};

class LinearLessEqual final : public Propagator {
public:
    LinearLessEqual(std::vector<LinearTerm> terms, std::int64_t bound);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "linear<="; }
    bool explain(Explanation& e) const override;
    bool explains_bound_facts() const override { return true; }

private:
    std::vector<LinearTerm> terms_;
    std::int64_t bound_;
};

class LinearEqual final : public Propagator {
public:
    LinearEqual(std::vector<LinearTerm> terms, std::int64_t value);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "linear="; }
    bool explain(Explanation& e) const override;
    bool explains_bound_facts() const override { return true; }

private:
    std::vector<LinearTerm> terms_;
    std::int64_t value_;
};

class LinearNotEqual final : public Propagator {
public:
    LinearNotEqual(std::vector<LinearTerm> terms, std::int64_t value);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "linear!="; }
    bool explain(Explanation& e) const override;

private:
    std::vector<LinearTerm> terms_;
    std::int64_t value_;
};

// One run of each propagator on a list of terms, shared with the reified form's
// enforcing side (engine/propagators/reified_linear.cpp):
//   sign * sum(terms) <= bound, one idempotent pass;
//   sum(terms) = value, looped to its fixpoint;
//   sum(terms) != value, forward checking: removes the one value left open when all
//   but one term are fixed.
Status propagate_linear_less_equal(Solver& s, const std::vector<LinearTerm>& terms, std::int64_t sign,
                                   std::int64_t bound);
Status propagate_linear_equal(Solver& s, const std::vector<LinearTerm>& terms, std::int64_t value);
Status propagate_linear_not_equal(Solver& s, const std::vector<LinearTerm>& terms, std::int64_t value);

// Their explanations under learning (learning/explanation.hpp), shared with
// ReifiedLinear: `removed` is the fact to explain, or nullptr for a failure (the
// facts with which the constraint has no solution). A bound fact [x >= b] is
// explained as the removal of b - 1 on the side that pushes x up (every value below
// it is then excluded too), [x <= b] as that of b + 1; not by !=. False when the constraint's
// reasoning on the domains before does not give it. The bounds reasoning is
// explained by bound literals, lifted: the slack the inference leaves is spent on
// weakening them (Chuffed's lifted linear explanations), so fewer removals appear.
bool explain_linear_less_equal(Explanation& e, const std::vector<LinearTerm>& terms, std::int64_t sign,
                               std::int64_t bound, const Fact* removed);
bool explain_linear_equal(Explanation& e, const std::vector<LinearTerm>& terms, std::int64_t value, const Fact* removed);
bool explain_linear_not_equal(Explanation& e, const std::vector<LinearTerm>& terms, std::int64_t value,
                              const Fact* removed);

// The post-time rules of linear() and linear_reified(), in one place: the sizes
// agree, every handle belongs to s, |a_i| <= 2^31-1 (also after repeated variables
// are merged into one term), zero coefficients are dropped, |c| < 2^62 - 1 and
// |c| + 1 + sum |a_i| * max|x_i| <= 2^62, so that every partial sum of the
// constraint and of its negation fits in 64 bits. False with Solver::error() set
// ("who: ...") otherwise.
bool prepare_linear_terms(Solver& s, const char* who, const std::vector<std::int64_t>& coefficients,
                          const std::vector<IntVar>& vars, std::int64_t right_hand_side, std::vector<LinearTerm>& terms);

// The smallest and largest value of a * x, and the bound updates that enforce
// a * x <= limit / a * x >= limit (false on wipe-out): the bound reasoning every
// linear propagator (plain and reified) is made of.
inline std::int64_t min_term(const Solver& s, std::int64_t a, IntVar x) { return a > 0 ? a * s.min(x) : a * s.max(x); }
inline std::int64_t max_term(const Solver& s, std::int64_t a, IntVar x) { return a > 0 ? a * s.max(x) : a * s.min(x); }
[[nodiscard]] inline bool restrict_above(Solver& s, std::int64_t a, IntVar x, std::int64_t limit) {
    return !is_failure(a > 0 ? s.set_max(x, floor_div(limit, a)) : s.set_min(x, ceil_div(limit, a)));
}
[[nodiscard]] inline bool restrict_below(Solver& s, std::int64_t a, IntVar x, std::int64_t limit) {
    return !is_failure(a > 0 ? s.set_min(x, ceil_div(limit, a)) : s.set_max(x, floor_div(limit, a)));
}

}  // namespace prune
