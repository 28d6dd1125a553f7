#include "alldifferent_bounds.hpp"

#include <memory>

#include "../constraints.hpp"
#include "alldifferent_value.hpp"

#include <algorithm>
#include <utility>

namespace prune {
namespace {

// Follows `link` from k while it points to a larger index; returns where it stops.
int climb(const std::vector<int>& link, int k) {
    while (link[k] > k) k = link[k];
    return k;
}

// Walks `link` from `from` until `stop` (excluded), pointing every node passed at
// `target` (path compression, in either direction).
void redirect(std::vector<int>& link, int from, int stop, int target) {
    while (from != stop) {
        const int next = link[from];
        link[from] = target;
        from = next;
    }
}

// Sorts the permutation `order` by increasing key[order[i]]. The order of the previous
// run is usually almost sorted (few bounds move per run), so insertion sort is tried
// first; past 4n moves it hands over to std::sort, which keeps O(n log n).
void sort_by_key(std::vector<int>& order, const std::vector<std::int64_t>& key) {
    const std::size_t n = order.size();
    std::size_t budget = 4 * n + 16;
    for (std::size_t i = 1; i < n; ++i) {
        const int item = order[i];
        const std::int64_t k = key[item];
        std::size_t j = i;
        while (j > 0 && key[order[j - 1]] > k) {
            order[j] = order[j - 1];
            --j;
            if (--budget == 0) {
                order[j] = item;
                std::sort(order.begin(), order.end(), [&key](int a, int b) { return key[a] < key[b]; });
                return;
            }
        }
        order[j] = item;
    }
}

}  // namespace

HallIntervalFilter::HallIntervalFilter(std::size_t n)
    : n_(n),
      lo_(n),
      hi_(n),
      mirror_lo_(n),
      mirror_hi_(n),
      by_lo_(n),
      by_hi_(n),
      mirror_by_lo_(n),
      mirror_by_hi_(n),
      new_lo_(n),
      new_mirror_lo_(n),
      point_(2 * n + 2),
      lo_rank_(n),
      hi_rank_(n),
      block_(2 * n + 2),
      free_(2 * n + 2),
      hall_(2 * n + 2) {
    for (std::size_t i = 0; i < n; ++i) {
        by_lo_[i] = static_cast<int>(i);
        by_hi_[i] = static_cast<int>(i);
    }
}

bool HallIntervalFilter::sweep(const std::int64_t* lo, const std::int64_t* hi, const int* by_lo, const int* by_hi,
                               std::int64_t* raised) {
    const int n = static_cast<int>(n_);
    // Critical points: the distinct values of lo[i] and hi[i] + 1, merged from the two
    // sorted orders, between a sentinel below (point 0) and one above (point last).
    // Bucket k (1 <= k <= last) holds the values [point[k-1], point[k]).
    int p = 0;
    point_[0] = lo[by_lo[0]] - 2;
    for (int a = 0, b = 0; a < n || b < n;) {
        const bool take_lo = b == n || (a < n && lo[by_lo[a]] <= hi[by_hi[b]] + 1);
        const std::int64_t v = take_lo ? lo[by_lo[a]] : hi[by_hi[b]] + 1;
        if (v != point_[p]) point_[++p] = v;
        if (take_lo) {
            lo_rank_[by_lo[a++]] = p;
        } else {
            hi_rank_[by_hi[b++]] = p;
        }
    }
    const int last = p + 1;
    point_[last] = point_[p] + 2;
    block_[0] = 0;
    free_[0] = 0;
    hall_[0] = 0;
    for (int k = 1; k <= last; ++k) {
        block_[k] = k - 1;  // every bucket is its own block, reaching down to point k-1
        free_[k] = point_[k] - point_[k - 1];
        hall_[k] = k - 1;
    }

    // Variables by increasing max, each taking the smallest free value >= its min.
    for (int q = 0; q < n; ++q) {
        const int i = by_hi[q];
        const int a = lo_rank_[i];  // lo[i] == point[a]: the first bucket is a + 1
        const int c = hi_rank_[i];  // hi[i] + 1 == point[c]
        int root = climb(block_, a + 1);
        const int left = block_[root];
        if (--free_[root] == 0) {
            // Full: the block joins its right neighbour, which now reaches down to `left`.
            block_[root] = root + 1;
            root = climb(block_, root + 1);
            block_[root] = left;
        }
        redirect(block_, a + 1, root, root);
        // The values [point[c], point[root]) are above every max seen so far, so they
        // must all still be free; if not, some variable was pushed past its max.
        const std::int64_t above = point_[root] - point_[c];
        if (free_[root] < above) return false;
        if (hall_[a] > a) {
            // lo[i] lies in a Hall interval: the smallest usable value is its end.
            const int end = climb(hall_, hall_[a]);
            raised[i] = point_[end];
            redirect(hall_, a, end, end);
        } else {
            raised[i] = lo[i];
        }
        if (free_[root] == above) {
            // [point[left], point[c]) is used up by variables inside it: a Hall interval.
            redirect(hall_, hall_[c], left - 1, c);
            hall_[c] = left - 1;
        }
    }
    return true;
}

Status HallIntervalFilter::run(Solver& s, const std::vector<IntVar>& vars) {
    const std::size_t n = n_;
    if (n == 0) return Status::entailed;
    for (;;) {
        for (std::size_t i = 0; i < n; ++i) {
            lo_[i] = s.min(vars[i]);
            hi_[i] = s.max(vars[i]);
        }
        sort_by_key(by_lo_, lo_);
        sort_by_key(by_hi_, hi_);

        bool disjoint = true;
        for (std::size_t q = 1; q < n && disjoint; ++q) disjoint = hi_[by_lo_[q - 1]] < lo_[by_lo_[q]];
        if (disjoint) return Status::entailed;

        if (!sweep(lo_.data(), hi_.data(), by_lo_.data(), by_hi_.data(), new_lo_.data())) return Status::failed;
        for (std::size_t i = 0; i < n; ++i) {
            mirror_lo_[i] = -hi_[i];
            mirror_hi_[i] = -lo_[i];
            mirror_by_lo_[i] = by_hi_[n - 1 - i];
            mirror_by_hi_[i] = by_lo_[n - 1 - i];
        }
        if (!sweep(mirror_lo_.data(), mirror_hi_.data(), mirror_by_lo_.data(), mirror_by_hi_.data(),
                   new_mirror_lo_.data())) {
            return Status::failed;
        }

        // A bound that lands on a hole moves further than asked, which may close new
        // Hall intervals: then sweep again.
        bool again = false;
        for (std::size_t i = 0; i < n; ++i) {
            const IntVar x = vars[i];
            if (new_lo_[i] > lo_[i]) {
                PRUNE_TRY(s.set_min(x, new_lo_[i]));
                again |= s.min(x) != new_lo_[i];
            }
            const std::int64_t new_hi = -new_mirror_lo_[i];
            if (new_hi < hi_[i]) {
                PRUNE_TRY(s.set_max(x, new_hi));
                again |= s.max(x) != new_hi;
            }
        }
        if (!again) return Status::ok;
    }
}

AllDifferentBounds::AllDifferentBounds(std::vector<IntVar> vars)
    : Propagator(PropagatorCost::linear), vars_(std::move(vars)), filter_(vars_.size()) {}

void AllDifferentBounds::attach(Solver& s) {
    for (IntVar x : vars_) s.subscribe(this, x, Condition::bounds);
    explainer_.remember_ranges(s, vars_);
}

// A Hall interval on the domains' hulls (alldifferent_explain.hpp).
bool AllDifferentBounds::explain(Explanation& e) const { return explainer_.explain(e, vars_, true); }

Status AllDifferentBounds::propagate(Solver& s) { return filter_.run(s, vars_); }

// all_different (bounds): the value stage, then AllDifferentBounds.
bool all_different_bounds(Solver& s, const std::vector<IntVar>& vars) {
    if (post_all_different_value_stage(s, vars)) s.add(std::make_unique<AllDifferentBounds>(vars));
    return !s.root_failed();
}

}  // namespace prune
