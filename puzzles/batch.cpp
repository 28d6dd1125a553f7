#include "puzzles/batch.hpp"

#include "support/line_span.hpp"

namespace prune::puzzles {
namespace {

// The batch line of a first-then-second search.
BatchStatus batch_status(const FirstAndSecond& run) {
    switch (run.last()) {
        case SearchStatus::error: return BatchStatus::error;
        case SearchStatus::limit: return BatchStatus::unknown;
        case SearchStatus::exhausted: return run.found() ? BatchStatus::solved : BatchStatus::unsat;
        case SearchStatus::solution: return run.second_looked ? BatchStatus::multiple : BatchStatus::solved;
    }
    return BatchStatus::error;
}

}  // namespace

std::string Puzzle::render_line(const Values& values) const {
    std::string line;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) line.push_back(' ');
        line += std::to_string(values[i]);
    }
    return line;
}

std::vector<BatchItem> split_batch(std::string_view text, bool one_line) {
    std::vector<BatchItem> items;
    bool in_block = false;       // blank-line mode: inside a group of non-blank lines
    bool block_content = false;  // ... that has a line other than a comment
    BatchItem block;
    support::for_each_line(text, [&](const support::LineSpan& line) {
        const bool comment = !line.blank() && text[line.first] == '#';
        if (one_line) {
            if (!line.blank() && !comment) items.push_back(BatchItem{line.begin, line.last - line.begin, line.number});
        } else if (line.blank()) {
            if (in_block && block_content) items.push_back(block);
            in_block = false;
        } else {
            if (!in_block) {
                in_block = true;
                block_content = false;
                block = BatchItem{line.begin, 0, line.number};
            }
            if (!comment) {
                block_content = true;
                block.length = line.last - block.offset;
            }
        }
    });
    if (!one_line && in_block && block_content) items.push_back(block);
    return items;
}

struct BatchSolver::SharedModel {
    std::string key;
    Solver solver;
    PuzzleModel model;
    SearchOptions options;  // the batch's options, branching on the model's decisions
    bool consistent = true; // root propagation did not fail
};

BatchSolver::BatchSolver(const PuzzleKind& kind, KindFlags flags, SolveSettings settings)
    : kind_(kind), flags_(std::move(flags)), settings_(std::move(settings)) {}

BatchSolver::~BatchSolver() = default;

BatchSolver::SharedModel& BatchSolver::shared_model(const Puzzle& puzzle, const std::string& key) {
    for (std::size_t i = 0; i < shared_.size(); ++i) {
        if (shared_[i]->key == key) {
            if (i != 0) std::swap(shared_[0], shared_[i]);
            return *shared_[0];
        }
    }
    // A file mixing many shapes keeps only the last few models.
    constexpr std::size_t kept = 4;
    if (shared_.size() >= kept) shared_.pop_back();
    auto shared = std::make_unique<SharedModel>();
    shared->key = key;
    shared->model = puzzle.build_shared_model(shared->solver, settings_.model);
    shared->options = settings_.search;
    if (shared->options.decision_variables.empty()) shared->options.decision_variables = shared->model.decisions;
    if (shared->solver.error().empty()) shared->consistent = shared->solver.propagate();
    shared->solver.clear_queue();
    shared_.insert(shared_.begin(), std::move(shared));
    return *shared_[0];
}

void BatchSolver::solve(std::string_view text, int line, const std::string& file_name, BatchResult& result) {
    result.status = BatchStatus::error;
    result.solution.clear();
    result.solution_line.clear();
    result.unique_checked = false;
    result.unique = false;
    result.error.clear();
    result.nodes = 0;
    result.failures = 0;

    source_.name = file_name;
    source_.text.assign(text);
    ParseResult parsed = kind_.parse(source_, flags_);
    if (!parsed.puzzle) {
        Diagnostic d = parsed.error;
        d.line += line - 1;  // the text starts on line `line` of the file
        result.error = d.to_string();
        return;
    }
    const Puzzle& puzzle = *parsed.puzzle;
    // A shared model searches at the clues' level, where learning cannot (it needs
    // the root): with --learn each puzzle gets a model of its own.
    const std::string key = settings_.search.learn ? std::string() : puzzle.shared_model_key();
    if (key.empty()) {
        solve_fresh(puzzle, result);
    } else {
        solve_shared(shared_model(puzzle, key), puzzle, result);
    }
    if (!result.solution.empty()) result.solution_line = puzzle.render_line(result.solution);
    if (result.status == BatchStatus::error && !result.error.empty()) {
        std::string message = file_name;
        message += ":";
        message += std::to_string(line);
        message += ":1: error: ";
        message += result.error;
        result.error = std::move(message);
    }
}

void BatchSolver::solve_shared(SharedModel& shared, const Puzzle& puzzle, BatchResult& result) {
    Solver& solver = shared.solver;
    if (!solver.error().empty()) {
        result.error = "invalid model: ";
        result.error += solver.error();
        return;
    }
    if (!shared.consistent) {
        result.status = BatchStatus::unsat;
        return;
    }
    clues_.clear();
    puzzle.clues(clues_);
    solver.push_level();
    bool consistent = true;
    for (const CellClue& clue : clues_) {
        if (clue.cell < 0 || static_cast<std::size_t>(clue.cell) >= shared.model.cells.size()) {
            result.error = "internal error: a clue names cell ";
            result.error += std::to_string(clue.cell);
            result.error += ", outside the model";
            consistent = false;
            break;
        }
        if (is_failure(solver.assign(shared.model.cells[clue.cell], clue.value))) {
            result.status = BatchStatus::unsat;
            consistent = false;
            break;
        }
    }
    if (consistent && shared.model.probe_root) {
        // As prune solve does at the root (solve.cpp): probing at the clues' level.
        ProbeStatistics probing;
        const bool alive = solver.propagate() && probe_values(solver, shared.options.decision_variables, probing) != ProbeResult::failed;
        if (!alive && !solver.interrupted()) {
            result.status = BatchStatus::unsat;
            consistent = false;
        }
        solver.clear_queue();
    }
    if (consistent) {
        Search search(solver, shared.options);
        const FirstAndSecond run = first_then_second(search, settings_.mode == SolveMode::first_and_unique, [&] {
            result.solution.reserve(shared.model.cells.size());
            for (IntVar x : shared.model.cells) result.solution.push_back(solver.value(x));
        });
        result.status = batch_status(run);
        result.unique_checked = run.unique_checked();
        result.unique = run.unique();
        if (result.status == BatchStatus::error) {
            result.error = "invalid model: ";
            result.error += solver.error();
        }
        result.nodes = search.statistics().nodes;
        result.failures = search.statistics().failures;
    }
    // The Search has returned to the clue level; drop the clues too.
    solver.clear_queue();
    solver.pop_level();
}

void BatchSolver::solve_fresh(const Puzzle& puzzle, BatchResult& result) {
    bool have_first = false;
    const SolveOutcome outcome = solve_puzzle(puzzle, settings_, [&](const Values& values) {
        if (!have_first) result.solution = values;
        have_first = true;
    });
    result.nodes = outcome.statistics.nodes;
    result.failures = outcome.statistics.failures;
    result.learned = outcome.statistics.learned;
    result.learning_unavailable = outcome.learning_unavailable;
    if (!outcome.error.empty()) {
        result.error = "invalid model: ";
        result.error += outcome.error;
        result.solution.clear();
        return;
    }
    if (outcome.solutions > 0) {
        result.status = BatchStatus::solved;
        if (settings_.mode == SolveMode::first_and_unique) {
            result.unique_checked = outcome.unique_checked;
            result.unique = outcome.unique;
            if (!outcome.unique_checked) result.status = BatchStatus::unknown;
            else if (!outcome.unique) result.status = BatchStatus::multiple;
        }
    } else {
        result.status = outcome.limit_reached ? BatchStatus::unknown : BatchStatus::unsat;
    }
}

}  // namespace prune::puzzles
