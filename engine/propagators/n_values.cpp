#include "n_values.hpp"

#include <algorithm>
#include <string>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"

namespace prune {

NValues::NValues(std::vector<IntVar> vars, IntVar n, std::vector<int> except, const Solver& s)
    : Propagator(PropagatorCost::linear, false), vars_(std::move(vars)), n_(n), except_(std::move(except)) {
    fixed_.reserve(vars_.size());
    order_.reserve(vars_.size());
    brings_.assign(vars_.size(), 0);
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (IntVar x : vars_) {
        lo = std::min<std::int64_t>(lo, s.min(x));
        hi = std::max<std::int64_t>(hi, s.max(x));
    }
    if (!vars_.empty() && hi - lo < (std::int64_t{1} << 20)) {
        base_ = lo;
        seen_.assign(static_cast<std::size_t>(hi - lo + 1), 0);
    }
    // explain()'s scratch, so that conflict analysis allocates nothing (the union's
    // only when the values span too much to mark).
    fixed_before_.reserve(vars_.size());
    order_before_.reserve(vars_.size());
    union_before_.reserve(seen_.size());
}

void NValues::attach(Solver& s) {
    for (IntVar x : vars_) s.subscribe(this, x, Condition::domain);
    s.subscribe(this, n_, Condition::bounds);
}

bool NValues::has_value_outside(const Solver& s, IntVar x, bool new_only) const {
    std::int64_t v = s.min(x);
    // At most |E| + |F| + 1 values are looked at: beyond, one is outside both.
    for (; v <= s.max(x); v = s.next_value(x, v)) {
        if (!(new_only ? in_fixed_or_except(v) : excepted(v))) return true;
    }
    return false;
}

// The fewest points hitting the intervals of the variables that cannot take an
// exception (greedy by increasing max).
std::int64_t NValues::hitting_points(const Solver& s) {
    order_.clear();
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        const IntVar x = vars_[i];
        bool may_except = false;
        for (auto it = std::lower_bound(except_.begin(), except_.end(), s.min(x)); it != except_.end() && *it <= s.max(x); ++it) {
            if (s.contains(x, *it)) {
                may_except = true;
                break;
            }
        }
        if (!may_except) order_.push_back(static_cast<int>(i));
    }
    std::sort(order_.begin(), order_.end(), [&](int a, int b) { return s.max(vars_[a]) < s.max(vars_[b]); });
    std::int64_t points = 0, last = INT64_MIN;
    for (int i : order_) {
        if (s.min(vars_[i]) > last) {
            last = s.max(vars_[i]);
            ++points;
        }
    }
    return points;
}

// |U \ F|, U the union of the domains minus E; INT64_MAX when not counted.
std::int64_t NValues::union_outside(const Solver& s) {
    if (seen_.empty()) return INT64_MAX;
    for (IntVar x : vars_) {
        if (!s.is_bitset(x)) return INT64_MAX;
    }
    std::int64_t count = 0;
    for (IntVar x : vars_) {
        for (std::int64_t v = s.min(x); v <= s.max(x); v = s.next_value(x, v)) {
            std::uint8_t& mark = seen_[static_cast<std::size_t>(v - base_)];
            if (mark || in_fixed_or_except(v)) continue;
            mark = 1;
            ++count;
        }
    }
    for (IntVar x : vars_) {  // clear the marks
        for (std::int64_t v = s.min(x); v <= s.max(x); v = s.next_value(x, v)) seen_[static_cast<std::size_t>(v - base_)] = 0;
    }
    return count;
}

// D(x) keeps F and E only (bounds only on a bounds-only domain).
bool NValues::keep_fixed_or_except(Solver& s, IntVar x) const {
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (const std::vector<int>* set : {&except_, &fixed_}) {
        auto first = std::lower_bound(set->begin(), set->end(), s.min(x));
        auto last = std::upper_bound(set->begin(), set->end(), s.max(x));
        if (first == last) continue;
        lo = std::min<std::int64_t>(lo, *first);
        hi = std::max<std::int64_t>(hi, *(last - 1));
    }
    if (lo > hi) return false;
    PRUNE_TRY(s.set_min(x, lo));
    PRUNE_TRY(s.set_max(x, hi));
    if (!s.is_bitset(x)) return true;
    for (std::int64_t v = s.min(x); v <= s.max(x); v = s.next_value(x, v)) {
        if (!in_fixed_or_except(v)) PRUNE_TRY(s.remove(x, static_cast<int>(v)));
    }
    return true;
}

// D(x) loses F and E (on a bounds-only domain: at its bounds).
bool NValues::leave_fixed_and_except(Solver& s, IntVar x) const {
    for (const std::vector<int>* set : {&except_, &fixed_}) {
        for (auto it = std::lower_bound(set->begin(), set->end(), s.min(x)); it != set->end() && *it <= s.max(x); ++it) {
            PRUNE_TRY(s.remove(x, *it));
        }
    }
    while (in_fixed_or_except(s.min(x))) PRUNE_TRY(s.remove(x, s.min(x)));
    while (in_fixed_or_except(s.max(x))) PRUNE_TRY(s.remove(x, s.max(x)));
    return true;
}

Status NValues::propagate(Solver& s) {
    fixed_.clear();
    for (IntVar x : vars_) {
        if (s.fixed(x) && !excepted(s.value(x))) fixed_.push_back(s.value(x));
    }
    std::sort(fixed_.begin(), fixed_.end());
    fixed_.erase(std::unique(fixed_.begin(), fixed_.end()), fixed_.end());
    const std::int64_t f = static_cast<std::int64_t>(fixed_.size());
    std::int64_t k = 0;
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        brings_[i] = !s.fixed(vars_[i]) && has_value_outside(s, vars_[i], true);
        k += brings_[i];
    }
    const std::int64_t upper = f + std::min(k, union_outside(s));
    PRUNE_TRY(s.set_min(n_, std::max(f, hitting_points(s))));
    PRUNE_TRY(s.set_max(n_, upper));
    if (s.max(n_) == f) {
        for (std::size_t i = 0; i < vars_.size(); ++i) {
            if (brings_[i]) PRUNE_TRY(keep_fixed_or_except(s, vars_[i]));
        }
    } else if (s.min(n_) == upper && upper == f + k) {
        for (std::size_t i = 0; i < vars_.size(); ++i) {
            if (brings_[i]) PRUNE_TRY(leave_fixed_and_except(s, vars_[i]));
        }
    }
    return Status::ok;
}

// ---------------------------------------------------------------- explanations

// F before the inference: the values outside E of the variables fixed then.
void NValues::tally_fixed_before(const Explanation& e) const {
    fixed_before_.clear();
    for (IntVar x : vars_) {
        if (e.was_fixed(x) && !excepted(e.fixed_value(x))) fixed_before_.push_back(e.fixed_value(x));
    }
    std::sort(fixed_before_.begin(), fixed_before_.end());
    fixed_before_.erase(std::unique(fixed_before_.begin(), fixed_before_.end()), fixed_before_.end());
}

// Whether x was open before and could take a value outside F and E.
bool NValues::brings_before(const Explanation& e, IntVar x) const {
    if (e.was_fixed(x)) return false;
    for (std::int64_t v = e.min_before(x); v <= e.max_before(x); ++v) {
        if (e.had_value(x, static_cast<int>(v)) && !in_fixed_or_except_before(v)) return true;
    }
    return false;
}

// Adds facts saying x's domain before lay within the values `keeps` accepts: its
// bounds, and the removals between them of the values it rejects.
template <class Keeps>
void NValues::add_confined(Explanation& e, IntVar x, Keeps keeps) const {
    const int lo = e.min_before(x), hi = e.max_before(x);
    e.add_lower_bound(x, lo);
    e.add_upper_bound(x, hi);
    for (std::int64_t v = std::int64_t{lo} + 1; v < hi; ++v) {
        if (!keeps(v) && !e.had_value(x, static_cast<int>(v))) e.add_removed(x, static_cast<int>(v));
    }
}

// One fixing per value of F.
void NValues::add_fixed_values(Explanation& e) const {
    for (const int v : fixed_before_) {
        for (IntVar x : vars_) {
            if (e.was_fixed(x) && e.fixed_value(x) == v) {
                e.add_fixed(x);
                break;
            }
        }
    }
}

// Facts under which n >= m: m distinct values fixed, or m disjoint intervals of
// variables that cannot take an exception (the greedy's). False when neither.
bool NValues::add_at_least(Explanation& e, std::int64_t m) const {
    if (m <= 0) return true;
    if (static_cast<std::int64_t>(fixed_before_.size()) >= m) {
        fixed_before_.resize(static_cast<std::size_t>(m));
        add_fixed_values(e);
        return true;
    }
    order_before_.clear();
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        const IntVar x = vars_[i];
        const auto may_except = std::any_of(except_.begin(), except_.end(), [&](int v) { return e.had_value(x, v); });
        if (!may_except) order_before_.push_back(static_cast<int>(i));
    }
    std::sort(order_before_.begin(), order_before_.end(), [&](int a, int b) { return e.max_before(vars_[a]) < e.max_before(vars_[b]); });
    std::int64_t points = 0, last = INT64_MIN;
    std::size_t chosen = 0;
    for (int i : order_before_) {
        if (e.min_before(vars_[i]) > last && points < m) {
            last = e.max_before(vars_[i]);
            ++points;
            order_before_[chosen++] = i;
        }
    }
    if (points < m) return false;
    for (std::size_t k = 0; k < chosen; ++k) add_confined(e, vars_[order_before_[k]], [&](std::int64_t v) { return !excepted(v); });
    return true;
}

// Facts under which n <= m: the fixings, and the variables that bring no new value
// confined to F and E (each other variable brings at most one); or, when the union
// is the smaller bound, every open variable confined to the union. False when
// neither bound reaches m.
bool NValues::add_at_most(Explanation& e, std::int64_t m) const {
    const std::int64_t f = static_cast<std::int64_t>(fixed_before_.size());
    std::int64_t k = 0;
    for (IntVar x : vars_) k += brings_before(e, x) ? 1 : 0;
    const auto keeps_fixed_or_except = [&](std::int64_t v) { return in_fixed_or_except_before(v); };
    if (f + k <= m) {
        for (IntVar x : vars_) {
            if (e.was_fixed(x)) e.add_fixed(x);
            else if (!brings_before(e, x)) add_confined(e, x, keeps_fixed_or_except);
        }
        return true;
    }
    union_before_.clear();
    for (IntVar x : vars_) {
        if (e.was_fixed(x)) continue;
        for (std::int64_t v = e.min_before(x); v <= e.max_before(x); ++v) {
            if (e.had_value(x, static_cast<int>(v)) && !in_fixed_or_except_before(v)) union_before_.push_back(static_cast<int>(v));
        }
    }
    std::sort(union_before_.begin(), union_before_.end());
    union_before_.erase(std::unique(union_before_.begin(), union_before_.end()), union_before_.end());
    if (f + static_cast<std::int64_t>(union_before_.size()) > m) return false;
    for (IntVar x : vars_) {
        if (e.was_fixed(x)) {
            e.add_fixed(x);
        } else {
            add_confined(e, x, [&](std::int64_t v) {
                return keeps_fixed_or_except(v) || std::binary_search(union_before_.begin(), union_before_.end(), v);
            });
        }
    }
    return true;
}

bool NValues::explain(Explanation& e) const {
    if (std::any_of(vars_.begin(), vars_.end(), [&](IntVar x) { return x.index == n_.index; })) return false;
    tally_fixed_before(e);
    if (e.explaining_failure()) return explain_failure(e);
    // (Facts that admit no solution imply any fact: the domains before an inference
    // of this run may already, after its earlier changes, have none.)
    // (add_at_least shortens F only when it succeeds, so F is whole here.)
    return explain_rule(e) || explain_failure(e);
}

// The rule that made the inference, read on the domains before it.
bool NValues::explain_rule(Explanation& e) const {
    const Fact& f = e.inferred();
    if (f.is_bound() || f.is_equal()) return false;
    if (f.var == n_.index) return add_at_least(e, std::int64_t{f.value} + 1) || add_at_most(e, std::int64_t{f.value} - 1);
    const auto x = std::find_if(vars_.begin(), vars_.end(), [&](IntVar y) { return y.index == f.var; });
    if (x == vars_.end() || e.was_fixed(*x)) return false;
    const std::int64_t fixed = static_cast<std::int64_t>(fixed_before_.size());
    if (!in_fixed_or_except_before(f.value)) {
        // At n's maximum |F|, x keeps to F and E.
        if (e.max_before(n_) > fixed) return false;
        e.add_upper_bound(n_, fixed);
        add_fixed_values(e);
        return true;
    }
    // At n's minimum |F| + k, x must bring a new value.
    std::int64_t k = 0;
    for (IntVar y : vars_) k += brings_before(e, y) ? 1 : 0;
    if (!brings_before(e, *x) || e.min_before(n_) < fixed + k) return false;
    e.add_lower_bound(n_, fixed + k);
    for (IntVar y : vars_) {
        if (y.index == x->index) continue;
        if (e.was_fixed(y)) e.add_fixed(y);
        else if (!brings_before(e, y)) add_confined(e, y, [&](std::int64_t v) { return in_fixed_or_except_before(v); });
    }
    return true;
}

// n's bounds crossed by the others' count, or a variable that must keep to F and E
// having no value there.
bool NValues::explain_failure(Explanation& e) const {
    const int lo = e.min_before(n_), hi = e.max_before(n_);
    if (add_at_least(e, std::int64_t{hi} + 1)) {
        e.add_upper_bound(n_, hi);
        return true;
    }
    if (add_at_most(e, std::int64_t{lo} - 1)) {
        e.add_lower_bound(n_, lo);
        return true;
    }
    const std::int64_t fixed = static_cast<std::int64_t>(fixed_before_.size());
    if (hi > fixed) return false;
    for (IntVar x : vars_) {
        if (e.was_fixed(x)) continue;
        bool keeps = false;
        for (std::int64_t v = e.min_before(x); v <= e.max_before(x) && !keeps; ++v) {
            keeps = e.had_value(x, static_cast<int>(v)) && in_fixed_or_except_before(v);
        }
        if (keeps) continue;
        e.add_upper_bound(n_, hi);
        add_fixed_values(e);
        add_confined(e, x, [&](std::int64_t v) { return !in_fixed_or_except_before(v); });
        return true;
    }
    return false;
}

// ---------------------------------------------------------------- post function

bool n_values(Solver& s, const std::vector<IntVar>& vars, IntVar n, const std::vector<int>& except) {
    if (!check_vars(s, "n_values", vars) || !check_vars(s, "n_values", {n})) return false;
    std::vector<int> e = except;
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end()), e.end());
    return post<NValues>(s, vars, n, std::move(e), s);
}

}  // namespace prune
