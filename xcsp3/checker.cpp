#include "checker.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace prune::xcsp3 {
namespace {

// An evaluation error (division by zero, a variable without a value): the
// constraint does not hold.
struct Undefined {
    std::string why;
    bool unassigned = false;  // a variable has no value (rather than, say, a division by zero)
    bool overflow = false;    // a value beyond 64 bits
};

// Checked 64-bit arithmetic: a result beyond 64 bits is an evaluation error, never
// undefined behaviour.
std::int64_t plus(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) throw Undefined{"a value beyond 64 bits", false, true};
    return r;
}
std::int64_t minus(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (__builtin_sub_overflow(a, b, &r)) throw Undefined{"a value beyond 64 bits", false, true};
    return r;
}
std::int64_t times(std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) throw Undefined{"a value beyond 64 bits", false, true};
    return r;
}
std::int64_t magnitude(std::int64_t a) { return a < 0 ? minus(0, a) : a; }

class Evaluator {
public:
    Evaluator(const Instance& in, const Assignment& a) : in_(in), a_(a) {}

    std::int64_t value(const Expr& e) const {
        switch (e.kind) {
            case Expr::Kind::constant: return e.value;
            case Expr::Kind::variable: {
                const std::size_t v = static_cast<std::size_t>(e.var);
                if (!a_.given[v]) throw Undefined{"no value for " + in_.variables[v].name, true};
                return a_.values[v];
            }
            case Expr::Kind::call: return call(e);
        }
        return 0;
    }

    bool holds(const Constraint& c) const;
    std::int64_t objective() const;

private:
    std::int64_t call(const Expr& e) const;
    std::vector<std::int64_t> values(const std::vector<Expr>& list) const {
        std::vector<std::int64_t> out;
        for (const Expr& e : list) out.push_back(value(e));
        return out;
    }
    static bool compare(std::int64_t lhs, Op op, std::int64_t rhs) {
        switch (op) {
            case Op::eq: return lhs == rhs;
            case Op::ne: return lhs != rhs;
            case Op::lt: return lhs < rhs;
            case Op::le: return lhs <= rhs;
            case Op::gt: return lhs > rhs;
            case Op::ge: return lhs >= rhs;
            default: return false;
        }
    }
    bool satisfies(std::int64_t lhs, const Condition& c) const {
        if (c.op == Op::in || c.op == Op::notin) {
            const bool inside = std::binary_search(c.set.begin(), c.set.end(), lhs);
            return c.op == Op::in ? inside : !inside;
        }
        return compare(lhs, c.op, value(c.operand));
    }
    static bool lex_holds(const std::vector<std::int64_t>& x, const std::vector<std::int64_t>& y, Op op) {
        const bool less = std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
        const bool greater = std::lexicographical_compare(y.begin(), y.end(), x.begin(), x.end());
        switch (op) {
            case Op::lt: return less;
            case Op::le: return !greater;
            case Op::gt: return greater;
            default: return !less;  // ge
        }
    }

    const Instance& in_;
    const Assignment& a_;
};

std::int64_t Evaluator::call(const Expr& e) const {
    const std::vector<Expr>& args = e.args;
    auto arg = [&](std::size_t i) {
        if (i >= args.size()) throw Undefined{std::string(op_name(e.op)) + " has too few arguments"};
        return value(args[i]);
    };
    switch (e.op) {
        case Op::neg: return minus(0, arg(0));
        case Op::abs: return magnitude(arg(0));
        case Op::add: {
            std::int64_t s = 0;
            for (std::size_t i = 0; i < args.size(); ++i) s = plus(s, arg(i));
            return s;
        }
        case Op::sub: return minus(arg(0), arg(1));
        case Op::mul: {
            std::int64_t p = 1;
            for (std::size_t i = 0; i < args.size(); ++i) p = times(p, arg(i));
            return p;
        }
        case Op::div:
        case Op::mod: {
            const std::int64_t x = arg(0), y = arg(1);
            if (y == 0) throw Undefined{std::string(op_name(e.op)) + " by zero"};
            if (y == -1) return e.op == Op::div ? minus(0, x) : 0;  // INT64_MIN / -1 overflows
            return e.op == Op::div ? x / y : x % y;  // truncation, as Java (XCSP3's reference)
        }
        case Op::sqr: return times(arg(0), arg(0));
        case Op::pow: {
            std::int64_t r = 1;
            const std::int64_t x = arg(0), k = arg(1);
            if (k < 0) throw Undefined{"a negative exponent"};
            for (std::int64_t i = 0; i < k; ++i) {
                r = times(r, x);
                if (r == 0 || r == 1) break;  // stays 0 or 1 (x is 0 or 1)
                if (r == -1 && x == -1) return (k % 2 == 0) ? 1 : -1;
            }
            return r;
        }
        case Op::dist: return magnitude(minus(arg(0), arg(1)));
        case Op::min:
        case Op::max: {
            std::int64_t r = arg(0);
            for (std::size_t i = 1; i < args.size(); ++i) r = e.op == Op::min ? std::min(r, arg(i)) : std::max(r, arg(i));
            return r;
        }
        case Op::eq: {
            const std::int64_t first = arg(0);
            if (args.size() < 2) throw Undefined{"eq has too few arguments"};
            for (std::size_t i = 1; i < args.size(); ++i) {
                if (arg(i) != first) return 0;
            }
            return 1;
        }
        case Op::ne: case Op::lt: case Op::le: case Op::gt: case Op::ge:
            if (args.size() != 2) throw Undefined{std::string(op_name(e.op)) + " takes two arguments"};
            return compare(arg(0), e.op, arg(1)) ? 1 : 0;
        case Op::and_: {
            for (std::size_t i = 0; i < args.size(); ++i) {
                if (arg(i) == 0) return 0;
            }
            return 1;
        }
        case Op::or_: {
            for (std::size_t i = 0; i < args.size(); ++i) {
                if (arg(i) != 0) return 1;
            }
            return 0;
        }
        case Op::xor_: {
            std::int64_t odd = 0;
            for (std::size_t i = 0; i < args.size(); ++i) odd ^= arg(i) != 0 ? 1 : 0;
            return odd;
        }
        case Op::iff: {
            const bool first = arg(0) != 0;
            for (std::size_t i = 1; i < args.size(); ++i) {
                if ((arg(i) != 0) != first) return 0;
            }
            return 1;
        }
        case Op::imp: return (arg(0) == 0 || arg(1) != 0) ? 1 : 0;
        case Op::not_: return arg(0) == 0 ? 1 : 0;
        case Op::if_: return arg(0) != 0 ? arg(1) : arg(2);
        case Op::in:
        case Op::notin: {
            const std::int64_t x = arg(0);
            if (args.size() != 2 || args[1].kind != Expr::Kind::call || args[1].op != Op::set) throw Undefined{"in/notin without a set"};
            bool inside = false;
            for (const Expr& v : args[1].args) inside = inside || value(v) == x;
            return (e.op == Op::in) == inside ? 1 : 0;
        }
        case Op::set: throw Undefined{"set(...) outside in/notin"};
    }
    return 0;
}

bool Evaluator::holds(const Constraint& c) const {
    switch (c.kind) {
        case Kind::intension: return value(c.expression) != 0;
        case Kind::extension: {
            const std::vector<std::int64_t> x = values(c.lists[0]);
            bool listed = false;
            for (const auto& t : c.tuples) {
                bool match = true;
                for (std::size_t p = 0; p < x.size() && match; ++p) match = t[p] == Constraint::star || t[p] == x[p];
                if (match) {
                    listed = true;
                    break;
                }
            }
            return listed == c.supports;
        }
        case Kind::all_different:
        case Kind::all_different_matrix: {
            std::vector<std::vector<std::int64_t>> groups;
            if (c.kind == Kind::all_different) {
                groups.push_back(values(c.lists[0]));
            } else {
                for (const auto& row : c.lists) groups.push_back(values(row));
                for (std::size_t j = 0; j < c.lists[0].size(); ++j) {
                    std::vector<std::int64_t> column;
                    for (const auto& row : c.lists) column.push_back(value(row[j]));
                    groups.push_back(column);
                }
            }
            for (const auto& g : groups) {
                std::set<std::int64_t> seen;
                for (const std::int64_t v : g) {
                    if (std::find(c.except.begin(), c.except.end(), v) != c.except.end()) continue;
                    if (!seen.insert(v).second) return false;
                }
            }
            return true;
        }
        case Kind::all_equal: {
            const std::vector<std::int64_t> x = values(c.lists[0]);
            return std::adjacent_find(x.begin(), x.end(), std::not_equal_to<>()) == x.end();
        }
        case Kind::sum: {
            std::int64_t s = 0;
            for (std::size_t i = 0; i < c.lists[0].size(); ++i) s = plus(s, times(value(c.lists[0][i]), c.coefficients.empty() ? 1 : value(c.coefficients[i])));
            return satisfies(s, c.condition);
        }
        case Kind::count: {
            const std::vector<std::int64_t> v = values(c.values);
            std::int64_t n = 0;
            for (const std::int64_t x : values(c.lists[0])) n += std::find(v.begin(), v.end(), x) != v.end();
            return satisfies(n, c.condition);
        }
        case Kind::n_values: {
            std::set<std::int64_t> distinct;
            for (const std::int64_t x : values(c.lists[0])) {
                if (std::find(c.except.begin(), c.except.end(), x) == c.except.end()) distinct.insert(x);
            }
            return satisfies(static_cast<std::int64_t>(distinct.size()), c.condition);
        }
        case Kind::cardinality: {
            const std::vector<std::int64_t> x = values(c.lists[0]);
            const std::vector<std::int64_t> v = values(c.values);
            for (std::size_t j = 0; j < v.size(); ++j) {
                if (std::count(x.begin(), x.end(), v[j]) != value(c.occurs[j])) return false;
            }
            if (c.closed) {
                for (const std::int64_t xi : x) {
                    if (std::find(v.begin(), v.end(), xi) == v.end()) return false;
                }
            }
            return true;
        }
        case Kind::element: {
            const std::int64_t i = value(c.index) - c.start_index;
            if (i < 0 || i >= static_cast<std::int64_t>(c.lists[0].size())) return false;
            const std::int64_t picked = value(c.lists[0][static_cast<std::size_t>(i)]);
            return c.has_value ? picked == value(c.value) : satisfies(picked, c.condition);
        }
        case Kind::element_matrix: {
            const std::int64_t i = value(c.index) - c.start_index, j = value(c.index2) - c.start_index2;
            if (i < 0 || i >= static_cast<std::int64_t>(c.lists.size())) return false;
            const std::vector<Expr>& row = c.lists[static_cast<std::size_t>(i)];
            if (j < 0 || j >= static_cast<std::int64_t>(row.size())) return false;
            const std::int64_t picked = value(row[static_cast<std::size_t>(j)]);
            return c.has_value ? picked == value(c.value) : satisfies(picked, c.condition);
        }
        case Kind::channel: {
            const std::vector<std::int64_t> x = values(c.lists[0]);
            if (c.has_value) {
                std::int64_t ones = 0;
                for (const std::int64_t b : x) ones = plus(ones, b);
                const std::int64_t i = value(c.value) - c.start_index;
                return ones == 1 && i >= 0 && i < static_cast<std::int64_t>(x.size()) && x[static_cast<std::size_t>(i)] == 1;
            }
            const std::vector<std::int64_t> y = values(c.lists[1]);
            for (std::size_t i = 0; i < x.size(); ++i) {
                const std::int64_t j = x[i] - c.start_index2;
                if (j < 0 || j >= static_cast<std::int64_t>(y.size())) return false;
                if (y[static_cast<std::size_t>(j)] != static_cast<std::int64_t>(i) + c.start_index) return false;
            }
            if (x.size() == y.size()) {
                for (std::size_t j = 0; j < y.size(); ++j) {
                    const std::int64_t i = y[j] - c.start_index;
                    if (i < 0 || i >= static_cast<std::int64_t>(x.size())) return false;
                    if (x[static_cast<std::size_t>(i)] != static_cast<std::int64_t>(j) + c.start_index2) return false;
                }
            }
            return true;
        }
        case Kind::minimum:
        case Kind::maximum: {
            const std::vector<std::int64_t> x = values(c.lists[0]);
            return satisfies(c.kind == Kind::minimum ? *std::min_element(x.begin(), x.end()) : *std::max_element(x.begin(), x.end()), c.condition);
        }
        case Kind::ordered: {
            const std::vector<std::int64_t> x = values(c.lists[0]);
            for (std::size_t i = 0; i + 1 < x.size(); ++i) {
                if (!compare(x[i], c.relation, x[i + 1])) return false;
            }
            return true;
        }
        case Kind::lex:
        case Kind::lex_matrix: {
            std::vector<std::vector<std::int64_t>> rows;
            for (const auto& row : c.lists) rows.push_back(values(row));
            for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
                if (!lex_holds(rows[i], rows[i + 1], c.relation)) return false;
            }
            if (c.kind == Kind::lex_matrix && !rows.empty()) {
                for (std::size_t j = 0; j + 1 < rows[0].size(); ++j) {
                    std::vector<std::int64_t> a, b;
                    for (const auto& row : rows) a.push_back(row[j]), b.push_back(row[j + 1]);
                    if (!lex_holds(a, b, c.relation)) return false;
                }
            }
            return true;
        }
        case Kind::regular: {  // simulate the (possibly non-deterministic) automaton
            const Automaton& a = c.automaton;
            std::set<int> current{a.start};
            for (const std::int64_t x : values(c.lists[0])) {
                std::set<int> next;
                for (const auto& t : a.transitions) {
                    if (t.value == x && current.count(t.from) != 0) next.insert(t.to);
                }
                current = std::move(next);
            }
            for (const int f : a.finals) {
                if (current.count(f) != 0) return true;
            }
            return false;
        }
        case Kind::circuit: {  // the non-self-loop successors form exactly one cycle
            const std::vector<std::int64_t> x = values(c.lists[0]);
            const std::int64_t n = static_cast<std::int64_t>(x.size());
            std::int64_t first = -1, in_cycle = 0;
            for (std::int64_t i = 0; i < n; ++i) {
                const std::int64_t s = x[static_cast<std::size_t>(i)] - c.start_index;
                if (s < 0 || s >= n) return false;
                if (s != i) {
                    ++in_cycle;
                    if (first < 0) first = i;
                }
            }
            if (in_cycle == 0) return false;
            std::int64_t at = first, steps = 0;
            do {
                at = x[static_cast<std::size_t>(at)] - c.start_index;
                ++steps;
            } while (at != first && steps <= n);
            return at == first && steps == in_cycle;
        }
        case Kind::no_overlap: {
            if (c.lists.size() == 4) {  // boxes: apart along x or along y
                const std::vector<std::int64_t> x = values(c.lists[0]), y = values(c.lists[1]);
                const std::vector<std::int64_t> w = values(c.lists[2]), h = values(c.lists[3]);
                for (std::size_t i = 0; i < x.size(); ++i) {
                    for (std::size_t j = i + 1; j < x.size(); ++j) {
                        if (c.zero_ignored && (w[i] == 0 || h[i] == 0 || w[j] == 0 || h[j] == 0)) continue;
                        const bool apart = plus(x[i], w[i]) <= x[j] || plus(x[j], w[j]) <= x[i] ||
                                           plus(y[i], h[i]) <= y[j] || plus(y[j], h[j]) <= y[i];
                        if (!apart) return false;
                    }
                }
                return true;
            }
            const std::vector<std::int64_t> s = values(c.lists[0]), l = values(c.lists[1]);
            for (std::size_t i = 0; i < s.size(); ++i) {
                for (std::size_t j = i + 1; j < s.size(); ++j) {
                    if (c.zero_ignored && (l[i] == 0 || l[j] == 0)) continue;
                    if (!(plus(s[i], l[i]) <= s[j] || plus(s[j], l[j]) <= s[i])) return false;
                }
            }
            return true;
        }
        case Kind::cumulative: {
            const std::vector<std::int64_t> s = values(c.lists[0]), l = values(c.lists[1]), h = values(c.values);
            for (std::size_t i = 0; i < s.size(); ++i) {  // the load is highest at some task's start
                if (l[i] <= 0) continue;
                std::int64_t load = 0;
                for (std::size_t j = 0; j < s.size(); ++j) {
                    if (l[j] > 0 && s[j] <= s[i] && s[i] < plus(s[j], l[j])) load = plus(load, h[j]);
                }
                if (!satisfies(load, c.condition)) return false;
            }
            return true;
        }
        case Kind::instantiation: {
            for (std::size_t i = 0; i < c.values.size(); ++i) {
                if (value(c.lists[0][i]) != c.values[i].value) return false;
            }
            return true;
        }
        case Kind::clause: {
            for (std::size_t i = 0; i < c.lists[0].size(); ++i) {
                if ((value(c.lists[0][i]) != 0) != c.negated[i]) return true;
            }
            return false;
        }
    }
    return false;
}

std::int64_t Evaluator::objective() const {
    const Objective& o = in_.objective;
    switch (o.type) {
        case Objective::Type::expression: return value(o.expression);
        case Objective::Type::sum: {
            std::int64_t s = 0;
            for (std::size_t i = 0; i < o.list.size(); ++i) s = plus(s, times(value(o.list[i]), o.coefficients.empty() ? 1 : o.coefficients[i].value));
            return s;
        }
        case Objective::Type::minimum:
        case Objective::Type::maximum: {
            const std::vector<std::int64_t> x = values(o.list);
            return o.type == Objective::Type::minimum ? *std::min_element(x.begin(), x.end()) : *std::max_element(x.begin(), x.end());
        }
        case Objective::Type::n_values: {
            const std::vector<std::int64_t> x = values(o.list);
            return static_cast<std::int64_t>(std::set<std::int64_t>(x.begin(), x.end()).size());
        }
    }
    return 0;
}

std::string where(const Instance& in, Position at) {
    return in.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": ";
}

}  // namespace

Verdict constraint_verdict(const Instance& instance, const Constraint& c, const Assignment& assignment) {
    try {
        return Evaluator(instance, assignment).holds(c) ? Verdict::holds : Verdict::violated;
    } catch (const Undefined& u) {
        return u.unassigned ? Verdict::open : Verdict::violated;
    }
}

std::optional<std::int64_t> evaluate(const Instance& instance, const Expr& e, const Assignment& assignment, bool* overflow) {
    try {
        return Evaluator(instance, assignment).value(e);
    } catch (const Undefined& u) {
        if (overflow != nullptr && u.overflow) *overflow = true;
        return std::nullopt;
    }
}

CheckResult check_assignment(const Instance& instance, const Assignment& assignment) {
    CheckResult r;
    for (std::size_t v = 0; v < instance.variables.size(); ++v) {
        const Variable& var = instance.variables[v];
        if (!assignment.given[v]) {
            r.ok = false;
            r.message = instance.file + ": error: no value for variable " + var.name;
            return r;
        }
        if (!std::binary_search(var.values.begin(), var.values.end(), assignment.values[v])) {
            r.ok = false;
            r.message = instance.file + ": error: " + var.name + " = " + std::to_string(assignment.values[v]) + " is outside its domain";
            return r;
        }
    }
    const Evaluator eval(instance, assignment);
    for (const Constraint& c : instance.constraints) {
        bool holds = false;
        std::string why;
        try {
            holds = eval.holds(c);
        } catch (const Undefined& u) {
            why = " (" + u.why + ")";
        }
        if (!holds) {
            r.ok = false;
            r.message = where(instance, c.at) + "error: <" + c.tag + "> violated" + why;
            return r;
        }
    }
    if (instance.has_objective) {
        try {
            r.objective = eval.objective();
        } catch (const Undefined& u) {
            r.ok = false;
            r.message = where(instance, instance.objective.at) + "error: the objective is undefined (" + u.why + ")";
        }
    }
    return r;
}

}  // namespace prune::xcsp3
