#include "boolean.hpp"

#include "../learning/explanation.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "../constraints_boolean.hpp"
#include "../posting.hpp"

namespace prune {

// ---------------------------------------------------------------- BoolOr

BoolOr::BoolOr(std::vector<BoolLiteral> literals, bool has_result, BoolLiteral result)
    : Propagator(PropagatorCost::linear), literals_(std::move(literals)), has_result_(has_result), result_(result) {
    declare_exact_with_one_open();  // the last open literal is forced when it must be
    watch_[0] = TrailedInt(0);
    watch_[1] = TrailedInt(literals_.size() > 1 ? 1 : 0);
    advise_me(Advice::filter);
}

void BoolOr::attach(Solver& s) {
    for (std::size_t i = 0; i < literals_.size(); ++i) s.subscribe(this, literals_[i].var, Condition::fixed, static_cast<int>(i));
    if (has_result_) s.subscribe(this, result_.var, Condition::fixed, static_cast<int>(literals_.size()));
}

bool BoolOr::advise(Solver& s, int tag, Event) {
    if (tag == static_cast<int>(literals_.size())) return true;  // the result
    if (truth(s, literals_[tag]) == 1) return true;               // decides the result
    return tag == watch_[0].get() || tag == watch_[1].get();
}

Status BoolOr::propagate(Solver& s) {
    int open[2] = {-1, -1};
    int opens = 0;
    for (std::size_t i = 0; i < literals_.size(); ++i) {
        const int t = truth(s, literals_[i]);
        if (t == 1) {
            if (has_result_) PRUNE_TRY(make(s, result_, true));
            return Status::entailed;
        }
        if (t < 0) {
            if (opens < 2) open[opens] = static_cast<int>(i);
            ++opens;
        }
    }
    if (opens == 0) {
        if (!has_result_) return Status::failed;
        return is_failure(make(s, result_, false)) ? Status::failed : Status::entailed;
    }
    const int r = has_result_ ? truth(s, result_) : 1;
    if (r == 0) {
        for (const BoolLiteral& l : literals_) {
            PRUNE_TRY(make(s, l, false));
        }
        return Status::entailed;
    }
    if (r == 1 && opens == 1) return is_failure(make(s, literals_[open[0]], true)) ? Status::failed : Status::entailed;
    // Two open literals (or one, with the result open): watch them.
    watch_[0].set(s.trail(), open[0]);
    watch_[1].set(s.trail(), opens >= 2 ? open[1] : open[0]);
    return Status::ok;
}

// ---------------------------------------------------------------- Parity

Parity::Parity(std::vector<BoolVar> xs, bool odd) : Propagator(PropagatorCost::linear), xs_(std::move(xs)), odd_(odd) {
    watch_[0] = TrailedInt(0);
    watch_[1] = TrailedInt(xs_.size() > 1 ? 1 : 0);
    advise_me(Advice::filter);
}

void Parity::attach(Solver& s) {
    for (std::size_t i = 0; i < xs_.size(); ++i) s.subscribe(this, xs_[i], Condition::fixed, static_cast<int>(i));
}

bool Parity::advise(Solver&, int tag, Event) { return tag == watch_[0].get() || tag == watch_[1].get(); }

Status Parity::propagate(Solver& s) {
    int open[2] = {-1, -1};
    int opens = 0;
    bool odd = false;
    for (std::size_t i = 0; i < xs_.size(); ++i) {
        if (s.fixed(xs_[i])) {
            odd ^= s.value(xs_[i]) == 1;
        } else {
            if (opens < 2) open[opens] = static_cast<int>(i);
            ++opens;
        }
    }
    if (opens == 0) return odd == odd_ ? Status::entailed : Status::failed;
    if (opens == 1) return is_failure(s.assign(xs_[open[0]], odd == odd_ ? 0 : 1)) ? Status::failed : Status::entailed;
    watch_[0].set(s.trail(), open[0]);
    watch_[1].set(s.trail(), open[1]);
    return Status::ok;
}

// ---------------------------------------------------------------- BoolSum

BoolSum::BoolSum(std::vector<BoolVar> xs, Relation relation, IntVar c)
    : Propagator(PropagatorCost::constant, false), xs_(std::move(xs)), relation_(relation), c_(c) {
    advise_me();
}

void BoolSum::attach(Solver& s) {
    std::int64_t ones = 0, zeros = 0;
    for (std::size_t i = 0; i < xs_.size(); ++i) {
        s.subscribe(this, xs_[i], Condition::fixed, static_cast<int>(i));
        if (s.fixed(xs_[i])) ++(s.value(xs_[i]) == 1 ? ones : zeros);
    }
    s.subscribe(this, c_, Condition::bounds, -1);
    ones_ = TrailedInt(ones);
    zeros_ = TrailedInt(zeros);
}

bool BoolSum::advise(Solver& s, int tag, Event) {
    if (tag < 0) return true;  // c moved
    if (s.value(xs_[tag]) == 1) ones_.set(s.trail(), ones_.get() + 1);
    else zeros_.set(s.trail(), zeros_.get() + 1);
    return true;
}

Status BoolSum::fix_open(Solver& s, int value) {
    for (BoolVar x : xs_) {
        if (!s.fixed(x)) PRUNE_TRY(s.assign(x, value));
    }
    return Status::entailed;
}

Status BoolSum::propagate(Solver& s) {
    const std::int64_t lo = ones_.get();
    const std::int64_t hi = static_cast<std::int64_t>(xs_.size()) - zeros_.get();
    switch (relation_) {
        case Relation::equal:
            PRUNE_TRY(s.set_min(c_, lo));
            PRUNE_TRY(s.set_max(c_, hi));
            if (lo == hi) return Status::entailed;
            if (s.max(c_) == lo) return fix_open(s, 0);
            if (s.min(c_) == hi) return fix_open(s, 1);
            return Status::ok;
        case Relation::less_equal:  // sum <= c
            PRUNE_TRY(s.set_min(c_, lo));
            if (hi <= s.min(c_)) return Status::entailed;
            if (s.max(c_) == lo) return fix_open(s, 0);
            return Status::ok;
        case Relation::greater_equal:  // sum >= c
            PRUNE_TRY(s.set_max(c_, hi));
            if (lo >= s.max(c_)) return Status::entailed;
            if (s.min(c_) == hi) return fix_open(s, 1);
            return Status::ok;
        case Relation::not_equal: break;
    }
    return Status::ok;
}

// ---------------------------------------------------------------- explanations

namespace {
// 1 true, 0 false, -1 open, before the inference; `after` also counts the inferred
// fact ([x != v] on a 0/1 variable fixes it to 1 - v).
int truth_before(const Explanation& e, const BoolLiteral& l) {
    if (!e.was_fixed(l.var)) return -1;
    return (e.fixed_value(l.var) == 1) == l.positive ? 1 : 0;
}
int truth_after(const Explanation& e, const BoolLiteral& l) {
    const Fact& f = e.inferred();
    if (!e.explaining_failure() && f.var == l.var.index && !f.is_equal()) return ((1 - f.value) == 1) == l.positive ? 1 : 0;
    return truth_before(e, l);
}
}  // namespace

#if !defined(PRUNE_MINIMAL) && !defined(PRUNE_NO_LEARNING)
bool BoolOr::add_implied_nogoods(const Solver& s, ImpliedNogoods& out) const {
    if (has_result_ && truth(s, result_) != 1) return false;
    std::vector<Fact> facts;  // (once, at the root)
    facts.reserve(literals_.size());
    for (const BoolLiteral& l : literals_) facts.push_back(Fact{l.var.index, l.positive ? 1 : 0, FactKind::not_equal});
    // Each fact once (the store watches two distinct facts); a literal beside its
    // negation makes the clause always true, with nothing to keep.
    std::sort(facts.begin(), facts.end(), [](const Fact& a, const Fact& b) { return a.var != b.var ? a.var < b.var : a.value < b.value; });
    facts.erase(std::unique(facts.begin(), facts.end(), [](const Fact& a, const Fact& b) { return a.var == b.var && a.value == b.value; }), facts.end());
    for (std::size_t i = 1; i < facts.size(); ++i) {
        if (facts[i].var == facts[i - 1].var) return true;
    }
    out.add(facts);
    return true;
}
#endif

bool BoolOr::explain(Explanation& e) const {
    const int u = e.explaining_failure() ? -1 : e.inferred().var;
    if (u >= 0 && (e.inferred().is_equal() || (e.inferred().value != 0 && e.inferred().value != 1))) return false;
    // Every literal (off u) false before: adds them; false when one is not.
    auto all_false = [&]() {
        for (const BoolLiteral& l : literals_) {
            if (l.var.index != u && truth_before(e, l) != 0) return false;
        }
        for (const BoolLiteral& l : literals_) {
            if (l.var.index != u) e.add_fixed(l.var);
        }
        return true;
    };
    if (!has_result_) {
        // A literal made true, or a failure: all the others were false.
        if (u >= 0) {
            const bool made_true = std::any_of(literals_.begin(), literals_.end(),
                                               [&](const BoolLiteral& l) { return l.var.index == u && truth_after(e, l) == 1; });
            if (!made_true) return false;
        }
        return all_false();
    }
    const int r_after = u == result_.var.index ? truth_after(e, result_) : truth_before(e, result_);
    if (u == result_.var.index) {
        if (r_after == 1) {  // r made true: a literal was
            for (const BoolLiteral& l : literals_) {
                if (l.var.index != u && truth_before(e, l) == 1) {
                    e.add_fixed(l.var);
                    return true;
                }
            }
            return false;
        }
        return all_false();  // r made false
    }
    if (u >= 0) {
        for (const BoolLiteral& l : literals_) {
            if (l.var.index != u) continue;
            if (truth_after(e, l) == 0 && r_after == 0) {  // r false: every literal is
                e.add_fixed(result_.var);
                return true;
            }
            if (truth_after(e, l) == 1 && r_after == 1 && all_false()) {  // r true, the rest false
                e.add_fixed(result_.var);
                return true;
            }
        }
        return false;
    }
    if (r_after == 0) {  // r false, a literal true
        for (const BoolLiteral& l : literals_) {
            if (truth_before(e, l) == 1) {
                e.add_fixed(l.var);
                e.add_fixed(result_.var);
                return true;
            }
        }
        return false;
    }
    if (r_after != 1 || !all_false()) return false;
    e.add_fixed(result_.var);
    return true;
}

bool Parity::explain(Explanation& e) const {
    const int u = e.explaining_failure() ? -1 : e.inferred().var;
    for (BoolVar x : xs_) {
        if (x.index != u && !e.was_fixed(x)) return false;
    }
    for (BoolVar x : xs_) {
        if (x.index != u) e.add_fixed(x);
    }
    return true;
}

bool BoolSum::explain(Explanation& e) const {
    const bool at_most = relation_ == Relation::equal || relation_ == Relation::less_equal;
    const bool at_least = relation_ == Relation::equal || relation_ == Relation::greater_equal;
    const int u = e.explaining_failure() ? -1 : e.inferred().var;
    if (u >= 0 && e.inferred().is_equal()) return false;
    std::int64_t ones = 0, zeros = 0, here = 0;
    for (BoolVar x : xs_) {
        if (x.index == c_.index) return false;
        if (x.index == u) ++here;
        else if (e.was_fixed(x)) ++(e.fixed_value(x) == 1 ? ones : zeros);
    }
    const std::int64_t n = static_cast<std::int64_t>(xs_.size());
    // Adds the first `count` variables (off u) fixed to `value`.
    auto add_fixed_to = [&](int value, std::int64_t count) {
        for (BoolVar x : xs_) {
            if (count <= 0) break;
            if (x.index != u && e.was_fixed(x) && e.fixed_value(x) == value) {
                e.add_fixed(x);
                --count;
            }
        }
    };
    if (u == c_.index) {
        const std::int64_t v = e.inferred().value;
        if (at_most && v < ones) {  // v + 1 ones exceed v
            add_fixed_to(1, v + 1);
            return true;
        }
        if (at_least && v > n - zeros) {  // n - v + 1 zeros keep the sum below v
            add_fixed_to(0, n - v + 1);
            return true;
        }
        return false;
    }
    if (u >= 0) {
        if (here == 0 || (e.inferred().value != 0 && e.inferred().value != 1)) return false;
        if (e.inferred().value == 1) {  // x = 0: the ones met c's maximum
            if (!at_most || e.max_before(c_) > ones) return false;
            add_fixed_to(1, ones);
            e.add_upper_bound(c_, ones);
        } else {  // x = 1: the zeros met c's minimum
            const std::int64_t high = n - zeros - here;
            if (!at_least || e.min_before(c_) <= high) return false;
            add_fixed_to(0, zeros);
            e.add_lower_bound(c_, high + 1);
        }
        return true;
    }
    if (at_most && ones > e.max_before(c_)) {
        add_fixed_to(1, ones);
        e.add_upper_bound(c_, ones - 1);
        return true;
    }
    if (at_least && n - zeros < e.min_before(c_)) {
        add_fixed_to(0, zeros);
        e.add_lower_bound(c_, n - zeros + 1);
        return true;
    }
    return false;
}

// ---------------------------------------------------------------- post functions

namespace {

// Removes repeated literals; true when a variable occurs with both signs.
bool simplify(std::vector<BoolLiteral>& literals) {
    std::vector<BoolLiteral> out;
    out.reserve(literals.size());
    for (const BoolLiteral& l : literals) {
        bool seen = false;
        for (const BoolLiteral& o : out) {
            if (o.var == l.var) {
                if (o.positive != l.positive) return true;
                seen = true;
                break;
            }
        }
        if (!seen) out.push_back(l);
    }
    literals.swap(out);
    return false;
}

bool fix(Solver& s, BoolLiteral l, bool value) {
    if (is_failure(s.assign(l.var, value == l.positive ? 1 : 0))) s.fail();
    return !s.root_failed();
}

}  // namespace

bool clause(Solver& s, const std::vector<BoolVar>& positives, const std::vector<BoolVar>& negatives) {
    if (!check_bool_vars(s, "clause", positives) || !check_bool_vars(s, "clause", negatives)) return false;
    std::vector<BoolLiteral> literals;
    literals.reserve(positives.size() + negatives.size());
    for (BoolVar x : positives) literals.push_back({x, true});
    for (BoolVar x : negatives) literals.push_back({x, false});
    if (simplify(literals)) return !s.root_failed();  // x or not x: always true
    if (literals.empty()) {
        s.fail();
        return false;
    }
    if (literals.size() == 1) return fix(s, literals[0], true);
    return post<BoolOr>(s, std::move(literals), false, BoolLiteral{});
}

bool or_reified(Solver& s, const std::vector<BoolLiteral>& literals, BoolLiteral result) {
    std::vector<BoolVar> vars{result.var};
    for (const BoolLiteral& l : literals) vars.push_back(l.var);
    if (!check_bool_vars(s, "or_reified", vars)) return false;
    std::vector<BoolLiteral> lits = literals;
    if (simplify(lits)) return fix(s, result, true);
    if (lits.empty()) return fix(s, result, false);
    return post<BoolOr>(s, std::move(lits), true, result);
}

bool clause_reified(Solver& s, const std::vector<BoolVar>& positives, const std::vector<BoolVar>& negatives, BoolVar r) {
    std::vector<BoolLiteral> literals;
    for (BoolVar x : positives) literals.push_back({x, true});
    for (BoolVar x : negatives) literals.push_back({x, false});
    return or_reified(s, literals, BoolLiteral{r, true});
}

bool and_reified(Solver& s, const std::vector<BoolVar>& xs, BoolVar r) {
    std::vector<BoolLiteral> literals;
    for (BoolVar x : xs) literals.push_back({x, false});
    return or_reified(s, literals, BoolLiteral{r, false});
}

bool or_reified(Solver& s, const std::vector<BoolVar>& xs, BoolVar r) {
    std::vector<BoolLiteral> literals;
    for (BoolVar x : xs) literals.push_back({x, true});
    return or_reified(s, literals, BoolLiteral{r, true});
}

bool parity(Solver& s, const std::vector<BoolVar>& xs, bool odd) {
    if (!check_bool_vars(s, "parity", xs)) return false;
    // x xor x = 0: repeated variables cancel in pairs.
    std::vector<BoolVar> kept;
    for (BoolVar x : xs) {
        auto it = std::find(kept.begin(), kept.end(), x);
        if (it != kept.end()) kept.erase(it);
        else kept.push_back(x);
    }
    if (kept.empty()) {
        if (odd) s.fail();
        return !s.root_failed();
    }
    if (kept.size() == 1) return fix(s, BoolLiteral{kept[0], true}, odd);
    return post<Parity>(s, std::move(kept), odd);
}

bool bool_sum(Solver& s, const std::vector<BoolVar>& xs, Relation relation, IntVar c) {
    if (!check_bool_vars(s, "bool_sum", xs)) return false;
    if (!check_vars(s, "bool_sum", {c})) return false;
    if (relation == Relation::not_equal) {
        s.set_error("bool_sum: != is not supported (post a linear)");
        return false;
    }
    return post<BoolSum>(s, xs, relation, c);
}

bool bool_xor(Solver& s, BoolVar a, BoolVar b, BoolVar r) { return parity(s, {a, b, r}, false); }
bool bool_eq_reified(Solver& s, BoolVar a, BoolVar b, BoolVar r) { return parity(s, {a, b, r}, true); }
bool bool_not(Solver& s, BoolVar a, BoolVar b) { return parity(s, {a, b}, true); }

}  // namespace prune
