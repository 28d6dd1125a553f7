#include "no_overlap_2d.hpp"

#include <string>

#include "../constraints.hpp"
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
