#include "disjunctive.hpp"

#include <string>

#include "../constraints.hpp"
#include "../posting.hpp"

namespace prune {

DisjunctivePairs::DisjunctivePairs(std::vector<IntVar> starts, std::vector<IntVar> durations, bool zero_duration_ignored)
    : Propagator(PropagatorCost::quadratic),
      starts_(std::move(starts)),
      durations_(std::move(durations)),
      zero_ignored_(zero_duration_ignored) {}

void DisjunctivePairs::attach(Solver& s) {
    for (std::size_t i = 0; i < starts_.size(); ++i) {
        s.subscribe(this, starts_[i], Condition::bounds);
        s.subscribe(this, durations_[i], Condition::bounds);
    }
}

Status DisjunctivePairs::propagate(Solver& s) {
    const std::size_t n = starts_.size();
    for (bool moved = true; moved;) {
        moved = false;
        for (std::size_t i = 0; i < n; ++i) {
            const std::int64_t di = s.min(durations_[i]);
            if (zero_ignored_ && di == 0) continue;  // may be empty: nothing to conclude
            const IntVar si = starts_[i];
            for (std::size_t j = i + 1; j < n; ++j) {
                const std::int64_t dj = s.min(durations_[j]);
                if (zero_ignored_ && dj == 0) continue;
                const IntVar sj = starts_[j];
                const bool i_first = s.min(si) + di <= s.max(sj);
                const bool j_first = s.min(sj) + dj <= s.max(si);
                if (i_first == j_first) {
                    if (!i_first) return Status::failed;
                    continue;
                }
                // One order is left: first ends before second starts.
                const IntVar first = i_first ? si : sj, second = i_first ? sj : si;
                const std::int64_t d = i_first ? di : dj;
                const Event a = s.set_min(second, s.min(first) + d);
                PRUNE_TRY(a);
                const Event b = s.set_max(first, s.max(second) - d);
                PRUNE_TRY(b);
                moved = moved || is_change(a) || is_change(b);
            }
        }
    }
    return Status::ok;
}

bool disjunctive(Solver& s, const std::vector<IntVar>& starts, const std::vector<IntVar>& durations,
                 bool zero_duration_ignored) {
    if (!check_vars(s, "disjunctive", starts) || !check_vars(s, "disjunctive", durations)) return false;
    if (durations.size() != starts.size()) {
        s.set_error("disjunctive: " + std::to_string(starts.size()) + " starts and " + std::to_string(durations.size()) +
                    " durations");
        return false;
    }
    for (IntVar d : durations) {
        if (is_failure(s.set_min(d, 0))) {
            s.fail();
            return false;
        }
    }
    if (starts.size() < 2) return !s.root_failed();
    return post<DisjunctivePairs>(s, starts, durations, zero_duration_ignored);
}

}  // namespace prune
