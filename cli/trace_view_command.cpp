// `prune trace view FILE.jsonl -o FILE.html`: reads a --trace file with the trace
// library's reader and writes the viewer page (trace/trace_view.hpp).
#include <fstream>
#include <ostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "support/output_file.hpp"
#include "trace/trace_view.hpp"

namespace prune::cli {

int run_trace_view(const CommandLine& command, std::ostream& out, std::ostream& err) {
    const std::string& path = command.files[0];
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        err << path << ": error: cannot read the trace file\n";
        return exit_usage;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    std::string error;
    const auto trace = trace::read_trace(path, buffer.str(), trace::ViewBudget{}, error);
    if (!trace) {
        err << error << "\n";
        return exit_usage;
    }
    if (trace->partial_last_line) err << path << ": warning: the trace was cut short: its last line is incomplete (dropped)\n";
    if (!trace->has_end) err << path << ": warning: the trace was cut short: it has no 'end' event (the page shows the events up to the cut)\n";
    std::ofstream page;
    if (!support::open_output_file(command.output_file, page, error)) {
        err << error << "\n";
        return exit_usage;
    }
    page << trace::trace_page(*trace, path);
    page.flush();
    if (!page) {
        err << "prune: error: cannot write " << command.output_file << ": the write failed\n";
        return exit_usage;
    }
    out << "wrote " << command.output_file << " (" << trace->kept_nodes << " nodes, " << trace->lines.size() - 1 << " events" << (trace->cut ? ", cut to fit the page" : "")
        << ")\n";
    return exit_solved;
}

}  // namespace prune::cli
