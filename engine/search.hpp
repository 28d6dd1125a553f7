// Search: depth-first search with binary branching, restarts, enumeration, counting
// and branch-and-bound optimisation.
//
//     prune::Search search(solver, options);
//     while (search.next() == prune::SearchStatus::solution) { read solver.value(x) }
//
// After next() returns `solution`, every variable of the solver is fixed. The search
// keeps an explicit stack of choice points (no recursion).
//
// A search may start below the root: push a level, fix some variables (a puzzle's
// clues, say), search, and destroy the Search; it pops back to the level it started
// at, so one model serves many instances without being rebuilt. Restarts need a
// search from the root (their nogoods are posted there) and are ignored otherwise. A choice is x = v / x != v
// or x <= v / x > v. Restarts record the explored part of the tree as nogoods
// (Lecoutre et al., "Recording and minimizing nogoods from restarts", JSAT 2007), so
// enumeration and counting stay exact with any restart policy.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "literal.hpp"
#include "random.hpp"
#include "restarts.hpp"
#include "solver.hpp"

namespace prune {

enum class VariableSelection : std::uint8_t {
    input_order,      // first unfixed variable
    smallest_domain,  // first-fail
    dom_wdeg,         // smallest domain size / failure weight (Boussemart et al. 2004)
};

enum class ValueSelection : std::uint8_t {
    min,            // x = min / x != min
    max,            // x = max / x != max
    median,         // x = median value / x != it
    split,          // x <= (min+max)/2 / x > (min+max)/2
    reverse_split,  // x > (min+max)/2 / x <= (min+max)/2
    random,         // x = a value drawn from the domain (seeded) / x != it
};

struct SearchLimits {
    std::uint64_t nodes = 0;     // 0: no limit
    std::uint64_t failures = 0;  // 0: no limit
    double seconds = 0;          // 0: no limit
    // The process's resident memory, in MiB, checked every 1,024 nodes and at each
    // restart (engine/memory_usage.hpp; ignored where the system does not tell it).
    std::uint64_t memory_mb = 0;  // 0: no limit
};

struct SearchStatistics {
    std::uint64_t nodes = 0;
    std::uint64_t failures = 0;
    std::uint64_t propagations = 0;
    std::uint64_t solutions = 0;
    std::uint64_t restarts = 0;
    std::uint64_t max_depth = 0;
    double seconds = 0;
};

struct SearchOptions {
    VariableSelection variable = VariableSelection::smallest_domain;
    ValueSelection value = ValueSelection::min;
    RestartPolicy restarts;
    std::uint64_t seed = 0;
    SearchLimits limits;
    // A stop request from outside (another thread, a signal handler, a user
    // interface): when it reads true the search stops as at a limit, also in the
    // middle of a propagation fixpoint. Not owned; null: none.
    const std::atomic<bool>* stop = nullptr;
    // Branch on these first (then on any other unfixed variable, input order, min);
    // empty: all variables.
    std::vector<IntVar> decision_variables;
    // Called every 1,024 nodes with the statistics so far (their `seconds` is not yet
    // set), e.g. for a progress line on a terminal; empty: never. Runs on the
    // searching thread, so it must be quick.
    std::function<void(const SearchStatistics&)> progress;
};

enum class SearchStatus : std::uint8_t {
    solution,   // the solver holds a solution
    exhausted,  // no (further) solution: the search space is fully explored
    limit,      // a limit stopped the search first
    error,      // the model is invalid: Solver::error() says why
};

class Search {
public:
    explicit Search(Solver& solver, SearchOptions options = {});
    Search(const Search&) = delete;
    Search& operator=(const Search&) = delete;
    // Returns the solver to the level the search started at.
    ~Search();

    // Optimisation: each later solution is strictly better than the previous one;
    // `exhausted` after the last solution proves it optimal. Call before next().
    void minimize(IntVar objective);
    void maximize(IntVar objective);

    SearchStatus next();
    // Counts the remaining solutions without keeping them; stops at a limit.
    SearchStatus count(std::uint64_t& solutions);

    const SearchStatistics& statistics() const { return statistics_; }
    // Whether the limit that stopped the search was the memory limit.
    bool memory_limit_hit() const { return memory_limit_hit_; }
    // Asks a running search to stop at its next node (async-signal-safe).
    void request_stop() { stop_requested_.store(true, std::memory_order_relaxed); }

private:
    // The left branch makes the decision true, the right branch makes it false.
    struct ChoicePoint {
        Literal decision;
        bool right;                // the right alternative is being explored
        std::uint64_t parent_node; // the node where the choice was made (for tracing)
    };

    bool start();
    bool select(Literal& decision);
    Literal make_decision(IntVar x, ValueSelection how);
    bool descend(const Literal& decision, bool right);
    bool backtrack();
    SearchStatus finish(SearchStatus status);
    SearchStatus stopped_or_exhausted();
    void record_failure();
    bool restart();
    bool limit_reached();
    bool apply_objective_bound();

    Solver& solver_;
    SearchOptions options_;
    RestartSchedule schedule_;
    Random random_;
    std::vector<IntVar> order_;           // decision variables, then the rest
    std::size_t decision_count_ = 0;      // order_[0, decision_count_) follow the heuristics
    std::vector<ChoicePoint> stack_;
    std::vector<double> weight_;          // dom/wdeg failure weight per variable
    SearchStatistics statistics_;
    std::chrono::steady_clock::time_point start_time_;
    std::uint64_t run_ = 0;               // restart run number
    std::uint64_t failures_in_run_ = 0;
    std::uint64_t propagations_at_start_ = 0;
    std::size_t base_depth_ = 0;          // the solver's depth when the search started
    std::uint64_t current_node_ = 0;      // id of the node being explored (for tracing)
    std::uint64_t last_node_id_ = 0;
    IntVar objective_;
    int objective_sense_ = 0;             // -1 minimise, +1 maximise, 0 none
    std::int64_t best_objective_ = 0;     // the next solution must beat this
    bool have_best_ = false;
    bool started_ = false;
    bool at_solution_ = false;
    bool exhausted_ = false;
    bool limit_hit_ = false;
    bool memory_limit_hit_ = false;
    std::atomic<bool> stop_requested_{false};
    // The solver's interruption settings before this search (a search may run inside
    // another one's node); restored by the destructor.
    const std::atomic<bool>* outer_stop_ = nullptr;
    std::chrono::steady_clock::time_point outer_deadline_ = std::chrono::steady_clock::time_point::max();
};

}  // namespace prune
