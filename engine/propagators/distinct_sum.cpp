#include "distinct_sum.hpp"

#include <algorithm>
#include <bit>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"
#include "alldifferent_value.hpp"

namespace prune {
namespace {

// The sum of the bit indices of every 16-bit mask (at most 0 + 1 + ... + 15 = 120):
// one table for the whole program, made on first use.
const std::array<std::uint8_t, 1u << DistinctSum::max_values>& mask_sums() {
    static const auto table = [] {
        std::array<std::uint8_t, 1u << DistinctSum::max_values> sums{};
        for (std::uint32_t m = 1; m < sums.size(); ++m) {
            sums[m] = static_cast<std::uint8_t>(sums[m & (m - 1)] + std::countr_zero(m));
        }
        return sums;
    }();
    return table;
}

bool test_bit(const std::vector<std::uint64_t>& bits, std::uint32_t m) { return (bits[m >> 6] >> (m & 63)) & 1u; }
void set_bit(std::vector<std::uint64_t>& bits, std::uint32_t m) { bits[m >> 6] |= std::uint64_t{1} << (m & 63); }

}  // namespace

bool DistinctSum::fits(const Solver& s, const std::vector<IntVar>& vars) {
    if (vars.empty()) return false;
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    std::vector<int> indices;
    for (IntVar x : vars) {
        if (!s.is_bitset(x)) return false;
        lo = std::min<std::int64_t>(lo, s.min(x));
        hi = std::max<std::int64_t>(hi, s.max(x));
        indices.push_back(x.index);
    }
    std::sort(indices.begin(), indices.end());
    const bool distinct = std::adjacent_find(indices.begin(), indices.end()) == indices.end();
    return distinct && hi - lo < max_values && static_cast<std::int64_t>(vars.size()) <= hi - lo + 1;
}

DistinctSum::DistinctSum(const Solver& s, std::vector<IntVar> vars, std::int64_t total)
    : Propagator(PropagatorCost::quadratic), vars_(std::move(vars)) {
    base_ = INT64_MAX;
    std::int64_t hi = INT64_MIN;
    for (IntVar x : vars_) {
        base_ = std::min<std::int64_t>(base_, s.min(x));
        hi = std::max<std::int64_t>(hi, s.max(x));
    }
    values_ = static_cast<int>(hi - base_ + 1);
    target_ = total - static_cast<std::int64_t>(vars_.size()) * base_;
    const std::size_t words = std::max<std::size_t>(1, (std::size_t{1} << values_) / 64);
    reached_.assign(words, 0);
    kept_.assign(words, 0);
    domains_.assign(vars_.size(), 0);
    supports_.assign(vars_.size(), 0);
    rest_low_.assign(vars_.size() + 1, 0);
    rest_high_.assign(vars_.size() + 1, 0);
    (void)mask_sums();  // made now, not in the first propagate()
}

void DistinctSum::attach(Solver& s) {
    for (IntVar x : vars_) s.subscribe(this, x, Condition::domain);
}

// rest_low_[j] and rest_high_[j]: bounds on what the variables from j on add (in bit
// indices): at least the sum of their minima and of the smallest distinct values, at
// most the sum of their maxima and of the largest distinct values. The forward sweep
// keeps only sets whose gap to the total lies between them: the others complete no
// set, so the fixpoint is the same, on fewer sets.
void DistinctSum::bound_rests() {
    const int n = static_cast<int>(vars_.size());
    std::int64_t low = 0, high = 0;
    rest_low_[static_cast<std::size_t>(n)] = 0;
    rest_high_[static_cast<std::size_t>(n)] = 0;
    for (int j = n - 1; j >= 0; --j) {
        const std::uint32_t d = domains_[static_cast<std::size_t>(j)];
        low += std::countr_zero(d);
        high += 31 - std::countl_zero(d);
        const std::int64_t k = n - j;  // k distinct values add at least 0 + ... + (k - 1)
        rest_low_[static_cast<std::size_t>(j)] = std::max(low, k * (k - 1) / 2);
        rest_high_[static_cast<std::size_t>(j)] = std::min(high, k * (values_ - 1) - k * (k - 1) / 2);
    }
}

bool DistinctSum::sweep_forward() {
    const auto& sums = mask_sums();
    const int n = static_cast<int>(vars_.size());
    std::fill(reached_.begin(), reached_.end(), 0);
    reached_[0] = 1;
    bound_rests();
    bool complete = false;  // a set of n values adding up to the total was reached
    for (std::size_t w = 0; w < reached_.size(); ++w) {
        // Sets reached from set m are larger than m: re-read the word after each one.
        for (std::uint64_t pending = reached_[w]; pending != 0;) {
            const int b = std::countr_zero(pending);
            const std::uint32_t m = static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(b));
            const int layer = std::popcount(m);
            if (layer < n) {
                const std::int64_t low = rest_low_[static_cast<std::size_t>(layer + 1)];
                const std::int64_t high = rest_high_[static_cast<std::size_t>(layer + 1)];
                for (std::uint32_t next = domains_[static_cast<std::size_t>(layer)] & ~m; next != 0; next &= next - 1) {
                    const std::uint32_t grown = m | (next & (~next + 1));
                    // Only a set whose sum the variables after it can still bring to the total.
                    const std::int64_t gap = target_ - sums[grown];
                    if (gap < low || gap > high) continue;
                    set_bit(reached_, grown);
                    if (layer + 1 == n) complete = true;  // then gap == 0: a completed set
                }
            }
            pending = b == 63 ? 0 : reached_[w] & (~std::uint64_t{0} << (b + 1));
        }
    }
    return complete;
}

bool DistinctSum::sweep_backward() {
    const auto& sums = mask_sums();
    const int n = static_cast<int>(vars_.size());
    std::fill(kept_.begin(), kept_.end(), 0);
    std::fill(supports_.begin(), supports_.end(), 0);
    for (std::size_t w = reached_.size(); w-- > 0;) {
        for (std::uint64_t pending = reached_[w]; pending != 0;) {
            const int b = 63 - std::countl_zero(pending);
            pending &= ~(std::uint64_t{1} << b);
            const std::uint32_t m = static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(b));
            const int layer = std::popcount(m);
            if (layer == n) {
                if (sums[m] == target_) set_bit(kept_, m);
                continue;
            }
            std::uint32_t supported = 0;
            for (std::uint32_t next = domains_[static_cast<std::size_t>(layer)] & ~m; next != 0; next &= next - 1) {
                const std::uint32_t bit = next & (~next + 1);
                if (test_bit(kept_, m | bit)) supported |= bit;
            }
            if (supported != 0) {
                set_bit(kept_, m);
                supports_[static_cast<std::size_t>(layer)] |= supported;
            }
        }
    }
    return (kept_[0] & 1u) != 0;
}

Status DistinctSum::propagate(Solver& s) {
    const std::uint64_t window = (std::uint64_t{1} << values_) - 1;
    bool all_fixed = true;
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        domains_[i] = static_cast<std::uint32_t>(s.window_bits(vars_[i], base_) & window);
        all_fixed = all_fixed && s.fixed(vars_[i]);
    }
    if (!sweep_forward() || !sweep_backward()) return Status::failed;
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        const std::uint32_t doomed = domains_[i] & ~supports_[i];
        if (doomed != 0) PRUNE_TRY(s.remove_values(vars_[i], base_, doomed));
    }
    return all_fixed ? Status::entailed : Status::ok;
}

bool DistinctSum::explain(Explanation& e) const {
    const IntVar* inferred = nullptr;
    if (!e.explaining_failure()) {
        if (e.inferred().is_equal()) return false;
        for (const IntVar& x : vars_) {
            if (x.index == e.inferred().var) inferred = &x;
        }
        if (inferred == nullptr) return false;
        const std::int64_t k = e.inferred().value - base_;
        if (k < 0 || k >= values_) return true;  // outside the window: never a solution
    }
    // Each other variable's domain before the inference: its fixing, or its bounds and
    // the holes between (a variable with every value of the window adds nothing).
    const std::uint64_t window = (std::uint64_t{1} << values_) - 1;
    for (const IntVar& x : vars_) {
        if (&x == inferred) continue;
        const std::uint64_t d = e.had_values(x, static_cast<int>(base_)) & window;
        if (d == window || d == 0) continue;
        const int lo = std::countr_zero(d), hi = 63 - std::countl_zero(d);
        if (lo == hi && e.was_fixed(x)) {
            e.add_fixed(x);
            continue;
        }
        if (lo > 0) e.add_lower_bound(x, base_ + lo);
        if (hi < values_ - 1) e.add_upper_bound(x, base_ + hi);
        const std::uint64_t hull = (window >> (values_ - 1 - hi)) & ~((std::uint64_t{1} << lo) - 1);
        e.add_removed_values(x, static_cast<int>(base_), hull & ~d);
    }
    return true;
}

// ---------------------------------------------------------------- post function

bool distinct_sum(Solver& s, const std::vector<IntVar>& vars, std::int64_t total) {
    if (!check_vars(s, "distinct_sum", vars)) return false;
    if (vars.empty()) {
        if (total != 0) s.fail();
        return !s.root_failed();
    }
    if (!DistinctSum::fits(s, vars)) {
        // Wide or bounds-only domains, or a variable listed twice: the two parts.
        return all_different(s, vars, Consistency::domain) && sum(s, vars, Relation::equal, total);
    }
    // The value stage removes fixed values first, at constant cost per event, so the
    // set sweeps run on smaller domains (as all_different stages its propagators).
    if (vars.size() >= 2) s.add(std::make_unique<AllDifferentValue>(vars));
    s.add(std::make_unique<DistinctSum>(s, vars, total));
    return !s.root_failed();
}

}  // namespace prune
