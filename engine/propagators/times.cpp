// Times: z = x * y, bounds(Z) consistent (see arithmetic.hpp), and times().
#include <algorithm>

#include "../constraints_arithmetic.hpp"
#include "../posting.hpp"
#include "arithmetic.hpp"
#include "ternary_arithmetic.hpp"

namespace prune {

using namespace arithmetic;

namespace {

// The hull of { x : x * y in [zl, zh] for some y in [yl, yh] }: 0 empty, 1 [lo, hi], 2 anything.
int factor_hull(i64 zl, i64 zh, i64 yl, i64 yh, i64& lo, i64& hi) {
    if (zl <= 0 && zh >= 0 && yl <= 0 && yh >= 0) return 2;
    bool any = false;
    lo = INT64_MAX;
    hi = INT64_MIN;
    auto part = [&](i64 a, i64 b) {
        const i64 l = std::min({ceil_div(zl, a), ceil_div(zl, b), ceil_div(zh, a), ceil_div(zh, b)});
        const i64 h = std::max({floor_div(zl, a), floor_div(zl, b), floor_div(zh, a), floor_div(zh, b)});
        if (l > h) return;
        lo = std::min(lo, l);
        hi = std::max(hi, h);
        any = true;
    };
    if (yl <= -1) part(yl, std::min<i64>(yh, -1));
    if (yh >= 1) part(std::max<i64>(yl, 1), yh);
    return any ? 1 : 0;
}

// x within the factors of [zl, zh] over y in [yl, yh]; false on wipe-out.
bool narrow_factor(Solver& s, IntVar x, i64 zl, i64 zh, i64 yl, i64 yh) {
    i64 lo = 0, hi = 0;
    const int kind = factor_hull(zl, zh, yl, yh, lo, hi);
    return kind == 2 || (kind == 1 && narrow(s, x, lo, hi));
}

// Is v * y in [zl, zh] for some y in [yl, yh]?
bool has_cofactor(i64 v, i64 yl, i64 yh, i64 zl, i64 zh) {
    if (v == 0) return zl <= 0 && 0 <= zh;
    const i64 lo = v > 0 ? ceil_div(zl, v) : ceil_div(zh, v);
    const i64 hi = v > 0 ? floor_div(zh, v) : floor_div(zl, v);
    return overlaps(lo, hi, yl, yh);
}

}  // namespace

bool Times::evaluate(i64 x, i64 y, i64& z) {
    z = x * y;
    return true;
}

bool Times::intervals(Solver& s) {
    const i64 xl = s.min(x_), xh = s.max(x_), yl = s.min(y_), yh = s.max(y_);
    const i64 c[4] = {xl * yl, xl * yh, xh * yl, xh * yh};
    PRUNE_TRY(narrow(s, z_, *std::min_element(c, c + 4), *std::max_element(c, c + 4)));
    const i64 zl = s.min(z_), zh = s.max(z_);
    PRUNE_TRY(narrow_factor(s, x_, zl, zh, yl, yh));
    return narrow_factor(s, y_, zl, zh, s.min(x_), s.max(x_));
}

bool Times::supported_x(const Solver& s, i64 v) const { return has_cofactor(v, s.min(y_), s.max(y_), s.min(z_), s.max(z_)); }

bool Times::supported_y(const Solver& s, i64 v) const { return has_cofactor(v, s.min(x_), s.max(x_), s.min(z_), s.max(z_)); }

bool Times::supported_z(const Solver& s, i64 v) const {
    const i64 xl = s.min(x_), xh = s.max(x_), yl = s.min(y_), yh = s.max(y_);
    if (v == 0) return in(0, xl, xh) || in(0, yl, yh);
    // Scan the narrower box for divisors d of v with v / d in the other.
    const bool over_x = xh - xl <= yh - yl;
    const i64 lo = over_x ? xl : yl, hi = over_x ? xh : yh;
    const i64 olo = over_x ? yl : xl, ohi = over_x ? yh : xh;
    if (hi - lo + 1 > scan_limit) return true;
    for (i64 d = lo; d <= hi; ++d) {
        if (d != 0 && v % d == 0 && in(v / d, olo, ohi)) return true;
    }
    return false;
}

template class TernaryArithmetic<Times>;

bool times(Solver& s, IntVar x, IntVar y, IntVar z) {
    if (!check_vars(s, "times", {x, y, z})) return false;
    // |x|, |y| <= 2^31, so |x * y| <= 2^62: every product of two bounds fits in 64 bits.
    if (x == y) return power(s, x, s.new_int_var(2, 2), z);  // a square: x * x >= 0
    return post<Times>(s, x, y, z);
}

}  // namespace prune
