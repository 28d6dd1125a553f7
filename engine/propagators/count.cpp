#include "count.hpp"

#include <algorithm>
#include <string>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"

namespace prune {

// ---------------------------------------------------------------- Among

Among::Among(std::vector<IntVar> vars, std::vector<int> values, IntVar count, const Solver& s)
    : Propagator(PropagatorCost::linear), vars_(std::move(vars)), values_(std::move(values)), count_(count),
      state_(vars_.size()) {
    found_.reserve(vars_.size());
    std::int64_t sure = 0, possible = 0;
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        const std::int64_t st = classify(s, vars_[i]);
        state_[i] = TrailedInt(st);
        sure += st == inside;
        possible += st != out;
    }
    sure_ = TrailedInt(sure);
    possible_ = TrailedInt(possible);
}

void Among::attach(Solver& s) {
    for (std::size_t i = 0; i < vars_.size(); ++i) s.subscribe(this, vars_[i], Condition::domain, static_cast<int>(i));
    s.subscribe(this, count_, Condition::bounds, count_tag);
    advise_me();
}

std::int64_t Among::classify(const Solver& s, IntVar x) const {
    return !meets_set(s, x) ? out : (inside_set(s, x) ? inside : undecided);
}

bool Among::update(Solver& s, std::size_t i) {
    const std::int64_t before = state_[i].get();
    if (before != undecided) return false;  // out and inside are final on a branch
    const std::int64_t now = classify(s, vars_[i]);
    if (now == before) return false;
    state_[i].set(s.trail(), now);
    if (now == inside) sure_.set(s.trail(), sure_.get() + 1);
    if (now == out) possible_.set(s.trail(), possible_.get() - 1);
    return true;
}

bool Among::advise(Solver& s, int tag, Event) {
    if (tag == count_tag) return true;
    // A state change moves a counter; without one, a run can still prune when count
    // sits on a counter (an undecided variable's bound may have moved onto a value
    // the run must remove).
    return update(s, static_cast<std::size_t>(tag)) || s.max(count_) == sure_.get() || s.min(count_) == possible_.get();
}

bool Among::in_set(std::int64_t v) const { return std::binary_search(values_.begin(), values_.end(), v); }

bool Among::meets_set(const Solver& s, IntVar x) const {
    for (auto it = std::lower_bound(values_.begin(), values_.end(), s.min(x)); it != values_.end() && *it <= s.max(x); ++it) {
        if (s.contains(x, *it)) return true;
    }
    return false;
}

bool Among::inside_set(const Solver& s, IntVar x) const {
    if (s.size(x) > static_cast<std::int64_t>(values_.size())) return false;
    for (std::int64_t v = s.min(x); v <= s.max(x); v = s.next_value(x, v)) {
        if (!in_set(v)) return false;
    }
    return true;
}

// Removes S from D(x); on a bounds-only domain only values at the bounds go.
bool Among::leave_set(Solver& s, IntVar x) const {
    for (auto it = std::lower_bound(values_.begin(), values_.end(), s.min(x)); it != values_.end() && *it <= s.max(x); ++it) {
        PRUNE_TRY(s.remove(x, *it));
    }
    while (in_set(s.max(x))) PRUNE_TRY(s.remove(x, s.max(x)));
    return true;
}

// Restricts D(x) to S; on a bounds-only domain only the bounds move.
bool Among::enter_set(Solver& s, IntVar x) const {
    auto first = std::lower_bound(values_.begin(), values_.end(), s.min(x));
    if (first == values_.end()) return false;
    PRUNE_TRY(s.set_min(x, *first));
    auto last = std::upper_bound(values_.begin(), values_.end(), s.max(x));
    if (last == values_.begin()) return false;
    PRUNE_TRY(s.set_max(x, *(last - 1)));
    if (!s.is_bitset(x)) return true;
    for (std::int64_t v = s.min(x); v <= s.max(x); v = s.next_value(x, v)) {
        if (!in_set(v)) PRUNE_TRY(s.remove(x, static_cast<int>(v)));
    }
    return true;
}

Status Among::propagate(Solver& s) {
    PRUNE_TRY(s.set_min(count_, sure_.get()));
    PRUNE_TRY(s.set_max(count_, possible_.get()));
    if (sure_.get() == possible_.get()) return s.fixed(count_) ? Status::entailed : Status::ok;
    const bool all_leave = s.max(count_) == sure_.get(), all_enter = s.min(count_) == possible_.get();
    if (!all_leave && !all_enter) return Status::ok;
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        if (state_[i].get() != undecided) continue;
        if (all_leave) PRUNE_TRY(leave_set(s, vars_[i]));
        else PRUNE_TRY(enter_set(s, vars_[i]));
        update(s, i);  // the kernel does not advise an idempotent propagator of its own changes
    }
    return Status::ok;
}

// ---- Under learning: explanations by counting, on the domains before the inference.

std::int64_t Among::state_before(const Explanation& e, IntVar x) const {
    if (e.was_fixed(x)) return in_set(e.fixed_value(x)) ? inside : out;
    const int lo = e.min_before(x), hi = e.max_before(x);
    bool meets = false;
    for (auto it = std::lower_bound(values_.begin(), values_.end(), lo); it != values_.end() && *it <= hi; ++it) {
        if (e.had_value(x, *it)) {
            meets = true;
            break;
        }
    }
    if (!meets) return out;
    // (lo itself was a value: a domain that reaches outside S usually says so at once)
    for (std::int64_t v = lo; v <= hi; ++v) {
        if (!in_set(v) && e.had_value(x, static_cast<int>(v))) return undecided;
    }
    return inside;
}

// x's fixing, or its bounds and the removals outside S between them. The bounds are
// stretched over the values of S beside them: a weaker fact, as true.
void Among::add_inside(Explanation& e, IntVar x) const {
    if (e.was_fixed(x)) {
        e.add_fixed(x);
        return;
    }
    std::int64_t lo = e.min_before(x), hi = e.max_before(x);
    while (lo > e.initial_min(x) && in_set(lo - 1)) --lo;
    while (hi < e.initial_max(x) && in_set(hi + 1)) ++hi;
    e.add_lower_bound(x, lo);
    e.add_upper_bound(x, hi);
    for (std::int64_t v = e.min_before(x) + 1; v < e.max_before(x); ++v) {
        if (!in_set(v)) e.add_removed(x, static_cast<int>(v));
    }
}

// The removals of S's values from x's range, and x's bound where values of S lie
// beyond it (add_none_of).
void Among::add_outside(Explanation& e, IntVar x) const {
    add_none_of(e, x, values_.data(), values_.data() + values_.size());
}

// Finds `wanted` positions in `state` (inside or out), the variable `skipped` left
// out, into found_; false when there are fewer. The scan stops at the last one wanted.
bool Among::find_states(const Explanation& e, std::int64_t state, std::int64_t wanted, int skipped) const {
    found_.clear();
    for (std::size_t i = 0; i < vars_.size() && static_cast<std::int64_t>(found_.size()) < wanted; ++i) {
        const IntVar x = vars_[i];
        if (x.index != skipped && state_before(e, x) == state) found_.push_back(x);
    }
    return static_cast<std::int64_t>(found_.size()) >= wanted;
}

// Adds the facts of the positions find_states() found.
bool Among::add_found(Explanation& e, std::int64_t state) const {
    for (IntVar x : found_) {
        if (state == inside) add_inside(e, x);
        else add_outside(e, x);
    }
    return true;
}

// A removal from count: more variables inside S than the value (or more outside than
// n minus it). A removal from x: x = v in S would make count exceed its upper bound,
// which the others inside S already meet (v outside S: its lower bound, by the others
// outside). A failure: count's bounds against the variables inside or outside. Every
// rule is checked on the domains before, so a variable in two places, or count among
// the variables, is explained only when the count says so, else by the fallback.
// Each rule looks for as many variables as it needs and no more: O(n) at worst.
bool Among::explain(Explanation& e) const {
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    const std::int64_t count_min = e.min_before(count_), count_max = e.max_before(count_);
    if (e.explaining_failure()) {
        if (find_states(e, inside, count_max + 1, -1)) {
            e.add_upper_bound(count_, count_max);
            return add_found(e, inside);
        }
        if (find_states(e, out, n - count_min + 1, -1)) {
            e.add_lower_bound(count_, count_min);
            return add_found(e, out);
        }
        return false;
    }
    const Fact& removed = e.inferred();
    if (removed.is_equal()) return false;
    if (removed.var == count_.index) {
        if (find_states(e, inside, std::int64_t{removed.value} + 1, -1)) return add_found(e, inside);
        if (find_states(e, out, n - removed.value + 1, -1)) return add_found(e, out);
        // (count among the variables: it may have left S, or entered it, as one of them)
    }
    if (std::none_of(vars_.begin(), vars_.end(), [&](IntVar x) { return x.index == removed.var; })) return false;
    if (in_set(removed.value)) {
        if (!find_states(e, inside, count_max, removed.var)) return false;
        e.add_upper_bound(count_, count_max);
        return add_found(e, inside);
    }
    if (!find_states(e, out, n - count_min, removed.var)) return false;
    e.add_lower_bound(count_, count_min);
    return add_found(e, out);
}

// ---------------------------------------------------------------- CountVariable

CountVariable::CountVariable(std::vector<IntVar> vars, IntVar value, IntVar count)
    : Propagator(PropagatorCost::linear, false), vars_(std::move(vars)), value_(value), count_(count),
      covered_(vars_.size() + 1, 0) {}

void CountVariable::attach(Solver& s) {
    for (IntVar x : vars_) s.subscribe(this, x, Condition::domain);
    s.subscribe(this, value_, Condition::domain);
    s.subscribe(this, count_, Condition::domain);
}

// The counts y = v allows: [sure, possible].
void CountVariable::interval(const Solver& s, int v, std::int64_t& sure, std::int64_t& possible) const {
    sure = possible = 0;
    for (IntVar x : vars_) {
        if (!s.contains(x, v)) continue;
        ++possible;
        if (s.fixed(x)) ++sure;
    }
}

bool CountVariable::meets_count(const Solver& s, std::int64_t sure, std::int64_t possible) const {
    const std::int64_t c = s.next_value(count_, sure - 1);  // the smallest count >= sure
    return c <= possible && c <= s.max(count_);
}

Status CountVariable::propagate(Solver& s) {
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    PRUNE_TRY(s.set_min(count_, 0));
    PRUNE_TRY(s.set_max(count_, n));
    std::int64_t sure = 0, possible = 0;
    if (!s.is_bitset(value_)) {
        // A bounds-only y: only its bounds can go, and count keeps [0, n].
        // A value no x_i holds allows the count 0 only, and so does every value up
        // to the next one some x_i holds: the bounds jump there.
        for (;;) {
            const int v = s.min(value_);
            interval(s, v, sure, possible);
            if (meets_count(s, sure, possible)) break;
            std::int64_t next = std::int64_t{v} + 1;
            if (possible == 0) {
                next = INT64_MAX;
                for (IntVar x : vars_) next = std::min(next, s.next_value(x, v) <= s.max(x) ? s.next_value(x, v) : INT64_MAX);
            }
            if (next > s.max(value_)) return Status::failed;
            PRUNE_TRY(s.set_min(value_, next));
        }
        for (;;) {
            const int v = s.max(value_);
            interval(s, v, sure, possible);
            if (meets_count(s, sure, possible)) break;
            std::int64_t previous = std::int64_t{v} - 1;
            if (possible == 0) {
                previous = INT64_MIN;
                for (IntVar x : vars_) previous = std::max(previous, s.previous_value(x, v) >= s.min(x) ? s.previous_value(x, v) : INT64_MIN);
            }
            if (previous < s.min(value_)) return Status::failed;
            PRUNE_TRY(s.set_max(value_, previous));
        }
        if (!s.fixed(value_)) return Status::ok;
    }
    if (s.fixed(value_)) {  // Among on {y}
        const int v = s.value(value_);
        interval(s, v, sure, possible);
        PRUNE_TRY(s.set_min(count_, sure));
        PRUNE_TRY(s.set_max(count_, possible));
        if (sure == possible) return s.fixed(count_) ? Status::entailed : Status::ok;
        const bool all_leave = s.max(count_) == sure, all_enter = s.min(count_) == possible;
        for (IntVar x : vars_) {
            if (s.fixed(x) || !s.contains(x, v)) continue;
            if (all_leave) PRUNE_TRY(s.remove(x, v));
            else if (all_enter) PRUNE_TRY(s.assign(x, v));
        }
        return Status::ok;
    }
    // y keeps the values whose interval meets D(count); count keeps the values some
    // kept interval covers.
    std::fill(covered_.begin(), covered_.end(), 0);
    for (std::int64_t v = s.min(value_); v <= s.max(value_); v = s.next_value(value_, v)) {
        interval(s, static_cast<int>(v), sure, possible);
        if (!meets_count(s, sure, possible)) {
            PRUNE_TRY(s.remove(value_, static_cast<int>(v)));
            continue;
        }
        for (std::int64_t c = sure; c <= possible; ++c) covered_[static_cast<std::size_t>(c)] = 1;
    }
    for (std::int64_t c = s.min(count_); c <= s.max(count_); c = s.next_value(count_, c)) {
        if (!covered_[static_cast<std::size_t>(c)]) PRUNE_TRY(s.remove(count_, static_cast<int>(c)));
    }
    return Status::ok;
}

// ---- Under learning: explanations by the intervals, on the domains before.

std::int64_t CountVariable::fixed_to(const Explanation& e, int v, int skipped) const {
    std::int64_t k = 0;
    for (IntVar x : vars_) k += x.index != skipped && e.was_fixed(x) && e.fixed_value(x) == v;
    return k;
}

std::int64_t CountVariable::lacking(const Explanation& e, int v, int skipped) const {
    std::int64_t k = 0;
    for (IntVar x : vars_) k += x.index != skipped && !e.had_value(x, v);
    return k;
}

void CountVariable::add_fixed_to(Explanation& e, int v, std::int64_t wanted, int skipped) const {
    for (std::size_t i = 0; i < vars_.size() && wanted > 0; ++i) {
        const IntVar x = vars_[i];
        if (x.index == skipped || !e.was_fixed(x) || e.fixed_value(x) != v) continue;
        e.add_fixed(x);
        --wanted;
    }
}

void CountVariable::add_lacking(Explanation& e, int v, std::int64_t wanted, int skipped) const {
    for (std::size_t i = 0; i < vars_.size() && wanted > 0; ++i) {
        const IntVar x = vars_[i];
        if (x.index == skipped || e.had_value(x, v)) continue;
        add_none_of(e, x, &v, &v + 1);
        --wanted;
    }
}

bool CountVariable::count_excluded(Explanation& e, int v, std::int64_t c, bool add) const {
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    if (fixed_to(e, v, -1) > c) {
        if (add) add_fixed_to(e, v, c + 1, -1);
        return true;
    }
    if (lacking(e, v, -1) > n - c) {
        if (add) add_lacking(e, v, n - c + 1, -1);
        return true;
    }
    return false;
}

bool CountVariable::value_excluded(Explanation& e, int v, bool add) const {
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    const std::int64_t sure = fixed_to(e, v, -1), possible = n - lacking(e, v, -1);
    for (std::int64_t c = std::max<std::int64_t>(sure, e.min_before(count_)); c <= std::min<std::int64_t>(possible, e.max_before(count_)); ++c) {
        if (e.had_value(count_, static_cast<int>(c))) return false;
    }
    if (!add) return true;
    add_fixed_to(e, v, sure, -1);
    add_lacking(e, v, n - possible, -1);
    // count took none of sure..possible: its bounds where they lie beyond, removals between
    const std::int64_t lo = std::max<std::int64_t>(sure, e.initial_min(count_)), hi = std::min<std::int64_t>(possible, e.initial_max(count_));
    if (lo > hi) return true;
    if (e.min_before(count_) > lo) e.add_lower_bound(count_, e.min_before(count_));
    if (e.max_before(count_) < hi) e.add_upper_bound(count_, e.max_before(count_));
    for (std::int64_t c = std::max<std::int64_t>(lo, e.min_before(count_)); c <= std::min<std::int64_t>(hi, e.max_before(count_)); ++c) {
        e.add_removed(count_, static_cast<int>(c));
    }
    return true;
}

// y fixed to v: among on {v}, with y's fixing.
bool CountVariable::explain_with_y_fixed(Explanation& e) const {
    if (!e.was_fixed(value_)) return false;
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    const int v = e.fixed_value(value_);
    const std::int64_t count_min = e.min_before(count_), count_max = e.max_before(count_);
    const Fact& f = e.inferred();
    bool done = false;
    if (e.explaining_failure()) {
        if (fixed_to(e, v, -1) > count_max) {
            add_fixed_to(e, v, count_max + 1, -1);
            e.add_upper_bound(count_, count_max);
            done = true;
        } else if (lacking(e, v, -1) > n - count_min) {
            add_lacking(e, v, n - count_min + 1, -1);
            e.add_lower_bound(count_, count_min);
            done = true;
        }
    } else if (f.var == count_.index && !f.is_equal() && count_excluded(e, v, f.value, false)) {
        count_excluded(e, v, f.value, true);
        done = true;
    } else if (std::any_of(vars_.begin(), vars_.end(), [&](IntVar x) { return x.index == f.var; })) {
        // x left v (count at its upper bound by the others fixed to v), or took v (at
        // its lower bound by the others lacking v): a fixing, or assign's removals.
        // (a fixing to another value than v follows from neither)
        const bool left = !f.is_equal() && f.value == v, took = f.is_equal() ? f.value == v : f.value != v;
        if (left && fixed_to(e, v, f.var) >= count_max) {
            add_fixed_to(e, v, count_max, f.var);
            e.add_upper_bound(count_, count_max);
            done = true;
        } else if (took && e.had_value(IntVar{f.var}, v) && lacking(e, v, f.var) >= n - count_min) {
            add_lacking(e, v, n - count_min, f.var);
            e.add_lower_bound(count_, count_min);
            done = true;
        }
    }
    if (done) e.add_fixed(value_);
    return done;
}

bool CountVariable::explain(Explanation& e) const {
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    const Fact& f = e.inferred();
    // Counts outside [0, n]: the constraint alone.
    if (!e.explaining_failure() && f.var == count_.index && !f.is_equal() && (f.value < 0 || f.value > n)) return true;
    if (explain_with_y_fixed(e)) return true;
    const IntVar y = value_;
    const int lo = e.min_before(y), hi = e.max_before(y);
    if (!e.explaining_failure() && f.var == y.index && !f.is_equal()) {
        return value_excluded(e, f.value, false) && value_excluded(e, f.value, true);
    }
    // Count losing c, or a failure: every value of y excluded, each by y's lack of it
    // or by its interval (the failure: missing count's domain; a removal c: missing c).
    const bool on_count = !e.explaining_failure() && f.var == count_.index && !f.is_equal();
    if (!e.explaining_failure() && !on_count) return false;
    for (const bool add : {false, true}) {
        if (add) {
            e.add_lower_bound(y, lo);
            e.add_upper_bound(y, hi);
        }
        for (int v = lo; v <= hi; ++v) {
            if (!e.had_value(y, v)) {
                if (add) e.add_removed(y, v);
                continue;
            }
            const bool excluded = on_count ? count_excluded(e, v, f.value, add) : value_excluded(e, v, add);
            if (!excluded) return false;
        }
    }
    return true;
}

// ---------------------------------------------------------------- post functions

bool count_among(Solver& s, const std::vector<IntVar>& vars, const std::vector<int>& values, IntVar count) {
    if (!check_vars(s, "count_among", vars) || !check_vars(s, "count_among", {count})) return false;
    std::vector<int> set = values;
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    return post<Among>(s, vars, std::move(set), count, s);
}

bool count_equal(Solver& s, const std::vector<IntVar>& vars, IntVar value, IntVar count) {
    if (!check_vars(s, "count_equal", vars) || !check_vars(s, "count_equal", {value, count})) return false;
    if (s.fixed(value)) return post<Among>(s, vars, std::vector<int>{s.value(value)}, count, s);
    return post<CountVariable>(s, vars, value, count);
}

}  // namespace prune
