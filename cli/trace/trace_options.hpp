// The tracing options of `prune solve` (and later `prune fzn`): what to write while
// the search runs, and what to print after it.
#pragma once
#include <cstdint>
#include <string>

namespace prune::cli::trace {

struct TraceOptions {
    std::string trace_file;        // --trace FILE: JSON Lines (docs/trace-format.md)
    bool trace_text = false;       // --trace-text: readable events on standard error
    bool trace_times = false;      // --trace-times: add microseconds to the JSON Lines
    bool profile = false;          // --profile: per-propagator table after the run
    std::string explain;           // --explain VAR: history of VAR in the first solution
    std::uint64_t trace_limit = 0; // --trace-limit N: at most N events per output (0: none)

    bool any() const { return !trace_file.empty() || trace_text || profile || !explain.empty(); }
};

}  // namespace prune::cli::trace
