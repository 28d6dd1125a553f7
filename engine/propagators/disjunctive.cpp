#include "disjunctive.hpp"

#include <algorithm>
#include <climits>
#include <string>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"

namespace prune {

namespace {

constexpr std::int64_t no_completion = INT64_MIN / 4;  // the ECT of an empty set

// Sorts order[0, m) by key: insertion sort, which is linear on the previous run's
// nearly sorted order; past 4m + 16 moves it hands over to std::sort.
template <class Key>
void sort_nearly_sorted(int* order, std::size_t m, Key key) {
    std::size_t budget = 4 * m + 16;
    for (std::size_t i = 1; i < m; ++i) {
        const int item = order[i];
        const std::int64_t k = key(item);
        std::size_t j = i;
        while (j > 0 && key(order[j - 1]) > k) {
            order[j] = order[j - 1];
            --j;
            if (--budget == 0) {
                order[j] = item;
                std::sort(order, order + m, [&key](int a, int b) { return key(a) < key(b); });
                return;
            }
        }
        order[j] = item;
    }
}

}  // namespace

Disjunctive::Disjunctive(std::vector<IntVar> starts, std::vector<IntVar> durations, bool zero_duration_ignored)
    : Propagator(PropagatorCost::quadratic),
      starts_(std::move(starts)),
      durations_(std::move(durations)),
      zero_ignored_(zero_duration_ignored) {
    const std::size_t n = starts_.size();
    task_.resize(n);
    for (auto* v : {&est_, &lst_, &p_, &raised_}) v->resize(n);
    rank_.resize(n);
    orders_.resize(8 * n);
    in_tree_.resize(n);
    while (leaves_ < static_cast<int>(n)) leaves_ *= 2;
    sum_p_.resize(2 * static_cast<std::size_t>(leaves_));
    ect_.resize(2 * static_cast<std::size_t>(leaves_));
    candidates_.reserve(n);
}

void Disjunctive::attach(Solver& s) {
    for (std::size_t i = 0; i < starts_.size(); ++i) {
        s.subscribe(this, starts_[i], Condition::bounds);
        s.subscribe(this, durations_[i], Condition::bounds);
    }
}

// ---- Theta tree (Vilím): a balanced tree over the tasks in est order ----

void Disjunctive::tree_clear() {
    std::fill(sum_p_.begin(), sum_p_.end(), 0);
    std::fill(ect_.begin(), ect_.end(), no_completion);
}

void Disjunctive::tree_update(int leaf) {
    for (int v = leaf / 2; v >= 1; v /= 2) {
        const int l = 2 * v, r = l + 1;
        sum_p_[v] = sum_p_[l] + sum_p_[r];
        ect_[v] = std::max(ect_[r], ect_[l] == no_completion ? no_completion : ect_[l] + sum_p_[r]);
    }
}

void Disjunctive::tree_insert(int rank, std::int64_t est, std::int64_t p) {
    const int leaf = leaves_ + rank;
    sum_p_[leaf] = p;
    ect_[leaf] = est + p;
    tree_update(leaf);
}

void Disjunctive::tree_remove(int rank) {
    const int leaf = leaves_ + rank;
    sum_p_[leaf] = 0;
    ect_[leaf] = no_completion;
    tree_update(leaf);
}

bool Disjunctive::overload_and_precedences(std::size_t m, int direction) {
    // The orders of the previous run in this direction are kept: few bounds move
    // between runs, so they are nearly sorted (a new task set starts from scratch).
    // (All four are reset together: the overload check may fail before the last two
    // are sorted, and the next run must still find permutations.)
    if (ordered_[direction] != m) {
        ordered_[direction] = m;
        for (int which = 0; which < 4; ++which) {
            for (std::size_t k = 0; k < m; ++k) order(direction, which)[k] = static_cast<int>(k);
        }
    }
    auto sort_by = [m](int* order, auto key) { sort_nearly_sorted(order, m, key); };
    int* by_est = order(direction, 0);
    int* by_lct = order(direction, 1);
    int* by_lst = order(direction, 2);
    int* by_ect = order(direction, 3);
    sort_by(by_est, [this](int k) { return est_[k]; });
    for (std::size_t r = 0; r < m; ++r) rank_[by_est[r]] = static_cast<int>(r);
    // Overload checking: tasks by latest completion; the ECT of those inserted so far
    // must not pass the current one's latest completion.
    sort_by(by_lct, [this](int k) { return lst_[k] + p_[k]; });
    tree_clear();
    for (std::size_t q = 0; q < m; ++q) {
        const int j = by_lct[q];
        tree_insert(rank_[j], est_[j], p_[j]);
        if (ect_[1] > lst_[j] + p_[j]) return false;
    }
    // Detectable precedences: j surely precedes i when ect_i > lst_j.
    sort_by(by_lst, [this](int k) { return lst_[k]; });
    sort_by(by_ect, [this](int k) { return est_[k] + p_[k]; });
    tree_clear();
    std::fill(in_tree_.begin(), in_tree_.begin() + static_cast<std::ptrdiff_t>(m), 0);
    std::size_t q = 0;
    for (std::size_t k = 0; k < m; ++k) {
        const int i = by_ect[k];
        const std::int64_t ect_i = est_[i] + p_[i];
        for (; q < m && ect_i > lst_[by_lst[q]]; ++q) {
            const int j = by_lst[q];
            tree_insert(rank_[j], est_[j], p_[j]);
            in_tree_[j] = 1;
        }
        if (in_tree_[i]) tree_remove(rank_[i]);
        raised_[i] = std::max(est_[i], ect_[1]);
        if (in_tree_[i]) tree_insert(rank_[i], est_[i], p_[i]);
    }
    return true;
}

bool Disjunctive::theta_passes(Solver& s, bool& moved) {
    std::size_t m = 0;
    for (std::size_t i = 0; i < starts_.size(); ++i) {
        if (!zero_ignored_ || s.min(durations_[i]) > 0) task_[m++] = static_cast<int>(i);
    }
    if (m < 3) return true;  // two tasks: the pairs see everything
    for (int direction = 0; direction < 2; ++direction) {
        // Forward: est, lst as they are. Mirrored: a task [s, s + p) becomes
        // [-(s + p), -s), so its est is -(lst + p) and its lst -(est + p).
        for (std::size_t k = 0; k < m; ++k) {
            const IntVar x = starts_[task_[k]];
            p_[k] = s.min(durations_[task_[k]]);
            est_[k] = direction == 0 ? s.min(x) : -(std::int64_t{s.max(x)} + p_[k]);
            lst_[k] = direction == 0 ? s.max(x) : -(std::int64_t{s.min(x)} + p_[k]);
        }
        if (!overload_and_precedences(m, direction)) return false;
        for (std::size_t k = 0; k < m; ++k) {
            if (raised_[k] <= est_[k]) continue;
            const IntVar x = starts_[task_[k]];
            const Event e = direction == 0 ? s.set_min(x, raised_[k]) : s.set_max(x, -raised_[k] - p_[k]);
            PRUNE_TRY(e);
            moved = moved || is_change(e);
        }
    }
    return true;
}

bool Disjunctive::pairs(Solver& s, bool& moved) {
    const std::size_t n = starts_.size();
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
                if (!i_first) return false;
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
    return true;
}

Status Disjunctive::propagate(Solver& s) {
    // The pairs (cheap, and most of the pruning) to their fixpoint, then the Theta-tree
    // passes; again while those move a bound.
    for (;;) {
        for (bool moved = true; moved;) {
            moved = false;
            if (!pairs(s, moved)) return Status::failed;
        }
        bool moved = false;
        if (!theta_passes(s, moved)) return Status::failed;
        if (!moved) return Status::ok;
    }
}

// ---- Under learning: explanations on the bounds before the inference.

bool Disjunctive::takes_part(const Explanation& e, int k) const {
    return !zero_ignored_ || e.min_before(durations_[k]) > 0;
}

// Into candidates_, the tasks j other than i (taking part) whose latest start is
// before `until`, latest earliest start first: with i ending at `until` or later,
// they cannot start after it, so they end before it starts.
void Disjunctive::collect_starting_before(const Explanation& e, int i, std::int64_t until) const {
    candidates_.clear();
    for (int j = 0; j < static_cast<int>(starts_.size()); ++j) {
        if (j != i && takes_part(e, j) && e.max_before(starts_[j]) < until) candidates_.push_back(j);
    }
    std::sort(candidates_.begin(), candidates_.end(), [&](int a, int b) { return e.min_before(starts_[a]) > e.min_before(starts_[b]); });
}

// The mirror: the tasks whose earliest completion is past `from`, earliest latest
// completion first: with i starting at `from` or earlier, they cannot end before it,
// so they start after it ends.
void Disjunctive::collect_ending_after(const Explanation& e, int i, std::int64_t from) const {
    candidates_.clear();
    for (int j = 0; j < static_cast<int>(starts_.size()); ++j) {
        if (j != i && takes_part(e, j) && std::int64_t{e.min_before(starts_[j])} + e.min_before(durations_[j]) > from) {
            candidates_.push_back(j);
        }
    }
    const auto lct = [&](int j) { return std::int64_t{e.max_before(starts_[j])} + e.min_before(durations_[j]); };
    std::sort(candidates_.begin(), candidates_.end(), [&](int a, int b) { return lct(a) < lct(b); });
}

// The tasks j that cannot start after i (at v) has ended, lst_j < v + p_i, must end
// by v.
// Taken by earliest start, latest first, they are a set from e on whose durations
// reach past v once e + their sum > v: the fewest such tasks.
bool Disjunctive::explain_before(Explanation& e, int i, std::int64_t v, std::int64_t& covered, bool add) const {
    const std::int64_t p_i = e.min_before(durations_[i]);
    collect_starting_before(e, i, v + p_i);
    std::int64_t sum = 0;
    for (std::size_t k = 0; k < candidates_.size(); ++k) {
        sum += e.min_before(durations_[candidates_[k]]);
        const std::int64_t from = e.min_before(starts_[candidates_[k]]);
        if (from + sum <= v) continue;
        covered = from + sum - 1;
        if (!add) return true;
        for (std::size_t q = 0; q <= k; ++q) {
            const int j = candidates_[q];
            e.add_lower_bound(starts_[j], from);
            e.add_upper_bound(starts_[j], v + p_i - 1);
            e.add_lower_bound(durations_[j], e.min_before(durations_[j]));
        }
        e.add_lower_bound(durations_[i], p_i);
        return true;
    }
    return false;
}

// The mirror: the tasks that cannot end by v, est_j + p_j > v, must start at v + p_i
// or later; taken by latest completion, earliest first, they are a set ending by l
// whose durations do not fit between v + p_i and l.
bool Disjunctive::explain_after(Explanation& e, int i, std::int64_t v, bool add) const {
    const std::int64_t p_i = e.min_before(durations_[i]);
    collect_ending_after(e, i, v);
    const auto lct = [&](int j) { return std::int64_t{e.max_before(starts_[j])} + e.min_before(durations_[j]); };
    std::int64_t sum = 0;
    for (std::size_t k = 0; k < candidates_.size(); ++k) {
        sum += e.min_before(durations_[candidates_[k]]);
        const std::int64_t until = lct(candidates_[k]);
        if (v + p_i + sum <= until) continue;
        if (!add) return true;
        for (std::size_t q = 0; q <= k; ++q) {
            const int j = candidates_[q];
            const std::int64_t p_j = e.min_before(durations_[j]);
            e.add_upper_bound(starts_[j], until - p_j);
            e.add_lower_bound(starts_[j], v - p_j + 1);
            e.add_lower_bound(durations_[j], p_j);
        }
        e.add_lower_bound(durations_[i], p_i);
        return true;
    }
    return false;
}

// A set whose tasks all lie within [e, l] with durations summing past l - e: for each
// earliest start e, the tasks from e on by latest completion.
bool Disjunctive::explain_overload(Explanation& e) const {
    const int n = static_cast<int>(starts_.size());
    const auto lct = [&](int j) { return std::int64_t{e.max_before(starts_[j])} + e.min_before(durations_[j]); };
    for (int first = 0; first < n; ++first) {
        if (!takes_part(e, first)) continue;
        const std::int64_t from = e.min_before(starts_[first]);
        candidates_.clear();
        for (int j = 0; j < n; ++j) {
            if (takes_part(e, j) && e.min_before(starts_[j]) >= from) candidates_.push_back(j);
        }
        std::sort(candidates_.begin(), candidates_.end(), [&](int a, int b) { return lct(a) < lct(b); });
        std::int64_t sum = 0;
        for (std::size_t k = 0; k < candidates_.size(); ++k) {
            sum += e.min_before(durations_[candidates_[k]]);
            const std::int64_t until = lct(candidates_[k]);
            if (from + sum <= until) continue;
            for (std::size_t q = 0; q <= k; ++q) {
                const int j = candidates_[q];
                const std::int64_t p_j = e.min_before(durations_[j]);
                e.add_lower_bound(starts_[j], from);
                e.add_upper_bound(starts_[j], until - p_j);
                e.add_lower_bound(durations_[j], p_j);
            }
            return true;
        }
    }
    return false;
}

// A start none of whose values fits: each value explained before or after, the run of
// values one forward explanation covers at once.
bool Disjunctive::explain_start_wiped(Explanation& e) const {
    for (int i = 0; i < static_cast<int>(starts_.size()); ++i) {
        if (!takes_part(e, i)) continue;
        const IntVar x = starts_[i];
        const std::int64_t lo = e.min_before(x), hi = e.max_before(x);
        // A dry run first: the facts go in only when every value is explained.
        bool all = true;
        for (const bool add : {false, true}) {
            if (add) {
                e.add_lower_bound(x, lo);
                e.add_upper_bound(x, hi);
            }
            for (std::int64_t v = lo; v <= hi && all; ++v) {
                if (!e.had_value(x, static_cast<int>(v))) {
                    if (add) e.add_removed(x, static_cast<int>(v));
                    continue;
                }
                std::int64_t covered = v;
                if (explain_before(e, i, v, covered, add)) v = covered;
                else all = explain_after(e, i, v, add);
            }
            if (!all) break;
        }
        if (all) return true;
    }
    return false;
}

// [s_i >= b] as one fact: with s_i at its bound L or later, the tasks j with lst_j <
// L + p_i cannot start after i has ended, so they end before it starts (Vilím's
// detectable precedences; a pair is a set of one). Taken by earliest start, latest
// first, a set whose durations from e on reach b: [s_j >= b - their sum] (the
// earliest start lifted by the slack) and [s_j <= l] for l their latest start, with
// [s_i >= l + 1 - p_i], the weakest bound of i that still makes them precede it.
bool Disjunctive::explain_lower_bound(Explanation& e, int i, std::int64_t b) const {
    const std::int64_t p_i = e.min_before(durations_[i]);
    collect_starting_before(e, i, e.min_before(starts_[i]) + p_i);
    std::int64_t sum = 0, latest = INT64_MIN;
    for (std::size_t k = 0; k < candidates_.size(); ++k) {
        const int j = candidates_[k];
        sum += e.min_before(durations_[j]);
        latest = std::max<std::int64_t>(latest, e.max_before(starts_[j]));
        if (e.min_before(starts_[j]) + sum < b) continue;
        e.add_lower_bound(starts_[i], latest + 1 - p_i);
        e.add_lower_bound(durations_[i], p_i);
        for (std::size_t q = 0; q <= k; ++q) {
            const int t = candidates_[q];
            e.add_lower_bound(starts_[t], b - sum);
            e.add_upper_bound(starts_[t], latest);
            e.add_lower_bound(durations_[t], e.min_before(durations_[t]));
        }
        return true;
    }
    return false;
}

// The mirror, [s_i <= b]: with s_i at its bound U or earlier, the tasks j with est_j
// + p_j > U cannot end before i starts, so they start after it ends. Taken by latest
// completion, earliest first, a set ending by l whose durations after i leave it
// ending by b + p_i at the latest: [s_j <= b + p_i + their sum - p_j] (lifted) and
// [s_j >= u + 1 - p_j] for u + 1 their earliest completion, with [s_i <= u].
bool Disjunctive::explain_upper_bound(Explanation& e, int i, std::int64_t b) const {
    const std::int64_t p_i = e.min_before(durations_[i]);
    collect_ending_after(e, i, e.max_before(starts_[i]));
    const auto lct = [&](int j) { return std::int64_t{e.max_before(starts_[j])} + e.min_before(durations_[j]); };
    std::int64_t sum = 0, earliest_end = INT64_MAX;
    for (std::size_t k = 0; k < candidates_.size(); ++k) {
        const int j = candidates_[k];
        sum += e.min_before(durations_[j]);
        earliest_end = std::min<std::int64_t>(earliest_end, std::int64_t{e.min_before(starts_[j])} + e.min_before(durations_[j]));
        if (lct(j) - sum - p_i > b) continue;
        e.add_upper_bound(starts_[i], earliest_end - 1);
        e.add_lower_bound(durations_[i], p_i);
        for (std::size_t q = 0; q <= k; ++q) {
            const int t = candidates_[q];
            const std::int64_t p_t = e.min_before(durations_[t]);
            e.add_upper_bound(starts_[t], b + p_i + sum - p_t);
            e.add_lower_bound(starts_[t], earliest_end - p_t);
            e.add_lower_bound(durations_[t], p_t);
        }
        return true;
    }
    return false;
}

bool Disjunctive::explain(Explanation& e) const {
    if (e.explaining_failure()) return explain_overload(e) || explain_start_wiped(e);
    const Fact& f = e.inferred();
    if (f.is_equal()) return false;
    for (int i = 0; i < static_cast<int>(starts_.size()); ++i) {
        if (starts_[i].index != f.var || !takes_part(e, i)) continue;
        if (f.kind == FactKind::greater_equal) {
            if (explain_lower_bound(e, i, f.value)) return true;
            continue;
        }
        if (f.kind == FactKind::less_equal) {
            if (explain_upper_bound(e, i, f.value)) return true;
            continue;
        }
        std::int64_t covered = 0;
        if (explain_before(e, i, f.value, covered, true) || explain_after(e, i, f.value, true)) return true;
    }
    return false;
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
    return post<Disjunctive>(s, starts, durations, zero_duration_ignored);
}

}  // namespace prune
