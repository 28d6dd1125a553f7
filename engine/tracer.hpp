// Tracer: the engine's account of everything it does, for people studying it.
//
// Attach one with Solver::set_tracer(). Search reports nodes, decisions, failures,
// solutions, restarts and backtracks; the solver reports each propagator run and each
// domain change made inside it (or by a decision). With no tracer attached each hook
// is one test of the tracer pointer, marked unlikely: before every domain update and
// after every change it makes, twice per propagator run (start, end) plus once per
// failure, and once per search event. A build configured with -DPRUNE_TRACING=OFF
// compiles the hooks away. The engine never formats or prints: the CLI's tracers
// write JSON Lines or text.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "int_var.hpp"

namespace prune {

struct Fact;
struct Literal;
class Propagator;
class Solver;
struct SearchStatistics;
enum class Status : std::uint8_t;

// A domain as it was before an update: its values, in increasing order, for
// domains of up to `max_traced_values` values; otherwise only the bounds.
struct DomainBefore {
    int min = 0;
    int max = 0;
    std::int64_t size = 0;
    const std::vector<int>* values = nullptr;  // nullptr when only the bounds were kept
};
inline constexpr std::int64_t max_traced_values = 1024;

class Tracer {
public:
    virtual ~Tracer() = default;
    // A search node: the root has id 0 and parent id 0.
    virtual void on_node(std::uint64_t /*id*/, std::uint64_t /*parent*/, int /*depth*/) {}
    // The decision taken to enter the node just reported (negated: the right branch).
    virtual void on_decision(const Solver&, const Literal&, bool /*negated*/) {}
    virtual void on_propagator_start(const Solver&, const Propagator&) {}
    // x changed; `before` is its domain before. The change came from the propagator
    // running (if any) or from the last decision.
    virtual void on_domain_change(const Solver&, IntVar /*x*/, const DomainBefore& /*before*/) {}
    virtual void on_propagator_end(const Solver&, const Propagator&, Status) {}
    // A failure: of the propagator, or (nullptr) of the decision or the objective bound.
    virtual void on_failure(const Solver&, const Propagator*) {}
    virtual void on_solution(const Solver&) {}
    virtual void on_restart(std::uint64_t /*run*/) {}
    // Search returned to `depth` to try another branch.
    virtual void on_backtrack(int /*depth*/) {}
    // Under learning (learning/learning_search.hpp): the nogood facts[0..count) (facts
    // that cannot all hold, learning/explanation.hpp) was learned from a conflict at
    // decision level `conflict_level`, with LBD `lbd`; search jumps back to
    // `backjump_level`. Reported at the node of the conflict.
    virtual void on_learn(const Solver&, const Fact* /*facts*/, std::size_t /*count*/, int /*lbd*/, int /*conflict_level*/,
                          int /*backjump_level*/) {}
    // Whether on_domain_change reads `before.values`. Asked once, by
    // Solver::set_tracer: when false the solver keeps only the bounds and size of the
    // old domain (values == nullptr), saving a copy of the domain at every change.
    // The default (true) is what every tracer that prints or stores domains needs.
    virtual bool wants_values_before() const { return true; }
    // Whether on_propagator_start and on_propagator_end are wanted. Asked once, by
    // Solver::set_tracer: when false the solver skips both calls at every propagator
    // run (two virtual calls a run, on the hot path); the tracer can still ask
    // Solver::running() which propagator made a change it sees.
    virtual bool wants_propagator_runs() const { return true; }
};

// A tracer with a beginning and an end, as front ends use them (prune solve, prune
// fzn, an embedder's own): begin() sees the model once it is built and before the
// search starts; finish() sees the final statistics. The front end calls begin,
// attaches the tracer with Solver::set_tracer, runs its search, then calls finish.
class RunTracer : public Tracer {
public:
    // `source`: what is being solved ("sudoku", a file name). False (and `error` set)
    // when the tracer cannot work on this model, e.g. --explain names no variable.
    virtual bool begin(const Solver& solver, const std::string& source, std::string& error) = 0;
    virtual void finish(const Solver& solver, const SearchStatistics& statistics) = 0;
};

}  // namespace prune
