#include "cli/trace/trace_session.hpp"

namespace prune::cli::trace {

bool TraceSession::open(std::string& error) {
    if (!options_.trace_file.empty()) {
        file_.open(options_.trace_file, std::ios::binary | std::ios::trunc);
        if (!file_) {
            error = options_.trace_file + ": error: cannot write the trace file";
            return false;
        }
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

// Mirrors puzzles::solve_puzzle (puzzles/solve.cpp), with the tracer attached.
puzzles::SolveOutcome solve_puzzle_traced(const puzzles::Puzzle& puzzle, const puzzles::SolveSettings& settings, RunTracer& tracer, const std::string& source,
                                          const std::function<void(const puzzles::Values&)>& on_solution, std::string& trace_error) {
    using puzzles::SolveMode;
    Solver solver;
    const puzzles::PuzzleModel model = puzzle.build_model(solver, settings.model);
    SearchOptions options = settings.search;
    if (options.decision_variables.empty()) options.decision_variables = model.decisions;

    puzzles::SolveOutcome outcome;
    outcome.variables = solver.variable_count();
    outcome.propagators = solver.propagator_count();
    if (!tracer.begin(solver, source, trace_error)) return outcome;
    solver.set_tracer(&tracer);
    Search search(solver, options);

    auto read_values = [&] {
        puzzles::Values values;
        values.reserve(model.cells.size());
        for (IntVar x : model.cells) values.push_back(solver.value(x));
        return values;
    };
    auto done = [&] {
        outcome.statistics = search.statistics();
        tracer.finish(solver, outcome.statistics);
        return outcome;
    };
    auto finish = [&](SearchStatus status) {
        outcome.exhausted = status == SearchStatus::exhausted;
        outcome.limit_reached = status == SearchStatus::limit;
        if (status == SearchStatus::error) outcome.error = solver.error().empty() ? "invalid model" : solver.error();
        return done();
    };

    if (settings.mode == SolveMode::count) {
        std::uint64_t count = 0;
        const SearchStatus status = search.count(count);
        outcome.solutions = count;
        return finish(status);
    }
    for (;;) {
        const SearchStatus status = search.next();
        if (status != SearchStatus::solution) {
            if (settings.mode == SolveMode::first_and_unique && outcome.solutions == 1 && status != SearchStatus::error) {
                outcome.unique_checked = status == SearchStatus::exhausted;
                outcome.unique = outcome.unique_checked;
            }
            return finish(status);
        }
        ++outcome.solutions;
        if (settings.mode == SolveMode::first_and_unique && outcome.solutions == 2) {
            outcome.unique_checked = true;
            outcome.unique = false;
            outcome.solutions = 1;
            return done();
        }
        on_solution(read_values());
        if (settings.mode == SolveMode::first) return done();
        if (settings.mode == SolveMode::all && settings.max_solutions != 0 && outcome.solutions >= settings.max_solutions) return done();
    }
}

}  // namespace prune::cli::trace
