// Propagator: the interface every constraint implementation fills in.
//
// Checklist for propagator authors (after Chuffed's):
//  1. Correctness first: when every variable in the scope is fixed, propagate() must
//     return Status::failed exactly when the constraint is violated. A bounds-only
//     domain (see domain.hpp) may ignore interior removals, so never assume a
//     remove() took effect: check fixed values against each other.
//  2. Return Status::entailed only when the current domains prove the constraint holds
//     for every remaining combination; the kernel then switches the propagator off
//     until backtracking undoes that proof.
//  3. State that must survive into child nodes and be undone on backtracking is kept
//     in TrailedInt (or saved through Solver::trail()); scratch state is rebuilt or
//     cleared in each run, because a run can be cut short by a failure elsewhere.
//  4. Compute in 64 bits and check for overflow at post time.
//  5. Say whether a run reaches its own fixpoint (idempotent): if so, the kernel does
//     not wake it for its own changes.
//  6. Allocate in the constructor, never in propagate(): the hot path does not allocate.
//  7. State the consistency reached and its cost in the class comment, with the paper.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "event.hpp"
#include "int_var.hpp"
#include "trail.hpp"

namespace prune {

class Solver;
class Explanation;
class ImpliedNogoods;

enum class Status : std::uint8_t { ok, failed, entailed };

// PRUNE_TRY(update): returns failure from the enclosing function when a domain
// update fails. `update` is an Event (failed when the domain would be wiped out) or
// a bool (false on failure, as the helpers restrict_above() and narrow() return).
// The enclosing function returns Status (Status::failed), bool (false) or Event
// (Event::failed): Failure converts to each.
struct Failure {
    constexpr operator Status() const { return Status::failed; }
    constexpr operator bool() const { return false; }
    constexpr operator Event() const { return Event::failed; }
};
constexpr bool update_failed(Event e) { return is_failure(e); }
constexpr bool update_failed(bool ok) { return !ok; }
#define PRUNE_TRY(update)                                                   \
    do {                                                                    \
        if (::prune::update_failed(update)) [[unlikely]] return ::prune::Failure{}; \
    } while (0)

// Queue classes: cheaper propagators run first, so expensive ones see smaller domains.
enum class PropagatorCost : std::uint8_t { constant = 0, linear = 1, quadratic = 2 };
inline constexpr int propagator_cost_classes = 3;

class Propagator {
public:
    explicit Propagator(PropagatorCost cost, bool idempotent = true) : cost_(cost), idempotent_(idempotent) {}
    virtual ~Propagator() = default;
    Propagator(const Propagator&) = delete;
    Propagator& operator=(const Propagator&) = delete;

    // Declares the events this propagator listens to: Solver::subscribe() for each
    // variable. Called once by Solver::add(), before the first propagate().
    virtual void attach(Solver& solver) = 0;
    virtual Status propagate(Solver& solver) = 0;
    // A short name of the algorithm, e.g. "linear<=" or "alldifferent(domain)".
    virtual const char* kind() const = 0;
    // Called, when advise_me() was asked for, for every event on a subscribed variable
    // (with the tag given at subscription) before the propagator is scheduled; return
    // false to stay asleep. Incremental propagators record what changed here; an
    // advisor that only filters (Advice::filter) is not asked while already queued.
    virtual bool advise(Solver&, int /*tag*/, Event) { return true; }
    // Under learning (learning/explanation.hpp): explains a fact this propagator
    // inferred, or its failure, lazily when conflict analysis asks. False: no own
    // explanation, the engine falls back to the removals from the whole scope.
    virtual bool explain(Explanation&) const { return false; }
    // Whether explain() also answers a bound fact [x >= v] or [x <= v] of a variable
    // whose bound this propagator pushed: conflict analysis then asks for the bound
    // as one fact, where it would otherwise ask for each removed value in turn (a
    // start pushed by 50 is one explanation, not 50). explain() may still decline
    // one (return false): the values are then explained one by one.
    virtual bool explains_bound_facts() const { return false; }
    // Under learning, once, on the root domains: nogoods the constraint implies that
    // learning keeps for the whole search beside the ones it learns, where their
    // propagation by the nogood store has shorter reasons than the propagator's own
    // explanation of the same inference (alldifferent over as many values as
    // variables: each value is taken; a clause). None by default. True when the
    // nogoods added say all the constraint says on the root domains: a search that
    // keeps them (SearchOptions::clauses_as_nogoods) may then switch the propagator
    // off until it ends.
    virtual bool add_implied_nogoods(const Solver&, ImpliedNogoods&) const { return false; }

    int id() const { return id_; }
    PropagatorCost cost() const { return cost_; }
    bool idempotent() const { return idempotent_; }
    // What advise() does: nothing asked (none), decides only whether to wake, reading
    // state without changing it (filter: skipped while queued, as the answer would not
    // matter), or records what changed (record: called for every event).
    enum class Advice : std::uint8_t { none, filter, record };
    // Whether the propagator is exact once at most one variable of its scope is open:
    // at its fixpoint every value left in that variable's (bitset) domain satisfies
    // the constraint with the fixed ones. Counting uses it (Search::count: the
    // solutions of a node whose open variables share no propagator are the product
    // of their domain sizes).
    bool exact_with_one_open() const { return exact_with_one_open_; }
    bool active() const { return entailed_.get() == 0; }
#if defined(PRUNE_MINIMAL)
    // A PRUNE_MINIMAL build keeps neither names nor profile counters (48 bytes a
    // propagator on a 32-bit target): every propagator is anonymous, counters read 0.
    const std::string& name() const {
        static const std::string none;
        return none;
    }
    void set_name(std::string) {}
#else
    const std::string& name() const { return name_; }
    void set_name(std::string name) { name_ = std::move(name); }
#endif
    // The variables this propagator subscribed to, in subscription order.
    const std::vector<IntVar>& scope() const { return scope_; }

    struct Counters {
        std::uint64_t runs = 0;
        std::uint64_t values_removed = 0;
        std::uint64_t failures = 0;
        std::uint64_t explanations = 0;           // asked for by learning (own or fallback)
        std::uint64_t fallback_explanations = 0;  // of which the scope fallback
        std::uint64_t bound_explanations = 0;     // of which a pushed bound as one fact
    };
#if defined(PRUNE_MINIMAL)
    const Counters& counters() const {
        static constexpr Counters none{};
        return none;
    }
#else
    const Counters& counters() const { return counters_; }
#endif
    // Learning (learning/learning_search.cpp) counts each explanation it asked for.
    void count_explanation([[maybe_unused]] bool fell_back, [[maybe_unused]] bool of_bound = false) {
#if !defined(PRUNE_MINIMAL)
        ++counters_.explanations;
        if (fell_back) ++counters_.fallback_explanations;
        if (of_bound) ++counters_.bound_explanations;
#endif
    }

protected:
    void advise_me(Advice kind = Advice::record) { advice_ = kind; }
    // Declares, in the constructor, the variables attach() will subscribe to, each
    // once and in this order: the scope is then this vector, not a copy built by the
    // subscriptions, and a propagator whose variables are its scope reads them with
    // scope() instead of keeping them twice (AllDifferentSmall: 27 copies fewer in a
    // sudoku). Not for a propagator that reorders its variables.
    void declare_scope(std::vector<IntVar> vars) {
        scope_ = std::move(vars);
        scope_declared_ = true;
    }
    // Declares exact_with_one_open(): domain consistent whenever all but one scope
    // variable are fixed. Checked by the solving fuzzer's counts.
    void declare_exact_with_one_open() { exact_with_one_open_ = true; }

private:
    friend class Solver;
    PropagatorCost cost_;
    bool idempotent_;
    Advice advice_ = Advice::none;
    bool exact_with_one_open_ = false;
    bool queued_ = false;
    bool scope_declared_ = false;
    int id_ = -1;
    TrailedInt entailed_;
    std::vector<IntVar> scope_;
#if !defined(PRUNE_MINIMAL)
    std::string name_;
    Counters counters_;
#endif
};

}  // namespace prune
