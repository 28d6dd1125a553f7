#include "cumulative.hpp"

#include <algorithm>
#include <string>

#include "../constraints.hpp"
#include "../posting.hpp"

namespace prune {

CumulativeTimeTable::CumulativeTimeTable(std::vector<IntVar> starts, std::vector<IntVar> durations,
                                         std::vector<IntVar> heights, IntVar capacity)
    : Propagator(PropagatorCost::quadratic),
      starts_(std::move(starts)),
      durations_(std::move(durations)),
      heights_(std::move(heights)),
      capacity_(capacity),
      events_(2 * starts_.size()),
      seg_lo_(2 * starts_.size()),
      seg_hi_(2 * starts_.size()),
      seg_h_(2 * starts_.size()),
      own_lo_(starts_.size()),
      own_hi_(starts_.size()) {}

void CumulativeTimeTable::attach(Solver& s) {
    for (std::size_t i = 0; i < starts_.size(); ++i) {
        s.subscribe(this, starts_[i], Condition::bounds);
        s.subscribe(this, durations_[i], Condition::bounds);
        s.subscribe(this, heights_[i], Condition::bounds);
    }
    s.subscribe(this, capacity_, Condition::bounds);
}

std::int64_t CumulativeTimeTable::build_profile(const Solver& s) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < starts_.size(); ++i) {
        const std::int64_t lst = s.max(starts_[i]);
        const std::int64_t ect = std::int64_t{s.min(starts_[i])} + s.min(durations_[i]);
        const std::int64_t h = s.min(heights_[i]);
        own_lo_[i] = own_hi_[i] = 0;
        if (h <= 0 || lst >= ect) continue;
        own_lo_[i] = lst;
        own_hi_[i] = ect;
        events_[count++] = {lst, h};
        events_[count++] = {ect, -h};
    }
    std::sort(events_.begin(), events_.begin() + static_cast<std::ptrdiff_t>(count),
              [](const TimeEvent& a, const TimeEvent& b) { return a.time < b.time; });
    segments_ = 0;
    std::int64_t height = 0, highest = 0;
    for (std::size_t k = 0; k < count;) {
        const std::int64_t t = events_[k].time;
        while (k < count && events_[k].time == t) height += events_[k++].delta;
        if (height > 0 && k < count) {  // a segment up to the next event
            seg_lo_[segments_] = t;
            seg_hi_[segments_] = events_[k].time;
            seg_h_[segments_] = height;
            ++segments_;
            highest = std::max(highest, height);
        }
    }
    return highest;
}

std::int64_t CumulativeTimeTable::others(int k, int i, std::int64_t h) const {
    // Task i's own part starts and ends at events, so a segment is inside it or outside.
    const bool own = own_lo_[i] < own_hi_[i] && own_lo_[i] <= seg_lo_[k] && seg_hi_[k] <= own_hi_[i];
    return seg_h_[k] - (own ? h : 0);
}

std::int64_t CumulativeTimeTable::earliest_fit(int i, std::int64_t est, std::int64_t d, std::int64_t h,
                                               std::int64_t cap) const {
    std::int64_t t = est;
    for (int k = 0; k < segments_; ++k) {
        if (seg_hi_[k] <= t) continue;
        if (seg_lo_[k] >= t + d) break;
        if (others(k, i, h) + h > cap) t = seg_hi_[k];
    }
    return t;
}

std::int64_t CumulativeTimeTable::latest_fit(int i, std::int64_t lst, std::int64_t d, std::int64_t h,
                                             std::int64_t cap) const {
    std::int64_t t = lst;
    for (int k = segments_ - 1; k >= 0; --k) {
        if (seg_lo_[k] >= t + d) continue;
        if (seg_hi_[k] <= t) break;
        if (others(k, i, h) + h > cap) t = seg_lo_[k] - d;
    }
    return t;
}

Status CumulativeTimeTable::propagate(Solver& s) {
    for (bool moved = true; moved;) {
        moved = false;
        PRUNE_TRY(s.set_min(capacity_, build_profile(s)));
        const std::int64_t cap = s.max(capacity_);
        for (int i = 0; i < static_cast<int>(starts_.size()); ++i) {
            const std::int64_t d = s.min(durations_[i]), h = s.min(heights_[i]);
            if (d <= 0 || h <= 0) continue;
            if (h > cap) return Status::failed;
            const IntVar x = starts_[i];
            const std::int64_t est = s.min(x), lst = s.max(x);
            if (const std::int64_t t = earliest_fit(i, est, d, h, cap); t > est) {
                PRUNE_TRY(s.set_min(x, t));
                moved = true;
            }
            if (const std::int64_t t = latest_fit(i, s.max(x), d, h, cap); t < lst) {
                PRUNE_TRY(s.set_max(x, t));
                moved = true;
            }
        }
    }
    return Status::ok;
}

// ---------------------------------------------------------------- post function

namespace {

// Values that take part in s + d stay far from the 64-bit limits: every domain is
// 32-bit, so sums of two never overflow; durations and heights must be >= 0.
bool non_negative(Solver& s, const std::vector<IntVar>& vars) {
    for (IntVar x : vars) {
        if (is_failure(s.set_min(x, 0))) {
            s.fail();
            return false;
        }
    }
    return true;
}

}  // namespace

bool cumulative(Solver& s, const std::vector<IntVar>& starts, const std::vector<IntVar>& durations,
                const std::vector<IntVar>& heights, IntVar capacity) {
    if (!check_vars(s, "cumulative", starts) || !check_vars(s, "cumulative", durations) ||
        !check_vars(s, "cumulative", heights) || !check_vars(s, "cumulative", {capacity})) {
        return false;
    }
    if (durations.size() != starts.size() || heights.size() != starts.size()) {
        s.set_error("cumulative: " + std::to_string(starts.size()) + " starts, " + std::to_string(durations.size()) +
                    " durations and " + std::to_string(heights.size()) + " heights");
        return false;
    }
    if (!non_negative(s, durations) || !non_negative(s, heights) || !non_negative(s, {capacity})) return false;
    if (starts.empty()) return !s.root_failed();
    return post<CumulativeTimeTable>(s, starts, durations, heights, capacity);
}

}  // namespace prune
