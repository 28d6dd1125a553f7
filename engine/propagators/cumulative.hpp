// Cumulative: tasks [s_i, s_i + d_i) with heights h_i on a resource of capacity c; at
// every time the running tasks' heights sum to at most c (d_i, h_i, c >= 0).
//
// CumulativeTimeTable is time-tabling, the compulsory-part reasoning (Beldiceanu and
// Carlsson, "A new multi-resource cumulatives constraint with negative heights", CP
// 2002), in a profile-based form rather than the sweep of Letort, Beldiceanu and
// Carlsson ("A scalable sweep algorithm for the cumulative constraint", CP 2012),
// which reaches the same fixpoint: a task whose latest start lst_i is before its
// earliest end ect_i = est_i + min d_i surely runs over [lst_i, ect_i), its
// compulsory part, with height min h_i. The profile of the compulsory parts raises the capacity's minimum,
// and each task (min d_i, min h_i > 0) is pushed to the earliest start (and the latest)
// where it fits under max c beside the profile without its own part. Runs repeat
// until no bound moves (a moved bound can grow a compulsory part), so a run reaches its
// own fixpoint. Only bounds change, so bitset and bounds-only domains behave alike.
// What this reaches: with every other task fixed, a start's bounds are supported
// (bounds(Z) for that start, checked by the bench); in general it is not bounds
// consistent (that is NP-hard). Cost: O(n log n) for the profile plus
// O(n x profile segments) for the pushes, per round.
// Under learning it explains pointwise (Schutt, Feydy, Stuckey and Wallace,
// "Explaining the cumulative propagator", Constraints 2011): task i cannot start at v
// because at some time t in [v, v + d_i) the compulsory parts of other tasks leave
// less than h_i; the explanation names just enough of those tasks, each by
// [s_j <= t] and [s_j >= t + 1 - d_j] (it surely runs at t) and its duration's and
// height's lower bounds, with i's own and the capacity's upper bound. The latest such
// t is taken, so the consecutive values a push removes share one explanation. A
// pushed bound is explained as one fact: [s_i >= b] by the overloads the task steps
// over from its bound before (one, or a chain of them), the first with [s_i >= t + 1
// - d_i].
#pragma once
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class CumulativeTimeTable final : public Propagator {
public:
    CumulativeTimeTable(std::vector<IntVar> starts, std::vector<IntVar> durations, std::vector<IntVar> heights,
                        IntVar capacity);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "cumulative(time-table)"; }
    bool explain(Explanation& e) const override;
    bool explains_bound_facts() const override { return true; }

private:
    // Builds the profile of the compulsory parts (segments of positive height, in
    // time order); returns its highest point.
    std::int64_t build_profile(const Solver& s);
    // The earliest start >= est where task i (duration d, height h) fits beside the
    // profile under cap, and the latest start <= lst; past lst (before est) when none.
    std::int64_t earliest_fit(int i, std::int64_t est, std::int64_t d, std::int64_t h, std::int64_t cap) const;
    std::int64_t latest_fit(int i, std::int64_t lst, std::int64_t d, std::int64_t h, std::int64_t cap) const;
    // Height of segment k without task i's own compulsory part.
    std::int64_t others(int k, int i, std::int64_t h) const;
    // Under learning, on the bounds before an inference: the height that the tasks
    // other than `skipped` surely run with at time t; add_overload() names tasks of
    // that height summing to more than `room` and adds their facts.
    std::int64_t height_at(const Explanation& e, std::int64_t t, int skipped) const;
    bool add_overload(Explanation& e, std::int64_t t, int skipped, std::int64_t room) const;
    // The earliest (latest) t in [lo, hi] where task i (height h) does not fit under
    // cap, or INT64_MIN: among lo and the others' latest starts (overload_at_rise),
    // or among hi and the last times of their compulsory parts (latest_overload_within).
    std::int64_t overload_at_rise(const Explanation& e, int i, std::int64_t lo, std::int64_t hi, std::int64_t h, std::int64_t cap,
                                  bool latest) const;
    std::int64_t latest_overload_within(const Explanation& e, int i, std::int64_t lo, std::int64_t hi, std::int64_t h,
                                        std::int64_t cap) const;
    bool explain_start(Explanation& e, int i, std::int64_t v) const;
    // A pushed bound of s_i as one fact, by the overloads it steps over.
    bool explain_lower_bound(Explanation& e, int i, std::int64_t b) const;
    bool explain_upper_bound(Explanation& e, int i, std::int64_t b) const;
    bool explain_failure(Explanation& e) const;

    std::vector<IntVar> starts_, durations_, heights_;
    IntVar capacity_;
    struct TimeEvent {
        std::int64_t time;
        std::int64_t delta;
    };
    std::vector<TimeEvent> events_;                    // scratch, 2n
    std::vector<std::int64_t> seg_lo_, seg_hi_, seg_h_;  // profile segments [lo, hi), scratch
    int segments_ = 0;
    std::vector<std::int64_t> own_lo_, own_hi_;  // each task's compulsory part in the profile
    mutable std::vector<int> chosen_;              // explain()'s scratch, reserved for every task
};

}  // namespace prune
