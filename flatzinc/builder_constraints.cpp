// The constraints of the FlatZinc builder: one table of the builtins prune knows
// (name, posting method, arity, relation, form) and the methods that post them.
#include <algorithm>
#include <optional>

#include "builder_internal.hpp"
#include "engine/propagators/linear.hpp"  // floor_div, ceil_div

namespace prune::flatzinc::detail {

// ---------------------------------------------------------------- linear helpers

void Builder::collect_terms(const std::vector<std::int64_t>& coefficients, const std::vector<Value>& values, std::int64_t& rhs,
                            std::vector<std::int64_t>& a, std::vector<IntVar>& x, Location where) {
    if (coefficients.size() != values.size()) {
        throw BuildError{where, std::to_string(coefficients.size()) + " coefficients for " + std::to_string(values.size()) + " terms"};
    }
    // Coefficients and constants up to 2^32 in magnitude: each product fits in 64 bits;
    // the sum is accumulated in 128 bits and must end within +-2^62.
    constexpr std::int64_t limit = std::int64_t{1} << 32;
    __int128 folded = rhs;
    std::unordered_map<int, std::size_t> position;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::int64_t c = coefficients[i];
        if (c > limit || c < -limit) throw BuildError{where, "the coefficient " + std::to_string(c) + " is out of range"};
        if (!values[i].is_var) {
            const std::int64_t k = values[i].constant;
            if (k > limit || k < -limit) throw BuildError{where, "the constant " + std::to_string(k) + " is out of range"};
            folded -= static_cast<__int128>(c) * k;
            continue;
        }
        auto [it, inserted] = position.emplace(values[i].var.index, a.size());
        if (inserted) {
            a.push_back(c);
            x.push_back(values[i].var);
        } else {
            a[it->second] += c;
        }
    }
    constexpr __int128 rhs_limit = static_cast<__int128>(1) << 62;
    if (folded >= rhs_limit || folded <= -rhs_limit) throw BuildError{where, "a linear constant is out of range (|c| < 2^62)"};
    rhs = static_cast<std::int64_t>(folded);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] == 0) continue;
        a[kept] = a[i];
        x[kept] = x[i];
        ++kept;
    }
    a.resize(kept);
    x.resize(kept);
}

void Builder::post_linear(std::vector<std::int64_t> coefficients, const std::vector<Value>& values, Relation rel,
                          std::int64_t rhs, Location where) {
    std::vector<std::int64_t> a;
    std::vector<IntVar> x;
    collect_terms(coefficients, values, rhs, a, x, where);
    if (a.empty()) {
        if (!relation_holds(0, rel, rhs)) s().fail();
        return;
    }
    if (a.size() == 1) {
        const std::int64_t c = a[0];
        const IntVar v = x[0];
        switch (rel) {
            case Relation::equal:
                if (rhs % c != 0 || !fits_int(rhs / c)) s().fail();
                else fail_if(s().assign(v, static_cast<int>(rhs / c)));
                return;
            case Relation::less_equal:
                fail_if(c > 0 ? s().set_max(v, floor_div(rhs, c)) : s().set_min(v, ceil_div(rhs, c)));
                return;
            case Relation::greater_equal:
                fail_if(c > 0 ? s().set_min(v, ceil_div(rhs, c)) : s().set_max(v, floor_div(rhs, c)));
                return;
            case Relation::not_equal:
                if (rhs % c != 0 || !fits_int(rhs / c)) return;
                if (s().is_bitset(v) || rhs / c == s().min(v) || rhs / c == s().max(v)) {
                    fail_if(s().remove(v, static_cast<int>(rhs / c)));
                    return;
                }
                break;  // an interior value of a bounds-only domain: a propagator
        }
    }
    if (a.size() == 2 && (a[0] == 1 || a[0] == -1) && a[1] == -a[0] && fits_int(rhs) && fits_int(-rhs)) {
        const IntVar p = a[0] == 1 ? x[0] : x[1];  // p - q (rel) rhs
        const IntVar q = a[0] == 1 ? x[1] : x[0];
        const int k = static_cast<int>(rhs);
        switch (rel) {
            case Relation::equal: equal_offset(s(), p, q, k); return;
            case Relation::not_equal: not_equal_offset(s(), p, q, k); return;
            case Relation::less_equal: less_equal_offset(s(), p, q, k); return;
            case Relation::greater_equal: less_equal_offset(s(), q, p, -k); return;
        }
    }
    if (rel != Relation::not_equal && a.size() >= 3 && post_bool_sum(a, x, rel, rhs, where)) return;
    linear(s(), a, x, rel, rhs);
}

// Sums of 0/1 variables with unit coefficients, as count and cardinality
// decompositions produce them: sign * (b_1 + ... + b_n) [- sign * c] (rel) rhs
// becomes one counting propagator (bool_sum) instead of a general linear.
bool Builder::post_bool_sum(const std::vector<std::int64_t>& a, const std::vector<IntVar>& x, Relation rel,
                            std::int64_t rhs, Location where) {
    auto is_bool = [&](std::size_t i) { return s().min(x[i]) >= 0 && s().max(x[i]) <= 1; };
    for (const std::int64_t sign : {std::int64_t{1}, std::int64_t{-1}}) {
        std::vector<BoolVar> bools;
        std::vector<std::size_t> others;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (a[i] == sign && is_bool(i)) bools.push_back(x[i]);
            else others.push_back(i);
        }
        if (bools.size() < 2) continue;
        // sign = -1: -(sum) rel r  <=>  sum flip(rel) -r.
        const auto flip = [&](Relation r) {
            if (sign > 0 || r == Relation::equal) return r;
            return r == Relation::less_equal ? Relation::greater_equal : Relation::less_equal;
        };
        if (others.empty()) {
            const std::int64_t bound = sign * rhs;
            if (!fits_int(bound)) return false;
            bool_sum(s(), bools, flip(rel), constant_var(bound, where));
            return true;
        }
        if (others.size() == 1 && a[others[0]] == -sign && rhs == 0) {
            bool_sum(s(), bools, flip(rel), x[others[0]]);  // sum - c (rel) 0
            return true;
        }
    }
    return false;
}

namespace {

Relation negation(Relation rel, std::int64_t& rhs) {
    switch (rel) {
        case Relation::equal: return Relation::not_equal;
        case Relation::not_equal: return Relation::equal;
        case Relation::less_equal: ++rhs; return Relation::greater_equal;
        case Relation::greater_equal: --rhs; return Relation::less_equal;
    }
    return rel;
}

}  // namespace

void Builder::post_linear_reified(std::vector<std::int64_t> coefficients, const std::vector<Value>& values, Relation rel,
                                  std::int64_t rhs, const Value& r, Reification mode, Location where) {
    if (!r.is_var) {
        if (r.constant == 1) {
            post_linear(std::move(coefficients), values, rel, rhs, where);
        } else if (mode == Reification::equivalence) {
            const Relation negated = negation(rel, rhs);
            post_linear(std::move(coefficients), values, negated, rhs, where);
        }
        return;
    }
    const BoolVar b = r.var;
    std::vector<std::int64_t> a;
    std::vector<IntVar> x;
    collect_terms(coefficients, values, rhs, a, x, where);
    if (a.empty()) {
        const bool truth = relation_holds(0, rel, rhs);
        if (mode == Reification::equivalence) fail_if(s().assign(b, truth ? 1 : 0));
        else if (!truth) fail_if(s().assign(b, 0));
        return;
    }
    if (a.size() == 1) {
        // a * v (rel) rhs is membership of v in a set of ranges: domain consistent.
        const std::int64_t c = a[0];
        std::vector<std::pair<std::int64_t, std::int64_t>> set;
        switch (rel) {
            case Relation::equal:
                if (rhs % c == 0) set.push_back({rhs / c, rhs / c});
                break;
            case Relation::not_equal:
                if (rhs % c == 0) {
                    set.push_back({INT32_MIN, rhs / c - 1});
                    set.push_back({rhs / c + 1, INT32_MAX});
                } else {
                    set.push_back({INT32_MIN, INT32_MAX});
                }
                break;
            case Relation::less_equal:
                if (c > 0) set.push_back({INT32_MIN, floor_div(rhs, c)});
                else set.push_back({ceil_div(rhs, c), INT32_MAX});
                break;
            case Relation::greater_equal:
                if (c > 0) set.push_back({ceil_div(rhs, c), INT32_MAX});
                else set.push_back({INT32_MIN, floor_div(rhs, c)});
                break;
        }
        member_reified(s(), x[0], clipped_to_int(set), b, mode);
        return;
    }
    linear_reified(s(), a, x, rel, rhs, b, mode);
}


// ---------------------------------------------------------------- the builtins

std::span<const Builtin> Builder::builtins() {
    constexpr Relation eq = Relation::equal, ne = Relation::not_equal, le = Relation::less_equal, ge = Relation::greater_equal;
    constexpr Form plain = Form::plain, reif = Form::reif, imp = Form::imp;
    using B = Builder;
    // name, method, arity (0: checked by the method), relation, offset, form.
    // Strict relations are the non-strict ones with an offset: x < y is x - y <= -1.
    static const Builtin table[] = {
        {"int_eq", &B::compare, 2, eq, 0, plain},           {"int_ne", &B::compare, 2, ne, 0, plain},
        {"int_le", &B::compare, 2, le, 0, plain},           {"int_lt", &B::compare, 2, le, -1, plain},
        {"int_ge", &B::compare, 2, ge, 0, plain},           {"int_gt", &B::compare, 2, ge, 1, plain},
        {"int_eq_reif", &B::compare, 3, eq, 0, reif},       {"int_ne_reif", &B::compare, 3, ne, 0, reif},
        {"int_le_reif", &B::compare, 3, le, 0, reif},       {"int_lt_reif", &B::compare, 3, le, -1, reif},
        {"int_ge_reif", &B::compare, 3, ge, 0, reif},       {"int_gt_reif", &B::compare, 3, ge, 1, reif},
        {"int_eq_imp", &B::compare, 3, eq, 0, imp},         {"int_ne_imp", &B::compare, 3, ne, 0, imp},
        {"int_le_imp", &B::compare, 3, le, 0, imp},         {"int_lt_imp", &B::compare, 3, le, -1, imp},
        {"int_ge_imp", &B::compare, 3, ge, 0, imp},         {"int_gt_imp", &B::compare, 3, ge, 1, imp},
        {"int_lin_eq", &B::lin, 3, eq, 0, plain},           {"int_lin_ne", &B::lin, 3, ne, 0, plain},
        {"int_lin_le", &B::lin, 3, le, 0, plain},           {"int_lin_lt", &B::lin, 3, le, -1, plain},
        {"int_lin_ge", &B::lin, 3, ge, 0, plain},           {"int_lin_gt", &B::lin, 3, ge, 1, plain},
        {"int_lin_eq_reif", &B::lin, 4, eq, 0, reif},       {"int_lin_ne_reif", &B::lin, 4, ne, 0, reif},
        {"int_lin_le_reif", &B::lin, 4, le, 0, reif},       {"int_lin_lt_reif", &B::lin, 4, le, -1, reif},
        {"int_lin_ge_reif", &B::lin, 4, ge, 0, reif},       {"int_lin_gt_reif", &B::lin, 4, ge, 1, reif},
        {"int_lin_eq_imp", &B::lin, 4, eq, 0, imp},         {"int_lin_ne_imp", &B::lin, 4, ne, 0, imp},
        {"int_lin_le_imp", &B::lin, 4, le, 0, imp},         {"int_lin_lt_imp", &B::lin, 4, le, -1, imp},
        {"int_lin_ge_imp", &B::lin, 4, ge, 0, imp},         {"int_lin_gt_imp", &B::lin, 4, ge, 1, imp},
        {"bool_lin_eq", &B::bool_lin, 3, eq, 0, plain},     {"bool_lin_ne", &B::bool_lin, 3, ne, 0, plain},
        {"bool_lin_le", &B::bool_lin, 3, le, 0, plain},     {"bool_lin_lt", &B::bool_lin, 3, le, -1, plain},
        {"bool_lin_ge", &B::bool_lin, 3, ge, 0, plain},     {"bool_lin_gt", &B::bool_lin, 3, ge, 1, plain},
        {"bool2int", &B::compare, 2, eq, 0, plain},         {"bool_eq", &B::compare, 2, eq, 0, plain},
        {"bool_le", &B::compare, 2, le, 0, plain},          {"bool_lt", &B::compare, 2, le, -1, plain},
        {"int_plus", &B::int_plus, 3},                      {"int_minus", &B::int_minus, 3},
        {"int_negate", &B::int_negate, 2},                  {"int_times", &B::int_times, 3},
        {"int_div", &B::int_div, 3},                        {"int_mod", &B::int_mod, 3},
        {"int_pow", &B::int_pow, 3},                        {"int_pow_fixed", &B::int_pow, 3},
        {"int_abs", &B::int_abs, 2},                        {"int_min", &B::int_min, 3},
        {"int_max", &B::int_max, 3},                        {"array_int_minimum", &B::array_int_minimum, 2},
        {"array_int_maximum", &B::array_int_maximum, 2},    {"array_int_element", &B::array_element, 3},
        {"array_bool_element", &B::array_element, 3},       {"array_var_int_element", &B::array_element, 3},
        {"array_var_bool_element", &B::array_element, 3},   {"bool_eq_reif", &B::bool_eq_reif, 3},
        {"bool_ne", &B::bool_not, 2},                       {"bool_not", &B::bool_not, 2},
        {"bool_ne_reif", &B::bool_xor, 0},                  {"bool_xor", &B::bool_xor, 0},
        {"bool_le_reif", &B::bool_le_reif, 3},              {"bool_lt_reif", &B::bool_lt_reif, 3},
        {"bool_and", &B::bool_and, 3},                      {"bool_or", &B::bool_or, 3},
        {"array_bool_and", &B::array_bool_and, 2},          {"array_bool_or", &B::array_bool_or, 2},
        {"array_bool_xor", &B::array_bool_xor, 1},          {"bool_clause", &B::bool_clause, 2},
        {"bool_clause_reif", &B::bool_clause_reif, 3},      {"prune_bool_clause_reif", &B::bool_clause_reif, 3},
        {"bool_clause_imp", &B::bool_imp, 3},               {"array_bool_and_imp", &B::bool_imp, 2},
        {"array_bool_or_imp", &B::bool_imp, 2},             {"bool_and_imp", &B::bool_imp, 3},
        {"bool_or_imp", &B::bool_imp, 3},                   {"bool_eq_imp", &B::bool_imp, 3},
        {"bool_ne_imp", &B::bool_imp, 3},                   {"bool_xor_imp", &B::bool_imp, 3},
        {"bool_le_imp", &B::bool_imp, 3},                   {"bool_lt_imp", &B::bool_imp, 3},
        {"set_in", &B::set_in, 2},                          {"set_in_reif", &B::set_in_reif, 3, eq, 0, reif},
        {"set_in_imp", &B::set_in_reif, 3, eq, 0, imp},     {"prune_all_different", &B::all_different, 1},
        {"fzn_all_different_int", &B::all_different, 1},    {"all_different_int", &B::all_different, 1},
        {"prune_table_int", &B::table, 2},                  {"prune_table_bool", &B::table, 2},
        // Graph and scheduling globals (builder_scheduling.cpp).
        {"prune_circuit", &B::circuit, 2},                  {"prune_subcircuit", &B::circuit, 2},
        {"prune_inverse", &B::inverse, 4},                  {"prune_cumulative", &B::cumulative, 4},
        {"prune_disjunctive", &B::disjunctive, 2},          {"prune_disjunctive_strict", &B::disjunctive, 2},
        {"prune_diffn", &B::diffn, 4},                      {"prune_diffn_nonstrict", &B::diffn, 4},
        // Counting, cardinality, ordering and automaton globals (mznlib; the offset
        // tells closed gcc and strict lex apart).
        {"prune_count_eq", &B::count_eq, 3},                {"prune_among", &B::among, 3},
        {"prune_global_cardinality", &B::global_cardinality, 3, eq, 0},
        {"prune_global_cardinality_closed", &B::global_cardinality, 3, eq, 1},
        {"prune_nvalue", &B::nvalue, 2},
        {"prune_lex_lesseq", &B::lex, 2, le, 0},            {"prune_lex_less", &B::lex, 2, le, -1},
        {"prune_lex_lesseq_bool", &B::lex, 2, le, 0},       {"prune_lex_less_bool", &B::lex, 2, le, -1},
        {"prune_regular", &B::regular, 5},
    };
    return table;
}

const Builtin* Builder::find_builtin(std::string_view name) {
    static const std::unordered_map<std::string_view, const Builtin*> by_name = [] {
        std::unordered_map<std::string_view, const Builtin*> map;
        for (const Builtin& b : builtins()) map.emplace(b.name, &b);
        return map;
    }();
    const auto it = by_name.find(name);
    return it == by_name.end() ? nullptr : it->second;
}

void Builder::arguments(const Constraint& c, std::size_t n) {
    if (c.arguments.size() != n) {
        throw BuildError{c.where, "'" + c.name + "' expects " + std::to_string(n) + " arguments, not " + std::to_string(c.arguments.size())};
    }
}

void Builder::constrain(const Constraint& c) {
    const Builtin* builtin = find_builtin(c.name);
    if (const auto half = half_forms_.find(&c); half != half_forms_.end()) {
        builtin = half->second;
        ++out_.half_reified;
    }
    if (builtin == nullptr) {
        if (c.name.rfind("float_", 0) == 0 || c.name.find("_float_") != std::string::npos) {
            throw BuildError{c.where, "float constraints are not supported by prune ('" + c.name + "')"};
        }
        throw BuildError{c.where, "unsupported constraint '" + c.name + "'"};
    }
    check_annotations(c.annotations);
    if (builtin->arity != 0) arguments(c, builtin->arity);
    if (post_merged(c)) return;
    (this->*(builtin->post))(c, *builtin);
    ++out_.constraints;
    if (!s().error().empty()) throw BuildError{c.where, s().error()};
}

// ---------------------------------------------------------------- comparisons and sums

namespace {

Reification reification_of(Form form) { return form == Form::imp ? Reification::implication : Reification::equivalence; }

}  // namespace

void Builder::compare(const Constraint& c, const Builtin& b) {  // x (rel) y + offset [<-> / <- r]
    const std::vector<Value> terms{scalar(c.arguments[0]), scalar(c.arguments[1])};
    if (b.form == Form::plain) {
        post_linear({1, -1}, terms, b.relation, b.offset, c.where);
    } else {
        post_linear_reified({1, -1}, terms, b.relation, b.offset, scalar(c.arguments[2]), reification_of(b.form), c.where);
    }
}

void Builder::lin(const Constraint& c, const Builtin& b) {  // int_lin_*(as, xs, rhs [, r])
    const std::vector<std::int64_t> a = pars(c.arguments[0]);
    const std::vector<Value> x = array(c.arguments[1]);
    const std::int64_t rhs = par(c.arguments[2]) + b.offset;
    if (b.form == Form::plain) {
        post_linear(a, x, b.relation, rhs, c.where);
    } else {
        post_linear_reified(a, x, b.relation, rhs, scalar(c.arguments[3]), reification_of(b.form), c.where);
    }
}

void Builder::bool_lin(const Constraint& c, const Builtin& b) {  // bool_lin_*(as, bs, k), k possibly a variable
    std::vector<std::int64_t> a = pars(c.arguments[0]);
    std::vector<Value> x = array(c.arguments[1]);
    a.push_back(-1);
    x.push_back(scalar(c.arguments[2]));
    post_linear(a, x, b.relation, b.offset, c.where);
}

void Builder::int_plus(const Constraint& c, const Builtin&) {  // a + b = z
    post_linear({1, 1, -1}, {scalar(c.arguments[0]), scalar(c.arguments[1]), scalar(c.arguments[2])}, Relation::equal, 0, c.where);
}

void Builder::int_minus(const Constraint& c, const Builtin&) {  // a - b = z
    post_linear({1, -1, -1}, {scalar(c.arguments[0]), scalar(c.arguments[1]), scalar(c.arguments[2])}, Relation::equal, 0, c.where);
}

void Builder::int_negate(const Constraint& c, const Builtin&) {  // b = -a
    post_linear({1, 1}, {scalar(c.arguments[0]), scalar(c.arguments[1])}, Relation::equal, 0, c.where);
}

// ---------------------------------------------------------------- arithmetic

void Builder::int_times(const Constraint& c, const Builtin&) {
    const Value x = scalar(c.arguments[0]), y = scalar(c.arguments[1]), z = scalar(c.arguments[2]);
    if (!x.is_var) return post_linear({x.constant, -1}, {y, z}, Relation::equal, 0, c.where);
    if (!y.is_var) return post_linear({y.constant, -1}, {x, z}, Relation::equal, 0, c.where);
    times(s(), x.var, y.var, var(z, c.where));
}

void Builder::int_div(const Constraint& c, const Builtin&) { divide(s(), ivar(c.arguments[0]), ivar(c.arguments[1]), ivar(c.arguments[2])); }

void Builder::int_mod(const Constraint& c, const Builtin&) { modulo(s(), ivar(c.arguments[0]), ivar(c.arguments[1]), ivar(c.arguments[2])); }

// int_pow(x, y, z) and int_pow_fixed(x, y, z): z = x^y
void Builder::int_pow(const Constraint& c, const Builtin&) { power(s(), ivar(c.arguments[0]), ivar(c.arguments[1]), ivar(c.arguments[2])); }

void Builder::int_abs(const Constraint& c, const Builtin&) { absolute(s(), ivar(c.arguments[0]), ivar(c.arguments[1])); }

void Builder::int_min(const Constraint& c, const Builtin&) { minimum(s(), ivar(c.arguments[0]), ivar(c.arguments[1]), ivar(c.arguments[2])); }

void Builder::int_max(const Constraint& c, const Builtin&) { maximum(s(), ivar(c.arguments[0]), ivar(c.arguments[1]), ivar(c.arguments[2])); }

void Builder::array_int_minimum(const Constraint& c, const Builtin&) {  // m = min(xs)
    const std::vector<Value> xs = array(c.arguments[1]);
    if (xs.empty()) throw BuildError{c.where, "minimum of an empty array"};
    minimum(s(), vars(xs, c.where), ivar(c.arguments[0]));
}

void Builder::array_int_maximum(const Constraint& c, const Builtin&) {
    const std::vector<Value> xs = array(c.arguments[1]);
    if (xs.empty()) throw BuildError{c.where, "maximum of an empty array"};
    maximum(s(), vars(xs, c.where), ivar(c.arguments[0]));
}

// array_{int,bool,var_int,var_bool}_element(index, array, result), 1-based.
void Builder::array_element(const Constraint& c, const Builtin&) {
    const Value index = scalar(c.arguments[0]);
    const std::vector<Value> a = array(c.arguments[1]);
    const Value result = scalar(c.arguments[2]);
    const std::int64_t n = static_cast<std::int64_t>(a.size());
    if (!index.is_var) {
        if (index.constant < 1 || index.constant > n) {
            s().fail();
            return;
        }
        post_linear({1, -1}, {a[static_cast<std::size_t>(index.constant - 1)], result}, Relation::equal, 0, c.where);
        return;
    }
    if (n == 0) {
        s().fail();
        return;
    }
    // prune's element is 0-based: position 0 repeats a[1] and is excluded from the index.
    fail_if(s().set_min(index.var, 1));
    fail_if(s().set_max(index.var, n));
    const bool constants = std::none_of(a.begin(), a.end(), [](const Value& v) { return v.is_var; });
    if (constants) {
        std::vector<int> values;
        values.reserve(a.size() + 1);
        for (const Value& v : a) {
            if (!fits_int(v.constant)) throw BuildError{c.where, "an array value is outside prune's 32-bit domains"};
            values.push_back(static_cast<int>(v.constant));
        }
        values.insert(values.begin(), values.front());
        element(s(), values, index.var, var(result, c.where));
        return;
    }
    std::vector<IntVar> xs = vars(a, c.where);
    const IntVar r = var(result, c.where);
    if (element_by_base(xs, index.var, r)) return;
    xs.insert(xs.begin(), xs.front());
    element(s(), xs, index.var, r);
}

// index = base + k by an int_lin_eq (MiniZinc's 0-based arrays indexed at i + 1):
// element over base, on the array read from position 1 - k (base's values 1 - k .. n
// - k are index's 1 .. n), so that element's reasoning, and under learning its facts,
// are about base, without going through index at each change (index stays, kept equal
// by its int_lin_eq). Only when base's first valid value is 0 or more (the engine's
// element is 0-based), 64 at most. quasigroup7-10 --learn -f, seeds 0-4: median
// 28.5 -> 25.5 CPU-s.
bool Builder::element_by_base(const std::vector<IntVar>& xs, IntVar index, IntVar result) {
    const auto found = offset_of_.find(index.index);
    if (found == offset_of_.end()) return false;
    const std::int64_t k = found->second.offset, n = static_cast<std::int64_t>(xs.size());
    if (k > 1 || 1 - k > 64) return false;
    const IntVar base = found->second.base;
    fail_if(s().set_min(base, static_cast<int>(1 - k)));
    fail_if(s().set_max(base, static_cast<int>(n - k)));
    std::vector<IntVar> shifted(static_cast<std::size_t>(n - k + 1), xs.front());  // below 1 - k: never read
    for (std::int64_t p = 1 - k; p <= n - k; ++p) shifted[static_cast<std::size_t>(p)] = xs[static_cast<std::size_t>(p + k - 1)];
    element(s(), shifted, base, result);
    ++out_.elements_by_base;
    return true;
}

void Builder::find_offset_indices(const std::vector<Constraint>& constraints) {
    try {
        for (const Constraint& c : constraints) {
            if (c.name != "int_lin_eq" || c.arguments.size() != 3) continue;
            const std::vector<std::int64_t> a = pars(c.arguments[0]);
            if (a.size() != 2 || (a[0] != 1 && a[0] != -1) || a[1] != -a[0]) continue;
            const std::vector<Value> x = array(c.arguments[1]);
            if (x.size() != 2 || !x[0].is_var || !x[1].is_var || x[0].var.index == x[1].var.index) continue;
            const std::int64_t k = a[0] * par(c.arguments[2]);  // x0 - x1 = k
            offset_of_.emplace(x[1].var.index, OffsetOf{x[0].var, -k});
            offset_of_.emplace(x[0].var.index, OffsetOf{x[1].var, k});
        }
    } catch (const BuildError&) {
        // A malformed constraint: the regular pass reports it where it stands.
    }
}

// ---------------------------------------------------------------- Booleans

void Builder::bool_not(const Constraint& c, const Builtin&) {  // b = not a; also bool_ne(a, b) and bool_xor(a, b)
    prune::bool_not(s(), bvar(c.arguments[0]), bvar(c.arguments[1]));
}

void Builder::bool_eq_reif(const Constraint& c, const Builtin&) {
    bool_eq_reified(s(), bvar(c.arguments[0]), bvar(c.arguments[1]), bvar(c.arguments[2]));
}

void Builder::bool_xor(const Constraint& c, const Builtin& b) {  // bool_xor(a, b[, r]), bool_ne_reif(a, b, r)
    if (c.arguments.size() == 2) return bool_not(c, b);
    arguments(c, 3);
    prune::bool_xor(s(), bvar(c.arguments[0]), bvar(c.arguments[1]), bvar(c.arguments[2]));
}

void Builder::bool_le_reif(const Constraint& c, const Builtin&) {  // r <=> (not a or b)
    clause_reified(s(), {bvar(c.arguments[1])}, {bvar(c.arguments[0])}, bvar(c.arguments[2]));
}

void Builder::bool_lt_reif(const Constraint& c, const Builtin&) {  // r <=> (not a and b), i.e. not r <=> (a or not b)
    or_reified(s(), std::vector<BoolLiteral>{{bvar(c.arguments[0]), true}, {bvar(c.arguments[1]), false}},
               BoolLiteral{bvar(c.arguments[2]), false});
}

void Builder::bool_and(const Constraint& c, const Builtin&) {
    and_reified(s(), {bvar(c.arguments[0]), bvar(c.arguments[1])}, bvar(c.arguments[2]));
}

void Builder::bool_or(const Constraint& c, const Builtin&) {
    or_reified(s(), std::vector<BoolVar>{bvar(c.arguments[0]), bvar(c.arguments[1])}, bvar(c.arguments[2]));
}

void Builder::array_bool_and(const Constraint& c, const Builtin&) { and_reified(s(), bools(c.arguments[0], c.where), bvar(c.arguments[1])); }

void Builder::array_bool_or(const Constraint& c, const Builtin&) { or_reified(s(), bools(c.arguments[0], c.where), bvar(c.arguments[1])); }

void Builder::array_bool_xor(const Constraint& c, const Builtin&) { parity(s(), bools(c.arguments[0], c.where), true); }  // an odd number true

void Builder::bool_clause(const Constraint& c, const Builtin&) { clause(s(), bools(c.arguments[0], c.where), bools(c.arguments[1], c.where)); }

void Builder::bool_clause_reif(const Constraint& c, const Builtin&) {
    clause_reified(s(), bools(c.arguments[0], c.where), bools(c.arguments[1], c.where), bvar(c.arguments[2]));
}

// r -> c for the Boolean builtins, as clauses.
void Builder::bool_imp(const Constraint& c, const Builtin& builtin) {
    // The builtin's name, not the constraint's: a *_reif constraint found half
    // (builder_half_reification.cpp) comes here under its *_imp builtin.
    const std::string_view n = builtin.name;
    if (n == "bool_clause_imp") {
        std::vector<BoolVar> neg = bools(c.arguments[1], c.where);
        neg.push_back(bvar(c.arguments[2]));
        clause(s(), bools(c.arguments[0], c.where), neg);
        return;
    }
    if (n == "array_bool_or_imp" || n == "array_bool_and_imp") {
        const std::vector<BoolVar> xs = bools(c.arguments[0], c.where);
        const BoolVar r = bvar(c.arguments[1]);
        if (n == "array_bool_or_imp") {
            clause(s(), xs, {r});
        } else {
            for (BoolVar x : xs) clause(s(), {x}, {r});
        }
        return;
    }
    const BoolVar a = bvar(c.arguments[0]), b = bvar(c.arguments[1]), r = bvar(c.arguments[2]);
    if (n == "bool_and_imp") {
        clause(s(), {a}, {r});
        clause(s(), {b}, {r});
    } else if (n == "bool_or_imp") {
        clause(s(), {a, b}, {r});
    } else if (n == "bool_eq_imp") {
        clause(s(), {b}, {a, r});
        clause(s(), {a}, {b, r});
    } else if (n == "bool_ne_imp" || n == "bool_xor_imp") {
        clause(s(), {a, b}, {r});
        clause(s(), {}, {a, b, r});
    } else if (n == "bool_le_imp") {
        clause(s(), {b}, {a, r});
    } else if (n == "bool_lt_imp") {
        clause(s(), {}, {a, r});
        clause(s(), {b}, {r});
    }
}

// ---------------------------------------------------------------- sets, global constraints

void Builder::set_in(const Constraint& c, const Builtin&) {
    const Value x = scalar(c.arguments[0]);
    const Ranges set = par_set(c.arguments[1]);
    if (!x.is_var) {
        bool found = false;
        for (const auto& [lo, hi] : set) found = found || (lo <= x.constant && x.constant <= hi);
        if (!found) s().fail();
        return;
    }
    if (set.empty()) {
        s().fail();
        return;
    }
    fail_if(s().set_min(x.var, set.front().first));
    fail_if(s().set_max(x.var, set.back().second));
    if (set.size() == 1) return;
    member_reified(s(), x.var, clipped_to_int(set), constant_var(1, c.where), Reification::implication);
}

void Builder::set_in_reif(const Constraint& c, const Builtin& b) {  // set_in_reif and set_in_imp
    const Ranges set = par_set(c.arguments[1]);
    member_reified(s(), ivar(c.arguments[0]), clipped_to_int(set), bvar(c.arguments[2]), reification_of(b.form));
}

// Domain consistency (Régin) unless the model asks for another; when the search
// learns, value consistency whatever the model asks (unless --learn-alldifferent
// annotated): its one-fact reasons (a fixed variable) make shorter nogoods than the
// Hall sets of domain's, which pays more than the pruning lost (docs/architecture.md,
// "Alldifferent under learning": the peers' qwh n40 s2, annotated :: domain, with
// its own search in 2.1 s against unfinished in 30 s). See
// mznlib/fzn_all_different_int.mzn.
Consistency Builder::all_different_level(const std::vector<Expr>& annotations) {
    if (settings_.learning && !settings_.alldifferent_as_annotated) {
        ++out_.value_all_different;
        return Consistency::value;
    }
    std::optional<Consistency> asked;  // the last annotation that names one
    for (const Expr& a : annotations) {
        if (a.text == "domain" || a.text == "domain_propagation") asked = Consistency::domain;
        if (a.text == "bounds" || a.text == "bounds_propagation") asked = Consistency::bounds;
        if (a.text == "value_propagation") asked = Consistency::value;
    }
    return asked.value_or(Consistency::domain);
}

void Builder::all_different(const Constraint& c, const Builtin&) {
    prune::all_different(s(), vars(array(c.arguments[0]), c.where), all_different_level(c.annotations));
}

void Builder::table(const Constraint& c, const Builtin&) {  // prune_table_int(x, flat tuples), prune_table_bool
    const std::vector<IntVar> x = vars(array(c.arguments[0]), c.where);
    if (x.empty()) throw BuildError{c.where, "a table over no variables"};
    const Expr& tuples = c.arguments[1];
    std::shared_ptr<const TupleSet>* cached = nullptr;
    if (tuples.kind == Expr::Kind::identifier) {
        cached = &tuple_sets_[{tuples.text, x.size()}];
        if (*cached) {
            prune::shared_table(s(), x, *cached);
            return;
        }
    }
    const std::vector<std::int64_t> flat = pars(tuples);
    if (flat.size() % x.size() != 0) throw BuildError{c.where, "the table's length is not a multiple of its arity"};
    std::vector<int> kept;
    kept.reserve(flat.size());
    for (std::size_t i = 0; i < flat.size(); i += x.size()) {
        bool representable = true;
        for (std::size_t k = 0; k < x.size(); ++k) representable = representable && fits_int(flat[i + k]);
        if (!representable) continue;  // such a tuple matches no 32-bit domain
        for (std::size_t k = 0; k < x.size(); ++k) kept.push_back(static_cast<int>(flat[i + k]));
    }
    auto set = std::make_shared<const TupleSet>(static_cast<int>(x.size()), std::move(kept));
    if (cached != nullptr) *cached = set;
    prune::shared_table(s(), x, std::move(set));
}

// ---------------------------------------------------------------- counting, cardinality, lex, regular

namespace {

int int_parameter(std::int64_t v, Location where, const char* what) {
    if (v < INT32_MIN || v > INT32_MAX) throw BuildError{where, std::string(what) + " " + std::to_string(v) + " is outside prune's 32-bit domains"};
    return static_cast<int>(v);
}

// The values of a parameter set that fit in 32 bits (others match no domain).
std::vector<int> set_values(const Ranges& set, Location where) {
    std::vector<int> values;
    for (const auto& [lo, hi] : clipped_to_int(set)) {
        if (static_cast<std::int64_t>(hi) - lo > 1'000'000) throw BuildError{where, "a value set of more than a million values"};
        for (std::int64_t v = lo; v <= hi; ++v) values.push_back(static_cast<int>(v));
    }
    return values;
}

}  // namespace

void Builder::count_eq(const Constraint& c, const Builtin&) {  // prune_count_eq(x, y, count)
    prune::count_equal(s(), vars(array(c.arguments[0]), c.where), var(scalar(c.arguments[1]), c.where), var(scalar(c.arguments[2]), c.where));
}

void Builder::among(const Constraint& c, const Builtin&) {  // prune_among(n, x, set)
    prune::count_among(s(), vars(array(c.arguments[1]), c.where), set_values(par_set(c.arguments[2]), c.where),
                       var(scalar(c.arguments[0]), c.where));
}

void Builder::global_cardinality(const Constraint& c, const Builtin& b) {  // (x, cover, counts); offset 1: closed
    std::vector<int> cover;
    for (std::int64_t v : pars(c.arguments[1])) cover.push_back(int_parameter(v, c.where, "the cover value"));
    const std::vector<IntVar> counts = vars(array(c.arguments[2]), c.where);
    if (cover.size() != counts.size()) {
        throw BuildError{c.where, std::to_string(cover.size()) + " cover values but " + std::to_string(counts.size()) + " counts"};
    }
    prune::global_cardinality(s(), vars(array(c.arguments[0]), c.where), cover, counts, b.offset != 0);
}

void Builder::nvalue(const Constraint& c, const Builtin&) {  // prune_nvalue(n, x)
    prune::n_values(s(), vars(array(c.arguments[1]), c.where), var(scalar(c.arguments[0]), c.where));
}

void Builder::lex(const Constraint& c, const Builtin& b) {  // prune_lex_less(eq)(_bool)(x, y); offset -1: strict
    const std::vector<IntVar> x = vars(array(c.arguments[0]), c.where), y = vars(array(c.arguments[1]), c.where);
    if (b.offset != 0) prune::lex_less(s(), x, y);
    else prune::lex_less_equal(s(), x, y);
}

// prune_regular(x, Q, transitions as (from, value, to) triples over states 1..Q, q0, F)
void Builder::regular(const Constraint& c, const Builtin&) {
    const std::int64_t states = par(c.arguments[1]);
    if (states < 1 || states > 1'000'000) throw BuildError{c.where, "regular: " + std::to_string(states) + " states"};
    const std::vector<std::int64_t> triples = pars(c.arguments[2]);
    if (triples.size() % 3 != 0) throw BuildError{c.where, "regular: the transitions are not (from, value, to) triples"};
    Automaton a;
    a.states = static_cast<int>(states);
    // MiniZinc numbers states from 1; the engine from 0.
    auto state = [&](std::int64_t q, const char* what) {
        if (q < 1 || q > states) throw BuildError{c.where, std::string("regular: the ") + what + " " + std::to_string(q) + " is not a state (1.." + std::to_string(states) + ")"};
        return static_cast<int>(q - 1);
    };
    for (std::size_t t = 0; t < triples.size(); t += 3) {
        if (!fits_int(triples[t + 1])) continue;  // a value no 32-bit domain holds
        a.transitions.push_back({state(triples[t], "transition source"), static_cast<int>(triples[t + 1]), state(triples[t + 2], "transition target")});
    }
    a.initial = state(par(c.arguments[3]), "initial state");
    for (const auto& [lo, hi] : par_set(c.arguments[4])) {
        for (std::int64_t q = std::max<std::int64_t>(lo, 1); q <= std::min<std::int64_t>(hi, states); ++q) a.accepting.push_back(static_cast<int>(q - 1));
    }
    prune::regular(s(), vars(array(c.arguments[0]), c.where), a);
}

}  // namespace prune::flatzinc::detail
