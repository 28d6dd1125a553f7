#include "cli/trace/trace_session.hpp"

namespace prune::cli::trace {

bool TraceSession::open(std::string& error) {
    if (!options_.trace_file.empty()) {
        file_.open(options_.trace_file, std::ios::binary | std::ios::trunc);
        if (!file_) {
            error = options_.trace_file + ": error: cannot write the trace file";
            return false;
        }
        jsonl_ = std::make_unique<JsonlTracer>(file_, options_.trace_limit, options_.trace_times);
        fanout_.add(jsonl_.get());
    }
    if (options_.trace_text) {
        text_ = std::make_unique<TextTracer>(err_, options_.trace_limit);
        fanout_.add(text_.get());
    }
    if (options_.profile) {
        profile_ = std::make_unique<ProfileTracer>(err_);
        fanout_.add(profile_.get());
    }
    if (!options_.explain.empty()) {
        explain_ = std::make_unique<ExplainTracer>(err_, options_.explain);
        fanout_.add(explain_.get());
    }
    return true;
}

}  // namespace prune::cli::trace
