// The search side of the FlatZinc builder: the solve item and its annotations, the
// names of output array elements, and flatzinc::build itself.
#include <algorithm>

#include "builder_internal.hpp"

namespace prune::flatzinc {
namespace detail {

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

namespace {

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
}  // namespace detail

BuildResult build(const Model& model, const std::string& file, BuiltModel& out, std::ostream& warnings,
                  BuildSettings settings) {
    BuildResult r;
    detail::Builder b(file, out, warnings, settings);
    try {
        for (const Declaration& d : model.declarations) b.declare(d);
        b.find_distinct_sums(model.constraints);
        b.find_offset_indices(model.constraints);
        b.find_half_reifications(model);
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
        detail::name_output_elements(out);
        r.ok = true;
    } catch (const detail::BuildError& e) {
        r.error = diagnostic(file, e.where, "error", e.message);
    }
    return r;
}

}  // namespace prune::flatzinc
