// The tracers a command line asked for (--trace, --trace-text, --profile, --explain),
// built, opened and combined into one RunTracer that any front end can attach to its
// Solver: call begin() once the model is built, Solver::set_tracer(session.tracer()),
// search, then finish() with the statistics.
#pragma once
#include <fstream>
#include <functional>
#include <memory>
#include <ostream>
#include <string>

#include "cli/trace/explain_tracer.hpp"
#include "cli/trace/jsonl_tracer.hpp"
#include "cli/trace/profile_tracer.hpp"
#include "cli/trace/text_tracer.hpp"
#include "cli/trace/trace_options.hpp"
#include "puzzles/solve.hpp"

namespace prune::cli::trace {

class TraceSession {
public:
    // `err`: where --trace-text, --profile and --explain write.
    TraceSession(const TraceOptions& options, std::ostream& err) : options_(options), err_(err) {}

    // Opens the --trace file. False (and `error` set) when it cannot be written.
    bool open(std::string& error);
    // Null when no tracing option was given.
    RunTracer* tracer() { return fanout_.empty() ? nullptr : &fanout_; }

private:
    TraceOptions options_;
    std::ostream& err_;
    std::ofstream file_;
    std::unique_ptr<JsonlTracer> jsonl_;
    std::unique_ptr<TextTracer> text_;
    std::unique_ptr<ProfileTracer> profile_;
    std::unique_ptr<ExplainTracer> explain_;
    FanoutTracer fanout_;
};

// puzzles::solve_puzzle with a tracer attached to its solver: the same search, the
// same outcome. When tracer.begin() refuses the model, returns without searching and
// with `trace_error` set to its message.
puzzles::SolveOutcome solve_puzzle_traced(const puzzles::Puzzle& puzzle, const puzzles::SolveSettings& settings, RunTracer& tracer, const std::string& source,
                                          const std::function<void(const puzzles::Values&)>& on_solution, std::string& trace_error);

}  // namespace prune::cli::trace
