#include "reified_linear.hpp"

#include <algorithm>
#include <memory>
#include <string>

namespace prune {
namespace {

constexpr std::int64_t linear_limit = std::int64_t{1} << 62;

std::int64_t magnitude(std::int64_t v) { return v < 0 ? -v : v; }
bool valid_handle(const Solver& s, IntVar x) { return x.index >= 0 && x.index < s.variable_count(); }

bool check_bool(Solver& s, BoolVar b, const char* who) {
    if (!valid_handle(s, b)) {
        s.set_error(std::string(who) + ": the indicator variable does not belong to this solver");
        return false;
    }
    if (s.min(b) < 0 || s.max(b) > 1) {
        s.set_error(std::string(who) + ": the indicator variable must have a 0/1 domain");
        return false;
    }
    return true;
}

}  // namespace

// ---------------------------------------------------------------- ReifiedLinear

ReifiedLinear::ReifiedLinear(std::vector<LinearTerm> terms, Kind kind, std::int64_t rhs, BoolVar b, Reification mode)
    : Propagator(PropagatorCost::linear), terms_(std::move(terms)), kind_(kind), rhs_(rhs), b_(b), mode_(mode) {}

const char* ReifiedLinear::kind() const {
    const bool eq = mode_ == Reification::equivalence;
    switch (kind_) {
        case Kind::less_equal: return eq ? "linear<=<=>b" : "b=>linear<=";
        case Kind::equal: return eq ? "linear=<=>b" : "b=>linear=";
        case Kind::not_equal: return eq ? "linear!=<=>b" : "b=>linear!=";
    }
    return "linear-reified";
}

void ReifiedLinear::attach(Solver& s) {
    for (const LinearTerm& t : terms_) s.subscribe(this, t.var, Condition::bounds);
    s.subscribe(this, b_, Condition::fixed);
}

void ReifiedLinear::sums(const Solver& s, std::int64_t sign, std::int64_t& min_sum, std::int64_t& max_sum) const {
    min_sum = 0;
    max_sum = 0;
    for (const LinearTerm& t : terms_) {
        min_sum += min_term(s, sign * t.coefficient, t.var);
        max_sum += max_term(s, sign * t.coefficient, t.var);
    }
}

Status ReifiedLinear::propagate(Solver& s) {
    std::int64_t lo = 0;
    std::int64_t hi = 0;
    sums(s, 1, lo, hi);
    int truth = -1;  // 1: holds in the whole box, 0: fails in the whole box
    switch (kind_) {
        case Kind::less_equal: truth = hi <= rhs_ ? 1 : (lo > rhs_ ? 0 : -1); break;
        case Kind::equal: truth = (lo > rhs_ || hi < rhs_) ? 0 : (lo == hi ? 1 : -1); break;
        case Kind::not_equal: truth = (lo > rhs_ || hi < rhs_) ? 1 : (lo == hi ? 0 : -1); break;
    }
    if (truth == 1) {
        if (mode_ == Reification::equivalence && is_failure(s.assign(b_, 1))) return Status::failed;
        return Status::entailed;
    }
    if (truth == 0) return is_failure(s.assign(b_, 0)) ? Status::failed : Status::entailed;
    if (!s.fixed(b_)) return Status::ok;
    if (s.value(b_) == 1) {
        switch (kind_) {
            case Kind::less_equal: return enforce_less_equal(s, 1, rhs_);
            case Kind::equal: return enforce_equal(s);
            case Kind::not_equal: return enforce_not_equal(s);
        }
    }
    if (mode_ == Reification::implication) return Status::entailed;
    switch (kind_) {
        case Kind::less_equal: return enforce_less_equal(s, -1, -rhs_ - 1);  // sum >= rhs + 1
        case Kind::equal: return enforce_not_equal(s);
        case Kind::not_equal: return enforce_equal(s);
    }
    return Status::ok;
}

Status ReifiedLinear::enforce_less_equal(Solver& s, std::int64_t sign, std::int64_t bound) {
    std::int64_t lo = 0;
    std::int64_t hi = 0;
    sums(s, sign, lo, hi);
    if (lo > bound) return Status::failed;
    if (hi <= bound) return Status::entailed;
    for (const LinearTerm& t : terms_) {
        const std::int64_t a = sign * t.coefficient;
        if (!restrict_above(s, a, t.var, bound - (lo - min_term(s, a, t.var)))) return Status::failed;
    }
    return Status::ok;
}

Status ReifiedLinear::enforce_equal(Solver& s) {
    for (;;) {
        std::int64_t min_sum = 0;
        std::int64_t max_sum = 0;
        sums(s, 1, min_sum, max_sum);
        if (min_sum > rhs_ || max_sum < rhs_) return Status::failed;
        if (min_sum == max_sum) return Status::entailed;
        bool changed = false;
        for (const LinearTerm& t : terms_) {
            const std::int64_t lo = min_term(s, t.coefficient, t.var);
            const std::int64_t hi = max_term(s, t.coefficient, t.var);
            const std::int64_t upper = rhs_ - (min_sum - lo);
            const std::int64_t lower = rhs_ - (max_sum - hi);
            if (upper < hi && !restrict_above(s, t.coefficient, t.var, upper)) return Status::failed;
            if (lower > lo && !restrict_below(s, t.coefficient, t.var, lower)) return Status::failed;
            const std::int64_t new_lo = min_term(s, t.coefficient, t.var);
            const std::int64_t new_hi = max_term(s, t.coefficient, t.var);
            if (new_lo != lo || new_hi != hi) {
                min_sum += new_lo - lo;
                max_sum += new_hi - hi;
                changed = true;
            }
        }
        if (!changed) return Status::ok;
    }
}

Status ReifiedLinear::enforce_not_equal(Solver& s) { return propagate_linear_not_equal(s, terms_, rhs_); }

// ---------------------------------------------------------------- ReifiedMember

ReifiedMember::ReifiedMember(IntVar x, IntRanges set, BoolVar b, Reification mode)
    : Propagator(set.size() <= 2 ? PropagatorCost::constant : PropagatorCost::linear),
      x_(x), set_(std::move(set)), b_(b), mode_(mode) {
    if (set_.size() == 1 && set_[0].first == set_[0].second) {
        watch_one_value_ = true;
        watched_value_ = set_[0].first;
    } else if (set_.size() == 2 && set_[0].first == INT32_MIN && set_[1].second == INT32_MAX &&
               std::int64_t{set_[0].second} + 2 == set_[1].first) {
        watch_one_value_ = true;
        watched_value_ = set_[0].second + 1;
    }
    if (watch_one_value_) advise_me();
}

void ReifiedMember::attach(Solver& s) {
    // Holes matter even for an interval S: removing the last value of S inside
    // dom(x) makes them disjoint without moving a bound.
    s.subscribe(this, x_, Condition::domain, 0);
    s.subscribe(this, b_, Condition::fixed, 1);
}

bool ReifiedMember::advise(Solver& s, int tag, Event) {
    if (tag == 1 || s.fixed(x_) || !s.contains(x_, watched_value_)) return true;
    // With b fixed the propagator is entailed at once on a bitset domain (and then
    // not advised); a bounds-only domain must retry removing c as bounds move.
    return !s.is_bitset(x_) && s.fixed(b_);
}

bool ReifiedMember::intersects(const Solver& s) const {
    for (const auto& [lo, hi] : set_) {
        if (hi < s.min(x_)) continue;
        if (lo > s.max(x_)) return false;
        if (s.next_value(x_, std::int64_t{lo} - 1) <= hi) return true;
    }
    return false;
}

bool ReifiedMember::inside(const Solver& s) const {
    if (set_.empty() || s.min(x_) < set_.front().first || s.max(x_) > set_.back().second) return false;
    for (std::size_t k = 0; k + 1 < set_.size(); ++k) {
        const std::int64_t gap_lo = std::int64_t{set_[k].second} + 1;
        const std::int64_t gap_hi = std::int64_t{set_[k + 1].first} - 1;
        if (gap_hi < s.min(x_)) continue;
        if (gap_lo > s.max(x_)) break;
        if (s.next_value(x_, gap_lo - 1) <= gap_hi) return false;
    }
    return true;
}

Status ReifiedMember::propagate(Solver& s) {
    if (s.fixed(b_)) {
        if (s.value(b_) == 1) {
            if (set_.empty()) return Status::failed;
            if (is_failure(s.set_min(x_, set_.front().first))) return Status::failed;
            if (is_failure(s.set_max(x_, set_.back().second))) return Status::failed;
            for (std::size_t k = 0; k + 1 < set_.size(); ++k) {
                const std::int64_t gap_lo = std::int64_t{set_[k].second} + 1;
                const std::int64_t gap_hi = std::int64_t{set_[k + 1].first} - 1;
                if (gap_hi < s.min(x_)) continue;
                if (gap_lo > s.max(x_)) break;
                if (is_failure(s.remove_range(x_, gap_lo, gap_hi))) return Status::failed;
            }
            return inside(s) ? Status::entailed : Status::ok;
        }
        if (mode_ == Reification::implication) return Status::entailed;
        for (const auto& [lo, hi] : set_) {
            if (hi < s.min(x_)) continue;
            if (lo > s.max(x_)) break;
            if (is_failure(s.remove_range(x_, lo, hi))) return Status::failed;
        }
        return intersects(s) ? Status::ok : Status::entailed;
    }
    if (inside(s)) {
        if (mode_ == Reification::equivalence && is_failure(s.assign(b_, 1))) return Status::failed;
        return Status::entailed;
    }
    if (!intersects(s)) return is_failure(s.assign(b_, 0)) ? Status::failed : Status::entailed;
    return Status::ok;
}

// ---------------------------------------------------------------- post functions

bool linear_reified(Solver& s, const std::vector<std::int64_t>& coefficients, const std::vector<IntVar>& vars,
                    Relation relation, std::int64_t right_hand_side, BoolVar b, Reification mode) {
    if (!check_bool(s, b, "linear_reified")) return false;
    if (coefficients.size() != vars.size()) {
        s.set_error("linear_reified: " + std::to_string(coefficients.size()) + " coefficients for " +
                    std::to_string(vars.size()) + " variables");
        return false;
    }
    if (right_hand_side == INT64_MIN || magnitude(right_hand_side) >= linear_limit - 1) {
        s.set_error("linear_reified: right-hand side " + std::to_string(right_hand_side) +
                    " is out of range (|c| < 2^62)");
        return false;
    }
    // Merge repeated variables so that the bounds reasoning sees each variable once.
    std::vector<LinearTerm> terms;
    terms.reserve(vars.size());
    for (std::size_t i = 0; i < vars.size(); ++i) {
        if (!valid_handle(s, vars[i])) {
            s.set_error("linear_reified: variable " + std::to_string(i) + " does not belong to this solver");
            return false;
        }
        if (magnitude(coefficients[i]) > INT32_MAX) {
            s.set_error("linear_reified: coefficient " + std::to_string(coefficients[i]) +
                        " is out of range (|a| <= 2^31-1)");
            return false;
        }
        bool merged = false;
        for (LinearTerm& t : terms) {
            if (t.var == vars[i]) {
                t.coefficient += coefficients[i];
                merged = true;
                break;
            }
        }
        if (!merged) terms.push_back(LinearTerm{coefficients[i], vars[i]});
    }
    std::int64_t total = magnitude(right_hand_side) + 1;
    std::vector<LinearTerm> kept;
    kept.reserve(terms.size());
    for (const LinearTerm& t : terms) {
        if (t.coefficient == 0) continue;
        if (magnitude(t.coefficient) > INT32_MAX) {
            s.set_error("linear_reified: a merged coefficient is out of range (|a| <= 2^31-1)");
            return false;
        }
        const std::int64_t extreme = std::max(magnitude(s.min(t.var)), magnitude(s.max(t.var)));
        const std::int64_t term = magnitude(t.coefficient) * extreme;
        if (term > linear_limit - total) {
            s.set_error("linear_reified: the sum's range exceeds 2^62; split the constraint or narrow the domains");
            return false;
        }
        total += term;
        kept.push_back(t);
    }
    ReifiedLinear::Kind kind = ReifiedLinear::Kind::less_equal;
    std::int64_t rhs = right_hand_side;
    switch (relation) {
        case Relation::less_equal: break;
        case Relation::greater_equal:
            for (LinearTerm& t : kept) t.coefficient = -t.coefficient;
            rhs = -rhs;
            break;
        case Relation::equal: kind = ReifiedLinear::Kind::equal; break;
        case Relation::not_equal: kind = ReifiedLinear::Kind::not_equal; break;
    }
    s.add(std::make_unique<ReifiedLinear>(std::move(kept), kind, rhs, b, mode));
    return !s.root_failed();
}

bool equal_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode) {
    return linear_reified(s, {1, -1}, {x, y}, Relation::equal, 0, b, mode);
}
bool not_equal_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode) {
    return linear_reified(s, {1, -1}, {x, y}, Relation::not_equal, 0, b, mode);
}
bool less_equal_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode) {
    return linear_reified(s, {1, -1}, {x, y}, Relation::less_equal, 0, b, mode);
}
bool less_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode) {
    return linear_reified(s, {1, -1}, {x, y}, Relation::less_equal, -1, b, mode);
}

IntRanges normalize_ranges(std::vector<std::pair<int, int>> ranges) {
    ranges.erase(std::remove_if(ranges.begin(), ranges.end(), [](const auto& r) { return r.first > r.second; }),
                 ranges.end());
    std::sort(ranges.begin(), ranges.end());
    IntRanges out;
    for (const auto& r : ranges) {
        if (!out.empty() && std::int64_t{r.first} <= std::int64_t{out.back().second} + 1) {
            out.back().second = std::max(out.back().second, r.second);
        } else {
            out.push_back(r);
        }
    }
    return out;
}

bool member_reified(Solver& s, IntVar x, const IntRanges& set, BoolVar b, Reification mode) {
    if (!check_bool(s, b, "member_reified")) return false;
    if (!valid_handle(s, x)) {
        s.set_error("member_reified: the variable does not belong to this solver");
        return false;
    }
    s.add(std::make_unique<ReifiedMember>(x, normalize_ranges(set), b, mode));
    return !s.root_failed();
}

bool member(Solver& s, IntVar x, const IntRanges& set) {
    if (!valid_handle(s, x)) {
        s.set_error("member: the variable does not belong to this solver");
        return false;
    }
    const BoolVar yes = s.new_int_var(1, 1);
    s.add(std::make_unique<ReifiedMember>(x, normalize_ranges(set), yes, Reification::implication));
    return !s.root_failed();
}

}  // namespace prune
