// Half reification found by the builder (Feydy, Somogyi and Stuckey, "Half
// reification and flattening", CP 2011). MiniZinc flattens a disjunction such as
// `x != y \/ u != v` into int_ne_reif(x, y, b1), int_ne_reif(u, v, b2) and
// array_bool_or([b1, b2], true). The clause needs only b -> c of each reification;
// the other direction (not b -> not c) is propagation work that prunes nothing a
// solution needs, and with learning it makes the control Booleans decisions that
// force the negated constraint. MiniZinc emits the _imp forms itself when a solver's
// library declares them, but before 2.7.4 / 2.8.4 also in contexts that are not
// monotone (mznlib/redefinitions.mzn), so prune's library declares none and the
// builder finds the safe ones here instead.
//
// A `*_reif` constraint with control Boolean b is posted as its `*_imp` form when b
// occurs nowhere else than as a positive literal of clauses (array_bool_or(.., true),
// the first list of bool_clause): not in any other constraint, not in the objective
// or a search annotation, and b is not shown (output). Sound: from a solution of the
// half-reified model, setting b to the truth of its constraint satisfies the full
// model (b only turns from false to true, and b appears in clauses only positively),
// and the shown variables keep their values; so satisfiability, the optimum and the
// shown solutions (enumeration projects onto them, flatzinc.cpp) are unchanged.
#include <unordered_map>

#include "builder_internal.hpp"

namespace prune::flatzinc::detail {

// The `*_imp` builtin of a `*_reif` constraint, or nullptr.
const Builtin* Builder::implication_form(const std::string& name) {
    constexpr std::string_view suffix = "_reif";
    if (!name.ends_with(suffix)) return nullptr;
    return find_builtin(name.substr(0, name.size() - suffix.size()) + "_imp");
}

// The variables an argument mentions (a scalar, an array literal or a named array);
// nothing for parameters, sets and what is not a variable.
void Builder::variables_of(const Expr& e, std::vector<int>& out) {
    switch (e.kind) {
        case Expr::Kind::identifier: {
            const auto it = symbols_.find(e.text);
            if (it == symbols_.end()) return;  // a search annotation's keyword
            const Symbol& sym = it->second;
            if (sym.kind == Symbol::Kind::scalar && sym.value.is_var) out.push_back(sym.value.var.index);
            if (sym.kind == Symbol::Kind::array) {
                for (const Value& v : sym.elements) {
                    if (v.is_var) out.push_back(v.var.index);
                }
            }
            return;
        }
        case Expr::Kind::access: {
            const Value v = scalar(e);
            if (v.is_var) out.push_back(v.var.index);
            return;
        }
        case Expr::Kind::array:
        case Expr::Kind::call:
            for (const Expr& item : e.items) variables_of(item, out);
            return;
        default: return;
    }
}

void Builder::find_half_reifications(const Model& model) {
    // Per variable: its occurrences as a control Boolean that could be half, and
    // anywhere else than as a positive clause literal.
    const std::size_t n = static_cast<std::size_t>(s().variable_count());
    std::vector<int> controls(n, 0), other(n, 0);
    std::unordered_map<int, const Constraint*> control_of;  // a control Boolean's last reification
    std::vector<int> mentioned;
    const auto count = [&](const Expr& e, std::vector<int>& counter) {
        mentioned.clear();
        variables_of(e, mentioned);
        for (int x : mentioned) ++counter[static_cast<std::size_t>(x)];
    };
    try {
        for (const Constraint& c : model.constraints) {
            const bool clause = (c.name == "array_bool_or" && c.arguments.size() == 2 && c.arguments[1].kind == Expr::Kind::boolean &&
                                 c.arguments[1].boolean) ||
                                (c.name == "bool_clause" && c.arguments.size() == 2);
            if (clause) {
                if (c.name == "bool_clause") count(c.arguments[1], other);  // the negated literals
                continue;
            }
            const Builtin* imp = implication_form(c.name);
            const bool could_be_half = imp != nullptr && !c.arguments.empty() && (imp->arity == 0 || imp->arity == c.arguments.size()) &&
                                       c.arguments.back().kind == Expr::Kind::identifier;
            for (std::size_t i = 0; i < c.arguments.size(); ++i) {
                const bool control = could_be_half && i + 1 == c.arguments.size();
                count(c.arguments[i], control ? controls : other);
                if (control && mentioned.size() == 1) control_of[mentioned[0]] = &c;
            }
        }
        count(model.solve.objective, other);
        for (const Expr& a : model.solve.annotations) count(a, other);
    } catch (const BuildError&) {
        return;  // posting the constraints reports it where it is
    }
    for (const OutputItem& item : out_.outputs) {
        for (const Value& v : item.values) {
            if (v.is_var) ++other[static_cast<std::size_t>(v.var.index)];
        }
    }
    for (const auto& [x, c] : control_of) {
        const std::size_t i = static_cast<std::size_t>(x);
        if (controls[i] == 1 && other[i] == 0 && s().min(IntVar{x}) >= 0 && s().max(IntVar{x}) <= 1) {
            half_forms_.emplace(c, implication_form(c->name));
        }
    }
}

}  // namespace prune::flatzinc::detail
