// Shared helpers of the tracers: decisions as text, the values a domain change
// removed, and a fan-out tracer that forwards every event to several tracers.
#pragma once
#include <string>
#include <vector>

#include "engine/literal.hpp"
#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "engine/tracer.hpp"

namespace prune::trace {

// A decision as it holds in its branch: "=", "!=", "<=" or ">=" and the value.
struct DecisionText {
    const char* op;
    int value;
};
DecisionText describe_decision(const Literal& literal, bool negated);

// What a domain change did: the removed values (when the domain before was kept
// value by value), else only the new bounds.
struct DomainDelta {
    bool by_values = false;
    std::vector<int> removed;  // by_values
    int min = 0;               // the bounds after the change
    int max = 0;
};
void compute_delta(const Solver& solver, IntVar x, const DomainBefore& before, DomainDelta& delta);
// "-{3,7}" or "[2..5]".
std::string delta_text(const DomainDelta& delta);

// Facts of an explanation or a nogood (learning/explanation.hpp) with the model's
// names: "r3c4 != 5, r1c1 = 2".
std::string facts_text(const Solver& solver, const Fact* facts, std::size_t count);

// The name of a propagator's kind without its parameters: "alldifferent(domain)" stays,
// "linear#4"-style ids are not part of it. Used to sum the profile per kind.
std::string kind_name(const Propagator& p);

// Forwards each event to every tracer added, in order.
class FanoutTracer final : public RunTracer {
public:
    void add(RunTracer* t) { tracers_.push_back(t); }
    bool empty() const { return tracers_.empty(); }
    bool begin(const Solver& s, const std::string& source, std::string& error) override {
        for (RunTracer* t : tracers_) {
            if (!t->begin(s, source, error)) return false;
        }
        return true;
    }
    void finish(const Solver& s, const SearchStatistics& statistics) override {
        for (RunTracer* t : tracers_) t->finish(s, statistics);
    }
    void on_node(std::uint64_t id, std::uint64_t parent, int depth) override {
        for (Tracer* t : tracers_) t->on_node(id, parent, depth);
    }
    void on_decision(const Solver& s, const Literal& l, bool negated) override {
        for (Tracer* t : tracers_) t->on_decision(s, l, negated);
    }
    void on_propagator_start(const Solver& s, const Propagator& p) override {
        for (Tracer* t : tracers_) t->on_propagator_start(s, p);
    }
    void on_domain_change(const Solver& s, IntVar x, const DomainBefore& before) override {
        for (Tracer* t : tracers_) t->on_domain_change(s, x, before);
    }
    void on_propagator_end(const Solver& s, const Propagator& p, Status status) override {
        for (Tracer* t : tracers_) t->on_propagator_end(s, p, status);
    }
    void on_failure(const Solver& s, const Propagator* p) override {
        for (Tracer* t : tracers_) t->on_failure(s, p);
    }
    void on_solution(const Solver& s) override {
        for (Tracer* t : tracers_) t->on_solution(s);
    }
    void on_restart(std::uint64_t run) override {
        for (Tracer* t : tracers_) t->on_restart(run);
    }
    void on_backtrack(int depth) override {
        for (Tracer* t : tracers_) t->on_backtrack(depth);
    }
    void on_learn(const Solver& s, const Fact* facts, std::size_t count, int lbd, int conflict_level, int backjump_level) override {
        for (Tracer* t : tracers_) t->on_learn(s, facts, count, lbd, conflict_level, backjump_level);
    }

private:
    std::vector<RunTracer*> tracers_;
};

}  // namespace prune::trace
