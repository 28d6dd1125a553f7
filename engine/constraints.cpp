// Post functions for the arithmetic and small constraints. alldifferent and table
// are posted from their own files (engine/propagators/alldifferent.cpp, table.cpp).
#include "constraints.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>
#include <memory>
#include <string>

#include "propagators/binary.hpp"
#include "propagators/element.hpp"
#include "propagators/linear.hpp"

namespace prune {
namespace {

// Partial sums of a linear constraint must stay within +-2^62 so that every
// intermediate of the propagators fits in 64 bits with room for one more term.
constexpr std::int64_t linear_limit = std::int64_t{1} << 62;

std::int64_t magnitude(std::int64_t v) { return v < 0 ? -v : v; }

bool valid_handle(const Solver& s, IntVar x) { return x.index >= 0 && x.index < s.variable_count(); }

// Sums the coefficients of a variable that occurs more than once (dropping the terms
// that cancel out): the linear propagators assume distinct variables, e.g. one pass of
// <= is its own fixpoint only then. False when a merged coefficient leaves the int range.
bool merge_repeated_terms(Solver& s, std::vector<LinearTerm>& terms) {
    std::vector<std::pair<int, std::size_t>> order;  // (variable, position), by variable
    order.reserve(terms.size());
    for (std::size_t i = 0; i < terms.size(); ++i) order.emplace_back(terms[i].var.index, i);
    std::sort(order.begin(), order.end());
    bool repeated = false;
    for (std::size_t k = 1; k < order.size(); ++k) {
        if (order[k].first != order[k - 1].first) continue;
        // Fold into the first occurrence; a zero coefficient marks the term dropped.
        const std::size_t first = order[k - 1].second;
        terms[first].coefficient += terms[order[k].second].coefficient;
        terms[order[k].second].coefficient = 0;
        order[k].second = first;
        repeated = true;
    }
    if (!repeated) return true;
    std::vector<LinearTerm> merged;
    for (const LinearTerm& t : terms) {
        if (t.coefficient == 0) continue;
        if (magnitude(t.coefficient) > INT32_MAX) {
            s.set_error("linear: a merged coefficient is out of range (|a| <= 2^31-1)");
            return false;
        }
        merged.push_back(t);
    }
    terms = std::move(merged);
    return true;
}

}  // namespace

bool linear(Solver& s, const std::vector<std::int64_t>& coefficients, const std::vector<IntVar>& vars,
            Relation relation, std::int64_t right_hand_side) {
    if (coefficients.size() != vars.size()) {
        s.set_error("linear: " + std::to_string(coefficients.size()) + " coefficients for " +
                    std::to_string(vars.size()) + " variables");
        return false;
    }
    if (magnitude(right_hand_side) >= linear_limit || right_hand_side == INT64_MIN) {
        s.set_error("linear: right-hand side " + std::to_string(right_hand_side) + " is out of range (|c| < 2^62)");
        return false;
    }
    std::vector<LinearTerm> terms;
    terms.reserve(vars.size());
    std::int64_t total = magnitude(right_hand_side);
    for (std::size_t i = 0; i < vars.size(); ++i) {
        if (!valid_handle(s, vars[i])) {
            s.set_error("linear: variable " + std::to_string(i) + " does not belong to this solver");
            return false;
        }
        const std::int64_t a = coefficients[i];
        if (a == 0) continue;
        if (magnitude(a) > INT32_MAX) {
            s.set_error("linear: coefficient " + std::to_string(a) + " is out of range (|a| <= 2^31-1)");
            return false;
        }
        // |a| < 2^31 and |x| <= 2^31, so one term is below 2^62.
        const std::int64_t extreme = std::max(magnitude(s.min(vars[i])), magnitude(s.max(vars[i])));
        const std::int64_t term = magnitude(a) * extreme;
        if (term > linear_limit - total) {
            s.set_error("linear: the sum's range exceeds 2^62; split the constraint or narrow the domains");
            return false;
        }
        total += term;
        terms.push_back(LinearTerm{a, vars[i]});
    }
    if (!merge_repeated_terms(s, terms)) return false;
    switch (relation) {
        case Relation::less_equal: s.add(std::make_unique<LinearLessEqual>(std::move(terms), right_hand_side)); break;
        case Relation::greater_equal: {
            for (LinearTerm& t : terms) t.coefficient = -t.coefficient;
            s.add(std::make_unique<LinearLessEqual>(std::move(terms), -right_hand_side));
            break;
        }
        case Relation::equal: s.add(std::make_unique<LinearEqual>(std::move(terms), right_hand_side)); break;
        case Relation::not_equal: s.add(std::make_unique<LinearNotEqual>(std::move(terms), right_hand_side)); break;
    }
    return !s.root_failed();
}

bool sum(Solver& s, const std::vector<IntVar>& vars, Relation relation, std::int64_t right_hand_side) {
    return linear(s, std::vector<std::int64_t>(vars.size(), 1), vars, relation, right_hand_side);
}

bool equal_offset(Solver& s, IntVar x, IntVar y, int c) {
    s.add(std::make_unique<EqualOffset>(x, y, c));
    return !s.root_failed();
}

bool not_equal_offset(Solver& s, IntVar x, IntVar y, int c) {
    s.add(std::make_unique<NotEqualOffset>(x, y, c));
    return !s.root_failed();
}

bool less_equal_offset(Solver& s, IntVar x, IntVar y, int c) {
    s.add(std::make_unique<LessEqualOffset>(x, y, c));
    return !s.root_failed();
}

bool value_channel(Solver& s, IntVar x, int c, BoolVar b) {
    if (s.min(b) < 0 || s.max(b) > 1) {
        s.set_error("value_channel: the indicator variable must have a 0/1 domain");
        return false;
    }
    s.add(std::make_unique<ValueChannel>(x, c, b));
    return !s.root_failed();
}

bool element(Solver& s, const std::vector<int>& array, IntVar index, IntVar result) {
    if (array.empty()) {
        s.fail();
        return false;
    }
    s.add(std::make_unique<ElementConstant>(array, index, result));
    return !s.root_failed();
}

bool element(Solver& s, const std::vector<IntVar>& array, IntVar index, IntVar result) {
    if (array.empty()) {
        s.fail();
        return false;
    }
    s.add(std::make_unique<ElementVariable>(array, index, result));
    return !s.root_failed();
}

}  // namespace prune
