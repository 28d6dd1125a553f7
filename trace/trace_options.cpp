#include "trace/trace_options.hpp"

#include <charconv>

namespace prune::trace {

bool is_trace_flag(const std::string& option) { return option == "--trace-text" || option == "--trace-times" || option == "--profile"; }

void apply_trace_flag(const std::string& option, TraceOptions& options) {
    if (option == "--trace-text") options.trace_text = true;
    if (option == "--trace-times") options.trace_times = true;
    if (option == "--profile") options.profile = true;
}

bool is_trace_valued_option(const std::string& option) { return option == "--trace" || option == "--explain" || option == "--trace-limit"; }

std::string apply_trace_value(const std::string& option, const std::string& value, TraceOptions& options) {
    if (option == "--trace") {
        if (value.empty()) return "--trace needs a file name";
        options.trace_file = value;
    } else if (option == "--explain") {
        if (value.empty()) return "--explain needs a variable name, e.g. r3c4";
        options.explain = value;
    } else if (option == "--trace-limit") {
        std::uint64_t number = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
        if (value.empty() || ec != std::errc() || end != value.data() + value.size() || number == 0) {
            std::string message = "--trace-limit needs a positive whole number, got '";
            message += value;
            message += "'";
            return message;
        }
        options.trace_limit = number;
    }
    return "";
}

}  // namespace prune::trace
