#include "no_overlap_2d.hpp"

#include <algorithm>
#include <string>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"

namespace prune {

NoOverlap2D::NoOverlap2D(std::vector<IntVar> x, std::vector<IntVar> y, std::vector<IntVar> dx, std::vector<IntVar> dy,
                         bool zero_ignored)
    : Propagator(PropagatorCost::quadratic),
      x_(std::move(x)),
      y_(std::move(y)),
      dx_(std::move(dx)),
      dy_(std::move(dy)),
      zero_ignored_(zero_ignored) {}

void NoOverlap2D::attach(Solver& s) {
    for (std::size_t i = 0; i < x_.size(); ++i) {
        for (IntVar v : {x_[i], y_[i], dx_[i], dy_[i]}) s.subscribe(this, v, Condition::bounds);
    }
}

Event NoOverlap2D::before(Solver& s, IntVar a, std::int64_t size_a, IntVar b, bool& moved) {
    const Event lo = s.set_min(b, s.min(a) + size_a);
    if (is_failure(lo)) return lo;
    const Event hi = s.set_max(a, s.max(b) - size_a);
    moved = moved || is_change(lo) || is_change(hi);
    return hi;
}

Status NoOverlap2D::propagate(Solver& s) {
    const std::size_t n = x_.size();
    for (bool moved = true; moved;) {
        moved = false;
        for (std::size_t i = 0; i < n; ++i) {
            const std::int64_t wi = s.min(dx_[i]), hi = s.min(dy_[i]);
            if (zero_ignored_ && (wi == 0 || hi == 0)) continue;  // may be empty
            for (std::size_t j = i + 1; j < n; ++j) {
                const std::int64_t wj = s.min(dx_[j]), hj = s.min(dy_[j]);
                if (zero_ignored_ && (wj == 0 || hj == 0)) continue;
                const bool left = s.min(x_[i]) + wi <= s.max(x_[j]);   // i left of j
                const bool right = s.min(x_[j]) + wj <= s.max(x_[i]);  // j left of i
                const bool below = s.min(y_[i]) + hi <= s.max(y_[j]);  // i below j
                const bool above = s.min(y_[j]) + hj <= s.max(y_[i]);  // j below i
                const int possible = int{left} + int{right} + int{below} + int{above};
                if (possible == 0) return Status::failed;
                if (possible > 1) continue;
                Event e = Event::none;
                if (left) e = before(s, x_[i], wi, x_[j], moved);
                if (right) e = before(s, x_[j], wj, x_[i], moved);
                if (below) e = before(s, y_[i], hi, y_[j], moved);
                if (above) e = before(s, y_[j], hj, y_[i], moved);
                PRUNE_TRY(e);
            }
        }
    }
    return Status::ok;
}

// ---------------------------------------------------------------- explanations

bool NoOverlap2D::separated_by_none(Explanation& e, std::size_t i, std::size_t j, int target, std::int64_t lo, std::int64_t hi,
                                    bool lo_is_bound, bool hi_is_bound) const {
    // The four separations: first's start + first's size <= second's start.
    struct Separation {
        IntVar first, size, second;
    };
    const Separation separations[4] = {{x_[i], dx_[i], x_[j]}, {x_[j], dx_[j], x_[i]}, {y_[i], dy_[i], y_[j]}, {y_[j], dy_[j], y_[i]}};
    if (zero_ignored_) {
        for (IntVar size : {dx_[i], dy_[i], dx_[j], dy_[j]}) {
            if (e.min_before(size) == 0) return false;  // the pair may be unconstrained
        }
    }
    bool needs_lo = false, needs_hi = false;
    for (const Separation& sep : separations) {
        if (sep.first.index == sep.second.index) return false;  // (a rectangle against itself: the fallback)
        const std::int64_t w = e.min_before(sep.size);
        // (the target's range stands in for its bounds)
        const std::int64_t first = sep.first.index == target ? lo : e.min_before(sep.first);
        const std::int64_t second = sep.second.index == target ? hi : e.max_before(sep.second);
        if (first + w <= second) return false;
        needs_lo |= sep.first.index == target;
        needs_hi |= sep.second.index == target;
    }
    for (const Separation& sep : separations) {
        const std::int64_t w = e.min_before(sep.size);
        e.add_lower_bound(sep.size, w);
        // Lifted against the target's range; the bounds before between two others.
        if (sep.second.index == target) {
            e.add_lower_bound(sep.first, hi + 1 - w);
        } else if (sep.first.index == target) {
            e.add_upper_bound(sep.second, lo + w - 1);
        } else {
            e.add_lower_bound(sep.first, e.min_before(sep.first));
            e.add_upper_bound(sep.second, e.max_before(sep.second));
        }
    }
    if (needs_lo && lo_is_bound) e.add_lower_bound(IntVar{target}, lo);
    if (needs_hi && hi_is_bound) e.add_upper_bound(IntVar{target}, hi);
    return true;
}

bool NoOverlap2D::explain(Explanation& e) const {
    const std::size_t n = x_.size();
    if (e.explaining_failure()) {
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t j = i + 1; j < n; ++j) {
                if (separated_by_none(e, i, j, -1, 0, 0, false, false)) return true;
            }
        }
        return false;
    }
    // The values the fact excludes, as a range of the target (a bound fact's other
    // end is the target's bound before, added where needed).
    const Fact& f = e.inferred();
    if (f.is_equal()) return false;
    const IntVar target{f.var};
    const ExcludedValues excluded = excluded_values(f);
    const bool lo_is_bound = excluded.side < 0, hi_is_bound = excluded.side > 0;
    const std::int64_t lo = lo_is_bound ? e.min_before(target) : excluded.nearest;
    const std::int64_t hi = hi_is_bound ? e.max_before(target) : excluded.nearest;
    if (lo > hi) return false;
    // The pairs of the target's rectangle (or rectangles, for a variable shared).
    for (std::size_t t = 0; t < n; ++t) {
        if (x_[t].index != f.var && y_[t].index != f.var) continue;
        for (std::size_t other = 0; other < n; ++other) {
            if (other == t) continue;
            const std::size_t i = std::min(t, other), j = std::max(t, other);
            if (separated_by_none(e, i, j, f.var, lo, hi, lo_is_bound, hi_is_bound)) return true;
        }
    }
    return false;
}

// ---------------------------------------------------------------- post function

bool no_overlap_2d(Solver& s, const std::vector<IntVar>& x, const std::vector<IntVar>& y, const std::vector<IntVar>& dx,
                   const std::vector<IntVar>& dy, bool zero_ignored) {
    const char* who = "no_overlap_2d";
    if (!check_vars(s, who, x) || !check_vars(s, who, y) || !check_vars(s, who, dx) || !check_vars(s, who, dy)) return false;
    if (y.size() != x.size() || dx.size() != x.size() || dy.size() != x.size()) {
        s.set_error("no_overlap_2d: x, y, dx and dy differ in length");
        return false;
    }
    for (const std::vector<IntVar>* sizes : {&dx, &dy}) {
        for (IntVar d : *sizes) {
            if (is_failure(s.set_min(d, 0))) {
                s.fail();
                return false;
            }
        }
    }
    if (x.size() < 2) return !s.root_failed();
    return post<NoOverlap2D>(s, x, y, dx, dy, zero_ignored);
}

}  // namespace prune
