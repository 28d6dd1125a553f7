#include "linear.hpp"

namespace prune {
namespace {

std::int64_t min_term(const Solver& s, const LinearTerm& t) { return min_term(s, t.coefficient, t.var); }
std::int64_t max_term(const Solver& s, const LinearTerm& t) { return max_term(s, t.coefficient, t.var); }
bool restrict_above(Solver& s, const LinearTerm& t, std::int64_t limit) { return restrict_above(s, t.coefficient, t.var, limit); }
bool restrict_below(Solver& s, const LinearTerm& t, std::int64_t limit) { return restrict_below(s, t.coefficient, t.var, limit); }

}  // namespace

LinearLessEqual::LinearLessEqual(std::vector<LinearTerm> terms, std::int64_t bound)
    : Propagator(PropagatorCost::linear), terms_(std::move(terms)), bound_(bound) {}

void LinearLessEqual::attach(Solver& s) {
    // Only the minimum contributions matter: a > 0 needs x's min, a < 0 its max.
    for (const LinearTerm& t : terms_) s.subscribe(this, t.var, Condition::bounds);
}

Status LinearLessEqual::propagate(Solver& s) {
    std::int64_t min_sum = 0;
    std::int64_t max_sum = 0;
    for (const LinearTerm& t : terms_) {
        min_sum += min_term(s, t);
        max_sum += max_term(s, t);
    }
    if (min_sum > bound_) return Status::failed;
    if (max_sum <= bound_) return Status::entailed;
    for (const LinearTerm& t : terms_) {
        // The others contribute at least min_sum - min_term(t), so a*x <= bound - that.
        if (!restrict_above(s, t, bound_ - (min_sum - min_term(s, t)))) return Status::failed;
    }
    return Status::ok;
}

LinearEqual::LinearEqual(std::vector<LinearTerm> terms, std::int64_t value)
    : Propagator(PropagatorCost::linear), terms_(std::move(terms)), value_(value) {}

void LinearEqual::attach(Solver& s) {
    for (const LinearTerm& t : terms_) s.subscribe(this, t.var, Condition::bounds);
}

Status LinearEqual::propagate(Solver& s) {
    for (;;) {
        std::int64_t min_sum = 0;
        std::int64_t max_sum = 0;
        for (const LinearTerm& t : terms_) {
            min_sum += min_term(s, t);
            max_sum += max_term(s, t);
        }
        if (min_sum > value_ || max_sum < value_) return Status::failed;
        if (min_sum == max_sum) return Status::entailed;  // all fixed and equal
        bool changed = false;
        for (const LinearTerm& t : terms_) {
            const std::int64_t lo = min_term(s, t);
            const std::int64_t hi = max_term(s, t);
            const std::int64_t upper = value_ - (min_sum - lo);
            const std::int64_t lower = value_ - (max_sum - hi);
            if (upper < hi) {
                if (!restrict_above(s, t, upper)) return Status::failed;
            }
            if (lower > lo) {
                if (!restrict_below(s, t, lower)) return Status::failed;
            }
            const std::int64_t new_lo = min_term(s, t);
            const std::int64_t new_hi = max_term(s, t);
            if (new_lo != lo || new_hi != hi) {
                // Keep the sums exact for the remaining terms of this pass.
                min_sum += new_lo - lo;
                max_sum += new_hi - hi;
                changed = true;
            }
        }
        if (!changed) return Status::ok;
    }
}

LinearNotEqual::LinearNotEqual(std::vector<LinearTerm> terms, std::int64_t value)
    : Propagator(PropagatorCost::linear), terms_(std::move(terms)), value_(value) {}

void LinearNotEqual::attach(Solver& s) {
    for (const LinearTerm& t : terms_) s.subscribe(this, t.var, Condition::fixed);
}

Status propagate_linear_not_equal(Solver& s, const std::vector<LinearTerm>& terms, std::int64_t value) {
    const LinearTerm* open = nullptr;
    std::int64_t fixed_sum = 0;
    for (const LinearTerm& t : terms) {
        if (s.fixed(t.var)) {
            fixed_sum += t.coefficient * s.value(t.var);
        } else if (open == nullptr) {
            open = &t;
        } else {
            return Status::ok;  // two open variables: any value of either has a support
        }
    }
    if (open == nullptr) return fixed_sum != value ? Status::entailed : Status::failed;
    const std::int64_t rest = value - fixed_sum;
    if (rest % open->coefficient != 0) return Status::entailed;
    const std::int64_t forbidden = rest / open->coefficient;
    if (forbidden < s.min(open->var) || forbidden > s.max(open->var)) return Status::entailed;
    const int v = static_cast<int>(forbidden);
    if (is_failure(s.remove(open->var, v))) return Status::failed;
    // A bounds-only domain cannot drop an interior value: stay and check again later.
    return s.contains(open->var, v) ? Status::ok : Status::entailed;
}

Status LinearNotEqual::propagate(Solver& s) { return propagate_linear_not_equal(s, terms_, value_); }

}  // namespace prune
