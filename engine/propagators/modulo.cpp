// Modulo: z = x mod y (the sign of x, as C++ % and MiniZinc; y != 0), bounds(Z)
// consistent (see arithmetic.hpp), and modulo().
#include <algorithm>

#include "../constraints_arithmetic.hpp"
#include "../posting.hpp"
#include "arithmetic.hpp"
#include "ternary_arithmetic.hpp"

namespace prune {

using namespace arithmetic;

namespace {

// Is there x in [xl, xh] with x % m == v (C++ remainder, sign of x) for m >= 1, |v| < m?
bool exists_with_remainder(i64 xl, i64 xh, i64 m, i64 v) {
    if (v > 0) {
        const i64 from = std::max(xl, v);
        const i64 r = (from - v) % m;
        return from + (r == 0 ? 0 : m - r) <= xh;
    }
    if (v < 0) {
        const i64 from = std::min(xh, v);
        const i64 r = (v - from) % m;
        return from - (r == 0 ? 0 : m - r) >= xl;
    }
    return ceil_div(xl, m) * m <= xh;
}

}  // namespace

bool Modulo::evaluate(i64 x, i64 y, i64& z) {
    if (y == 0) return false;
    z = x % y;
    return true;
}

bool Modulo::intervals(Solver& s) {
    const i64 xl = s.min(x_), xh = s.max(x_);
    PRUNE_TRY(s.remove(y_, 0));
    // |z| < max |y|, and z has the sign of x.
    const i64 m = std::max(magnitude(s.min(y_)), magnitude(s.max(y_)));
    PRUNE_TRY(narrow(s, z_, xl >= 0 ? 0 : std::max(xl, 1 - m), xh <= 0 ? 0 : std::min(xh, m - 1)));
    // A remainder z != 0 needs |x| >= |z| and |y| > |z|.
    const i64 zl = s.min(z_), zh = s.max(z_);
    if (zl > 0) {
        PRUNE_TRY(s.set_min(x_, zl));
        PRUNE_TRY(s.remove_range(y_, -zl, zl));
    }
    if (zh < 0) {
        PRUNE_TRY(s.set_max(x_, zh));
        PRUNE_TRY(s.remove_range(y_, zh, -zh));
    }
    return true;
}

bool Modulo::supported_x(const Solver& s, i64 v) const {
    const i64 yl = s.min(y_), yh = s.max(y_), zl = s.min(z_), zh = s.max(z_);
    if (yl == 0 && yh == 0) return false;
    if (v == 0) return zl <= 0 && 0 <= zh;
    const i64 a = magnitude(v);
    if (in(v, zl, zh) && (yh > a || yl < -a)) return true;
    const i64 lo = std::max(yl, -a), hi = std::min(yh, a);
    if (hi - lo + 1 > scan_limit) return true;
    for (i64 d = lo; d <= hi; ++d) {
        if (d != 0 && in(v % d, zl, zh)) return true;
    }
    return false;
}

bool Modulo::supported_y(const Solver& s, i64 v) const {
    const i64 xl = s.min(x_), xh = s.max(x_), zl = s.min(z_), zh = s.max(z_);
    if (v == 0) return false;
    const i64 m = magnitude(v);
    const i64 wl = std::max(zl, 1 - m), wh = std::min(zh, m - 1);
    if (wl > wh) return false;
    // Scan the narrower of the remainders [wl, wh] and the dividends [xl, xh].
    if (wh - wl <= xh - xl) {
        if (wh - wl + 1 > scan_limit) return true;
        for (i64 w = wl; w <= wh; ++w) {
            if (exists_with_remainder(xl, xh, m, w)) return true;
        }
        return false;
    }
    if (xh - xl + 1 > scan_limit) return true;
    for (i64 u = xl; u <= xh; ++u) {
        if (in(u % v, zl, zh)) return true;
    }
    return false;
}

bool Modulo::supported_z(const Solver& s, i64 v) const {
    const i64 xl = s.min(x_), xh = s.max(x_), yl = s.min(y_), yh = s.max(y_);
    const i64 a = magnitude(v);
    // Divisors with |y| > |v|: [yl, min(yh, -a-1)] and [max(yl, a+1), yh].
    const i64 n_lo = yl, n_hi = std::min(yh, -a - 1);
    const i64 p_lo = std::max(yl, a + 1), p_hi = yh;
    const i64 width = std::max<i64>(0, n_hi - n_lo + 1) + std::max<i64>(0, p_hi - p_lo + 1);
    if (width == 0) return false;
    if (width > scan_limit) return true;
    for (i64 d = n_lo; d <= n_hi; ++d) {
        if (exists_with_remainder(xl, xh, -d, v)) return true;
    }
    for (i64 d = p_lo; d <= p_hi; ++d) {
        if (exists_with_remainder(xl, xh, d, v)) return true;
    }
    return false;
}

template class TernaryArithmetic<Modulo>;

bool modulo(Solver& s, IntVar x, IntVar y, IntVar z) {
    return check_vars(s, "modulo", {x, y, z}) && post<Modulo>(s, x, y, z);
}

}  // namespace prune
