#include "examples/web/web_sudoku.hpp"

#include <vector>

#include "engine/prune.hpp"
#include "support/json_writer.hpp"
#include "trace/jsonl_tracer.hpp"

namespace prune::web {
namespace {

constexpr int side = 9;
constexpr int cells = side * side;

// The message for a puzzle that is not 81 of '1'..'9', '.', '0'; empty when it is.
std::string puzzle_error(const std::string& puzzle) {
    if (puzzle.size() != cells) return "a sudoku has 81 cells, got " + std::to_string(puzzle.size()) + " characters";
    for (std::size_t i = 0; i < puzzle.size(); ++i) {
        const char c = puzzle[i];
        if (c != '.' && (c < '0' || c > '9')) {
            return "character " + std::to_string(i + 1) + ": a digit or '.' expected";
        }
    }
    return "";
}

// The model of puzzles/sudoku/model.cpp, for 9x9: cells named r1c1.. (the viewer draws
// the board from those names), a clue a fixed variable, an alldifferent at domain
// strength per row, column and box, named "row 1", "column 1", "box 1".
std::vector<IntVar> build_model(Solver& solver, const std::string& puzzle) {
    std::vector<IntVar> cell;
    for (int c = 0; c < cells; ++c) {
        std::string name = "r";  // (appended step by step: GCC 12 warns falsely on "r" + ...)
        name += std::to_string(c / side + 1);
        name += 'c';
        name += std::to_string(c % side + 1);
        const int clue = puzzle[c] >= '1' && puzzle[c] <= '9' ? puzzle[c] - '0' : 0;
        cell.push_back(clue == 0 ? solver.new_int_var(1, side, name) : solver.new_int_var(clue, clue, name));
    }
    auto post = [&](const char* what, int i, auto cell_of) {
        std::vector<IntVar> group;
        for (int j = 0; j < side; ++j) group.push_back(cell[cell_of(j)]);
        const int first = solver.propagator_count();
        all_different(solver, group, Consistency::domain);
        solver.name_propagators_from(first, std::string(what) + " " + std::to_string(i + 1));
    };
    for (int i = 0; i < side; ++i) {
        post("row", i, [&](int j) { return side * i + j; });
        post("column", i, [&](int j) { return side * j + i; });
        post("box", i, [&](int j) { return side * (3 * (i / 3) + j / 3) + 3 * (i % 3) + j % 3; });
    }
    return cell;
}

}  // namespace

SudokuAnswer solve_sudoku(const std::string& puzzle, std::string* trace, std::uint64_t trace_limit) {
    SudokuAnswer answer;
    answer.error = puzzle_error(puzzle);
    if (!answer.error.empty()) return answer;
    Solver solver;
    const std::vector<IntVar> cell = build_model(solver, puzzle);
    SearchOptions options;
    options.variable = VariableSelection::dom_wdeg;  // the sudoku kind's default (puzzles/sudoku/register.cpp)
    options.decision_variables = cell;
    std::string no_trace;
    if (trace != nullptr) trace->clear();
    // Into a string, not a stream: iostreams would double the wasm module.
    trace::JsonlTracer tracer(trace != nullptr ? *trace : no_trace, trace_limit, false);
    if (trace != nullptr) {
        std::string error;
        tracer.begin(solver, "sudoku web page", error);
        solver.set_tracer(&tracer);
    }
    Search search(solver, options);
    SearchStatus status = search.next();
    if (status == SearchStatus::solution) {
        for (IntVar x : cell) answer.grid += static_cast<char>('0' + solver.value(x));
        status = search.next();  // is there a second?
        answer.status = status == SearchStatus::limit ? "limit" : "solved";
        answer.unique = status == SearchStatus::exhausted;
    } else {
        answer.status = status == SearchStatus::exhausted ? "unsat" : status == SearchStatus::limit ? "limit" : "error";
        if (status == SearchStatus::error) answer.error = solver.error();
    }
    const SearchStatistics& statistics = search.statistics();
    answer.nodes = statistics.nodes;
    answer.failures = statistics.failures;
    answer.propagations = statistics.propagations;
    if (trace != nullptr) tracer.finish(solver, statistics);
    return answer;
}

std::string answer_json(const SudokuAnswer& answer) {
    std::string json = "{\"status\":";
    support::append_json_string(json, answer.status);
    json += ",\"grid\":";
    support::append_json_string(json, answer.grid);
    json += ",\"unique\":";
    json += answer.unique ? "true" : "false";
    json += ",\"nodes\":" + std::to_string(answer.nodes);
    json += ",\"failures\":" + std::to_string(answer.failures);
    json += ",\"propagations\":" + std::to_string(answer.propagations);
    if (!answer.error.empty()) {
        json += ",\"error\":";
        support::append_json_string(json, answer.error);
    }
    json += '}';
    return json;
}

}  // namespace prune::web
