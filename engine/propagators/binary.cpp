#include "binary.hpp"

#include "../learning/explanation.hpp"

#include "../constraints.hpp"
#include "../posting.hpp"

namespace prune {

void EqualOffset::attach(Solver& s) {
    s.subscribe(this, x_, Condition::domain);
    s.subscribe(this, y_, Condition::domain);
}

void NotEqualOffset::attach(Solver& s) {
    // A bounds-only variable keeps an interior value it was asked to remove, so the
    // propagator must also wake when one of its bounds comes down onto that value.
    s.subscribe(this, x_, s.is_bitset(x_) ? Condition::fixed : Condition::bounds);
    s.subscribe(this, y_, s.is_bitset(y_) ? Condition::fixed : Condition::bounds);
}

void LessEqualOffset::attach(Solver& s) {
    s.subscribe(this, x_, Condition::bounds);
    s.subscribe(this, y_, Condition::bounds);
}

void ValueChannel::attach(Solver& s) {
    s.subscribe(this, x_, Condition::domain);
    s.subscribe(this, b_, Condition::fixed);
}

Status EqualOffset::propagate(Solver& s) {
    // x ⊆ y + c, then y ⊆ x - c: after these two the domains mirror each other.
    PRUNE_TRY(s.intersect_with_offset(x_, y_, c_));
    PRUNE_TRY(s.intersect_with_offset(y_, x_, -std::int64_t{c_}));
    if (!s.is_bitset(x_) || !s.is_bitset(y_)) {
        // Bounds only: iterate the bound exchange to its fixpoint.
        while (s.min(x_) != std::int64_t{s.min(y_)} + c_ || s.max(x_) != std::int64_t{s.max(y_)} + c_) {
            PRUNE_TRY(s.intersect_with_offset(x_, y_, c_));
            PRUNE_TRY(s.intersect_with_offset(y_, x_, -std::int64_t{c_}));
        }
    }
    return s.fixed(x_) ? Status::entailed : Status::ok;
}

Status NotEqualOffset::propagate(Solver& s) {
    if (s.fixed(y_)) {
        const std::int64_t forbidden = std::int64_t{s.value(y_)} + c_;
        if (forbidden < s.min(x_) || forbidden > s.max(x_)) return Status::entailed;
        PRUNE_TRY(s.remove(x_, static_cast<int>(forbidden)));
        return s.contains(x_, static_cast<int>(forbidden)) ? Status::ok : Status::entailed;
    }
    if (s.fixed(x_)) {
        const std::int64_t forbidden = std::int64_t{s.value(x_)} - c_;
        if (forbidden < s.min(y_) || forbidden > s.max(y_)) return Status::entailed;
        PRUNE_TRY(s.remove(y_, static_cast<int>(forbidden)));
        return s.contains(y_, static_cast<int>(forbidden)) ? Status::ok : Status::entailed;
    }
    return Status::ok;
}

bool NotEqualOffset::explain(Explanation& e) const {
    if (x_.index == y_.index) return false;
    if (e.explaining_failure()) {
        if (!e.was_fixed(x_) || !e.was_fixed(y_)) return false;
        if (std::int64_t{e.fixed_value(x_)} != std::int64_t{e.fixed_value(y_)} + c_) return false;
        e.add_fixed(x_);
        e.add_fixed(y_);
        return true;
    }
    const Fact& removed = e.inferred();
    if (removed.is_equal()) return false;
    if (removed.var == x_.index && e.was_fixed(y_) && std::int64_t{e.fixed_value(y_)} + c_ == removed.value) {
        e.add_fixed(y_);
        return true;
    }
    if (removed.var == y_.index && e.was_fixed(x_) && std::int64_t{e.fixed_value(x_)} - c_ == removed.value) {
        e.add_fixed(x_);
        return true;
    }
    return false;
}

Status LessEqualOffset::propagate(Solver& s) {
    PRUNE_TRY(s.set_max(x_, std::int64_t{s.max(y_)} + c_));
    PRUNE_TRY(s.set_min(y_, std::int64_t{s.min(x_)} - c_));
    return s.max(x_) <= std::int64_t{s.min(y_)} + c_ ? Status::entailed : Status::ok;
}

Status ValueChannel::propagate(Solver& s) {
    if (s.fixed(b_)) {
        const Event e = s.value(b_) == 1 ? s.assign(x_, c_) : s.remove(x_, c_);
        PRUNE_TRY(e);
        // remove() is a no-op inside a bounds-only domain: keep watching x then.
        return (s.value(b_) == 1 || !s.contains(x_, c_)) ? Status::entailed : Status::ok;
    }
    if (!s.contains(x_, c_)) return is_failure(s.assign(b_, 0)) ? Status::failed : Status::entailed;
    if (s.fixed(x_)) return is_failure(s.assign(b_, 1)) ? Status::failed : Status::entailed;
    return Status::ok;
}

namespace {
// A bound of one side of x = y + c (or x <= y + c) by the same bound of the
// partner, shifted to w: [x >= b] by [partner >= w], [x <= b] by [partner <= w].
// Declines when the partner's bound did not hold before.
bool explain_bound(Explanation& e, const Fact& bound, IntVar partner, std::int64_t w) {
    if (bound.kind == FactKind::greater_equal) {
        if (e.min_before(partner) < w) return false;
        e.add_lower_bound(partner, w);
    } else {
        if (e.max_before(partner) > w) return false;
        e.add_upper_bound(partner, w);
    }
    return true;
}
}  // namespace

bool EqualOffset::explain(Explanation& e) const {
    if (x_.index == y_.index) return false;
    if (!e.explaining_failure()) {
        const Fact& removed = e.inferred();
        if (removed.is_equal()) return false;
        // x's v needs y's v - c and y's w needs x's w + c.
        const bool on_x = removed.var == x_.index;
        const IntVar partner = on_x ? y_ : x_;
        const std::int64_t w = std::int64_t{removed.value} + (on_x ? -std::int64_t{c_} : std::int64_t{c_});
        if (removed.is_bound()) return explain_bound(e, removed, partner, w);
        if (w < e.initial_min(partner) || w > e.initial_max(partner)) return true;
        if (e.had_value(partner, static_cast<int>(w))) return false;
        e.add_removed(partner, static_cast<int>(w));
        return true;
    }
    // A wipe-out: each initial value of x lacked itself or its partner in y.
    for (int v = e.initial_min(x_); v <= e.initial_max(x_); ++v) {
        const std::int64_t w = std::int64_t{v} - c_;
        if (!e.had_value(x_, v)) {
            e.add_removed(x_, v);
        } else if (w >= e.initial_min(y_) && w <= e.initial_max(y_)) {
            if (e.had_value(y_, static_cast<int>(w))) return false;
            e.add_removed(y_, static_cast<int>(w));
        }
    }
    return true;
}

bool LessEqualOffset::explain(Explanation& e) const {
    if (x_.index == y_.index) return false;
    if (e.explaining_failure()) {
        const std::int64_t m = e.min_before(x_);
        if (m <= std::int64_t{e.max_before(y_)} + c_) return false;
        e.add_lower_bound(x_, m);
        e.add_upper_bound(y_, m - c_ - 1);
        return true;
    }
    const Fact& removed = e.inferred();
    if (removed.is_equal()) return false;
    if (removed.is_bound()) {  // [x <= b] by [y <= b - c]; [y >= b] by [x >= b + c]
        const bool on_x = removed.var == x_.index;
        if (on_x != (removed.kind == FactKind::less_equal)) return false;
        return explain_bound(e, removed, on_x ? y_ : x_, std::int64_t{removed.value} + (on_x ? -std::int64_t{c_} : std::int64_t{c_}));
    }
    if (removed.var == x_.index) {  // v > y + c: y <= v - c - 1 suffices
        e.add_upper_bound(y_, std::int64_t{removed.value} - c_ - 1);
        return e.max_before(y_) <= std::int64_t{removed.value} - c_ - 1;
    }
    e.add_lower_bound(x_, std::int64_t{removed.value} + c_ + 1);  // v < x - c
    return e.min_before(x_) >= std::int64_t{removed.value} + c_ + 1;
}

bool ValueChannel::explain(Explanation& e) const {
    if (x_.index == b_.index) return false;
    if (e.explaining_failure()) {
        if (!e.was_fixed(b_)) return false;
        if (e.fixed_value(b_) == 1) {
            if (e.had_value(x_, c_)) return false;
            e.add_removed(x_, c_);
        } else {
            if (!e.was_fixed(x_) || e.fixed_value(x_) != c_) return false;
            e.add_fixed(x_);
        }
        e.add_fixed(b_);
        return true;
    }
    const Fact& removed = e.inferred();
    if (removed.is_equal()) return false;
    if (removed.var == b_.index) {
        if (removed.value == 1) {  // b = 0: x lacked c
            if (e.had_value(x_, c_)) return false;
            e.add_removed(x_, c_);
        } else {  // b = 1: x was c
            if (!e.was_fixed(x_) || e.fixed_value(x_) != c_) return false;
            e.add_fixed(x_);
        }
        return true;
    }
    if (!e.was_fixed(b_) || (e.fixed_value(b_) == 1) == (removed.value == c_)) return false;
    e.add_fixed(b_);
    return true;
}

// ---------------------------------------------------------------- post functions

bool equal_offset(Solver& s, IntVar x, IntVar y, int c) {
    return check_vars(s, "equal_offset", {x, y}) && post<EqualOffset>(s, x, y, c);
}

bool not_equal_offset(Solver& s, IntVar x, IntVar y, int c) {
    return check_vars(s, "not_equal_offset", {x, y}) && post<NotEqualOffset>(s, x, y, c);
}

bool less_equal_offset(Solver& s, IntVar x, IntVar y, int c) {
    return check_vars(s, "less_equal_offset", {x, y}) && post<LessEqualOffset>(s, x, y, c);
}

bool value_channel(Solver& s, IntVar x, int c, BoolVar b) {
    return check_vars(s, "value_channel", {x}) && check_indicator(s, "value_channel", b) &&
           post<ValueChannel>(s, x, c, b);
}

}  // namespace prune
