// The tracing options of `prune solve` and `prune fzn`: what to write while the
// search runs, and what to print after it. Both commands read them with the
// functions below, so the spelling and the messages are the same everywhere.
#pragma once
#include <cstdint>
#include <string>

namespace prune::trace {

struct TraceOptions {
    std::string trace_file;        // --trace FILE: JSON Lines (docs/trace-format.md)
    bool trace_text = false;       // --trace-text: readable events on standard error
    bool trace_times = false;      // --trace-times: add microseconds to the JSON Lines
    bool profile = false;          // --profile: per-propagator table after the run
    std::string explain;           // --explain VAR: history of VAR in the first solution
    std::uint64_t trace_limit = 0; // --trace-limit N: at most N events per output (0: none)

    bool any() const { return !trace_file.empty() || trace_text || profile || !explain.empty(); }
};

// --trace-text, --trace-times, --profile.
bool is_trace_flag(const std::string& option);
void apply_trace_flag(const std::string& option, TraceOptions& options);

// --trace FILE, --explain VAR, --trace-limit N.
bool is_trace_valued_option(const std::string& option);
// Returns "" or the error message ("--trace-limit needs a positive whole number, ...").
std::string apply_trace_value(const std::string& option, const std::string& value, TraceOptions& options);

}  // namespace prune::trace
