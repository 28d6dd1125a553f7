#include "element.hpp"

#include <bit>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"

#include <algorithm>

namespace prune {

ElementConstant::ElementConstant(std::vector<int> array, IntVar index, IntVar result)
    : Propagator(PropagatorCost::linear), array_(std::move(array)), index_(index), result_(result) {
    declare_exact_with_one_open();  // domain consistent
    distinct_ = array_;
    std::sort(distinct_.begin(), distinct_.end());
    distinct_.erase(std::unique(distinct_.begin(), distinct_.end()), distinct_.end());
    position_.reserve(array_.size());
    for (int v : array_) {
        position_.push_back(static_cast<int>(std::lower_bound(distinct_.begin(), distinct_.end(), v) - distinct_.begin()));
    }
    supported_.assign(distinct_.size(), 0);
}

void ElementConstant::attach(Solver& s) {
    s.subscribe(this, index_, Condition::domain);
    s.subscribe(this, result_, Condition::domain);
}

Status ElementConstant::propagate(Solver& s) {
    PRUNE_TRY(s.set_min(index_, 0));
    PRUNE_TRY(s.set_max(index_, static_cast<std::int64_t>(array_.size()) - 1));
    std::fill(supported_.begin(), supported_.end(), 0);
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (std::int64_t i = s.min(index_); i <= s.max(index_); i = s.next_value(index_, i)) {
        const int v = array_[i];
        if (s.contains(result_, v)) {
            supported_[position_[i]] = 1;
            lo = std::min<std::int64_t>(lo, v);
            hi = std::max<std::int64_t>(hi, v);
        } else if (is_failure(s.remove(index_, static_cast<int>(i)))) {
            return Status::failed;
        }
    }
    if (lo > hi) return Status::failed;
    // On a bounds-only index an interior remove() does nothing, and the upward scan has
    // passed values the upper bound may have come down onto: settle the upper bound.
    if (!s.is_bitset(index_)) {
        while (!s.contains(result_, array_[s.max(index_)])) PRUNE_TRY(s.set_max(index_, s.max(index_) - 1));
    }
    PRUNE_TRY(s.set_min(result_, lo));
    PRUNE_TRY(s.set_max(result_, hi));
    if (s.is_bitset(result_)) {
        for (std::int64_t v = s.min(result_); v <= s.max(result_); v = s.next_value(result_, v)) {
            auto it = std::lower_bound(distinct_.begin(), distinct_.end(), static_cast<int>(v));
            if (it == distinct_.end() || *it != v || !supported_[it - distinct_.begin()]) {
                PRUNE_TRY(s.remove(result_, static_cast<int>(v)));
            }
        }
    }
    if (s.fixed(index_)) {
        PRUNE_TRY(s.assign(result_, array_[s.value(index_)]));
        return Status::entailed;
    }
    return Status::ok;
}

ElementVariable::ElementVariable(std::vector<IntVar> array, IntVar index, IntVar result)
    : Propagator(PropagatorCost::linear, false), array_(std::move(array)), index_(index), result_(result) {
    advise_me(Advice::filter);
}

namespace {

// The values in [base, base + 63] that some live index's variable holds, as bits.
std::uint64_t supported_values(const Solver& s, const std::vector<IntVar>& array, IntVar index, std::int64_t base) {
    std::uint64_t held = 0;
    for (std::int64_t first = s.min(index); first <= s.max(index); first += 64) {
        for (std::uint64_t live = s.window_bits(index, first); live != 0; live &= live - 1) {
            held |= s.window_bits(array[static_cast<std::size_t>(first + std::countr_zero(live))], base);
        }
    }
    return held;
}

}  // namespace

void ElementVariable::attach(Solver& s) {
    s.subscribe(this, index_, Condition::domain, not_an_entry);
    s.subscribe(this, result_, Condition::domain, not_an_entry);
    for (std::size_t i = 0; i < array_.size(); ++i) s.subscribe(this, array_[i], Condition::domain, static_cast<int>(i));
}

// A run reads array[i] only while i is a live index, so a change to an entry the
// index has lost cannot give it anything to do.
bool ElementVariable::advise(Solver& s, int tag, Event) {
    return tag == not_an_entry || s.contains(index_, tag);
}

// One pass over the live indices, 64 at a time: an index goes when its variable and
// result share no value; the others give result its bounds, then result's values are
// checked for support 64 at a time (propagate_one_word when they fit in one word).
Status ElementVariable::propagate(Solver& s) {
    // Updates only where they change something: a traced update (learning) costs a
    // copy of the domain even when nothing changes.
    if (s.min(index_) < 0) PRUNE_TRY(s.set_min(index_, 0));
    if (s.max(index_) >= static_cast<std::int64_t>(array_.size())) PRUNE_TRY(s.set_max(index_, static_cast<std::int64_t>(array_.size()) - 1));
    if (s.is_bitset(result_) && s.max(result_) - s.min(result_) < 64) return propagate_one_word(s, s.min(result_));
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (std::int64_t base = s.min(index_); base <= s.max(index_); base += 64) {
        std::uint64_t dead = 0;
        for (std::uint64_t live = s.window_bits(index_, base); live != 0; live &= live - 1) {
            const int bit = std::countr_zero(live);
            const IntVar x = array_[static_cast<std::size_t>(base + bit)];
            if (!s.shares_value(x, result_)) {
                dead |= std::uint64_t{1} << bit;
                continue;
            }
            lo = std::min<std::int64_t>(lo, s.min(x));
            hi = std::max<std::int64_t>(hi, s.max(x));
        }
        if (dead != 0) PRUNE_TRY(s.remove_values(index_, base, dead));
    }
    if (s.fixed(index_)) return keep_chosen_equal(s);
    if (lo > s.min(result_)) PRUNE_TRY(s.set_min(result_, lo));
    if (hi < s.max(result_)) PRUNE_TRY(s.set_max(result_, hi));
    if (!s.is_bitset(result_)) return Status::ok;
    for (std::int64_t base = s.min(result_); base <= s.max(result_); base += 64) {
        const std::uint64_t lost = s.window_bits(result_, base) & ~supported_values(s, array_, index_, base);
        if (lost != 0) PRUNE_TRY(s.remove_values(result_, base, lost));
    }
    return Status::ok;
}

// The same when result's values fit in one word (the common case: every run of a
// model with small domains): one read of each live entry's word gives both whether
// it shares a value with result and the values it supports, which are then exactly
// result's supported values (its bounds among them).
Status ElementVariable::propagate_one_word(Solver& s, std::int64_t result_base) {
    const std::uint64_t result_bits = s.window_bits(result_, result_base);
    std::uint64_t held = 0;
    for (std::int64_t base = s.min(index_); base <= s.max(index_); base += 64) {
        std::uint64_t dead = 0;
        for (std::uint64_t live = s.window_bits(index_, base); live != 0; live &= live - 1) {
            const int bit = std::countr_zero(live);
            const std::uint64_t common = s.window_bits(array_[static_cast<std::size_t>(base + bit)], result_base) & result_bits;
            if (common == 0) dead |= std::uint64_t{1} << bit;
            held |= common;
        }
        if (dead != 0) PRUNE_TRY(s.remove_values(index_, base, dead));
    }
    if (s.fixed(index_)) return keep_chosen_equal(s);
    const std::uint64_t lost = result_bits & ~held;
    if (lost != 0) PRUNE_TRY(s.remove_values(result_, result_base, lost));
    return Status::ok;
}

// With the index fixed, result and array[index] keep their common values.
Status ElementVariable::keep_chosen_equal(Solver& s) {
    const IntVar chosen = array_[s.value(index_)];
    PRUNE_TRY(s.intersect_with_offset(result_, chosen, 0));
    PRUNE_TRY(s.intersect_with_offset(chosen, result_, 0));
    return s.fixed(result_) ? Status::entailed : Status::ok;
}

// ---------------------------------------------------------------- explanations

bool ElementConstant::explain(Explanation& e) const {
    const std::int64_t n = static_cast<std::int64_t>(array_.size());
    const int first = std::max(0, e.initial_min(index_));
    const std::int64_t last = std::min<std::int64_t>(n - 1, e.initial_max(index_));
    if (!e.explaining_failure()) {
        const Fact& removed = e.inferred();
        if (removed.is_equal()) return false;
        if (removed.var == index_.index) {
            if (removed.value < 0 || removed.value >= n) return true;  // no such entry
            const int v = array_[static_cast<std::size_t>(removed.value)];
            if (e.had_value(result_, v)) return false;
            e.add_removed(result_, v);
            return true;
        }
        if (removed.var != result_.index) return false;
        for (std::int64_t i = first; i <= last; ++i) {
            if (array_[static_cast<std::size_t>(i)] != removed.value) continue;
            if (e.had_value(index_, static_cast<int>(i))) return false;
            e.add_removed(index_, static_cast<int>(i));
        }
        return true;
    }
    for (std::int64_t i = first; i <= last; ++i) {
        const int v = array_[static_cast<std::size_t>(i)];
        if (!e.had_value(index_, static_cast<int>(i))) {
            e.add_removed(index_, static_cast<int>(i));
        } else {
            if (e.had_value(result_, v)) return false;
            e.add_removed(result_, v);
        }
    }
    return true;
}

namespace {
// a and b shared no value before. Below the higher of their lower bounds one of
// them has no value, and above the lower of their upper bounds likewise: a bound fact
// each says so, and each value between needs a removal from a or b. Disjoint ranges
// take just the two bound facts, [a <= m] and [b > m] (Chuffed's element explains
// by bounds too). Shorter than a removal per value of the initial ranges, and on
// quasigroup7-10 (--learn -f) proving it takes a seventh fewer failures.
bool add_disjoint(Explanation& e, IntVar a, IntVar b) {
    // (Each bound read once: under learning it searches the bound history.)
    const int a_min = e.min_before(a), a_max = e.max_before(a);
    const int b_min = e.min_before(b), b_max = e.max_before(b);
    const int lo = std::max(a_min, b_min);
    const int hi = std::min(a_max, b_max);
    if (lo > hi) {
        const bool a_below = a_max < b_min;
        const int m = a_below ? a_max : b_max;
        e.add_upper_bound(a_below ? a : b, m);
        e.add_lower_bound(a_below ? b : a, std::int64_t{m} + 1);
        return true;
    }
    e.add_lower_bound(a_min == lo ? a : b, lo);
    e.add_upper_bound(a_max == hi ? a : b, hi);
    for (int v = lo; v <= hi; ++v) {
        if (!e.had_value(a, v)) e.add_removed(a, v);
        else if (!e.had_value(b, v)) e.add_removed(b, v);
        else return false;
    }
    return true;
}
}  // namespace

bool ElementVariable::explain(Explanation& e) const {
    const std::int64_t n = static_cast<std::int64_t>(array_.size());
    const int first = std::max(0, e.initial_min(index_));
    const std::int64_t last = std::min<std::int64_t>(n - 1, e.initial_max(index_));
    const bool fixed = e.was_fixed(index_) && e.fixed_value(index_) >= 0 && e.fixed_value(index_) < n;
    const IntVar chosen = fixed ? array_[static_cast<std::size_t>(e.fixed_value(index_))] : IntVar{};
    if (e.explaining_failure()) {
        if (fixed) {
            if (!add_disjoint(e, chosen, result_)) return false;
            e.add_fixed(index_);
            return true;
        }
        for (std::int64_t i = first; i <= last; ++i) {
            if (!e.had_value(index_, static_cast<int>(i))) e.add_removed(index_, static_cast<int>(i));
            else if (!add_disjoint(e, array_[static_cast<std::size_t>(i)], result_)) return false;
        }
        return true;
    }
    const Fact& removed = e.inferred();
    if (removed.is_equal()) return false;
    if (removed.var == index_.index) {
        if (removed.value < 0 || removed.value >= n) return true;
        return add_disjoint(e, array_[static_cast<std::size_t>(removed.value)], result_);
    }
    if (removed.var == result_.index) {
        if (fixed && !e.had_value(chosen, removed.value)) {
            e.add_fixed(index_);
            e.add_removed(chosen, removed.value);
            return true;
        }
        for (std::int64_t i = first; i <= last; ++i) {
            const IntVar x = array_[static_cast<std::size_t>(i)];
            if (!e.had_value(index_, static_cast<int>(i))) e.add_removed(index_, static_cast<int>(i));
            else if (x.index == removed.var || e.had_value(x, removed.value)) return false;
            else e.add_removed(x, removed.value);
        }
        return true;
    }
    // array[index]'s value went because result lacked it.
    if (!fixed || chosen.index != removed.var || e.had_value(result_, removed.value)) return false;
    e.add_fixed(index_);
    e.add_removed(result_, removed.value);
    return true;
}

// ---------------------------------------------------------------- post functions

bool element(Solver& s, const std::vector<int>& array, IntVar index, IntVar result) {
    if (!check_vars(s, "element", {index, result})) return false;
    if (array.empty()) {  // no index is valid
        s.fail();
        return false;
    }
    return post<ElementConstant>(s, array, index, result);
}

bool element(Solver& s, const std::vector<IntVar>& array, IntVar index, IntVar result) {
    if (!check_vars(s, "element", {index, result}) || !check_vars(s, "element", array)) return false;
    if (array.empty()) {
        s.fail();
        return false;
    }
    return post<ElementVariable>(s, array, index, result);
}

}  // namespace prune
