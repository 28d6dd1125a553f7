// --trace-text: the events for a person, one line each, indented by search depth:
//     [n4 d3] r2c5 = 7
//       row 2 alldifferent: r2c1 -{7}  r2c8 -{7}
//       FAIL hexagon 4
// Propagator runs that change nothing are not shown.
#pragma once
#include <cstdint>
#include <ostream>
#include <string>

#include "trace/trace_events.hpp"

namespace prune::trace {

class TextTracer final : public RunTracer {
public:
    TextTracer(std::ostream& out, std::uint64_t limit) : out_(out), limit_(limit) {}

    bool begin(const Solver& solver, const std::string& source, std::string& error) override;
    void finish(const Solver& solver, const SearchStatistics& statistics) override;

    void on_node(std::uint64_t id, std::uint64_t parent, int depth) override;
    void on_decision(const Solver& s, const Literal& l, bool negated) override;
    void on_propagator_start(const Solver& s, const Propagator& p) override;
    void on_domain_change(const Solver& s, IntVar x, const DomainBefore& before) override;
    void on_propagator_end(const Solver& s, const Propagator& p, Status status) override;
    void on_failure(const Solver& s, const Propagator* p) override;
    void on_solution(const Solver& s) override;
    void on_restart(std::uint64_t run) override;
    void on_backtrack(int depth) override;
    void on_learn(const Solver& s, const Fact* facts, std::size_t count, int lbd, int conflict_level, int backjump_level) override;

private:
    bool line(const std::string& text, int extra_indent);  // false past the limit

    std::ostream& out_;
    std::uint64_t limit_;
    std::uint64_t lines_ = 0;
    bool truncated_ = false;
    std::uint64_t node_ = 0;
    int depth_ = 0;
    bool in_run_ = false;
    std::string changes_;     // the changes of the current run
    DomainDelta delta_;
};

}  // namespace prune::trace
