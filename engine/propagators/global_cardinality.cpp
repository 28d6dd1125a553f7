#include "global_cardinality.hpp"

#include <algorithm>
#include <string>

#include "../constraints.hpp"
#include "../posting.hpp"

namespace prune {

GlobalCardinality::GlobalCardinality(std::vector<IntVar> vars, std::vector<int> values, std::vector<IntVar> counts, bool closed)
    : Propagator(PropagatorCost::linear, false), vars_(std::move(vars)), values_(std::move(values)), counts_(std::move(counts)),
      closed_(closed), sure_(values_.size(), 0), possible_(values_.size(), 0) {}

void GlobalCardinality::attach(Solver& s) {
    for (IntVar x : vars_) s.subscribe(this, x, Condition::domain);
    for (IntVar c : counts_) s.subscribe(this, c, Condition::bounds);
}

int GlobalCardinality::index_of(std::int64_t v) const {
    const auto it = std::lower_bound(values_.begin(), values_.end(), v);
    return it != values_.end() && *it == v ? static_cast<int>(it - values_.begin()) : -1;
}

// Fills sure_, possible_ and can_list_; false when a closed variable has no listed value.
bool GlobalCardinality::tally(const Solver& s) {
    std::fill(sure_.begin(), sure_.end(), 0);
    std::fill(possible_.begin(), possible_.end(), 0);
    can_list_ = 0;
    const std::int64_t m = static_cast<std::int64_t>(values_.size());
    for (IntVar x : vars_) {
        bool any = false;
        if (s.fixed(x)) {
            const int j = index_of(s.value(x));
            if (j >= 0) {
                ++sure_[static_cast<std::size_t>(j)];
                ++possible_[static_cast<std::size_t>(j)];
                any = true;
            }
        } else if (s.is_bitset(x) && s.size(x) < m) {
            for (std::int64_t v = s.min(x); v <= s.max(x); v = s.next_value(x, v)) {
                const int j = index_of(v);
                if (j < 0) continue;
                ++possible_[static_cast<std::size_t>(j)];
                any = true;
            }
        } else {
            auto first = std::lower_bound(values_.begin(), values_.end(), s.min(x));
            for (auto it = first; it != values_.end() && *it <= s.max(x); ++it) {
                if (!s.contains(x, *it)) continue;
                ++possible_[static_cast<std::size_t>(it - values_.begin())];
                any = true;
            }
        }
        if (any) ++can_list_;
        else if (closed_) return false;
    }
    return true;
}

// Keeps listed values only in D(x) (bounds only on a bounds-only domain).
bool GlobalCardinality::restrict_to_listed(Solver& s, IntVar x) const {
    auto first = std::lower_bound(values_.begin(), values_.end(), s.min(x));
    auto last = std::upper_bound(values_.begin(), values_.end(), s.max(x));
    if (first == last) return false;
    PRUNE_TRY(s.set_min(x, *first));
    PRUNE_TRY(s.set_max(x, *(last - 1)));
    if (!s.is_bitset(x)) return true;
    for (std::int64_t v = s.min(x); v <= s.max(x); v = s.next_value(x, v)) {
        if (index_of(v) < 0) PRUNE_TRY(s.remove(x, static_cast<int>(v)));
    }
    return true;
}

Status GlobalCardinality::propagate(Solver& s) {
    if (closed_) {
        for (IntVar x : vars_) PRUNE_TRY(restrict_to_listed(s, x));
    }
    if (!tally(s)) return Status::failed;
    const std::size_t m = values_.size();
    // Per value: counts[j] within [sure_j, possible_j].
    std::int64_t min_sum = 0, max_sum = 0;
    for (std::size_t j = 0; j < m; ++j) {
        PRUNE_TRY(s.set_min(counts_[j], sure_[j]));
        PRUNE_TRY(s.set_max(counts_[j], possible_[j]));
        min_sum += s.min(counts_[j]);
        max_sum += s.max(counts_[j]);
    }
    // Across values: the listed values take at most can_list_ variables, and exactly
    // all n of them when closed.
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    if (min_sum > can_list_ || (closed_ && max_sum < n)) return Status::failed;
    for (std::size_t j = 0; j < m; ++j) {
        const std::int64_t lo = s.min(counts_[j]), hi = s.max(counts_[j]);
        PRUNE_TRY(s.set_max(counts_[j], can_list_ - (min_sum - lo)));
        if (closed_) PRUNE_TRY(s.set_min(counts_[j], n - (max_sum - hi)));
    }
    // Per value, both ways: a count at its sure number closes the value, a count at
    // its possible number claims every variable containing it.
    for (std::size_t j = 0; j < m; ++j) {
        if (sure_[j] == possible_[j]) continue;
        const bool close = s.max(counts_[j]) == sure_[j], claim = s.min(counts_[j]) == possible_[j];
        if (!close && !claim) continue;
        const int v = values_[j];
        for (IntVar x : vars_) {
            if (s.fixed(x) || !s.contains(x, v)) continue;
            PRUNE_TRY(close ? s.remove(x, v) : s.assign(x, v));
        }
    }
    return Status::ok;
}

// ---------------------------------------------------------------- post function

bool global_cardinality(Solver& s, const std::vector<IntVar>& vars, const std::vector<int>& values,
                        const std::vector<IntVar>& counts, bool closed) {
    const char* who = "global_cardinality";
    if (!check_vars(s, who, vars) || !check_vars(s, who, counts)) return false;
    if (values.size() != counts.size()) {
        s.set_error(std::string(who) + ": " + std::to_string(values.size()) + " values but " + std::to_string(counts.size()) +
                    " counts");
        return false;
    }
    // A value listed twice has one count: the second count is tied to the first.
    std::vector<std::size_t> order(values.size());
    for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    std::vector<int> distinct;
    std::vector<IntVar> distinct_counts;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t j = order[k];
        if (!distinct.empty() && distinct.back() == values[j]) {
            if (!equal(s, distinct_counts.back(), counts[j])) return false;
            continue;
        }
        distinct.push_back(values[j]);
        distinct_counts.push_back(counts[j]);
    }
    return post<GlobalCardinality>(s, vars, std::move(distinct), std::move(distinct_counts), closed);
}

}  // namespace prune
