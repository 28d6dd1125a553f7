#include "member.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "../constraints_reified.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"

namespace prune {

// ---------------------------------------------------------------- ReifiedMember

ReifiedMember::ReifiedMember(IntVar x, IntRanges set, BoolVar b, Reification mode)
    : Propagator(set.size() <= 2 ? PropagatorCost::constant : PropagatorCost::linear),
      x_(x), set_(std::move(set)), b_(b), mode_(mode) {
    if (set_.size() == 1 && set_[0].first == set_[0].second) {
        watch_one_value_ = true;
        watched_value_ = set_[0].first;
    } else if (set_.size() == 2 && set_[0].first == INT32_MIN && set_[1].second == INT32_MAX &&
               std::int64_t{set_[0].second} + 2 == set_[1].first) {
        watch_one_value_ = true;
        watched_value_ = set_[0].second + 1;
    }
    if (watch_one_value_) advise_me(Advice::filter);
    parts_.reserve(set_.size() + 1);
}

void ReifiedMember::attach(Solver& s) {
    // Holes matter even for an interval S: removing the last value of S inside
    // dom(x) makes them disjoint without moving a bound.
    s.subscribe(this, x_, Condition::domain, 0);
    s.subscribe(this, b_, Condition::fixed, 1);
}

bool ReifiedMember::advise(Solver& s, int tag, Event) {
    if (tag == 1 || s.fixed(x_) || !s.contains(x_, watched_value_)) return true;
    // With b fixed the propagator is entailed at once on a bitset domain (and then
    // not advised); a bounds-only domain must retry removing c as bounds move.
    return !s.is_bitset(x_) && s.fixed(b_);
}

bool ReifiedMember::intersects(const Solver& s) const {
    for (const auto& [lo, hi] : set_) {
        if (hi < s.min(x_)) continue;
        if (lo > s.max(x_)) return false;
        if (s.next_value(x_, std::int64_t{lo} - 1) <= hi) return true;
    }
    return false;
}

bool ReifiedMember::inside(const Solver& s) const {
    if (set_.empty() || s.min(x_) < set_.front().first || s.max(x_) > set_.back().second) return false;
    for (std::size_t k = 0; k + 1 < set_.size(); ++k) {
        const std::int64_t gap_lo = std::int64_t{set_[k].second} + 1;
        const std::int64_t gap_hi = std::int64_t{set_[k + 1].first} - 1;
        if (gap_hi < s.min(x_)) continue;
        if (gap_lo > s.max(x_)) break;
        if (s.next_value(x_, gap_lo - 1) <= gap_hi) return false;
    }
    return true;
}

Status ReifiedMember::propagate(Solver& s) {
    if (s.fixed(b_)) {
        if (s.value(b_) == 1) {
            if (set_.empty()) return Status::failed;
            PRUNE_TRY(s.set_min(x_, set_.front().first));
            PRUNE_TRY(s.set_max(x_, set_.back().second));
            for (std::size_t k = 0; k + 1 < set_.size(); ++k) {
                const std::int64_t gap_lo = std::int64_t{set_[k].second} + 1;
                const std::int64_t gap_hi = std::int64_t{set_[k + 1].first} - 1;
                if (gap_hi < s.min(x_)) continue;
                if (gap_lo > s.max(x_)) break;
                PRUNE_TRY(s.remove_range(x_, gap_lo, gap_hi));
            }
            return inside(s) ? Status::entailed : Status::ok;
        }
        if (mode_ == Reification::implication) return Status::entailed;
        for (const auto& [lo, hi] : set_) {
            if (hi < s.min(x_)) continue;
            if (lo > s.max(x_)) break;
            PRUNE_TRY(s.remove_range(x_, lo, hi));
        }
        return intersects(s) ? Status::ok : Status::entailed;
    }
    if (inside(s)) {
        if (mode_ == Reification::equivalence) PRUNE_TRY(s.assign(b_, 1));
        return Status::entailed;
    }
    if (!intersects(s)) return is_failure(s.assign(b_, 0)) ? Status::failed : Status::entailed;
    return Status::ok;
}

// ---------------------------------------------------------------- explanations

bool ReifiedMember::in_set(std::int64_t v) const {
    return std::any_of(set_.begin(), set_.end(), [v](const auto& r) { return r.first <= v && v <= r.second; });
}

bool ReifiedMember::add_none(Explanation& e, bool in) const {
    const std::int64_t first = e.initial_min(x_), last = e.initial_max(x_);
    const std::int64_t lo = e.min_before(x_), hi = e.max_before(x_);
    // The intervals of x's initial range inside S (in) or outside it, in order.
    std::vector<std::pair<std::int64_t, std::int64_t>>& parts = parts_;
    parts.clear();
    std::int64_t next = first;  // the first value not yet classified
    for (const auto& [a, b] : set_) {
        if (!in && a > next) parts.emplace_back(next, std::min<std::int64_t>(a - 1, last));
        if (in) parts.emplace_back(std::max<std::int64_t>(a, first), std::min<std::int64_t>(b, last));
        next = std::max<std::int64_t>(next, std::int64_t{b} + 1);
    }
    if (!in) parts.emplace_back(next, last);
    bool below = false, above = false;
    for (const auto& [a, b] : parts) {
        if (a > b) continue;
        below |= a < lo;
        above |= b > hi;
        for (std::int64_t v = std::max(a, lo); v <= std::min(b, hi); ++v) {
            if (e.had_value(x_, static_cast<int>(v))) return false;
        }
    }
    if (below) e.add_lower_bound(x_, lo);
    if (above) e.add_upper_bound(x_, hi);
    for (const auto& [a, b] : parts) {
        for (std::int64_t v = std::max(a, lo); v <= std::min(b, hi); ++v) e.add_removed(x_, static_cast<int>(v));
    }
    return true;
}

bool ReifiedMember::explain(Explanation& e) const {
    if (x_.index == b_.index) return false;  // (b <-> x in S on b itself: the fallback)
    if (e.explaining_failure()) {
        // b = 1 with no value of x in S; b = 0 (equivalence) with none outside.
        if (!e.was_fixed(b_)) return false;
        const bool b_true = e.fixed_value(b_) == 1;
        if (!b_true && mode_ != Reification::equivalence) return false;
        if (!add_none(e, b_true)) return false;
        e.add_fixed(b_);
        return true;
    }
    const Fact& f = e.inferred();
    if (f.is_bound()) return false;
    if (f.var == x_.index) {
        // b's value removed the values of x on the wrong side of S.
        if (f.is_equal() || !e.was_fixed(b_)) return false;
        const bool b_true = e.fixed_value(b_) == 1;
        if (b_true == in_set(f.value) || (!b_true && mode_ != Reification::equivalence)) return false;
        e.add_fixed(b_);
        return true;
    }
    if (f.var != b_.index || (f.value != 0 && f.value != 1)) return false;
    // b = 1: x had no value outside S; b = 0: none inside.
    const bool b_true = f.is_equal() ? f.value == 1 : f.value == 0;
    if (b_true && mode_ != Reification::equivalence) return false;  // (b -> x in S never sets b)
    return add_none(e, !b_true);
}

// ---------------------------------------------------------------- post functions

IntRanges normalize_ranges(std::vector<std::pair<int, int>> ranges) {
    ranges.erase(std::remove_if(ranges.begin(), ranges.end(), [](const auto& r) { return r.first > r.second; }),
                 ranges.end());
    std::sort(ranges.begin(), ranges.end());
    IntRanges out;
    for (const auto& r : ranges) {
        if (!out.empty() && std::int64_t{r.first} <= std::int64_t{out.back().second} + 1) {
            out.back().second = std::max(out.back().second, r.second);
        } else {
            out.push_back(r);
        }
    }
    return out;
}

bool member_reified(Solver& s, IntVar x, const IntRanges& set, BoolVar b, Reification mode) {
    return check_vars(s, "member_reified", {x}) && check_indicator(s, "member_reified", b) &&
           post<ReifiedMember>(s, x, normalize_ranges(set), b, mode);
}

bool member(Solver& s, IntVar x, const IntRanges& set) {
    if (!check_vars(s, "member", {x})) return false;
    const BoolVar yes = s.new_int_var(1, 1);
    return post<ReifiedMember>(s, x, normalize_ranges(set), yes, Reification::implication);
}

}  // namespace prune
