// --trace FILE: every event as one JSON object per line (docs/trace-format.md).
// The output depends only on the model and the search, never on the clock, unless
// `times` is set.
#pragma once
#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "trace/trace_events.hpp"

namespace prune::trace {

inline constexpr int trace_format_version = 1;

class JsonlTracer final : public RunTracer {
public:
    // `limit`: at most this many event lines after the header (0: no limit).
    JsonlTracer(std::ostream& out, std::uint64_t limit, bool times) : stream_(&out), limit_(limit), times_(times) {}
    // The same lines appended to a string: no stream is used, so a program without
    // iostreams does not link them (the wasm page of examples/web/, where they would
    // double the module).
    JsonlTracer(std::string& out, std::uint64_t limit, bool times) : text_(&out), limit_(limit), times_(times) {}

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

    std::uint64_t events() const { return events_; }
    bool truncated() const { return truncated_; }

private:
    bool open_event(const char* type);  // starts a line; false past the limit
    void close_event();
    void append_change(const Solver& s, IntVar x, const DomainBefore& before);
    void write(std::string_view text);

    std::ostream* stream_ = nullptr;  // one of these two is set
    std::string* text_ = nullptr;
    std::uint64_t limit_;
    bool times_;
    std::uint64_t events_ = 0;
    bool truncated_ = false;
    bool in_run_ = false;        // between propagator start and end
    bool run_changed_ = false;   // the run's "changes" array has an element
    std::uint64_t node_ = 0;
    std::string line_;
    DomainDelta delta_;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace prune::trace
