#include "reified_linear.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "../constraints_reified.hpp"
#include "../posting.hpp"

namespace prune {

// ---------------------------------------------------------------- ReifiedLinear

ReifiedLinear::ReifiedLinear(std::vector<LinearTerm> terms, Kind kind, std::int64_t rhs, BoolVar b, Reification mode)
    : Propagator(PropagatorCost::linear), terms_(std::move(terms)), kind_(kind), rhs_(rhs), b_(b), mode_(mode) {}

const char* ReifiedLinear::kind() const {
    const bool eq = mode_ == Reification::equivalence;
    switch (kind_) {
        case Kind::less_equal: return eq ? "linear<=<=>b" : "b=>linear<=";
        case Kind::equal: return eq ? "linear=<=>b" : "b=>linear=";
        case Kind::not_equal: return eq ? "linear!=<=>b" : "b=>linear!=";
    }
    return "linear-reified";
}

void ReifiedLinear::attach(Solver& s) {
    for (const LinearTerm& t : terms_) s.subscribe(this, t.var, Condition::bounds);
    s.subscribe(this, b_, Condition::fixed);
}

Status ReifiedLinear::propagate(Solver& s) {
    std::int64_t lo = 0;
    std::int64_t hi = 0;
    for (const LinearTerm& t : terms_) {
        lo += min_term(s, t.coefficient, t.var);
        hi += max_term(s, t.coefficient, t.var);
    }
    int truth = -1;  // 1: holds in the whole box, 0: fails in the whole box
    switch (kind_) {
        case Kind::less_equal: truth = hi <= rhs_ ? 1 : (lo > rhs_ ? 0 : -1); break;
        case Kind::equal: truth = (lo > rhs_ || hi < rhs_) ? 0 : (lo == hi ? 1 : -1); break;
        case Kind::not_equal: truth = (lo > rhs_ || hi < rhs_) ? 1 : (lo == hi ? 0 : -1); break;
    }
    if (truth == 1) {
        if (mode_ == Reification::equivalence) PRUNE_TRY(s.assign(b_, 1));
        return Status::entailed;
    }
    if (truth == 0) {
        PRUNE_TRY(s.assign(b_, 0));
        return Status::entailed;
    }
    if (!s.fixed(b_)) return Status::ok;
    // b fixed: the linear or its negation, as the plain propagators enforce it.
    if (s.value(b_) == 1) {
        switch (kind_) {
            case Kind::less_equal: return propagate_linear_less_equal(s, terms_, 1, rhs_);
            case Kind::equal: return propagate_linear_equal(s, terms_, rhs_);
            case Kind::not_equal: return propagate_linear_not_equal(s, terms_, rhs_);
        }
    }
    if (mode_ == Reification::implication) return Status::entailed;
    switch (kind_) {
        case Kind::less_equal: return propagate_linear_less_equal(s, terms_, -1, -rhs_ - 1);  // sum >= rhs + 1
        case Kind::equal: return propagate_linear_not_equal(s, terms_, rhs_);
        case Kind::not_equal: return propagate_linear_equal(s, terms_, rhs_);
    }
    return Status::ok;
}

bool ReifiedLinear::explain_side(Explanation& e, bool holds, const Fact* removed) const {
    switch (kind_) {
        case Kind::less_equal:
            return holds ? explain_linear_less_equal(e, terms_, 1, rhs_, removed)
                         : explain_linear_less_equal(e, terms_, -1, -rhs_ - 1, removed);
        case Kind::equal:
            return holds ? explain_linear_equal(e, terms_, rhs_, removed) : explain_linear_not_equal(e, terms_, rhs_, removed);
        case Kind::not_equal:
            return holds ? explain_linear_not_equal(e, terms_, rhs_, removed) : explain_linear_equal(e, terms_, rhs_, removed);
    }
    return false;
}

// b was decided because the box rules out one side (the failure of that side
// explains it); anything else was inferred, or failed, with b fixed, by the side b
// chose.
bool ReifiedLinear::explain(Explanation& e) const {
    if (!e.explaining_failure() && e.inferred().var == b_.index) {
        const Fact& f = e.inferred();
        // [b != 1] (or [b <= 0]) means the linear failed in the box; [b != 0] (or
        // [b >= 1]) that its negation did, which only the equivalence infers.
        const bool b_zero = (f.kind == FactKind::not_equal && f.value == 1) || (f.kind == FactKind::less_equal && f.value == 0);
        const bool b_one = (f.kind == FactKind::not_equal && f.value == 0) || (f.kind == FactKind::greater_equal && f.value == 1);
        if (!b_zero && !(b_one && mode_ == Reification::equivalence)) return false;
        return explain_side(e, b_zero, nullptr);
    }
    if (!e.was_fixed(b_)) return false;
    const bool holds = e.fixed_value(b_) == 1;
    if (!holds && mode_ == Reification::implication) return false;
    if (!explain_side(e, holds, e.explaining_failure() ? nullptr : &e.inferred())) return false;
    e.add_fixed(b_);
    return true;
}

// ---------------------------------------------------------------- post functions

bool linear_reified(Solver& s, const std::vector<std::int64_t>& coefficients, const std::vector<IntVar>& vars,
                    Relation relation, std::int64_t right_hand_side, BoolVar b, Reification mode) {
    if (!check_indicator(s, "linear_reified", b)) return false;
    std::vector<LinearTerm> terms;
    if (!prepare_linear_terms(s, "linear_reified", coefficients, vars, right_hand_side, terms)) return false;
    ReifiedLinear::Kind kind = ReifiedLinear::Kind::less_equal;
    std::int64_t rhs = right_hand_side;
    switch (relation) {
        case Relation::less_equal: break;
        case Relation::greater_equal:
            for (LinearTerm& t : terms) t.coefficient = -t.coefficient;
            rhs = -rhs;
            break;
        case Relation::equal: kind = ReifiedLinear::Kind::equal; break;
        case Relation::not_equal: kind = ReifiedLinear::Kind::not_equal; break;
    }
    return post<ReifiedLinear>(s, std::move(terms), kind, rhs, b, mode);
}

bool equal_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode) {
    return linear_reified(s, {1, -1}, {x, y}, Relation::equal, 0, b, mode);
}
bool not_equal_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode) {
    return linear_reified(s, {1, -1}, {x, y}, Relation::not_equal, 0, b, mode);
}
bool less_equal_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode) {
    return linear_reified(s, {1, -1}, {x, y}, Relation::less_equal, 0, b, mode);
}
bool less_reified(Solver& s, IntVar x, IntVar y, BoolVar b, Reification mode) {
    return linear_reified(s, {1, -1}, {x, y}, Relation::less_equal, -1, b, mode);
}

}  // namespace prune
