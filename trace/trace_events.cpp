#include "trace/trace_events.hpp"

#include "engine/learning/explanation.hpp"

namespace prune::trace {

DecisionText describe_decision(const Literal& literal, bool negated) {
    switch (literal.kind) {
        case LiteralKind::equal: return {negated ? "!=" : "=", literal.value};
        case LiteralKind::less_equal: return negated ? DecisionText{">=", literal.value + 1} : DecisionText{"<=", literal.value};
        case LiteralKind::greater_equal: return negated ? DecisionText{"<=", literal.value - 1} : DecisionText{">=", literal.value};
    }
    return {"?", literal.value};
}

void compute_delta(const Solver& solver, IntVar x, const DomainBefore& before, DomainDelta& delta) {
    delta.removed.clear();
    delta.min = solver.min(x);
    delta.max = solver.max(x);
    delta.by_values = before.values != nullptr;
    if (!delta.by_values) return;
    for (int v : *before.values) {
        if (!solver.contains(x, v)) delta.removed.push_back(v);
    }
}

std::string delta_text(const DomainDelta& delta) {
    // (Built with append: GCC 12 warns falsely (-Wrestrict) on assignments and "[" + ...)
    std::string text(1, delta.by_values ? '-' : '[');
    if (delta.by_values) {
        text.push_back('{');
        for (std::size_t i = 0; i < delta.removed.size(); ++i) {
            if (i > 0) text.push_back(',');
            text.append(std::to_string(delta.removed[i]));
        }
        text.push_back('}');
    } else {
        text.append(std::to_string(delta.min));
        text.append("..");
        text.append(std::to_string(delta.max));
        text.push_back(']');
    }
    return text;
}

std::string facts_text(const Solver& solver, const Fact* facts, std::size_t count) {
    std::string text;
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0) text += ", ";
        text += solver.display_name(IntVar{facts[i].var}) + " " + fact_op(facts[i]) + " " + std::to_string(facts[i].value);
    }
    return text;
}

std::string kind_name(const Propagator& p) { return p.kind(); }

}  // namespace prune::trace
