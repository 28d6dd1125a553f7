#include "learning_search.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <climits>
#include <memory>

#include "../hot_step.hpp"
#include "../random.hpp"
#include "nogood_exchange.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace prune {

namespace {
// A decision fact (x = v, x <= v or x >= v; x != v as x = v, negated) as the literal
// the solver and the tracers take.
Literal literal_of(const Fact& decision) {
    const LiteralKind kind = decision.kind == FactKind::less_equal      ? LiteralKind::less_equal
                             : decision.kind == FactKind::greater_equal ? LiteralKind::greater_equal
                                                                        : LiteralKind::equal;
    return Literal{IntVar{decision.var}, decision.value, kind};
}
}  // namespace

namespace {

// Bit k set when positions[k] >= cut, for count <= 64 positions: the learning view's
// had_values, which the Hall explainer asks of every variable of an alldifferent at
// every explanation. With SSE2 (every x86-64), 16 positions per step: four compares,
// two packs and a byte mask, instead of a compare and a shift per position.
std::uint64_t positions_from(const int* positions, int count, int cut) {
    std::uint64_t word = 0;
    int k = 0;
#if defined(__SSE2__)
    const __m128i before_cut = _mm_set1_epi32(cut - 1);  // (cut >= 0: no overflow)
    const auto at_or_after = [&](int at) {
        return _mm_cmpgt_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(positions + at)), before_cut);
    };
    for (; k + 16 <= count; k += 16) {
        const __m128i low = _mm_packs_epi32(at_or_after(k), at_or_after(k + 4));
        const __m128i high = _mm_packs_epi32(at_or_after(k + 8), at_or_after(k + 12));
        const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_packs_epi16(low, high)));
        word |= std::uint64_t{mask} << k;
    }
#endif
    for (; k < count; ++k) word |= std::uint64_t{positions[k] >= cut} << k;
    return word;
}

}  // namespace

// The nogood store as a propagator: the solver runs it (first, at constant cost)
// whenever the learning trail grew; it walks the new facts through the watches.
class NogoodStore final : public Propagator {
public:
    NogoodStore() : Propagator(PropagatorCost::constant, false) {}
    void attach(Solver&) override {}
    Status propagate(Solver&) override { return engine_ != nullptr ? engine_->propagate_nogoods() : Status::ok; }
    const char* kind() const override { return "nogoods"; }
    LearningSearch* engine_ = nullptr;
};

// The view of the domains just before the fact at `cut` (explanation.hpp).
class LearningSearch::RecordExplanation final : public Explanation {
public:
    RecordExplanation(const LearningSearch& engine, int cut, const Fact& inferred, std::vector<Fact>& out)
        : engine_(engine), cut_(cut), out_(out) {
        inferred_ = inferred;
    }
    bool had_value(IntVar x, int v) const override {
        const int i = x.index;
        if (v < engine_.low_[i] || v > engine_.high_[i]) return false;
        return engine_.value_position_[engine_.value_slot(i, v)] >= cut_;
    }
    std::uint64_t had_values(IntVar x, int base) const override {
        const int i = x.index;
        const std::int64_t from = std::max<std::int64_t>(base, engine_.low_[i]);
        const std::int64_t to = std::min<std::int64_t>(std::int64_t{base} + 63, engine_.high_[i]);
        if (from > to) return 0;
        // Fixed before the cut by its removals: its one value, without a scan
        // (conflict analysis meets many such variables). Not so a fixing made by a
        // decision or a nogood: it is recorded before its removals, which a cut
        // between them does not see as made.
        const int fixed_at = engine_.equal_position_[i];
        if (fixed_at < cut_ &&
            (fixed_at == at_root || engine_.records_[static_cast<std::size_t>(fixed_at)].reason.kind == ReasonKind::removals)) {
            const std::int64_t w = engine_.equal_value_[i];
            return w >= from && w <= to ? std::uint64_t{1} << (w - base) : 0;
        }
        const int* positions = &engine_.value_position_[static_cast<std::size_t>(engine_.value_slot(i, static_cast<int>(from)))];
        return positions_from(positions, static_cast<int>(to - from + 1), cut_) << (from - base);
    }
    bool was_fixed(IntVar x) const override { return engine_.equal_position_[x.index] < cut_; }
    int fixed_value(IntVar x) const override { return engine_.equal_value_[x.index]; }
    // (A value outside the initial range is always absent: no fact is needed.)
    void add_removed(IntVar x, int v) override {
        if (v >= engine_.low_[x.index] && v <= engine_.high_[x.index]) out_.push_back(Fact{x.index, v, FactKind::not_equal});
    }
    void add_removed_values(IntVar x, int base, std::uint64_t mask) override {
        const int i = x.index;
        for (; mask != 0; mask &= mask - 1) {
            const std::int64_t v = std::int64_t{base} + std::countr_zero(mask);
            if (v >= engine_.low_[i] && v <= engine_.high_[i]) out_.push_back(Fact{i, static_cast<int>(v), FactKind::not_equal});
        }
    }
    void add_fixed(IntVar x) override { out_.push_back(Fact{x.index, engine_.equal_value_[x.index], FactKind::equal}); }
    int initial_min(IntVar x) const override { return engine_.low_[x.index]; }
    int initial_max(IntVar x) const override { return engine_.high_[x.index]; }
    // (An empty domain's: the initial max and min, as a scan would find.)
    int min_before(IntVar x) const override { return engine_.lower_before(x.index, cut_); }
    int max_before(IntVar x) const override { return engine_.upper_before(x.index, cut_); }
    // One bound fact (none for a bound the root already had). A bound beyond the
    // initial domain cannot have held: it goes in clamped to one that is never true
    // there, so that held_before() sees the slip and the fallback takes over.
    void add_lower_bound(IntVar x, std::int64_t lb) override {
        const int i = x.index;
        if (lb > engine_.low_[i]) out_.push_back(Fact{i, static_cast<int>(std::min<std::int64_t>(lb, std::int64_t{engine_.high_[i]} + 1)), FactKind::greater_equal});
    }
    void add_upper_bound(IntVar x, std::int64_t ub) override {
        const int i = x.index;
        if (ub < engine_.high_[i]) out_.push_back(Fact{i, static_cast<int>(std::max<std::int64_t>(ub, std::int64_t{engine_.low_[i]} - 1)), FactKind::less_equal});
    }

private:
    const LearningSearch& engine_;
    int cut_;
    std::vector<Fact>& out_;
};

bool LearningSearch::supports(const Solver& solver, std::string* why) {
    if (!Solver::tracing_compiled) {
        if (why != nullptr) *why = "learning needs the tracing hooks (this build has -DPRUNE_TRACING=OFF)";
        return false;
    }
    if (solver.depth() != 0) {
        if (why != nullptr) *why = "learning needs a search from the root";
        return false;
    }
    for (int i = 0; i < solver.variable_count(); ++i) {
        if (!solver.is_bitset(IntVar{i})) {
            if (why != nullptr) *why = "learning needs bitset domains; " + solver.display_name(IntVar{i}) + " keeps bounds only";
            return false;
        }
    }
    return true;
}

LearningSearch::LearningSearch(Solver& solver, const SearchOptions& options, SearchStatistics& statistics,
                               const std::atomic<bool>* stop_requested)
    : solver_(solver), options_(options), statistics_(statistics), stop_requested_(stop_requested),
      schedule_(options.restarts) {
    auto store = std::make_unique<NogoodStore>();
    store->engine_ = this;
    store_ = solver_.add(std::move(store));
}

LearningSearch::~LearningSearch() {
    // The store stays in the solver, switched off for good (entailed at the root).
    store_->engine_ = nullptr;
    if (solver_.depth() == 0) {
        solver_.set_entailed(store_);
        // The clauses it kept are propagators again, for a later search (learning
        // starts at depth 0, and ~Search returns there before this runs).
        solver_.wake_rested();
    }
    assert(solver_.depth() == 0 || solver_.resting().empty());
    if (initialised_) solver_.set_tracer(outer_tracer_);
}

// Takes the domains after root propagation as the original ones: what is already
// removed is at_root and never appears in an explanation. False: the root failed
// (an implied nogood of one fact cannot be asserted).
bool LearningSearch::initialise() {
    initialised_ = true;
    const int n = solver_.variable_count();
    low_.resize(n);
    high_.resize(n);
    base_.resize(n);
    equal_position_.assign(n, present);
    equal_value_.assign(n, 0);
    int total = 0;
    for (int i = 0; i < n; ++i) {
        low_[i] = solver_.min(IntVar{i});
        high_[i] = solver_.max(IntVar{i});
        base_[i] = total;
        total += high_[i] - low_[i] + 1;
    }
    slot_var_.resize(static_cast<std::size_t>(total));
    for (int i = 0; i < n; ++i) std::fill_n(slot_var_.begin() + base_[i], high_[i] - low_[i] + 1, i);
    value_position_.assign(total, present);
    atom_state_.assign(static_cast<std::size_t>(total) * 4, AtomState{});
    bound_atom_position_.assign(static_cast<std::size_t>(total) * 2, present);
    lower_history_.assign(static_cast<std::size_t>(total), BoundChange{});
    upper_history_.assign(static_cast<std::size_t>(total), BoundChange{});
    lower_changes_.assign(n, 0);
    upper_changes_.assign(n, 0);
    for (int i = 0; i < n; ++i) {
        atom_state(i, low_[i], FactKind::greater_equal) = atom_is_true;
        atom_state(i, high_[i], FactKind::less_equal) = atom_is_true;
        for (int v = low_[i]; v <= high_[i]; ++v) {
            if (solver_.contains(IntVar{i}, v)) continue;
            value_position_[value_slot(i, v)] = at_root;
            atom_state(i, v, FactKind::not_equal) |= atom_is_true;
            atom_state(i, v, FactKind::equal) |= atom_is_false;
        }
        if (solver_.fixed(IntVar{i})) {
            equal_position_[i] = at_root;
            equal_value_[i] = low_[i];
            atom_state(i, low_[i], FactKind::equal) |= atom_is_true;
            atom_state(i, low_[i], FactKind::not_equal) |= atom_is_false;
        }
    }
    // Every fact is recorded at most once at a time, and a bound decision (a split)
    // removes a value at least: the trail never reallocates.
    const auto splits = [](ValueSelection v) { return v == ValueSelection::split || v == ValueSelection::reverse_split; };
    bool bound_decisions = !options_.decision_variables.empty() && splits(options_.value);
    for (const SearchPhase& phase : options_.phases) bound_decisions = bound_decisions || splits(phase.value);
    bound_decisions = bound_decisions || literal_branching();  // (x != v and bound decisions)
    const std::size_t capacity = static_cast<std::size_t>(total) * (bound_decisions ? 2 : 1) + n + 1;
    records_.reserve(capacity);
    seen_.assign(capacity, 0);
    record_serial_.assign(capacity, 0);
    cached_serial_.assign(capacity, 0);
    cached_begin_.assign(capacity, 0);
    cached_size_.assign(capacity, 0);
    cached_facts_.reserve(std::min<std::size_t>(std::size_t{1} << 18, capacity * 64));
    watches_.resize(static_cast<std::size_t>(total) * 4);
    seen_lower_.assign(static_cast<std::size_t>(n), INT_MIN);
    seen_upper_.assign(static_cast<std::size_t>(n), INT_MAX);
    bound_touched_.reserve(static_cast<std::size_t>(n));
    walked_lower_.assign(static_cast<std::size_t>(n), INT_MIN);
    walked_upper_.assign(static_cast<std::size_t>(n), INT_MAX);
    walked_lower_from_.assign(static_cast<std::size_t>(n), INT_MIN);
    walked_upper_from_.assign(static_cast<std::size_t>(n), INT_MAX);
    // A decision fixes a variable, or (a split) removes a value at least.
    const std::size_t max_levels = bound_decisions ? static_cast<std::size_t>(total) : static_cast<std::size_t>(n);
    level_start_.reserve(max_levels + 2);
    level_start_.assign(1, 0);
    level_stamp_.assign(max_levels + 2, 0);
    variable_stamp_.assign(static_cast<std::size_t>(n), 0);
    activity_.assign(n, 0.0);
    // With a seed (-r), each variable starts with a tiny random activity (below
    // 1e-5, the first bump being 1): it decides only between variables bumped alike,
    // which the domain size and then the index decide otherwise, so runs over
    // several seeds show how much a search owes to that order (the order of the
    // nogood watches changes it as much). Seed 0, the default, keeps the index order.
    seed_activities(activity_);
    heap_.reset(static_cast<std::size_t>(n));
    tied_.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        if (!solver_.fixed(IntVar{i})) heap_.insert(i);
    }
    if (literal_branching()) {
        // [x <= high] is no literal (always true): its index stays out of the heap.
        const std::size_t literals = 2 * static_cast<std::size_t>(total);
        literal_activity_.assign(literals, 0.0);
        seed_activities(literal_activity_);
        literal_heap_.reset(literals);
        popped_head_.assign(max_levels + 2, -1);
        popped_next_.assign(literals, -1);
        popped_top_ = 0;
        // A literal enters the heap at its first bump (bump_literal): the others, of
        // activity 0 until then, come out as [x = min x] of the first unfixed
        // variable, which choose_literal finds without them (a job shop's starts have
        // 2 x 5,000 literals each, and popping closed ones of activity 0 cost a fifth
        // of the time). A seed's tiny activities then order the literals bumped
        // alike, and the variables in that first choice: seeded, it is the first in a
        // random order (unseeded, the lowest index). Entering every literal at once
        // with its tiny activity made the first decisions random literals, x <= v
        // anywhere in a start's range: a job shop the unseeded search solves in 0.6 s
        // was unfinished in 10 s on three seeds of three.
        in_play_.assign(literals, 0);
        pending_bumps_.assign(literals, 0);
        bumped_literals_.clear();
        bumped_literals_.reserve(literals);
    }
    // The order of first_open_literal's variables: a seed's shuffle (drawn apart from
    // seed_activities' stream), else the index order; and each variable's place in it.
    first_unfixed_ = 0;
    variable_order_.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) variable_order_[static_cast<std::size_t>(i)] = i;
    if (options_.seed != 0) {
        Random random(options_.seed ^ 0x5eed0f0dULL);
        shuffle(variable_order_, random);
    }
    order_rank_.resize(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) order_rank_[static_cast<std::size_t>(variable_order_[static_cast<std::size_t>(k)])] = k;
    falls_back_.assign(static_cast<std::size_t>(solver_.propagator_count()), 0);
    failure_falls_back_.assign(static_cast<std::size_t>(solver_.propagator_count()), 0);
    saved_value_.assign(n, 0);
    for (int i = 0; i < n; ++i) saved_value_[i] = low_[i];
    in_user_phase_.assign(n, 0);
    for (const SearchPhase& phase : options_.phases) {
        for (IntVar x : phase.variables) in_user_phase_[x.index] = 1;
    }
    for (IntVar x : options_.decision_variables) in_user_phase_[x.index] = 1;
    for (std::vector<Fact>* buffer : {&conflict_, &because_, &learned_}) buffer->reserve(static_cast<std::size_t>(total) + n);
    if (options_.nogood_exchange != nullptr) imported_.reserve(options_.nogood_exchange->max_size());
    touched_.reserve(records_.capacity());
    outer_tracer_ = solver_.tracer();
    solver_.set_tracer(this);
    return add_implied_nogoods();
}

// The nogoods the propagators imply (Propagator::add_implied_nogoods), kept for the
// whole search. At the root, a nogood with a false fact can never fire and is left
// out, and its true facts are left out of it; then one of a single fact is asserted
// at once (an empty one fails the root). (A fixed variable's value, as a nogood of
// one fact already false, would otherwise be fixed again: a second record of it.)
// A propagator whose nogoods are its whole constraint (a clause) rests until the
// search ends, with SearchOptions::clauses_as_nogoods; without, its nogoods are not
// taken either, so that it runs and explains as without learning's store.
bool LearningSearch::add_implied_nogoods() {
    class Buffer final : public ImpliedNogoods {
    public:
        void add(const std::vector<Fact>& facts) override { nogoods.push_back(facts); }
        std::vector<std::vector<Fact>> nogoods;
    };
    class Store final : public ImpliedNogoods {
    public:
        explicit Store(LearningSearch& search) : search_(search) {}
        void add(const std::vector<Fact>& facts) override {
            open_.clear();
            for (const Fact& f : facts) {
                if (search_.fact_false(f)) return;
                if (!search_.fact_true(f)) open_.push_back(f);
            }
            if (open_.empty()) consistent_ = false;
            if (!consistent_) return;
            const int c = search_.add_nogood(open_, false, 0);
            ++search_.statistics_.implied;
            if (open_.size() == 1) consistent_ = search_.assert_negation(open_[0], c);
        }
        bool consistent_ = true;

    private:
        LearningSearch& search_;
        std::vector<Fact> open_;
    };
    Store store(*this);
    Buffer buffer;  // (at the root, once: allocating is allowed)
    std::vector<int> resting;
    for (int id = 0; id < solver_.propagator_count(); ++id) {
        Propagator& p = solver_.propagator(id);
        if (!p.active()) continue;
        buffer.nogoods.clear();
        const bool whole = p.add_implied_nogoods(solver_, buffer);
        if (whole && !options_.clauses_as_nogoods) continue;
        for (const std::vector<Fact>& facts : buffer.nogoods) store.add(facts);
        if (whole && store.consistent_) resting.push_back(id);
    }
    if (!resting.empty()) solver_.rest(resting);
    return store.consistent_;
}

// ---- Facts and the learning trail ----

// [x >= v] became true at the first change of x's lower bound to v or beyond (the
// history's bounds increase with its positions); [x <= v] likewise. A bound outside
// the initial domain's interior: always true (at_root) or never (present). Read from
// bound_atom_position_, which set_bound_atoms keeps; the search of the history it
// stands for is bound_position_by_history.
int LearningSearch::bound_position(const Fact& f) const {
    const int x = f.var;
    const int v = f.value;
    if (f.kind == FactKind::greater_equal) {
        if (v <= low_[x]) return at_root;
        if (v > high_[x]) return present;
        return bound_atom_position_[2 * static_cast<std::size_t>(value_slot(x, v))];
    }
    if (v >= high_[x]) return at_root;
    if (v < low_[x]) return present;
    return bound_atom_position_[2 * static_cast<std::size_t>(value_slot(x, v)) + 1];
}

int LearningSearch::bound_position_by_history(const Fact& f) const {
    const int x = f.var;
    const int v = f.value;
    const std::size_t base = static_cast<std::size_t>(base_[x]);
    if (f.kind == FactKind::greater_equal) {
        if (v <= low_[x]) return at_root;
        const BoundChange* changes = &lower_history_[base];
        const int count = lower_changes_[x];
        if (v > high_[x] || count == 0 || changes[count - 1].bound < v) return present;
        return std::partition_point(changes, changes + count, [v](const BoundChange& c) { return c.bound < v; })->position;
    }
    if (v >= high_[x]) return at_root;
    const BoundChange* changes = &upper_history_[base];
    const int count = upper_changes_[x];
    if (v < low_[x] || count == 0 || changes[count - 1].bound > v) return present;
    return std::partition_point(changes, changes + count, [v](const BoundChange& c) { return c.bound > v; })->position;
}

// push_record of a removal [x != v], inline for on_domain_change's loop over the
// values a change removed (a start time's bound moves by hundreds at once).
PRUNE_HOT_STEP void LearningSearch::push_removal(int x, int v, Reason reason, int cut) {
    const int at = static_cast<int>(records_.size());
    records_.push_back(Record{Fact{x, v, FactKind::not_equal}, level(), reason, cut, 0});
    record_serial_[static_cast<std::size_t>(at)] = ++next_serial_;
    const int slot = value_slot(x, v);
    value_position_[static_cast<std::size_t>(slot)] = at;
    AtomState* const atoms = &atom_state_[4 * static_cast<std::size_t>(slot)];  // ([x != v], [x == v], ...)
    atoms[static_cast<int>(FactKind::not_equal)] |= atom_is_true;
    atoms[static_cast<int>(FactKind::equal)] |= atom_is_false;
    const std::uint8_t moved = record_bound_change(x, v, at);
    if (moved != 0) records_[static_cast<std::size_t>(at)].bounds_moved = moved;
}

void LearningSearch::push_record(const Fact& f, Reason reason, int cut) {
    if (f.kind == FactKind::not_equal) {
        push_removal(f.var, f.value, reason, cut);
        return;
    }
    const int at = static_cast<int>(records_.size());
    records_.push_back(Record{f, level(), reason, cut, 0});
    record_serial_[static_cast<std::size_t>(at)] = ++next_serial_;
    if (f.is_bound()) return;  // a bound decision: its removals are recorded after it
    equal_position_[f.var] = at;
    equal_value_[f.var] = f.value;
    saved_value_[f.var] = f.value;
    atom_state(f.var, f.value, FactKind::equal) |= atom_is_true;
    atom_state(f.var, f.value, FactKind::not_equal) |= atom_is_false;
}

// The bound atoms a bound's move from `from` to `to` makes true at trail position
// `at`, or no longer true (at == present, the move undone): for a lower bound (kind
// greater_equal) [x >= w] and, false, [x <= w - 1] for from < w <= to; for an upper
// bound (less_equal) [x <= w] and, false, [x >= w + 1] for to <= w < from. The true
// ones' positions become `at`. Bounds beyond the initial domain (an empty domain's)
// have no atoms.
PRUNE_HOT_STEP void LearningSearch::set_bound_atoms(int x, int from, int to, FactKind kind, int at) {
    const int low = low_[x];
    const std::ptrdiff_t base = base_[x];  // value_slot(x, w) = base + (w - low)
    if (kind == FactKind::greater_equal) {
        // Slot s of w: [x >= w] is atom 4s + 2, [x <= w - 1] atom 4s - 1, its position 2s.
        sweep_bound_atoms(base + (from + 1 - low), base + (std::min(to, high_[x]) - low), 2, -1, 0, at);
    } else {
        // Slot s of w: [x <= w] is atom 4s + 3, [x >= w + 1] atom 4s + 6, its position 2s + 1.
        sweep_bound_atoms(base + (std::max(to, low) - low), base + (from - 1 - low), 3, 6, 1, at);
    }
}

// set_bound_atoms over the slots first..last: atom 4s + true_atom true, 4s +
// false_atom false and position 2s + position_slot `at` (or all three undone).
PRUNE_HOT_STEP void LearningSearch::sweep_bound_atoms(std::ptrdiff_t first, std::ptrdiff_t last, int true_atom, int false_atom,
                                                      int position_slot, int at) {
    AtomState* const state = atom_state_.data();
    int* const positions = bound_atom_position_.data();
    if (at != present) {
        for (std::ptrdiff_t s = first; s <= last; ++s) {
            state[4 * s + true_atom] |= atom_is_true;
            state[4 * s + false_atom] |= atom_is_false;
            positions[2 * s + position_slot] = at;
        }
    } else {
        for (std::ptrdiff_t s = first; s <= last; ++s) {
            state[4 * s + true_atom] &= ~atom_is_true;
            state[4 * s + false_atom] &= ~atom_is_false;
            positions[2 * s + position_slot] = present;
        }
    }
}

// After [x != v] at `at`: a bound that was v moves to the next value not yet removed
// (the values of one domain change are recorded one at a time, so the bound after
// each position is exactly the one a scan of the positions would find). Says which
// bounds moved.
PRUNE_HOT_STEP std::uint8_t LearningSearch::record_bound_change(int x, int v, int at) {
    std::uint8_t moved = 0;
    const int low = low_[x], high = high_[x];
    const int* const positions = &value_position_[static_cast<std::size_t>(base_[x])];  // positions[w - low]: w's
    BoundChange* lower = &lower_history_[static_cast<std::size_t>(base_[x])];
    int& lower_count = lower_changes_[x];
    if (v == (lower_count == 0 ? low : lower[lower_count - 1].bound)) {
        int u = v + 1;
        while (u <= high && positions[u - low] != present) ++u;
        lower[lower_count++] = BoundChange{at, u};
        set_bound_atoms(x, v, u, FactKind::greater_equal, at);
        moved |= lower_moved;
    }
    BoundChange* upper = &upper_history_[static_cast<std::size_t>(base_[x])];
    int& upper_count = upper_changes_[x];
    if (v == (upper_count == 0 ? high : upper[upper_count - 1].bound)) {
        int u = v - 1;
        while (u >= low && positions[u - low] != present) --u;
        upper[upper_count++] = BoundChange{at, u};
        set_bound_atoms(x, v, u, FactKind::less_equal, at);
        moved |= upper_moved;
    }
    return moved;
}

// The bound set by the last change before `cut` (usually the newest: checked first),
// or `initial` when there was none.
int LearningSearch::bound_before(const BoundChange* changes, int count, int cut, int initial) {
    if (count == 0) return initial;
    if (changes[count - 1].position < cut) return changes[count - 1].bound;
    const BoundChange* after = std::partition_point(changes, changes + count, [cut](const BoundChange& c) { return c.position < cut; });
    return after == changes ? initial : after[-1].bound;
}

int LearningSearch::lower_before(int x, int cut) const {
    const int bound = bound_before(&lower_history_[static_cast<std::size_t>(base_[x])], lower_changes_[x], cut, low_[x]);
    return std::min(bound, high_[x]);
}

int LearningSearch::upper_before(int x, int cut) const {
    const int bound = bound_before(&upper_history_[static_cast<std::size_t>(base_[x])], upper_changes_[x], cut, high_[x]);
    return std::max(bound, low_[x]);
}

// The definitions the histories stand for: the least and greatest value not removed
// before `cut` (an empty domain: the initial max and min).
int LearningSearch::lower_by_scan(int x, int cut) const {
    int v = low_[x];
    while (v < high_[x] && value_position_[value_slot(x, v)] < cut) ++v;
    return v;
}

int LearningSearch::upper_by_scan(int x, int cut) const {
    int v = high_[x];
    while (v > low_[x] && value_position_[value_slot(x, v)] < cut) --v;
    return v;
}

bool LearningSearch::bound_history_agrees() const {
    for (int x = 0; x < static_cast<int>(low_.size()); ++x) {
        for (int cut = 0; cut <= static_cast<int>(records_.size()); ++cut) {
            if (lower_before(x, cut) != lower_by_scan(x, cut) || upper_before(x, cut) != upper_by_scan(x, cut)) return false;
        }
        for (int v = low_[x] - 1; v <= high_[x] + 1; ++v) {
            for (const FactKind kind : {FactKind::greater_equal, FactKind::less_equal}) {
                if (bound_position(Fact{x, v, kind}) != bound_position_by_history(Fact{x, v, kind})) return false;
            }
        }
    }
    return true;
}

bool LearningSearch::atom_states_agree() const {
    for (int x = 0; x < static_cast<int>(low_.size()); ++x) {
        for (int v = low_[x]; v <= high_[x]; ++v) {
            for (const FactKind kind : {FactKind::not_equal, FactKind::equal, FactKind::greater_equal, FactKind::less_equal}) {
                const Fact f{x, v, kind};
                if (atom_true(atom(f)) != fact_true(f) || atom_false(atom(f)) != fact_false(f)) return false;
                const bool watched = any_bit(atom_state_[static_cast<std::size_t>(atom(f))] & atom_is_watched);
                if (watched != !watches_[static_cast<std::size_t>(atom(f))].empty()) return false;
            }
        }
    }
    return true;
}

bool LearningSearch::had_values_agree(int cut) const {
    std::vector<Fact> by_word, by_value;
    RecordExplanation word_view(*this, cut, Fact{}, by_word), value_view(*this, cut, Fact{}, by_value);
    for (int x = 0; x < static_cast<int>(low_.size()); ++x) {
        for (const int shift : {-64, -63, -17, -1, 0, 1, 15, 16, 33}) {
            const int base = low_[x] + shift;
            std::uint64_t word = 0;
            for (int k = 0; k < 64; ++k) {
                if (value_view.had_value(IntVar{x}, base + k)) word |= std::uint64_t{1} << k;
            }
            if (word_view.had_values(IntVar{x}, base) != word) return false;
            // The values gone, added at once and one by one (those outside the
            // initial domain add nothing either way).
            by_word.clear();
            by_value.clear();
            word_view.add_removed_values(IntVar{x}, base, ~word);
            for (int k = 0; k < 64; ++k) {
                if ((word >> k & 1) == 0) value_view.add_removed(IntVar{x}, base + k);
            }
            if (by_word != by_value) return false;
        }
    }
    return true;
}

void LearningSearch::push_equal(int x, int v, Reason reason) {
    push_record(Fact{x, v, FactKind::equal}, reason, static_cast<int>(records_.size()));
}

// The values of x in [from, to] that are gone from its domain and not yet recorded,
// recorded, in increasing order or (descending) decreasing: found 64 at a time, a
// word of the domain now, complemented.
void LearningSearch::record_gone(IntVar x, std::int64_t from, std::int64_t to, bool descending, Reason cause, int cut) {
    const int i = x.index;
    if (!descending) {
        for (std::int64_t base = from; base <= to; base += 64) {
            const int top = static_cast<int>(std::min<std::int64_t>(to - base, 63));
            std::uint64_t gone = ~solver_.window_bits(x, base) & (~std::uint64_t{0} >> (63 - top));
            for (; gone != 0; gone &= gone - 1) {
                const int v = static_cast<int>(base + std::countr_zero(gone));
                if (value_position_[value_slot(i, v)] == present) push_removal(i, v, cause, cut);
            }
        }
        return;
    }
    for (std::int64_t high = to; high >= from; high -= 64) {
        const std::int64_t base = std::max(from, high - 63);
        const int top = static_cast<int>(high - base);
        std::uint64_t gone = ~solver_.window_bits(x, base) & (~std::uint64_t{0} >> (63 - top));
        while (gone != 0) {
            const int bit = 63 - std::countl_zero(gone);
            gone &= ~(std::uint64_t{1} << bit);
            const int v = static_cast<int>(base + bit);
            if (value_position_[value_slot(i, v)] == present) push_removal(i, v, cause, cut);
        }
    }
}

// The hook: after x changed, record each value that left since `before`, then the
// fixing, with the reason of the change being made. The values go in increasing
// order, so the upper bound moves once, at the change's last record, but the lower
// bound at each value below the new minimum: a bound history entry and a sweep of
// bound atoms per value. When the lower bound rose by more than a word of values (a
// start time's rises by hundreds at once), the holes go first and the values below
// the new minimum from the top down, so that it too moves once. Not for shorter
// rises: the order of the records steers the search (which facts bound facts resolve
// into, which literals are bumped), and on the narrow domains of issue 15's instances
// the increasing order searched better (costas-array-16, `-f`, seeds 0-5: 6 of 6
// finished in 300,000 failures against 3 of 6; peers' qwh n40 s2: median 2,400
// failures against 22,500).
void LearningSearch::on_domain_change(const Solver& s, IntVar x, const DomainBefore& before) {
    const int i = x.index;
    const int cut = static_cast<int>(records_.size());
    const Reason cause = cause_of_change();
    const std::int64_t low = solver_.size(x) == 0 ? before.min : solver_.min(x);  // (emptied: as if unmoved)
    if (low - before.min <= long_lower_rise) {
        record_gone(x, before.min, before.max, false, cause, cut);
    } else {
        record_gone(x, low + 1, before.max, false, cause, cut);
        record_gone(x, before.min, low - 1, true, cause, cut);
    }
    if (solver_.fixed(x) && equal_position_[i] == present) {
        push_record(Fact{i, solver_.value(x), FactKind::equal}, Reason{ReasonKind::removals, -1}, static_cast<int>(records_.size()));
    }
    if (solver_.running() != store_ && static_cast<int>(records_.size()) > cut) solver_.schedule(store_);
    if (outer_tracer_ != nullptr) outer_tracer_->on_domain_change(s, x, before);
}

void LearningSearch::on_propagator_start(const Solver& s, const Propagator& p) {
    if (outer_tracer_ != nullptr) outer_tracer_->on_propagator_start(s, p);
}

void LearningSearch::on_propagator_end(const Solver& s, const Propagator& p, Status status) {
    if (outer_tracer_ != nullptr) outer_tracer_->on_propagator_end(s, p, status);
}

// What made the change being reported: the search's own cause when it set one,
// else the propagator running (the store's changes always carry their nogood).
LearningSearch::Reason LearningSearch::cause_of_change() const {
    if (cause_.kind != ReasonKind::root) return cause_;
    const Propagator* p = solver_.running();
    return p == nullptr ? cause_ : Reason{ReasonKind::propagator, p->id()};
}

void LearningSearch::on_node(std::uint64_t id, std::uint64_t parent, int depth) {
    if (outer_tracer_ != nullptr) outer_tracer_->on_node(id, parent, depth);
}
void LearningSearch::on_decision(const Solver& s, const Literal& l, bool negated) {
    if (outer_tracer_ != nullptr) outer_tracer_->on_decision(s, l, negated);
}
void LearningSearch::on_failure(const Solver& s, const Propagator* p) {
    if (outer_tracer_ != nullptr) outer_tracer_->on_failure(s, p);
}
void LearningSearch::on_solution(const Solver& s) {
    if (outer_tracer_ != nullptr) outer_tracer_->on_solution(s);
}
void LearningSearch::on_restart(std::uint64_t run) {
    if (outer_tracer_ != nullptr) outer_tracer_->on_restart(run);
}
void LearningSearch::on_backtrack(int depth) {
    if (outer_tracer_ != nullptr) outer_tracer_->on_backtrack(depth);
}

void LearningSearch::undo_to(int target_level) {
    solver_.clear_queue();
    if (target_level >= level()) return;
    while (level() > target_level) solver_.pop_level();
    const std::size_t keep = static_cast<std::size_t>(level_start_[static_cast<std::size_t>(target_level) + 1]);
    for (std::size_t at = records_.size(); at > keep; --at) {
        const Record& r = records_[at - 1];
        const Fact f = r.fact;
        if (f.is_bound()) continue;  // a bound decision: nothing of its own to undo
        // The value's four atoms, [x != v], [x == v], [x >= v], [x <= v] (FactKind's order).
        const int slot = value_slot(f.var, f.value);
        AtomState* const atoms = &atom_state_[4 * static_cast<std::size_t>(slot)];
        if (f.is_equal()) {
            equal_position_[f.var] = present;
            first_unfixed_ = std::min(first_unfixed_, order_rank_[static_cast<std::size_t>(f.var)]);
            atoms[static_cast<int>(FactKind::equal)] &= ~atom_is_true;
            atoms[static_cast<int>(FactKind::not_equal)] &= ~atom_is_false;
            if (!heap_.contains(f.var)) heap_.insert(f.var);
            continue;
        }
        value_position_[static_cast<std::size_t>(slot)] = present;
        atoms[static_cast<int>(FactKind::not_equal)] &= ~atom_is_true;
        atoms[static_cast<int>(FactKind::equal)] &= ~atom_is_false;
        // A bound the removal moved: its history's last entry is this record's (the
        // records are undone last first).
        if (r.bounds_moved & lower_moved) {
            const BoundChange* lower = &lower_history_[static_cast<std::size_t>(base_[f.var])];
            int& lower_count = lower_changes_[f.var];
            assert(lower_count > 0 && lower[lower_count - 1].position == static_cast<int>(at) - 1);
            set_bound_atoms(f.var, f.value, lower[--lower_count].bound, FactKind::greater_equal, present);
        }
        if (r.bounds_moved & upper_moved) {
            const BoundChange* upper = &upper_history_[static_cast<std::size_t>(base_[f.var])];
            int& upper_count = upper_changes_[f.var];
            assert(upper_count > 0 && upper[upper_count - 1].position == static_cast<int>(at) - 1);
            set_bound_atoms(f.var, f.value, upper[--upper_count].bound, FactKind::less_equal, present);
        }
    }
    records_.resize(keep);
    for (; popped_top_ > target_level; --popped_top_) {
        int& head = popped_head_[static_cast<std::size_t>(popped_top_)];
        for (int literal = head; literal >= 0; literal = popped_next_[static_cast<std::size_t>(literal)]) {
            if (!literal_heap_.contains(literal)) literal_heap_.insert(literal);
        }
        head = -1;
    }
    level_start_.resize(static_cast<std::size_t>(target_level) + 1);
    propagated_ = std::min(propagated_, keep);
}

// ---- Search ----

SearchStatus LearningSearch::stopped() {
    if (limit_hit_) return SearchStatus::limit;
    exhausted_ = true;
    return SearchStatus::exhausted;
}

SearchStatus LearningSearch::next() {
    if (exhausted_) return SearchStatus::exhausted;
    if (limit_hit_) return SearchStatus::limit;
    if (!initialised_) {
        if (!initialise() || !settle()) return stopped();
    } else if (at_solution_) {
        at_solution_ = false;
        if (!leave_solution()) return stopped();
    }
    for (;;) {
        if (limit_reached()) {
            limit_hit_ = true;
            return SearchStatus::limit;
        }
        if (schedule_.enabled() && failures_in_run_ >= schedule_.limit(run_)) {
            ++statistics_.restarts;
            ++run_;
            failures_in_run_ = 0;
            if (outer_tracer_ != nullptr) outer_tracer_->on_restart(run_);
            undo_to(0);
            if (!settle()) return stopped();
            continue;
        }
        if (!adopt_shared_bound()) return stopped();
        // At the root (a restart, a new bound, a jump back to it): the other
        // searches' nogoods of a portfolio.
        if (level() == 0 && !import_nogoods()) return stopped();
        if (on_fixpoint) on_fixpoint();
        Fact decision;
        if (!choose(decision)) {
            ++statistics_.solutions;
            at_solution_ = true;
            if (outer_tracer_ != nullptr) outer_tracer_->on_solution(solver_);
            return SearchStatus::solution;
        }
        if (!decide(decision)) return stopped();
    }
}

// Propagates to a fixpoint, learning from each conflict on the way. False when a
// conflict reaches the root (nothing is left to search) or a limit stopped it.
bool LearningSearch::settle() {
    for (;;) {
        conflict_nogood_ = -1;
        if (solver_.propagate()) return true;
        if (solver_.interrupted()) {
            limit_hit_ = true;
            solver_.clear_queue();
            return false;
        }
        ++statistics_.failures;
        ++failures_in_run_;
        // A fixpoint can meet several conflicts (each assertion propagates): the fail
        // limit stops at its exact count, as the search without learning does.
        if (options_.limits.failures != 0 && statistics_.failures >= options_.limits.failures) {
            limit_hit_ = true;
            return false;
        }
        const Propagator* failed = solver_.failed_propagator();
        if (failed == nullptr || level() == 0) return false;
        conflict_.clear();
        if (failed == store_ && conflict_nogood_ >= 0) {
            const Nogood& n = nogoods_[static_cast<std::size_t>(conflict_nogood_)];
            for (std::uint32_t k = 0; k < n.size; ++k) conflict_.push_back(fact_of(nogood_atoms_[n.begin + k]));
        } else {
            explain_failure(failed, conflict_);
        }
        if (!learn_from_conflict()) return false;
    }
}

// conflict_ holds facts that cannot all be true: learn, jump back, assert.
bool LearningSearch::learn_from_conflict() {
    const int conflict_level = level();
    const int back = analyse();
    if (back < 0) return false;
    undo_to(back);
    std::uint32_t lbd = 0;
    const int stamp = static_cast<int>(statistics_.failures & 0x3fffffff) + 1;
    for (const Fact& f : learned_) {
        const int p = position(f);
        const int l = p == at_root || p == present ? 0 : records_[static_cast<std::size_t>(p)].level;
        if (level_stamp_[static_cast<std::size_t>(l)] != stamp) {
            level_stamp_[static_cast<std::size_t>(l)] = stamp;
            ++lbd;
        }
    }
    const int c = add_nogood(learned_, true, lbd);
    ++statistics_.learned;
    statistics_.learned_facts += learned_.size();
    statistics_.learned_lbd += lbd;
    if (outer_tracer_ != nullptr) outer_tracer_->on_learn(solver_, learned_.data(), learned_.size(), static_cast<int>(lbd), conflict_level, back);
    NogoodExchange* exchange = options_.nogood_exchange;
    if (exchange != nullptr && offers_nogoods_ && learned_.size() <= exchange->max_size()) {
        exchange->offer(learned_.data(), learned_.size(), lbd, root_bound_);
        ++statistics_.nogoods_offered;
    }
    activity_step_ /= 0.95;
    if (!assert_negation(learned_[0], c)) return false;
    if (learned_live_ > max_learned_) reduce_store();
    return true;
}

bool LearningSearch::decide(const Fact& decision) {
    solver_.push_level();
    level_start_.push_back(static_cast<int>(records_.size()));
    ++statistics_.nodes;
    if ((statistics_.nodes & 1023) == 0 && options_.progress) options_.progress(statistics_);
    if (static_cast<std::uint64_t>(level()) > statistics_.max_depth) statistics_.max_depth = static_cast<std::uint64_t>(level());
    if (outer_tracer_ != nullptr) {
        // The node's parent is the node of the level below (a jump back leaves the
        // levels above; a restart, all but the root).
        node_of_level_.resize(static_cast<std::size_t>(level()) + 1);
        node_of_level_[static_cast<std::size_t>(level())] = statistics_.nodes;
        outer_tracer_->on_node(statistics_.nodes, node_of_level_[static_cast<std::size_t>(level()) - 1], level());
        outer_tracer_->on_decision(solver_, literal_of(decision), decision.kind == FactKind::not_equal);
    }
    // The decision is its level's first record; the changes it makes are explained by
    // it (a bound decision's removals by the bound: see mark_bound). A decided removal
    // is recorded by the hook as it is made, with the decision as its reason.
    if (decision.kind == FactKind::not_equal) {
        cause_ = Reason{ReasonKind::decision, -1};
    } else {
        push_record(decision, Reason{ReasonKind::decision, -1}, static_cast<int>(records_.size()));
        cause_ = Reason{ReasonKind::equality, static_cast<int>(records_.size()) - 1};
    }
    const Event e = enforce(solver_, literal_of(decision), decision.kind == FactKind::not_equal);
    cause_ = Reason{};
    if (is_failure(e)) return false;  // not reached: the value is in the domain
    return settle();
}

// After a solution: optimisation tightens the bound at the root; enumeration adds
// the nogood of the solution's decisions (or projection) and learns from it.
bool LearningSearch::leave_solution() {
    if (objective_sense_ != 0) return tighten_at_root(solver_.value(objective_));
    offers_nogoods_ = false;  // what it learns now may rest on this solution's nogood
    conflict_.clear();
    if (options_.project || !options_.projection.empty()) {
        for (IntVar x : options_.projection) conflict_.push_back(Fact{x.index, solver_.value(x), FactKind::equal});
    } else {
        for (std::size_t l = level_start_.size() - 1; l >= 1; --l) conflict_.push_back(records_[static_cast<std::size_t>(level_start_[l])].fact);
    }
    // The two facts of the highest levels are watched (the first two, as they are here
    // for decisions), so that the nogood's watches are right after the jump back.
    std::sort(conflict_.begin(), conflict_.end(), [&](const Fact& a, const Fact& b) { return position(a) > position(b); });
    if (conflict_.empty()) return false;
    add_nogood(conflict_, false, 0);
    if (!learn_from_conflict()) return false;
    return settle();
}

// Every later solution must beat `beaten`: back to the root, where the bound is
// posted as a root fact, and propagated. A bound that only tightens keeps every
// nogood learned under the weaker one implied. False: nothing better is left.
bool LearningSearch::tighten_at_root(std::int64_t beaten) {
    root_bound_ = beaten;
    undo_to(0);
    cause_ = Reason{};
    const Event e = objective_sense_ < 0 ? solver_.set_max(objective_, beaten - 1) : solver_.set_min(objective_, beaten + 1);
    if (is_failure(e)) return false;
    return settle();
}

// A portfolio (parallel/parallel_search.hpp): another worker's better solution
// (SearchOptions::shared_objective) is beaten here too, from the root on, as if
// this search had found it (a jump to the root, like a restart). Read before every
// decision; the bound changes a few times per run. False: nothing better is left.
bool LearningSearch::adopt_shared_bound() {
#if defined(PRUNE_NO_THREADS)
    return true;  // one thread, no other worker (and no 64-bit atomics on a Cortex-M4)
#else
    if (objective_sense_ == 0 || options_.shared_objective == nullptr) return true;
    const std::int64_t shared = options_.shared_objective->load(std::memory_order_relaxed);
    if (objective_sense_ < 0 ? shared >= root_bound_ : shared <= root_bound_) return true;
    return tighten_at_root(shared);
#endif
}

// At the root, before a decision: the nogoods the other searches of a portfolio
// offered meanwhile join the store (NogoodExchange), then propagate.
// False: nothing is left to search (an imported nogood is violated at the root) or
// a limit stopped the propagation.
bool LearningSearch::import_nogoods() {
    if (options_.nogood_exchange == nullptr) return true;
    struct Importer final : NogoodExchange::Receiver {
        explicit Importer(LearningSearch& search) : search_(search) {}
        void take(const Fact* facts, std::size_t size, std::uint32_t lbd, std::int64_t bound) override {
            consistent_ = consistent_ && search_.take_nogood(facts, size, lbd, bound);
        }
        LearningSearch& search_;
        bool consistent_ = true;
    } importer(*this);
    const std::uint64_t before = statistics_.nogoods_imported;
    options_.nogood_exchange->receive(importer);
    if (!importer.consistent_) return false;
    return statistics_.nogoods_imported == before || settle();
}

// One nogood of another search, taken at the root as implied nogoods are: left out
// when learned under a bound this search has not reached yet (it may not hold
// here), or when one of its facts is false; its true facts left out; one open fact
// asserted for good; none: the root is inconsistent. Facts whose values lie outside
// the range this search started from are true ([x != v]) or false ([x == v]) here.
// False: the root is inconsistent.
bool LearningSearch::take_nogood(const Fact* facts, std::size_t size, std::uint32_t lbd, std::int64_t bound) {
    if (objective_sense_ < 0 ? bound < root_bound_ : objective_sense_ > 0 && bound > root_bound_) return true;
    imported_.clear();
    for (std::size_t k = 0; k < size; ++k) {
        const Fact& f = facts[k];
        if (f.var < 0 || f.var >= solver_.variable_count()) return true;  // not this model's (a contract broken)
        if (!f.is_bound() && (f.value < low_[f.var] || f.value > high_[f.var])) {
            if (f.is_equal()) return true;
            continue;
        }
        if (fact_false(f)) return true;
        if (!fact_true(f)) imported_.push_back(f);
    }
    ++statistics_.nogoods_imported;
    if (imported_.empty()) return false;
    const bool unit = imported_.size() == 1;
    const int c = add_nogood(imported_, !unit, lbd);
    return !unit || assert_negation(imported_[0], c);
}

bool LearningSearch::limit_reached() {
    const SearchLimits& l = options_.limits;
    if (l.nodes != 0 && statistics_.nodes >= l.nodes) return true;
    if (l.failures != 0 && statistics_.failures >= l.failures) return true;
    return interrupted();
}

// A stop request (the search's own or the caller's) or the time limit.
bool LearningSearch::interrupted() const {
    if (stop_requested_ != nullptr && stop_requested_->load(std::memory_order_relaxed)) return true;
    return (options_.stop != nullptr || options_.limits.seconds > 0) && solver_.interrupt_due();
}

// ---- Decisions ----

namespace {
double user_score(const Solver& s, IntVar x, VariableSelection how, double activity) {
    switch (how) {
        case VariableSelection::input_order: return 0;
        case VariableSelection::smallest_domain: return static_cast<double>(s.size(x));
        case VariableSelection::dom_wdeg: return static_cast<double>(s.size(x)) / (1.0 + activity);
        case VariableSelection::smallest_value: return static_cast<double>(s.min(x));
        case VariableSelection::largest_value: return -static_cast<double>(s.max(x));
        case VariableSelection::largest_domain: return -static_cast<double>(s.size(x));
    }
    return 0;
}

// The user's variable by the phase's own rule, ties to the first. With
// ties_by_activity (most runs under restarts: LearningSearch::ties_by_activity),
// among the variables that rule ties (first_fail over 1..9 ties dozens; the
// specification leaves ties to the solver) the most active, then the first.
int best_of(const Solver& s, const std::vector<IntVar>& vars, VariableSelection how, const std::vector<double>& activity,
            bool ties_by_activity) {
    int best = -1;
    double best_score = 0;
    for (IntVar x : vars) {
        if (s.fixed(x)) continue;
        if (how == VariableSelection::input_order) return x.index;
        const std::size_t i = static_cast<std::size_t>(x.index);
        const double score = user_score(s, x, how, activity[i]);
        const bool more_active = ties_by_activity && best >= 0 && activity[i] > activity[static_cast<std::size_t>(best)];
        if (best < 0 || score < best_score || (score == best_score && more_active)) {
            best = x.index;
            best_score = score;
        }
    }
    return best;
}
}  // namespace

// The user's value choice as a decision: x = v, or for a split x <= the floor of
// the midpoint (reverse: x >= one more), as Search::make_decision.
Fact LearningSearch::user_decision(int x, ValueSelection how) const {
    if (how != ValueSelection::split && how != ValueSelection::reverse_split) return Fact{x, choose_value(x, how), FactKind::equal};
    const Literal l = split_literal(solver_, IntVar{x}, how == ValueSelection::reverse_split);
    return Fact{x, l.value, l.kind == LiteralKind::less_equal ? FactKind::less_equal : FactKind::greater_equal};
}

int LearningSearch::choose_value(int x, ValueSelection how) const {
    const IntVar v{x};
    switch (how) {
        case ValueSelection::max:
        case ValueSelection::reverse_split: return solver_.max(v);
        case ValueSelection::median:
        case ValueSelection::random: return solver_.nth_value(v, (solver_.size(v) - 1) / 2);
        case ValueSelection::min:
        case ValueSelection::split: return solver_.min(v);
    }
    return solver_.min(v);
}

// The most active unfixed variable, then the smallest domain, then the lowest
// index. The heap's top gives the activity; the variables that share it form a
// subtree at the top (a child is never more active than its parent), searched for
// the smallest domain. Fixed variables are popped when they reach the top.
int LearningSearch::choose_active_variable() {
    while (!heap_.empty() && solver_.fixed(IntVar{heap_[0]})) heap_.pop();
    if (heap_.empty()) return -1;
    const double top = activity_[heap_[0]];
    int best = heap_[0];
    tied_.assign(1, 0);
    while (!tied_.empty()) {
        const std::size_t at = static_cast<std::size_t>(tied_.back());
        tied_.pop_back();
        const int x = heap_[at];
        if (activity_[x] != top) continue;  // nor is any of its subtree
        if (!solver_.fixed(IntVar{x})) {
            const std::int64_t size = solver_.size(IntVar{x}), best_size = solver_.size(IntVar{best});
            if (size < best_size || (size == best_size && x < best)) best = x;
        }
        for (std::size_t child = 2 * at + 1; child <= 2 * at + 2 && child < heap_.size(); ++child) tied_.push_back(static_cast<int>(child));
    }
    return best;
}

// What the heap stands for: a scan of every variable.
int LearningSearch::choose_active_by_scan() const {
    int best = -1;
    for (int i = 0; i < solver_.variable_count(); ++i) {
        if (solver_.fixed(IntVar{i})) continue;
        if (best < 0 || activity_[i] > activity_[best] ||
            (activity_[i] == activity_[best] && solver_.size(IntVar{i}) < solver_.size(IntVar{best}))) {
            best = i;
        }
    }
    return best;
}

// Whether this run breaks the user's ties by activity. Without restarts never:
// there activity only reorders the levels below the first conflicts, and measured
// worse. With restarts, every run but the 1st, 3rd, 7th, 15th, ... (run_ + 2 a
// power of two: under Luby the runs that reach a new length, 100, 200, 400, ...
// failures), which keep the model's order as written, each resuming about where
// the last stopped (the nogoods close what it explored): under Luby an order that
// finishes in F failures costs about F log F, where activity in every run took
// MiniZinc's packing example from 150 failures to 26,283 (docs/architecture.md,
// "The runs that keep the model's order").
bool LearningSearch::ties_by_activity() const {
    return schedule_.enabled() && !std::has_single_bit(run_ + 2);
}

// The user's phases first, each by its own rules; then the most active variable,
// with its saved value.
bool LearningSearch::choose(Fact& decision) {
    for (const SearchPhase& phase : options_.phases) {
        const int x = best_of(solver_, phase.variables, phase.variable, activity_, ties_by_activity());
        if (x >= 0) {
            decision = user_decision(x, phase.value);
            return true;
        }
    }
    if (options_.phases.empty() && !options_.decision_variables.empty()) {
        const int x = best_of(solver_, options_.decision_variables, options_.variable, activity_, ties_by_activity());
        if (x >= 0) {
            decision = user_decision(x, options_.value);
            return true;
        }
    }
    if (literal_branching()) return choose_literal(decision);
    const int x = choose_active_variable();
    if (check_activity_choices) [[unlikely]] note_activity_choice(x == choose_active_by_scan());
    if (x < 0) return false;
    const int saved = saved_value_[x];
    decision = Fact{x, solver_.contains(IntVar{x}, saved) ? saved : choose_value(x, options_.value), FactKind::equal};
    return true;
}

void LearningSearch::bump(int x, double weight) {
    activity_[x] += activity_step_ * weight;
    // (Literal branching chooses from the literals' heap; the variables' activities
    // then serve the user's phases only, which read them without the heap.)
    if (!literal_branching()) heap_.increased(x);
    if (activity_[x] > 1e100) rescale_activities();
}

// With a seed, tiny random initial activities (below 1e-5; see initialise()).
void LearningSearch::seed_activities(std::vector<double>& activity) const {
    if (options_.seed == 0) return;
    Random random(options_.seed);
    for (double& a : activity) a = 1e-5 * static_cast<double>(random.next() >> 11) / 9007199254740992.0;
}

void LearningSearch::rescale_activities() {
    for (double& a : activity_) a *= 1e-100;
    for (double& a : literal_activity_) a *= 1e-100;
    activity_step_ *= 1e-100;
    ++activity_rescales;
    heap_.rebuild();
    literal_heap_.rebuild();
}

// A literal met by the analysis: counted, and bumped by apply_literal_bumps once the
// analysis is over, by its count at once. A literal is met many times in one
// analysis (a start's bound in the explanation of each successor), and each bump
// would move it up the heap; the counts give the activities each bump would.
void LearningSearch::bump_literal(const Fact& f) {
    const int literal = literal_index(f);
    if (pending_bumps_[static_cast<std::size_t>(literal)]++ == 0) bumped_literals_.push_back(literal);
}

void LearningSearch::apply_literal_bumps() {
    for (const int literal : bumped_literals_) {
        int& count = pending_bumps_[static_cast<std::size_t>(literal)];
        double& a = literal_activity_[static_cast<std::size_t>(literal)];
        for (; count > 0; --count) {
            a += activity_step_;
            if (a > 1e100) rescale_activities();
        }
        if (in_play_[static_cast<std::size_t>(literal)] == 0) enter_play(literal);
        else literal_heap_.increased(literal);
    }
    bumped_literals_.clear();
}

// A literal's first entry into the heap (from then on it is in the heap, or in one
// popped list while closed).
void LearningSearch::enter_play(int literal) {
    in_play_[static_cast<std::size_t>(literal)] = 1;
    literal_heap_.insert(literal);
}

// [x = min x] of the first unfixed variable in variable_order_ (unseeded the index
// order, where it is the open literal of least index), or -1. The choice when every
// open literal has activity 0: those not in play, and those whose activity the
// rescales took to 0. The scan starts where the last one stopped (first_unfixed_:
// every variable before it in the order is fixed; undo_to moves it back), so a
// dive's decisions read each variable once, not once per decision.
int LearningSearch::first_open_literal() {
    for (; first_unfixed_ < static_cast<int>(low_.size()); ++first_unfixed_) {
        const int x = variable_order_[static_cast<std::size_t>(first_unfixed_)];
        if (!solver_.fixed(IntVar{x})) return min_literal(x);
    }
    return -1;
}

bool LearningSearch::literal_open(int literal) const {
    const Fact f = literal_fact(literal);
    const IntVar x{f.var};
    if (f.kind == FactKind::less_equal) return solver_.min(x) <= f.value && f.value < solver_.max(x);
    return !solver_.fixed(x) && solver_.contains(x, f.value);
}

// What the literal heap stands for: a scan of every literal (the heap's order).
int LearningSearch::choose_literal_by_scan() const {
    // The most active open literal in play (a literal out of play has activity 0,
    // whatever its seeded tie-break), the lower index on a tie; with none above 0,
    // [x = min x] of the first unfixed variable in the order.
    int best = -1;
    for (int literal = 0; literal < static_cast<int>(literal_activity_.size()); ++literal) {
        if (in_play_[static_cast<std::size_t>(literal)] == 0 || !literal_open(literal)) continue;  // ([x <= high] is never open)
        const double a = literal_activity_[static_cast<std::size_t>(literal)];
        if (a > 0 && (best < 0 || a > literal_activity_[static_cast<std::size_t>(best)])) best = literal;
    }
    if (best >= 0) return best;
    for (const int x : variable_order_) {
        if (!solver_.fixed(IntVar{x})) return min_literal(x);
    }
    return -1;
}

// The level of the trail position's fact (0 for a root fact).
int LearningSearch::level_of(int position) const {
    if (position == at_root) return 0;
    return records_[static_cast<std::size_t>(position)].level;
}

// The level from which on a closed literal stays closed: that of the first of the
// facts that close it ([x != v] or x fixed for [x = v]; either bound fact for [x <=
// v]). Listed at the deeper level where it was met, a backjump between the two would
// put it back closed, to be met again: nine in ten of the literals met closed on
// grid-colouring 10_10 with -f were closed at a lower level (three in four on
// quasigroup7-10).
int LearningSearch::closed_level(int literal) const {
    const Fact f = literal_fact(literal);
    int first = present;
    if (f.kind == FactKind::less_equal) {
        first = std::min(position(f), position(negation(f)));
    } else {
        first = std::min(position(Fact{f.var, f.value, FactKind::not_equal}), equal_position_[f.var]);
    }
    // (at_root is -1: the minimum names it when either fact is a root fact.)
    assert(first != present);
    return first == present ? level() : level_of(first);
}

void LearningSearch::list_popped(int literal, int closed_from) {
    assert(static_cast<std::size_t>(closed_from) < popped_head_.size());
    int& head = popped_head_[static_cast<std::size_t>(closed_from)];
    popped_next_[static_cast<std::size_t>(literal)] = head;
    head = literal;
    popped_top_ = std::max(popped_top_, closed_from);
}

// The most active open literal, decided true or false (learning_branching). Closed
// literals met on top leave the heap until a backjump undoes the first fact that
// closed them; the one decided comes back when its own level is undone.
bool LearningSearch::choose_literal(Fact& decision) {
    int literal = -1;
    while (!literal_heap_.empty()) {
        const int top = literal_heap_.pop();
        if (literal_open(top)) {
            // Of activity 0 (decayed by the rescales): every open literal ties, and
            // the least index wins, which first_open_literal finds.
            if (literal_activity_[static_cast<std::size_t>(top)] == 0) {
                literal_heap_.insert(top);
                break;
            }
            literal = top;
            list_popped(literal, level() + 1);  // (back when the decision is undone)
            break;
        }
        list_popped(top, closed_level(top));
    }
    if (literal < 0) literal = first_open_literal();  // every open literal has activity 0
    if (literal < 0) return false;
    if (check_activity_choices) [[unlikely]] note_activity_choice(literal == choose_literal_by_scan());
    // The literal itself ([x = v] or [x <= v]), or its negation.
    const Fact f = literal_fact(literal);
    const LearningBranching how = options_.learning_branching;
    const bool negate = how == LearningBranching::negated_literals || (how == LearningBranching::literals_up && f.is_bound());
    decision = negate ? negation(f) : f;
    return true;
}

// ---- Explanations and conflict analysis ----

void LearningSearch::explain(int at, std::vector<Fact>& out) {
    out.clear();
    const Record& r = records_[static_cast<std::size_t>(at)];
    switch (r.reason.kind) {
        case ReasonKind::root:
        case ReasonKind::decision: break;
        case ReasonKind::equality: out.push_back(records_[static_cast<std::size_t>(r.reason.index)].fact); break;
        case ReasonKind::removals: {
            // x = v: both bounds had reached v (the removals are recorded first).
            const int x = r.fact.var;
            if (r.fact.value > low_[x]) out.push_back(Fact{x, r.fact.value, FactKind::greater_equal});
            if (r.fact.value < high_[x]) out.push_back(Fact{x, r.fact.value, FactKind::less_equal});
            break;
        }
        case ReasonKind::nogood: {
            // The nogood's other facts: those true before the fact (the one asserted
            // false, whose negation this fact is or follows from, is not). Written in
            // place, not pushed one at a time: the analysis copies a nogood's facts at
            // every conflict that meets a fact it asserted.
            const Nogood& n = nogoods_[static_cast<std::size_t>(r.reason.index)];
            const int* atoms = &nogood_atoms_[n.begin];
            out.resize(n.size);
            Fact* written = out.data();
            for (std::uint32_t k = 0; k < n.size; ++k) {
                if (atom_position(atoms[k]) < at) *written++ = fact_of(atoms[k]);
            }
            out.resize(static_cast<std::size_t>(written - out.data()));
            break;
        }
        case ReasonKind::propagator: {
            const Propagator& p = solver_.propagator(r.reason.index);
            RecordExplanation view(*this, r.cut, r.fact, out);
            ++statistics_.explanations;
            const bool fell_back = !p.explain(view) || !held_before(out, 0, r.cut);
            if (fell_back) {
                out.clear();
                fallback(p, r.cut, out);
                // (A propagator added during search has an id beyond the table's.)
                if (static_cast<std::size_t>(p.id()) >= falls_back_.size()) falls_back_.resize(static_cast<std::size_t>(p.id()) + 1, 0);
                falls_back_[static_cast<std::size_t>(p.id())] = 1;
            }
            solver_.propagator(p.id()).count_explanation(fell_back);
            if (on_explanation) on_explanation(&p, r.fact, out);
            break;
        }
    }
}

void LearningSearch::explain_failure(const Propagator* p, std::vector<Fact>& out) {
    out.clear();
    const int cut = static_cast<int>(records_.size());
    RecordExplanation view(*this, cut, Fact{}, out);
    ++statistics_.explanations;
    const bool fell_back = !p->explain(view) || !held_before(out, 0, cut);
    if (fell_back) {
        out.clear();
        fallback(*p, cut, out);
        if (static_cast<std::size_t>(p->id()) >= failure_falls_back_.size())
            failure_falls_back_.resize(static_cast<std::size_t>(p->id()) + 1, 0);
        failure_falls_back_[static_cast<std::size_t>(p->id())] = 1;
    }
    solver_.propagator(p->id()).count_explanation(fell_back);
    if (on_explanation) on_explanation(p, Fact{}, out);
}

// Whether every fact of an explanation (facts[from...]) was true before `cut`. A
// propagator's slip (a bound literal that did not hold, say) would otherwise be
// dropped silently by the analysis, or be met after the fact it explains; the
// fallback takes over then.
bool LearningSearch::held_before(const std::vector<Fact>& facts, std::size_t from, int cut) const {
    return std::all_of(facts.begin() + static_cast<std::ptrdiff_t>(from), facts.end(), [&](const Fact& f) {
        const int p = position(f);
        return p == at_root || (p != present && p < cut);
    });
}

// The domains of the scope before `cut`: each variable's fixing, or its bounds and
// the holes between them (facts made at the root left out).
void LearningSearch::fallback(const Propagator& p, int cut, std::vector<Fact>& out) {
    ++statistics_.fallback_explanations;
    ++scope_stamp_;
    for (const IntVar scoped : p.scope()) {
        const int x = scoped.index;
        if (variable_stamp_[static_cast<std::size_t>(x)] == scope_stamp_) continue;  // a variable listed twice
        variable_stamp_[static_cast<std::size_t>(x)] = scope_stamp_;
        add_scope_facts(x, cut, out);
    }
}

void LearningSearch::add_scope_facts(int x, int cut, std::vector<Fact>& out) const {
    const int fixed_at = equal_position_[x];
    if (fixed_at < cut) {
        if (fixed_at != at_root) out.push_back(Fact{x, equal_value_[x], FactKind::equal});
        return;
    }
    const int lower = lower_before(x, cut);
    const int upper = upper_before(x, cut);
    if (lower > low_[x]) out.push_back(Fact{x, lower, FactKind::greater_equal});
    if (upper < high_[x]) out.push_back(Fact{x, upper, FactKind::less_equal});
    for (int v = lower + 1; v < upper; ++v) {
        const int at = value_position_[value_slot(x, v)];
        if (at != at_root && at < cut) out.push_back(Fact{x, v, FactKind::not_equal});
    }
}

void LearningSearch::mark(const Fact& f, int& at_current_level) {
    if (f.is_bound()) {
        mark_bound(f, at_current_level);
        return;
    }
    const int p = position(f);
    if (p == at_root || p == present) return;  // (present: not a true fact; cannot occur)
    mark_record(p, at_current_level);
}

// Marks the record at p as part of the conflict: counted when of the current level
// (to be resolved, or the UIP), else a fact of the nogood.
void LearningSearch::mark_record(int p, int& at_current_level) {
    const Record& r = records_[static_cast<std::size_t>(p)];
    if (r.level == 0 || seen_[static_cast<std::size_t>(p)]) return;
    seen_[static_cast<std::size_t>(p)] = 1;
    touched_.push_back(p);
    bump(r.fact.var);
    if (literal_branching()) bump_literal(r.fact);
    if (r.level == level()) {
        ++at_current_level;
    } else {
        learned_.push_back(r.fact);
    }
}

// Notes that x's per-analysis bound state (seen_*, walked_*) is to be reset.
void LearningSearch::touch_bounds(int x) {
    const std::size_t i = static_cast<std::size_t>(x);
    if (seen_lower_[i] == INT_MIN && seen_upper_[i] == INT_MAX && walked_lower_[i] == INT_MIN && walked_upper_[i] == INT_MAX)
        bound_touched_.push_back(x);
}

// Whether a bound fact of the nogood being learned implies f: one at least as strong
// (strictly stronger, when `strictly`: f itself is not implied by f).
bool LearningSearch::implied_by_bound_facts(const Fact& f, bool strictly) const {
    const std::size_t x = static_cast<std::size_t>(f.var);
    switch (f.kind) {
        case FactKind::greater_equal: return strictly ? f.value < seen_lower_[x] : f.value <= seen_lower_[x];
        case FactKind::less_equal: return strictly ? f.value > seen_upper_[x] : f.value >= seen_upper_[x];
        case FactKind::not_equal: return f.value < seen_lower_[x] || f.value > seen_upper_[x];
        case FactKind::equal: return false;
    }
    return false;
}

// A bound fact made true below the current level is one fact of the nogood (the
// strongest of each side per variable is kept). At the current level it is resolved:
// [x >= v] became true at the removal of w, the lower bound just before, and holds
// because [x >= w], [x != w] and [x != u] for the holes u between w and v (removed
// earlier) do; those are marked instead, [x >= w] in turn; or, where a propagator
// pushed the bound and explains bound facts, because of its explanation of [x >= v]
// (explain_push), which ends the walk. Likewise [x <= v].
void LearningSearch::mark_bound(Fact f, int& at_current_level) {
    const int x = f.var;
    const std::size_t i = static_cast<std::size_t>(x);
    int p = position(f);  // (of f as the walk goes)
    if (literal_branching()) {
        // Every bound fact met is bumped, also one resolved away below, and at each
        // meeting: Chuffed bumps each literal once per conflict, which on six seeds
        // halved grid-colouring 10_10's median but tripled costas-16's and doubled
        // market_split s4-03's and quasigroup7-10's.
        if (p != at_root && p != present && records_[static_cast<std::size_t>(p)].level > 0) bump_literal(f);
    }
    const bool lower = f.kind == FactKind::greater_equal;
    // The walks of this analysis: the resolution of [x >= v] is marked for v in
    // (walked_lower_from_, walked_lower_] (the chain of a weaker bound is part of a
    // stronger one's), so each value is walked once per analysis, not once per bound
    // fact that reaches it. Not below that range: a walk that ends in a push's
    // explanation covers only the bounds the push made true (one made true before
    // may be part of the reason for that explanation's facts).
    const auto covered = [&](int v) {
        return lower ? v > walked_lower_from_[i] && v <= walked_lower_[i] : v < walked_upper_from_[i] && v >= walked_upper_[i];
    };
    const int start = f.value;
    int reached = lower ? INT_MIN : INT_MAX;  // the walk covers (reached, start] ([start, reached))
    bool resolved = false;
    for (;;) {
        if (covered(f.value)) {
            reached = lower ? walked_lower_from_[i] : walked_upper_from_[i];
            break;
        }
        if (p == at_root || p == present) break;
        const Record& r = records_[static_cast<std::size_t>(p)];
        if (r.level == 0) break;
        if (r.level < level()) {
            int& strongest = lower ? seen_lower_[i] : seen_upper_[i];
            if (lower ? strongest >= f.value : strongest <= f.value) break;
            touch_bounds(x);
            strongest = f.value;
            learned_.push_back(f);
            bump(x, lower ? f.value - low_[x] : high_[x] - f.value);
            break;
        }
        if (r.reason.kind == ReasonKind::equality && records_[static_cast<std::size_t>(r.reason.index)].fact.is_bound()) {
            mark_bound_decision(f, r.reason.index, at_current_level);
            break;
        }
        resolved = true;
        if (r.reason.kind == ReasonKind::propagator && explain_push(f, r)) {
            reached = lower ? lower_before(x, r.cut) : upper_before(x, r.cut);
            break;
        }
        const int w = r.fact.value;  // r is [x != w]
        mark(r.fact, at_current_level);
        if (lower) {
            for (int u = w + 1; u < f.value; ++u) mark(Fact{x, u, FactKind::not_equal}, at_current_level);
        } else {
            for (int u = w - 1; u > f.value; --u) mark(Fact{x, u, FactKind::not_equal}, at_current_level);
        }
        f = Fact{x, w, f.kind};
        p = position(f);
    }
    if (resolved) {
        touch_bounds(x);
        note_walk(x, lower, reached, start);
    }
}

// f made true by a bound decision (the removal of the old bound, explained by it):
// the decision is the fact, the UIP of its level at the latest. The decided bound may
// lie in a hole short of f's (x <= 0 decided over {-1, 1, 2} makes x <= -1 true):
// the values between were removed before the decision, and those removals are part
// of the reason.
void LearningSearch::mark_bound_decision(const Fact& f, int decision, int& at_current_level) {
    mark_record(decision, at_current_level);
    const int x = f.var;
    const int decided = records_[static_cast<std::size_t>(decision)].fact.value;
    if (f.kind == FactKind::greater_equal) {
        for (int u = decided; u < f.value; ++u) mark(Fact{x, u, FactKind::not_equal}, at_current_level);
    } else {
        for (int u = decided; u > f.value; --u) mark(Fact{x, u, FactKind::not_equal}, at_current_level);
    }
}

// Records that a walk of this analysis covers (from, to] of x's lower bound facts
// ([to, from) of its upper ones): joined to the range covered so far where they
// meet, else in its place (either range alone is a true claim).
void LearningSearch::note_walk(int x, bool lower, int from, int to) {
    const std::size_t i = static_cast<std::size_t>(x);
    int& top = lower ? walked_lower_[i] : walked_upper_[i];
    int& beyond = lower ? walked_lower_from_[i] : walked_upper_from_[i];
    const bool meets = lower ? from <= top && beyond <= to : from >= top && beyond >= to;
    if (meets) {
        top = lower ? std::max(top, to) : std::min(top, to);
        beyond = lower ? std::min(beyond, from) : std::max(beyond, from);
    } else {
        top = to;
        beyond = from;
    }
}

// [x >= v] (or [x <= v]) made true by a propagator's push, the domain change that
// recorded r: when the propagator explains bound facts, it is asked for f itself,
// on the domains before that change, and its facts are left on pushes_ to be marked
// (mark_all) in place of the removals (one explanation for the values the push
// removed, each of which would otherwise be explained and resolved in turn). False
// when it declines.
bool LearningSearch::explain_push(const Fact& f, const Record& r) {
    const Propagator& p = solver_.propagator(r.reason.index);
    if (!p.explains_bound_facts()) return false;
    const std::size_t first = pushes_.size();
    RecordExplanation view(*this, r.cut, f, pushes_);
    ++statistics_.explanations;
    const bool explained = p.explain(view) && held_before(pushes_, first, r.cut);
    solver_.propagator(p.id()).count_explanation(false, explained);
    if (!explained) {
        pushes_.resize(first);
        return false;
    }
    ++statistics_.bound_explanations;
    if (on_explanation) on_explanation(&p, f, std::vector<Fact>(pushes_.begin() + static_cast<std::ptrdiff_t>(first), pushes_.end()));
    bump(f.var);
    return true;  // (its facts stay on pushes_, for mark_all to mark)
}

// Marks each fact, then the facts of the pushes explained meanwhile (which may push
// more): a stack, not a recursion, so that a chain of pushes as long as the model
// (a precedence chain of a job shop) does not grow the call stack.
void LearningSearch::mark_all(const std::vector<Fact>& facts, int& at_current_level) {
    for (const Fact& f : facts) mark(f, at_current_level);
    while (!pushes_.empty()) {
        const Fact g = pushes_.back();
        pushes_.pop_back();
        mark(g, at_current_level);
    }
}

// Whether a fact is implied by the nogood being learned (or the root): its record
// is marked, or a bound fact of the nogood is as strong or stronger.
bool LearningSearch::covered(const Fact& f) const {
    if (implied_by_bound_facts(f, false)) return true;
    const int q = position(f);
    if (q == at_root) return true;
    if (q == present) return false;
    const Record& r = records_[static_cast<std::size_t>(q)];
    return r.level == 0 || (!f.is_bound() && seen_[static_cast<std::size_t>(q)]);
}

// First UIP over conflict_: learned_ gets the nogood, its UIP first and a fact of
// the level to jump back to second. Returns that level, or -1 for a root conflict.
// The per-analysis marks (seen_ on records, the bound state) back to unmarked.
void LearningSearch::clear_analysis_marks() {
    apply_literal_bumps();
    for (int p : touched_) seen_[static_cast<std::size_t>(p)] = 0;
    touched_.clear();
    for (int x : bound_touched_) {
        const std::size_t i = static_cast<std::size_t>(x);
        seen_lower_[i] = walked_lower_[i] = walked_lower_from_[i] = INT_MIN;
        seen_upper_[i] = walked_upper_[i] = walked_upper_from_[i] = INT_MAX;
    }
    bound_touched_.clear();
}

int LearningSearch::analyse() {
    int top = 0;
    for (const Fact& f : conflict_) {
        const int p = position(f);
        if (p != at_root && p != present) top = std::max(top, records_[static_cast<std::size_t>(p)].level);
    }
    if (top == 0) return -1;
    if (top < level()) undo_to(top);  // the facts stay true: they are all at or below top
    learned_.clear();
    learned_.push_back(Fact{});
    int open = 0;
    mark_all(conflict_, open);
    std::size_t at = records_.size();
    std::uint32_t steps = 0;
    for (;;) {
        do {
            --at;
        } while (!seen_[at]);
        seen_[at] = 0;
        if (--open == 0) break;
        // One analysis can take seconds on very wide domains: a stop request or the
        // time limit ends it (and the search) here, not after it.
        if ((++steps & 255) == 0 && interrupted()) {
            clear_analysis_marks();
            limit_hit_ = true;
            return -1;
        }
        explain(static_cast<int>(at), because_);
        mark_all(because_, open);
    }
    learned_[0] = records_[at].fact;
    seen_[at] = 1;
    minimise();
    clear_analysis_marks();
    int back = 0;
    std::size_t where = 0;
    for (std::size_t i = 1; i < learned_.size(); ++i) {
        const int l = records_[static_cast<std::size_t>(position(learned_[i]))].level;
        if (l > back) {
            back = l;
            where = i;
        }
    }
    if (where != 0) std::swap(learned_[1], learned_[where]);
    return back;
}

// Drops each fact implied by a stronger bound fact of the nogood, and each fact whose
// explanation lies within the nogood (or the root): the nogood stays implied
// (self-subsuming resolution, one step). Facts of propagators that have fallen back
// are kept without asking (their explanation is a scope); bound facts are kept. The
// facts are of lower levels, met again conflict after conflict: their explanations
// come from a cache (explain_cached).
void LearningSearch::minimise() {
    std::size_t kept = 1;
    for (std::size_t i = 1; i < learned_.size(); ++i) {
        const Fact f = learned_[i];
        if (implied_by_bound_facts(f, true)) continue;
        if (f.is_bound()) {
            learned_[kept++] = f;
            continue;
        }
        const int p = position(f);
        bool redundant = false;
        const Reason& reason = records_[static_cast<std::size_t>(p)].reason;
        // A decision has no explanation; the fallback's (a whole scope) is long and
        // almost never inside the nogood, so it is not asked for here.
        const bool worth_asking = reason.kind != ReasonKind::decision &&
                                  !(reason.kind == ReasonKind::propagator && static_cast<std::size_t>(reason.index) < falls_back_.size() &&
                                    falls_back_[static_cast<std::size_t>(reason.index)]);
        if (worth_asking) {
            explain_cached(p, because_);
            redundant = std::all_of(because_.begin(), because_.end(), [&](const Fact& g) { return covered(g); });
        }
        if (!redundant) learned_[kept++] = f;
    }
    learned_.resize(kept);
}

// explain(), or the explanation cached for the same record (see cached_facts_).
void LearningSearch::explain_cached(int position, std::vector<Fact>& out) {
    const std::size_t at = static_cast<std::size_t>(position);
    if (cached_serial_[at] == record_serial_[at]) {
        const auto first = cached_facts_.begin() + cached_begin_[at];
        out.assign(first, first + cached_size_[at]);
        ++cached_explanations_used;
        if (check_cached_explanations) {
            std::vector<Fact> fresh;
            explain(position, fresh);
            if (fresh != out) ++cached_explanations_wrong;
        }
        return;
    }
    explain(position, out);
    if (out.size() > cached_facts_.capacity()) return;
    if (cached_facts_.size() + out.size() > cached_facts_.capacity()) {
        cached_facts_.clear();
        std::fill(cached_serial_.begin(), cached_serial_.end(), 0);
    }
    cached_serial_[at] = record_serial_[at];
    cached_begin_[at] = static_cast<std::uint32_t>(cached_facts_.size());
    cached_size_[at] = static_cast<std::uint32_t>(out.size());
    cached_facts_.insert(cached_facts_.end(), out.begin(), out.end());
}

// ---- The nogood store ----

int LearningSearch::add_nogood(const std::vector<Fact>& facts, bool learned, std::uint32_t lbd) {
    const int c = static_cast<int>(nogoods_.size());
    nogood_atoms_.push_back(static_cast<int>(facts.size()));
    nogood_atoms_.push_back(c);
    const auto begin = static_cast<std::uint32_t>(nogood_atoms_.size());
    nogoods_.push_back(Nogood{begin, static_cast<std::uint32_t>(facts.size()), lbd, learned, false, nogood_step_});
    for (const Fact& f : facts) nogood_atoms_.push_back(atom(f));
    if (facts.size() >= 2) watch_first_two(begin);
    if (learned) {
        ++learned_live_;
        nogood_step_ += 1;
        if (on_learned) on_learned(facts);
    }
    return c;
}

void LearningSearch::add_watch(int atom, const Watch& w) {
    watches_[static_cast<std::size_t>(atom)].push_back(w);
    atom_state_[static_cast<std::size_t>(atom)] |= atom_is_watched;
}

// The nogood whose facts start at `begin` watches its first two, each the other's
// blocker.
void LearningSearch::watch_first_two(std::uint32_t begin) {
    const int* atoms = &nogood_atoms_[begin];
    add_watch(atoms[0], Watch{begin, atoms[1]});
    add_watch(atoms[1], Watch{begin, atoms[0]});
}

// Makes f false, the nogood `c` being the reason.
bool LearningSearch::assert_negation(const Fact& f, int c) {
    const IntVar x{f.var};
    Event e = Event::failed;
    cause_ = Reason{ReasonKind::nogood, c};
    switch (f.kind) {
        case FactKind::equal: e = solver_.remove(x, f.value); break;
        case FactKind::greater_equal: e = solver_.set_max(x, std::int64_t{f.value} - 1); break;
        case FactKind::less_equal: e = solver_.set_min(x, std::int64_t{f.value} + 1); break;
        case FactKind::not_equal:
            push_equal(f.var, f.value, Reason{ReasonKind::nogood, c});
            cause_ = Reason{ReasonKind::equality, static_cast<int>(records_.size()) - 1};
            e = solver_.assign(x, f.value);
            break;
    }
    cause_ = Reason{};
    return !is_failure(e);
}

// Two watched facts per nogood, neither true unless the other is false (or the
// nogood is asserting). Walks the facts recorded since the last run: each removal
// or fixing, and the bound facts a removal made true (those between the bound it
// removed and the next value left: amortised, like the removals).
Status LearningSearch::propagate_nogoods() {
    while (propagated_ < records_.size()) {
        const Record& r = records_[propagated_++];  // (records_ never reallocates)
        const Fact f = r.fact;
        if (f.is_bound()) continue;  // a bound decision: its removals wake the watches
        const std::uint8_t moved = r.bounds_moved;
        const int at = static_cast<int>(propagated_) - 1;
        if (!wake_watches(f)) return Status::failed;
        const int x = f.var;
        if (moved & lower_moved) {
            for (int v = f.value + 1; v <= high_[x]; ++v) {
                if (!wake_watches(Fact{x, v, FactKind::greater_equal})) return Status::failed;
                if (value_position_[value_slot(x, v)] >= at) break;  // v was left: the new bound
            }
        }
        if (moved & upper_moved) {
            for (int v = f.value - 1; v >= low_[x]; --v) {
                if (!wake_watches(Fact{x, v, FactKind::less_equal})) return Status::failed;
                if (value_position_[value_slot(x, v)] >= at) break;
            }
        }
    }
    return Status::ok;
}

// The nogoods watching f, which has become true: each finds another watch, or asserts
// its other watched fact false, or fails (false).
bool LearningSearch::visit_watches(int watched) {
    std::vector<Watch>& list = watches_[static_cast<std::size_t>(watched)];
    std::size_t keep = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Watch w = list[i];
        if (atom_false(w.blocker)) {  // (sound: see the comment on Watch)
            list[keep++] = w;
            continue;
        }
        int* atoms = &nogood_atoms_[w.begin];
        const int size = atoms[-2];
        if (size < 0) continue;  // deleted
        const int c = atoms[-1];
        if (atoms[0] == watched) std::swap(atoms[0], atoms[1]);
        if (atom_false(atoms[0])) {
            list[keep++] = Watch{w.begin, atoms[0]};
            continue;
        }
        bool moved = false;
        for (int k = 2; k < size; ++k) {
            if (!atom_true(atoms[k])) {
                std::swap(atoms[1], atoms[k]);
                add_watch(atoms[1], Watch{w.begin, atoms[0]});
                moved = true;
                break;
            }
        }
        if (moved) continue;
        list[keep++] = Watch{w.begin, atoms[0]};
        if (atom_true(atoms[0]) || !assert_negation(fact_of(atoms[0]), c)) {
            for (++i; i < list.size(); ++i) list[keep++] = list[i];
            list.resize(keep);
            conflict_nogood_ = c;
            return false;
        }
    }
    list.resize(keep);
    if (keep == 0) atom_state_[static_cast<std::size_t>(watched)] &= ~atom_is_watched;
    return true;
}

// Whether nogood c is the reason of a current fact: of the negation of its first
// fact, the one it asserts.
std::vector<Fact> LearningSearch::unpropagated_nogood() const {
    for (const Nogood& n : nogoods_) {
        if (n.deleted) continue;
        const int* atoms = &nogood_atoms_[n.begin];
        std::uint32_t open = 0;
        int last = 0;
        for (std::uint32_t k = 0; k < n.size; ++k) {
            if (!atom_true(atoms[k])) {
                ++open;
                last = atoms[k];
            }
        }
        if (open == 0 || (open == 1 && !atom_false(last))) {
            std::vector<Fact> facts;
            for (std::uint32_t k = 0; k < n.size; ++k) facts.push_back(fact_of(atoms[k]));
            return facts;
        }
    }
    return {};
}

bool LearningSearch::locked(int c) const {
    const Nogood& n = nogoods_[static_cast<std::size_t>(c)];
    const int p = position(negation(fact_of(nogood_atoms_[n.begin])));
    if (p == at_root || p == present) return false;
    const Record& r = records_[static_cast<std::size_t>(p)];
    return r.reason.kind == ReasonKind::nogood && r.reason.index == c;
}

// Deletes half of the learned nogoods, those of the highest LBD (then the oldest);
// nogoods of LBD 2 or less and the reasons of current facts stay.
void LearningSearch::reduce_store() {
    std::vector<int>& candidates = deletion_candidates_;
    candidates.clear();
    for (std::size_t c = 0; c < nogoods_.size(); ++c) {
        const Nogood& n = nogoods_[c];
        if (n.learned && !n.deleted && n.lbd > 2 && !locked(static_cast<int>(c))) candidates.push_back(static_cast<int>(c));
    }
    std::sort(candidates.begin(), candidates.end(), [&](int a, int b) {
        const Nogood& x = nogoods_[static_cast<std::size_t>(a)];
        const Nogood& y = nogoods_[static_cast<std::size_t>(b)];
        return x.lbd != y.lbd ? x.lbd > y.lbd : x.activity < y.activity;
    });
    for (std::size_t i = 0; i < candidates.size() / 2; ++i) {
        Nogood& n = nogoods_[static_cast<std::size_t>(candidates[i])];
        n.deleted = true;
        nogood_atoms_[n.begin - 2] = -1;  // (the header's size: visit_watches drops its watches)
        --learned_live_;
        deleted_atoms_ += n.size + 2;
        ++statistics_.deleted;
    }
    max_learned_ += max_learned_ / 10;
    if (deleted_atoms_ * 2 > nogood_atoms_.size()) compact_store();
}

// Moves the live nogoods' facts together and rebuilds the watches (each nogood's
// watched facts are its first two, so the rebuilt lists keep the invariant).
void LearningSearch::compact_store() {
    std::vector<int> atoms;
    atoms.reserve(nogood_atoms_.size() - deleted_atoms_);
    for (auto& list : watches_) list.clear();
    for (AtomState& state : atom_state_) state &= ~atom_is_watched;
    for (std::size_t c = 0; c < nogoods_.size(); ++c) {
        Nogood& n = nogoods_[c];
        if (n.deleted) continue;
        atoms.push_back(static_cast<int>(n.size));
        atoms.push_back(static_cast<int>(c));
        const std::uint32_t begin = static_cast<std::uint32_t>(atoms.size());
        atoms.insert(atoms.end(), nogood_atoms_.begin() + n.begin, nogood_atoms_.begin() + n.begin + n.size);
        n.begin = begin;
    }
    nogood_atoms_.swap(atoms);
    for (const Nogood& n : nogoods_) {
        if (!n.deleted && n.size >= 2) watch_first_two(n.begin);
    }
    deleted_atoms_ = 0;
}

}  // namespace prune
