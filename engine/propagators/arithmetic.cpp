#include "arithmetic.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "../constraints_arithmetic.hpp"
#include "../wide_arithmetic.hpp"
#include "linear.hpp"  // floor_div, ceil_div

namespace prune {
namespace {

using i64 = std::int64_t;
constexpr i64 saturation = i64{1} << 62;

i64 abs64(i64 v) { return v < 0 ? -v : v; }

i64 saturating_multiply(i64 a, i64 b) { return prune::saturating_multiply(a, b, saturation); }

// x^y for y >= 0, saturated at +-2^62.
i64 power_value(i64 x, i64 y) {
    if (y == 0) return 1;
    if (x == 0 || x == 1) return x;
    if (x == -1) return (y & 1) ? -1 : 1;
    i64 r = 1;
    for (i64 i = 0; i < y; ++i) {
        r = saturating_multiply(r, x);
        if (abs64(r) >= saturation) return (x < 0 && (y & 1)) ? -saturation : saturation;
    }
    return r;
}

// floor(n^(1/k)) for n >= 0, k >= 1.
i64 integer_root(i64 n, i64 k) {
    if (n <= 1 || k == 1) return n;
    i64 r = static_cast<i64>(std::pow(static_cast<double>(n), 1.0 / static_cast<double>(k)));
    if (r < 0) r = 0;
    while (r > 0 && power_value(r, k) > n) --r;
    while (power_value(r + 1, k) <= n) ++r;
    return r;
}
// ceil(n^(1/k)) for n >= 0.
i64 ceiling_root(i64 n, i64 k) {
    const i64 r = integer_root(n, k);
    return power_value(r, k) == n ? r : r + 1;
}
// For odd k: the largest x with x^k <= n and the smallest x with x^k >= n.
i64 odd_floor_root(i64 n, i64 k) { return n >= 0 ? integer_root(n, k) : -ceiling_root(-n, k); }
i64 odd_ceiling_root(i64 n, i64 k) { return n >= 0 ? ceiling_root(n, k) : -integer_root(-n, k); }

bool overlaps(i64 a_lo, i64 a_hi, i64 b_lo, i64 b_hi) { return std::max(a_lo, b_lo) <= std::min(a_hi, b_hi); }
bool in(i64 v, i64 lo, i64 hi) { return lo <= v && v <= hi; }

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

bool narrow(Solver& s, IntVar x, i64 lo, i64 hi) {
    return !is_failure(s.set_min(x, lo)) && !is_failure(s.set_max(x, hi));
}

// Moves both bounds of x to the nearest values passing `supported`, spending `work`.
// A test that is not made (work exhausted) leaves the bound where it is. False on
// wipe-out (every value tested and none supported).
template <class F>
bool walk(Solver& s, IntVar x, i64& work, F&& supported) {
    i64 v = s.min(x);
    const i64 end = s.max(x);
    for (;;) {
        if (work <= 0) break;
        --work;
        if (supported(v)) break;
        v = s.next_value(x, v);
        if (v > end) return false;
    }
    if (is_failure(s.set_min(x, v))) return false;
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

bool valid_handle(const Solver& s, IntVar x) { return x.index >= 0 && x.index < s.variable_count(); }

}  // namespace

// ---------------------------------------------------------------- TernaryArithmetic

TernaryArithmetic::TernaryArithmetic(Op op, IntVar x, IntVar y, IntVar z)
    : Propagator(PropagatorCost::linear), op_(op), x_(x), y_(y), z_(z) {}

const char* TernaryArithmetic::kind() const {
    switch (op_) {
        case Op::times: return "z=x*y";
        case Op::divide: return "z=x/y";
        case Op::modulo: return "z=x%y";
        case Op::power: return "z=x^y";
    }
    return "arithmetic";
}

void TernaryArithmetic::attach(Solver& s) {
    s.subscribe(this, x_, Condition::bounds);
    s.subscribe(this, y_, Condition::bounds);
    s.subscribe(this, z_, Condition::bounds);
}

bool TernaryArithmetic::evaluate(Op op, i64 x, i64 y, i64& z) {
    switch (op) {
        case Op::times: z = x * y; return true;
        case Op::divide:
            if (y == 0) return false;
            z = x / y;
            return true;
        case Op::modulo:
            if (y == 0) return false;
            z = x % y;
            return true;
        case Op::power:
            if (y >= 0) {
                z = power_value(x, y);
                return true;
            }
            if (x == 0) return false;  // 1 div 0
            z = x == 1 ? 1 : (x == -1 ? ((y & 1) ? -1 : 1) : 0);
            return true;
    }
    return false;
}

bool TernaryArithmetic::intervals(Solver& s) {
    const i64 xl = s.min(x_), xh = s.max(x_), yl = s.min(y_), yh = s.max(y_);
    switch (op_) {
        case Op::times: {
            const i64 c[4] = {xl * yl, xl * yh, xh * yl, xh * yh};
            if (!narrow(s, z_, *std::min_element(c, c + 4), *std::max_element(c, c + 4))) return false;
            const i64 zl = s.min(z_), zh = s.max(z_);
            i64 lo = 0, hi = 0;
            int kind = factor_hull(zl, zh, yl, yh, lo, hi);
            if (kind == 0 || (kind == 1 && !narrow(s, x_, lo, hi))) return false;
            kind = factor_hull(zl, zh, s.min(x_), s.max(x_), lo, hi);
            if (kind == 0 || (kind == 1 && !narrow(s, y_, lo, hi))) return false;
            return true;
        }
        case Op::divide: {
            if (is_failure(s.remove(y_, 0))) return false;
            const i64 a = s.min(y_), b = s.max(y_);
            i64 zlo = INT64_MAX, zhi = INT64_MIN;
            auto z_part = [&](i64 p, i64 q) {
                const i64 c[4] = {xl / p, xl / q, xh / p, xh / q};
                zlo = std::min(zlo, *std::min_element(c, c + 4));
                zhi = std::max(zhi, *std::max_element(c, c + 4));
            };
            if (a <= -1) z_part(a, std::min<i64>(b, -1));
            if (b >= 1) z_part(std::max<i64>(a, 1), b);
            if (zlo > zhi) return false;
            if (!narrow(s, z_, zlo, zhi)) return false;
            const i64 zl = s.min(z_), zh = s.max(z_);
            i64 xlo = INT64_MAX, xhi = INT64_MIN;
            auto x_part = [&](i64 p, i64 q, i64 l, i64 h) {  // 1 <= p <= q, quotient in [l, h]
                i64 lo1, hi1, lo2, hi2;
                quotient_preimage(p, l, h, lo1, hi1);
                quotient_preimage(q, l, h, lo2, hi2);
                xlo = std::min({xlo, lo1, lo2});
                xhi = std::max({xhi, hi1, hi2});
            };
            if (a <= -1) x_part(-std::min<i64>(b, -1), -a, -zh, -zl);
            if (b >= 1) x_part(std::max<i64>(a, 1), b, zl, zh);
            if (!narrow(s, x_, xlo, xhi)) return false;
            // |q| <= |x| / |y| < |q| + 1 bounds |y| from both sides.
            const i64 nxl = s.min(x_), nxh = s.max(x_);
            const i64 max_x = std::max(abs64(nxl), abs64(nxh));
            const i64 max_q = std::max(abs64(zl), abs64(zh));
            if (zl > 0 || zh < 0) {
                const i64 min_q = std::min(abs64(zl), abs64(zh));
                if (!narrow(s, y_, -(max_x / min_q), max_x / min_q)) return false;
            }
            if (nxl > 0 || nxh < 0) {
                const i64 min_x = std::min(abs64(nxl), abs64(nxh));
                const i64 least = min_x / (max_q + 1) + 1;  // |y| >= least
                if (is_failure(s.remove_range(y_, -(least - 1), least - 1))) return false;
            }
            return true;
        }
        case Op::modulo: {
            if (is_failure(s.remove(y_, 0))) return false;
            const i64 m = std::max(abs64(s.min(y_)), abs64(s.max(y_)));
            const i64 zlo = xl >= 0 ? 0 : std::max(xl, 1 - m);
            const i64 zhi = xh <= 0 ? 0 : std::min(xh, m - 1);
            if (!narrow(s, z_, zlo, zhi)) return false;
            const i64 zl = s.min(z_), zh = s.max(z_);
            if (zl > 0 && (is_failure(s.set_min(x_, zl)) || is_failure(s.remove_range(y_, -zl, zl)))) return false;
            if (zh < 0 && (is_failure(s.set_max(x_, zh)) || is_failure(s.remove_range(y_, zh, -zh)))) return false;
            return true;
        }
        case Op::power: {
            // z: the extremes lie on a small grid of candidate points (see the header).
            i64 xs[5];
            int nx = 0;
            xs[nx++] = xl;
            if (xh != xl) xs[nx++] = xh;
            for (i64 c = -1; c <= 1; ++c) {
                if (c > xl && c < xh) xs[nx++] = c;
            }
            i64 ys[6];
            int ny = 0;
            auto add_y = [&](i64 v, i64 lo, i64 hi) {
                if (v < lo || v > hi) return;
                for (int i = 0; i < ny; ++i) {
                    if (ys[i] == v) return;
                }
                ys[ny++] = v;
            };
            if (yh >= 0) {
                const i64 y0 = std::max<i64>(yl, 0);
                add_y(y0, y0, yh);
                add_y(y0 + 1, y0, yh);
                add_y(yh - 1, y0, yh);
                add_y(yh, y0, yh);
            }
            if (yl < 0) {
                const i64 y1 = std::min<i64>(yh, -1);
                add_y(y1, yl, y1);
                add_y(y1 - 1, yl, y1);
            }
            i64 zlo = INT64_MAX, zhi = INT64_MIN;
            for (int i = 0; i < nx; ++i) {
                for (int j = 0; j < ny; ++j) {
                    i64 v = 0;
                    if (!evaluate(op_, xs[i], ys[j], v)) continue;
                    zlo = std::min(zlo, v);
                    zhi = std::max(zhi, v);
                }
            }
            if (zlo > zhi) return false;
            if (!narrow(s, z_, zlo, zhi)) return false;
            const i64 zl = s.min(z_), zh = s.max(z_);
            const i64 big_z = std::max(abs64(zl), abs64(zh));
            // y < 0 gives a result in {-1, 0, 1}; y = 0 gives 1.
            if ((zl > 1 || zh < -1) && is_failure(s.set_min(y_, 0))) return false;
            if ((zl > 1 || zh < 1) && is_failure(s.remove(y_, 0))) return false;
            // |x|^y >= min |z| needs y >= log_{max |x|} (min |z|).
            const i64 max_x = std::max(abs64(xl), abs64(xh));
            const i64 small_z = (zl > 0 || zh < 0) ? std::min(abs64(zl), abs64(zh)) : 0;
            if (s.min(y_) >= 0 && small_z >= 2) {
                if (max_x <= 1) return false;
                i64 k = 0;
                for (i64 p = 1; p < small_z; p = saturating_multiply(p, max_x)) ++k;
                if (is_failure(s.set_min(y_, k))) return false;
            }
            if (s.min(y_) >= 1) {
                const i64 r = integer_root(big_z, s.min(y_));
                if (!narrow(s, x_, -r, r)) return false;
            }
            const i64 nxl = s.min(x_), nxh = s.max(x_);
            if (nxl >= 2 || nxh <= -2) {
                const i64 base = nxl >= 2 ? nxl : -nxh;
                i64 k = -1;
                if (big_z >= 1) {
                    k = 0;
                    for (i64 p = 1; p <= big_z / base;) {
                        p *= base;
                        ++k;
                    }
                }
                if (is_failure(s.set_max(y_, k))) return false;
            }
            return true;
        }
    }
    return true;
}

bool TernaryArithmetic::supported_x(const Solver& s, i64 v) const {
    const i64 yl = s.min(y_), yh = s.max(y_), zl = s.min(z_), zh = s.max(z_);
    switch (op_) {
        case Op::times: {
            if (v == 0) return zl <= 0 && 0 <= zh;
            const i64 lo = v > 0 ? ceil_div(zl, v) : ceil_div(zh, v);
            const i64 hi = v > 0 ? floor_div(zh, v) : floor_div(zl, v);
            return overlaps(lo, hi, yl, yh);
        }
        case Op::divide:
            return (yh >= 1 && exists_positive_divisor(v, std::max<i64>(yl, 1), yh, zl, zh)) ||
                   (yl <= -1 && exists_positive_divisor(v, -std::min<i64>(yh, -1), -yl, -zh, -zl));
        case Op::modulo: {
            if (yl == 0 && yh == 0) return false;
            if (v == 0) return zl <= 0 && 0 <= zh;
            const i64 a = abs64(v);
            if (in(v, zl, zh) && (yh > a || yl < -a)) return true;
            const i64 lo = std::max(yl, -a), hi = std::min(yh, a);
            if (hi - lo + 1 > scan_limit) return true;
            for (i64 d = lo; d <= hi; ++d) {
                if (d != 0 && in(v % d, zl, zh)) return true;
            }
            return false;
        }
        case Op::power: {
            if (yl < 0) {
                const i64 y1 = std::min<i64>(yh, -1);
                for (i64 y = y1; y >= std::max(yl, y1 - 1); --y) {
                    i64 r = 0;
                    if (evaluate(op_, v, y, r) && in(r, zl, zh)) return true;
                }
            }
            const i64 big_z = std::max(abs64(zl), abs64(zh));
            for (i64 y = std::max<i64>(yl, 0); y <= yh; ++y) {
                const i64 r = power_value(v, y);
                if (in(r, zl, zh)) return true;
                if (abs64(v) >= 2 && abs64(r) > big_z) break;
                if (abs64(v) <= 1 && y > std::max<i64>(yl, 0) + 1) break;
            }
            return false;
        }
    }
    return true;
}

bool TernaryArithmetic::supported_y(const Solver& s, i64 v) const {
    const i64 xl = s.min(x_), xh = s.max(x_), zl = s.min(z_), zh = s.max(z_);
    switch (op_) {
        case Op::times: {
            if (v == 0) return zl <= 0 && 0 <= zh;
            const i64 lo = v > 0 ? ceil_div(zl, v) : ceil_div(zh, v);
            const i64 hi = v > 0 ? floor_div(zh, v) : floor_div(zl, v);
            return overlaps(lo, hi, xl, xh);
        }
        case Op::divide: {
            if (v == 0) return false;
            i64 lo = 0, hi = 0;
            if (v > 0) quotient_preimage(v, zl, zh, lo, hi);
            else quotient_preimage(-v, -zh, -zl, lo, hi);
            return overlaps(lo, hi, xl, xh);
        }
        case Op::modulo: {
            if (v == 0) return false;
            const i64 m = abs64(v);
            const i64 wl = std::max(zl, 1 - m), wh = std::min(zh, m - 1);
            if (wl > wh) return false;
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
        case Op::power: {
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
    }
    return true;
}

bool TernaryArithmetic::supported_z(const Solver& s, i64 v) const {
    const i64 xl = s.min(x_), xh = s.max(x_), yl = s.min(y_), yh = s.max(y_);
    switch (op_) {
        case Op::times: {
            if (v == 0) return in(0, xl, xh) || in(0, yl, yh);
            const bool over_x = xh - xl <= yh - yl;
            const i64 lo = over_x ? xl : yl, hi = over_x ? xh : yh;
            const i64 olo = over_x ? yl : xl, ohi = over_x ? yh : xh;
            if (hi - lo + 1 > scan_limit) return true;
            for (i64 d = lo; d <= hi; ++d) {
                if (d != 0 && v % d == 0 && in(v / d, olo, ohi)) return true;
            }
            return false;
        }
        case Op::divide: {
            if (yh - yl <= xh - xl) {
                if (yh - yl + 1 > scan_limit) return true;
                for (i64 d = yl; d <= yh; ++d) {
                    if (d == 0) continue;
                    i64 lo = 0, hi = 0;
                    if (d > 0) quotient_preimage(d, v, v, lo, hi);
                    else quotient_preimage(-d, -v, -v, lo, hi);
                    if (overlaps(lo, hi, xl, xh)) return true;
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
        case Op::modulo: {
            const i64 a = abs64(v);
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
        case Op::power: {
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
    }
    return true;
}

Status TernaryArithmetic::propagate(Solver& s) {
    i64 work = walk_budget;
    // Interval reasoning to its own fixpoint (it is cheap; the bound keeps
    // pathological slow convergence on huge domains in check).
    auto settle = [&]() {
        for (int round = 0; round < 64; ++round) {
            const i64 before[6] = {s.min(x_), s.max(x_), s.min(y_), s.max(y_), s.min(z_), s.max(z_)};
            if (!intervals(s)) return false;
            const i64 after[6] = {s.min(x_), s.max(x_), s.min(y_), s.max(y_), s.min(z_), s.max(z_)};
            if (std::equal(before, before + 6, after)) break;
        }
        return true;
    };
    for (;;) {
        const i64 before[6] = {s.min(x_), s.max(x_), s.min(y_), s.max(y_), s.min(z_), s.max(z_)};
        if (!settle()) return Status::failed;
        if (!walk(s, x_, work, [&](i64 v) { return supported_x(s, v); })) return Status::failed;
        if (!walk(s, y_, work, [&](i64 v) { return supported_y(s, v); })) return Status::failed;
        if (!walk(s, z_, work, [&](i64 v) { return supported_z(s, v); })) return Status::failed;
        const i64 after[6] = {s.min(x_), s.max(x_), s.min(y_), s.max(y_), s.min(z_), s.max(z_)};
        if (std::equal(before, before + 6, after)) break;
        if (work <= 0) {
            // Still narrowing: continue in a later run, unless a bounds-only domain
            // (over 2^16 values) could make the walk arbitrarily long; there the
            // bounds stay where the budget left them (sound, and fast).
            if (!settle()) return Status::failed;
            if (s.is_bitset(x_) && s.is_bitset(y_) && s.is_bitset(z_)) s.schedule(this);
            return Status::ok;
        }
    }
    if (s.fixed(x_) && s.fixed(y_) && s.fixed(z_)) {
        i64 r = 0;
        return evaluate(op_, s.value(x_), s.value(y_), r) && r == s.value(z_) ? Status::entailed : Status::failed;
    }
    return Status::ok;
}

// ---------------------------------------------------------------- Absolute

void Absolute::attach(Solver& s) {
    s.subscribe(this, x_, Condition::domain);
    s.subscribe(this, z_, Condition::domain);
}

Status Absolute::propagate(Solver& s) {
    for (;;) {
        const i64 before = s.size(x_) + s.size(z_);
        if (is_failure(s.set_min(z_, 0))) return Status::failed;
        const i64 xl = s.min(x_), xh = s.max(x_);
        if (xl >= 0) {
            if (!narrow(s, z_, xl, xh) || !narrow(s, x_, s.min(z_), s.max(z_))) return Status::failed;
        } else if (xh <= 0) {
            if (!narrow(s, z_, -xh, -xl) || !narrow(s, x_, -i64{s.max(z_)}, -i64{s.min(z_)})) return Status::failed;
        } else {
            if (is_failure(s.set_max(z_, std::max(-xl, xh)))) return Status::failed;
            if (!narrow(s, x_, -i64{s.max(z_)}, s.max(z_))) return Status::failed;
        }
        auto x_ok = [&](i64 v) { return abs64(v) <= INT32_MAX && s.contains(z_, static_cast<int>(abs64(v))); };
        auto z_ok = [&](i64 w) {
            return s.contains(x_, static_cast<int>(w)) || (w <= INT32_MAX && s.contains(x_, static_cast<int>(-w)));
        };
        if (s.is_bitset(x_) && s.is_bitset(z_)) {
            for (i64 v = s.min(x_); v <= s.max(x_); v = s.next_value(x_, v)) {
                if (!x_ok(v) && is_failure(s.remove(x_, static_cast<int>(v)))) return Status::failed;
            }
            for (i64 w = s.min(z_); w <= s.max(z_); w = s.next_value(z_, w)) {
                if (!z_ok(w) && is_failure(s.remove(z_, static_cast<int>(w)))) return Status::failed;
            }
        } else {
            i64 work = INT64_MAX;
            if (!walk(s, x_, work, x_ok) || !walk(s, z_, work, z_ok)) return Status::failed;
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

// ---------------------------------------------------------------- post functions

namespace {

bool check_handles(Solver& s, const char* who, std::initializer_list<IntVar> vars) {
    for (IntVar v : vars) {
        if (!valid_handle(s, v)) {
            s.set_error(std::string(who) + ": a variable does not belong to this solver");
            return false;
        }
    }
    return true;
}

bool post_ternary(Solver& s, TernaryArithmetic::Op op, const char* who, IntVar x, IntVar y, IntVar z) {
    if (!check_handles(s, who, {x, y, z})) return false;
    s.add(std::make_unique<TernaryArithmetic>(op, x, y, z));
    return !s.root_failed();
}

}  // namespace

bool times(Solver& s, IntVar x, IntVar y, IntVar z) {
    if (!check_handles(s, "times", {x, y, z})) return false;
    // |x|, |y| <= 2^31, so |x * y| <= 2^62: every product of two bounds fits in 64 bits.
    if (x == y) return power(s, x, s.new_int_var(2, 2), z);  // a square: x * x >= 0
    return post_ternary(s, TernaryArithmetic::Op::times, "times", x, y, z);
}

bool divide(Solver& s, IntVar x, IntVar y, IntVar z) {
    return post_ternary(s, TernaryArithmetic::Op::divide, "divide", x, y, z);
}

bool modulo(Solver& s, IntVar x, IntVar y, IntVar z) {
    return post_ternary(s, TernaryArithmetic::Op::modulo, "modulo", x, y, z);
}

bool power(Solver& s, IntVar x, IntVar y, IntVar z) {
    return post_ternary(s, TernaryArithmetic::Op::power, "power", x, y, z);
}

bool absolute(Solver& s, IntVar x, IntVar z) {
    if (!check_handles(s, "absolute", {x, z})) return false;
    s.add(std::make_unique<Absolute>(x, z));
    return !s.root_failed();
}

bool minimum(Solver& s, const std::vector<IntVar>& xs, IntVar z) {
    if (!check_handles(s, "minimum", {z})) return false;
    for (IntVar x : xs) {
        if (!check_handles(s, "minimum", {x})) return false;
    }
    if (xs.empty()) {
        s.set_error("minimum: the array is empty");
        return false;
    }
    s.add(std::make_unique<ArrayMinMax>(xs, z, false));
    return !s.root_failed();
}

bool maximum(Solver& s, const std::vector<IntVar>& xs, IntVar z) {
    if (!check_handles(s, "maximum", {z})) return false;
    for (IntVar x : xs) {
        if (!check_handles(s, "maximum", {x})) return false;
    }
    if (xs.empty()) {
        s.set_error("maximum: the array is empty");
        return false;
    }
    s.add(std::make_unique<ArrayMinMax>(xs, z, true));
    return !s.root_failed();
}

bool minimum(Solver& s, IntVar x, IntVar y, IntVar z) { return minimum(s, std::vector<IntVar>{x, y}, z); }
bool maximum(Solver& s, IntVar x, IntVar y, IntVar z) { return maximum(s, std::vector<IntVar>{x, y}, z); }

}  // namespace prune
