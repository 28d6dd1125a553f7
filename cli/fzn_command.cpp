// `prune fzn MODEL.fzn [flags]`: fzn-prune inside prune, and `prune xcsp3 FILE.xml
// [flags]`, plus prune's tracing flags (--trace, --trace-text, --trace-times,
// --profile, --explain, --trace-limit), which are taken out here; every other flag is
// the front end's.
#include <ostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "trace/trace_session.hpp"
#include "flatzinc/flatzinc.hpp"
#include "support/inline_value.hpp"
#include "xcsp3/xcsp3.hpp"

namespace prune::cli {

namespace {

using FrontEnd = int (*)(int, const char* const*, std::ostream&, std::ostream&, RunTracer*);

const char* const trace_flags_help =
    "  --trace FILE      every search event as JSON Lines\n"
    "  --trace-text      the same events, readable, on stderr\n"
    "  --trace-times     add microseconds to the JSON Lines\n"
    "  --trace-limit N   at most N events per output\n"
    "  --profile         per-propagator table on stderr after the run\n";

// Takes the tracing flags out of `args` and runs `front_end` on the rest with the
// tracer they ask for.
int run_traced(const char* command, const std::vector<std::string>& args, const std::string& help, FrontEnd front_end,
               std::ostream& out, std::ostream& err) {
    trace::TraceOptions options;
    std::vector<std::string> rest{command};
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        const std::optional<std::string> given = support::take_inline_value(arg);
        const bool inline_value = given.has_value();
        std::string value = given.value_or("");
        if (trace::is_trace_flag(arg)) {
            if (inline_value) {
                err << "prune: error: option " << arg << " takes no value\n";
                return exit_usage;
            }
            trace::apply_trace_flag(arg, options);
        } else if (trace::is_trace_valued_option(arg)) {
            if (!inline_value) {
                if (i + 1 >= args.size()) {
                    err << "prune: error: option " << arg << " needs a value\n";
                    return exit_usage;
                }
                value = args[++i];
            }
            if (const std::string message = trace::apply_trace_value(arg, value, options); !message.empty()) {
                err << "prune: error: " << message << "\n";
                return exit_usage;
            }
        } else if (arg == "-h" || arg == "--help") {
            out << help;
            return exit_solved;
        } else {
            rest.push_back(args[i]);
        }
    }
    trace::TraceSession session(options, err);
    std::string error;
    if (!session.open(error)) {
        err << error << "\n";
        return exit_usage;
    }
    std::vector<const char*> argv;
    for (const std::string& a : rest) argv.push_back(a.c_str());
    return front_end(static_cast<int>(argv.size()), argv.data(), out, err, session.tracer());
}

}  // namespace

int run_fzn(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (has_cubes_flag(args)) return run_fzn_cubes(args, out, err);  // cli/fzn_cube_commands.cpp
    const std::string help = std::string(flatzinc::usage()) +
                             "prune fzn also takes the tracing flags of prune solve (docs/trace-format.md):\n" + trace_flags_help +
                             "  --explain VAR     how VAR got its value: the model's name (q[3], an element\n"
                             "                    of the output array q) or the FlatZinc one (X_INTRODUCED_5_)\n"
                             "and the cubes of prune split fzn (docs/scaling.md, prune help parallel):\n"
                             "  --cubes FILE      solve the cubes of FILE, write their results for prune merge\n"
                             "  --range A:B       with --cubes: only cubes A..B-1\n";
    return run_traced("prune fzn", args, help, flatzinc::run, out, err);
}

int run_xcsp3(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string help = std::string(xcsp3::usage()) +
                             "prune xcsp3 also takes the tracing flags of prune solve (docs/trace-format.md):\n" + trace_flags_help +
                             "  --explain VAR     how VAR got its value (variables carry their XCSP3 names, x[2][3])\n";
    return run_traced("prune xcsp3", args, help, xcsp3::run, out, err);
}

}  // namespace prune::cli
