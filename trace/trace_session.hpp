// The tracers a command line asked for (--trace, --trace-text, --profile, --explain),
// built, opened and combined into one RunTracer that any front end can attach to its
// Solver: call begin() once the model is built, Solver::set_tracer(session.tracer()),
// search, then finish() with the statistics (puzzles::solve_puzzle does all that
// when SolveSettings::tracer is set; flatzinc::solve takes it as an argument).
#pragma once
#include <fstream>
#include <memory>
#include <ostream>
#include <string>

#include "trace/explain_tracer.hpp"
#include "trace/jsonl_tracer.hpp"
#include "trace/profile_tracer.hpp"
#include "trace/text_tracer.hpp"
#include "trace/trace_options.hpp"

namespace prune::trace {

class TraceSession {
public:
    // `err`: where --trace-text, --profile and --explain write. `standard_output`:
    // where `--trace -` writes (null: `--trace -` is refused).
    TraceSession(const TraceOptions& options, std::ostream& err, std::ostream* standard_output = nullptr)
        : options_(options), err_(err), standard_output_(standard_output) {}

    // Opens the --trace file. False (and `error` set, "prune: error: cannot write
    // PATH: REASON") when it cannot be written.
    bool open(std::string& error);
    // Null when no tracing option was given.
    RunTracer* tracer() { return fanout_.empty() ? nullptr : &fanout_; }

private:
    TraceOptions options_;
    std::ostream& err_;
    std::ostream* standard_output_;
    std::ofstream file_;
    std::unique_ptr<JsonlTracer> jsonl_;
    std::unique_ptr<TextTracer> text_;
    std::unique_ptr<ProfileTracer> profile_;
    std::unique_ptr<ExplainTracer> explain_;
    FanoutTracer fanout_;
};

}  // namespace prune::trace
