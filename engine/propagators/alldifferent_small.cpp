#include "alldifferent_small.hpp"

#include <algorithm>
#include <bit>

namespace prune {

bool AllDifferentSmall::fits(const Solver& s, const std::vector<IntVar>& vars) {
    if (vars.empty() || vars.size() > max_variables) return false;
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (IntVar x : vars) {
        if (!s.is_bitset(x)) return false;
        lo = std::min<std::int64_t>(lo, s.min(x));
        hi = std::max<std::int64_t>(hi, s.max(x));
    }
    return hi - lo < 64;
}

AllDifferentSmall::AllDifferentSmall(const Solver& s, std::vector<IntVar> vars)
    : Propagator(PropagatorCost::quadratic), vars_(std::move(vars)), n_(static_cast<int>(vars_.size())) {
    base_ = INT64_MAX;
    for (IntVar x : vars_) base_ = std::min<std::int64_t>(base_, s.min(x));
    match_.fill(-1);
    owner_.fill(-1);
}

void AllDifferentSmall::attach(Solver& s) {
    for (IntVar x : vars_) s.subscribe(this, x, Condition::domain);
}

// Finds an augmenting path from the unmatched variable `root` by breadth-first search
// over variables, visiting each value once; flips it. False when there is none.
bool AllDifferentSmall::augment(int root) {
    std::uint64_t visited = 0;
    int head = 0, tail = 0;
    queue_[tail++] = static_cast<signed char>(root);
    while (head < tail) {
        const int u = queue_[head++];
        std::uint64_t fresh = domain_[u] & ~visited;
        visited |= fresh;
        while (fresh != 0) {
            const int v = std::countr_zero(fresh);
            fresh &= fresh - 1;
            parent_[v] = static_cast<signed char>(u);
            if (owner_[v] < 0) {
                // Flip the path back to the root.
                for (int value = v;;) {
                    const int var = parent_[value];
                    const int previous = match_[var];
                    match_[var] = static_cast<signed char>(value);
                    owner_[value] = static_cast<signed char>(var);
                    if (var == root) return true;
                    value = previous;
                }
            }
            queue_[tail++] = owner_[v];
        }
    }
    return false;
}

Status AllDifferentSmall::propagate(Solver& s) {
    std::uint64_t all = 0;
    int total = 0;
    for (int i = 0; i < n_; ++i) {
        domain_[i] = s.window_bits(vars_[i], base_);
        all |= domain_[i];
        total += std::popcount(domain_[i]);
    }
    if (total == std::popcount(all)) return Status::entailed;  // pairwise disjoint
    // Keep the matching edges that still exist, then rematch the rest.
    for (int i = 0; i < n_; ++i) {
        const int v = match_[i];
        if (v >= 0 && (!((domain_[i] >> v) & 1) || owner_[v] != i)) {
            if (owner_[v] == i) owner_[v] = -1;
            match_[i] = -1;
        }
    }
    for (int i = 0; i < n_; ++i) {
        if (match_[i] < 0 && !augment(i)) return Status::failed;
    }
    std::uint64_t matched = 0;
    for (int i = 0; i < n_; ++i) matched |= std::uint64_t{1} << match_[i];
    const std::uint64_t free_values = all & ~matched;

    // i -> j when i could take j's value; then the transitive closure.
    std::uint64_t can_take_free = 0;
    for (int i = 0; i < n_; ++i) {
        std::uint64_t targets = 0;
        for (std::uint64_t values = domain_[i] & matched; values != 0; values &= values - 1) {
            targets |= std::uint64_t{1} << owner_[std::countr_zero(values)];
        }
        reach_[i] = targets & ~(std::uint64_t{1} << i);
        if (domain_[i] & free_values) can_take_free |= std::uint64_t{1} << i;
    }
    for (int k = 0; k < n_; ++k) {
        const std::uint64_t bit = std::uint64_t{1} << k;
        for (int i = 0; i < n_; ++i) {
            if (reach_[i] & bit) reach_[i] |= reach_[k];
        }
    }
    // A variable can give up its value when it reaches one that can take a free value.
    std::uint64_t can_move = 0;
    for (int j = 0; j < n_; ++j) {
        if (((reach_[j] | (std::uint64_t{1} << j)) & can_take_free) != 0) can_move |= std::uint64_t{1} << j;
    }
    for (int i = 0; i < n_; ++i) {
        std::uint64_t doomed = 0;
        for (std::uint64_t values = domain_[i] & matched & ~(std::uint64_t{1} << match_[i]); values != 0; values &= values - 1) {
            const int v = std::countr_zero(values);
            const int j = owner_[v];
            if (!((reach_[j] >> i) & 1) && !((can_move >> j) & 1)) doomed |= std::uint64_t{1} << v;
        }
        for (; doomed != 0; doomed &= doomed - 1) {
            if (is_failure(s.remove(vars_[i], static_cast<int>(base_ + std::countr_zero(doomed))))) return Status::failed;
        }
    }
    return Status::ok;
}

}  // namespace prune
