#include "alldifferent_explain.hpp"

#include <algorithm>
#include <bit>
#include <climits>

#if !defined(PRUNE_MINIMAL) && !defined(PRUNE_NO_LEARNING)
namespace prune {

// (Sized once: posting a Sudoku's 27 alldifferents took 10 allocations each,
// by push_back, where two do.)
void HallExplainer::remember_ranges(const Solver& s, const std::vector<IntVar>& vars) {
    low_.resize(vars.size());
    high_.resize(vars.size());
    int lo = INT_MAX, hi = INT_MIN;
    for (std::size_t i = 0; i < vars.size(); ++i) {
        low_[i] = s.min(vars[i]);
        high_[i] = s.max(vars[i]);
        lo = std::min(lo, low_[i]);
        hi = std::max(hi, high_[i]);
    }
    base_ = lo;
    width_ = vars.empty() ? 0 : std::int64_t{hi} - lo + 1;
}

// Whether w is in vars[i]'s domain (or hull) just before the inference, v excluded.
bool HallExplainer::in_domain(const Explanation& e, IntVar x, std::size_t i, int w) const {
    if (has_excluded_ && w == excluded_) return false;
    if (intervals_) return w >= hull_low_[i] && w <= hull_high_[i];
    return w >= low_[i] && w <= high_[i] && e.had_value(x, w);
}

// Flips the alternating path root ... y -> value (the BFS's value_parent_ links):
// each variable on it takes the value after it, and root gets matched.
void HallExplainer::flip_path(int root, int y, int value) const {
    for (int at_var = y;;) {
        const int previous = var_value_[static_cast<std::size_t>(at_var)];
        var_value_[static_cast<std::size_t>(at_var)] = value;
        value_var_[static_cast<std::size_t>(value)] = at_var;
        if (at_var == root) return;
        value = previous;
        at_var = value_parent_[static_cast<std::size_t>(value)];
    }
}

// One alternating BFS from the unmatched variable `root`; true when it augmented the
// matching. When false, the variables and values stamped form the Hall set.
bool HallExplainer::augment(const Explanation& e, const std::vector<IntVar>& vars, int root) const {
    ++stamp_;
    std::size_t head = 0;
    queue_.clear();
    queue_.push_back(root);
    var_seen_[static_cast<std::size_t>(root)] = stamp_;
    while (head < queue_.size()) {
        const int y = queue_[head++];
        const std::size_t yi = static_cast<std::size_t>(y);
        const int from = intervals_ ? hull_low_[yi] : low_[yi];
        const int to = intervals_ ? hull_high_[yi] : high_[yi];
        for (int w = from; w <= to; ++w) {
            const std::size_t k = static_cast<std::size_t>(w - base_);
            if (value_seen_[k] == stamp_ || !in_domain(e, vars[yi], yi, w)) continue;
            value_seen_[k] = stamp_;
            value_parent_[k] = y;
            const int holder = value_var_[k];
            if (holder < 0) {
                flip_path(root, y, static_cast<int>(k));
                return true;
            }
            if (var_seen_[static_cast<std::size_t>(holder)] != stamp_) {
                var_seen_[static_cast<std::size_t>(holder)] = stamp_;
                queue_.push_back(holder);
            }
        }
    }
    return false;
}

// augment() on words: BFS from `root` over the variables, each taking its domain's
// unseen values in increasing order; flips the first path to a free value. When
// none, reached_vars and reached_values are the Hall set and its values.
bool HallExplainer::augment_in_words(int root, std::uint64_t& reached_vars, std::uint64_t& reached_values) const {
    std::size_t head = 0;
    queue_.clear();
    queue_.push_back(root);
    reached_vars = std::uint64_t{1} << root;
    reached_values = 0;
    while (head < queue_.size()) {
        const int y = queue_[head++];
        std::uint64_t fresh = words_[static_cast<std::size_t>(y)] & ~reached_values;
        reached_values |= fresh;
        for (; fresh != 0; fresh &= fresh - 1) {
            const int k = std::countr_zero(fresh);
            value_parent_[static_cast<std::size_t>(k)] = y;
            const int holder = value_var_[static_cast<std::size_t>(k)];
            if (holder < 0) {
                flip_path(root, y, k);
                return true;
            }
            if ((reached_vars >> holder & 1) == 0) {
                reached_vars |= std::uint64_t{1} << holder;
                queue_.push_back(holder);
            }
        }
    }
    return false;
}

// Variable i's range at posting time as bits of the word at base_ (the word path
// runs only when every range lies within it).
std::uint64_t HallExplainer::posted_bits(std::size_t i) const {
    const int lo = low_[i] - base_, hi = high_[i] - base_;
    return lo > hi ? 0 : bits_between(lo, hi);
}

bool HallExplainer::explain_in_words(Explanation& e, const std::vector<IntVar>& vars, int skip) const {
    const std::size_t n = vars.size();
    const std::uint64_t excluded = has_excluded_ && excluded_ >= base_ && excluded_ - std::int64_t{base_} < 64
                                       ? std::uint64_t{1} << (excluded_ - base_)
                                       : 0;
    std::uint64_t had[64];
    for (std::size_t i = 0; i < n; ++i) {
        had[i] = e.had_values(vars[i], base_) & posted_bits(i);
        std::uint64_t domain = had[i];
        if (intervals_ && domain != 0) domain = bits_between(std::countr_zero(domain), 63 - std::countl_zero(domain));
        words_[i] = domain & ~excluded;
    }
    std::uint64_t matched_values = 0;
    for (std::size_t i = 0; i < n; ++i) {
        var_value_[i] = -1;
        const std::uint64_t open = words_[i] & ~matched_values;
        if (static_cast<int>(i) == skip || open == 0) continue;
        const int k = std::countr_zero(open);
        matched_values |= std::uint64_t{1} << k;
        value_var_[static_cast<std::size_t>(k)] = static_cast<int>(i);
        var_value_[i] = k;
    }
    std::uint64_t hall = 0, values = 0;
    bool found = false;
    for (std::size_t i = 0; i < n && !found; ++i) {
        if (static_cast<int>(i) == skip || var_value_[i] >= 0) continue;
        found = !augment_in_words(static_cast<int>(i), hall, values);
    }
    if (!found) return false;
    for (; hall != 0; hall &= hall - 1) {
        const std::size_t i = static_cast<std::size_t>(std::countr_zero(hall));
        const std::uint64_t within = posted_bits(i) & (values | excluded);
        if ((had[i] & ~within) != 0 || within == 0) return false;  // not expected: the BFS saw all of H's values
        if (std::has_single_bit(within) && e.was_fixed(vars[i])) {
            e.add_fixed(vars[i]);
            continue;
        }
        const int lo = std::countr_zero(within), hi = 63 - std::countl_zero(within);
        e.add_lower_bound(vars[i], std::int64_t{base_} + lo);
        e.add_upper_bound(vars[i], std::int64_t{base_} + hi);
        e.add_removed_values(vars[i], base_, posted_bits(i) & ~within & bits_between(lo, hi));
    }
    return true;
}

// Whether w is among the values the BFS reached, or the value explained away.
bool HallExplainer::reached(int w) const {
    return (has_excluded_ && w == excluded_) || value_seen_[static_cast<std::size_t>(w - base_)] == stamp_;
}

// Adds "x's domain lies inside the values reached (and v)": x's fixing when one value
// of its range is inside, else the bounds of those inside as two bound facts and the
// removals between them (a Hall variable's domain within a few of many values, as
// bounds, is two facts where its removals were one per value: Chuffed's AllDiffDomain
// explains by the bounds of the Hall set's values and the holes between likewise).
// False when x had a value outside (not expected: the BFS saw all of H's values).
bool HallExplainer::add_inside_reached(Explanation& e, IntVar x, std::size_t i) const {
    int lo = INT_MAX, hi = INT_MIN;
    for (int w = low_[i]; w <= high_[i]; ++w) {
        if (reached(w)) {
            lo = std::min(lo, w);
            hi = w;
        } else if (e.had_value(x, w)) {
            return false;
        }
    }
    if (lo > hi) return false;
    if (lo == hi && e.was_fixed(x)) {
        e.add_fixed(x);
        return true;
    }
    e.add_lower_bound(x, lo);
    e.add_upper_bound(x, hi);
    for (int w = lo + 1; w < hi; ++w) {
        if (!reached(w)) e.add_removed(x, w);
    }
    return true;
}

bool HallExplainer::explain(Explanation& e, const std::vector<IntVar>& vars, bool intervals) const {
    if (width_ <= 0 || width_ > max_width || vars.size() != low_.size()) return false;
    const Fact& inferred = e.inferred();
    if (!e.explaining_failure() && inferred.is_equal()) return false;
    int skip = -1;  // x, whose removal is explained
    has_excluded_ = !e.explaining_failure();
    excluded_ = inferred.value;
    intervals_ = intervals;
    if (has_excluded_) {
        for (std::size_t i = 0; i < vars.size(); ++i) {
            if (vars[i].index == inferred.var) skip = static_cast<int>(i);
        }
        if (skip < 0) return false;
    }
    const std::size_t n = vars.size();
    const std::size_t width = static_cast<std::size_t>(width_);
    if (value_var_.size() != width) {
        value_var_.assign(width, -1);
        value_seen_.assign(width, 0);
        value_parent_.assign(width, -1);
        var_value_.assign(n, -1);
        var_seen_.assign(n, 0);
        hull_low_.assign(n, 0);
        hull_high_.assign(n, -1);
        queue_.reserve(n);
        stamp_ = 0;
    }
    std::fill(value_var_.begin(), value_var_.end(), -1);
    if (width <= 64 && n <= 64) {
        if (words_.size() != n) words_.assign(n, 0);
        return explain_in_words(e, vars, skip);
    }
    std::fill(var_value_.begin(), var_value_.end(), -1);
    if (intervals_) {
        for (std::size_t i = 0; i < n; ++i) {
            int lo = high_[i] + 1, hi = low_[i] - 1;
            for (int w = low_[i]; w <= high_[i]; ++w) {
                if (!e.had_value(vars[i], w)) continue;
                lo = std::min(lo, w);
                hi = w;
            }
            hull_low_[i] = lo;
            hull_high_[i] = hi;
        }
    }
    // Greedy matching first, then augmenting paths; the first variable left unmatched
    // roots the Hall set.
    for (std::size_t i = 0; i < n; ++i) {
        if (static_cast<int>(i) == skip) continue;
        const int from = intervals_ ? hull_low_[i] : low_[i];
        const int to = intervals_ ? hull_high_[i] : high_[i];
        for (int w = from; w <= to; ++w) {
            const std::size_t k = static_cast<std::size_t>(w - base_);
            if (value_var_[k] < 0 && in_domain(e, vars[i], i, w)) {
                value_var_[k] = static_cast<int>(i);
                var_value_[i] = static_cast<int>(k);
                break;
            }
        }
    }
    int root = -1;
    for (std::size_t i = 0; i < n && root < 0; ++i) {
        if (static_cast<int>(i) == skip || var_value_[i] >= 0) continue;
        if (!augment(e, vars, static_cast<int>(i))) root = static_cast<int>(i);
    }
    if (root < 0) return false;
    // H's variables have their domains inside the values reached (and v).
    for (std::size_t i = 0; i < n; ++i) {
        if (var_seen_[i] == stamp_ && !add_inside_reached(e, vars[i], i)) return false;
    }
    return true;
}

}  // namespace prune
#endif
