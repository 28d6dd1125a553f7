// Counting with the engine for the kinds that count their own way (Puzzle::count_solutions):
// ostomachion's canonical colourings, quarto's orbits. Such a count runs one or more
// searches and adds up what they found.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "parallel/parallel_search.hpp"
#include "puzzles/puzzle.hpp"

namespace prune::puzzles {

// What the searches of a count found.
struct CountRun {
    std::uint64_t count = 0;
    bool limit_reached = false;
    SearchStatistics statistics;  // summed over the searches
    int variables = 0;            // of the (last) model searched
    int propagators = 0;
    int searches = 0;
};

// Adds the search counters of `s` to `into` (the deepest depth is kept, not added).
void add_statistics(SearchStatistics& into, const SearchStatistics& s);
// Adds `weight` times the count of `run` to `into`, with its statistics and searches.
void add_count(CountRun& into, const CountRun& run, std::uint64_t weight);
// Counts the solutions below the solver's current state with a fresh Search (branching
// on the model's decisions unless `options` names variables) and adds them to `run`.
void count_below(Solver& solver, const PuzzleModel& model, SearchOptions options, CountRun& run);
// The same on `threads` threads (parallel/parallel_search.hpp): `build` makes the
// model and the state to count below at the root of a new solver, the same
// variables on every call (the model's decisions name them).
void count_in_parallel(const ModelBuilder& build, const PuzzleModel& model, SearchOptions options, int threads, CountRun& run);
// Spreads a time limit over the searches of one count: each gets what is left. Only
// reads after construction, so the threads of a count may share one.
class CountBudget {
public:
    explicit CountBudget(const SearchOptions& options) : options_(options), start_(std::chrono::steady_clock::now()) {}
    // The options for the next search; false when the time is up.
    bool next(SearchOptions& options) const {
        options = options_;
        if (options_.limits.seconds <= 0) return true;
        const double left = options_.limits.seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (left <= 0) return false;
        options.limits.seconds = left;
        return true;
    }

private:
    SearchOptions options_;
    std::chrono::steady_clock::time_point start_;
};

// Counts many subproblems on `threads` threads, each one whole on one thread: the
// subproblems are the cubes (Embarrassingly Parallel Search), for counts made of many
// small searches, where splitting each again would cost more than it balances (and
// each split waits for its slowest cube). Each thread builds its solver with `build`;
// `enter(solver, job)` puts subproblem `job` on it (at a new level; false when that
// fails: it counts 0), and its count is added `weights[job]` times. A time limit in
// `options` is shared out by a CountBudget; a search stopped by a limit stops the
// others at their next subproblem.
void count_jobs_in_parallel(const ModelBuilder& build, const PuzzleModel& model, const SearchOptions& options, int threads,
                            const std::vector<std::uint64_t>& weights, const std::function<bool(Solver&, std::size_t)>& enter,
                            CountRun& run);
// The run as the command line reports a count, without figures.
KindCount kind_count(const CountRun& run);

}  // namespace prune::puzzles
