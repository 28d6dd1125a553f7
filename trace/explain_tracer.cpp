#include "trace/explain_tracer.hpp"

namespace prune::trace {

bool ExplainTracer::begin(const Solver& solver, const std::string&, std::string& error) {
    if (const std::optional<IntVar> found = solver.find_variable(variable_name_)) variable_ = found->index;
    if (variable_ < 0) {
        std::string some;
        for (int i = 0; i < solver.variable_count() && i < 4; ++i) some += (i > 0 ? ", " : "") + solver.display_name(IntVar{i});
        error = "--explain: no variable called '" + variable_name_ + "' in this model (its variables are named like " + some + ")";
        return false;
    }
    const IntVar x{variable_};
    initial_ = std::to_string(solver.min(x)) + ".." + std::to_string(solver.max(x));
    if (solver.size(x) != std::int64_t{solver.max(x)} - solver.min(x) + 1) initial_ += " (" + std::to_string(solver.size(x)) + " values)";
    return true;
}

void ExplainTracer::on_node(std::uint64_t id, std::uint64_t, int depth) {
    node_ = id;
    depth_ = depth;
    // Steps made at this depth or deeper belong to a subtree the search has left.
    while (!steps_.empty() && steps_.back().depth >= depth && depth > 0) steps_.pop_back();
}

void ExplainTracer::on_decision(const Solver& s, const Literal& l, bool negated) {
    const DecisionText d = describe_decision(l, negated);
    decision_ = "decision " + s.display_name(l.var) + " " + d.op + " " + std::to_string(d.value);
}

void ExplainTracer::on_domain_change(const Solver& s, IntVar x, const DomainBefore& before) {
    if (x.index != variable_ || solved_) return;
    compute_delta(s, x, before, delta_);
    steps_.push_back(Step{node_, depth_, running_ != nullptr ? s.display_name(*running_) : decision_, delta_text(delta_)});
}

void ExplainTracer::on_solution(const Solver& s) {
    if (solved_) return;
    solved_ = true;
    value_ = s.value(IntVar{variable_});
    solution_steps_ = steps_;
}

void ExplainTracer::finish(const Solver&, const SearchStatistics&) {
    if (!solved_) {
        out_ << "explain " << variable_name_ << ": no solution was found, nothing to explain\n";
        return;
    }
    out_ << "Why is " << variable_name_ << " = " << value_ << "? (first solution; initial domain " << initial_ << ")\n";
    if (solution_steps_.empty()) out_ << "  it was never changed: its initial domain is the single value\n";
    std::size_t width = 0;
    for (const Step& step : solution_steps_) width = std::max(width, step.by.size());
    for (const Step& step : solution_steps_) {
        std::string head = "  node " + std::to_string(step.node) + " (depth " + std::to_string(step.depth) + ")";
        head.resize(std::max<std::size_t>(head.size(), 22), ' ');
        std::string by = step.by;
        by.resize(width, ' ');
        out_ << head << "  " << by << "  " << step.change << "\n";
    }
    out_.flush();
}

}  // namespace prune::trace
