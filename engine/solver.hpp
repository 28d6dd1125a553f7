// Solver: the variables, their domains, the propagators and the propagation loop.
//
// A Solver is a model and its current state in one object. Build the model at the
// root (new variables, post constraints through constraints.hpp), then hand it to a
// Search. Domain updates go through the Solver so that subscribed propagators are
// woken; propagate() runs the queue to a fixpoint or to a failure.
#pragma once
#include <array>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain.hpp"
#include "event.hpp"
#include "host_probes.hpp"
#include "memory.hpp"
#include "int_var.hpp"
#include "propagation_queue.hpp"
#include "propagator.hpp"
#include "tracer.hpp"
#include "trail.hpp"

namespace prune {


class Solver {
public:
    Solver() = default;
    // A solver living inside the caller's `bytes` at `buffer` (memory.hpp): while it
    // lives it is its thread's current arena, so the model, the search and their
    // state are allocated there. Needs the program to link prune::arena_new; without
    // it the solver is in error. When the arena runs out, search reports `limit`.
    Solver(void* buffer, std::size_t bytes);
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    // ---- Model building (at the root only) ----
    IntVar new_int_var(int min, int max, std::string_view name = {});
    IntVar new_int_var(const std::vector<int>& values, std::string_view name = {});
    BoolVar new_bool_var(std::string_view name = {});
    // [min, max] kept as bounds only, however narrow (as wider ranges always are): for
    // tests of the bounds-only paths on domains small enough to enumerate.
    IntVar new_bounds_only_var(int min, int max) { return add_variable(domains_.add_range(min, max, true), {}); }
    // n variables named prefix0, prefix1, ... (unnamed when prefix is empty).
    std::vector<IntVar> new_int_vars(int n, int min, int max, std::string_view prefix = {});

    // Takes ownership, assigns an id and schedules the first run.
    template <class P>
    P* add(std::unique_ptr<P> propagator) {
        P* p = propagator.get();
        register_propagator(std::move(propagator));
        return p;
    }
    void subscribe(Propagator* p, IntVar x, Condition c, int tag = 0);

    // A constraint that cannot hold (detected at post) or a malformed call marks the
    // solver failed or in error; search then reports no solution or the error.
    void fail() { root_failed_ = true; }
    bool root_failed() const { return root_failed_; }
    void set_error(std::string message) {
        if (error_.empty()) error_ = std::move(message);
        root_failed_ = true;
    }
    const std::string& error() const { return error_; }

    // ---- Queries ----
    int variable_count() const { return domains_.count(); }
    int min(IntVar x) const { return domains_.min(x.index); }
    int max(IntVar x) const { return domains_.max(x.index); }
    std::int64_t size(IntVar x) const { return domains_.size(x.index); }
    bool fixed(IntVar x) const { return domains_.fixed(x.index); }
    bool contains(IntVar x, int v) const { return domains_.contains(x.index, v); }
    bool is_bitset(IntVar x) const { return domains_.is_bitset(x.index); }
    // The value of a fixed variable.
    int value(IntVar x) const { return domains_.min(x.index); }
    std::int64_t next_value(IntVar x, std::int64_t v) const { return domains_.next_value(x.index, v); }
    std::int64_t previous_value(IntVar x, std::int64_t v) const { return domains_.previous_value(x.index, v); }
    int nth_value(IntVar x, std::int64_t k) const { return domains_.nth_value(x.index, k); }
    // Calls f(v) for each value in increasing order. f must not change x's domain.
    template <class F>
    void for_each_value(IntVar x, F&& f) const {
        const std::int64_t end = std::int64_t{max(x)} + 1;
        for (std::int64_t v = min(x); v < end; v = next_value(x, v)) f(static_cast<int>(v));
    }
    // The values of x in [base, base + 63] as bits: bit i stands for base + i.
    std::uint64_t window_bits(IntVar x, std::int64_t base) const { return domains_.window_bits(x.index, base); }
    // Whether x and y have a value in common (word-parallel).
    bool shares_value(IntVar x, IntVar y) const { return domains_.shares_value(x.index, y.index); }
    const std::string& name(IntVar x) const {
        return static_cast<std::size_t>(x.index) < variable_names_.size() ? variable_names_[x.index] : no_name_;
    }
    // The model name, or "x<index>" for an anonymous variable.
    std::string display_name(IntVar x) const;
    // Gives x the name a person knows it by (FlatZinc: "q[3]" for an element of the
    // output array q); its old name, if any, stays known as an alias.
    void rename_variable(IntVar x, std::string_view name);
    // Another name x answers to in find_variable (two cells sharing one variable).
    void alias_variable(IntVar x, std::string_view name) { variable_aliases_.emplace_back(std::string(name), x.index); }
    // The variable with this display name or alias; nullopt when there is none.
    std::optional<IntVar> find_variable(std::string_view name) const;

    // ---- Domain updates: wake subscribers, return the event (Event::failed on wipe-out) ----
    [[nodiscard]] Event remove(IntVar x, int v) {
        if (!domains_.contains(x.index, v)) return Event::none;  // the common case, inline
        if (tracing_compiled && tracer_ != nullptr) [[unlikely]] remember_domain(x);
        const Event e = domains_.remove_present(trail_, x.index, v);
        if (is_change(e)) changed(x.index, e, 1);  // exactly one value went
        return e;
    }
    [[nodiscard]] Event set_min(IntVar x, std::int64_t v) {
        if (tracing_compiled && tracer_ != nullptr) [[unlikely]] remember_domain(x);
        const std::int64_t before = domains_.size(x.index);
        return update(x.index, domains_.set_min(trail_, x.index, v), before);
    }
    [[nodiscard]] Event set_max(IntVar x, std::int64_t v) {
        if (tracing_compiled && tracer_ != nullptr) [[unlikely]] remember_domain(x);
        const std::int64_t before = domains_.size(x.index);
        return update(x.index, domains_.set_max(trail_, x.index, v), before);
    }
    [[nodiscard]] Event assign(IntVar x, int v) {
        if (tracing_compiled && tracer_ != nullptr) [[unlikely]] remember_domain(x);
        const std::int64_t before = domains_.size(x.index);
        return update(x.index, domains_.assign(trail_, x.index, v), before);
    }
    // x = x ∩ (y + c): keeps the values v of x with v - c in y (word-parallel).
    [[nodiscard]] Event intersect_with_offset(IntVar x, IntVar y, std::int64_t c) {
        if (tracing_compiled && tracer_ != nullptr) [[unlikely]] remember_domain(x);
        const std::int64_t before = domains_.size(x.index);
        return update(x.index, domains_.intersect_with_offset(trail_, x.index, y.index, c), before);
    }
    // Removes the values base + i for the bits i set in mask, with one update and one
    // wake for them all (a removal loop woke the subscribers once per value).
    [[nodiscard]] Event remove_values(IntVar x, std::int64_t base, std::uint64_t mask) {
        if (tracing_compiled && tracer_ != nullptr) [[unlikely]] remember_domain(x);
        const std::int64_t before = domains_.size(x.index);
        return update(x.index, domains_.remove_values(trail_, x.index, base, mask), before);
    }
    [[nodiscard]] Event remove_range(IntVar x, std::int64_t lo, std::int64_t hi) {
        if (tracing_compiled && tracer_ != nullptr) [[unlikely]] remember_domain(x);
        const std::int64_t before = domains_.size(x.index);
        return update(x.index, domains_.remove_range(trail_, x.index, lo, hi), before);
    }

    // ---- Propagation ----
    // Runs scheduled propagators to a fixpoint. False on failure; the propagator that
    // failed (if any) is then failed_propagator().
    [[nodiscard]] bool propagate();
    void schedule(Propagator* p) {
        if (p->queued_ || !p->active()) return;
        queue_.push(p, static_cast<int>(p->cost_));
        p->queued_ = true;
    }
    // Schedules every active propagator. At a fixpoint, propagate() must then change
    // nothing: tests use it to catch wrong idempotence flags and missing subscriptions.
    void schedule_all() {
        for (auto& p : propagators_) schedule(p.get());
    }
    void set_entailed(Propagator* p) { p->entailed_.set(trail_, 1); }
    // At the root, for a search that keeps these propagators' constraints elsewhere
    // (the learning store keeps the model's clauses as nogoods): switches them off and
    // takes them out of their variables' subscription lists, so that an event no longer
    // visits them (a third of wake()'s visits on a clause-heavy model). wake_rested()
    // puts every subscription back and schedules them, since their own state did not
    // follow the domains meanwhile. Allocates (at the root only).
    void rest(const std::vector<int>& ids);
    void wake_rested();
    const std::vector<int>& resting() const { return rested_; }  // by id
    // The subscriptions an event on x may visit (the resting ones are not there).
    std::size_t subscription_count(IntVar x) const { return subscriptions_[static_cast<std::size_t>(x.index)].list.size(); }
    const Propagator* failed_propagator() const { return failed_propagator_; }
    int propagator_count() const { return static_cast<int>(propagators_.size()); }
    const Propagator& propagator(int id) const { return *propagators_[id]; }
    Propagator& propagator(int id) { return *propagators_[id]; }
    // Names every propagator posted from id `first` on (one constraint may post several).
    // When they are of different kinds (alldifferent's value stage and its domain
    // stage), each name ends in its kind, "row 1 [alldifferent(value)]", so that traces
    // and profiles tell them apart.
    void name_propagators_from(int first, const std::string& name);
    std::uint64_t propagations() const { return propagations_; }

    // ---- Scratch memory shared by the propagators ----
    // A propagator may use scratch() as it likes during one run of propagate(); what
    // it leaves there is gone by its next run (other propagators use it in between).
    // It reserves what a run needs when posted (in attach()), never in propagate().
    // One buffer for all: a model of many like propagators (a sudoku's 27
    // alldifferent) keeps one set of working arrays, not one each. 8-byte aligned.
    void reserve_scratch(std::size_t bytes) {
        const std::size_t words = (bytes + 7) / 8;
        if (words <= scratch_words_) return;
        scratch_.reset();  // first, so that the arena (memory.hpp) can serve the bigger one from it
        scratch_ = std::make_unique<std::uint64_t[]>(words);
        scratch_words_ = words;
    }
    void* scratch() const { return scratch_.get(); }

    // ---- Open variables per propagator (counting in bulk, Search::count) ----
    // While tracking, the solver keeps, per propagator, its subscriptions to open
    // variables (trailed; a variable named twice counts twice, never as one open one),
    // and two totals: the propagators with two or more, and those with one or more
    // that are not exact_with_one_open(). Both zero: the open variables share
    // no propagator and each propagator on one of them accepts its whole domain.
    // `ignored` (may be null) takes no part: its caller checks it otherwise. Start at
    // a fixpoint; tracking costs a branch per fixing when off. Allocates when started,
    // not afterwards.
    void start_open_tracking(const Propagator* ignored);
    void stop_open_tracking() { open_tracking_ = false; }
    bool open_tracking() const { return open_tracking_; }
    bool open_variables_independent() const {
        // A propagator posted after the start (none is, without learning) is unknown.
        return crowded_.get() == 0 && inexact_open_.get() == 0 && open_in_scope_.size() == propagators_.size();
    }
    // The undo entries one fixing adds while tracking, at most (for reservations).
    std::size_t open_tracking_entries() const { return open_watch_ids_.size() + 2 * static_cast<std::size_t>(variable_count()); }

    // ---- Interruption ----
    // propagate() also stops, returning false with interrupted() true, when `stop`
    // (if not null) reads true or the deadline (if set) has passed: a search then
    // reports a limit, not a failure. The state is not at a fixpoint afterwards, so
    // the caller must backtrack or stop. `stop` may be set from another thread or a
    // signal handler. Search sets both from its options and limits. The deadline is
    // a time of the host's clock (host_probes.hpp), in nanoseconds; no_deadline: none.
    static constexpr std::uint64_t no_deadline = ~std::uint64_t{0};
    void set_interrupt(const std::atomic<bool>* stop, std::uint64_t deadline_nanoseconds = no_deadline) {
        stop_ = stop;
        deadline_ = probes_.monotonic_nanoseconds != nullptr ? deadline_nanoseconds : no_deadline;
        interrupted_ = false;
    }
    bool interrupted() const { return interrupted_; }
    const std::atomic<bool>* interrupt_flag() const { return stop_; }
    std::uint64_t interrupt_deadline() const { return deadline_; }
    // Whether the stop flag is up or the deadline has passed (reads the clock).
    bool interrupt_due() const {
        return (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) || (deadline_ != no_deadline && now() >= deadline_);
    }

    // ---- The host's clock and memory probe (host_probes.hpp) ----
    // A new solver takes the installed ones (install_host_probes()).
    void set_host_probes(const HostProbes& probes) { probes_ = probes; }
    const HostProbes& host_probes() const { return probes_; }
    bool has_clock() const { return probes_.monotonic_nanoseconds != nullptr; }
    // The host's clock in nanoseconds; 0 without one.
    std::uint64_t now() const { return has_clock() ? probes_.monotonic_nanoseconds() : 0; }

    // ---- Backtracking ----
    Trail& trail() { return trail_; }
    const Trail& trail() const { return trail_; }
    // Call at a fixpoint: the queue is not trailed, so work pending when a level is
    // pushed would be lost if that level failed and was popped.
    void push_level() {
        assert(queue_.empty() && "push_level() with propagators still queued");
        trail_.push_level();
    }
    void pop_level() { trail_.pop_level(); }
    std::size_t depth() const { return trail_.depth(); }

    // Cancels all pending work (after a failure the queue holds stale entries).
    void clear_queue();

    // ---- Memory (memory.hpp) ----
    // The solver's arena, or nullptr for a solver on the heap.
    const Arena* arena() const { return arena_; }
    // Whether the arena ran out (some allocation went to the heap instead).
    bool memory_exhausted() const { return arena_ != nullptr && arena_->exhausted(); }

    // ---- Tracing (see tracer.hpp); the tracer is not owned ----
    void set_tracer(Tracer* tracer);
    Tracer* tracer() const { return tracing_compiled ? tracer_ : nullptr; }
    // The propagator whose propagate() is running (nullptr between runs): the cause
    // of a domain change a tracer sees.
    const Propagator* running() const { return running_; }
    // False in a build configured with -DPRUNE_TRACING=OFF: the hooks compile away.
#if defined(PRUNE_NO_TRACING)
    static constexpr bool tracing_compiled = false;
#else
    static constexpr bool tracing_compiled = true;
#endif
    // A model name, or "<kind>#<id>" for an anonymous propagator.
    std::string display_name(const Propagator& p) const;

private:
    // (The condition is the group the subscription sits in, below: 8 bytes on a
    // 32-bit target.)
    struct Subscription {
        Propagator* propagator;
        int tag;
    };
    // A variable's subscriptions, grouped by condition so that an event visits only
    // the ones it wakes: [0, domain_end) wait for any change, [domain_end, bounds_end)
    // for bounds, the rest for fixing. A removal inside the domain (the common event)
    // then skips every bounds and fixed subscriber without looking at it. The list
    // grows by one entry at a time while short (most are: a variable is in a few
    // constraints), so it holds exactly its subscriptions, and geometrically beyond.
    struct Subscriptions {
        std::vector<Subscription> list;
        std::uint32_t domain_end = 0;
        std::uint32_t bounds_end = 0;
    };

    // A subscription that rest() took out: its variable and group (0 domain, 1
    // bounds, 2 fixed), kept by variable in the order of the list.
    struct RestedSubscription {
        int var;
        int group;
        Subscription subscription;
    };

    void register_propagator(std::unique_ptr<Propagator> p);
    Event update(int x, Event e, std::int64_t size_before) {
        if (is_change(e)) changed(x, e, size_before - domains_.size(x));
        return e;
    }
    // After a change of x that removed `removed` values: the tracer, the running
    // propagator's counter, the subscribers.
    void changed(int x, Event e, std::int64_t removed) {
        if (tracing_compiled && tracer_ != nullptr) [[unlikely]] report_domain_change(x);
#if !defined(PRUNE_MINIMAL)
        if (running_ != nullptr) running_->counters_.values_removed += static_cast<std::uint64_t>(removed);
#else
        (void)removed;
#endif
        if (open_tracking_ && e == Event::fixed) [[unlikely]] note_fixed(x);
        wake(x, e);
    }
    // The fixpoint loop's steps (solver.cpp): is a stop or the deadline due; give up
    // the fixpoint as interrupted; run one propagator (with the tracer's hooks); and
    // record a failure (counters, dom/wdeg, tracer) and clear the queue.
    bool stop_requested() const;
    bool interrupt();
    Status run(Propagator& p);
    bool fail_at(Propagator& p);
    void wake(int x, Event e);
    void note_fixed(int x);
    void remember_domain(IntVar x);
    void report_domain_change(int x);
    IntVar add_variable(int index, std::string_view name);

    Arena* arena_ = nullptr;           // placed at the start of the caller's buffer
    Arena* previous_arena_ = nullptr;  // the thread's arena before this solver's
    DomainStore domains_;
    Trail trail_;
    // Names by variable index, up to the last named variable only (anonymous
    // variables at the end cost nothing): name() reads no_name_ past the end.
    std::vector<std::string> variable_names_;
    std::string no_name_;
    std::vector<std::pair<std::string, int>> variable_aliases_;  // (old name, variable index)
    std::vector<Subscriptions> subscriptions_;
    std::vector<int> rested_;  // rest()'s propagators, until wake_rested()
    std::vector<RestedSubscription> rested_subscriptions_;
    std::vector<std::unique_ptr<Propagator>> propagators_;
    // The propagators of each cost class, for the queue's rings.
    std::array<std::size_t, propagator_cost_classes> class_sizes_{};
    // The scope of the propagator being attached, gathered here so that its own list
    // is allocated once at its exact size (register_propagator()).
    const Propagator* attaching_ = nullptr;
    std::vector<IntVar> staged_scope_;
    std::unique_ptr<std::uint64_t[]> scratch_;
    std::size_t scratch_words_ = 0;
    PropagationQueue queue_;
    Propagator* running_ = nullptr;
    const Propagator* failed_propagator_ = nullptr;
    std::uint64_t propagations_ = 0;
    const std::atomic<bool>* stop_ = nullptr;
    std::uint64_t deadline_ = no_deadline;
    HostProbes probes_ = installed_host_probes();
    bool interrupted_ = false;
    bool root_failed_ = false;
    Tracer* tracer_ = nullptr;
    std::vector<int> traced_values_;  // the domain before the update being traced
    DomainBefore traced_before_;
    bool copy_values_before_ = false;  // the tracer's wants_values_before(), asked once
    bool report_runs_ = false;         // the tracer's wants_propagator_runs(), asked once
    std::string error_;
    // Open-variable tracking: per variable, the propagators on it, once a subscription (ids, in
    // open_watch_ids_[open_watch_begin_[x] .. open_watch_begin_[x + 1]]), and the
    // counters described at start_open_tracking().
    bool open_tracking_ = false;
    std::vector<std::uint32_t> open_watch_begin_;
    std::vector<int> open_watch_ids_;
    std::vector<TrailedInt> open_in_scope_;
    TrailedInt crowded_;
    TrailedInt inexact_open_;
};

}  // namespace prune
