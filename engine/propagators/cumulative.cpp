#include "cumulative.hpp"

#include <algorithm>
#include <string>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
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
      own_hi_(starts_.size()) {
    chosen_.reserve(starts_.size());
}

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

// ---- Under learning: pointwise explanations on the bounds before the inference.

std::int64_t CumulativeTimeTable::height_at(const Explanation& e, std::int64_t t, int skipped) const {
    std::int64_t height = 0;
    for (int j = 0; j < static_cast<int>(starts_.size()); ++j) {
        if (j == skipped) continue;
        const std::int64_t lst = e.max_before(starts_[j]), ect = std::int64_t{e.min_before(starts_[j])} + e.min_before(durations_[j]);
        if (lst <= t && t < ect) height += std::max(0, e.min_before(heights_[j]));
    }
    return height;
}

// The tallest tasks first (fewest facts), until their heights exceed `room`.
bool CumulativeTimeTable::add_overload(Explanation& e, std::int64_t t, int skipped, std::int64_t room) const {
    chosen_.clear();
    for (int j = 0; j < static_cast<int>(starts_.size()); ++j) {
        const std::int64_t lst = e.max_before(starts_[j]), ect = std::int64_t{e.min_before(starts_[j])} + e.min_before(durations_[j]);
        if (j != skipped && lst <= t && t < ect && e.min_before(heights_[j]) > 0) chosen_.push_back(j);
    }
    std::sort(chosen_.begin(), chosen_.end(), [&](int a, int b) { return e.min_before(heights_[a]) > e.min_before(heights_[b]); });
    std::int64_t height = 0;
    std::size_t used = 0;
    while (used < chosen_.size() && height <= room) height += e.min_before(heights_[chosen_[used++]]);
    if (height <= room) return false;
    for (std::size_t k = 0; k < used; ++k) {
        const int j = chosen_[k];
        const std::int64_t d = e.min_before(durations_[j]);
        e.add_upper_bound(starts_[j], t);
        e.add_lower_bound(starts_[j], t + 1 - d);
        e.add_lower_bound(durations_[j], d);
        e.add_lower_bound(heights_[j], e.min_before(heights_[j]));
    }
    return true;
}

// The earliest (or latest) time in [lo, hi] where task i (height h) does not fit
// under cap beside the others' compulsory parts, or INT64_MIN. The profile rises only
// where a compulsory part starts, so the height over [lo, hi] peaks at lo or at some
// other task's latest start inside: those are the candidates.
std::int64_t CumulativeTimeTable::overload_at_rise(const Explanation& e, int i, std::int64_t lo, std::int64_t hi, std::int64_t h,
                                                   std::int64_t cap, bool latest) const {
    std::int64_t best = height_at(e, lo, i) + h > cap ? lo : INT64_MIN;
    if (!latest && best != INT64_MIN) return best;
    for (int j = 0; j < static_cast<int>(starts_.size()); ++j) {
        const std::int64_t t = e.max_before(starts_[j]);
        if (j == i || t <= lo || t > hi) continue;
        if (best != INT64_MIN && (latest ? t <= best : t >= best)) continue;
        if (height_at(e, t, i) + h > cap) best = t;
    }
    return best;
}

// The latest time in [lo, hi] where task i does not fit: hi, or the last time of a
// compulsory part (the profile falls only after one), or INT64_MIN.
std::int64_t CumulativeTimeTable::latest_overload_within(const Explanation& e, int i, std::int64_t lo, std::int64_t hi, std::int64_t h,
                                                         std::int64_t cap) const {
    if (height_at(e, hi, i) + h > cap) return hi;
    std::int64_t best = INT64_MIN;
    for (int j = 0; j < static_cast<int>(starts_.size()); ++j) {
        const std::int64_t t = std::int64_t{e.min_before(starts_[j])} + e.min_before(durations_[j]) - 1;
        if (j == i || t < lo || t >= hi || t <= best) continue;
        if (height_at(e, t, i) + h > cap) best = t;
    }
    return best;
}

// [s_i >= b] as one fact, after Schutt et al.'s explanation of a bound push: from its
// bound before, each step takes the latest overload t the task cannot avoid (i
// starting at cur or later runs at t, for t < cur + d) and moves past it; the
// overloads' tasks and the first step's [s_i >= t + 1 - d] explain it. A push over
// several peaks is one explanation of as many overloads.
bool CumulativeTimeTable::explain_lower_bound(Explanation& e, int i, std::int64_t b) const {
    const std::int64_t d = e.min_before(durations_[i]), h = e.min_before(heights_[i]), cap = e.max_before(capacity_);
    if (d <= 0 || h <= 0) return false;
    for (std::int64_t cur = e.min_before(starts_[i]); cur < b;) {
        const std::int64_t t = latest_overload_within(e, i, cur, cur + d - 1, h, cap);
        if (t == INT64_MIN || !add_overload(e, t, i, cap - h)) return false;
        if (cur == e.min_before(starts_[i])) e.add_lower_bound(starts_[i], t + 1 - d);
        cur = t + 1;
    }
    e.add_lower_bound(durations_[i], d);
    e.add_lower_bound(heights_[i], h);
    e.add_upper_bound(capacity_, cap);
    return true;
}

// The mirror, [s_i <= b]: from its bound before, each step takes the earliest overload
// t in [cur, cur + d) and moves to t - d.
bool CumulativeTimeTable::explain_upper_bound(Explanation& e, int i, std::int64_t b) const {
    const std::int64_t d = e.min_before(durations_[i]), h = e.min_before(heights_[i]), cap = e.max_before(capacity_);
    if (d <= 0 || h <= 0) return false;
    for (std::int64_t cur = e.max_before(starts_[i]); cur > b;) {
        const std::int64_t t = overload_at_rise(e, i, cur, cur + d - 1, h, cap, false);
        if (t == INT64_MIN || !add_overload(e, t, i, cap - h)) return false;
        if (cur == e.max_before(starts_[i])) e.add_upper_bound(starts_[i], t);
        cur = t - d;
    }
    e.add_lower_bound(durations_[i], d);
    e.add_lower_bound(heights_[i], h);
    e.add_upper_bound(capacity_, cap);
    return true;
}

// Task i cannot start at v: its duration's and height's lower bounds, the capacity's
// upper bound, and the tasks that overload some t in [v, v + d).
bool CumulativeTimeTable::explain_start(Explanation& e, int i, std::int64_t v) const {
    const std::int64_t d = e.min_before(durations_[i]), h = e.min_before(heights_[i]), cap = e.max_before(capacity_);
    if (d <= 0 || h <= 0) return false;
    const std::int64_t t = overload_at_rise(e, i, v, v + d - 1, h, cap, true);
    if (t == INT64_MIN || !add_overload(e, t, i, cap - h)) return false;
    e.add_lower_bound(durations_[i], d);
    e.add_lower_bound(heights_[i], h);
    e.add_upper_bound(capacity_, cap);
    return true;
}

// The compulsory parts above the capacity at some time; a task taller than the
// capacity; or a start with no value left where its task fits.
bool CumulativeTimeTable::explain_failure(Explanation& e) const {
    const int n = static_cast<int>(starts_.size());
    const std::int64_t cap = e.max_before(capacity_);
    for (int j = 0; j < n; ++j) {
        const std::int64_t t = e.max_before(starts_[j]);
        if (height_at(e, t, -1) > cap && add_overload(e, t, -1, cap)) {
            e.add_upper_bound(capacity_, cap);
            return true;
        }
    }
    for (int i = 0; i < n; ++i) {
        const std::int64_t d = e.min_before(durations_[i]), h = e.min_before(heights_[i]);
        if (d > 0 && h > cap) {
            e.add_lower_bound(durations_[i], 1);
            e.add_lower_bound(heights_[i], cap + 1);
            e.add_upper_bound(capacity_, cap);
            return true;
        }
    }
    for (int i = 0; i < n; ++i) {
        const std::int64_t d = e.min_before(durations_[i]), h = e.min_before(heights_[i]);
        if (d <= 0 || h <= 0) continue;
        const IntVar x = starts_[i];
        const std::int64_t lo = e.min_before(x), hi = e.max_before(x);
        bool fits_somewhere = false;
        for (std::int64_t v = lo; v <= hi && !fits_somewhere; ++v) {
            if (!e.had_value(x, static_cast<int>(v))) continue;
            const std::int64_t t = overload_at_rise(e, i, v, v + d - 1, h, cap, true);
            if (t == INT64_MIN) fits_somewhere = true;
            else v = t;  // (every value up to t meets the same overload)
        }
        if (fits_somewhere) continue;
        e.add_lower_bound(x, lo);
        e.add_upper_bound(x, hi);
        for (std::int64_t v = lo; v <= hi; ++v) {
            if (!e.had_value(x, static_cast<int>(v))) {
                e.add_removed(x, static_cast<int>(v));
                continue;
            }
            const std::int64_t t = overload_at_rise(e, i, v, v + d - 1, h, cap, true);
            add_overload(e, t, i, cap - h);
            v = t;
        }
        e.add_lower_bound(durations_[i], d);
        e.add_lower_bound(heights_[i], h);
        e.add_upper_bound(capacity_, cap);
        return true;
    }
    return false;
}

bool CumulativeTimeTable::explain(Explanation& e) const {
    if (e.explaining_failure()) return explain_failure(e);
    const Fact& f = e.inferred();
    if (f.is_equal()) return false;
    const ExcludedValues excluded = excluded_values(f);
    if (f.var == capacity_.index && excluded.side <= 0) {
        // The compulsory parts at some time exceed v: [c != v], and [c >= v + 1] too.
        const std::int64_t v = excluded.nearest;
        for (int j = 0; j < static_cast<int>(starts_.size()); ++j) {
            const std::int64_t t = e.max_before(starts_[j]);
            if (height_at(e, t, -1) > v && add_overload(e, t, -1, v)) return true;
        }
    }
    for (int i = 0; i < static_cast<int>(starts_.size()); ++i) {
        if (starts_[i].index != f.var) continue;
        if (f.kind == FactKind::greater_equal ? explain_lower_bound(e, i, f.value)
            : f.kind == FactKind::less_equal  ? explain_upper_bound(e, i, f.value)
                                              : explain_start(e, i, f.value)) {
            return true;
        }
    }
    return false;
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
