#include "builder.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "engine/constraints.hpp"
#include "engine/constraints_arithmetic.hpp"
#include "engine/constraints_boolean.hpp"
#include "engine/constraints_reified.hpp"
#include "engine/tuple_set.hpp"
#include "checker.hpp"
#include "reader_internal.hpp"

namespace prune::xcsp3 {
namespace {

[[noreturn]] void unsupported(Position at, const std::string& what) { throw InputError(at, what + " not supported"); }

// Decompositions that grow with a product of sizes (pairs of variables, variables x
// values) are refused past this many parts, so that no input can exhaust memory.
constexpr double max_parts = double(std::size_t{1} << 20);
void guard(double parts, Position at, const char* what) {
    if (parts > max_parts) unsupported(at, std::string(what) + " this large (more than 2^20 parts in its decomposition)");
}

// sum coefficient * variable + constant.
struct LinearForm {
    std::map<int, std::int64_t> terms;  // solver variable index -> coefficient
    std::int64_t constant = 0;

    // The terms as linear()'s coefficients and variables.
    void split(std::vector<std::int64_t>& coefficients, std::vector<IntVar>& vars) const {
        for (const auto& [index, a] : terms) {
            coefficients.push_back(a);
            vars.push_back(IntVar{index});
        }
    }

    void add(IntVar x, std::int64_t k) {
        if (k == 0) return;
        std::int64_t& c = terms[x.index];
        if (__builtin_add_overflow(c, k, &c)) throw InputError({}, "a coefficient beyond 64 bits not supported");
        if (c == 0) terms.erase(x.index);
    }
};

struct Interval {
    std::int64_t lo, hi;
};

// Relation and right-hand side of `form (op) 0` for linear(): lt/gt become le/ge
// with the constant moved by one.
struct Comparison {
    Relation relation;
    std::int64_t rhs;
};

class Builder {
public:
    Builder(const Instance& instance, Model& model) : in_(instance), m_(model), s_(*model.solver) {}
    void build();

private:
    // ---- posting with error checks ----
    void check(bool posted, Position at, const char* what);
    bool failed() const { return m_.unsatisfiable; }

    // ---- expressions ----
    IntVar var_of(const Expr& e);
    IntVar constant_var(std::int64_t v);
    IntVar new_var(Interval range, Position at);
    Interval bounds_of(const LinearForm& f, Position at) const;
    void linearize(const Expr& e, std::int64_t factor, LinearForm& out);
    IntVar var_of_form(const LinearForm& f, Position at);
    void post_form(const LinearForm& f, Comparison c, Position at);
    void post_form_reified(const LinearForm& f, Comparison c, BoolVar b, Position at);
    bool comparison_of(const Expr& e, LinearForm& form, Comparison& c);
    void post_true(const Expr& e);
    BoolVar reify(const Expr& e);
    BoolLiteral literal(const Expr& e);
    IntVar arithmetic(const Expr& e);
    IntRanges set_of(const Expr& set_expr, Position at) const;

    // ---- constraints ----
    void post(const Constraint& c);
    void post_condition(const LinearForm& f, const Condition& cond, Position at);
    std::vector<IntVar> vars_of(const std::vector<Expr>& list);
    void post_extension(const Constraint& c);
    bool post_as_table(const Constraint& c);
    void post_short_table(const Constraint& c, const std::vector<IntVar>& xs);
    void post_all_different(const std::vector<IntVar>& xs, const std::vector<std::int64_t>& except, Position at);
    void post_sum(const Constraint& c);
    void post_count(const Constraint& c);
    IntVar n_values_var(const std::vector<IntVar>& xs, const std::vector<std::int64_t>& except, Position at);
    void post_cardinality(const Constraint& c);
    void post_element(const Constraint& c);
    void post_channel(const Constraint& c);
    void post_lex(const std::vector<IntVar>& x, const std::vector<IntVar>& y, bool strict, Position at);
    void post_regular(const Constraint& c);
    void post_no_overlap(const Constraint& c);
    void post_cumulative(const Constraint& c);
    std::shared_ptr<const TupleSet> shared_tuples(int arity, const std::vector<std::vector<int>>& tuples, Position at);
    void post_objective();

    const Instance& in_;
    Model& m_;
    Solver& s_;
    std::map<std::int64_t, IntVar> constants_;
    std::map<std::vector<std::vector<int>>, std::shared_ptr<const TupleSet>> tables_;
    int aux_ = 0;
};

void Builder::check(bool posted, Position at, const char* what) {
    if (posted) return;
    if (!s_.error().empty()) throw InputError(at, std::string(what) + ": " + s_.error());
    m_.unsatisfiable = true;
}

// ---- expressions -------------------------------------------------------------------

IntVar Builder::constant_var(std::int64_t v) {
    const auto found = constants_.find(v);
    if (found != constants_.end()) return found->second;
    const IntVar x = s_.new_int_var(static_cast<int>(v), static_cast<int>(v));
    constants_.emplace(v, x);
    return x;
}

IntVar Builder::new_var(Interval range, Position at) {
    if (range.lo < INT32_MIN || range.hi > INT32_MAX) {
        unsupported(at, "an intermediate value range " + std::to_string(range.lo) + ".." + std::to_string(range.hi) + " beyond 32 bits");
    }
    return s_.new_int_var(static_cast<int>(range.lo), static_cast<int>(range.hi), "aux" + std::to_string(aux_++));
}

Interval Builder::bounds_of(const LinearForm& f, Position at) const {
    Interval r{f.constant, f.constant};
    for (const auto& [index, k] : f.terms) {
        const IntVar x{index};
        std::int64_t a = 0, b = 0;
        if (__builtin_mul_overflow(k, static_cast<std::int64_t>(s_.min(x)), &a) || __builtin_mul_overflow(k, static_cast<std::int64_t>(s_.max(x)), &b) ||
            __builtin_add_overflow(r.lo, std::min(a, b), &r.lo) || __builtin_add_overflow(r.hi, std::max(a, b), &r.hi)) {
            unsupported(at, "a sum whose values go beyond 64 bits");
        }
    }
    return r;
}


void Builder::linearize(const Expr& e, std::int64_t factor, LinearForm& out) {
    if (e.is_constant()) {
        std::int64_t term = 0;
        if (__builtin_mul_overflow(factor, e.value, &term) || __builtin_add_overflow(out.constant, term, &out.constant)) {
            unsupported(e.at, "a constant beyond 64 bits");
        }
        return;
    }
    if (e.is_variable()) {
        out.add(m_.variables[static_cast<std::size_t>(e.var)], factor);
        return;
    }
    switch (e.op) {
        case Op::add:
            for (const Expr& a : e.args) linearize(a, factor, out);
            return;
        case Op::sub:
            if (e.args.size() != 2) throw InputError(e.at, "sub takes two arguments");
            linearize(e.args[0], factor, out);
            linearize(e.args[1], -factor, out);
            return;
        case Op::neg:
            if (e.args.size() != 1) throw InputError(e.at, "neg takes one argument");
            linearize(e.args[0], -factor, out);
            return;
        case Op::mul: {
            // A product with at most one non-constant factor is linear.
            std::int64_t k = factor;
            const Expr* rest = nullptr;
            int non_constant = 0;
            for (const Expr& a : e.args) {
                if (a.is_constant()) {
                    if (__builtin_mul_overflow(k, a.value, &k) || k > value_bound * value_bound || k < -value_bound * value_bound) {
                        unsupported(e.at, "a coefficient beyond 2^60");
                    }
                } else {
                    rest = &a;
                    ++non_constant;
                }
            }
            if (non_constant == 0) {
                if (__builtin_add_overflow(out.constant, k, &out.constant)) unsupported(e.at, "a constant beyond 64 bits");
                return;
            }
            if (non_constant == 1) {
                linearize(*rest, k, out);
                return;
            }
            break;
        }
        default: break;
    }
    out.add(var_of(e), factor);
}

IntVar Builder::var_of_form(const LinearForm& f, Position at) {
    if (f.terms.empty()) return constant_var(f.constant);
    if (f.terms.size() == 1 && f.constant == 0 && f.terms.begin()->second == 1) return IntVar{f.terms.begin()->first};
    const IntVar z = new_var(bounds_of(f, at), at);
    LinearForm g = f;
    g.add(z, -1);
    post_form(g, {Relation::equal, 0}, at);
    return z;
}

void Builder::post_form(const LinearForm& f, Comparison c, Position at) {
    std::vector<std::int64_t> k;
    std::vector<IntVar> xs;
    f.split(k, xs);
    ++m_.constraints;
    if (xs.empty()) {
        if (!relation_holds(f.constant, c.relation, c.rhs)) m_.unsatisfiable = true;
        return;
    }
    check(linear(s_, k, xs, c.relation, c.rhs - f.constant), at, "linear");
}

void Builder::post_form_reified(const LinearForm& f, Comparison c, BoolVar b, Position at) {
    std::vector<std::int64_t> k;
    std::vector<IntVar> xs;
    f.split(k, xs);
    ++m_.constraints;
    if (xs.empty()) {
        const bool holds = relation_holds(f.constant, c.relation, c.rhs);
        check(linear(s_, {1}, {b}, Relation::equal, holds ? 1 : 0), at, "linear");
        return;
    }
    check(linear_reified(s_, k, xs, c.relation, c.rhs - f.constant, b), at, "linear_reified");
}

// e = cmp(a, b) -> a - b (relation) rhs.
bool Builder::comparison_of(const Expr& e, LinearForm& form, Comparison& c) {
    if (e.kind != Expr::Kind::call || e.args.size() != 2) return false;
    switch (e.op) {
        case Op::eq: c = {Relation::equal, 0}; break;
        case Op::ne: c = {Relation::not_equal, 0}; break;
        case Op::le: c = {Relation::less_equal, 0}; break;
        case Op::lt: c = {Relation::less_equal, -1}; break;
        case Op::ge: c = {Relation::greater_equal, 0}; break;
        case Op::gt: c = {Relation::greater_equal, 1}; break;
        default: return false;
    }
    linearize(e.args[0], 1, form);
    linearize(e.args[1], -1, form);
    return true;
}

IntRanges Builder::set_of(const Expr& set_expr, Position at) const {
    if (set_expr.kind != Expr::Kind::call || set_expr.op != Op::set) unsupported(at, "in/notin over something other than set(...)");
    std::vector<std::pair<int, int>> ranges;
    for (const Expr& v : set_expr.args) {
        if (!v.is_constant()) unsupported(v.at, "a set of non-constant values");
        ranges.emplace_back(static_cast<int>(v.value), static_cast<int>(v.value));
    }
    return normalize_ranges(std::move(ranges));
}

// in(x, set(a, b, ...)) with some non-constant member: or(eq(x, a), eq(x, b), ...)
// (notin: and of ne). Returns false when the set is all constants (member handles it).
bool membership_as_comparisons(const Expr& e, Expr& out) {
    if (e.kind != Expr::Kind::call || (e.op != Op::in && e.op != Op::notin) || e.args.size() != 2) return false;
    const Expr& set = e.args[1];
    if (set.kind != Expr::Kind::call || set.op != Op::set) return false;
    if (std::all_of(set.args.begin(), set.args.end(), [](const Expr& v) { return v.is_constant(); })) return false;
    out = Expr{};
    out.kind = Expr::Kind::call;
    out.op = e.op == Op::in ? Op::or_ : Op::and_;
    out.at = e.at;
    for (const Expr& v : set.args) {
        Expr cmp;
        cmp.kind = Expr::Kind::call;
        cmp.op = e.op == Op::in ? Op::eq : Op::ne;
        cmp.at = e.at;
        cmp.args = {e.args[0], v};
        out.args.push_back(std::move(cmp));
    }
    return true;
}

void Builder::post_true(const Expr& e) {
    if (failed()) return;
    if (Expr rewritten; membership_as_comparisons(e, rewritten)) {
        post_true(rewritten);
        return;
    }
    if (e.is_constant()) {
        if (e.value == 0) m_.unsatisfiable = true;
        return;
    }
    if (e.is_variable()) {
        post_form([&] { LinearForm f; f.add(var_of(e), 1); return f; }(), {Relation::not_equal, 0}, e.at);
        return;
    }
    LinearForm form;
    Comparison c{};
    if (comparison_of(e, form, c)) {
        post_form(form, c, e.at);
        return;
    }
    switch (e.op) {
        case Op::eq:
            if (e.args.size() > 2) {  // eq(a, b, c, ...): all equal
                for (std::size_t i = 1; i < e.args.size(); ++i) {
                    LinearForm f;
                    linearize(e.args[0], 1, f);
                    linearize(e.args[i], -1, f);
                    post_form(f, {Relation::equal, 0}, e.at);
                }
                return;
            }
            break;
        case Op::and_:
            for (const Expr& a : e.args) post_true(a);
            return;
        case Op::or_:
        case Op::imp: {
            std::vector<BoolVar> positives, negatives;
            for (std::size_t i = 0; i < e.args.size(); ++i) {
                const BoolLiteral l = literal(e.args[i]);
                const bool negate = e.op == Op::imp && i + 1 < e.args.size();
                ((l.positive != negate) ? positives : negatives).push_back(l.var);
            }
            ++m_.constraints;
            check(clause(s_, positives, negatives), e.at, "clause");
            return;
        }
        case Op::not_: {
            if (e.args.size() != 1) throw InputError(e.at, "not takes one argument");
            const BoolLiteral l = literal(e.args[0]);
            ++m_.constraints;
            check(linear(s_, {1}, {l.var}, Relation::equal, l.positive ? 0 : 1), e.at, "not");
            return;
        }
        case Op::in:
        case Op::notin: {
            if (e.args.size() != 2) throw InputError(e.at, std::string(op_name(e.op)) + " takes two arguments");
            const IntVar x = var_of(e.args[0]);
            const IntRanges set = set_of(e.args[1], e.at);
            ++m_.constraints;
            if (e.op == Op::in) check(member(s_, x, set), e.at, "member");
            else check(member_reified(s_, x, set, constant_var(0)), e.at, "member_reified");
            return;
        }
        default: break;
    }
    // Any other Boolean expression: its 0/1 value is 1.
    const BoolVar b = reify(e);
    ++m_.constraints;
    check(linear(s_, {1}, {b}, Relation::equal, 1), e.at, "linear");
}

BoolLiteral Builder::literal(const Expr& e) {
    if (e.kind == Expr::Kind::call && e.op == Op::not_ && e.args.size() == 1) {
        BoolLiteral l = literal(e.args[0]);
        l.positive = !l.positive;
        return l;
    }
    if (e.is_variable()) {
        const IntVar x = m_.variables[static_cast<std::size_t>(e.var)];
        if (s_.min(x) >= 0 && s_.max(x) <= 1) return {x, true};
    }
    return {reify(e), true};
}

// A 0/1 variable equal to the truth of e (a non-Boolean value counts as true when non-zero).
BoolVar Builder::reify(const Expr& e) {
    if (e.is_constant()) return constant_var(e.value != 0 ? 1 : 0);
    if (Expr rewritten; membership_as_comparisons(e, rewritten)) return reify(rewritten);
    if (e.is_variable()) {
        const IntVar x = m_.variables[static_cast<std::size_t>(e.var)];
        if (s_.min(x) >= 0 && s_.max(x) <= 1) return x;
    }
    const BoolVar b = s_.new_bool_var("aux" + std::to_string(aux_++));
    ++m_.constraints;
    LinearForm form;
    Comparison c{};
    if (comparison_of(e, form, c)) {
        post_form_reified(form, c, b, e.at);
        return b;
    }
    if (e.kind == Expr::Kind::call) {
        std::vector<BoolLiteral> ls;
        switch (e.op) {
            case Op::and_:
            case Op::or_:
            case Op::imp: {
                for (std::size_t i = 0; i < e.args.size(); ++i) ls.push_back(literal(e.args[i]));
                if (e.op == Op::and_) {  // b <=> AND(ls)  is  not b <=> OR(not ls)
                    for (BoolLiteral& l : ls) l.positive = !l.positive;
                    check(or_reified(s_, ls, BoolLiteral{b, false}), e.at, "or_reified");
                } else {
                    if (e.op == Op::imp) {
                        for (std::size_t i = 0; i + 1 < ls.size(); ++i) ls[i].positive = !ls[i].positive;
                    }
                    check(or_reified(s_, ls, BoolLiteral{b, true}), e.at, "or_reified");
                }
                return b;
            }
            case Op::not_: {
                if (e.args.size() != 1) throw InputError(e.at, "not takes one argument");
                const BoolLiteral l = literal(e.args[0]);
                // b = not l: l.var + b = 1 when l is positive, l.var - b = 0 when it is negated.
                if (l.positive) check(linear(s_, {1, 1}, {l.var, b}, Relation::equal, 1), e.at, "not");
                else check(linear(s_, {1, -1}, {l.var, b}, Relation::equal, 0), e.at, "not");
                return b;
            }
            case Op::xor_:
            case Op::iff: {
                if (e.args.size() != 2) unsupported(e.at, std::string(op_name(e.op)) + " over " + std::to_string(e.args.size()) + " arguments");
                const BoolVar x = reify(e.args[0]);
                const BoolVar y = reify(e.args[1]);
                if (e.op == Op::xor_) check(bool_xor(s_, x, y, b), e.at, "bool_xor");
                else check(bool_eq_reified(s_, x, y, b), e.at, "bool_eq_reified");
                return b;
            }
            case Op::in:
            case Op::notin: {
                if (e.args.size() != 2) throw InputError(e.at, std::string(op_name(e.op)) + " takes two arguments");
                const IntVar x = var_of(e.args[0]);
                const IntRanges set = set_of(e.args[1], e.at);
                if (e.op == Op::in) {
                    check(member_reified(s_, x, set, b), e.at, "member_reified");
                } else {
                    const BoolVar inside = s_.new_bool_var();
                    check(member_reified(s_, x, set, inside), e.at, "member_reified");
                    check(bool_not(s_, inside, b), e.at, "bool_not");
                }
                return b;
            }
            case Op::eq:
                if (e.args.size() > 2) {
                    std::vector<BoolLiteral> equalities;
                    for (std::size_t i = 1; i < e.args.size(); ++i) {
                        Expr pair;
                        pair.kind = Expr::Kind::call;
                        pair.op = Op::eq;
                        pair.at = e.at;
                        pair.args = {e.args[0], e.args[i]};
                        equalities.push_back({reify(pair), false});
                    }
                    check(or_reified(s_, equalities, BoolLiteral{b, false}), e.at, "or_reified");
                    return b;
                }
                break;
            default: break;
        }
    }
    // An integer expression used as a Boolean: true when non-zero.
    LinearForm f;
    f.add(var_of(e), 1);
    post_form_reified(f, {Relation::not_equal, 0}, b, e.at);
    return b;
}

IntVar Builder::var_of(const Expr& e) {
    if (e.is_constant()) return constant_var(e.value);
    if (e.is_variable()) return m_.variables[static_cast<std::size_t>(e.var)];
    switch (e.op) {
        case Op::add:
        case Op::sub:
        case Op::neg: {
            LinearForm f;
            linearize(e, 1, f);
            return var_of_form(f, e.at);
        }
        case Op::mul: {
            int non_constant = 0;
            for (const Expr& a : e.args) non_constant += !a.is_constant();
            if (non_constant <= 1) {
                LinearForm f;
                linearize(e, 1, f);
                return var_of_form(f, e.at);
            }
            return arithmetic(e);
        }
        case Op::eq: case Op::ne: case Op::lt: case Op::le: case Op::gt: case Op::ge:
        case Op::and_: case Op::or_: case Op::xor_: case Op::iff: case Op::imp: case Op::not_:
        case Op::in: case Op::notin:
            return reify(e);
        case Op::set: throw InputError(e.at, "set(...) outside in/notin");
        default: return arithmetic(e);
    }
}

// The non-linear operators, each on variables for its arguments.
IntVar Builder::arithmetic(const Expr& e) {
    const std::size_t n = e.args.size();
    auto need = [&](std::size_t arity) {
        if (n != arity) throw InputError(e.at, std::string(op_name(e.op)) + " takes " + std::to_string(arity) + " argument" + (arity == 1 ? "" : "s"));
    };
    auto corners = [](Interval a, Interval b) {
        const std::int64_t c[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
        return Interval{*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
    };
    ++m_.constraints;
    switch (e.op) {
        case Op::mul: {
            if (n < 2) throw InputError(e.at, "mul takes two arguments or more");
            IntVar acc = var_of(e.args[0]);
            for (std::size_t i = 1; i < n; ++i) {
                const IntVar y = var_of(e.args[i]);
                const IntVar z = new_var(corners({s_.min(acc), s_.max(acc)}, {s_.min(y), s_.max(y)}), e.at);
                check(times(s_, acc, y, z), e.at, "times");
                acc = z;
            }
            return acc;
        }
        case Op::sqr: {
            need(1);
            const IntVar x = var_of(e.args[0]);
            const IntVar z = new_var(corners({s_.min(x), s_.max(x)}, {s_.min(x), s_.max(x)}), e.at);
            check(times(s_, x, x, z), e.at, "times");
            check(linear(s_, {1}, {z}, Relation::greater_equal, 0), e.at, "sqr");
            return z;
        }
        case Op::div:
        case Op::mod: {
            need(2);
            const IntVar x = var_of(e.args[0]);
            const IntVar y = var_of(e.args[1]);
            const std::int64_t big = std::max<std::int64_t>(std::abs(static_cast<std::int64_t>(s_.min(x))), std::abs(static_cast<std::int64_t>(s_.max(x))));
            const std::int64_t ybig = std::max<std::int64_t>(std::abs(static_cast<std::int64_t>(s_.min(y))), std::abs(static_cast<std::int64_t>(s_.max(y))));
            const Interval range = e.op == Op::div ? Interval{-big, big} : Interval{-std::min(big, ybig), std::min(big, ybig)};
            const IntVar z = new_var(range, e.at);
            check(e.op == Op::div ? divide(s_, x, y, z) : modulo(s_, x, y, z), e.at, op_name(e.op));
            return z;
        }
        case Op::pow: {
            need(2);
            if (!e.args[1].is_constant() || e.args[1].value < 0 || e.args[1].value > 62) unsupported(e.at, "pow with an exponent other than a constant 0..62");
            const IntVar x = var_of(e.args[0]);
            const std::int64_t big = std::max<std::int64_t>(std::abs(static_cast<std::int64_t>(s_.min(x))), std::abs(static_cast<std::int64_t>(s_.max(x))));
            std::int64_t top = 1;
            for (std::int64_t k = 0; k < e.args[1].value; ++k) {
                top *= std::max<std::int64_t>(big, 1);
                if (top > INT32_MAX) unsupported(e.at, "a power beyond 32 bits");
            }
            const IntVar z = new_var({-top, top}, e.at);
            check(power(s_, x, constant_var(e.args[1].value), z), e.at, "power");
            return z;
        }
        case Op::abs:
        case Op::dist: {
            IntVar x;
            if (e.op == Op::abs) {
                need(1);
                x = var_of(e.args[0]);
            } else {
                need(2);
                LinearForm f;
                linearize(e.args[0], 1, f);
                linearize(e.args[1], -1, f);
                x = var_of_form(f, e.at);
            }
            const std::int64_t lo = s_.min(x), hi = s_.max(x);
            const Interval range = lo >= 0 ? Interval{lo, hi} : hi <= 0 ? Interval{-hi, -lo} : Interval{0, std::max(-lo, hi)};
            const IntVar z = new_var(range, e.at);
            check(absolute(s_, x, z), e.at, "absolute");
            return z;
        }
        case Op::min:
        case Op::max: {
            if (n == 0) throw InputError(e.at, std::string(op_name(e.op)) + " needs arguments");
            std::vector<IntVar> xs;
            Interval r{INT64_MAX, INT64_MIN};
            for (const Expr& a : e.args) {
                xs.push_back(var_of(a));
                r.lo = std::min<std::int64_t>(r.lo, s_.min(xs.back()));
                r.hi = std::max<std::int64_t>(r.hi, s_.max(xs.back()));
            }
            const IntVar z = new_var(r, e.at);
            check(e.op == Op::min ? minimum(s_, xs, z) : maximum(s_, xs, z), e.at, op_name(e.op));
            return z;
        }
        case Op::if_: {
            need(3);
            const BoolVar c = reify(e.args[0]);
            const IntVar a = var_of(e.args[1]);
            const IntVar b = var_of(e.args[2]);
            const IntVar z = new_var({std::min(s_.min(a), s_.min(b)), std::max(s_.max(a), s_.max(b))}, e.at);
            check(element(s_, std::vector<IntVar>{b, a}, c, z), e.at, "element");
            return z;
        }
        default: unsupported(e.at, std::string("operator ") + op_name(e.op) + " here");
    }
}

// ---- constraints ----------------------------------------------------------------

std::vector<IntVar> Builder::vars_of(const std::vector<Expr>& list) {
    std::vector<IntVar> xs;
    xs.reserve(list.size());
    for (const Expr& e : list) xs.push_back(var_of(e));
    return xs;
}

void Builder::post_condition(const LinearForm& f, const Condition& cond, Position at) {
    if (failed()) return;
    if (cond.op == Op::in || cond.op == Op::notin) {
        const IntVar z = var_of_form(f, at);
        std::vector<std::pair<int, int>> ranges;
        for (const std::int64_t v : cond.set) ranges.emplace_back(static_cast<int>(v), static_cast<int>(v));
        ++m_.constraints;
        if (cond.op == Op::in) check(member(s_, z, normalize_ranges(std::move(ranges))), at, "member");
        else check(member_reified(s_, z, normalize_ranges(std::move(ranges)), constant_var(0)), at, "member_reified");
        return;
    }
    LinearForm g = f;
    linearize(cond.operand, -1, g);
    Comparison c{};
    switch (cond.op) {
        case Op::eq: c = {Relation::equal, 0}; break;
        case Op::ne: c = {Relation::not_equal, 0}; break;
        case Op::le: c = {Relation::less_equal, 0}; break;
        case Op::lt: c = {Relation::less_equal, -1}; break;
        case Op::ge: c = {Relation::greater_equal, 0}; break;
        default: c = {Relation::greater_equal, 1}; break;  // gt
    }
    post_form(g, c, at);
}

std::shared_ptr<const TupleSet> Builder::shared_tuples(int arity, const std::vector<std::vector<int>>& tuples, Position at) {
    const auto found = tables_.find(tuples);
    if (found != tables_.end()) return found->second;
    std::string error;
    std::shared_ptr<const TupleSet> set = TupleSet::make(arity, tuples, error);
    if (!set) throw InputError(at, "table: " + error);
    tables_.emplace(tuples, set);
    return set;
}

void Builder::post_extension(const Constraint& c) {
    const std::vector<IntVar> xs = vars_of(c.lists[0]);
    const std::size_t arity = xs.size();
    if (arity == 0) {
        if (c.supports == c.tuples.empty()) m_.unsatisfiable = true;  // no variables: one empty tuple
        return;
    }
    // Stars are expanded over the variable's domain when that stays small; a larger
    // short table is posted by post_short_table.
    constexpr double max_tuples = double(std::size_t{1} << 18);
    double expanded = 0;
    for (const auto& t : c.tuples) {
        double product = 1;
        for (std::size_t p = 0; p < arity; ++p) {
            if (t[p] == Constraint::star) product *= static_cast<double>(s_.size(xs[p]));
        }
        expanded += product;
    }
    if (expanded > max_tuples) {
        post_short_table(c, xs);
        return;
    }
    std::vector<std::vector<int>> tuples;
    for (const auto& t : c.tuples) {
        std::vector<std::vector<int>> partial{{}};
        for (std::size_t p = 0; p < arity; ++p) {
            std::vector<std::vector<int>> next;
            for (auto& prefix : partial) {
                if (t[p] != Constraint::star) {
                    if (!s_.contains(xs[p], static_cast<int>(t[p]))) continue;  // cannot match: drop
                    prefix.push_back(static_cast<int>(t[p]));
                    next.push_back(std::move(prefix));
                    continue;
                }
                s_.for_each_value(xs[p], [&](int v) {
                    std::vector<int> extended = prefix;
                    extended.push_back(v);
                    next.push_back(std::move(extended));
                });
            }
            partial = std::move(next);
        }
        for (auto& tuple : partial) tuples.push_back(std::move(tuple));
    }
    std::sort(tuples.begin(), tuples.end());
    tuples.erase(std::unique(tuples.begin(), tuples.end()), tuples.end());
    ++m_.constraints;
    if (arity == 1) {
        std::vector<std::pair<int, int>> ranges;
        for (const auto& t : tuples) ranges.emplace_back(t[0], t[0]);
        const IntRanges set = normalize_ranges(std::move(ranges));
        if (c.supports) check(member(s_, xs[0], set), c.at, "member");
        else check(member_reified(s_, xs[0], set, constant_var(0)), c.at, "member_reified");
        return;
    }
    if (tuples.empty()) {
        if (c.supports) m_.unsatisfiable = true;
        return;
    }
    const auto set = shared_tuples(static_cast<int>(arity), tuples, c.at);
    check(c.supports ? shared_table(s_, xs, set) : shared_forbidden_table(s_, xs, set), c.at, "table");
}

bool is_linear(const Expr& e) {
    if (e.is_constant() || e.is_variable()) return true;
    switch (e.op) {
        case Op::add:
        case Op::sub:
        case Op::neg:
            return std::all_of(e.args.begin(), e.args.end(), is_linear);
        case Op::mul:
            return std::count_if(e.args.begin(), e.args.end(), [](const Expr& a) { return !a.is_constant(); }) <= 1 &&
                   std::all_of(e.args.begin(), e.args.end(), is_linear);
        default: return false;
    }
}

void collect_variables(const Expr& e, std::vector<int>& out) {
    if (e.is_variable() && std::find(out.begin(), out.end(), e.var) == out.end()) out.push_back(e.var);
    for (const Expr& a : e.args) collect_variables(a, out);
}

// A non-linear intension constraint over at most three variables with small domains
// becomes a positive table of the assignments that satisfy it (domain consistency
// instead of the bounds reasoning of the arithmetic propagators).
bool Builder::post_as_table(const Constraint& c) {
    const Expr& e = c.expression;
    if (e.kind != Expr::Kind::call) return false;
    const bool comparison = (e.op == Op::eq || e.op == Op::ne || e.op == Op::lt || e.op == Op::le || e.op == Op::gt || e.op == Op::ge) &&
                            e.args.size() == 2 && is_linear(e.args[0]) && is_linear(e.args[1]);
    if (comparison) return false;
    std::vector<int> vars;
    collect_variables(e, vars);
    if (vars.empty() || vars.size() > 3) return false;
    double product = 1;
    for (const int v : vars) product *= static_cast<double>(in_.variables[static_cast<std::size_t>(v)].values.size());
    if (product > double(1 << 17)) return false;
    Assignment a;
    a.values.assign(in_.variables.size(), 0);
    a.given.assign(in_.variables.size(), false);
    for (const int v : vars) a.given[static_cast<std::size_t>(v)] = true;
    std::vector<std::vector<int>> tuples;
    std::vector<std::size_t> position(vars.size(), 0);
    for (;;) {
        for (std::size_t k = 0; k < vars.size(); ++k) a.values[static_cast<std::size_t>(vars[k])] = in_.variables[static_cast<std::size_t>(vars[k])].values[position[k]];
        bool overflow = false;
        const std::optional<std::int64_t> holds = evaluate(in_, e, a, &overflow);
        if (overflow) unsupported(e.at, "an expression whose values go beyond 64 bits");
        if (holds && *holds != 0) {
            std::vector<int> t;
            for (const int v : vars) t.push_back(static_cast<int>(a.values[static_cast<std::size_t>(v)]));
            tuples.push_back(std::move(t));
        }
        std::size_t k = 0;
        while (k < vars.size() && ++position[k] == in_.variables[static_cast<std::size_t>(vars[k])].values.size()) position[k++] = 0;
        if (k == vars.size()) break;
    }
    std::vector<IntVar> xs;
    for (const int v : vars) xs.push_back(m_.variables[static_cast<std::size_t>(v)]);
    ++m_.constraints;
    if (tuples.empty()) {
        m_.unsatisfiable = true;
    } else if (xs.size() == 1) {
        std::vector<std::pair<int, int>> ranges;
        for (const auto& t : tuples) ranges.emplace_back(t[0], t[0]);
        check(member(s_, xs[0], normalize_ranges(std::move(ranges))), c.at, "member");
    } else {
        check(shared_table(s_, xs, shared_tuples(static_cast<int>(xs.size()), tuples, c.at)), c.at, "table");
    }
    return true;
}

// A table with '*' too large to expand. Supports: a selector variable t (which
// tuple holds) and, per position p, the binary table (t, x_p) of tuple i's value at p
// (any value of x_p where tuple i has '*'): exact, with t as a witness. Conflicts:
// per tuple, a clause saying some non-star position differs from the tuple.
void Builder::post_short_table(const Constraint& c, const std::vector<IntVar>& xs) {
    ++m_.constraints;
    if (!c.supports) {
        for (const auto& t : c.tuples) {
            std::vector<BoolVar> equal_here;
            bool possible = true;
            for (std::size_t p = 0; p < xs.size() && possible; ++p) {
                if (t[p] == Constraint::star) continue;
                possible = s_.contains(xs[p], static_cast<int>(t[p]));
                if (!possible) break;
                const BoolVar b = s_.new_bool_var();
                check(value_channel(s_, xs[p], static_cast<int>(t[p]), b), c.at, "value_channel");
                equal_here.push_back(b);
            }
            if (possible) check(clause(s_, {}, equal_here), c.at, "clause");
        }
        return;
    }
    std::vector<const std::vector<std::int64_t>*> live;
    for (const auto& t : c.tuples) {
        bool possible = true;
        for (std::size_t p = 0; p < xs.size() && possible; ++p) possible = t[p] == Constraint::star || s_.contains(xs[p], static_cast<int>(t[p]));
        if (possible) live.push_back(&t);
    }
    if (live.empty()) {
        m_.unsatisfiable = true;
        return;
    }
    const IntVar selector = s_.new_int_var(0, static_cast<int>(live.size()) - 1);
    for (std::size_t p = 0; p < xs.size() && !failed(); ++p) {
        std::vector<std::vector<int>> pairs;
        for (std::size_t i = 0; i < live.size(); ++i) {
            const std::int64_t v = (*live[i])[p];
            if (v != Constraint::star) pairs.push_back({static_cast<int>(i), static_cast<int>(v)});
            else s_.for_each_value(xs[p], [&](int w) { pairs.push_back({static_cast<int>(i), w}); });
            guard(double(pairs.size()), c.at, "a short table");
        }
        check(table(s_, {selector, xs[p]}, pairs), c.at, "table");
    }
}

void Builder::post_all_different(const std::vector<IntVar>& xs, const std::vector<std::int64_t>& except, Position at) {
    ++m_.constraints;
    if (except.empty()) {
        check(all_different(s_, xs, Consistency::domain), at, "all_different");
        return;
    }
    // With exceptions: for each pair, x_i = x_j implies x_i is an excepted value.
    guard(double(xs.size()) * double(xs.size()), at, "<allDifferent> with <except>");
    std::vector<std::pair<int, int>> ranges;
    for (const std::int64_t v : except) ranges.emplace_back(static_cast<int>(v), static_cast<int>(v));
    const IntRanges excepted = normalize_ranges(std::move(ranges));
    for (std::size_t i = 0; i < xs.size() && !failed(); ++i) {
        const BoolVar free = s_.new_bool_var();
        check(member_reified(s_, xs[i], excepted, free), at, "member_reified");
        for (std::size_t j = i + 1; j < xs.size() && !failed(); ++j) {
            const BoolVar same = s_.new_bool_var();
            check(equal_reified(s_, xs[i], xs[j], same), at, "equal_reified");
            check(clause(s_, {free}, {same}), at, "clause");
        }
    }
}

void Builder::post_sum(const Constraint& c) {
    LinearForm f;
    for (std::size_t i = 0; i < c.lists[0].size(); ++i) {
        if (c.coefficients.empty() || c.coefficients[i].is_constant()) {
            const std::int64_t k = c.coefficients.empty() ? 1 : c.coefficients[i].value;
            linearize(c.lists[0][i], k, f);
        } else {
            Expr product;
            product.kind = Expr::Kind::call;
            product.op = Op::mul;
            product.at = c.at;
            product.args = {c.lists[0][i], c.coefficients[i]};
            f.add(var_of(product), 1);
        }
    }
    post_condition(f, c.condition, c.at);
}

// count: the engine's among (constant values) or count (one variable value); with
// several variable values, b_i <=> x_i equals one of them, and the condition on sum b_i.
void Builder::post_count(const Constraint& c) {
    const std::vector<IntVar> xs = vars_of(c.lists[0]);
    const bool constant_values = std::all_of(c.values.begin(), c.values.end(), [](const Expr& v) { return v.is_constant(); });
    ++m_.constraints;
    if (constant_values || c.values.size() == 1) {
        const IntVar n = s_.new_int_var(0, static_cast<int>(xs.size()));
        if (constant_values) {
            std::vector<int> values;
            for (const Expr& v : c.values) values.push_back(static_cast<int>(v.value));
            check(count_among(s_, xs, values, n), c.at, "count_among");
        } else {
            check(count_equal(s_, xs, var_of(c.values[0]), n), c.at, "count_equal");
        }
        LinearForm f;
        f.add(n, 1);
        post_condition(f, c.condition, c.at);
        return;
    }
    const std::vector<IntVar> values = vars_of(c.values);
    guard(double(xs.size()) * double(values.size()), c.at, "<count> with variable values");
    LinearForm f;
    for (const IntVar x : xs) {
        const BoolVar b = s_.new_bool_var();
        std::vector<BoolLiteral> equal_one;
        for (const IntVar v : values) {
            const BoolVar e = s_.new_bool_var();
            check(equal_reified(s_, x, v, e), c.at, "equal_reified");
            equal_one.push_back({e, true});
        }
        check(or_reified(s_, equal_one, BoolLiteral{b, true}), c.at, "or_reified");
        f.add(b, 1);
    }
    post_condition(f, c.condition, c.at);
}

// A variable equal to the number of distinct values of xs outside `except` (the
// engine's n_values).
IntVar Builder::n_values_var(const std::vector<IntVar>& xs, const std::vector<std::int64_t>& except, Position at) {
    const IntVar n = s_.new_int_var(0, static_cast<int>(xs.size()));
    std::vector<int> excepted;
    for (const std::int64_t v : except) excepted.push_back(static_cast<int>(v));
    ++m_.constraints;
    check(n_values(s_, xs, n, excepted), at, "n_values");
    return n;
}

// cardinality: the engine's global_cardinality (occurs as variables, constants fixed).
void Builder::post_cardinality(const Constraint& c) {
    std::vector<int> values;
    for (const Expr& v : c.values) values.push_back(static_cast<int>(v.value));
    ++m_.constraints;
    check(global_cardinality(s_, vars_of(c.lists[0]), values, vars_of(c.occurs), c.closed), c.at, "global_cardinality");
}

void Builder::post_element(const Constraint& c) {
    if (c.kind == Kind::element_matrix) {
        // M[i][j] is element (i - row start) * columns + (j - column start) of the
        // rows laid end to end; the column index is kept within its row.
        const std::int64_t columns = static_cast<std::int64_t>(c.lists[0].size());
        const IntVar j = var_of(c.index2);
        check(member(s_, j, normalize_ranges({{static_cast<int>(c.start_index2), static_cast<int>(c.start_index2 + columns - 1)}})), c.at, "member");
        Constraint flat = c;
        flat.kind = Kind::element;
        flat.lists = {{}};
        for (const auto& row : c.lists) flat.lists[0].insert(flat.lists[0].end(), row.begin(), row.end());
        Expr index;
        index.kind = Expr::Kind::call;
        index.op = Op::add;
        index.at = c.at;
        Expr row_part;
        row_part.kind = Expr::Kind::call;
        row_part.op = Op::mul;
        row_part.at = c.at;
        row_part.args = {c.index, Expr::constant_of(columns)};
        index.args = {row_part, c.index2, Expr::constant_of(-c.start_index * columns - c.start_index2)};
        flat.index = index;
        flat.start_index = 0;
        post_element(flat);
        return;
    }
    IntVar index = var_of(c.index);
    if (c.start_index != 0) {
        LinearForm f;
        f.add(index, 1);
        f.constant = -c.start_index;
        index = var_of_form(f, c.at);
    }
    bool constants = true;
    Interval r{INT64_MAX, INT64_MIN};
    for (const Expr& x : c.lists[0]) constants = constants && x.is_constant();
    const std::vector<IntVar> xs = vars_of(c.lists[0]);
    for (const IntVar x : xs) {
        r.lo = std::min<std::int64_t>(r.lo, s_.min(x));
        r.hi = std::max<std::int64_t>(r.hi, s_.max(x));
    }
    if (xs.empty()) {
        m_.unsatisfiable = true;
        return;
    }
    const IntVar result = c.has_value ? var_of(c.value) : new_var(r, c.at);
    ++m_.constraints;
    if (constants) {
        std::vector<int> values;
        for (const Expr& x : c.lists[0]) values.push_back(static_cast<int>(x.value));
        check(element(s_, values, index, result), c.at, "element");
    } else {
        check(element(s_, xs, index, result), c.at, "element");
    }
    if (c.has_condition) {
        LinearForm f;
        f.add(result, 1);
        post_condition(f, c.condition, c.at);
    }
}

void Builder::post_channel(const Constraint& c) {
    const std::vector<IntVar> x = vars_of(c.lists[0]);
    if (c.has_value) {  // exactly one x_i is 1, at index value - start
        const IntVar v = var_of(c.value);
        LinearForm f;
        for (const IntVar b : x) f.add(b, 1);
        post_form(f, {Relation::equal, 1}, c.at);
        for (std::size_t i = 0; i < x.size(); ++i) {
            check(value_channel(s_, v, static_cast<int>(static_cast<std::int64_t>(i) + c.start_index), x[i]), c.at, "value_channel");
        }
        std::vector<std::pair<int, int>> range{{static_cast<int>(c.start_index), static_cast<int>(c.start_index + static_cast<std::int64_t>(x.size()) - 1)}};
        check(member(s_, v, normalize_ranges(range)), c.at, "member");
        return;
    }
    const std::vector<IntVar> y = vars_of(c.lists[1]);
    const bool same_length = x.size() == y.size();
    if (same_length) {  // inverse permutations: the engine's inverse (domain consistent)
        ++m_.constraints;
        check(inverse(s_, x, y, static_cast<int>(c.start_index), static_cast<int>(c.start_index2)), c.at, "inverse");
        return;
    }
    guard(double(x.size()) * double(y.size()), c.at, "<channel>");
    const std::int64_t n = static_cast<std::int64_t>(x.size()), m = static_cast<std::int64_t>(y.size());
    ++m_.constraints;
    // x_i = j + start2  <=>  y_j = i + start1 (only => when x is shorter), and every
    // x_i points into y (every y_j into x when the lengths agree).
    for (std::int64_t i = 0; i < n; ++i) {
        check(member(s_, x[static_cast<std::size_t>(i)], normalize_ranges({{static_cast<int>(c.start_index2), static_cast<int>(c.start_index2 + m - 1)}})), c.at, "member");
    }
    if (same_length) {
        for (std::int64_t j = 0; j < m; ++j) {
            check(member(s_, y[static_cast<std::size_t>(j)], normalize_ranges({{static_cast<int>(c.start_index), static_cast<int>(c.start_index + n - 1)}})), c.at, "member");
        }
    }
    for (std::int64_t i = 0; i < n && !failed(); ++i) {
        for (std::int64_t j = 0; j < m && !failed(); ++j) {
            const IntVar xi = x[static_cast<std::size_t>(i)], yj = y[static_cast<std::size_t>(j)];
            const BoolVar b = s_.new_bool_var();
            check(value_channel(s_, xi, static_cast<int>(j + c.start_index2), b), c.at, "value_channel");
            if (same_length) {
                check(value_channel(s_, yj, static_cast<int>(i + c.start_index), b), c.at, "value_channel");
            } else {
                const BoolVar back = s_.new_bool_var();
                check(value_channel(s_, yj, static_cast<int>(i + c.start_index), back), c.at, "value_channel");
                check(clause(s_, {back}, {b}), c.at, "clause");
            }
        }
    }
}

// x <=lex y (strict: <lex): the engine's lex propagators (domain consistent).
void Builder::post_lex(const std::vector<IntVar>& x, const std::vector<IntVar>& y, bool strict, Position at) {
    ++m_.constraints;
    check(strict ? lex_less(s_, x, y) : lex_less_equal(s_, x, y), at, strict ? "lex_less" : "lex_less_equal");
}

// regular: the engine's regular (Pesant's layered graph; non-deterministic
// automata too).
void Builder::post_regular(const Constraint& c) {
    const Automaton& a = c.automaton;
    prune::Automaton automaton;
    automaton.states = a.states;
    automaton.initial = a.start;
    automaton.accepting = a.finals;
    for (const auto& t : a.transitions) automaton.transitions.push_back({t.from, static_cast<int>(t.value), t.to});
    ++m_.constraints;
    check(regular(s_, vars_of(c.lists[0]), automaton), c.at, "regular");
}

// noOverlap in one dimension: the engine's disjunctive (zeroIgnored: a task of
// length 0 may be anywhere, the default).
void Builder::post_no_overlap(const Constraint& c) {
    ++m_.constraints;
    if (c.lists.size() == 4) {  // two dimensions: x, y origins, then x, y lengths
        check(no_overlap_2d(s_, vars_of(c.lists[0]), vars_of(c.lists[1]), vars_of(c.lists[2]), vars_of(c.lists[3]),
                            c.zero_ignored),
              c.at, "no_overlap_2d");
        return;
    }
    check(disjunctive(s_, vars_of(c.lists[0]), vars_of(c.lists[1]), c.zero_ignored), c.at, "disjunctive");
}

// cumulative: the engine's time-tabling cumulative; the condition bounds the
// height profile (le, or lt as le with the capacity one less).
void Builder::post_cumulative(const Constraint& c) {
    if (c.condition.op != Op::le && c.condition.op != Op::lt) unsupported(c.at, "<cumulative> with a condition other than le/lt");
    LinearForm capacity;
    linearize(c.condition.operand, 1, capacity);
    if (c.condition.op == Op::lt) capacity.constant -= 1;
    ++m_.constraints;
    check(cumulative(s_, vars_of(c.lists[0]), vars_of(c.lists[1]), vars_of(c.values), var_of_form(capacity, c.at)), c.at, "cumulative");
}

void Builder::post(const Constraint& c) {
    switch (c.kind) {
        case Kind::intension:
            if (!post_as_table(c)) post_true(c.expression);
            return;
        case Kind::extension: post_extension(c); return;
        case Kind::all_different: post_all_different(vars_of(c.lists[0]), c.except, c.at); return;
        case Kind::all_different_matrix:
            for (const auto& row : c.lists) post_all_different(vars_of(row), c.except, c.at);
            for (std::size_t j = 0; j < c.lists[0].size(); ++j) {
                std::vector<Expr> column;
                for (const auto& row : c.lists) column.push_back(row[j]);
                post_all_different(vars_of(column), c.except, c.at);
            }
            return;
        case Kind::all_equal: {
            const std::vector<IntVar> xs = vars_of(c.lists[0]);
            for (std::size_t i = 1; i < xs.size(); ++i) check(equal(s_, xs[0], xs[i]), c.at, "equal");
            return;
        }
        case Kind::sum: post_sum(c); return;
        case Kind::count: post_count(c); return;
        case Kind::n_values: {
            LinearForm f;
            f.add(n_values_var(vars_of(c.lists[0]), c.except, c.at), 1);
            post_condition(f, c.condition, c.at);
            return;
        }
        case Kind::cardinality: post_cardinality(c); return;
        case Kind::element:
        case Kind::element_matrix: post_element(c); return;
        case Kind::channel: post_channel(c); return;
        case Kind::minimum:
        case Kind::maximum: {
            Expr e;
            e.kind = Expr::Kind::call;
            e.op = c.kind == Kind::minimum ? Op::min : Op::max;
            e.args = c.lists[0];
            e.at = c.at;
            LinearForm f;
            f.add(var_of(e), 1);
            post_condition(f, c.condition, c.at);
            return;
        }
        case Kind::ordered: {
            const std::vector<IntVar> xs = vars_of(c.lists[0]);
            for (std::size_t i = 0; i + 1 < xs.size(); ++i) {
                LinearForm f;
                f.add(xs[i], 1);
                f.add(xs[i + 1], -1);
                const Comparison cmp = c.relation == Op::lt ? Comparison{Relation::less_equal, -1}
                                     : c.relation == Op::le ? Comparison{Relation::less_equal, 0}
                                     : c.relation == Op::gt ? Comparison{Relation::greater_equal, 1}
                                                            : Comparison{Relation::greater_equal, 0};
                post_form(f, cmp, c.at);
            }
            return;
        }
        case Kind::lex:
        case Kind::lex_matrix: {
            const bool strict = c.relation == Op::lt || c.relation == Op::gt;
            const bool reverse = c.relation == Op::gt || c.relation == Op::ge;
            auto chain = [&](const std::vector<std::vector<Expr>>& rows) {
                for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
                    const std::vector<IntVar> a = vars_of(rows[i]), b = vars_of(rows[i + 1]);
                    if (reverse) post_lex(b, a, strict, c.at);
                    else post_lex(a, b, strict, c.at);
                }
            };
            chain(c.lists);
            if (c.kind == Kind::lex_matrix && !c.lists.empty()) {
                std::vector<std::vector<Expr>> columns(c.lists[0].size());
                for (const auto& row : c.lists) {
                    for (std::size_t j = 0; j < row.size(); ++j) columns[j].push_back(row[j]);
                }
                chain(columns);
            }
            return;
        }
        case Kind::regular: post_regular(c); return;
        case Kind::circuit:  // x[i] = i leaves node i out; the others form one circuit
            ++m_.constraints;
            check(subcircuit(s_, vars_of(c.lists[0]), static_cast<int>(c.start_index), false), c.at, "subcircuit");
            return;
        case Kind::no_overlap: post_no_overlap(c); return;
        case Kind::cumulative: post_cumulative(c); return;
        case Kind::instantiation:
            for (std::size_t i = 0; i < c.values.size(); ++i) {
                LinearForm f;
                f.add(var_of(c.lists[0][i]), 1);
                post_form(f, {Relation::equal, c.values[i].value}, c.at);
            }
            return;
        case Kind::clause: {
            std::vector<BoolVar> positives, negatives;
            for (std::size_t i = 0; i < c.lists[0].size(); ++i) (c.negated[i] ? negatives : positives).push_back(var_of(c.lists[0][i]));
            ++m_.constraints;
            check(clause(s_, positives, negatives), c.at, "clause");
            return;
        }
    }
}

void Builder::post_objective() {
    const Objective& o = in_.objective;
    IntVar z;
    switch (o.type) {
        case Objective::Type::expression: z = var_of(o.expression); break;
        case Objective::Type::sum: {
            LinearForm f;
            for (std::size_t i = 0; i < o.list.size(); ++i) linearize(o.list[i], o.coefficients.empty() ? 1 : o.coefficients[i].value, f);
            z = var_of_form(f, o.at);
            break;
        }
        case Objective::Type::minimum:
        case Objective::Type::maximum: {
            Expr e;
            e.kind = Expr::Kind::call;
            e.op = o.type == Objective::Type::minimum ? Op::min : Op::max;
            e.args = o.list;
            e.at = o.at;
            z = var_of(e);
            break;
        }
        case Objective::Type::n_values: z = n_values_var(vars_of(o.list), {}, o.at); break;
    }
    m_.has_objective = true;
    m_.minimize = o.minimize;
    m_.objective = z;
}

void Builder::build() {
    for (const Variable& v : in_.variables) {
        m_.variables.push_back(s_.new_int_var(v.values, v.name));
        if (v.values.empty()) m_.unsatisfiable = true;  // an empty domain (a range lo..hi with lo > hi)
    }
    for (const Constraint& c : in_.constraints) {
        if (failed()) break;
        post(c);
    }
    if (in_.has_objective && !failed()) post_objective();
}

}  // namespace

Model build_model(const Instance& instance) {
    Model m;
    m.solver = std::make_unique<Solver>();
    Builder(instance, m).build();
    return m;
}

}  // namespace prune::xcsp3
