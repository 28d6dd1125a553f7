// Divide: z = x div y (truncating, y != 0), bounds(Z) consistent (see
// arithmetic.hpp), and divide().
#include <algorithm>

#include "../constraints_arithmetic.hpp"
#include "../posting.hpp"
#include "arithmetic.hpp"
#include "ternary_arithmetic.hpp"

namespace prune {

using namespace arithmetic;

namespace {

// Is there y in [a, b] (1 <= a) with trunc(v / y) in [zl, zh]?
bool exists_positive_divisor(i64 v, i64 a, i64 b, i64 zl, i64 zh) {
    if (v < 0) return exists_positive_divisor(-v, a, b, -zh, -zl);
    if (zh < 0 || a > b) return false;
    const i64 lo = std::max(a, v / (zh + 1) + 1);
    const i64 hi = zl <= 0 ? b : std::min(b, v / zl);
    return lo <= hi;
}

// The x with trunc(x / m) in [zl, zh] for m >= 1 form [lo, hi].
void quotient_preimage(i64 m, i64 zl, i64 zh, i64& lo, i64& hi) {
    hi = zh >= 0 ? (zh + 1) * m - 1 : zh * m;
    lo = zl <= 0 ? (zl - 1) * m + 1 : zl * m;
}

// Does some x in [xl, xh] give a quotient in [zl, zh] with divisor d != 0?
bool quotient_reachable(i64 d, i64 xl, i64 xh, i64 zl, i64 zh) {
    i64 lo = 0, hi = 0;
    if (d > 0) quotient_preimage(d, zl, zh, lo, hi);
    else quotient_preimage(-d, -zh, -zl, lo, hi);
    return overlaps(lo, hi, xl, xh);
}

// The hull of x / y over x in [xl, xh] and y in [a, b] without 0: [lo, hi], empty when lo > hi.
void quotient_hull(i64 xl, i64 xh, i64 a, i64 b, i64& lo, i64& hi) {
    lo = INT64_MAX;
    hi = INT64_MIN;
    auto part = [&](i64 p, i64 q) {
        const i64 c[4] = {xl / p, xl / q, xh / p, xh / q};
        lo = std::min(lo, *std::min_element(c, c + 4));
        hi = std::max(hi, *std::max_element(c, c + 4));
    };
    if (a <= -1) part(a, std::min<i64>(b, -1));
    if (b >= 1) part(std::max<i64>(a, 1), b);
}

// The hull of the x with x / y in [zl, zh] for y in [a, b] without 0.
void dividend_hull(i64 zl, i64 zh, i64 a, i64 b, i64& lo, i64& hi) {
    lo = INT64_MAX;
    hi = INT64_MIN;
    auto part = [&](i64 p, i64 q, i64 l, i64 h) {  // 1 <= p <= q, quotient in [l, h]
        i64 lo1, hi1, lo2, hi2;
        quotient_preimage(p, l, h, lo1, hi1);
        quotient_preimage(q, l, h, lo2, hi2);
        lo = std::min({lo, lo1, lo2});
        hi = std::max({hi, hi1, hi2});
    };
    if (a <= -1) part(-std::min<i64>(b, -1), -a, -zh, -zl);
    if (b >= 1) part(std::max<i64>(a, 1), b, zl, zh);
}

}  // namespace

bool Divide::evaluate(i64 x, i64 y, i64& z) {
    if (y == 0) return false;
    z = x / y;
    return true;
}

bool Divide::intervals(Solver& s) {
    const i64 xl = s.min(x_), xh = s.max(x_);
    PRUNE_TRY(s.remove(y_, 0));
    const i64 a = s.min(y_), b = s.max(y_);
    i64 lo = 0, hi = 0;
    quotient_hull(xl, xh, a, b, lo, hi);
    if (lo > hi) return false;
    PRUNE_TRY(narrow(s, z_, lo, hi));
    const i64 zl = s.min(z_), zh = s.max(z_);
    dividend_hull(zl, zh, a, b, lo, hi);
    PRUNE_TRY(narrow(s, x_, lo, hi));
    // |q| <= |x| / |y| < |q| + 1 bounds |y| from both sides.
    const i64 nxl = s.min(x_), nxh = s.max(x_);
    const i64 max_x = std::max(magnitude(nxl), magnitude(nxh));
    const i64 max_q = std::max(magnitude(zl), magnitude(zh));
    if (zl > 0 || zh < 0) {
        const i64 min_q = std::min(magnitude(zl), magnitude(zh));
        PRUNE_TRY(narrow(s, y_, -(max_x / min_q), max_x / min_q));
    }
    if (nxl > 0 || nxh < 0) {
        const i64 min_x = std::min(magnitude(nxl), magnitude(nxh));
        const i64 least = min_x / (max_q + 1) + 1;  // |y| >= least
        PRUNE_TRY(s.remove_range(y_, -(least - 1), least - 1));
    }
    return true;
}

bool Divide::supported_x(const Solver& s, i64 v) const {
    const i64 yl = s.min(y_), yh = s.max(y_), zl = s.min(z_), zh = s.max(z_);
    return (yh >= 1 && exists_positive_divisor(v, std::max<i64>(yl, 1), yh, zl, zh)) ||
           (yl <= -1 && exists_positive_divisor(v, -std::min<i64>(yh, -1), -yl, -zh, -zl));
}

bool Divide::supported_y(const Solver& s, i64 v) const {
    return v != 0 && quotient_reachable(v, s.min(x_), s.max(x_), s.min(z_), s.max(z_));
}

bool Divide::supported_z(const Solver& s, i64 v) const {
    const i64 xl = s.min(x_), xh = s.max(x_), yl = s.min(y_), yh = s.max(y_);
    // Scan the narrower box: divisors d with some x / d = v, or dividends u with some u / y = v.
    if (yh - yl <= xh - xl) {
        if (yh - yl + 1 > scan_limit) return true;
        for (i64 d = yl; d <= yh; ++d) {
            if (d != 0 && quotient_reachable(d, xl, xh, v, v)) return true;
        }
        return false;
    }
    if (xh - xl + 1 > scan_limit) return true;
    for (i64 u = xl; u <= xh; ++u) {
        if ((yh >= 1 && exists_positive_divisor(u, std::max<i64>(yl, 1), yh, v, v)) ||
            (yl <= -1 && exists_positive_divisor(u, -std::min<i64>(yh, -1), -yl, -v, -v))) {
            return true;
        }
    }
    return false;
}

template class TernaryArithmetic<Divide>;

bool divide(Solver& s, IntVar x, IntVar y, IntVar z) {
    return check_vars(s, "divide", {x, y, z}) && post<Divide>(s, x, y, z);
}

}  // namespace prune
