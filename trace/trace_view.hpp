// prune trace view FILE.jsonl -o FILE.html: reads a --trace file and writes one
// self-contained page (inline script and style, no network) to explore it: the search
// tree, and per node the decisions on its path, its propagation steps and, for grid
// puzzles, the board with the candidates left.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace prune::trace {

// Budgets of the page: a trace beyond them is cut at a node boundary, with a note.
struct ViewBudget {
    std::uint64_t nodes = 50000;
    std::uint64_t events = 200000;
};

struct TraceFile {
    std::vector<std::string> lines;  // the kept lines, header first (the end line last if kept)
    std::uint64_t total_events = 0;  // events in the whole file (header excluded)
    std::uint64_t total_nodes = 0;
    std::uint64_t kept_nodes = 0;
    bool cut = false;
    // The trace was cut short (its writer killed, a disk full): the last line is
    // partial (no newline, not JSON: dropped) or the `end` event is missing. The page
    // still shows what there is; prune trace view warns.
    bool partial_last_line = false;
    bool has_end = false;
};

// Reads and checks a trace (every line must be a JSON object with a string "e";
// the first must be the header of a version this program reads, else the error says
// "not a prune trace"). A last line without its newline that is not JSON is dropped
// (partial_last_line). On failure returns nullopt and sets `error` to
// "FILE:LINE:COL: error: ...".
std::optional<TraceFile> read_trace(const std::string& path, const std::string& text, const ViewBudget& budget, std::string& error);

// The page for a trace read by read_trace.
std::string trace_page(const TraceFile& trace, const std::string& title);

}  // namespace prune::trace
