// --profile: after the run, a table per propagator and per propagator kind: runs,
// values removed, failures caused (the kernel's Propagator::counters()) and the share
// of propagation time, measured here around each run with std::chrono::steady_clock.
// Under learning, also the explanations each propagator was asked for and how many
// fell back to the removals of its whole scope (learning/explanation.hpp).
// Only this tracer reads the clock, and only when --profile asks for it.
#pragma once
#include <chrono>
#include <cstdint>
#include <ostream>
#include <vector>

#include "trace/trace_events.hpp"

namespace prune::trace {

class ProfileTracer final : public RunTracer {
public:
    // `rows`: how many propagators the table lists (the most expensive first).
    explicit ProfileTracer(std::ostream& out, std::size_t rows = 25) : out_(out), rows_(rows) {}

    bool begin(const Solver& solver, const std::string& source, std::string& error) override;
    void finish(const Solver& solver, const SearchStatistics& statistics) override;

    void on_propagator_start(const Solver&, const Propagator&) override { started_ = std::chrono::steady_clock::now(); }
    void on_propagator_end(const Solver&, const Propagator& p, Status) override {
        const std::size_t id = static_cast<std::size_t>(p.id());
        // A search adds propagators after begin() (its restart nogood store, learned
        // nogoods): their rows start here.
        if (id >= nanoseconds_.size()) nanoseconds_.resize(id + 1, 0);
        nanoseconds_[id] += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started_).count();
    }

private:
    std::ostream& out_;
    std::size_t rows_;
    std::vector<std::int64_t> nanoseconds_;  // per propagator id
    std::chrono::steady_clock::time_point started_;
};

}  // namespace prune::trace
