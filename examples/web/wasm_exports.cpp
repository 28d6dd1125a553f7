// The functions the page (and bench/wasm_vs_native.sh under Node) call in the wasm
// module: the caller writes a puzzle into the buffer prune_web_puzzle() points to,
// calls prune_web_solve(), and reads the answer (JSON) and the trace as C strings.
// The module is a WASI "reactor": no main; the caller runs _initialize() once.
#include <cstring>
#include <string>

#include "examples/web/web_sudoku.hpp"

#define PRUNE_WEB_EXPORT(name) extern "C" __attribute__((export_name(name)))

namespace {
char puzzle_buffer[128];  // a NUL-terminated puzzle: the caller writes at most 127 bytes
std::string answer_text;
std::string trace_text;
}  // namespace

PRUNE_WEB_EXPORT("prune_web_puzzle") char* prune_web_puzzle() { return puzzle_buffer; }
PRUNE_WEB_EXPORT("prune_web_puzzle_capacity") int prune_web_puzzle_capacity() { return sizeof puzzle_buffer - 1; }

// Solves the puzzle in the buffer; returns the answer as JSON (web_sudoku.hpp).
// trace_limit < 0: no trace; 0: the whole trace; n > 0: at most n events.
PRUNE_WEB_EXPORT("prune_web_solve") const char* prune_web_solve(int trace_limit) {
    puzzle_buffer[sizeof puzzle_buffer - 1] = '\0';
    trace_text.clear();
    const prune::web::SudokuAnswer answer = prune::web::solve_sudoku(
        std::string(puzzle_buffer, std::strlen(puzzle_buffer)), trace_limit < 0 ? nullptr : &trace_text,
        static_cast<std::uint64_t>(trace_limit < 0 ? 0 : trace_limit));
    answer_text = prune::web::answer_json(answer);
    return answer_text.c_str();
}

// The last solve's trace (JSON Lines, one event a line), empty when not asked for.
PRUNE_WEB_EXPORT("prune_web_trace") const char* prune_web_trace() { return trace_text.c_str(); }
PRUNE_WEB_EXPORT("prune_web_trace_size") unsigned prune_web_trace_size() { return static_cast<unsigned>(trace_text.size()); }
