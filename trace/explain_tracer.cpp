#include "trace/explain_tracer.hpp"

#include <algorithm>

#include "engine/learning/explanation.hpp"

namespace prune::trace {
namespace {

constexpr int max_explained_values = 8;           // per change
constexpr std::int64_t max_snapshot_width = 4096;  // wider domains keep their bounds only

// The explanation view of explanation.hpp over the copied scope (other variables:
// as they are now).
class SnapshotExplanation final : public Explanation {
public:
    SnapshotExplanation(const std::vector<ExplainTracer::Snapshot>& scope, const Solver& s, const std::vector<int>& start_min,
                        const std::vector<int>& start_max, const Fact& inferred, std::vector<Fact>& out)
        : scope_(scope), solver_(s), start_min_(start_min), start_max_(start_max), out_(out) {
        inferred_ = inferred;
    }
    bool had_value(IntVar x, int v) const override {
        const ExplainTracer::Snapshot* d = find(x);
        return d != nullptr ? d->has(v) : solver_.contains(x, v);
    }
    bool was_fixed(IntVar x) const override {
        const ExplainTracer::Snapshot* d = find(x);
        return d != nullptr ? d->size == 1 : solver_.fixed(x);
    }
    int fixed_value(IntVar x) const override {
        const ExplainTracer::Snapshot* d = find(x);
        return d != nullptr ? d->min : solver_.value(x);
    }
    int min_before(IntVar x) const override {
        const ExplainTracer::Snapshot* d = find(x);
        return d != nullptr ? d->min : solver_.min(x);
    }
    int max_before(IntVar x) const override {
        const ExplainTracer::Snapshot* d = find(x);
        return d != nullptr ? d->max : solver_.max(x);
    }
    // The bounds when the search began (the tracer's begin()).
    int initial_min(IntVar x) const override { return start_min_[static_cast<std::size_t>(x.index)]; }
    int initial_max(IntVar x) const override { return start_max_[static_cast<std::size_t>(x.index)]; }
    void add_removed(IntVar x, int v) override { out_.push_back(Fact{x.index, v, FactKind::not_equal}); }
    void add_fixed(IntVar x) override { out_.push_back(Fact{x.index, fixed_value(x), FactKind::equal}); }
    // One bound fact, as learning has it ([x >= 5], not the values below 5).
    void add_lower_bound(IntVar x, std::int64_t lb) override {
        if (lb > initial_min(x)) out_.push_back(Fact{x.index, static_cast<int>(lb), FactKind::greater_equal});
    }
    void add_upper_bound(IntVar x, std::int64_t ub) override {
        if (ub < initial_max(x)) out_.push_back(Fact{x.index, static_cast<int>(ub), FactKind::less_equal});
    }

private:
    const ExplainTracer::Snapshot* find(IntVar x) const {
        for (const ExplainTracer::Snapshot& d : scope_) {
            if (d.var == x.index) return &d;
        }
        return nullptr;
    }
    const std::vector<ExplainTracer::Snapshot>& scope_;
    const Solver& solver_;
    const std::vector<int>& start_min_;
    const std::vector<int>& start_max_;
    std::vector<Fact>& out_;
};

ExplainTracer::Snapshot snapshot(const Solver& s, IntVar x, const DomainBefore* before) {
    ExplainTracer::Snapshot d;
    d.var = x.index;
    d.min = before != nullptr ? before->min : s.min(x);
    d.max = before != nullptr ? before->max : s.max(x);
    d.size = before != nullptr ? before->size : s.size(x);
    const std::int64_t width = std::int64_t{d.max} - d.min + 1;
    if (d.size == width || width > max_snapshot_width) return d;
    d.member.assign(static_cast<std::size_t>(width), 0);
    if (before != nullptr) {
        if (before->values == nullptr) {
            d.member.clear();
            return d;
        }
        for (int v : *before->values) d.member[static_cast<std::size_t>(v - d.min)] = 1;
    } else {
        s.for_each_value(x, [&](int v) { d.member[static_cast<std::size_t>(v - d.min)] = 1; });
    }
    return d;
}

}  // namespace

bool ExplainTracer::begin(const Solver& solver, const std::string&, std::string& error) {
    if (const std::optional<IntVar> found = solver.find_variable(variable_name_)) variable_ = found->index;
    if (variable_ < 0) {
        std::string some;
        for (int i = 0; i < solver.variable_count() && i < 4; ++i) some += (i > 0 ? ", " : "") + solver.display_name(IntVar{i});
        error = "--explain: no variable called '" + variable_name_ + "' in this model (its variables are named like " + some + ")";
        return false;
    }
    start_min_.clear();
    start_max_.clear();
    for (int i = 0; i < solver.variable_count(); ++i) {
        start_min_.push_back(solver.min(IntVar{i}));
        start_max_.push_back(solver.max(IntVar{i}));
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
    steps_.push_back(Step{node_, depth_, running_ != nullptr ? s.display_name(*running_) : decision_, delta_text(delta_), {}});
    if (running_ == nullptr) return;
    Pending pending{steps_.size() - 1, {}, {}};
    if (delta_.by_values) {
        pending.values = delta_.removed;
    } else {
        for (int v = before.min; v <= before.max && static_cast<int>(pending.values.size()) <= max_explained_values; ++v) {
            if (!s.contains(x, v)) pending.values.push_back(v);
        }
    }
    std::vector<int> seen;
    for (const IntVar scoped : running_->scope()) {
        const int y = scoped.index;
        if (std::find(seen.begin(), seen.end(), y) != seen.end()) continue;
        seen.push_back(y);
        pending.scope.push_back(snapshot(s, IntVar{y}, y == x.index ? &before : nullptr));
    }
    pending_.push_back(std::move(pending));
}

void ExplainTracer::explain_pending(const Solver& s, const Pending& pending) {
    Step& step = steps_[pending.step];
    std::vector<Fact> facts;
    for (std::size_t k = 0; k < pending.values.size(); ++k) {
        const std::string removed = variable_name_ + " != " + std::to_string(pending.values[k]);
        if (static_cast<int>(k) == max_explained_values) {
            step.reasons.emplace_back("(the other values removed here are not explained)");
            break;
        }
        facts.clear();
        SnapshotExplanation view(pending.scope, s, start_min_, start_max_, Fact{variable_, pending.values[k], FactKind::not_equal}, facts);
        if (!running_->explain(view)) {
            step.reasons.push_back(removed + ": no explanation of its own (the domains of its scope)");
            continue;
        }
        // Facts about values a variable did not have at the start are given.
        std::erase_if(facts, [&](const Fact& f) {
            const std::size_t y = static_cast<std::size_t>(f.var);
            return !f.is_equal() && (f.value < start_min_[y] || f.value > start_max_[y]);
        });
        step.reasons.push_back(removed + (facts.empty() ? " by the constraint alone" : " because " + facts_text(s, facts.data(), facts.size())));
    }
}

void ExplainTracer::on_propagator_end(const Solver& s, const Propagator&, Status) {
    if (running_ != nullptr) {
        for (const Pending& pending : pending_) {
            if (pending.step < steps_.size()) explain_pending(s, pending);
        }
    }
    pending_.clear();
    running_ = nullptr;
}

void ExplainTracer::on_learn(const Solver& s, const Fact* facts, std::size_t count, int lbd, int conflict_level, int backjump_level) {
    if (solved_) return;
    bool mentions = false;
    for (std::size_t i = 0; i < count; ++i) mentions = mentions || facts[i].var == variable_;
    if (!mentions) return;
    // Kept on the path at the level it jumps back to, where it goes on to hold.
    steps_.push_back(Step{node_, backjump_level, "learned (lbd " + std::to_string(lbd) + ", conflict at level " + std::to_string(conflict_level) + ")",
                          "not(" + facts_text(s, facts, count) + ")", {}});
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
        for (const std::string& reason : step.reasons) out_ << "      " << reason << "\n";
    }
    out_.flush();
}

}  // namespace prune::trace
