// Absolute (z = |x|) and ArrayMinMax (z = min(xs), z = max(xs)) with their post
// functions; the four operators z = f(x, y) are in times.cpp, divide.cpp,
// modulo.cpp and power.cpp.
#include "arithmetic.hpp"

#include <algorithm>
#include <string>

#include "../constraints_arithmetic.hpp"
#include "../posting.hpp"
#include "ternary_arithmetic.hpp"

namespace prune {

using namespace arithmetic;

// ---------------------------------------------------------------- Absolute

void Absolute::attach(Solver& s) {
    s.subscribe(this, x_, Condition::domain);
    s.subscribe(this, z_, Condition::domain);
}

Status Absolute::propagate(Solver& s) {
    for (;;) {
        const i64 before = s.size(x_) + s.size(z_);
        PRUNE_TRY(s.set_min(z_, 0));
        const i64 xl = s.min(x_), xh = s.max(x_);
        if (xl >= 0) {
            PRUNE_TRY(narrow(s, z_, xl, xh));
            PRUNE_TRY(narrow(s, x_, s.min(z_), s.max(z_)));
        } else if (xh <= 0) {
            PRUNE_TRY(narrow(s, z_, -xh, -xl));
            PRUNE_TRY(narrow(s, x_, -i64{s.max(z_)}, -i64{s.min(z_)}));
        } else {
            PRUNE_TRY(s.set_max(z_, std::max(-xl, xh)));
            PRUNE_TRY(narrow(s, x_, -i64{s.max(z_)}, s.max(z_)));
        }
        auto x_ok = [&](i64 v) { return magnitude(v) <= INT32_MAX && s.contains(z_, static_cast<int>(magnitude(v))); };
        auto z_ok = [&](i64 w) {
            return s.contains(x_, static_cast<int>(w)) || (w <= INT32_MAX && s.contains(x_, static_cast<int>(-w)));
        };
        if (s.is_bitset(x_) && s.is_bitset(z_)) {
            for (i64 v = s.min(x_); v <= s.max(x_); v = s.next_value(x_, v)) {
                if (!x_ok(v)) PRUNE_TRY(s.remove(x_, static_cast<int>(v)));
            }
            for (i64 w = s.min(z_); w <= s.max(z_); w = s.next_value(z_, w)) {
                if (!z_ok(w)) PRUNE_TRY(s.remove(z_, static_cast<int>(w)));
            }
        } else {
            i64 work = INT64_MAX;
            PRUNE_TRY(walk(s, x_, work, x_ok));
            PRUNE_TRY(walk(s, z_, work, z_ok));
        }
        if (s.size(x_) + s.size(z_) == before) break;
    }
    return s.fixed(x_) ? Status::entailed : Status::ok;
}

// ---------------------------------------------------------------- ArrayMinMax

ArrayMinMax::ArrayMinMax(std::vector<IntVar> xs, IntVar z, bool maximum)
    : Propagator(PropagatorCost::linear), xs_(std::move(xs)), z_(z), sign_(maximum ? -1 : 1) {}

void ArrayMinMax::attach(Solver& s) {
    for (IntVar x : xs_) s.subscribe(this, x, Condition::bounds);
    s.subscribe(this, z_, Condition::bounds);
}

Status ArrayMinMax::propagate(Solver& s) {
    for (;;) {
        bool changed = false;
        auto track = [&](Event e) {
            if (is_failure(e)) return false;
            if (is_change(e)) changed = true;
            return true;
        };
        i64 min_lo = INT64_MAX, min_hi = INT64_MAX;
        for (IntVar x : xs_) {
            min_lo = std::min(min_lo, lo(s, x));
            min_hi = std::min(min_hi, hi(s, x));
        }
        if (!track(raise(s, z_, min_lo)) || !track(lower(s, z_, min_hi))) return Status::failed;
        const i64 zl = lo(s, z_), zh = hi(s, z_);
        int candidates = 0;  // the x_i that can still be as small as max z
        for (IntVar x : xs_) {
            if (!track(raise(s, x, zl))) return Status::failed;
            if (lo(s, x) <= zh) ++candidates;
        }
        if (candidates == 0) return Status::failed;
        if (candidates == 1) {
            for (IntVar x : xs_) {
                if (lo(s, x) <= zh && !track(lower(s, x, zh))) return Status::failed;
            }
        }
        if (!changed) break;
    }
    if (s.fixed(z_)) {
        bool all_fixed = true;
        for (IntVar x : xs_) all_fixed = all_fixed && s.fixed(x);
        if (all_fixed) return Status::entailed;
    }
    return Status::ok;
}

// ---------------------------------------------------------------- explanations

bool Absolute::explain(Explanation& e) const {
    if (x_.index == z_.index) return false;
    // Adds [z != |v|]; false when z had it.
    auto z_lacks = [&](i64 v) {
        const i64 w = magnitude(v);
        if (w > e.initial_max(z_)) return true;
        if (e.had_value(z_, static_cast<int>(w))) return false;
        e.add_removed(z_, static_cast<int>(w));
        return true;
    };
    // Adds [x != w] and [x != -w]; false when x had either.
    auto x_lacks = [&](i64 w) {
        if (w < 0) return true;
        for (const i64 v : {w, -w}) {
            if (v < e.initial_min(x_) || v > e.initial_max(x_)) continue;
            if (e.had_value(x_, static_cast<int>(v))) return false;
            e.add_removed(x_, static_cast<int>(v));
        }
        return true;
    };
    if (!e.explaining_failure()) {
        const Fact& removed = e.inferred();
        if (removed.is_equal()) return false;
        return removed.var == x_.index ? z_lacks(removed.value) : x_lacks(removed.value);
    }
    // A wipe-out: each initial value of x lacked itself or |x| in z.
    for (int v = e.initial_min(x_); v <= e.initial_max(x_); ++v) {
        if (!e.had_value(x_, v)) e.add_removed(x_, v);
        else if (!z_lacks(v)) return false;
    }
    return true;
}

// In the signed view (sign * v, so that max is the min of the negations): z's v
// below every x_i's minimum, or above the smallest maximum; x_i's below z's minimum,
// or above z's maximum when every other x_j is above it too.
bool ArrayMinMax::explain(Explanation& e) const {
    auto lo = [&](IntVar v) { return sign_ > 0 ? i64{e.min_before(v)} : -i64{e.max_before(v)}; };
    auto hi = [&](IntVar v) { return sign_ > 0 ? i64{e.max_before(v)} : -i64{e.min_before(v)}; };
    auto at_least = [&](IntVar v, i64 b) { sign_ > 0 ? e.add_lower_bound(v, b) : e.add_upper_bound(v, -b); };
    auto at_most = [&](IntVar v, i64 b) { sign_ > 0 ? e.add_upper_bound(v, b) : e.add_lower_bound(v, -b); };
    for (IntVar x : xs_) {
        if (x.index == z_.index) return false;
    }
    i64 lowest = INT64_MAX, smallest_high = INT64_MAX;
    IntVar smallest;
    for (IntVar x : xs_) {
        lowest = std::min(lowest, lo(x));
        if (hi(x) < smallest_high) {
            smallest_high = hi(x);
            smallest = x;
        }
    }
    if (e.explaining_failure()) {
        if (lowest > hi(z_)) {  // every x_i above z's maximum
            for (IntVar x : xs_) at_least(x, lowest);
            at_most(z_, lowest - 1);
            return true;
        }
        if (smallest_high < lo(z_)) {  // one x_i below z's minimum
            at_most(smallest, smallest_high);
            at_least(z_, smallest_high + 1);
            return true;
        }
        return false;
    }
    const Fact& removed = e.inferred();
    if (removed.is_equal()) return false;
    // A removal is one value v; a bound fact also every value beyond v, below it
    // (excludes < 0) or above it (> 0) in the signed view, and only the rules that
    // exclude that side explain it.
    const ExcludedValues excluded = excluded_values(removed);
    const i64 v = sign_ * excluded.nearest;
    const int excludes = excluded.side * static_cast<int>(sign_);
    if (removed.var == z_.index) {
        if (v < lowest && excludes <= 0) {
            for (IntVar x : xs_) at_least(x, v + 1);
            return true;
        }
        if (v > smallest_high && excludes >= 0) {
            at_most(smallest, v - 1);
            return true;
        }
        return false;
    }
    if (v < lo(z_) && excludes <= 0) {
        at_least(z_, v + 1);
        return true;
    }
    // x_j's v when x_j alone can be as small as z: z <= b - 1 and every other
    // x_i >= b, so x_j = z <= b - 1 < v, for b the smaller of v and the others'
    // minimum (above z's maximum, or x_j was not alone).
    if (excludes < 0) return false;
    i64 b = v;
    for (IntVar x : xs_) {
        if (x.index != removed.var) b = std::min(b, lo(x));
    }
    if (hi(z_) > b - 1) return false;
    at_most(z_, b - 1);
    for (IntVar x : xs_) {
        if (x.index != removed.var) at_least(x, b);
    }
    return true;
}

// ---------------------------------------------------------------- post functions

bool absolute(Solver& s, IntVar x, IntVar z) {
    return check_vars(s, "absolute", {x, z}) && post<Absolute>(s, x, z);
}

namespace {
bool post_min_max(Solver& s, const char* who, const std::vector<IntVar>& xs, IntVar z, bool maximum) {
    if (!check_vars(s, who, {z}) || !check_vars(s, who, xs)) return false;
    if (xs.empty()) {
        s.set_error(std::string(who) + ": the array is empty");
        return false;
    }
    return post<ArrayMinMax>(s, xs, z, maximum);
}
}  // namespace

bool minimum(Solver& s, const std::vector<IntVar>& xs, IntVar z) { return post_min_max(s, "minimum", xs, z, false); }
bool maximum(Solver& s, const std::vector<IntVar>& xs, IntVar z) { return post_min_max(s, "maximum", xs, z, true); }
bool minimum(Solver& s, IntVar x, IntVar y, IntVar z) { return minimum(s, std::vector<IntVar>{x, y}, z); }
bool maximum(Solver& s, IntVar x, IntVar y, IntVar z) { return maximum(s, std::vector<IntVar>{x, y}, z); }

}  // namespace prune
