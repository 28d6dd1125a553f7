#include "puzzles/solve.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>

#include "engine/host_probes.hpp"

namespace prune::puzzles {
namespace {

// The process's memory by the host's probe (0 where it has none).
std::uint64_t memory_bytes() {
    const HostProbes& probes = installed_host_probes();
    return probes.memory_bytes != nullptr ? probes.memory_bytes() : 0;
}

double mebibytes(std::uint64_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

// The limit that stopped a search, told from the settings and the statistics: a
// kind's own count (Puzzle::count_solutions) runs several searches, so the engine
// cannot say it alone. `memory_hit`: the engine reported the memory limit.
LimitStop limit_that_stopped(const SearchOptions& options, const SearchStatistics& statistics, bool memory_hit, std::uint64_t memory_before_search) {
    const SearchLimits& limits = options.limits;
    LimitStop stop;
    if (options.stop != nullptr && options.stop->load(std::memory_order_relaxed)) {
        stop.kind = LimitStop::Kind::interrupt;
        return stop;
    }
    const std::uint64_t resident = limits.memory_mb != 0 ? memory_bytes() : 0;
    if (limits.memory_mb != 0 && (memory_hit || resident > limits.memory_mb * 1024 * 1024)) {
        stop.kind = LimitStop::Kind::memory;
        stop.value = static_cast<double>(limits.memory_mb);
        stop.before_search = statistics.nodes == 0 && memory_before_search > limits.memory_mb * 1024 * 1024;
        stop.memory_used_mb = mebibytes(stop.before_search ? memory_before_search : resident);
    } else if (limits.nodes != 0 && statistics.nodes >= limits.nodes) {
        stop.kind = LimitStop::Kind::nodes;
        stop.value = static_cast<double>(limits.nodes);
    } else if (limits.failures != 0 && statistics.failures >= limits.failures) {
        stop.kind = LimitStop::Kind::failures;
        stop.value = static_cast<double>(limits.failures);
    } else if (limits.seconds > 0) {
        stop.kind = LimitStop::Kind::time;
        stop.value = limits.seconds;
    } else {
        stop.kind = LimitStop::Kind::interrupt;
    }
    return stop;
}

// 2, 0.5, 3.4: the shortest of up to one decimal.
std::string short_number(double value) {
    char buffer[64];
    if (value == static_cast<double>(static_cast<std::uint64_t>(value))) {
        std::snprintf(buffer, sizeof buffer, "%llu", static_cast<unsigned long long>(value));
    } else {
        std::snprintf(buffer, sizeof buffer, "%.3g", value);
    }
    return buffer;
}

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
    if (settings.mode != SolveMode::all) {
        // The second solution only answers "is it unique?": it is not reported.
        const FirstAndSecond run = first_then_second(search, settings.mode == SolveMode::first_and_unique,
                                                     [&] { on_solution(read_values(solver, model)); });
        outcome.solutions = run.found() ? 1 : 0;
        outcome.unique_checked = run.unique_checked();
        outcome.unique = run.unique();
        if (run.last() == SearchStatus::solution) {  // stopped on a solution: neither exhausted nor at a limit
            outcome.statistics = search.statistics();
            return;
        }
        return finish(run.last());
    }
    for (;;) {
        const SearchStatus status = search.next();
        if (status != SearchStatus::solution) return finish(status);
        ++outcome.solutions;
        on_solution(read_values(solver, model));
        if (settings.max_solutions != 0 && outcome.solutions >= settings.max_solutions) {
            outcome.statistics = search.statistics();
            return;
        }
    }
}

// The problem on settings.model.threads threads: every worker builds the puzzle's
// model into its own solver (the same variables each time).
void run_parallel_search(const PuzzleModel& model, const SolveSettings& settings, const std::function<void(const Values&)>& on_solution,
                         SolveOutcome& outcome, ParallelSearch& parallel) {
    SearchStatus status = SearchStatus::exhausted;
    std::uint64_t found = 0;
    if (settings.mode == SolveMode::count) {
        status = parallel.count(found);
    } else {
        // mode first_and_unique: a second solution is looked for, not reported.
        const std::uint64_t wanted = settings.mode == SolveMode::first              ? 1
                                     : settings.mode == SolveMode::first_and_unique ? 2
                                                                                    : settings.max_solutions;
        status = parallel.solve([&](const Solver& solver) {
            ++found;
            if (settings.mode == SolveMode::all || found == 1) on_solution(read_values(solver, model));
            return wanted == 0 || found < wanted;
        });
    }
    outcome.solutions = settings.mode == SolveMode::first_and_unique ? std::min<std::uint64_t>(found, 1) : found;
    if (settings.mode == SolveMode::first_and_unique && found > 0) {
        outcome.unique_checked = status == SearchStatus::exhausted || found == 2;
        outcome.unique = status == SearchStatus::exhausted && found == 1;
    }
    outcome.exhausted = status == SearchStatus::exhausted;
    outcome.limit_reached = status == SearchStatus::limit;
    if (status == SearchStatus::error) outcome.error = parallel.error();
    outcome.statistics = parallel.statistics();
    outcome.cubes = parallel.cube_statistics();
}

// Singleton arc consistency on the decisions before the search (the root is then
// at a fixpoint, or failed, which the search reports as no solution). Under the
// search's stop flag and time limit; a stop leaves the sound part done, and the
// search then stops at once on the same limit.
void probe_root(Solver& solver, const SearchOptions& options, ProbeStatistics& statistics) {
    if (!solver.error().empty() || solver.root_failed()) return;
    const double seconds = options.limits.seconds;
    const std::uint64_t deadline = seconds > 0 && seconds < 1e9 && solver.has_clock() ? solver.now() + static_cast<std::uint64_t>(seconds * 1e9)
                                                                                     : Solver::no_deadline;
    const std::atomic<bool>* outer_stop = solver.interrupt_flag();
    const std::uint64_t outer_deadline = solver.interrupt_deadline();
    solver.set_interrupt(options.stop != nullptr ? options.stop : outer_stop, std::min(deadline, outer_deadline));
    if (solver.propagate()) (void)probe_values(solver, options.decision_variables, statistics);
    solver.clear_queue();
    solver.set_interrupt(outer_stop, outer_deadline);
}

}  // namespace

const char* limit_kind_name(LimitStop::Kind kind) {
    switch (kind) {
        case LimitStop::Kind::none: return "";
        case LimitStop::Kind::time: return "time";
        case LimitStop::Kind::memory: return "memory";
        case LimitStop::Kind::nodes: return "node";
        case LimitStop::Kind::failures: return "fail";
        case LimitStop::Kind::interrupt: return "interrupt";
    }
    return "";
}

std::string describe_limit(const LimitStop& limit) {
    switch (limit.kind) {
        case LimitStop::Kind::none: return "";
        case LimitStop::Kind::interrupt: return "interrupted";
        case LimitStop::Kind::time: return "time limit " + short_number(limit.value) + " s reached";
        case LimitStop::Kind::nodes: return "node limit " + short_number(limit.value) + " reached";
        case LimitStop::Kind::failures: return "fail limit " + short_number(limit.value) + " reached";
        case LimitStop::Kind::memory: {
            char used[32];
            std::snprintf(used, sizeof used, "%.1f", limit.memory_used_mb);
            return "memory limit " + short_number(limit.value) + " MB reached: the process used " + used + " MB" +
                   (limit.before_search ? " before the search started" : "");
        }
    }
    return "";
}

SolveOutcome solve_puzzle(const Puzzle& puzzle, const SolveSettings& settings, const std::function<void(const Values&)>& on_solution) {
    // Read only with a memory limit: a stop before the first node is then told apart.
    const std::uint64_t memory_at_start = settings.search.limits.memory_mb != 0 ? memory_bytes() : 0;
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
            outcome.threads = settings.model.threads;
            // A kind's own counter may search below the root (Quarto's symmetry
            // classes), where learning cannot run. A search that learns adds a nogood
            // per failure and per solution: none at all says its searches ran without.
            if (settings.search.learn && outcome.statistics.learned == 0 && (outcome.statistics.failures > 0 || outcome.solutions > 0)) {
                outcome.learning_unavailable = "this kind counts with searches of its own (by symmetry or in parts)";
            }
            if (outcome.limit_reached) outcome.limit = limit_that_stopped(settings.search, outcome.statistics, false, memory_at_start);
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
    if (settings.model.threads > 1 && settings.tracer == nullptr) {
        outcome.threads = settings.model.threads;
        if (options.learn) outcome.learning_unavailable = Search::why_no_learning(solver);
        ParallelSearch parallel(
            [&] {
                auto built = std::make_unique<Solver>();
                (void)puzzle.build_model(*built, settings.model);
                return built;
            },
            options,
                                ParallelSettings{settings.model.threads});
        run_parallel_search(model, settings, on_solution, outcome, parallel);
        if (outcome.limit_reached) {
            outcome.limit = limit_that_stopped(options, outcome.statistics, parallel.memory_limit_hit(), memory_at_start);
        }
        return outcome;
    }
    if (settings.tracer != nullptr) {
        if (!settings.tracer->begin(solver, settings.trace_source, outcome.trace_error)) return outcome;
        solver.set_tracer(settings.tracer);
    }
    const std::uint64_t memory_before_search = options.limits.memory_mb != 0 ? memory_bytes() : memory_at_start;
    if (model.probe_root) probe_root(solver, options, outcome.probing);
    Search search(solver, options);
    outcome.learning_unavailable = search.learning_unavailable();
    run_search(search, solver, model, settings, on_solution, outcome);
    if (outcome.limit_reached) outcome.limit = limit_that_stopped(options, outcome.statistics, search.memory_limit_hit(), memory_before_search);
    if (settings.tracer != nullptr) settings.tracer->finish(solver, outcome.statistics);
    return outcome;
}

}  // namespace prune::puzzles
