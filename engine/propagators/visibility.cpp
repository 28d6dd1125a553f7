#include "visibility.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"
#include "alldifferent_value.hpp"

namespace prune {

Visibility::Visibility(std::vector<IntVar> vars, int from_start, int from_end, bool idempotent)
    : Propagator(PropagatorCost::quadratic, idempotent), vars_(std::move(vars)), n_(static_cast<int>(vars_.size())),
      from_start_(from_start), from_end_(from_end) {
    const std::size_t sets = std::size_t{1} << n_;
    reached_.assign(sets, 0);
    kept_.assign(sets, 0);
    domains_.assign(vars_.size(), 0);
    supports_.assign(vars_.size(), 0);
}

void Visibility::attach(Solver& s) {
    for (IntVar x : vars_) s.subscribe(this, x, Condition::domain);
}

// Value bits: bit v-1 stands for value v, so the top bit is n, and a value beats
// every value of a set m iff its bit is larger than m as a number.
std::uint32_t Visibility::step(std::uint32_t m, std::uint32_t bit, std::uint32_t counters) const {
    const std::uint32_t top = std::uint32_t{1} << (n_ - 1);
    if ((m & top) == 0) {  // before n: counting from the start
        if (bit == top) {
            if (from_start_ != 0 && (counters & (std::uint32_t{1} << (from_start_ - 1))) == 0) return 0;
            return from_end_ == 0 ? 1u : std::uint32_t{1} << (from_end_ - 1);
        }
        if (from_start_ == 0) return counters;
        const std::uint32_t seen = bit > m ? counters << 1 : counters;
        return seen & ((std::uint32_t{1} << from_start_) - 1);  // n still adds one: at most from_start - 1
    }
    if (from_end_ == 0) return counters;
    const std::uint32_t unused = ~m & ((std::uint32_t{1} << n_) - 1);
    return bit > (unused ^ bit) ? counters >> 1 : counters;  // the largest unused value is seen from the end
}

std::uint32_t Visibility::step_back(std::uint32_t m, std::uint32_t bit, std::uint32_t after) const {
    const std::uint32_t top = std::uint32_t{1} << (n_ - 1);
    if ((m & top) == 0) {
        if (bit == top) {
            const std::uint32_t end_counter = from_end_ == 0 ? 1u : std::uint32_t{1} << (from_end_ - 1);
            if ((after & end_counter) == 0) return 0;
            return from_start_ == 0 ? 1u : std::uint32_t{1} << (from_start_ - 1);
        }
        if (from_start_ == 0) return after;
        return bit > m ? after >> 1 : after;
    }
    if (from_end_ == 0) return after;
    const std::uint32_t unused = ~m & ((std::uint32_t{1} << n_) - 1);
    return bit > (unused ^ bit) ? after << 1 : after;
}

void Visibility::sweep_forward() const {
    std::fill(reached_.begin(), reached_.end(), 0);
    reached_[0] = 1;
    const std::uint32_t full = (std::uint32_t{1} << n_) - 1;
    for (std::uint32_t m = 0; m < full; ++m) {
        const std::uint32_t counters = reached_[m];
        if (counters == 0) continue;
        const int layer = std::popcount(m);
        for (std::uint32_t next = domains_[static_cast<std::size_t>(layer)] & ~m; next != 0; next &= next - 1) {
            const std::uint32_t bit = next & (~next + 1);
            reached_[m | bit] |= step(m, bit, counters);
        }
    }
}

bool Visibility::sweep_backward() {
    std::fill(kept_.begin(), kept_.end(), 0);
    std::fill(supports_.begin(), supports_.end(), 0);
    const std::uint32_t full = (std::uint32_t{1} << n_) - 1;
    kept_[full] = reached_[full] & 1u;  // every value placed, nothing left to see from the end
    for (std::uint32_t m = full; m-- > 0;) {
        const std::uint32_t counters = reached_[m];
        if (counters == 0) continue;
        const int layer = std::popcount(m);
        for (std::uint32_t next = domains_[static_cast<std::size_t>(layer)] & ~m; next != 0; next &= next - 1) {
            const std::uint32_t bit = next & (~next + 1);
            const std::uint32_t after = kept_[m | bit];
            if (after == 0) continue;
            const std::uint32_t leading = step_back(m, bit, after) & counters;
            if (leading == 0) continue;
            kept_[m] |= leading;
            supports_[static_cast<std::size_t>(layer)] |= bit;
        }
    }
    return kept_[0] != 0;
}

Status Visibility::propagate(Solver& s) {
    const std::uint64_t window = (std::uint64_t{1} << n_) - 1;
    bool all_fixed = true;
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        const IntVar x = vars_[i];
        if (s.min(x) < 1) PRUNE_TRY(s.set_min(x, 1));
        if (s.max(x) > n_) PRUNE_TRY(s.set_max(x, n_));
        domains_[i] = static_cast<std::uint32_t>(s.window_bits(x, 1) & window);
        all_fixed = all_fixed && s.fixed(x);
    }
    sweep_forward();
    if (!sweep_backward()) return Status::failed;
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        const std::uint32_t doomed = domains_[i] & ~supports_[i];
        if (doomed != 0) PRUNE_TRY(s.remove_values(vars_[i], 1, doomed));
    }
    return all_fixed ? Status::entailed : Status::ok;
}

// ---------------------------------------------------------------- explanation

bool Visibility::completes(std::uint64_t& visits) const {
    sweep_forward();
    visits += reached_.size();
    return (reached_.back() & 1u) != 0;
}

void Visibility::keep_needed_removals(std::uint32_t* removed) const {
    std::uint64_t visits = 0;
    // Whether position i can take back `values` and every path stay closed; if so it does.
    auto give_back = [&](std::size_t i, std::uint32_t values) {
        if (visits > explain_budget) return false;
        domains_[i] |= values;
        if (!completes(visits)) return true;
        domains_[i] &= ~values;
        return false;
    };
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        if (removed[i] != 0 && give_back(i, removed[i])) removed[i] = 0;
    }
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        for (std::uint32_t rest = removed[i]; rest != 0; rest &= rest - 1) {
            const std::uint32_t bit = rest & (~rest + 1);
            if (give_back(i, bit)) removed[i] &= ~bit;
        }
    }
}

bool Visibility::explain(Explanation& e) const {
    const bool failure = e.explaining_failure();
    const Fact& f = e.inferred();
    if (!failure && f.is_equal()) return false;
    const std::uint32_t window = (std::uint32_t{1} << n_) - 1;
    // The inferred values of 1..n, as bits: a removal's value, a bound fact's side.
    const std::uint32_t inferred = failure ? window : static_cast<std::uint32_t>(excluded_bits(f, 1, n_));
    std::uint32_t removed[max_values];
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        const IntVar x = vars_[i];
        const std::uint32_t had = static_cast<std::uint32_t>(e.had_values(x, 1) & window);
        const std::uint32_t initial = static_cast<std::uint32_t>(initial_bits(e, x, 1, n_));
        const std::uint32_t own = failure || x.index != f.var ? window : inferred;
        domains_[i] = had & own;
        removed[i] = initial & ~had & own;
    }
    std::uint64_t visits = 0;
    if (completes(visits)) return false;  // not inferred from these domains: the fallback
    keep_needed_removals(removed);
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        int values[max_values];
        int count = 0;
        for (std::uint32_t rest = removed[i]; rest != 0; rest &= rest - 1) values[count++] = std::countr_zero(rest) + 1;
        add_none_of(e, vars_[i], values, values + count);
    }
    return true;
}

// ---------------------------------------------------------------- post function

bool visibility(Solver& s, const std::vector<IntVar>& vars, int from_start, int from_end) {
    const char* who = "visibility";
    if (!check_vars(s, who, vars)) return false;
    const int n = static_cast<int>(vars.size());
    if (n > Visibility::max_values) {
        s.set_error(std::string(who) + ": at most " + std::to_string(Visibility::max_values) + " variables, got " + std::to_string(n));
        return false;
    }
    if (from_start < 0 || from_start > n || from_end < 0 || from_end > n) {
        s.set_error(std::string(who) + ": the counts must lie in 0.." + std::to_string(n) + ", got " + std::to_string(from_start) + " and " +
                    std::to_string(from_end));
        return false;
    }
    if (n == 0) return !s.root_failed();
    std::vector<int> indices;
    for (IntVar x : vars) indices.push_back(x.index);
    std::sort(indices.begin(), indices.end());
    // A run reaches its own fixpoint only when every removal takes effect: distinct
    // variables with bitset domains (an interior value of a bounds-only domain stays).
    bool idempotent = std::adjacent_find(indices.begin(), indices.end()) == indices.end();
    for (IntVar x : vars) idempotent = idempotent && s.is_bitset(x);
    // The value stage removes fixed values first, at constant cost per event, so the
    // sweeps run on smaller domains (as distinct_sum does).
    if (n >= 2) s.add(std::make_unique<AllDifferentValue>(vars));
    s.add(std::make_unique<Visibility>(vars, from_start, from_end, idempotent));
    return !s.root_failed();
}

}  // namespace prune
