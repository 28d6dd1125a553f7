#include "puzzles/common/model_count.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>

namespace prune::puzzles {

void add_statistics(SearchStatistics& into, const SearchStatistics& s) {
    into.add_counts(s);
    into.max_depth = std::max(into.max_depth, s.max_depth);
    into.seconds += s.seconds;
}

void add_count(CountRun& into, const CountRun& run, std::uint64_t weight) {
    into.count += weight * run.count;
    into.limit_reached = into.limit_reached || run.limit_reached;
    add_statistics(into.statistics, run.statistics);
    if (run.variables != 0) into.variables = run.variables;
    if (run.propagators != 0) into.propagators = run.propagators;
    into.searches += run.searches;
}

void count_below(Solver& solver, const PuzzleModel& model, SearchOptions options, CountRun& run) {
    if (options.decision_variables.empty()) options.decision_variables = model.decisions;
    Search search(solver, options);
    std::uint64_t count = 0;
    const SearchStatus status = search.count(count);
    run.count += count;
    run.limit_reached = run.limit_reached || status != SearchStatus::exhausted;
    add_statistics(run.statistics, search.statistics());
    ++run.searches;
}

void count_in_parallel(const ModelBuilder& build, const PuzzleModel& model, SearchOptions options, int threads, CountRun& run) {
    if (options.decision_variables.empty()) options.decision_variables = model.decisions;
    ParallelSearch search(build, options, ParallelSettings{threads});
    std::uint64_t count = 0;
    const SearchStatus status = search.count(count);
    run.count += count;
    run.limit_reached = run.limit_reached || status != SearchStatus::exhausted;
    add_statistics(run.statistics, search.statistics());
    ++run.searches;
}

namespace {

// One thread of count_jobs_in_parallel: takes the next subproblem until none is left
// or a limit stopped a search.
struct JobCounter {
    const PuzzleModel& model;
    const CountBudget& budget;
    const std::vector<std::uint64_t>& weights;
    const std::function<bool(Solver&, std::size_t)>& enter;
    std::atomic<std::size_t>& next_job;
    std::atomic<bool>& stopped;

    void run(Solver& solver, CountRun& counted) const {
        SearchOptions job_options;
        for (;;) {
            const std::size_t job = next_job.fetch_add(1);
            if (job >= weights.size() || stopped.load()) return;
            if (!budget.next(job_options) || (job_options.stop != nullptr && job_options.stop->load())) {
                counted.limit_reached = true;
                stopped.store(true);
                return;
            }
            solver.push_level();
            if (enter(solver, job)) {
                CountRun one;
                count_below(solver, model, job_options, one);
                add_count(counted, one, weights[job]);
                if (one.limit_reached) stopped.store(true);
            }
            solver.clear_queue();
            solver.pop_level();
        }
    }
};

}  // namespace

void count_jobs_in_parallel(const ModelBuilder& build, const PuzzleModel& model, const SearchOptions& options, int threads,
                            const std::vector<std::uint64_t>& weights, const std::function<bool(Solver&, std::size_t)>& enter,
                            CountRun& run) {
    std::atomic<std::size_t> next_job{0};
    std::atomic<bool> stopped{false};
    const CountBudget budget(options);
    const JobCounter counter{model, budget, weights, enter, next_job, stopped};
    std::vector<CountRun> counted(static_cast<std::size_t>(std::max(1, threads)));
    std::vector<std::thread> workers;
    for (CountRun& mine : counted) {
        workers.emplace_back([&build, &counter, &mine] {
            const std::unique_ptr<Solver> solver = build();
            // The root first, once: a level is pushed on a fixpoint (Solver::push_level),
            // and each job would otherwise propagate the whole posting again. A root
            // that fails has no solution to count.
            if (!solver->propagate()) {
                solver->clear_queue();
                return;
            }
            counter.run(*solver, mine);
        });
    }
    for (std::thread& worker : workers) worker.join();
    for (const CountRun& mine : counted) add_count(run, mine, 1);
}

KindCount kind_count(const CountRun& run) {
    KindCount result;
    result.count = run.count;
    result.limit_reached = run.limit_reached;
    result.statistics = run.statistics;
    result.variables = run.variables;
    result.propagators = run.propagators;
    return result;
}

}  // namespace prune::puzzles
