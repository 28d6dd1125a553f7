#include "puzzles/common/model_count.hpp"

#include <algorithm>

namespace prune::puzzles {

void add_statistics(SearchStatistics& into, const SearchStatistics& s) {
    into.nodes += s.nodes;
    into.failures += s.failures;
    into.propagations += s.propagations;
    into.solutions += s.solutions;
    into.restarts += s.restarts;
    into.nogoods_dropped += s.nogoods_dropped;
    into.bulk_nodes += s.bulk_nodes;
    into.bulk_solutions += s.bulk_solutions;
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
