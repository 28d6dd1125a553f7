#include "linear.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "../constraints.hpp"
#include "../posting.hpp"

namespace prune {
namespace {

std::int64_t min_term(const Solver& s, const LinearTerm& t) { return min_term(s, t.coefficient, t.var); }
std::int64_t max_term(const Solver& s, const LinearTerm& t) { return max_term(s, t.coefficient, t.var); }
bool restrict_above(Solver& s, const LinearTerm& t, std::int64_t limit) { return restrict_above(s, t.coefficient, t.var, limit); }
bool restrict_below(Solver& s, const LinearTerm& t, std::int64_t limit) { return restrict_below(s, t.coefficient, t.var, limit); }

}  // namespace

LinearLessEqual::LinearLessEqual(std::vector<LinearTerm> terms, std::int64_t bound)
    : Propagator(PropagatorCost::linear), terms_(std::move(terms)), bound_(bound) {
    declare_exact_with_one_open();  // one open term: its bound is the whole condition
}

void LinearLessEqual::attach(Solver& s) {
    // Only the minimum contributions matter: a > 0 needs x's min, a < 0 its max.
    for (const LinearTerm& t : terms_) s.subscribe(this, t.var, Condition::bounds);
}

Status propagate_linear_less_equal(Solver& s, const std::vector<LinearTerm>& terms, std::int64_t sign,
                                   std::int64_t bound) {
    std::int64_t min_sum = 0;
    std::int64_t max_sum = 0;
    for (const LinearTerm& t : terms) {
        min_sum += min_term(s, sign * t.coefficient, t.var);
        max_sum += max_term(s, sign * t.coefficient, t.var);
    }
    if (min_sum > bound) return Status::failed;
    if (max_sum <= bound) return Status::entailed;
    for (const LinearTerm& t : terms) {
        // The others contribute at least min_sum - min_term(t), so a*x <= bound - that.
        const std::int64_t a = sign * t.coefficient;
        PRUNE_TRY(restrict_above(s, a, t.var, bound - (min_sum - min_term(s, a, t.var))));
    }
    return Status::ok;
}

Status LinearLessEqual::propagate(Solver& s) { return propagate_linear_less_equal(s, terms_, 1, bound_); }

LinearEqual::LinearEqual(std::vector<LinearTerm> terms, std::int64_t value)
    : Propagator(PropagatorCost::linear), terms_(std::move(terms)), value_(value) {
    declare_exact_with_one_open();  // one open term: both bounds meet on its one value
}

void LinearEqual::attach(Solver& s) {
    for (const LinearTerm& t : terms_) s.subscribe(this, t.var, Condition::bounds);
}

Status propagate_linear_equal(Solver& s, const std::vector<LinearTerm>& terms, std::int64_t value) {
    for (;;) {
        std::int64_t min_sum = 0;
        std::int64_t max_sum = 0;
        for (const LinearTerm& t : terms) {
            min_sum += min_term(s, t);
            max_sum += max_term(s, t);
        }
        if (min_sum > value || max_sum < value) return Status::failed;
        if (min_sum == max_sum) return Status::entailed;  // all fixed and equal
        bool changed = false;
        for (const LinearTerm& t : terms) {
            const std::int64_t lo = min_term(s, t);
            const std::int64_t hi = max_term(s, t);
            const std::int64_t upper = value - (min_sum - lo);
            const std::int64_t lower = value - (max_sum - hi);
            if (upper < hi && !restrict_above(s, t, upper)) return Status::failed;
            if (lower > lo && !restrict_below(s, t, lower)) return Status::failed;
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

Status LinearEqual::propagate(Solver& s) { return propagate_linear_equal(s, terms_, value_); }

LinearNotEqual::LinearNotEqual(std::vector<LinearTerm> terms, std::int64_t value)
    : Propagator(PropagatorCost::linear), terms_(std::move(terms)), value_(value) {
    declare_exact_with_one_open();  // one open term: its one forbidden value goes
}

void LinearNotEqual::attach(Solver& s) {
    // As NotEqualOffset: a bounds-only variable is also watched for a bound landing on
    // the value it could not lose from its interior.
    for (const LinearTerm& t : terms_)
        s.subscribe(this, t.var, s.is_bitset(t.var) ? Condition::fixed : Condition::bounds);
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
    PRUNE_TRY(s.remove(open->var, v));
    // A bounds-only domain cannot drop an interior value: stay and check again later.
    return s.contains(open->var, v) ? Status::ok : Status::entailed;
}

Status LinearNotEqual::propagate(Solver& s) { return propagate_linear_not_equal(s, terms_, value_); }

// ---------------------------------------------------------------- explanations

namespace {
// The bound of x that gives a * x its smallest value before the inference.
int least_bound_before(const Explanation& e, std::int64_t a, IntVar x) { return a > 0 ? e.min_before(x) : e.max_before(x); }

// Adds the bound literal that keeps a * x at least a * m (m: that bound before),
// weakened by as much of `slack` as it can use (the literal is free at the initial
// bound).
void add_term_bound(Explanation& e, std::int64_t a, IntVar x, std::int64_t m, std::int64_t& slack) {
    if (a > 0) {
        const std::int64_t give = std::min(slack / a, m - e.initial_min(x));
        slack -= give * a;
        e.add_lower_bound(x, m - give);
    } else {
        const std::int64_t give = std::min(slack / -a, e.initial_max(x) - m);
        slack -= give * -a;
        e.add_upper_bound(x, m + give);
    }
}

// The bounds read in the first pass, kept for the second when the linear has at most
// this many terms (a longer one reads them again): no allocation while explaining.
constexpr std::size_t remembered_bounds = 64;
}  // namespace

// sign * sum <= bound removed v from x_j (a_j * v plus the others' minima exceeds
// the bound) or failed (the minima exceed it): the others' bounds explain it.
bool explain_linear_less_equal(Explanation& e, const std::vector<LinearTerm>& terms, std::int64_t sign,
                               std::int64_t bound, const Fact* removed) {
    if (removed != nullptr && removed->is_equal()) return false;
    std::array<int, remembered_bounds> before;
    const bool remember = terms.size() <= remembered_bounds;
    std::int64_t sum = 0;
    const LinearTerm* target = nullptr;
    for (std::size_t i = 0; i < terms.size(); ++i) {
        const LinearTerm& t = terms[i];
        if (removed != nullptr && t.var.index == removed->var) {
            target = &t;
            continue;
        }
        const int m = least_bound_before(e, sign * t.coefficient, t.var);
        if (remember) before[i] = m;
        sum += sign * t.coefficient * m;
    }
    if (removed != nullptr) {
        if (target == nullptr) return false;
        const std::int64_t a = sign * target->coefficient;
        // A bound fact [x >= b] is the removal of b - 1 where a * x grows as x falls
        // (a < 0): every value below makes the sum larger still. [x <= b]: b + 1, a > 0.
        const ExcludedValues excluded = excluded_values(*removed);
        if ((excluded.side < 0 && a > 0) || (excluded.side > 0 && a < 0)) return false;
        sum += a * excluded.nearest;
    }
    if (sum <= bound) return false;
    std::int64_t slack = sum - bound - 1;
    for (std::size_t i = 0; i < terms.size(); ++i) {
        const LinearTerm& t = terms[i];
        if (&t == target) continue;
        const std::int64_t a = sign * t.coefficient;
        add_term_bound(e, a, t.var, remember ? before[i] : least_bound_before(e, a, t.var), slack);
    }
    return true;
}

// sum = value is sum <= value and sum >= value; one of them made the inference. A
// removed value of x_j in the upper half of its initial range is most likely the <=
// side's (for a_j > 0; the >= side's for a_j < 0), so that side is tried first: for a
// 0/1 variable the guess is always right, and a wrong one costs only the other try.
bool explain_linear_equal(Explanation& e, const std::vector<LinearTerm>& terms, std::int64_t value, const Fact* removed) {
    bool less_equal_first = true;
    if (removed != nullptr) {
        for (const LinearTerm& t : terms) {
            if (t.var.index != removed->var) continue;
            // (A bound fact: the side that pushes that bound, [x <= b] for a > 0.)
            const bool upper_half = removed->is_bound() ? removed->kind == FactKind::less_equal
                                                        : 2 * std::int64_t{removed->value} > std::int64_t{e.initial_min(t.var)} + e.initial_max(t.var);
            less_equal_first = upper_half == (t.coefficient > 0);
            break;
        }
    }
    const std::int64_t first = less_equal_first ? 1 : -1;
    return explain_linear_less_equal(e, terms, first, first * value, removed) ||
           explain_linear_less_equal(e, terms, -first, -first * value, removed);
}

// sum != value removed the one value left to x_j, or failed: the others were fixed.
bool explain_linear_not_equal(Explanation& e, const std::vector<LinearTerm>& terms, std::int64_t value,
                              const Fact* removed) {
    std::int64_t sum = 0;
    for (const LinearTerm& t : terms) {
        if (removed != nullptr && t.var.index == removed->var) {
            if (removed->kind != FactKind::not_equal) return false;
            sum += t.coefficient * removed->value;
        } else if (e.was_fixed(t.var)) {
            sum += t.coefficient * e.fixed_value(t.var);
        } else {
            return false;
        }
    }
    if (sum != value) return false;
    for (const LinearTerm& t : terms) {
        if (removed == nullptr || t.var.index != removed->var) e.add_fixed(t.var);
    }
    return true;
}

namespace {
const Fact* removed_fact(const Explanation& e) { return e.explaining_failure() ? nullptr : &e.inferred(); }
}  // namespace

bool LinearLessEqual::explain(Explanation& e) const { return explain_linear_less_equal(e, terms_, 1, bound_, removed_fact(e)); }
bool LinearEqual::explain(Explanation& e) const { return explain_linear_equal(e, terms_, value_, removed_fact(e)); }
bool LinearNotEqual::explain(Explanation& e) const { return explain_linear_not_equal(e, terms_, value_, removed_fact(e)); }

// ---------------------------------------------------------------- post functions

namespace {
// Partial sums must stay within +-2^62 so that every intermediate of the propagators
// fits in 64 bits with room for one more term.
constexpr std::int64_t linear_limit = std::int64_t{1} << 62;

bool coefficient_in_range(Solver& s, const char* who, std::int64_t a) {
    if (magnitude(a) <= INT32_MAX) return true;
    s.set_error(std::string(who) + ": coefficient " + std::to_string(a) + " is out of range (|a| <= 2^31-1)");
    return false;
}

// Adds the coefficients of repeated variables into their first occurrence.
void merge_repeated(std::vector<LinearTerm>& terms) {
    std::vector<int> indices;
    indices.reserve(terms.size());
    for (const LinearTerm& t : terms) indices.push_back(t.var.index);
    std::sort(indices.begin(), indices.end());
    if (std::adjacent_find(indices.begin(), indices.end()) == indices.end()) return;  // the usual case
    std::vector<LinearTerm> merged;
    merged.reserve(terms.size());
    for (const LinearTerm& t : terms) {
        auto same = std::find_if(merged.begin(), merged.end(), [&](const LinearTerm& m) { return m.var == t.var; });
        if (same == merged.end()) merged.push_back(t);
        else same->coefficient += t.coefficient;
    }
    terms.swap(merged);
}
}  // namespace

bool prepare_linear_terms(Solver& s, const char* who, const std::vector<std::int64_t>& coefficients,
                          const std::vector<IntVar>& vars, std::int64_t right_hand_side, std::vector<LinearTerm>& terms) {
    if (coefficients.size() != vars.size()) {
        s.set_error(std::string(who) + ": " + std::to_string(coefficients.size()) + " coefficients for " +
                    std::to_string(vars.size()) + " variables");
        return false;
    }
    if (!check_vars(s, who, vars)) return false;
    if (right_hand_side == INT64_MIN || magnitude(right_hand_side) >= linear_limit - 1) {
        s.set_error(std::string(who) + ": right-hand side " + std::to_string(right_hand_side) +
                    " is out of range (|c| < 2^62 - 1)");
        return false;
    }
    terms.clear();
    terms.reserve(vars.size());
    for (std::size_t i = 0; i < vars.size(); ++i) {
        if (!coefficient_in_range(s, who, coefficients[i])) return false;
        terms.push_back(LinearTerm{coefficients[i], vars[i]});
    }
    merge_repeated(terms);
    // |c| + 1 (the negation of sum <= c is -sum <= -c - 1) plus every |a| * max|x|.
    std::int64_t total = magnitude(right_hand_side) + 1;
    std::size_t kept = 0;
    for (const LinearTerm& t : terms) {
        if (t.coefficient == 0) continue;
        if (!coefficient_in_range(s, who, t.coefficient)) return false;
        // |a| < 2^31 and |x| <= 2^31, so one term is below 2^62.
        const std::int64_t term = magnitude(t.coefficient) * std::max(magnitude(s.min(t.var)), magnitude(s.max(t.var)));
        if (term > linear_limit - total) {
            s.set_error(std::string(who) + ": the sum's range exceeds 2^62; split the constraint or narrow the domains");
            return false;
        }
        total += term;
        terms[kept++] = t;
    }
    terms.resize(kept);
    return true;
}

bool linear(Solver& s, const std::vector<std::int64_t>& coefficients, const std::vector<IntVar>& vars,
            Relation relation, std::int64_t right_hand_side) {
    std::vector<LinearTerm> terms;
    if (!prepare_linear_terms(s, "linear", coefficients, vars, right_hand_side, terms)) return false;
    switch (relation) {
        case Relation::less_equal: return post<LinearLessEqual>(s, std::move(terms), right_hand_side);
        case Relation::greater_equal:
            for (LinearTerm& t : terms) t.coefficient = -t.coefficient;
            return post<LinearLessEqual>(s, std::move(terms), -right_hand_side);
        case Relation::equal: return post<LinearEqual>(s, std::move(terms), right_hand_side);
        case Relation::not_equal: return post<LinearNotEqual>(s, std::move(terms), right_hand_side);
    }
    return !s.root_failed();
}

bool sum(Solver& s, const std::vector<IntVar>& vars, Relation relation, std::int64_t right_hand_side) {
    return linear(s, std::vector<std::int64_t>(vars.size(), 1), vars, relation, right_hand_side);
}

}  // namespace prune
