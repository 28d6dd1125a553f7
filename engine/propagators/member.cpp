#include "member.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "../constraints_reified.hpp"
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
