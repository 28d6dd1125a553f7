// Batch solving: many puzzles of one kind from one file (prune solve KIND FILE --batch).
//
// split_batch() cuts the file into puzzle texts that keep their first line number,
// so a bad puzzle is reported at its own file:line:col. A BatchSolver solves them one
// after another and keeps what can be kept between puzzles: for a kind whose
// instances share a model (Puzzle::shared_model_key, e.g. every 9x9 sudoku) the
// model is built once, and each puzzle is a search one level below its root with
// the clues assigned there; other kinds get a fresh model per puzzle (solve_puzzle).
// A BatchSolver is used by one thread; give each worker its own.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/puzzle_kind.hpp"
#include "puzzles/solve.hpp"

namespace prune::puzzles {

// One puzzle of a batch file.
struct BatchItem {
    std::size_t offset = 0;  // of the start of its first line (so columns stay right)
    std::size_t length = 0;  // up to the end of its last content line
    int line = 0;            // 1-based number of its first line
};

// one_line: each line with content (not blank, not a # comment) is one puzzle.
// Otherwise puzzles are separated by blank lines; a group of comment lines alone is
// no puzzle.
std::vector<BatchItem> split_batch(std::string_view text, bool one_line);

enum class BatchStatus : std::uint8_t {
    solved,    // a solution (with uniqueness checked: the only one)
    multiple,  // uniqueness checked: there are at least two solutions
    unsat,     // no solution
    unknown,   // a limit stopped the search before it answered
    error,     // the puzzle text is bad (or its model invalid)
};

struct BatchResult {
    BatchStatus status = BatchStatus::error;
    Values solution;          // solved or multiple: the first solution found
    std::string solution_line;  // ... in the kind's one-line form (Puzzle::render_line)
    bool unique_checked = false;
    bool unique = false;      // valid when unique_checked
    std::string error;        // error: the diagnostic, "file:line:col: error: message"
    std::uint64_t nodes = 0;
    std::uint64_t failures = 0;
    std::uint64_t learned = 0;          // --learn: the nogoods learned
    std::string learning_unavailable;  // --learn, and the search ran without it: why
};

class BatchSolver {
public:
    // settings.mode: first, or first_and_unique to check uniqueness.
    BatchSolver(const PuzzleKind& kind, KindFlags flags, SolveSettings settings);
    ~BatchSolver();
    BatchSolver(const BatchSolver&) = delete;
    BatchSolver& operator=(const BatchSolver&) = delete;

    // Solves the puzzle `text`, which starts on line `line` of `file_name`. `result`
    // is overwritten (its buffers are reused).
    void solve(std::string_view text, int line, const std::string& file_name, BatchResult& result);

private:
    struct SharedModel;
    SharedModel& shared_model(const Puzzle& puzzle, const std::string& key);
    void solve_shared(SharedModel& shared, const Puzzle& puzzle, BatchResult& result);
    void solve_fresh(const Puzzle& puzzle, BatchResult& result);

    const PuzzleKind& kind_;
    KindFlags flags_;
    SolveSettings settings_;
    std::vector<std::unique_ptr<SharedModel>> shared_;  // most recently used first
    std::vector<CellClue> clues_;                       // scratch
    SourceText source_;                                 // scratch
};

}  // namespace prune::puzzles
