#include "lex.hpp"

#include <algorithm>
#include <string>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
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

// ---- Under learning: explanations by the bounds before the inference.

bool LexLessEqual::prefix_forced(const Explanation& e, std::size_t k) const {
    for (std::size_t i = 0; i < k; ++i) {
        if (e.min_before(x_[i]) < e.max_before(y_[i])) return false;
    }
    return true;
}

std::size_t LexLessEqual::tie_end(const Explanation& e, std::size_t k) const {
    while (k < x_.size() && e.min_before(x_[k]) == e.max_before(y_[k])) ++k;
    return k;
}

void LexLessEqual::add_bounds(Explanation& e, std::size_t from, std::size_t to) const {
    for (std::size_t i = from; i < to; ++i) {
        e.add_lower_bound(x_[i], e.min_before(x_[i]));
        e.add_upper_bound(y_[i], e.max_before(y_[i]));
    }
}

// Whether x[k+1..] <=lex y[k+1..] fails with x at its minima and y at its maxima.
bool LexLessEqual::rest_fails(const Explanation& e, std::size_t k) const {
    const std::size_t end = tie_end(e, k + 1);
    return end == x_.size() ? !equal_ok_ : e.min_before(x_[end]) > e.max_before(y_[end]);
}

std::int64_t LexLessEqual::x_limit(const Explanation& e, std::size_t k, bool& rest_used) const {
    rest_used = rest_fails(e, k);
    return std::int64_t{e.max_before(y_[k])} - (rest_used ? 1 : 0);
}

std::int64_t LexLessEqual::y_limit(const Explanation& e, std::size_t k, bool& rest_used) const {
    rest_used = rest_fails(e, k);
    return std::int64_t{e.min_before(x_[k])} + (rest_used ? 1 : 0);
}

// A failure: the prefix forced equal up to a position where min x > max y, or to the
// end when equality is not allowed. A removal of v from x_k: the prefix forced, and v
// above what y_k's upper bound (and, at it, the rest) allows; from y_k likewise below.
// A fixing the same from both sides. Every condition is checked on the bounds before,
// so x and y sharing variables are explained too.
bool LexLessEqual::explain(Explanation& e) const {
    const std::size_t m = x_.size();
    if (e.explaining_failure()) {
        const std::size_t end = tie_end(e, 0);
        if (end == m ? equal_ok_ : e.min_before(x_[end]) < e.max_before(y_[end])) return false;
        add_bounds(e, 0, std::min(end + 1, m));
        return true;
    }
    const Fact& f = e.inferred();
    for (std::size_t k = 0; k < m; ++k) {
        const bool on_x = x_[k].index == f.var, on_y = y_[k].index == f.var;
        if (!on_x && !on_y) continue;
        if (!prefix_forced(e, k)) break;  // (a later position of the same variable has the same prefix and more)
        for (const bool side_x : {true, false}) {
            if (side_x ? !on_x : !on_y) continue;
            bool rest_used = false;
            const std::int64_t limit = side_x ? x_limit(e, k, rest_used) : y_limit(e, k, rest_used);
            const std::int64_t v = f.value;
            // [x_k != v] needs v beyond the limit; [x_k == v] needs the limit at v and
            // x_k's own bound there.
            bool follows = side_x ? v > limit : v < limit;
            if (f.is_equal()) follows = v == limit && (side_x ? e.min_before(x_[k]) == v : e.max_before(y_[k]) == v);
            if (!follows) continue;
            // Was the rest needed? Not when v is beyond the limit without it.
            const bool needs_rest = rest_used && (f.is_equal() || v == (side_x ? limit + 1 : limit - 1));
            add_bounds(e, 0, k);
            if (side_x) e.add_upper_bound(y_[k], e.max_before(y_[k]));
            else e.add_lower_bound(x_[k], e.min_before(x_[k]));
            if (f.is_equal()) {
                if (side_x) e.add_lower_bound(x_[k], v);
                else e.add_upper_bound(y_[k], v);
            }
            if (needs_rest) {
                const std::size_t end = tie_end(e, k + 1);
                add_bounds(e, k + 1, std::min(end + 1, m));
            }
            return true;
        }
    }
    return false;
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
