// LearningSearch: conflict-driven search with lazy clause generation.
//
// Ohrimenko, Stuckey and Codish, "Propagation via lazy clause generation",
// Constraints 2009; Feydy and Stuckey, "Lazy clause generation reengineered", CP 2009.
// The design is in docs/architecture.md, "Learning". In short:
//  - Facts [x != v] and [x == v] over the bitset domains (the direct encoding, made
//    lazily: no Boolean variable exists per value), and bound facts [x >= v] and
//    [x <= v], true from the removal that moved the bound there (found in the bound
//    history) and resolved into it by the analysis. The learning trail records each
//    removal and fixing as it becomes true, with its decision level and its reason: a decision, a
//    propagator (explained lazily, Propagator::explain or the fallback), a nogood, or
//    an [x == v] fact (for the removals it implies) or the removals (for an [x == v]
//    they imply). The hook is the solver's tracer hook, so a solver without learning
//    runs the same instructions as before.
//  - A conflict is analysed to its first unique implication point (1-UIP), the
//    nogood is minimised (a fact whose explanation lies inside the nogood goes), the
//    search jumps back to the level where it becomes unit and asserts it.
//  - Nogoods live in a store with two watched facts, run as a propagator of constant
//    cost; learned ones are deleted by LBD (then activity) when the store is full.
//    The constraints' implied nogoods (Propagator::add_implied_nogoods: each value of
//    a permutation is taken; a clause) are added at the root and stay; a clause's
//    propagator then rests until the search ends (SearchOptions::clauses_as_nogoods).
//  - Decisions: the user's search phases when given, then VSIDS-style activity over
//    variables with phase saving (x = v), or over literals (SearchOptions::
//    learning_branching: x = v or x <= v, decided true, false, or x = v true and
//    x <= v false). Restarts follow
//    the search's RestartPolicy.
//  - Enumeration and counting: each solution adds the nogood of its decisions (or of
//    its projection), so no solution repeats and none is lost. Optimisation: each
//    solution tightens the objective's bound at the root (a level-0 fact).
//  - A parallel portfolio (SearchOptions::nogood_exchange, nogood_exchange.hpp):
//    each nogood learned of a few facts is offered to the other searches, with the
//    root bound it holds under; theirs are taken whenever the search stands at the
//    root (restarts, new bounds, jumps back), when its bound is at least as tight.
// Learning needs every domain to be a bitset (supports() says why not otherwise).
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "../search.hpp"
#include "../solver.hpp"
#include "../tracer.hpp"
#include "activity_heap.hpp"
#include "explanation.hpp"

namespace prune {

class NogoodStore;

// An atom's state (LearningSearch::atom_state_): bits for true, false and watched.
// A type of its own, not std::uint8_t: a store through an unsigned char may alias any
// object, so the compiler would reload the trail's arrays after each store to a
// state, and the trail stores several per value removed.
enum class AtomState : std::uint8_t {};
constexpr AtomState operator|(AtomState a, AtomState b) { return AtomState(std::uint8_t(a) | std::uint8_t(b)); }
constexpr AtomState operator&(AtomState a, AtomState b) { return AtomState(std::uint8_t(a) & std::uint8_t(b)); }
constexpr AtomState operator~(AtomState a) { return AtomState(std::uint8_t(~std::uint8_t(a))); }
constexpr AtomState& operator|=(AtomState& a, AtomState b) { return a = a | b; }
constexpr AtomState& operator&=(AtomState& a, AtomState b) { return a = a & b; }
constexpr bool any_bit(AtomState a) { return a != AtomState{}; }

class LearningSearch final : private Tracer {
public:
    // Whether learning can run on this solver now; `why` says why not.
    static bool supports(const Solver& solver, std::string* why);

    LearningSearch(Solver& solver, const SearchOptions& options, SearchStatistics& statistics,
                   const std::atomic<bool>* stop_requested);
    ~LearningSearch() override;
    LearningSearch(const LearningSearch&) = delete;
    LearningSearch& operator=(const LearningSearch&) = delete;

    void set_objective(IntVar objective, int sense) {
        objective_ = objective;
        objective_sense_ = sense;
        root_bound_ = sense < 0 ? INT64_MAX : INT64_MIN;
    }
    // Search::next() with learning; the root has been propagated by Search::start().
    SearchStatus next();

    // For tests: called with every explanation computed (inferred.var == -1: a
    // failure) and with every nogood learned (the facts that cannot hold together).
    std::function<void(const Propagator*, const Fact& inferred, const std::vector<Fact>& because)> on_explanation;
    std::function<void(const std::vector<Fact>& nogood)> on_learned;
    // For tests: called at each propagation fixpoint, before a decision.
    std::function<void()> on_fixpoint;

    // Called by the nogood store's propagate().
    Status propagate_nogoods();

    // Whether propagator p has used the fallback explanation, for a fact it inferred
    // (on_failure false) or for its failure (true): for tests and statistics.
    bool fell_back(const Propagator& p, bool on_failure) const {
        const auto& flags = on_failure ? failure_falls_back_ : falls_back_;
        const auto id = static_cast<std::size_t>(p.id());
        return id < flags.size() && flags[id] != 0;
    }

    // The propagators resting while the store keeps their clauses (by id), on again
    // when this search ends (SearchOptions::clauses_as_nogoods).
    const std::vector<int>& resting() const { return solver_.resting(); }

    // For tests: whether the bound history (min_before/max_before) agrees, for every
    // variable and every trail position, with a scan of the removals' positions, and
    // each bound fact's position (kept per atom) with a search of that history.
    bool bound_history_agrees() const;
    // For tests, between propagations (no domain empty): whether every atom's state
    // (the watch walk's view: atom_true, atom_false) agrees with the domains, and
    // its watched bit with its watch list.
    bool atom_states_agree() const;
    // For tests: whether the explanations' view of the domains before trail position
    // `cut` reads the same 64 values at a time (had_values) as one at a time
    // (had_value), and adds a word of removals (add_removed_values) as one removal at
    // a time, for every variable and windows around its initial minimum.
    bool had_values_agree(int cut) const;
    // For tests: when set, each choice by activity is compared with a scan of every
    // variable (most active, then smallest domain, then lowest index) or, with literal
    // branching, of every literal (most active, then lowest index), and the choices
    // and the disagreements are counted.
    bool check_activity_choices = false;
    std::uint64_t activity_choices_checked = 0, activity_choices_wrong = 0;
    std::uint64_t activity_rescales = 0;  // times the activities were scaled down
    // For tests: when set, each explanation minimise() takes from its cache is
    // compared with one computed afresh; the uses and the disagreements are counted.
    bool check_cached_explanations = false;
    std::uint64_t cached_explanations_used = 0, cached_explanations_wrong = 0;
    // A domain change whose lower bound rose by more than this many values is recorded
    // with its lower values from the top down (on_domain_change). For tests: 0
    // reorders every rise, so that small domains check that path by brute force.
    std::int64_t long_lower_rise = 64;
    // For tests, at a fixpoint: the facts of a stored nogood that is violated, or
    // unit (all facts but one true) without its last fact false; empty when none.
    std::vector<Fact> unpropagated_nogood() const;

private:
    enum class ReasonKind : std::uint8_t { root, decision, propagator, nogood, equality, removals };
    struct Reason {
        ReasonKind kind = ReasonKind::root;
        int index = -1;  // propagator id, nogood index or trail position
    };
    struct Record {
        Fact fact;
        int level;
        Reason reason;
        int cut;  // explanations use the facts before this position
        std::uint8_t bounds_moved;  // a removal that moved x's bounds: lower_moved | upper_moved
    };
    static constexpr std::uint8_t lower_moved = 1, upper_moved = 2;
    struct Nogood {
        std::uint32_t begin;
        std::uint32_t size;
        std::uint32_t lbd;
        bool learned;
        bool deleted;
        double activity;
    };
    // A bound of a variable from a trail position on: the history of x's lower
    // bound is the sequence of (position of the removal that raised it, new bound),
    // positions increasing; likewise for the upper bound.
    struct BoundChange {
        int position;
        int bound;
    };
    class RecordExplanation;
    struct Watch;
    static constexpr int present = 0x7fffffff;  // position of a fact not (yet) true
    static constexpr int at_root = -1;          // true before learning started

    // The tracer hook (forwarded to the tracer the solver had before).
    void on_node(std::uint64_t id, std::uint64_t parent, int depth) override;
    void on_decision(const Solver& s, const Literal& l, bool negated) override;
    void on_propagator_start(const Solver& s, const Propagator& p) override;
    void on_domain_change(const Solver& s, IntVar x, const DomainBefore& before) override;
    void on_propagator_end(const Solver& s, const Propagator& p, Status status) override;
    void on_failure(const Solver& s, const Propagator* p) override;
    void on_solution(const Solver& s) override;
    void on_restart(std::uint64_t run) override;
    void on_backtrack(int depth) override;
    // Learning reads only the old bounds; the values only for the tracer it forwards to.
    bool wants_values_before() const override { return outer_tracer_ != nullptr && outer_tracer_->wants_values_before(); }
    // Learning reads the running propagator from the solver at each change
    // (cause_of_change); the run events only for the tracer it forwards to.
    bool wants_propagator_runs() const override { return outer_tracer_ != nullptr && outer_tracer_->wants_propagator_runs(); }
    Reason cause_of_change() const;

    bool initialise();
    bool add_implied_nogoods();
    int level() const { return static_cast<int>(solver_.depth()); }
    int value_slot(int x, int v) const { return base_[x] + (v - low_[x]); }
    // The index of a fact's watch list: four atoms per value ([x >= v] for low < v <=
    // high and [x <= v] for low <= v < high, the others being always or never true).
    int atom(const Fact& f) const { return value_slot(f.var, f.value) * 4 + static_cast<int>(f.kind); }
    Fact fact_of(int atom) const {
        const int slot = atom >> 2;
        const int x = slot_var_[static_cast<std::size_t>(slot)];
        return Fact{x, low_[x] + (slot - base_[x]), static_cast<FactKind>(atom & 3)};
    }
    // Read from atom_state_ (one byte, where fact_true reads four arrays and the
    // domain): the nogood store's watch walk asks them for every fact it passes.
    bool atom_true(int a) const { return any_bit(atom_state_[static_cast<std::size_t>(a)] & atom_is_true); }
    bool atom_false(int a) const { return any_bit(atom_state_[static_cast<std::size_t>(a)] & atom_is_false); }
    AtomState& atom_state(int x, int v, FactKind kind) { return atom_state_[static_cast<std::size_t>(atom(Fact{x, v, kind}))]; }
    void set_bound_atoms(int x, int from, int to, FactKind kind, int at);
    void sweep_bound_atoms(std::ptrdiff_t first, std::ptrdiff_t last, int true_atom, int false_atom, int position_slot, int at);
    // The trail position where f became true, at_root, or present (not true).
    int position(const Fact& f) const {
        switch (f.kind) {
            case FactKind::not_equal: return value_position_[value_slot(f.var, f.value)];
            case FactKind::equal: return equal_position_[f.var] == present || equal_value_[f.var] == f.value ? equal_position_[f.var] : present;
            default: return bound_position(f);
        }
    }
    // position(fact_of(a)), a removal's read at once.
    int atom_position(int a) const {
        return static_cast<FactKind>(a & 3) == FactKind::not_equal ? value_position_[static_cast<std::size_t>(a >> 2)] : position(fact_of(a));
    }
    int bound_position(const Fact& f) const;
    int bound_position_by_history(const Fact& f) const;
    // Read from the solver's domains (inline: the nogood store's watch walk asks
    // them for every fact it passes).
    bool fact_true(const Fact& f) const {
        const IntVar x{f.var};
        switch (f.kind) {
            case FactKind::not_equal: return !solver_.contains(x, f.value);
            case FactKind::equal: return solver_.fixed(x) && solver_.value(x) == f.value;
            case FactKind::greater_equal: return solver_.min(x) >= f.value;
            case FactKind::less_equal: return solver_.max(x) <= f.value;
        }
        return false;
    }
    bool fact_false(const Fact& f) const { return fact_true(negation(f)); }
    void push_record(const Fact& f, Reason reason, int cut);
    void push_removal(int x, int v, Reason reason, int cut);
    void record_gone(IntVar x, std::int64_t from, std::int64_t to, bool descending, Reason cause, int cut);
    std::uint8_t record_bound_change(int x, int v, int at);
    static int bound_before(const BoundChange* changes, int count, int cut, int initial);
    int lower_before(int x, int cut) const;
    int upper_before(int x, int cut) const;
    int lower_by_scan(int x, int cut) const;
    int upper_by_scan(int x, int cut) const;
    void push_equal(int x, int v, Reason reason);
    void undo_to(int target_level);

    // Search.
    bool settle();
    bool learn_from_conflict();
    bool choose(Fact& decision);
    bool ties_by_activity() const;
    Fact user_decision(int x, ValueSelection how) const;
    int choose_user_variable(int& phase) const;
    int choose_active_variable();
    int choose_active_by_scan() const;
    int choose_value(int x, ValueSelection how) const;
    bool decide(const Fact& decision);
    bool leave_solution();
    bool tighten_at_root(std::int64_t beaten);
    bool adopt_shared_bound();
    bool import_nogoods();
    bool take_nogood(const Fact* facts, std::size_t size, std::uint32_t lbd, std::int64_t bound);
    bool limit_reached();
    bool interrupted() const;
    SearchStatus stopped();

    // Conflict analysis.
    void explain(int position, std::vector<Fact>& out);
    void explain_failure(const Propagator* p, std::vector<Fact>& out);
    void fallback(const Propagator& p, int cut, std::vector<Fact>& out);
    bool held_before(const std::vector<Fact>& facts, std::size_t from, int cut) const;
    bool explain_push(const Fact& f, const Record& r);
    void mark_all(const std::vector<Fact>& facts, int& at_current_level);
    void clear_analysis_marks();
    int analyse();
    void mark(const Fact& f, int& at_current_level);
    void mark_record(int p, int& at_current_level);
    void mark_bound(Fact f, int& at_current_level);
    void mark_bound_decision(const Fact& f, int decision, int& at_current_level);
    void note_walk(int x, bool lower, int from, int to);
    bool covered(const Fact& f) const;
    void touch_bounds(int x);
    bool implied_by_bound_facts(const Fact& f, bool strictly) const;
    void add_scope_facts(int x, int cut, std::vector<Fact>& out) const;
    void minimise();
    void explain_cached(int position, std::vector<Fact>& out);
    void bump(int x, double weight = 1);
    // Literal branching (SearchOptions::learning_branching): the literal of a fact,
    // two per value slot, [x = v] at 2 * slot and [x <= v] at 2 * slot + 1 ([x != v]
    // and [x >= v + 1] being their negations); its bump; whether it is still open
    // (neither it nor its negation true); the choice.
    int literal_index(const Fact& f) const {
        switch (f.kind) {
            case FactKind::equal:
            case FactKind::not_equal: return 2 * value_slot(f.var, f.value);
            case FactKind::less_equal: return 2 * value_slot(f.var, f.value) + 1;
            case FactKind::greater_equal: return 2 * value_slot(f.var, f.value - 1) + 1;
        }
        return 0;
    }
    bool literal_branching() const { return options_.learning_branching != LearningBranching::variables; }
    Fact literal_fact(int literal) const { return fact_of((literal >> 1) * 4 + static_cast<int>(literal & 1 ? FactKind::less_equal : FactKind::equal)); }
    void bump_literal(const Fact& f);
    void seed_activities(std::vector<double>& activity) const;
    void rescale_activities();
    void note_activity_choice(bool agrees_with_scan) {
        ++activity_choices_checked;
        if (!agrees_with_scan) ++activity_choices_wrong;
    }
    bool literal_open(int literal) const;
    bool choose_literal(Fact& decision);
    int choose_literal_by_scan() const;

    // The store.
    int add_nogood(const std::vector<Fact>& facts, bool learned, std::uint32_t lbd);
    bool assert_negation(const Fact& f, int nogood);
    void watch_first_two(std::uint32_t begin);
    void add_watch(int atom, const Watch& w);
    // The walk of f's watches, which has become true; the bit saves reading the
    // (mostly empty) list's header, a cache miss per atom the records pass.
    bool wake_watches(const Fact& f) {
        const int a = atom(f);
        return !any_bit(atom_state_[static_cast<std::size_t>(a)] & atom_is_watched) || visit_watches(a);
    }
    bool visit_watches(int watched);
    bool locked(int nogood) const;
    void reduce_store();
    void compact_store();

    Solver& solver_;
    const SearchOptions& options_;
    SearchStatistics& statistics_;
    const std::atomic<bool>* stop_requested_;
    Tracer* outer_tracer_ = nullptr;
    NogoodStore* store_ = nullptr;
    bool initialised_ = false;
    bool at_solution_ = false;
    bool exhausted_ = false;
    bool limit_hit_ = false;
    IntVar objective_;
    int objective_sense_ = 0;
    std::int64_t root_bound_ = 0;  // the value every solution must beat, posted at the root
    // A portfolio (SearchOptions::nogood_exchange): whether this search still offers
    // its nogoods (not after a solution it must not repeat: that nogood is not the
    // model's), and the open facts of the one being taken.
    bool offers_nogoods_ = true;
    std::vector<Fact> imported_;

    // Per variable: the domain's range when learning started, and where its values'
    // positions start in value_position_.
    std::vector<int> low_, high_, base_;
    std::vector<int> slot_var_;  // per value slot: its variable (fact_of)
    // Per atom: whether its fact is true now (atom_is_true), false (atom_is_false),
    // or neither, kept with the records as they are pushed and undone (push_record,
    // record_bound_change, undo_to), so that it agrees with the domains whenever the
    // hook has run (atom_states_agree). The facts always true ([x >= low], [x <=
    // high]) are set once. And whether a nogood watches it (atom_is_watched: its
    // watch list is not empty; set by add_watch, cleared by the walk that empties
    // the list and by compact_store).
    static constexpr AtomState atom_is_true{1}, atom_is_false{2}, atom_is_watched{4};
    std::vector<AtomState> atom_state_;
    std::vector<int> value_position_;   // trail position of [x != v], present or at_root
    // Per value slot, two: the trail positions of [x >= v] and [x <= v] for the values
    // inside the initial domain's interior, present when not true (set_bound_atoms).
    std::vector<int> bound_atom_position_;
    std::vector<int> equal_position_;   // trail position of [x == value], present or at_root
    std::vector<int> equal_value_;
    // Per variable, the bound histories (from base_[x], as many slots as values:
    // each removal moves a bound at most once) and their lengths; min_before and
    // max_before search them instead of scanning the domain. An empty domain's
    // bounds are high + 1 and low - 1 here.
    std::vector<BoundChange> lower_history_, upper_history_;
    std::vector<int> lower_changes_, upper_changes_;
    std::vector<Record> records_;       // the learning trail (capacity never exceeded)
    std::vector<int> level_start_;      // records_ position where each level begins
    std::size_t propagated_ = 0;        // records_ the store has processed
    // The reason of the changes the search itself makes now (a decision, a nogood's
    // assertion); root otherwise, when the running propagator is the reason.
    Reason cause_;

    // Conflict analysis buffers (reused: nothing allocated per conflict once warm).
    std::vector<char> seen_;            // per trail position
    // Per variable, during an analysis (INT_MIN / INT_MAX: none): the strongest bound
    // facts in the nogood being learned, and the range of lower / upper bound facts
    // whose resolution at the current level is marked, (walked_lower_from_,
    // walked_lower_] and [walked_upper_, walked_upper_from_) (mark_bound); the
    // variables that have any, to reset them after.
    std::vector<int> seen_lower_, seen_upper_;
    std::vector<int> walked_lower_, walked_upper_;
    std::vector<int> walked_lower_from_, walked_upper_from_;  // (mark_bound: each walk's range)
    std::vector<int> bound_touched_;
    std::vector<int> touched_;
    std::vector<Fact> conflict_, because_, learned_;
    // The facts of explained pushes (explain_push) still to be marked, a stack that
    // mark_all empties: one explanation's facts can lead to another's.
    std::vector<Fact> pushes_;
    std::vector<int> level_stamp_;
    std::vector<char> falls_back_;  // per propagator id: has used the fallback
    std::vector<char> failure_falls_back_;  // the same for explaining its failures
    std::vector<std::uint64_t> variable_stamp_;  // the fallback's "seen in this scope"
    std::uint64_t scope_stamp_ = 0;
    int conflict_nogood_ = -1;
    const Propagator* conflict_propagator_ = nullptr;
    // minimise()'s cache of explanations. A fact below the conflict level stays on
    // the trail across conflicts until a backjump undoes it, and minimisation asks
    // for the same ones conflict after conflict; an explanation depends only on the
    // trail before the fact, so it holds as long as the fact does. Per trail
    // position: the serial of the record there (a position is reused after a
    // backjump, with a new serial), the serial the cached entry was made for, and the
    // entry's facts in a fixed-capacity arena (emptied when full, never grown).
    std::vector<std::uint64_t> record_serial_, cached_serial_;
    std::vector<std::uint32_t> cached_begin_, cached_size_;
    std::vector<Fact> cached_facts_;
    std::uint64_t next_serial_ = 0;

    // Heuristics.
    std::vector<double> activity_;
    // Every unfixed variable by activity; fixed ones leave it lazily, when they reach
    // the top, and come back when a backjump unfixes them.
    ActivityHeap heap_{activity_};
    // Literal branching: per literal its activity (bumped with the same step as the
    // variables'), the heap of the open ones, and those popped since, listed by the
    // level from which on they are closed: a backjump below it puts them back. The
    // lists are linked through the literals (popped_next_, one head per level), as
    // each literal is in the heap or in one list, so nothing grows during the search.
    std::vector<double> literal_activity_;
    ActivityHeap literal_heap_{literal_activity_};
    std::vector<char> in_play_;     // per literal: bumped (or seeded) once, so in the heap or a list
    // The bumps of this analysis, per literal (bump_literal), and the literals bumped.
    std::vector<int> pending_bumps_;
    std::vector<int> bumped_literals_;
    void apply_literal_bumps();
    void enter_play(int literal);
    int first_open_literal();
    int min_literal(int x) const { return 2 * value_slot(x, solver_.min(IntVar{x})); }  // [x = min x]
    // The variables in the order of that choice (a seed's random one, else the index
    // order), each one's place in it, and the place before which every variable is
    // fixed (first_open_literal).
    std::vector<int> variable_order_, order_rank_;
    int first_unfixed_ = 0;
    std::vector<int> popped_head_;  // per level: the first literal listed, or -1
    std::vector<int> popped_next_;  // per literal: the next one of its level's list
    int popped_top_ = 0;            // no list above this level is in use
    void list_popped(int literal, int closed_from);
    int closed_level(int literal) const;
    int level_of(int position) const;
    std::vector<int> tied_;            // choose_active_variable's stack (reserved)
    double activity_step_ = 1;
    std::vector<int> saved_value_;
    std::vector<char> in_user_phase_;
    std::uint64_t run_ = 0, failures_in_run_ = 0;
    std::vector<std::uint64_t> node_of_level_{0};  // for the tracer: the node that opened each level
    RestartSchedule schedule_;

    // The store.
    std::vector<Nogood> nogoods_;
    // The nogoods' facts as atoms (4 bytes each, a third of a Fact: the store is
    // read fact by fact at every watch moved), each nogood after a header of two:
    // its size (-1 once deleted) and its index, read by visit_watches from the
    // same cache line as the watched atoms rather than from nogoods_.
    std::vector<int> nogood_atoms_;
    // A watch: the nogood and its blocker, another of its facts (the other watched
    // one when the watch was set); while the blocker is false the nogood cannot
    // fire, and the walk passes it without reading the nogood (MiniSat's blockers).
    // A watch kept on a true fact for a false blocker stays sound: the blocker became
    // false no later than the fact became true, so a backjump that makes the blocker
    // undefined undoes the fact too.
    struct Watch {
        std::uint32_t begin;  // where the nogood's atoms start in nogood_atoms_ (after its header)
        int blocker;          // an atom
    };
    std::vector<std::vector<Watch>> watches_;  // per atom: nogoods watching that fact
    std::size_t learned_live_ = 0, deleted_atoms_ = 0;
    std::size_t max_learned_ = 5000;
    // reduce_store's scratch, kept so that a reduction allocates only when the store
    // has grown past every earlier one. (compact_store builds a new fact array and
    // frees the old: keeping both would double the store's memory for good.)
    std::vector<int> deletion_candidates_;
    double nogood_step_ = 1;
};

}  // namespace prune
