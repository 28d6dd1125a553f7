// Power: z = x ^ y (y < 0: 1 div x^-y, x != 0, as MiniZinc), bounds(Z) consistent
// (see arithmetic.hpp), saturating at +-2^62, and power().
#include <algorithm>

#include "../constraints_arithmetic.hpp"
#include "../posting.hpp"
#include "../wide_arithmetic.hpp"
#include "arithmetic.hpp"
#include "ternary_arithmetic.hpp"

namespace prune {

using namespace arithmetic;

namespace {

constexpr i64 saturation = i64{1} << 62;

i64 saturating_multiply(i64 a, i64 b) { return prune::saturating_multiply(a, b, saturation); }

// x^y for y >= 0, saturated at +-2^62.
i64 power_value(i64 x, i64 y) {
    if (y == 0) return 1;
    if (x == 0 || x == 1) return x;
    if (x == -1) return (y & 1) ? -1 : 1;
    i64 r = 1;
    for (i64 i = 0; i < y; ++i) {
        r = saturating_multiply(r, x);
        if (magnitude(r) >= saturation) return (x < 0 && (y & 1)) ? -saturation : saturation;
    }
    return r;
}

// floor(n^(1/k)) for n >= 0, k >= 1, by bisection in integers (no floating point:
// a PRUNE_MINIMAL build has none, and the answer is the same exact root). For k >= 2
// the root is below 3,037,000,500 (its square passes 2^63): at most 32 steps.
i64 integer_root(i64 n, i64 k) {
    if (n <= 1 || k == 1) return n;
    i64 lo = 1;                                // lo^k <= n
    i64 hi = std::min<i64>(n, 3037000499);     // the root is at most hi
    while (lo < hi) {
        const i64 mid = lo + (hi - lo + 1) / 2;
        if (power_value(mid, k) <= n) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}
// ceil(n^(1/k)) for n >= 0.
i64 ceiling_root(i64 n, i64 k) {
    const i64 r = integer_root(n, k);
    return power_value(r, k) == n ? r : r + 1;
}
// For odd k: the largest x with x^k <= n and the smallest x with x^k >= n.
i64 odd_floor_root(i64 n, i64 k) { return n >= 0 ? integer_root(n, k) : -ceiling_root(-n, k); }
i64 odd_ceiling_root(i64 n, i64 k) { return n >= 0 ? ceiling_root(n, k) : -integer_root(-n, k); }

// The hull of x ^ y over the box: its extremes lie on a small grid of candidate
// points, the bounds of x and -1, 0, 1 between them, and the two smallest and two
// largest exponents of each sign. Empty when lo > hi.
void power_hull(i64 xl, i64 xh, i64 yl, i64 yh, i64& lo, i64& hi) {
    i64 xs[5];
    int nx = 0;
    xs[nx++] = xl;
    if (xh != xl) xs[nx++] = xh;
    for (i64 c = -1; c <= 1; ++c) {
        if (c > xl && c < xh) xs[nx++] = c;
    }
    i64 ys[6];
    int ny = 0;
    auto add_y = [&](i64 v, i64 from, i64 to) {
        if (v < from || v > to || std::find(ys, ys + ny, v) != ys + ny) return;
        ys[ny++] = v;
    };
    if (yh >= 0) {
        const i64 y0 = std::max<i64>(yl, 0);
        for (i64 v : {y0, y0 + 1, yh - 1, yh}) add_y(v, y0, yh);
    }
    if (yl < 0) {
        const i64 y1 = std::min<i64>(yh, -1);
        add_y(y1, yl, y1);
        add_y(y1 - 1, yl, y1);
    }
    lo = INT64_MAX;
    hi = INT64_MIN;
    for (int i = 0; i < nx; ++i) {
        for (int j = 0; j < ny; ++j) {
            i64 v = 0;
            if (!Power::evaluate(xs[i], ys[j], v)) continue;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
}

// The smallest k >= 0 with max_x ^ k >= small_z (max_x >= 2).
i64 least_exponent(i64 max_x, i64 small_z) {
    i64 k = 0;
    for (i64 p = 1; p < small_z; p = saturating_multiply(p, max_x)) ++k;
    return k;
}

// The largest k with base ^ k <= big_z (base >= 2), -1 when big_z < 1.
i64 greatest_exponent(i64 base, i64 big_z) {
    if (big_z < 1) return -1;
    i64 k = 0;
    for (i64 p = 1; p <= big_z / base;) {
        p *= base;
        ++k;
    }
    return k;
}

}  // namespace

bool Power::evaluate(i64 x, i64 y, i64& z) {
    if (y >= 0) {
        z = power_value(x, y);
        return true;
    }
    if (x == 0) return false;  // 1 div 0
    z = x == 1 ? 1 : (x == -1 ? ((y & 1) ? -1 : 1) : 0);
    return true;
}

bool Power::intervals(Solver& s) {
    const i64 xl = s.min(x_), xh = s.max(x_);
    i64 zlo = 0, zhi = 0;
    power_hull(xl, xh, s.min(y_), s.max(y_), zlo, zhi);
    if (zlo > zhi) return false;
    PRUNE_TRY(narrow(s, z_, zlo, zhi));
    const i64 zl = s.min(z_), zh = s.max(z_);
    const i64 big_z = std::max(magnitude(zl), magnitude(zh));
    // y < 0 gives a result in {-1, 0, 1}; y = 0 gives 1.
    if (zl > 1 || zh < -1) PRUNE_TRY(s.set_min(y_, 0));
    if (zl > 1 || zh < 1) PRUNE_TRY(s.remove(y_, 0));
    // |x|^y >= min |z| needs y >= log_{max |x|} (min |z|).
    const i64 max_x = std::max(magnitude(xl), magnitude(xh));
    const i64 small_z = (zl > 0 || zh < 0) ? std::min(magnitude(zl), magnitude(zh)) : 0;
    if (s.min(y_) >= 0 && small_z >= 2) {
        if (max_x <= 1) return false;
        PRUNE_TRY(s.set_min(y_, least_exponent(max_x, small_z)));
    }
    // |x| <= the y-th root of max |z|, and |x| >= 2 bounds y by log_{min |x|} (max |z|).
    if (s.min(y_) >= 1) {
        const i64 r = integer_root(big_z, s.min(y_));
        PRUNE_TRY(narrow(s, x_, -r, r));
    }
    const i64 nxl = s.min(x_), nxh = s.max(x_);
    if (nxl >= 2 || nxh <= -2) PRUNE_TRY(s.set_max(y_, greatest_exponent(nxl >= 2 ? nxl : -nxh, big_z)));
    return true;
}

bool Power::supported_x(const Solver& s, i64 v) const {
    const i64 yl = s.min(y_), yh = s.max(y_), zl = s.min(z_), zh = s.max(z_);
    if (yl < 0) {
        const i64 y1 = std::min<i64>(yh, -1);
        for (i64 y = y1; y >= std::max(yl, y1 - 1); --y) {
            i64 r = 0;
            if (evaluate(v, y, r) && in(r, zl, zh)) return true;
        }
    }
    const i64 big_z = std::max(magnitude(zl), magnitude(zh));
    for (i64 y = std::max<i64>(yl, 0); y <= yh; ++y) {
        const i64 r = power_value(v, y);
        if (in(r, zl, zh)) return true;
        if (magnitude(v) >= 2 && magnitude(r) > big_z) break;
        if (magnitude(v) <= 1 && y > std::max<i64>(yl, 0) + 1) break;
    }
    return false;
}

bool Power::supported_y(const Solver& s, i64 v) const {
    const i64 xl = s.min(x_), xh = s.max(x_), zl = s.min(z_), zh = s.max(z_);
    if (v < 0) {
        return (in(1, xl, xh) && in(1, zl, zh)) || (in(-1, xl, xh) && in((v & 1) ? -1 : 1, zl, zh)) ||
               ((xl <= -2 || xh >= 2) && in(0, zl, zh));
    }
    if (v == 0) return in(1, zl, zh);
    if (v & 1) return overlaps(odd_ceiling_root(zl, v), odd_floor_root(zh, v), xl, xh);
    if (zh < 0) return false;
    const i64 p = ceiling_root(std::max<i64>(zl, 0), v), q = integer_root(zh, v);
    return p <= q && (overlaps(p, q, xl, xh) || overlaps(-q, -p, xl, xh));
}

bool Power::supported_z(const Solver& s, i64 v) const {
    const i64 xl = s.min(x_), xh = s.max(x_), yl = s.min(y_), yh = s.max(y_);
    if (yl < 0) {
        const i64 y1 = std::min<i64>(yh, -1);
        const bool odd = (y1 & 1) || (y1 - 1 >= yl);
        const bool even = !(y1 & 1) || (y1 - 1 >= yl);
        if (v == 0 && (xl <= -2 || xh >= 2)) return true;
        if (v == 1 && (in(1, xl, xh) || (even && in(-1, xl, xh)))) return true;
        if (v == -1 && odd && in(-1, xl, xh)) return true;
    }
    if (in(0, yl, yh) && v == 1) return true;
    const i64 y0 = std::max<i64>(yl, 1);
    const i64 last = std::min(yh, std::max<i64>(y0 + 1, 63));
    for (i64 y = y0; y <= last; ++y) {
        if (y & 1) {
            const i64 r = odd_floor_root(v, y);
            if (power_value(r, y) == v && in(r, xl, xh)) return true;
        } else if (v >= 0) {
            const i64 r = integer_root(v, y);
            if (power_value(r, y) == v && (in(r, xl, xh) || in(-r, xl, xh))) return true;
        }
    }
    return false;
}

template class TernaryArithmetic<Power>;

bool power(Solver& s, IntVar x, IntVar y, IntVar z) {
    return check_vars(s, "power", {x, y, z}) && post<Power>(s, x, y, z);
}

}  // namespace prune
