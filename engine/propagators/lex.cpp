#include "lex.hpp"

#include <algorithm>
#include <string>

#include "../constraints.hpp"
#include "../posting.hpp"

namespace prune {

LexLessEqual::LexLessEqual(std::vector<IntVar> x, std::vector<IntVar> y, bool equal_ok, bool shared_variables)
    : Propagator(PropagatorCost::linear, !shared_variables), x_(std::move(x)), y_(std::move(y)), equal_ok_(equal_ok) {}

void LexLessEqual::attach(Solver& s) {
    for (IntVar v : x_) s.subscribe(this, v, Condition::bounds);
    for (IntVar v : y_) s.subscribe(this, v, Condition::bounds);
}

bool LexLessEqual::rest_can_hold(const Solver& s, std::size_t i) const {
    for (; i < x_.size(); ++i) {
        if (s.min(x_[i]) != s.max(y_[i])) return s.min(x_[i]) < s.max(y_[i]);
    }
    return equal_ok_;
}

Status LexLessEqual::propagate(Solver& s) {
    const std::size_t m = x_.size();
    std::size_t alpha = static_cast<std::size_t>(alpha_.get());
    while (alpha < m && s.fixed(x_[alpha]) && s.fixed(y_[alpha]) && s.value(x_[alpha]) == s.value(y_[alpha])) ++alpha;
    if (alpha != static_cast<std::size_t>(alpha_.get())) alpha_.set(s.trail(), static_cast<std::int64_t>(alpha));
    std::size_t gamma = alpha;
    while (gamma < m && s.min(x_[gamma]) == s.max(y_[gamma])) ++gamma;
    if (gamma == m && !equal_ok_) return Status::failed;
    if (gamma < m && s.min(x_[gamma]) > s.max(y_[gamma])) return Status::failed;
    // alpha..gamma-1: min x = max y, so x_i = y_i = that value.
    for (std::size_t i = alpha; i < gamma; ++i) {
        const int v = s.min(x_[i]);
        PRUNE_TRY(s.assign(x_[i], v));
        PRUNE_TRY(s.assign(y_[i], v));
    }
    if (gamma == m) return Status::entailed;
    const bool rest = rest_can_hold(s, gamma + 1);
    PRUNE_TRY(s.set_max(x_[gamma], std::int64_t{s.max(y_[gamma])} - (rest ? 0 : 1)));
    PRUNE_TRY(s.set_min(y_[gamma], std::int64_t{s.min(x_[gamma])} + (rest ? 0 : 1)));
    if (s.max(x_[gamma]) < s.min(y_[gamma])) return Status::entailed;
    return Status::ok;
}

// ---------------------------------------------------------------- post functions

namespace {

bool post_lex(Solver& s, const char* who, const std::vector<IntVar>& x, const std::vector<IntVar>& y, bool strict) {
    if (!check_vars(s, who, x) || !check_vars(s, who, y)) return false;
    const std::size_t m = std::min(x.size(), y.size());
    const bool equal_ok = strict ? x.size() < y.size() : x.size() <= y.size();
    if (m == 0) {
        if (!equal_ok) s.fail();
        return equal_ok;
    }
    std::vector<IntVar> xs(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(m));
    std::vector<IntVar> ys(y.begin(), y.begin() + static_cast<std::ptrdiff_t>(m));
    std::vector<int> seen;
    for (IntVar v : xs) seen.push_back(v.index);
    for (IntVar v : ys) seen.push_back(v.index);
    std::sort(seen.begin(), seen.end());
    const bool shared = std::adjacent_find(seen.begin(), seen.end()) != seen.end();
    return post<LexLessEqual>(s, std::move(xs), std::move(ys), equal_ok, shared);
}

}  // namespace

bool lex_less_equal(Solver& s, const std::vector<IntVar>& x, const std::vector<IntVar>& y) {
    return post_lex(s, "lex_less_equal", x, y, false);
}

bool lex_less(Solver& s, const std::vector<IntVar>& x, const std::vector<IntVar>& y) { return post_lex(s, "lex_less", x, y, true); }

}  // namespace prune
