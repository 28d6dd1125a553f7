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
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "literal.hpp"
#include "propagators/restart_nogoods.hpp"
#include "random.hpp"
#include "restarts.hpp"
#include "solver.hpp"

namespace prune {

class LearningSearch;
class NogoodExchange;

enum class VariableSelection : std::uint8_t {
    input_order,      // first unfixed variable
    smallest_domain,  // first-fail
    dom_wdeg,         // smallest domain size / failure weight (Boussemart et al. 2004)
    smallest_value,   // smallest minimum (MiniZinc's `smallest`)
    largest_value,    // largest maximum (MiniZinc's `largest`)
    largest_domain,   // largest domain (MiniZinc's `anti_first_fail`)
};

enum class ValueSelection : std::uint8_t {
    min,            // x = min / x != min
    max,            // x = max / x != max
    median,         // x = median value / x != it
    split,          // x <= (min+max)/2 / x > (min+max)/2
    reverse_split,  // x > (min+max)/2 / x <= (min+max)/2
    random,         // x = a value drawn from the domain (seeded) / x != it
};

// With learning, what the choice by activity ranks (after the user's phases; all of
// free search). variables: the most active unfixed variable, set to its saved value
// (phase saving). literals: the most active open literal, [x = v] per value and
// [x <= v] per bound, each bumped whenever a conflict analysis meets a fact on it
// (Chuffed's VSIDS over its literals), and decided true: x = v, or x <= v.
// negated_literals: the same literals decided false, x != v or x >= v + 1.
// literals_up: [x = v] decided true and [x <= v] false, x = v or x >= v + 1
// (Chuffed's polarity: it branches its Booleans false, which for its integer
// literals is [x = v], and [x >= v + 1] where the Boolean is [x <= v]). Which wins
// depends on the instance (docs/architecture.md, "Literal branching").
enum class LearningBranching : std::uint8_t { variables, literals, negated_literals, literals_up };

struct SearchLimits {
    std::uint64_t nodes = 0;     // 0: no limit
    std::uint64_t failures = 0;  // 0: no limit
    // Time and memory limits need the host's clock and memory probe
    // (host_probes.hpp): without them, a search given such a limit reports an error.
    double seconds = 0;          // 0: no limit
    // The process's memory, in MiB, checked every 1,024 nodes and at each restart
    // (not enforced where the host's probe reads 0).
    std::uint64_t memory_mb = 0;  // 0: no limit
};

// One phase of a sequential search (MiniZinc's seq_search of int_search groups):
// its variables are all fixed, choosing by its own heuristics, before the next
// phase starts.
struct SearchPhase {
    std::vector<IntVar> variables;
    VariableSelection variable = VariableSelection::input_order;
    ValueSelection value = ValueSelection::min;
};

struct SearchStatistics {
    std::uint64_t nodes = 0;
    std::uint64_t failures = 0;
    std::uint64_t propagations = 0;
    std::uint64_t solutions = 0;
    std::uint64_t restarts = 0;
    // Restart nogoods dropped from the full store (see SearchOptions::nogood_capacity).
    std::uint64_t nogoods_dropped = 0;
    std::uint64_t max_depth = 0;
    // With learning (SearchOptions::learn): nogoods learned and deleted, explanations
    // asked for, and how many of them were the fallback (a propagator's whole scope);
    // the nogoods the constraints implied (Propagator::add_implied_nogoods), kept
    // for the whole search.
    std::uint64_t learned = 0;
    std::uint64_t implied = 0;
    // SearchOptions::learn_after_propagations: the propagator runs before the search
    // switched to learning (0: it did not).
    std::uint64_t learning_from = 0;
    std::uint64_t deleted = 0;
    std::uint64_t explanations = 0;
    std::uint64_t fallback_explanations = 0;
    // Of the explanations, those of a bound a propagator pushed, explained as one
    // bound fact (Propagator::explains_bound_facts) instead of value by value.
    std::uint64_t bound_explanations = 0;
    // The learned nogoods' facts and LBDs (their decision levels), summed: a mean
    // nogood of 40 facts learns far less than one of 5 (mean_nogood_size()).
    std::uint64_t learned_facts = 0;
    std::uint64_t learned_lbd = 0;
    // In a portfolio (SearchOptions::nogood_exchange): the learned nogoods offered to
    // the other searches, and theirs taken into this one's store.
    std::uint64_t nogoods_offered = 0;
    std::uint64_t nogoods_imported = 0;
    // Counting: nodes whose solutions were counted at once (their open variables
    // independent: see Search::count), and how many solutions they held.
    std::uint64_t bulk_nodes = 0;
    std::uint64_t bulk_solutions = 0;
    double seconds = 0;  // by the host's clock; 0 without one

    double mean_nogood_size() const { return learned == 0 ? 0 : static_cast<double>(learned_facts) / static_cast<double>(learned); }
    double mean_nogood_lbd() const { return learned == 0 ? 0 : static_cast<double>(learned_lbd) / static_cast<double>(learned); }
    // Adds another search's counts (a parallel search sums its workers'): every
    // field but max_depth and seconds, which the caller combines.
    void add_counts(const SearchStatistics& o) {
        nodes += o.nodes;
        failures += o.failures;
        propagations += o.propagations;
        solutions += o.solutions;
        restarts += o.restarts;
        nogoods_dropped += o.nogoods_dropped;
        learned += o.learned;
        implied += o.implied;
        deleted += o.deleted;
        explanations += o.explanations;
        fallback_explanations += o.fallback_explanations;
        bound_explanations += o.bound_explanations;
        learned_facts += o.learned_facts;
        learned_lbd += o.learned_lbd;
        nogoods_offered += o.nogoods_offered;
        nogoods_imported += o.nogoods_imported;
        bulk_nodes += o.bulk_nodes;
        bulk_solutions += o.bulk_solutions;
    }
};

struct SearchOptions {
    VariableSelection variable = VariableSelection::smallest_domain;
    ValueSelection value = ValueSelection::min;
    RestartPolicy restarts;
    // Room for restart nogoods, in decisions (16 bytes each), fixed when the search
    // starts so that restarts allocate nothing; 0: 16 per decision variable + 1,024.
    // When a path does not fit, the oldest are dropped (counted in the statistics)
    // while that cannot repeat a reported solution (before the first solution, and
    // always when optimising); otherwise the search stops restarting and goes on as
    // plain depth-first search, still complete and exact.
    std::size_t nogood_capacity = 0;
    // Undo entries (16 bytes each, 12 on a 32-bit target) reserved when the search
    // starts; beyond them the trail grows, which then allocates. 0: from the model,
    // three per value of the variables' domains (a removal saves a domain word and,
    // once per node, two header slots) plus 16 per variable and 1,024, capped at 64
    // per variable + 1,024. An arena solver (memory.hpp) may set what its runs need,
    // measured by Solver::trail().high_water() after a run (docs/embedding.md).
    std::size_t trail_reserve = 0;
    // Choice points (24 bytes each, plus a trail level) reserved when the search
    // starts; deeper searches grow the stack, which then allocates. 0: 4 per
    // variable + 64. An arena solver may set the depth its runs reach
    // (SearchStatistics::max_depth).
    std::size_t depth_reserve = 0;
    std::uint64_t seed = 0;
    SearchLimits limits;
    // A stop request from outside (another thread, a signal handler, a user
    // interface): when it reads true the search stops as at a limit, also in the
    // middle of a propagation fixpoint. Not owned; null: none.
    const std::atomic<bool>* stop = nullptr;
    // Branch on these first (then on any other unfixed variable, input order, min);
    // empty: all variables.
    std::vector<IntVar> decision_variables;
    // Phases searched in turn before any other variable; when given, they replace
    // decision_variables, variable and value.
    std::vector<SearchPhase> phases;
    // Enumeration projected onto these variables (FlatZinc's output variables under
    // -a): successive solutions differ on them, and the other variables get one
    // witness each. Off when empty, unless `project` is set (an empty projection:
    // at most one solution). The variables left open after the decision variables
    // are labelled projection first.
    std::vector<IntVar> projection;
    bool project = false;
    // Called every 1,024 nodes with the statistics so far (their `seconds` is not yet
    // set), e.g. for a progress line on a terminal; empty: never. Runs on the
    // searching thread, so it must be quick.
    std::function<void(const SearchStatistics&)> progress;
    // Parallel optimisation (parallel/parallel_search.hpp): the best objective value
    // any worker has found so far, which every solution of this search must beat too
    // (INT64_MAX when minimising, INT64_MIN when maximising: none yet). Read at every
    // node; not owned; null: none.
    const std::atomic<std::int64_t>* shared_objective = nullptr;
    // Learning from failure (lazy clause generation, engine/learning/): conflicts are
    // analysed into nogoods that prune the rest of the search. Off by default; needs a
    // search from the root over bitset domains (Search::learning_active() says
    // whether it runs). Exact for enumeration, counting and optimisation.
    bool learn = false;
    // Learning from a later point (when `learn` is false): once the search without it
    // has run this many propagators (a measure of its work that does not depend on
    // the machine, where failures per second vary twentyfold between models), it goes
    // back to the root (its objective bound kept, its restart nogoods dropped) and
    // learns from there on; 0: never. An easy search ends before, at the speed it has
    // without learning; a hard one gets the learning that its length shows it needs.
    // Only for one solution or optimisation: an enumeration or a count that has found
    // a solution, a count in bulk and a search below the root go on without
    // (SearchStatistics::learning_from says whether it switched).
    std::uint64_t learn_after_propagations = 0;
    // With learning, choose by activity over every variable: decision_variables (the
    // plain search's dom/wdeg set) are not the learning search's (fzn's free search).
    bool learning_frees_search = false;
    LearningBranching learning_branching = LearningBranching::variables;
    // With learning, the model's clauses (Propagator::add_implied_nogoods returning
    // true) are kept as nogoods of the store and their propagators rest until the
    // search ends: two watches instead of a wake on every literal (grid-colouring
    // 10_10, --learn -f: 1.4x less time per failure). False keeps them propagators
    // (the tests of their own explanations).
    bool clauses_as_nogoods = true;
    // Learning in a parallel portfolio: where this search offers its short nogoods
    // and takes the other searches' (engine/learning/nogood_exchange.hpp). Only for
    // one solution or optimisation (a search that enumerates offers nothing after its
    // first solution). Not owned; null: none.
    NogoodExchange* nogood_exchange = nullptr;
    // Counting in bulk (count(), docs/architecture.md): false leaves it off from the
    // start, with its tracking of open variables (built at construction, paid at every
    // fixing). For a caller that runs many small counts and has seen it count nothing
    // in bulk, e.g. a parallel worker across its cubes (bulk_counting_unpaid()).
    bool bulk_counting = true;
};

// True when statistics of a count (one search or several added up) show counting in
// bulk did not pay: no bulk node in 65,536 nodes or 1,024 solutions.
bool bulk_counting_unpaid(const SearchStatistics& statistics);

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
    // Counts the remaining solutions without keeping them; stops at a limit. Called
    // before next(), it counts the last level in bulk: at a node whose open variables
    // share no propagator, each propagator on one of them being exact there
    // (Propagator::exact_with_one_open) and their domains bitsets, the solutions are
    // the product of the domain sizes, counted without visiting them. Not with an
    // objective, a projection, learning or a tracer (they need every solution).
    SearchStatus count(std::uint64_t& solutions);

    const SearchStatistics& statistics() const { return statistics_; }
    // Whether the limit that stopped the search was the memory limit.
    bool memory_limit_hit() const { return memory_limit_hit_; }
    // Asks a running search to stop at its next node (async-signal-safe).
    void request_stop() { stop_requested_.store(true, std::memory_order_relaxed); }
    // Whether learning runs (asked for, and supported: learning_unavailable() says why
    // not); the learning engine, for tests.
    const std::string& learning_unavailable() const { return learning_unavailable_; }
    // Why a Search with learning, made on `solver` as it stands, would search without
    // it (the build, the tracing hooks, a solver below its root, a domain kept as
    // bounds only); empty when learning can run. For front ends that must say so
    // before they search, or where the searches are made elsewhere (threads).
    static std::string why_no_learning(const Solver& solver);
    // The reason of a -DPRUNE_LEARNING=OFF build, which the front ends give when they
    // refuse --learn.
    static constexpr const char* learning_compiled_out = "learning is compiled out of this build (-DPRUNE_LEARNING=OFF)";
#if defined(PRUNE_NO_LEARNING)
    // Learning is compiled out (-DPRUNE_LEARNING=OFF): never active.
    bool learning_active() const { return false; }
    LearningSearch* learning() { return nullptr; }
#else
    bool learning_active() const { return learning_ != nullptr; }
    LearningSearch* learning() { return learning_.get(); }
#endif

private:
    // The left branch makes the decision true, the right branch makes it false.
    // (Fields ordered so that a choice point takes 24 bytes, not 32.)
    struct ChoicePoint {
        Literal decision;
        bool right;                // the right alternative is being explored
        // Projected enumeration: every projection variable was fixed when this choice
        // was made, so its subtree holds one projected solution at most.
        bool witness;
        std::uint64_t parent_node; // the node where the choice was made (for tracing)
    };

    bool start();
    void reserve_for_search();
    bool select(Literal& decision);
    Literal make_decision(IntVar x, ValueSelection how);
    bool descend(const Literal& decision, bool right);
    bool backtrack();
    SearchStatus finish(SearchStatus status);
    SearchStatus stopped_or_exhausted();
    void record_failure();
    bool restart();
    void make_learning();
    bool learning_due() const;
    bool switch_to_learning();
    void make_nogood_store();
    bool limit_reached();
    bool limits_supported();
    bool memory_over_limit() const;
    bool apply_objective_bound();
    bool apply_shared_objective();
    void start_bulk_counting();
    bool count_in_bulk();
    bool projecting() const { return options_.project || !options_.projection.empty(); }
    bool projection_fixed() const;
    bool skip_witness_choices();
    bool projected_duplicate();

    Solver& solver_;
    SearchOptions options_;
    RestartNogoods* nogoods_ = nullptr;   // owned by the solver; only with restarts
    RestartSchedule schedule_;
    Random random_;
    // A phase's variables as a range of order_, and its heuristics.
    struct PhaseRange {
        std::size_t begin, end;
        VariableSelection variable;
        ValueSelection value;
    };
    void add_phase(const std::vector<IntVar>& variables, VariableSelection variable, ValueSelection value,
                   std::vector<char>& listed);
    bool select_in(const PhaseRange& phase, Literal& decision);
    // A variable's score under a heuristic other than dom/wdeg (lower is better).
    std::int64_t score(IntVar x, VariableSelection how) const;
    bool select_dom_wdeg(const PhaseRange& phase, std::size_t& best) const;

    std::vector<IntVar> order_;           // the phases' variables, then the rest
    std::vector<PhaseRange> phases_;      // the last one labels the rest: input order, min
    bool uses_weights_ = false;           // some phase chooses by dom/wdeg
    std::vector<ChoicePoint> stack_;
    // dom/wdeg failure weight per variable: integers in a PRUNE_MINIMAL build (no
    // floating point; ratios compared by cross-multiplication, which orders them
    // exactly as the divisions do while the weights stay below 2^26).
#if defined(PRUNE_MINIMAL)
    using FailureWeight = std::uint64_t;
#else
    using FailureWeight = double;
#endif
    std::vector<FailureWeight> weight_;
    std::uint64_t run_limit_ = 0;         // the failure budget of the current restart run
    // Projected enumeration: set once a choice on a variable outside the projection
    // was made while some projection variable was open; from then on two branches
    // may reach the same projected solution, and the ones reported are remembered
    // (memory grows with the solutions reported, as the output does).
    bool may_repeat_projection_ = false;
    std::vector<char> in_projection_;
    std::vector<std::vector<int>> reported_;  // sorted, when may_repeat_projection_
    SearchStatistics statistics_;
    std::uint64_t start_time_ = 0;        // the host's clock, in nanoseconds
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
    bool counting_ = false;               // count() runs this search from its start
    bool tracking_open_ = false;          // this search turned the solver's open tracking on
    std::uint64_t bulk_pending_ = 0;      // counted in bulk, not yet handed to count()'s caller
    std::atomic<bool> stop_requested_{false};
    // The solver's interruption settings before this search (a search may run inside
    // another one's node); restored by the destructor.
    const std::atomic<bool>* outer_stop_ = nullptr;
    std::uint64_t outer_deadline_ = Solver::no_deadline;
#if !defined(PRUNE_NO_LEARNING)
    std::unique_ptr<LearningSearch> learning_;  // null: search without learning
    bool may_learn_later_ = false;              // SearchOptions::learn_after_propagations applies
#endif
    std::string learning_unavailable_;
};

}  // namespace prune
