// The engine behind the web page (examples/web/): a 9x9 sudoku solved with the model
// and search of `prune solve sudoku`, optionally traced in the JSON Lines format of
// `prune solve --trace`, which the trace viewer (trace/viewer/) reads. Compiled to
// wasm32 for the page, and natively for the speed comparison (bench/wasm_vs_native.sh).
#pragma once
#include <cstdint>
#include <string>

namespace prune::web {

// What one solve found. `status`: "solved", "unsat" (no solution), "limit" or
// "error" (`error` then says why); `grid` the 81 digits of the first solution.
struct SudokuAnswer {
    const char* status = "error";
    std::string grid;
    bool unique = false;  // a second search proved there is no other solution
    std::string error;
    std::uint64_t nodes = 0;
    std::uint64_t failures = 0;
    std::uint64_t propagations = 0;
};

// `puzzle`: 81 characters row by row, '1'..'9' a clue, '.' or '0' a blank. Like
// `prune solve sudoku`: the first solution, then a look for a second. When `trace`
// is not null it receives the run's trace (`trace_limit` events at most, 0: all).
SudokuAnswer solve_sudoku(const std::string& puzzle, std::string* trace, std::uint64_t trace_limit);

// {"status":..,"grid":..,"unique":..,"nodes":..,"failures":..,"propagations":..[,"error":..]}
std::string answer_json(const SudokuAnswer& answer);

}  // namespace prune::web
