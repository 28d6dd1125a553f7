#include "global_cardinality.hpp"

#include <algorithm>
#include <string>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"

namespace prune {

GlobalCardinality::GlobalCardinality(std::vector<IntVar> vars, std::vector<int> values, std::vector<IntVar> counts, bool closed)
    : Propagator(PropagatorCost::linear, false), vars_(std::move(vars)), values_(std::move(values)), counts_(std::move(counts)),
      closed_(closed), sure_(values_.size(), 0), possible_(values_.size(), 0) {
    found_.reserve(vars_.size());
}

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

// ---- Under learning: explanations by counting, on the domains before the inference.

// x fixed to v, x without v, or x without any listed value.
bool GlobalCardinality::holds(const Explanation& e, IntVar x, Held what, int v) const {
    switch (what) {
        case Held::fixed_to: return e.was_fixed(x) && e.fixed_value(x) == v;
        case Held::lacks: return v < e.min_before(x) || v > e.max_before(x) || !e.had_value(x, v);
        case Held::unlisted: {
            const int hi = e.max_before(x);
            for (auto it = std::lower_bound(values_.begin(), values_.end(), e.min_before(x)); it != values_.end() && *it <= hi; ++it) {
                if (e.had_value(x, *it)) return false;
            }
            return true;
        }
    }
    return false;
}

void GlobalCardinality::add_held(Explanation& e, IntVar x, Held what, int v) const {
    switch (what) {
        case Held::fixed_to: e.add_fixed(x); break;
        case Held::lacks: add_none_of(e, x, &v, &v + 1); break;
        case Held::unlisted: add_none_of(e, x, values_.data(), values_.data() + values_.size()); break;
    }
}

bool GlobalCardinality::add_variables(Explanation& e, Held what, int v, std::int64_t wanted, int skipped) const {
    found_.clear();
    for (std::size_t i = 0; i < vars_.size() && static_cast<std::int64_t>(found_.size()) < wanted; ++i) {
        if (vars_[i].index != skipped && holds(e, vars_[i], what, v)) found_.push_back(vars_[i]);
    }
    if (static_cast<std::int64_t>(found_.size()) < wanted) return false;
    for (IntVar x : found_) add_held(e, x, what, v);
    return true;
}

std::int64_t GlobalCardinality::other_minima(const Explanation& e, std::size_t j) const {
    std::int64_t sum = 0;
    for (std::size_t k = 0; k < counts_.size(); ++k) sum += k == j ? 0 : e.min_before(counts_[k]);
    return sum;
}

std::int64_t GlobalCardinality::other_maxima(const Explanation& e, std::size_t j) const {
    std::int64_t sum = 0;
    for (std::size_t k = 0; k < counts_.size(); ++k) sum += k == j ? 0 : e.max_before(counts_[k]);
    return sum;
}

void GlobalCardinality::add_other_minima(Explanation& e, std::size_t j) const {
    for (std::size_t k = 0; k < counts_.size(); ++k) {
        if (k != j) e.add_lower_bound(counts_[k], e.min_before(counts_[k]));
    }
}

void GlobalCardinality::add_other_maxima(Explanation& e, std::size_t j) const {
    for (std::size_t k = 0; k < counts_.size(); ++k) {
        if (k != j) e.add_upper_bound(counts_[k], e.max_before(counts_[k]));
    }
}

// Count j lost `removed`: more variables fixed to its value (or lacking it) than that
// allows, or the other counts' bounds leave it no room across values.
bool GlobalCardinality::explain_count(Explanation& e, std::size_t j, int removed) const {
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    const int v = values_[j];
    if (add_variables(e, Held::fixed_to, v, std::int64_t{removed} + 1, -1)) return true;
    if (add_variables(e, Held::lacks, v, n - removed + 1, -1)) return true;
    // removed + the others' minima > the variables that can take a listed value.
    const std::int64_t unlisted = n - removed - other_minima(e, j) + 1;
    if (unlisted <= n && add_variables(e, Held::unlisted, 0, unlisted, -1)) {
        add_other_minima(e, j);
        return true;
    }
    if (closed_ && removed + other_maxima(e, j) < n) {
        add_other_maxima(e, j);
        return true;
    }
    return false;
}

// A count's bounds against its value's variables, the sums across values, or (closed)
// a variable that can take no listed value.
bool GlobalCardinality::explain_failure(Explanation& e) const {
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    for (std::size_t j = 0; j < values_.size(); ++j) {
        const std::int64_t lo = e.min_before(counts_[j]), hi = e.max_before(counts_[j]);
        if (add_variables(e, Held::fixed_to, values_[j], hi + 1, -1)) {
            e.add_upper_bound(counts_[j], hi);
            return true;
        }
        if (add_variables(e, Held::lacks, values_[j], n - lo + 1, -1)) {
            e.add_lower_bound(counts_[j], lo);
            return true;
        }
    }
    const std::size_t none = values_.size();  // (no count left out of the sums)
    const std::int64_t unlisted = n - other_minima(e, none) + 1;
    if (unlisted <= n && add_variables(e, Held::unlisted, 0, unlisted, -1)) {
        add_other_minima(e, none);
        return true;
    }
    if (!closed_) return false;
    if (other_maxima(e, none) < n) {
        add_other_maxima(e, none);
        return true;
    }
    return add_variables(e, Held::unlisted, 0, 1, -1);
}

bool GlobalCardinality::explain(Explanation& e) const {
    if (e.explaining_failure()) return explain_failure(e);
    const Fact& f = e.inferred();
    for (std::size_t j = 0; j < counts_.size(); ++j) {  // (a count may be a variable too)
        if (counts_[j].index == f.var && !f.is_equal() && explain_count(e, j, f.value)) return true;
    }
    if (std::none_of(vars_.begin(), vars_.end(), [&](IntVar x) { return x.index == f.var; })) return false;
    const int j = index_of(f.value);
    if (j < 0 && closed_ && !f.is_equal()) return true;  // unlisted: the closed constraint alone
    if (f.is_equal()) return j >= 0 && explain_claim(e, static_cast<std::size_t>(j), f.var);
    if (j >= 0) {  // closed value: its count's upper bound and the others fixed to it
        const IntVar count = counts_[static_cast<std::size_t>(j)];
        const std::int64_t hi = e.max_before(count);
        if (add_variables(e, Held::fixed_to, f.value, hi, f.var)) {
            e.add_upper_bound(count, hi);
            return true;
        }
    }
    // x claimed by another value (assign() removes the rest one by one).
    const IntVar x{f.var};
    for (std::size_t k = 0; k < values_.size(); ++k) {
        if (values_[k] != f.value && e.had_value(x, values_[k]) && explain_claim(e, k, f.var)) return true;
    }
    return false;
}

// x = values[j] claimed: count j's lower bound lo, which the value reaches only with
// x when n - lo of the other variables lack it.
bool GlobalCardinality::explain_claim(Explanation& e, std::size_t j, int x) const {
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    const std::int64_t lo = e.min_before(counts_[j]);
    if (!add_variables(e, Held::lacks, values_[j], n - lo, x)) return false;
    e.add_lower_bound(counts_[j], lo);
    return true;
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
