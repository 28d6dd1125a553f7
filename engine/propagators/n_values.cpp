#include "n_values.hpp"

#include <algorithm>
#include <string>

#include "../constraints.hpp"
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

// ---------------------------------------------------------------- post function

bool n_values(Solver& s, const std::vector<IntVar>& vars, IntVar n, const std::vector<int>& except) {
    if (!check_vars(s, "n_values", vars) || !check_vars(s, "n_values", {n})) return false;
    std::vector<int> e = except;
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end()), e.end());
    return post<NValues>(s, vars, n, std::move(e), s);
}

}  // namespace prune
