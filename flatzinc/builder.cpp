#include "builder.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "engine/propagators/linear.hpp"  // floor_div, ceil_div
#include "engine/tuple_set.hpp"
#include "parser.hpp"

namespace prune::flatzinc {
namespace {

struct BuildError {
    Location where;
    std::string message;
};

// The domain of `var int` without bounds: the 32-bit range less a margin, so that
// x + 1 and -x of any value stay representable.
constexpr std::int64_t unbounded = std::int64_t{INT32_MAX} - 1;

bool fits_int(std::int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

struct Symbol {
    enum class Kind : std::uint8_t { scalar, set, array, set_array, floating };
    Kind kind = Kind::scalar;
    Value value;
    Ranges set;
    std::vector<Value> elements;
    std::vector<Ranges> sets;
};

Ranges normalized(Ranges r) {
    r.erase(std::remove_if(r.begin(), r.end(), [](const auto& p) { return p.first > p.second; }), r.end());
    std::sort(r.begin(), r.end());
    Ranges out;
    for (const auto& p : r) {
        if (!out.empty() && p.first <= out.back().second + 1) {
            out.back().second = std::max(out.back().second, p.second);
        } else {
            out.push_back(p);
        }
    }
    return out;
}

// Annotations that carry no meaning for prune and are ignored without a warning.
bool known_annotation(const std::string& name) {
    static const std::unordered_set<std::string> known = {
        "output_var",        "output_array",       "is_defined_var",   "var_is_introduced",  "defines_var",
        "is_reverse_map",    "domain",             "bounds",           "domain_propagation", "bounds_propagation",
        "value_propagation", "priority",           "promise_total",    "maybe_partial",      "output_only",
        "add_to_output",     "symmetry_breaking",  "redundant",        "constraint_name",    "expression_name",
        "no_output",         "empty_annotation",   "complete",         "implied",            "presolve",
    };
    return known.count(name) != 0 || name.rfind("mzn_", 0) == 0;
}

class Builder {
public:
    Builder(const std::string& file, BuiltModel& out, std::ostream& warnings) : file_(file), out_(out), warnings_(warnings) {}

    void declare(const Declaration& d);
    void constrain(const Constraint& c);
    void solve(const SolveItem& item);
    void add_array_output(const std::string& name, const Expr& dims, const std::vector<Value>& values, bool is_bool);
    void search_annotation(const Expr& a, std::vector<const Expr*>& pending);
    SearchGroup search_group(const Expr& a);
    void restart_annotation(const Expr& a);

private:
    using Handler = void (Builder::*)(const Constraint&);
    Solver& s() { return *out_.solver; }

    void warn(Location where, const std::string& key, const std::string& message) {
        if (!warned_.insert(key).second) return;
        warnings_ << diagnostic(file_, where, "warning", message) << '\n';
    }
    void check_annotations(const std::vector<Expr>& annotations) {
        for (const Expr& a : annotations) {
            if (!known_annotation(a.text)) warn(a.where, "annotation " + a.text, "ignoring unknown annotation '" + a.text + "'");
        }
    }

    // ---- values ----
    Value scalar(const Expr& e);
    std::vector<Value> array(const Expr& e);
    IntVar var(const Value& v, Location where);
    std::vector<IntVar> vars(const std::vector<Value>& values, Location where);
    std::int64_t par(const Expr& e);
    std::vector<std::int64_t> pars(const Expr& e);
    Ranges par_set(const Expr& e);
    IntVar constant_var(std::int64_t c, Location where);
    IntVar make_var(const Type& t, const std::string& name, Location where);
    void restrict(IntVar x, const Type& t, Location where);
    bool in_domain(std::int64_t v, const Type& t) const;
    void fail_if(Event e) {
        if (is_failure(e)) s().fail();
    }

    // ---- posting helpers ----
    void post_linear(std::vector<std::int64_t> coefficients, const std::vector<Value>& values, Relation relation,
                     std::int64_t rhs, Location where);
    void post_linear_reified(std::vector<std::int64_t> coefficients, const std::vector<Value>& values, Relation relation,
                             std::int64_t rhs, const Value& r, Reification mode, Location where);
    bool post_bool_sum(const std::vector<std::int64_t>& a, const std::vector<IntVar>& x, Relation rel, std::int64_t rhs,
                       Location where);
    // Folds constants into the right-hand side and merges repeated variables.
    void collect_terms(const std::vector<std::int64_t>& coefficients, const std::vector<Value>& values, std::int64_t& rhs,
                       std::vector<std::int64_t>& a, std::vector<IntVar>& x, Location where);
    void arguments(const Constraint& c, std::size_t n) {
        if (c.arguments.size() != n) {
            throw BuildError{c.where, "'" + c.name + "' expects " + std::to_string(n) + " arguments, not " +
                                          std::to_string(c.arguments.size())};
        }
    }
    std::vector<BoolVar> bools(const Expr& e, Location where) { return vars(array(e), where); }
    BoolVar bvar(const Expr& e) { return var(scalar(e), e.where); }
    IntVar ivar(const Expr& e) { return var(scalar(e), e.where); }

    // ---- constraints ----
    static const std::unordered_map<std::string, Handler>& handlers();
    void compare(const Constraint& c, Relation rel, std::int64_t rhs, int reified);  // int_eq, int_le_reif, ...
    void lin(const Constraint& c, Relation rel, std::int64_t offset, int reified);    // int_lin_*
    void int_eq(const Constraint& c) { compare(c, Relation::equal, 0, 0); }
    void int_ne(const Constraint& c) { compare(c, Relation::not_equal, 0, 0); }
    void int_le(const Constraint& c) { compare(c, Relation::less_equal, 0, 0); }
    void int_lt(const Constraint& c) { compare(c, Relation::less_equal, -1, 0); }
    void int_ge(const Constraint& c) { compare(c, Relation::greater_equal, 0, 0); }
    void int_gt(const Constraint& c) { compare(c, Relation::greater_equal, 1, 0); }
    void int_eq_reif(const Constraint& c) { compare(c, Relation::equal, 0, 1); }
    void int_ne_reif(const Constraint& c) { compare(c, Relation::not_equal, 0, 1); }
    void int_le_reif(const Constraint& c) { compare(c, Relation::less_equal, 0, 1); }
    void int_lt_reif(const Constraint& c) { compare(c, Relation::less_equal, -1, 1); }
    void int_ge_reif(const Constraint& c) { compare(c, Relation::greater_equal, 0, 1); }
    void int_gt_reif(const Constraint& c) { compare(c, Relation::greater_equal, 1, 1); }
    void int_eq_imp(const Constraint& c) { compare(c, Relation::equal, 0, 2); }
    void int_ne_imp(const Constraint& c) { compare(c, Relation::not_equal, 0, 2); }
    void int_le_imp(const Constraint& c) { compare(c, Relation::less_equal, 0, 2); }
    void int_lt_imp(const Constraint& c) { compare(c, Relation::less_equal, -1, 2); }
    void int_ge_imp(const Constraint& c) { compare(c, Relation::greater_equal, 0, 2); }
    void int_gt_imp(const Constraint& c) { compare(c, Relation::greater_equal, 1, 2); }
    void int_lin_eq(const Constraint& c) { lin(c, Relation::equal, 0, 0); }
    void int_lin_ne(const Constraint& c) { lin(c, Relation::not_equal, 0, 0); }
    void int_lin_le(const Constraint& c) { lin(c, Relation::less_equal, 0, 0); }
    void int_lin_lt(const Constraint& c) { lin(c, Relation::less_equal, -1, 0); }
    void int_lin_ge(const Constraint& c) { lin(c, Relation::greater_equal, 0, 0); }
    void int_lin_gt(const Constraint& c) { lin(c, Relation::greater_equal, 1, 0); }
    void int_lin_eq_reif(const Constraint& c) { lin(c, Relation::equal, 0, 1); }
    void int_lin_ne_reif(const Constraint& c) { lin(c, Relation::not_equal, 0, 1); }
    void int_lin_le_reif(const Constraint& c) { lin(c, Relation::less_equal, 0, 1); }
    void int_lin_lt_reif(const Constraint& c) { lin(c, Relation::less_equal, -1, 1); }
    void int_lin_ge_reif(const Constraint& c) { lin(c, Relation::greater_equal, 0, 1); }
    void int_lin_gt_reif(const Constraint& c) { lin(c, Relation::greater_equal, 1, 1); }
    void int_lin_eq_imp(const Constraint& c) { lin(c, Relation::equal, 0, 2); }
    void int_lin_ne_imp(const Constraint& c) { lin(c, Relation::not_equal, 0, 2); }
    void int_lin_le_imp(const Constraint& c) { lin(c, Relation::less_equal, 0, 2); }
    void int_lin_lt_imp(const Constraint& c) { lin(c, Relation::less_equal, -1, 2); }
    void int_lin_ge_imp(const Constraint& c) { lin(c, Relation::greater_equal, 0, 2); }
    void int_lin_gt_imp(const Constraint& c) { lin(c, Relation::greater_equal, 1, 2); }
    void int_plus(const Constraint& c);
    void int_minus(const Constraint& c);
    void int_negate(const Constraint& c);
    void int_times(const Constraint& c);
    void int_div(const Constraint& c);
    void int_mod(const Constraint& c);
    void int_pow(const Constraint& c);
    void int_abs(const Constraint& c);
    void int_min(const Constraint& c);
    void int_max(const Constraint& c);
    void array_int_minimum(const Constraint& c);
    void array_int_maximum(const Constraint& c);
    void array_element(const Constraint& c);
    void bool2int(const Constraint& c) { compare(c, Relation::equal, 0, 0); }
    void bool_not(const Constraint& c);
    void bool_eq_reif(const Constraint& c);
    void bool_xor(const Constraint& c);
    void bool_le_reif(const Constraint& c);
    void bool_lt_reif(const Constraint& c);
    void bool_and(const Constraint& c);
    void bool_or(const Constraint& c);
    void array_bool_and(const Constraint& c);
    void array_bool_or(const Constraint& c);
    void array_bool_xor(const Constraint& c);
    void bool_clause(const Constraint& c);
    void bool_clause_reif(const Constraint& c);
    void bool_imp(const Constraint& c);  // the *_imp forms of the Boolean builtins
    void bool_lin(const Constraint& c);
    void set_in(const Constraint& c);
    void set_in_reif(const Constraint& c);
    void all_different(const Constraint& c);
    void table(const Constraint& c);

    const std::string& file_;
    BuiltModel& out_;
    std::ostream& warnings_;
    std::unordered_map<std::string, Symbol> symbols_;
    std::unordered_map<std::int64_t, IntVar> constants_;
    // Tables whose tuples are a named parameter array share one TupleSet per (name,
    // arity): MiniZinc names the array once and passes it to every table call.
    std::map<std::pair<std::string, std::size_t>, std::shared_ptr<const TupleSet>> tuple_sets_;
    std::unordered_set<std::string> warned_;
};

// ---------------------------------------------------------------- values

Value Builder::scalar(const Expr& e) {
    Value v;
    switch (e.kind) {
        case Expr::Kind::boolean:
            v.is_bool = true;
            v.constant = e.boolean ? 1 : 0;
            return v;
        case Expr::Kind::integer: v.constant = e.integer; return v;
        case Expr::Kind::identifier: {
            auto it = symbols_.find(e.text);
            if (it == symbols_.end()) throw BuildError{e.where, "undefined identifier '" + e.text + "'"};
            if (it->second.kind == Symbol::Kind::scalar) return it->second.value;
            if (it->second.kind == Symbol::Kind::floating) throw BuildError{e.where, "float values are not supported by prune"};
            throw BuildError{e.where, "'" + e.text + "' is not an integer or Boolean"};
        }
        case Expr::Kind::access: {
            auto it = symbols_.find(e.text);
            if (it == symbols_.end()) throw BuildError{e.where, "undefined identifier '" + e.text + "'"};
            if (it->second.kind != Symbol::Kind::array) throw BuildError{e.where, "'" + e.text + "' is not an array of integers or Booleans"};
            const auto& el = it->second.elements;
            if (e.integer < 1 || e.integer > static_cast<std::int64_t>(el.size())) {
                throw BuildError{e.where, "index " + std::to_string(e.integer) + " is out of the range of '" + e.text + "'"};
            }
            return el[static_cast<std::size_t>(e.integer - 1)];
        }
        case Expr::Kind::floating:
        case Expr::Kind::float_range: throw BuildError{e.where, "float values are not supported by prune"};
        default: break;
    }
    throw BuildError{e.where, "expected an integer or Boolean"};
}

std::vector<Value> Builder::array(const Expr& e) {
    if (e.kind == Expr::Kind::call && e.text.rfind("array", 0) == 0 && !e.items.empty() &&
        e.items.back().kind == Expr::Kind::array) {
        // array1d(2..3, [...]) and the like, as MiniZinc writes in annotations: the
        // index sets do not matter to a flat list.
        return array(e.items.back());
    }
    if (e.kind == Expr::Kind::array) {
        std::vector<Value> out;
        out.reserve(e.items.size());
        for (const Expr& item : e.items) out.push_back(scalar(item));
        return out;
    }
    if (e.kind == Expr::Kind::identifier) {
        auto it = symbols_.find(e.text);
        if (it == symbols_.end()) throw BuildError{e.where, "undefined identifier '" + e.text + "'"};
        if (it->second.kind == Symbol::Kind::array) return it->second.elements;
    }
    throw BuildError{e.where, "expected an array of integers or Booleans"};
}

IntVar Builder::constant_var(std::int64_t c, Location where) {
    if (!fits_int(c)) throw BuildError{where, "the constant " + std::to_string(c) + " is outside prune's 32-bit domains"};
    auto it = constants_.find(c);
    if (it != constants_.end()) return it->second;
    const IntVar x = s().new_int_var(static_cast<int>(c), static_cast<int>(c));
    constants_.emplace(c, x);
    return x;
}

IntVar Builder::var(const Value& v, Location where) { return v.is_var ? v.var : constant_var(v.constant, where); }

std::vector<IntVar> Builder::vars(const std::vector<Value>& values, Location where) {
    std::vector<IntVar> out;
    out.reserve(values.size());
    for (const Value& v : values) out.push_back(var(v, where));
    return out;
}

std::int64_t Builder::par(const Expr& e) {
    const Value v = scalar(e);
    if (!v.is_var) return v.constant;
    if (s().fixed(v.var)) return s().value(v.var);
    throw BuildError{e.where, "expected a parameter, not a variable"};
}

std::vector<std::int64_t> Builder::pars(const Expr& e) {
    std::vector<std::int64_t> out;
    for (const Value& v : array(e)) {
        if (v.is_var) {
            if (!s().fixed(v.var)) throw BuildError{e.where, "expected an array of parameters"};
            out.push_back(s().value(v.var));
        } else {
            out.push_back(v.constant);
        }
    }
    return out;
}

Ranges Builder::par_set(const Expr& e) {
    if (e.kind == Expr::Kind::set) return normalized(e.set);
    if (e.kind == Expr::Kind::identifier) {
        auto it = symbols_.find(e.text);
        if (it != symbols_.end() && it->second.kind == Symbol::Kind::set) return it->second.set;
    }
    if (e.kind == Expr::Kind::access) {
        auto it = symbols_.find(e.text);
        if (it != symbols_.end() && it->second.kind == Symbol::Kind::set_array) {
            const auto& sets = it->second.sets;
            if (e.integer < 1 || e.integer > static_cast<std::int64_t>(sets.size())) {
                throw BuildError{e.where, "index out of the range of '" + e.text + "'"};
            }
            return sets[static_cast<std::size_t>(e.integer - 1)];
        }
    }
    throw BuildError{e.where, "expected a set of integers"};
}

bool Builder::in_domain(std::int64_t v, const Type& t) const {
    if (t.base == Type::Base::boolean) return v == 0 || v == 1;
    if (!t.has_domain) return v >= -unbounded && v <= unbounded;
    for (const auto& [lo, hi] : t.domain.set) {
        if (lo <= v && v <= hi) return true;
    }
    return false;
}

IntVar Builder::make_var(const Type& t, const std::string& name, Location where) {
    if (t.base == Type::Base::boolean) {
        ++out_.bool_variables;
        return s().new_bool_var(name);
    }
    ++out_.int_variables;
    if (!t.has_domain) return s().new_int_var(static_cast<int>(-unbounded), static_cast<int>(unbounded), name);
    const Ranges r = normalized(t.domain.set);
    if (r.empty()) {
        s().fail();  // an empty domain: no solution
        return s().new_int_var(0, 0, name);
    }
    if (!fits_int(r.front().first) || !fits_int(r.back().second)) {
        throw BuildError{where, "the domain of '" + name + "' exceeds prune's 32-bit range"};
    }
    const std::int64_t lo = r.front().first, hi = r.back().second;
    if (r.size() == 1) return s().new_int_var(static_cast<int>(lo), static_cast<int>(hi), name);
    if (hi - lo < max_bitset_values) {
        std::vector<int> values;
        for (const auto& [a, b] : r) {
            for (std::int64_t v = a; v <= b; ++v) values.push_back(static_cast<int>(v));
        }
        return s().new_int_var(values, name);
    }
    // Too wide for a bitset: bounds plus a membership constraint for the holes.
    const IntVar x = s().new_int_var(static_cast<int>(lo), static_cast<int>(hi), name);
    IntRanges ranges;
    for (const auto& [a, b] : r) ranges.push_back({static_cast<int>(a), static_cast<int>(b)});
    member_reified(s(), x, ranges, constant_var(1, where), Reification::implication);
    return x;
}

// Restricts an existing variable to the domain of a declaration that aliases it.
void Builder::restrict(IntVar x, const Type& t, Location where) {
    if (t.base == Type::Base::boolean) {
        fail_if(s().set_min(x, 0));
        fail_if(s().set_max(x, 1));
        return;
    }
    if (!t.has_domain) return;
    const Ranges r = normalized(t.domain.set);
    if (r.empty()) {
        s().fail();
        return;
    }
    fail_if(s().set_min(x, r.front().first));
    fail_if(s().set_max(x, r.back().second));
    if (r.size() == 1) return;
    if (!fits_int(r.front().first) || !fits_int(r.back().second)) {
        throw BuildError{where, "a domain exceeds prune's 32-bit range"};
    }
    IntRanges ranges;
    for (const auto& [a, b] : r) ranges.push_back({static_cast<int>(a), static_cast<int>(b)});
    member_reified(s(), x, ranges, constant_var(1, where), Reification::implication);
}

// ---------------------------------------------------------------- declarations

void Builder::add_array_output(const std::string& name, const Expr& dims, const std::vector<Value>& values, bool is_bool) {
    OutputItem item;
    item.name = name;
    item.is_array = true;
    item.is_bool = is_bool;
    if (dims.kind != Expr::Kind::array) throw BuildError{dims.where, "output_array expects index sets"};
    for (const Expr& dim : dims.items) {
        const Ranges r = par_set(dim);
        item.dimensions.push_back(r.empty() ? std::pair<std::int64_t, std::int64_t>{1, 0}
                                            : std::pair<std::int64_t, std::int64_t>{r.front().first, r.back().second});
    }
    item.values = values;
    out_.outputs.push_back(std::move(item));
}

bool is_empty_array(const Declaration& d) {
    if (d.has_value) return d.value.kind == Expr::Kind::array && d.value.items.empty();
    return d.type.array_size == 0;
}

void Builder::declare(const Declaration& d) {
    if (symbols_.count(d.name) != 0) throw BuildError{d.where, "'" + d.name + "' is declared twice"};
    check_annotations(d.annotations);
    const Type& t = d.type;
    Symbol sym;
    if (t.is_array && t.is_var && t.base != Type::Base::integer && t.base != Type::Base::boolean && is_empty_array(d)) {
        // An empty array of float or set variables holds nothing prune lacks.
        sym.kind = Symbol::Kind::array;
        for (const Expr& a : d.annotations) {
            if (a.text == "output_array" && a.kind == Expr::Kind::call && a.items.size() == 1) {
                add_array_output(d.name, a.items[0], {}, false);
            }
        }
        symbols_.emplace(d.name, std::move(sym));
        return;
    }
    if (t.base == Type::Base::floating) {
        if (t.is_var) throw BuildError{d.where, "float variables are not supported by prune ('" + d.name + "')"};
        sym.kind = Symbol::Kind::floating;
        symbols_.emplace(d.name, std::move(sym));
        return;
    }
    if (t.base == Type::Base::set_of_int) {
        if (t.is_var) {
            throw BuildError{d.where, "set variables are not supported by prune ('" + d.name +
                                          "'); compile with prune's solver library, which decomposes them"};
        }
        if (!d.has_value) throw BuildError{d.where, "the parameter '" + d.name + "' has no value"};
        if (t.is_array) {
            sym.kind = Symbol::Kind::set_array;
            if (d.value.kind != Expr::Kind::array) throw BuildError{d.value.where, "expected an array of sets"};
            for (const Expr& item : d.value.items) sym.sets.push_back(par_set(item));
        } else {
            sym.kind = Symbol::Kind::set;
            sym.set = par_set(d.value);
        }
        symbols_.emplace(d.name, std::move(sym));
        return;
    }
    const bool is_bool = t.base == Type::Base::boolean;
    if (!t.is_var) {
        if (!d.has_value) throw BuildError{d.where, "the parameter '" + d.name + "' has no value"};
        if (t.is_array) {
            sym.kind = Symbol::Kind::array;
            sym.elements = array(d.value);
            for (Value& v : sym.elements) {
                if (v.is_var) throw BuildError{d.value.where, "a parameter array holds a variable"};
                v.is_bool = is_bool;
            }
        } else {
            sym.value = scalar(d.value);
            if (sym.value.is_var) throw BuildError{d.value.where, "a parameter is assigned a variable"};
            sym.value.is_bool = is_bool;
        }
        symbols_.emplace(d.name, std::move(sym));
        return;
    }
    // Variables.
    bool output = false;
    bool introduced = false;
    const Expr* output_dims = nullptr;
    for (const Expr& a : d.annotations) {
        if (a.text == "output_var") output = true;
        if (a.text == "var_is_introduced") introduced = true;
        if (a.text == "output_array" && a.kind == Expr::Kind::call && a.items.size() == 1) output_dims = &a.items[0];
    }
    if (t.is_array) {
        sym.kind = Symbol::Kind::array;
        if (d.has_value) {
            sym.elements = array(d.value);
            if (t.array_size >= 0 && static_cast<std::int64_t>(sym.elements.size()) != t.array_size) {
                throw BuildError{d.value.where, "the array '" + d.name + "' has " + std::to_string(sym.elements.size()) +
                                                    " elements, not " + std::to_string(t.array_size)};
            }
            for (Value& v : sym.elements) {
                if (v.is_var) {
                    restrict(v.var, t, d.where);
                } else if (!in_domain(v.constant, t)) {
                    s().fail();
                }
                v.is_bool = is_bool;
            }
        } else {
            if (t.array_size < 0) throw BuildError{d.where, "the array '" + d.name + "' has no size and no value"};
            for (std::int64_t i = 0; i < t.array_size; ++i) {
                Value v;
                v.is_var = true;
                v.is_bool = is_bool;
                v.var = make_var(t, d.name + "[" + std::to_string(i + 1) + "]", d.where);
                if (!introduced || output_dims != nullptr) out_.primary.push_back(v.var);
                sym.elements.push_back(v);
            }
        }
        if (output_dims != nullptr) add_array_output(d.name, *output_dims, sym.elements, is_bool);
    } else {
        if (d.has_value) {
            sym.value = scalar(d.value);
            if (sym.value.is_var) {
                restrict(sym.value.var, t, d.where);
            } else if (!in_domain(sym.value.constant, t)) {
                s().fail();
            }
        } else {
            sym.value.is_var = true;
            sym.value.var = make_var(t, d.name, d.where);
            if (!introduced || output) out_.primary.push_back(sym.value.var);
        }
        sym.value.is_bool = is_bool;
        if (output) {
            OutputItem item;
            item.name = d.name;
            item.is_bool = is_bool;
            item.values.push_back(sym.value);
            out_.outputs.push_back(std::move(item));
        }
    }
    symbols_.emplace(d.name, std::move(sym));
}

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

bool holds(std::int64_t lhs, Relation rel, std::int64_t rhs) {
    switch (rel) {
        case Relation::equal: return lhs == rhs;
        case Relation::not_equal: return lhs != rhs;
        case Relation::less_equal: return lhs <= rhs;
        case Relation::greater_equal: return lhs >= rhs;
    }
    return false;
}

void Builder::post_linear(std::vector<std::int64_t> coefficients, const std::vector<Value>& values, Relation rel,
                          std::int64_t rhs, Location where) {
    std::vector<std::int64_t> a;
    std::vector<IntVar> x;
    collect_terms(coefficients, values, rhs, a, x, where);
    if (a.empty()) {
        if (!holds(0, rel, rhs)) s().fail();
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

Relation negation(Relation rel, std::int64_t& rhs) {
    switch (rel) {
        case Relation::equal: return Relation::not_equal;
        case Relation::not_equal: return Relation::equal;
        case Relation::less_equal: ++rhs; return Relation::greater_equal;
        case Relation::greater_equal: --rhs; return Relation::less_equal;
    }
    return rel;
}

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
        const bool truth = holds(0, rel, rhs);
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
        IntRanges ranges;
        for (auto [lo, hi] : set) {
            lo = std::max<std::int64_t>(lo, INT32_MIN);
            hi = std::min<std::int64_t>(hi, INT32_MAX);
            if (lo <= hi) ranges.push_back({static_cast<int>(lo), static_cast<int>(hi)});
        }
        member_reified(s(), x[0], ranges, b, mode);
        return;
    }
    linear_reified(s(), a, x, rel, rhs, b, mode);
}

// ---------------------------------------------------------------- constraints

void Builder::compare(const Constraint& c, Relation rel, std::int64_t rhs, int reified) {
    arguments(c, reified ? 3 : 2);
    const std::vector<Value> terms{scalar(c.arguments[0]), scalar(c.arguments[1])};
    if (reified == 0) {
        post_linear({1, -1}, terms, rel, rhs, c.where);
    } else {
        post_linear_reified({1, -1}, terms, rel, rhs, scalar(c.arguments[2]),
                            reified == 1 ? Reification::equivalence : Reification::implication, c.where);
    }
}

void Builder::lin(const Constraint& c, Relation rel, std::int64_t offset, int reified) {
    arguments(c, reified ? 4 : 3);
    const std::vector<std::int64_t> a = pars(c.arguments[0]);
    const std::vector<Value> x = array(c.arguments[1]);
    const std::int64_t rhs = par(c.arguments[2]) + offset;
    if (reified == 0) {
        post_linear(a, x, rel, rhs, c.where);
    } else {
        post_linear_reified(a, x, rel, rhs, scalar(c.arguments[3]),
                            reified == 1 ? Reification::equivalence : Reification::implication, c.where);
    }
}

void Builder::int_plus(const Constraint& c) {  // a + b = z
    arguments(c, 3);
    post_linear({1, 1, -1}, {scalar(c.arguments[0]), scalar(c.arguments[1]), scalar(c.arguments[2])}, Relation::equal, 0, c.where);
}

void Builder::int_minus(const Constraint& c) {  // a - b = z
    arguments(c, 3);
    post_linear({1, -1, -1}, {scalar(c.arguments[0]), scalar(c.arguments[1]), scalar(c.arguments[2])}, Relation::equal, 0, c.where);
}

void Builder::int_negate(const Constraint& c) {  // b = -a
    arguments(c, 2);
    post_linear({1, 1}, {scalar(c.arguments[0]), scalar(c.arguments[1])}, Relation::equal, 0, c.where);
}

void Builder::int_times(const Constraint& c) {
    arguments(c, 3);
    const Value x = scalar(c.arguments[0]), y = scalar(c.arguments[1]), z = scalar(c.arguments[2]);
    if (!x.is_var) return post_linear({x.constant, -1}, {y, z}, Relation::equal, 0, c.where);
    if (!y.is_var) return post_linear({y.constant, -1}, {x, z}, Relation::equal, 0, c.where);
    times(s(), x.var, y.var, var(z, c.where));
}

void Builder::int_div(const Constraint& c) {
    arguments(c, 3);
    divide(s(), ivar(c.arguments[0]), ivar(c.arguments[1]), ivar(c.arguments[2]));
}

void Builder::int_mod(const Constraint& c) {
    arguments(c, 3);
    modulo(s(), ivar(c.arguments[0]), ivar(c.arguments[1]), ivar(c.arguments[2]));
}

void Builder::int_pow(const Constraint& c) {  // int_pow(x, y, z) and int_pow_fixed(x, y, z): z = x^y
    arguments(c, 3);
    power(s(), ivar(c.arguments[0]), ivar(c.arguments[1]), ivar(c.arguments[2]));
}

void Builder::int_abs(const Constraint& c) {
    arguments(c, 2);
    absolute(s(), ivar(c.arguments[0]), ivar(c.arguments[1]));
}

void Builder::int_min(const Constraint& c) {
    arguments(c, 3);
    minimum(s(), ivar(c.arguments[0]), ivar(c.arguments[1]), ivar(c.arguments[2]));
}

void Builder::int_max(const Constraint& c) {
    arguments(c, 3);
    maximum(s(), ivar(c.arguments[0]), ivar(c.arguments[1]), ivar(c.arguments[2]));
}

void Builder::array_int_minimum(const Constraint& c) {  // m = min(xs)
    arguments(c, 2);
    const std::vector<Value> xs = array(c.arguments[1]);
    if (xs.empty()) throw BuildError{c.where, "minimum of an empty array"};
    minimum(s(), vars(xs, c.where), ivar(c.arguments[0]));
}

void Builder::array_int_maximum(const Constraint& c) {
    arguments(c, 2);
    const std::vector<Value> xs = array(c.arguments[1]);
    if (xs.empty()) throw BuildError{c.where, "maximum of an empty array"};
    maximum(s(), vars(xs, c.where), ivar(c.arguments[0]));
}

// array_{int,bool,var_int,var_bool}_element(index, array, result), 1-based.
void Builder::array_element(const Constraint& c) {
    arguments(c, 3);
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
    xs.insert(xs.begin(), xs.front());
    element(s(), xs, index.var, var(result, c.where));
}

void Builder::bool_not(const Constraint& c) {  // b = not a; also bool_ne(a, b) and bool_xor(a, b)
    arguments(c, 2);
    prune::bool_not(s(), bvar(c.arguments[0]), bvar(c.arguments[1]));
}

void Builder::bool_eq_reif(const Constraint& c) {
    arguments(c, 3);
    bool_eq_reified(s(), bvar(c.arguments[0]), bvar(c.arguments[1]), bvar(c.arguments[2]));
}

void Builder::bool_xor(const Constraint& c) {  // bool_xor(a, b, r), bool_ne_reif(a, b, r)
    if (c.arguments.size() == 2) return bool_not(c);
    arguments(c, 3);
    prune::bool_xor(s(), bvar(c.arguments[0]), bvar(c.arguments[1]), bvar(c.arguments[2]));
}

void Builder::bool_le_reif(const Constraint& c) {  // r <=> (not a or b)
    arguments(c, 3);
    clause_reified(s(), {bvar(c.arguments[1])}, {bvar(c.arguments[0])}, bvar(c.arguments[2]));
}

void Builder::bool_lt_reif(const Constraint& c) {  // r <=> (not a and b), i.e. not r <=> (a or not b)
    arguments(c, 3);
    or_reified(s(), std::vector<BoolLiteral>{{bvar(c.arguments[0]), true}, {bvar(c.arguments[1]), false}},
               BoolLiteral{bvar(c.arguments[2]), false});
}

void Builder::bool_and(const Constraint& c) {
    arguments(c, 3);
    and_reified(s(), {bvar(c.arguments[0]), bvar(c.arguments[1])}, bvar(c.arguments[2]));
}

void Builder::bool_or(const Constraint& c) {
    arguments(c, 3);
    or_reified(s(), std::vector<BoolVar>{bvar(c.arguments[0]), bvar(c.arguments[1])}, bvar(c.arguments[2]));
}

void Builder::array_bool_and(const Constraint& c) {
    arguments(c, 2);
    and_reified(s(), bools(c.arguments[0], c.where), bvar(c.arguments[1]));
}

void Builder::array_bool_or(const Constraint& c) {
    arguments(c, 2);
    or_reified(s(), bools(c.arguments[0], c.where), bvar(c.arguments[1]));
}

void Builder::array_bool_xor(const Constraint& c) {  // an odd number of true
    arguments(c, 1);
    parity(s(), bools(c.arguments[0], c.where), true);
}

void Builder::bool_clause(const Constraint& c) {
    arguments(c, 2);
    clause(s(), bools(c.arguments[0], c.where), bools(c.arguments[1], c.where));
}

void Builder::bool_clause_reif(const Constraint& c) {
    arguments(c, 3);
    clause_reified(s(), bools(c.arguments[0], c.where), bools(c.arguments[1], c.where), bvar(c.arguments[2]));
}

// r -> c for the Boolean builtins, as clauses.
void Builder::bool_imp(const Constraint& c) {
    const std::string& n = c.name;
    if (n == "bool_clause_imp") {
        arguments(c, 3);
        std::vector<BoolVar> neg = bools(c.arguments[1], c.where);
        neg.push_back(bvar(c.arguments[2]));
        clause(s(), bools(c.arguments[0], c.where), neg);
        return;
    }
    if (n == "array_bool_or_imp" || n == "array_bool_and_imp") {
        arguments(c, 2);
        const std::vector<BoolVar> xs = bools(c.arguments[0], c.where);
        const BoolVar r = bvar(c.arguments[1]);
        if (n == "array_bool_or_imp") {
            clause(s(), xs, {r});
        } else {
            for (BoolVar x : xs) clause(s(), {x}, {r});
        }
        return;
    }
    arguments(c, 3);
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

void Builder::bool_lin(const Constraint& c) {  // bool_lin_eq(as, bs, c) with c a variable; bool_lin_le(as, bs, c)
    arguments(c, 3);
    std::vector<std::int64_t> a = pars(c.arguments[0]);
    std::vector<Value> x = array(c.arguments[1]);
    const Value k = scalar(c.arguments[2]);
    Relation rel = Relation::equal;
    if (c.name == "bool_lin_le") rel = Relation::less_equal;
    if (c.name == "bool_lin_ne") rel = Relation::not_equal;
    if (c.name == "bool_lin_ge") rel = Relation::greater_equal;
    a.push_back(-1);
    x.push_back(k);
    std::int64_t offset = 0;
    if (c.name == "bool_lin_lt") {
        rel = Relation::less_equal;
        offset = -1;
    } else if (c.name == "bool_lin_gt") {
        rel = Relation::greater_equal;
        offset = 1;
    }
    post_linear(a, x, rel, offset, c.where);
}

void Builder::set_in(const Constraint& c) {
    arguments(c, 2);
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
    IntRanges ranges;
    for (auto [lo, hi] : set) {
        lo = std::max<std::int64_t>(lo, INT32_MIN);
        hi = std::min<std::int64_t>(hi, INT32_MAX);
        if (lo <= hi) ranges.push_back({static_cast<int>(lo), static_cast<int>(hi)});
    }
    member_reified(s(), x.var, ranges, constant_var(1, c.where), Reification::implication);
}

void Builder::set_in_reif(const Constraint& c) {  // set_in_reif and set_in_imp
    arguments(c, 3);
    const Reification mode = c.name == "set_in_imp" ? Reification::implication : Reification::equivalence;
    const Ranges set = par_set(c.arguments[1]);
    IntRanges ranges;
    for (auto [lo, hi] : set) {
        lo = std::max<std::int64_t>(lo, INT32_MIN);
        hi = std::min<std::int64_t>(hi, INT32_MAX);
        if (lo <= hi) ranges.push_back({static_cast<int>(lo), static_cast<int>(hi)});
    }
    member_reified(s(), ivar(c.arguments[0]), ranges, bvar(c.arguments[2]), mode);
}

void Builder::all_different(const Constraint& c) {
    arguments(c, 1);
    // Domain consistency (Regin) unless the model asks for less; see mznlib/fzn_all_different_int.mzn.
    Consistency level = Consistency::domain;
    for (const Expr& a : c.annotations) {
        if (a.text == "bounds" || a.text == "bounds_propagation") level = Consistency::bounds;
        if (a.text == "value_propagation") level = Consistency::value;
    }
    prune::all_different(s(), vars(array(c.arguments[0]), c.where), level);
}

void Builder::table(const Constraint& c) {  // prune_table_int(x, flat tuples), prune_table_bool
    arguments(c, 2);
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

const std::unordered_map<std::string, Builder::Handler>& Builder::handlers() {
    static const std::unordered_map<std::string, Handler> table = {
        {"int_eq", &Builder::int_eq},
        {"int_ne", &Builder::int_ne},
        {"int_le", &Builder::int_le},
        {"int_lt", &Builder::int_lt},
        {"int_ge", &Builder::int_ge},
        {"int_gt", &Builder::int_gt},
        {"int_eq_reif", &Builder::int_eq_reif},
        {"int_ne_reif", &Builder::int_ne_reif},
        {"int_le_reif", &Builder::int_le_reif},
        {"int_lt_reif", &Builder::int_lt_reif},
        {"int_ge_reif", &Builder::int_ge_reif},
        {"int_gt_reif", &Builder::int_gt_reif},
        {"int_eq_imp", &Builder::int_eq_imp},
        {"int_ne_imp", &Builder::int_ne_imp},
        {"int_le_imp", &Builder::int_le_imp},
        {"int_lt_imp", &Builder::int_lt_imp},
        {"int_ge_imp", &Builder::int_ge_imp},
        {"int_gt_imp", &Builder::int_gt_imp},
        {"int_lin_eq", &Builder::int_lin_eq},
        {"int_lin_ne", &Builder::int_lin_ne},
        {"int_lin_le", &Builder::int_lin_le},
        {"int_lin_lt", &Builder::int_lin_lt},
        {"int_lin_ge", &Builder::int_lin_ge},
        {"int_lin_gt", &Builder::int_lin_gt},
        {"int_lin_eq_reif", &Builder::int_lin_eq_reif},
        {"int_lin_ne_reif", &Builder::int_lin_ne_reif},
        {"int_lin_le_reif", &Builder::int_lin_le_reif},
        {"int_lin_lt_reif", &Builder::int_lin_lt_reif},
        {"int_lin_ge_reif", &Builder::int_lin_ge_reif},
        {"int_lin_gt_reif", &Builder::int_lin_gt_reif},
        {"int_lin_eq_imp", &Builder::int_lin_eq_imp},
        {"int_lin_ne_imp", &Builder::int_lin_ne_imp},
        {"int_lin_le_imp", &Builder::int_lin_le_imp},
        {"int_lin_lt_imp", &Builder::int_lin_lt_imp},
        {"int_lin_ge_imp", &Builder::int_lin_ge_imp},
        {"int_lin_gt_imp", &Builder::int_lin_gt_imp},
        {"int_plus", &Builder::int_plus},
        {"int_minus", &Builder::int_minus},
        {"int_negate", &Builder::int_negate},
        {"int_times", &Builder::int_times},
        {"int_div", &Builder::int_div},
        {"int_mod", &Builder::int_mod},
        {"int_pow", &Builder::int_pow},
        {"int_pow_fixed", &Builder::int_pow},
        {"int_abs", &Builder::int_abs},
        {"int_min", &Builder::int_min},
        {"int_max", &Builder::int_max},
        {"array_int_minimum", &Builder::array_int_minimum},
        {"array_int_maximum", &Builder::array_int_maximum},
        {"array_int_element", &Builder::array_element},
        {"array_bool_element", &Builder::array_element},
        {"array_var_int_element", &Builder::array_element},
        {"array_var_bool_element", &Builder::array_element},
        {"bool2int", &Builder::bool2int},
        {"bool_eq", &Builder::bool2int},
        {"bool_eq_reif", &Builder::bool_eq_reif},
        {"bool_ne", &Builder::bool_not},
        {"bool_ne_reif", &Builder::bool_xor},
        {"bool_not", &Builder::bool_not},
        {"bool_xor", &Builder::bool_xor},
        {"bool_le", &Builder::int_le},
        {"bool_lt", &Builder::int_lt},
        {"bool_le_reif", &Builder::bool_le_reif},
        {"bool_lt_reif", &Builder::bool_lt_reif},
        {"bool_and", &Builder::bool_and},
        {"bool_or", &Builder::bool_or},
        {"array_bool_and", &Builder::array_bool_and},
        {"array_bool_or", &Builder::array_bool_or},
        {"array_bool_xor", &Builder::array_bool_xor},
        {"bool_clause", &Builder::bool_clause},
        {"bool_clause_reif", &Builder::bool_clause_reif},
        {"prune_bool_clause_reif", &Builder::bool_clause_reif},
        {"bool_clause_imp", &Builder::bool_imp},
        {"array_bool_and_imp", &Builder::bool_imp},
        {"array_bool_or_imp", &Builder::bool_imp},
        {"bool_and_imp", &Builder::bool_imp},
        {"bool_or_imp", &Builder::bool_imp},
        {"bool_eq_imp", &Builder::bool_imp},
        {"bool_ne_imp", &Builder::bool_imp},
        {"bool_xor_imp", &Builder::bool_imp},
        {"bool_le_imp", &Builder::bool_imp},
        {"bool_lt_imp", &Builder::bool_imp},
        {"bool_lin_eq", &Builder::bool_lin},
        {"bool_lin_ne", &Builder::bool_lin},
        {"bool_lin_le", &Builder::bool_lin},
        {"bool_lin_lt", &Builder::bool_lin},
        {"bool_lin_ge", &Builder::bool_lin},
        {"bool_lin_gt", &Builder::bool_lin},
        {"set_in", &Builder::set_in},
        {"set_in_reif", &Builder::set_in_reif},
        {"set_in_imp", &Builder::set_in_reif},
        {"prune_all_different", &Builder::all_different},
        {"fzn_all_different_int", &Builder::all_different},
        {"all_different_int", &Builder::all_different},
        {"prune_table_int", &Builder::table},
        {"prune_table_bool", &Builder::table},
    };
    return table;
}

void Builder::constrain(const Constraint& c) {
    const auto& table = handlers();
    auto it = table.find(c.name);
    if (it == table.end()) {
        if (c.name.rfind("float_", 0) == 0 || c.name.find("_float_") != std::string::npos) {
            throw BuildError{c.where, "float constraints are not supported by prune ('" + c.name + "')"};
        }
        throw BuildError{c.where, "unsupported constraint '" + c.name + "'"};
    }
    check_annotations(c.annotations);
    (this->*(it->second))(c);
    ++out_.constraints;
    if (!s().error().empty()) throw BuildError{c.where, s().error()};
}

// ---------------------------------------------------------------- search

void Builder::solve(const SolveItem& item) {
    out_.goal = item.goal;
    if (item.goal != SolveItem::Goal::satisfy) out_.objective = ivar(item.objective);
    // seq_search is flattened into one decision order (see flatzinc.hpp).
    std::vector<const Expr*> pending;
    for (auto it = item.annotations.rbegin(); it != item.annotations.rend(); ++it) pending.push_back(&*it);
    while (!pending.empty()) {
        const Expr& a = *pending.back();
        pending.pop_back();
        try {
            search_annotation(a, pending);
        } catch (const BuildError& e) {
            // Annotations guide the search; one prune cannot read never stops a model.
            warn(a.where, "annotation " + a.text, "ignoring the search annotation '" + a.text + "': " + e.message);
        }
    }
}

void Builder::search_annotation(const Expr& a, std::vector<const Expr*>& pending) {
    const std::string& n = a.text;
    if (n == "seq_search" && a.kind == Expr::Kind::call && a.items.size() == 1 && a.items[0].kind == Expr::Kind::array) {
        const auto& inner = a.items[0].items;
        for (auto it = inner.rbegin(); it != inner.rend(); ++it) pending.push_back(&*it);
    } else if ((n == "int_search" || n == "bool_search") && a.kind == Expr::Kind::call && a.items.size() >= 3) {
        out_.search.push_back(search_group(a));
    } else if (n == "restart_luby" || n == "restart_geometric" || n == "restart_constant" || n == "restart_linear" ||
               n == "restart_none") {
        restart_annotation(a);
    } else {
        warn(a.where, "annotation " + n, "ignoring the search annotation '" + n + "'");
    }
}

SearchGroup Builder::search_group(const Expr& a) {
    SearchGroup g;
    for (const Value& v : array(a.items[0])) {
        if (v.is_var) g.variables.push_back(v.var);
    }
    const std::string& vs = a.items[1].text;
    const std::string& ws = a.items[2].text;
    if (vs == "input_order") g.variable = VariableSelection::input_order;
    else if (vs == "first_fail") g.variable = VariableSelection::smallest_domain;
    else if (vs == "dom_w_deg") g.variable = VariableSelection::dom_wdeg;
    else if (vs == "smallest") g.variable = VariableSelection::smallest_value;
    else if (vs == "largest") g.variable = VariableSelection::largest_value;
    else if (vs == "anti_first_fail") g.variable = VariableSelection::largest_domain;
    else if (vs == "occurrence" || vs == "most_constrained" || vs == "max_regret") {
        g.variable = VariableSelection::smallest_domain;
        warn(a.items[1].where, "varsel " + vs, "variable selection '" + vs + "' is approximated by first_fail");
    } else {
        warn(a.items[1].where, "varsel " + vs, "unknown variable selection '" + vs + "', using input_order");
    }
    if (ws == "indomain_min" || ws == "indomain") g.value = ValueSelection::min;
    else if (ws == "indomain_max") g.value = ValueSelection::max;
    else if (ws == "indomain_median" || ws == "indomain_middle") g.value = ValueSelection::median;
    else if (ws == "indomain_split" || ws == "indomain_interval") g.value = ValueSelection::split;
    else if (ws == "indomain_reverse_split") g.value = ValueSelection::reverse_split;
    else if (ws == "indomain_random") g.value = ValueSelection::random;
    else warn(a.items[2].where, "valsel " + ws, "unknown value selection '" + ws + "', using indomain_min");
    return g;
}

void Builder::restart_annotation(const Expr& a) {
    const std::string& n = a.text;
    out_.has_restart_annotation = false;  // until the annotation is read in full
    if (n == "restart_none") {
        out_.restarts.kind = RestartKind::none;
    } else if (n == "restart_luby" && a.items.size() == 1) {
        out_.restarts = RestartPolicy{RestartKind::luby, static_cast<double>(par(a.items[0])), 1.5};
    } else if (n == "restart_geometric" && a.items.size() == 2 && a.items[0].kind == Expr::Kind::floating) {
        out_.restarts = RestartPolicy{RestartKind::geometric, static_cast<double>(par(a.items[1])), a.items[0].floating};
    } else if (n == "restart_constant" && a.items.size() == 1) {
        out_.restarts = RestartPolicy{RestartKind::geometric, static_cast<double>(par(a.items[0])), 1.0};
    } else {
        warn(a.where, "annotation " + n, "ignoring the search annotation '" + n + "'");
        return;
    }
    out_.has_restart_annotation = true;
}

// "q[3]", "grid[2,5]": the name of element k (0-based, row-major) of an output array.
std::string element_name(const OutputItem& item, std::size_t k) {
    std::vector<std::int64_t> index(item.dimensions.size());
    for (std::size_t d = item.dimensions.size(); d-- > 0;) {
        const std::int64_t extent = std::max<std::int64_t>(1, item.dimensions[d].second - item.dimensions[d].first + 1);
        index[d] = item.dimensions[d].first + static_cast<std::int64_t>(k % static_cast<std::size_t>(extent));
        k /= static_cast<std::size_t>(extent);
    }
    std::string name = item.name;
    name += '[';
    for (std::size_t d = 0; d < index.size(); ++d) {
        if (d > 0) name += ',';
        name += std::to_string(index[d]);
    }
    name += ']';
    return name;
}

// MiniZinc hands its arrays over as FlatZinc arrays of introduced variables
// (q = [X_INTRODUCED_0_, ...]): traces, --profile and --explain call each element by
// the model's own name, q[1], instead. A variable that is itself an output variable
// keeps its name, and the first array to name an element wins; the FlatZinc names stay
// known to --explain as aliases.
void name_output_elements(BuiltModel& out) {
    std::vector<bool> named(static_cast<std::size_t>(out.solver->variable_count()), false);
    for (const OutputItem& item : out.outputs) {
        if (!item.is_array && !item.values.empty() && item.values[0].is_var) named[static_cast<std::size_t>(item.values[0].var.index)] = true;
    }
    for (const OutputItem& item : out.outputs) {
        if (!item.is_array) continue;
        for (std::size_t k = 0; k < item.values.size(); ++k) {
            const Value& v = item.values[k];
            if (!v.is_var || named[static_cast<std::size_t>(v.var.index)]) continue;
            named[static_cast<std::size_t>(v.var.index)] = true;
            out.solver->rename_variable(v.var, element_name(item, k));
        }
    }
}

}  // namespace

BuildResult build(const Model& model, const std::string& file, BuiltModel& out, std::ostream& warnings) {
    BuildResult r;
    Builder b(file, out, warnings);
    try {
        for (const Declaration& d : model.declarations) b.declare(d);
        for (const Constraint& c : model.constraints) {
            // Traces and profiles name each propagator after its constraint and line.
            const int first = out.solver->propagator_count();
            b.constrain(c);
            std::string name = c.name;
            name += '@';
            name += std::to_string(c.where.line);
            out.solver->name_propagators_from(first, name);
        }
        b.solve(model.solve);
        name_output_elements(out);
        r.ok = true;
    } catch (const BuildError& e) {
        r.error = diagnostic(file, e.where, "error", e.message);
    }
    return r;
}

}  // namespace prune::flatzinc
