#include "trace/trace_session.hpp"

#include "support/output_file.hpp"

namespace prune::trace {

bool TraceSession::open(std::string& error) {
    if (options_.trace_file == "-") {
        if (standard_output_ == nullptr) {
            error = "prune: error: --trace - (standard output) is not available here: give a file name";
            return false;
        }
        jsonl_ = std::make_unique<JsonlTracer>(*standard_output_, options_.trace_limit, options_.trace_times);
        fanout_.add(jsonl_.get());
    } else if (!options_.trace_file.empty()) {
        if (!support::open_output_file(options_.trace_file, file_, error)) return false;
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

}  // namespace prune::trace
