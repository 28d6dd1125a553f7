#include "puzzles/solve.hpp"

namespace prune::puzzles {
namespace {

Values read_values(const Solver& solver, const PuzzleModel& model) {
    Values values;
    values.reserve(model.cells.size());
    for (IntVar x : model.cells) values.push_back(solver.value(x));
    return values;
}

// The search loop of solve_puzzle: fills `outcome` for the requested mode.
void run_search(Search& search, const Solver& solver, const PuzzleModel& model, const SolveSettings& settings,
                const std::function<void(const Values&)>& on_solution, SolveOutcome& outcome) {
    auto finish = [&](SearchStatus status) {
        outcome.exhausted = status == SearchStatus::exhausted;
        outcome.limit_reached = status == SearchStatus::limit;
        if (status == SearchStatus::error) outcome.error = solver.error().empty() ? "invalid model" : solver.error();
        outcome.statistics = search.statistics();
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
            // The second solution only answers "is it unique?": it is not reported.
            outcome.unique_checked = true;
            outcome.unique = false;
            outcome.solutions = 1;
            outcome.statistics = search.statistics();
            return;
        }
        on_solution(read_values(solver, model));
        const bool enough = settings.mode == SolveMode::first ||
                            (settings.mode == SolveMode::all && settings.max_solutions != 0 && outcome.solutions >= settings.max_solutions);
        if (enough) {
            outcome.statistics = search.statistics();
            return;
        }
    }
}

}  // namespace

SolveOutcome solve_puzzle(const Puzzle& puzzle, const SolveSettings& settings, const std::function<void(const Values&)>& on_solution) {
    if (settings.mode == SolveMode::count && settings.tracer == nullptr) {
        if (std::optional<KindCount> counted = puzzle.count_solutions(settings.model, settings.search)) {
            SolveOutcome outcome;
            outcome.solutions = counted->count;
            outcome.limit_reached = counted->limit_reached;
            outcome.exhausted = !counted->limit_reached;
            outcome.figures = std::move(counted->figures);
            outcome.statistics = counted->statistics;
            outcome.variables = counted->variables;
            outcome.propagators = counted->propagators;
            return outcome;
        }
    }
    Solver solver;
    const PuzzleModel model = puzzle.build_model(solver, settings.model);
    SearchOptions options = settings.search;
    if (options.decision_variables.empty()) options.decision_variables = model.decisions;

    SolveOutcome outcome;
    outcome.variables = solver.variable_count();
    outcome.propagators = solver.propagator_count();
    if (settings.tracer != nullptr) {
        if (!settings.tracer->begin(solver, settings.trace_source, outcome.trace_error)) return outcome;
        solver.set_tracer(settings.tracer);
    }
    Search search(solver, options);
    run_search(search, solver, model, settings, on_solution, outcome);
    if (settings.tracer != nullptr) settings.tracer->finish(solver, outcome.statistics);
    return outcome;
}

}  // namespace prune::puzzles
