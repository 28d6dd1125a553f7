// The symbol table of the FlatZinc builder: parameters, variables and arrays by name,
// the values of expressions, and the domains of declared variables.
#include <algorithm>

#include "builder_internal.hpp"

namespace prune::flatzinc::detail {

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

IntRanges clipped_to_int(const Ranges& set) {
    IntRanges ranges;
    for (auto [lo, hi] : set) {
        lo = std::max<std::int64_t>(lo, INT32_MIN);
        hi = std::min<std::int64_t>(hi, INT32_MAX);
        if (lo <= hi) ranges.push_back({static_cast<int>(lo), static_cast<int>(hi)});
    }
    return ranges;
}

void Builder::warn(Location where, const std::string& key, const std::string& message) {
    if (!warned_.insert(key).second) return;
    warnings_ << diagnostic(file_, where, "warning", message) << '\n';
}

void Builder::check_annotations(const std::vector<Expr>& annotations) {
    for (const Expr& a : annotations) {
        if (!known_annotation(a.text)) warn(a.where, "annotation " + a.text, "ignoring unknown annotation '" + a.text + "'");
    }
}

// ---------------------------------------------------------------- values

const Symbol& Builder::symbol(const Expr& e) {
    auto it = symbols_.find(e.text);
    if (it == symbols_.end()) throw BuildError{e.where, "undefined identifier '" + e.text + "'"};
    return it->second;
}

Value Builder::scalar(const Expr& e) {
    Value v;
    switch (e.kind) {
        case Expr::Kind::boolean:
            v.is_bool = true;
            v.constant = e.boolean ? 1 : 0;
            return v;
        case Expr::Kind::integer: v.constant = e.integer; return v;
        case Expr::Kind::identifier: {
            const Symbol& sym = symbol(e);
            if (sym.kind == Symbol::Kind::scalar) return sym.value;
            if (sym.kind == Symbol::Kind::floating) throw BuildError{e.where, "float values are not supported by prune"};
            throw BuildError{e.where, "'" + e.text + "' is not an integer or Boolean"};
        }
        case Expr::Kind::access: {
            const Symbol& sym = symbol(e);
            if (sym.kind != Symbol::Kind::array) throw BuildError{e.where, "'" + e.text + "' is not an array of integers or Booleans"};
            const auto& el = sym.elements;
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
        const Symbol& sym = symbol(e);
        if (sym.kind == Symbol::Kind::array) return sym.elements;
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
    member_reified(s(), x, clipped_to_int(r), constant_var(1, where), Reification::implication);
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
    member_reified(s(), x, clipped_to_int(r), constant_var(1, where), Reification::implication);
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

void Builder::add_scalar_output(const std::string& name, const Value& value, bool is_bool) {
    OutputItem item;
    item.name = name;
    item.is_bool = is_bool;
    item.values.push_back(value);
    out_.outputs.push_back(std::move(item));
}

namespace {

bool is_empty_array(const Declaration& d) {
    if (d.has_value) return d.value.kind == Expr::Kind::array && d.value.items.empty();
    return d.type.array_size == 0;
}

}  // namespace

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
    } else if (t.base == Type::Base::floating) {
        if (t.is_var) throw BuildError{d.where, "float variables are not supported by prune ('" + d.name + "')"};
        sym.kind = Symbol::Kind::floating;
    } else if (t.base == Type::Base::set_of_int) {
        sym = declare_set(d);
    } else if (!t.is_var) {
        sym = declare_parameter(d);
    } else {
        bool output = false;
        bool introduced = false;
        const Expr* output_dims = nullptr;
        for (const Expr& a : d.annotations) {
            if (a.text == "output_var") output = true;
            if (a.text == "var_is_introduced") introduced = true;
            if (a.text == "output_array" && a.kind == Expr::Kind::call && a.items.size() == 1) output_dims = &a.items[0];
        }
        sym = t.is_array ? declare_variable_array(d, introduced, output_dims) : declare_variable(d, introduced, output);
    }
    symbols_.emplace(d.name, std::move(sym));
}

Symbol Builder::declare_set(const Declaration& d) {
    if (d.type.is_var) {
        throw BuildError{d.where, "set variables are not supported by prune ('" + d.name +
                                      "'); compile with prune's solver library, which decomposes them"};
    }
    if (!d.has_value) throw BuildError{d.where, "the parameter '" + d.name + "' has no value"};
    Symbol sym;
    if (d.type.is_array) {
        sym.kind = Symbol::Kind::set_array;
        if (d.value.kind != Expr::Kind::array) throw BuildError{d.value.where, "expected an array of sets"};
        for (const Expr& item : d.value.items) sym.sets.push_back(par_set(item));
    } else {
        sym.kind = Symbol::Kind::set;
        sym.set = par_set(d.value);
    }
    return sym;
}

Symbol Builder::declare_parameter(const Declaration& d) {
    if (!d.has_value) throw BuildError{d.where, "the parameter '" + d.name + "' has no value"};
    const bool is_bool = d.type.base == Type::Base::boolean;
    Symbol sym;
    if (d.type.is_array) {
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
    return sym;
}

// A declaration whose value is another variable or a constant: the variable takes
// the declared domain; a constant outside it makes the model unsatisfiable.
void Builder::bind_alias(Value& v, const Type& t, Location where) {
    if (v.is_var) {
        restrict(v.var, t, where);
    } else if (!in_domain(v.constant, t)) {
        s().fail();
    }
}

Symbol Builder::declare_variable_array(const Declaration& d, bool introduced, const Expr* output_dims) {
    const Type& t = d.type;
    const bool is_bool = t.base == Type::Base::boolean;
    Symbol sym;
    sym.kind = Symbol::Kind::array;
    if (d.has_value) {
        sym.elements = array(d.value);
        if (t.array_size >= 0 && static_cast<std::int64_t>(sym.elements.size()) != t.array_size) {
            throw BuildError{d.value.where, "the array '" + d.name + "' has " + std::to_string(sym.elements.size()) +
                                                " elements, not " + std::to_string(t.array_size)};
        }
        for (Value& v : sym.elements) {
            bind_alias(v, t, d.where);
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
    return sym;
}

Symbol Builder::declare_variable(const Declaration& d, bool introduced, bool output) {
    const bool is_bool = d.type.base == Type::Base::boolean;
    Symbol sym;
    if (d.has_value) {
        sym.value = scalar(d.value);
        bind_alias(sym.value, d.type, d.where);
    } else {
        sym.value.is_var = true;
        sym.value.var = make_var(d.type, d.name, d.where);
        if (!introduced || output) out_.primary.push_back(sym.value.var);
    }
    sym.value.is_bool = is_bool;
    if (output) add_scalar_output(d.name, sym.value, is_bool);
    return sym;
}

}  // namespace prune::flatzinc::detail
