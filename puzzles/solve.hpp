// Solving a puzzle: builds its model, runs the engine's search in the requested mode
// and reports each solution as cell values.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "engine/probing.hpp"
#include "engine/search.hpp"
#include "parallel/parallel_search.hpp"
#include "puzzles/puzzle.hpp"

namespace prune::puzzles {

enum class SolveMode {
    first,             // stop at the first solution
    first_and_unique,  // the first solution, then look for a second one (the default)
    all,               // every solution, or the first max_solutions of them
    count,             // count the solutions without keeping them
};

struct SolveSettings {
    SolveMode mode = SolveMode::first_and_unique;
    std::uint64_t max_solutions = 0;  // mode all: stop after this many (0: no limit)
    SearchOptions search;             // heuristics, restarts, seed and limits
    ModelSettings model;
    // Watches the run (prune solve --trace, --profile, ...): begin() once the model is
    // built, then every search event, then finish(). A traced count searches the
    // model itself, not a kind's own count (Puzzle::count_solutions).
    RunTracer* tracer = nullptr;
    std::string trace_source;         // what the trace says is being solved
    // model.threads above 1: the problem is searched on that many threads by
    // Embarrassingly Parallel Search (parallel/parallel_search.hpp; the count sits in
    // the model settings so that a kind's own count sees it too). A traced run
    // searches on one thread. The solutions of mode all may come in another order.
};

// Which limit stopped a search, and at what value: prune solve names it in its plain
// output ("time limit 2 s reached") and in its JSON ("limit":{"kind":"time","value":2}).
struct LimitStop {
    enum class Kind : std::uint8_t { none, time, memory, nodes, failures, interrupt };
    Kind kind = Kind::none;
    double value = 0;             // the limit: seconds, MiB, nodes or failures
    double memory_used_mb = 0;    // memory: the process's resident memory (MiB) when it stopped
    bool before_search = false;   // memory: the process was over the limit before the first node
};

// "time", "memory", "node", "fail", "interrupt" (the JSON "kind"), "" for none.
const char* limit_kind_name(LimitStop::Kind kind);
// "time limit 2 s reached", "node limit 1000 reached", "memory limit 1 MB reached:
// the process used 3.4 MB before the search started", "interrupted".
std::string describe_limit(const LimitStop& limit);

struct SolveOutcome {
    std::uint64_t solutions = 0;  // found (or counted)
    bool exhausted = false;       // the whole search space was explored
    bool limit_reached = false;   // a limit (time, nodes, failures) stopped the search
    LimitStop limit;              // which one (kind none when limit_reached is false)
    bool unique_checked = false;  // mode first_and_unique, a first solution found, second look finished
    bool unique = false;          // valid when unique_checked
    std::string error;            // the model was invalid (Solver::error())
    std::string trace_error;      // the tracer refused the model (nothing was searched)
    // --learn on, and the search ran without learning: why (Search::why_no_learning).
    std::string learning_unavailable;
    std::vector<CountFigure> figures;  // mode count: the kind's extra figures (Puzzle::count_solutions)
    SearchStatistics statistics;
    ProbeStatistics probing;           // the model asked for root probing (PuzzleModel::probe_root)
    int variables = 0;
    int propagators = 0;
    int threads = 1;                   // the threads that searched
    CubeStatistics cubes;              // threads > 1: the decomposition
};

// "A first solution, then is there a second?": the loop of prune solve (mode
// first_and_unique) and of --batch --unique, in one place.
struct FirstAndSecond {
    SearchStatus first = SearchStatus::exhausted;   // solution, exhausted, limit or error
    bool second_looked = false;                     // first was a solution and a second was asked for
    SearchStatus second = SearchStatus::exhausted;  // then: solution (not unique), exhausted (unique), limit or error

    bool found() const { return first == SearchStatus::solution; }
    bool unique_checked() const { return second_looked && (second == SearchStatus::solution || second == SearchStatus::exhausted); }
    bool unique() const { return second_looked && second == SearchStatus::exhausted; }
    // How the search ended: the status of the last call to Search::next().
    SearchStatus last() const { return second_looked ? second : first; }
};

// Runs `search` to its first solution, calls on_first() while the solver stands on it
// (to read the values), then, when look_for_second, asks for one more solution. A
// template, so that a batch of many small puzzles wraps no callback in a std::function.
template <typename OnFirst>
FirstAndSecond first_then_second(Search& search, bool look_for_second, OnFirst&& on_first) {
    FirstAndSecond run;
    run.first = search.next();
    if (run.first != SearchStatus::solution) return run;
    on_first();
    if (look_for_second) {
        run.second_looked = true;
        run.second = search.next();
    }
    return run;
}

// Calls on_solution for each solution found (not in count mode), in order.
SolveOutcome solve_puzzle(const Puzzle& puzzle, const SolveSettings& settings, const std::function<void(const Values&)>& on_solution);

}  // namespace prune::puzzles
