#include "boolean.hpp"

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
    advise_me();
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
    advise_me();
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
