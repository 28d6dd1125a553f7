// The body of TernaryArithmetic (engine/propagators/arithmetic.hpp) and the bound
// helpers the arithmetic propagators share. Included by times.cpp, divide.cpp,
// modulo.cpp and power.cpp, each of which instantiates the template for its
// operator, and by arithmetic.cpp (Absolute, ArrayMinMax).
#pragma once
#include <algorithm>
#include <cstdint>

#include "../integer_math.hpp"
#include "arithmetic.hpp"

namespace prune::arithmetic {

using i64 = std::int64_t;

constexpr bool in(i64 v, i64 lo, i64 hi) { return lo <= v && v <= hi; }
constexpr bool overlaps(i64 a_lo, i64 a_hi, i64 b_lo, i64 b_hi) { return std::max(a_lo, b_lo) <= std::min(a_hi, b_hi); }

// x within [lo, hi]; false on wipe-out.
[[nodiscard]] inline bool narrow(Solver& s, IntVar x, i64 lo, i64 hi) {
    return !is_failure(s.set_min(x, lo)) && !is_failure(s.set_max(x, hi));
}

// Moves both bounds of x to the nearest values passing `supported`, spending `work`.
// A test that is not made (work exhausted) leaves the bound where it is. False on
// wipe-out (every value tested and none supported).
template <class F>
[[nodiscard]] bool walk(Solver& s, IntVar x, i64& work, F&& supported) {
    i64 v = s.min(x);
    const i64 end = s.max(x);
    for (;;) {
        if (work <= 0) break;
        --work;
        if (supported(v)) break;
        v = s.next_value(x, v);
        if (v > end) return false;
    }
    PRUNE_TRY(s.set_min(x, v));
    v = s.max(x);
    const i64 start = s.min(x);
    for (;;) {
        if (work <= 0) break;
        --work;
        if (supported(v)) break;
        v = s.previous_value(x, v);
        if (v < start) return false;
    }
    return !is_failure(s.set_max(x, v));
}

// A domain just before an inference, as a failure's explanation reads it: its box,
// and its holes when `holes` (else every value of the box counts).
struct PastDomain {
    IntVar var;
    i64 lo = 0, hi = -1;
    bool holes = false;
    bool has(const Explanation& e, i64 v) const { return in(v, lo, hi) && (!holes || e.had_value(var, static_cast<int>(v))); }
};

// The six bounds of (x, y, z), to see whether a pass moved any.
struct Box {
    i64 bounds[6];
    Box(const Solver& s, IntVar x, IntVar y, IntVar z)
        : bounds{s.min(x), s.max(x), s.min(y), s.max(y), s.min(z), s.max(z)} {}
    friend bool operator==(const Box& a, const Box& b) { return std::equal(a.bounds, a.bounds + 6, b.bounds); }
};

}  // namespace prune::arithmetic

namespace prune {

template <class Function>
void TernaryArithmetic<Function>::attach(Solver& s) {
    s.subscribe(this, x_, Condition::bounds);
    s.subscribe(this, y_, Condition::bounds);
    s.subscribe(this, z_, Condition::bounds);
}

template <class Function>
bool TernaryArithmetic<Function>::settle(Solver& s) {
    // Interval reasoning is cheap; the bound on rounds keeps pathological slow
    // convergence on huge domains in check.
    for (int round = 0; round < 64; ++round) {
        const arithmetic::Box before(s, x_, y_, z_);
        if (!self().intervals(s)) return false;
        if (arithmetic::Box(s, x_, y_, z_) == before) break;
    }
    return true;
}

template <class Function>
bool TernaryArithmetic<Function>::walk_bounds(Solver& s, std::int64_t& work) {
    const Function& f = self();
    return arithmetic::walk(s, x_, work, [&](std::int64_t v) { return f.supported_x(s, v); }) &&
           arithmetic::walk(s, y_, work, [&](std::int64_t v) { return f.supported_y(s, v); }) &&
           arithmetic::walk(s, z_, work, [&](std::int64_t v) { return f.supported_z(s, v); });
}

template <class Function>
Status TernaryArithmetic<Function>::propagate(Solver& s) {
    std::int64_t work = walk_budget;
    for (;;) {
        const arithmetic::Box before(s, x_, y_, z_);
        PRUNE_TRY(settle(s));
        PRUNE_TRY(walk_bounds(s, work));
        if (arithmetic::Box(s, x_, y_, z_) == before) break;
        if (work <= 0) {
            // Still narrowing: continue in a later run, unless a bounds-only domain
            // (over 2^16 values) could make the walk arbitrarily long; there the
            // bounds stay where the budget left them (sound, and fast).
            PRUNE_TRY(settle(s));
            if (s.is_bitset(x_) && s.is_bitset(y_) && s.is_bitset(z_)) s.schedule(this);
            return Status::ok;
        }
    }
    if (s.fixed(x_) && s.fixed(y_) && s.fixed(z_)) {
        std::int64_t r = 0;
        return Function::evaluate(s.value(x_), s.value(y_), r) && r == s.value(z_) ? Status::entailed : Status::failed;
    }
    return Status::ok;
}

// A failure: the propagator's steps are sound on the domains they saw, so the
// domains before the failure hold no solution. Which of their parts are needed is
// found by enumeration, fewest first: the boxes alone (interval reasoning's wipe-outs
// and a fixed triple that does not evaluate), then with the holes of one variable
// (a support walk's wipe-out), of two, of all three (the last always has none).
template <class Function>
bool TernaryArithmetic<Function>::explain_failure(Explanation& e) const {
    using arithmetic::i64;
    const IntVar scope[3] = {x_, y_, z_};
    i64 budget = explain_budget;
    {
        // Each test walks x's box and, for each x, y's (x alone for x * x): when one
        // test alone is past the budget, give up at once.
        const i64 wx = e.max_before(x_) - i64{e.min_before(x_)} + 1;
        const i64 wy = y_.index == x_.index ? 1 : e.max_before(y_) - i64{e.min_before(y_)} + 1;
        if (wx > budget / (wy + 1)) return false;
    }
    unsigned tried = 0;  // the hole sets tried, as bits of masks over the positions
    for (const int mask : {0, 1, 2, 4, 3, 5, 6, 7}) {
        // A variable in two places (x * x) has its holes in both or in neither.
        arithmetic::PastDomain d[3];
        int effective = 0;
        for (int k = 0; k < 3; ++k) {
            bool holes = false;
            for (int j = 0; j < 3; ++j) holes = holes || (scope[j].index == scope[k].index && ((mask >> j) & 1) != 0);
            d[k] = arithmetic::PastDomain{scope[k], e.min_before(scope[k]), e.max_before(scope[k]), holes};
            effective |= holes ? 1 << k : 0;
        }
        if (((tried >> effective) & 1U) != 0) continue;
        tried |= 1U << effective;
        bool solution = false;
        for (i64 a = d[0].lo; a <= d[0].hi && !solution; ++a) {
            if (--budget < 0) return false;
            if (!d[0].has(e, a)) continue;
            const bool same = y_.index == x_.index;
            const i64 last = same ? a : d[1].hi;
            for (i64 b = same ? a : d[1].lo; b <= last; ++b) {
                if (--budget < 0) return false;
                i64 r = 0;
                if (!d[1].has(e, b) || !Function::evaluate(a, b, r)) continue;
                if (z_.index == x_.index ? r == a : (z_.index == y_.index ? r == b : d[2].has(e, r))) {
                    solution = true;
                    break;
                }
            }
        }
        if (solution) continue;
        for (int k = 0; k < 3; ++k) {
            if (k > 0 && scope[k].index == scope[0].index) continue;
            if (k > 1 && scope[k].index == scope[1].index) continue;
            e.add_lower_bound(scope[k], d[k].lo);
            e.add_upper_bound(scope[k], d[k].hi);
            if (!d[k].holes) continue;
            // (The bounds too: an empty domain's min_before and max_before are absent.)
            for (i64 v = d[k].lo; v <= d[k].hi; ++v) {
                if (!e.had_value(scope[k], static_cast<int>(v))) e.add_removed(scope[k], static_cast<int>(v));
            }
        }
        return true;
    }
    return false;
}

template <class Function>
bool TernaryArithmetic<Function>::explain(Explanation& e) const {
    if (e.explaining_failure()) return explain_failure(e);
    if (e.inferred().is_equal()) return false;
    const int u = e.inferred().var;
    const IntVar scope[3] = {x_, y_, z_};
    int own = 0;  // u's places in the scope: twice (x * x) and its own box counts too
    for (IntVar v : scope) own += v.index == u ? 1 : 0;
    for (IntVar v : scope) {
        if (v.index == u && own < 2) continue;
        e.add_lower_bound(v, e.min_before(v));
        e.add_upper_bound(v, e.max_before(v));
    }
    return true;
}

}  // namespace prune
