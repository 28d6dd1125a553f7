#include "element.hpp"

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
    : Propagator(PropagatorCost::linear, false), array_(std::move(array)), index_(index), result_(result) {}

namespace {

bool intersects(const Solver& s, IntVar a, IntVar b) {
    if (s.max(a) < s.min(b) || s.max(b) < s.min(a)) return false;
    if (s.size(a) > s.size(b)) std::swap(a, b);
    if (!s.is_bitset(b)) {
        return s.next_value(a, std::int64_t{s.min(b)} - 1) <= s.max(b);
    }
    for (std::int64_t v = s.min(a); v <= s.max(a); v = s.next_value(a, v)) {
        if (s.contains(b, static_cast<int>(v))) return true;
    }
    return false;
}

// Removes from `to` every value not in `from`.
bool restrict_to(Solver& s, IntVar to, IntVar from) {
    PRUNE_TRY(s.set_min(to, s.min(from)));
    PRUNE_TRY(s.set_max(to, s.max(from)));
    if (!s.is_bitset(to) || !s.is_bitset(from)) return true;
    for (std::int64_t v = s.min(to); v <= s.max(to); v = s.next_value(to, v)) {
        if (!s.contains(from, static_cast<int>(v))) PRUNE_TRY(s.remove(to, static_cast<int>(v)));
    }
    return true;
}

}  // namespace

void ElementVariable::attach(Solver& s) {
    s.subscribe(this, index_, Condition::domain);
    s.subscribe(this, result_, Condition::domain);
    for (IntVar x : array_) s.subscribe(this, x, Condition::domain);
}

Status ElementVariable::propagate(Solver& s) {
    PRUNE_TRY(s.set_min(index_, 0));
    PRUNE_TRY(s.set_max(index_, static_cast<std::int64_t>(array_.size()) - 1));
    for (std::int64_t i = s.min(index_); i <= s.max(index_); i = s.next_value(index_, i)) {
        if (!intersects(s, array_[i], result_)) PRUNE_TRY(s.remove(index_, static_cast<int>(i)));
    }
    if (s.fixed(index_)) {
        const IntVar chosen = array_[s.value(index_)];
        if (!restrict_to(s, result_, chosen) || !restrict_to(s, chosen, result_)) return Status::failed;
        return s.fixed(result_) ? Status::entailed : Status::ok;
    }
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (std::int64_t i = s.min(index_); i <= s.max(index_); i = s.next_value(index_, i)) {
        lo = std::min<std::int64_t>(lo, s.min(array_[i]));
        hi = std::max<std::int64_t>(hi, s.max(array_[i]));
    }
    PRUNE_TRY(s.set_min(result_, lo));
    PRUNE_TRY(s.set_max(result_, hi));
    if (s.is_bitset(result_)) {
        for (std::int64_t v = s.min(result_); v <= s.max(result_); v = s.next_value(result_, v)) {
            bool supported = false;
            for (std::int64_t i = s.min(index_); i <= s.max(index_) && !supported; i = s.next_value(index_, i)) {
                supported = s.contains(array_[i], static_cast<int>(v));
            }
            if (!supported) PRUNE_TRY(s.remove(result_, static_cast<int>(v)));
        }
    }
    return Status::ok;
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
// a and b shared no value before: adds, per common value, a removal that shows it.
bool add_disjoint(Explanation& e, IntVar a, IntVar b) {
    const int lo = std::max(e.initial_min(a), e.initial_min(b));
    const int hi = std::min(e.initial_max(a), e.initial_max(b));
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
