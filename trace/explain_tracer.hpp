// --explain VAR: the history of one variable on the path to the first solution:
// every value removed, by which propagator or decision, at which node.
//     r3c4 in the first solution: 7 (initial domain 1..9)
//       node 0 (depth 0)  row 3 alldifferent        -{1,2,5}
//       node 3 (depth 2)  decision r3c4 = 7          -{3,4,6,8,9}
//         r3c4 != 2 because r3c1 = 2
// Changes made in subtrees that were later left are dropped, so what remains explains
// the value the variable has in that solution. Each value a propagator removed is
// followed by its reason as facts (learning/explanation.hpp), when the propagator
// explains itself: asked after the run, on a copy of its scope's domains taken
// just before the change (a propagator's explain() may share scratch memory with its
// propagate()). Facts about values outside a variable's domain at the start are left
// out. Under learning (--learn) the nogoods learned on the path are listed too.
#pragma once
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "trace/trace_events.hpp"

namespace prune::trace {

class ExplainTracer final : public RunTracer {
public:
    ExplainTracer(std::ostream& out, std::string variable) : out_(out), variable_name_(std::move(variable)) {}

    bool begin(const Solver& solver, const std::string& source, std::string& error) override;
    void finish(const Solver& solver, const SearchStatistics& statistics) override;

    void on_node(std::uint64_t id, std::uint64_t parent, int depth) override;
    void on_decision(const Solver& s, const Literal& l, bool negated) override;
    void on_propagator_start(const Solver&, const Propagator& p) override {
        running_ = &p;
        pending_.clear();
    }
    void on_propagator_end(const Solver& s, const Propagator&, Status) override;
    void on_failure(const Solver&, const Propagator*) override { running_ = nullptr; }
    void on_learn(const Solver& s, const Fact* facts, std::size_t count, int lbd, int conflict_level, int backjump_level) override;
    void on_domain_change(const Solver& s, IntVar x, const DomainBefore& before) override;
    void on_solution(const Solver& s) override;

    struct Step {
        std::uint64_t node = 0;
        int depth = 0;
        std::string by;     // a propagator's name, or "decision x = v"
        std::string change; // "-{3,7}" or "[2..5]"
        std::vector<std::string> reasons;  // "r3c4 != 2 because r3c1 = 2", per value removed
    };
    // A variable's domain copied just before a change (values kept up to a width).
    struct Snapshot {
        int var = -1;
        int min = 0, max = -1;
        std::int64_t size = 0;
        std::vector<char> member;  // per value of [min, max]; empty: the interval
        bool has(int v) const { return v >= min && v <= max && (member.empty() || member[static_cast<std::size_t>(v - min)]); }
    };
    // The steps on the path to the first solution (empty before one is found).
    const std::vector<Step>& explanation() const { return solution_steps_; }

private:
    std::ostream& out_;
    std::string variable_name_;
    int variable_ = -1;
    std::string initial_;
    std::uint64_t node_ = 0;
    int depth_ = 0;
    const Propagator* running_ = nullptr;
    std::string decision_;
    std::vector<Step> steps_;  // on the current path
    bool solved_ = false;
    int value_ = 0;
    std::vector<Step> solution_steps_;
    DomainDelta delta_;
    // The removals of the running propagator to explain at its end: the step, the
    // values, the scope's domains before.
    struct Pending {
        std::size_t step;
        std::vector<int> values;
        std::vector<Snapshot> scope;
    };
    std::vector<Pending> pending_;
    std::vector<int> start_min_, start_max_;  // every variable's bounds at begin()
    void explain_pending(const Solver& s, const Pending& pending);
};

}  // namespace prune::trace
