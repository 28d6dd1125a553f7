#include "search.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <string_view>

#if !defined(PRUNE_NO_LEARNING)
#include "learning/learning_search.hpp"  // (a PRUNE_MINIMAL build never makes one)
#endif
#include "propagators/restart_nogoods.hpp"

namespace prune {

Search::Search(Solver& solver, SearchOptions options)
    : solver_(solver), options_(std::move(options)), schedule_(options_.restarts), random_(options_.seed) {
    const int n = solver_.variable_count();
    std::vector<char> listed(static_cast<std::size_t>(n), 0);
    order_.reserve(static_cast<std::size_t>(n));
    if (!options_.phases.empty()) {
        for (const SearchPhase& phase : options_.phases) add_phase(phase.variables, phase.variable, phase.value, listed);
    } else if (!options_.decision_variables.empty()) {
        add_phase(options_.decision_variables, options_.variable, options_.value, listed);
    } else if (!projecting()) {
        std::vector<IntVar> all;
        all.reserve(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) all.push_back(IntVar{i});
        add_phase(all, options_.variable, options_.value, listed);
    }
    if (projecting()) {
        // The projection variables are labelled before the other open variables, so
        // that the rest is witness search whose alternatives can be skipped.
        in_projection_.assign(static_cast<std::size_t>(n), 0);
        for (IntVar x : options_.projection) {
            if (x.index >= 0 && x.index < n) in_projection_[x.index] = 1;
        }
        const bool heuristic = options_.phases.empty() && options_.decision_variables.empty();
        add_phase(options_.projection, heuristic ? options_.variable : VariableSelection::input_order,
                  heuristic ? options_.value : ValueSelection::min, listed);
    }
    // Then whatever else is still open, so that every solution is fully fixed.
    std::vector<IntVar> rest;
    for (int i = 0; i < n; ++i) {
        if (!listed[i]) rest.push_back(IntVar{i});
    }
    add_phase(rest, VariableSelection::input_order, ValueSelection::min, listed);
    for (const PhaseRange& phase : phases_) uses_weights_ = uses_weights_ || phase.variable == VariableSelection::dom_wdeg;
    if (uses_weights_) weight_.assign(static_cast<std::size_t>(n), 1);
    base_depth_ = solver_.depth();
    if (base_depth_ != 0) schedule_ = RestartSchedule{};  // restart nogoods live at the root
    if (schedule_.enabled()) {
        make_nogood_store();
        run_limit_ = schedule_.limit(0);
    }
    // Counting in bulk (count()): the open-variable tracking is made here, where a
    // search may allocate, and kept at start() only if this search counts. (Not in
    // a PRUNE_MINIMAL build: its RAM is the embedded budget, docs/embedding.md.)
#if !defined(PRUNE_MINIMAL)
    if (options_.bulk_counting && !projecting() && !solver_.open_tracking()) {
        solver_.start_open_tracking(nogoods_);
        tracking_open_ = true;
    }
#endif
    reserve_for_search();
    if (options_.learn) learning_unavailable_ = why_no_learning(solver_);
#if !defined(PRUNE_MINIMAL) && !defined(PRUNE_NO_LEARNING)
    if (options_.learn && learning_unavailable_.empty()) make_learning();
    // (supports() asks for the root: known now, once.)
    may_learn_later_ = !options_.learn && options_.learn_after_propagations != 0 && base_depth_ == 0 &&
                       options_.nogood_exchange == nullptr && LearningSearch::supports(solver_, nullptr);
#endif
}

std::string Search::why_no_learning(const Solver& solver) {
#if defined(PRUNE_MINIMAL)
    (void)solver;
    return "learning is not part of a PRUNE_MINIMAL build";
#elif defined(PRUNE_NO_LEARNING)
    (void)solver;
    return learning_compiled_out;
#else
    std::string why;
    return LearningSearch::supports(solver, &why) ? std::string() : why;
#endif
}

// Choice points and undo entries are bounded by the depth, which is bounded by the
// variables (and their bits, for splits): reserved so that search does not allocate.
// The undo log's default is the model's bound on domain entries (three per value)
// plus room for propagator state, no more than the older 64 per variable.
void Search::reserve_for_search() {
    const std::size_t n = static_cast<std::size_t>(solver_.variable_count());
    const std::size_t depth = options_.depth_reserve != 0 ? options_.depth_reserve : n * 4 + 64;
    stack_.reserve(depth);
    std::size_t entries = options_.trail_reserve;
    if (entries == 0) {
        std::size_t values = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const IntVar x{static_cast<int>(i)};
            values += solver_.is_bitset(x) && !solver_.fixed(x) ? static_cast<std::size_t>(solver_.size(x)) : 0;
        }
        entries = std::min(3 * values + 16 * n, 64 * n) + 1024;
    }
    // The open-variable counts of bulk counting are trailed too.
    if (tracking_open_) entries += solver_.open_tracking_entries() + 4 * n;
    solver_.trail().reserve(entries, depth);
}

Search::~Search() {
    while (solver_.depth() > base_depth_) solver_.pop_level();
    solver_.clear_queue();
    if (tracking_open_) solver_.stop_open_tracking();
    if (nogoods_ != nullptr) nogoods_->clear();  // they hold for this search only
    if (started_) solver_.set_interrupt(outer_stop_, outer_deadline_);
#if !defined(PRUNE_NO_LEARNING)
    learning_.reset();  // at the base depth again: it switches its nogood store off
#endif
}

void Search::minimize(IntVar objective) {
    objective_ = objective;
    objective_sense_ = -1;
}

void Search::maximize(IntVar objective) {
    objective_ = objective;
    objective_sense_ = +1;
}

SearchStatus Search::finish(SearchStatus status) {
    statistics_.propagations = solver_.propagations() - propagations_at_start_;
#if !defined(PRUNE_MINIMAL)
    if (solver_.has_clock()) statistics_.seconds = static_cast<double>(solver_.now() - start_time_) * 1e-9;
#endif
    return status;
}

bool Search::start() {
    if (!limits_supported()) return false;
    if (solver_.memory_exhausted()) {
        // The model or the search's own reservations did not fit the solver's arena.
        memory_limit_hit_ = true;
        limit_hit_ = true;
        return false;
    }
    started_ = true;
    start_time_ = solver_.now();
    propagations_at_start_ = solver_.propagations();
#if defined(PRUNE_MINIMAL)
    const std::uint64_t deadline = Solver::no_deadline;  // time limits are refused (limits_supported())
#else
    const double seconds = options_.limits.seconds;
    const std::uint64_t deadline = seconds > 0 && seconds < 1e9 ? start_time_ + static_cast<std::uint64_t>(seconds * 1e9)
                                                               : Solver::no_deadline;
#endif
    outer_stop_ = solver_.interrupt_flag();
    outer_deadline_ = solver_.interrupt_deadline();
    solver_.set_interrupt(options_.stop != nullptr ? options_.stop : outer_stop_, std::min(deadline, outer_deadline_));
    if (Tracer* t = solver_.tracer()) t->on_node(0, 0, 0);
    start_bulk_counting();
    return solver_.propagate();
}

// Counting in bulk needs a count whose solutions are all plain ones (no objective,
// projection, learning or tracer that looks at each) and the solver's open tracking
// to itself (made by the constructor unless a search inside another one's node
// found the outer one's): otherwise the tracking goes off here, before any node.
void Search::start_bulk_counting() {
    if (!tracking_open_) return;
    if (counting_ && objective_sense_ == 0 && !projecting() && !learning_active() && solver_.tracer() == nullptr) return;
    solver_.stop_open_tracking();
    tracking_open_ = false;
}

// The tracking costs a little at every fixing; a count that met no node to count in
// bulk in its first 65,536 nodes or 1,024 solutions (a permutation problem, where an
// alldifferent ties all open variables, never does) stops paying for it. Only speed
// is at stake: every node is counted either way.
bool bulk_counting_unpaid(const SearchStatistics& s) {
    return s.bulk_nodes == 0 && (s.nodes >= 65536 || s.solutions >= 1024);
}

// At a fixpoint: when the open variables are independent (Solver::open_tracking), the
// node's solutions are the combinations of their values; counts them and returns
// true (the caller backtracks as after a leaf). False when they are not, when every
// variable is fixed (a plain solution), or when the product overflows.
bool Search::count_in_bulk() {
    if (!solver_.open_variables_independent()) return false;
    if (nogoods_ != nullptr && !nogoods_->satisfied()) return false;
    std::uint64_t product = 1;
    bool open = false;
    for (int i = 0; i < solver_.variable_count(); ++i) {
        const IntVar x{i};
        if (solver_.fixed(x)) continue;
        // A bounds-only domain may hold values its propagators could not remove.
        if (!solver_.is_bitset(x)) return false;
        const std::uint64_t size = static_cast<std::uint64_t>(solver_.size(x));
        if (product > UINT64_MAX / size) return false;
        product *= size;
        open = true;
    }
    if (!open) return false;
    bulk_pending_ += product;
    statistics_.solutions += product;
    statistics_.bulk_solutions += product;
    ++statistics_.bulk_nodes;
    return true;
}

SearchStatus Search::next() {
    if (!solver_.error().empty()) return SearchStatus::error;
    if (exhausted_) return SearchStatus::exhausted;
    if (limit_hit_) return SearchStatus::limit;
    if (!started_) {
        if (!start()) {
            if (solver_.interrupted() || limit_hit_) {
                limit_hit_ = true;
                return finish(SearchStatus::limit);
            }
            exhausted_ = true;
            return finish(solver_.error().empty() ? SearchStatus::exhausted : SearchStatus::error);
        }
    } else if (at_solution_) {
        at_solution_ = false;
        if (projecting() && !skip_witness_choices()) return finish(stopped_or_exhausted());
        if (!backtrack()) return finish(stopped_or_exhausted());
    }
#if !defined(PRUNE_MINIMAL) && !defined(PRUNE_NO_LEARNING)
    if (learning_ != nullptr) {
        learning_->set_objective(objective_, objective_sense_);
        return finish(learning_->next());
    }
#endif
    for (;;) {
        if (limit_reached()) {
            limit_hit_ = true;
            return finish(SearchStatus::limit);
        }
#if !defined(PRUNE_MINIMAL) && !defined(PRUNE_NO_LEARNING)
        if (learning_due()) {
            if (!switch_to_learning()) {
                if (solver_.interrupted()) limit_hit_ = true;
                return finish(stopped_or_exhausted());
            }
            learning_->set_objective(objective_, objective_sense_);
            return finish(learning_->next());
        }
#endif
        if (schedule_.enabled() && failures_in_run_ >= run_limit_) {
            if (!restart()) {
                if (limit_hit_ || solver_.interrupted()) {
                    limit_hit_ = true;
                    return finish(SearchStatus::limit);
                }
                exhausted_ = true;
                return finish(SearchStatus::exhausted);
            }
            continue;
        }
        if (tracking_open_) {
            if (count_in_bulk()) {
                if (!backtrack()) return finish(stopped_or_exhausted());
                continue;
            }
            if (bulk_counting_unpaid(statistics_)) {
                solver_.stop_open_tracking();
                tracking_open_ = false;
            }
        }
        Literal decision;
        if (!select(decision)) {
            if (projecting() && projected_duplicate()) {
                // Another branch already reported this projected solution.
                if (!skip_witness_choices() || !backtrack()) return finish(stopped_or_exhausted());
                continue;
            }
            ++statistics_.solutions;
            at_solution_ = true;
            if (Tracer* t = solver_.tracer()) t->on_solution(solver_);
            if (objective_sense_ != 0) {
                best_objective_ = solver_.value(objective_);
                have_best_ = true;
            }
            return finish(SearchStatus::solution);
        }
        stack_.push_back(ChoicePoint{decision, false, false, current_node_});
        if (projecting()) {
            ChoicePoint& choice = stack_.back();
            choice.witness = projection_fixed();
            if (!choice.witness && !in_projection_[decision.var.index]) may_repeat_projection_ = true;
        }
        if (descend(decision, false)) continue;
        if (!backtrack()) return finish(stopped_or_exhausted());
    }
}

// After backtrack() returned false: a limit stopped it, or the tree is explored.
SearchStatus Search::stopped_or_exhausted() {
    if (limit_hit_) return SearchStatus::limit;
    exhausted_ = true;
    return SearchStatus::exhausted;
}

SearchStatus Search::count(std::uint64_t& solutions) {
    if (!started_) counting_ = true;
    for (;;) {
        const SearchStatus status = next();
        solutions += bulk_pending_;
        bulk_pending_ = 0;
        if (status != SearchStatus::solution) return status;
        ++solutions;
    }
}

void Search::add_phase(const std::vector<IntVar>& variables, VariableSelection variable, ValueSelection value,
                       std::vector<char>& listed) {
    const std::size_t begin = order_.size();
    for (IntVar x : variables) {
        if (x.index < 0 || x.index >= static_cast<int>(listed.size()) || listed[x.index]) continue;
        listed[x.index] = 1;
        order_.push_back(x);
    }
    if (order_.size() > begin) phases_.push_back(PhaseRange{begin, order_.size(), variable, value});
}

bool Search::select(Literal& decision) {
    for (const PhaseRange& phase : phases_) {
        if (select_in(phase, decision)) return true;
    }
    return false;
}

// Lower is better. Integers, exact (the scores were doubles once: the same order).
std::int64_t Search::score(IntVar x, VariableSelection how) const {
    switch (how) {
        case VariableSelection::input_order:
        case VariableSelection::dom_wdeg: return 0;  // (select_in() handles these two)
        case VariableSelection::smallest_domain: return solver_.size(x);
        case VariableSelection::smallest_value: return solver_.min(x);
        case VariableSelection::largest_value: return -std::int64_t{solver_.max(x)};
        case VariableSelection::largest_domain: return -solver_.size(x);
    }
    return 0;
}

// The open variable with the smallest domain size / failure weight (ties: the first).
bool Search::select_dom_wdeg(const PhaseRange& phase, std::size_t& best) const {
    best = phase.end;
    std::int64_t best_size = 0;
    FailureWeight best_weight = 1;
    for (std::size_t i = phase.begin; i < phase.end; ++i) {
        const IntVar x = order_[i];
        if (solver_.fixed(x)) continue;
        const std::int64_t size = solver_.size(x);
        const FailureWeight weight = weight_[x.index];
#if defined(PRUNE_MINIMAL)
        const bool better = static_cast<std::uint64_t>(size) * best_weight < static_cast<std::uint64_t>(best_size) * weight;
#else
        const bool better = static_cast<double>(size) / weight < static_cast<double>(best_size) / best_weight;
#endif
        if (best == phase.end || better) {
            best = i;
            best_size = size;
            best_weight = weight;
        }
    }
    return best != phase.end;
}

// The best open variable of one phase (ties: the first), and the decision on it.
bool Search::select_in(const PhaseRange& phase, Literal& decision) {
    std::size_t best = phase.end;
    if (phase.variable == VariableSelection::dom_wdeg) {
        select_dom_wdeg(phase, best);
    } else {
        std::int64_t best_score = 0;
        for (std::size_t i = phase.begin; i < phase.end; ++i) {
            const IntVar x = order_[i];
            if (solver_.fixed(x)) continue;
            if (phase.variable == VariableSelection::input_order) {
                best = i;
                break;
            }
            const std::int64_t sc = score(x, phase.variable);
            if (best == phase.end || sc < best_score) {
                best = i;
                best_score = sc;
            }
        }
    }
    if (best == phase.end) return false;
    decision = make_decision(order_[best], phase.value);
    return true;
}

Literal Search::make_decision(IntVar x, ValueSelection how) {
    const std::int64_t lo = solver_.min(x);
    const std::int64_t hi = solver_.max(x);
    // A bounds-only domain cannot exclude an interior value: split it instead.
    if (!solver_.is_bitset(x) && (how == ValueSelection::median || how == ValueSelection::random)) {
        how = ValueSelection::split;
    }
    switch (how) {
        case ValueSelection::min: return Literal{x, static_cast<int>(lo), LiteralKind::equal};
        case ValueSelection::max: return Literal{x, static_cast<int>(hi), LiteralKind::equal};
        case ValueSelection::median:
            return Literal{x, solver_.nth_value(x, (solver_.size(x) - 1) / 2), LiteralKind::equal};
        case ValueSelection::split: return split_literal(solver_, x, false);
        case ValueSelection::reverse_split: return split_literal(solver_, x, true);
        case ValueSelection::random: {
            const std::uint64_t k = random_.below(static_cast<std::uint64_t>(solver_.size(x)));
            return Literal{x, solver_.nth_value(x, static_cast<std::int64_t>(k)), LiteralKind::equal};
        }
    }
    return Literal{x, static_cast<int>(lo), LiteralKind::equal};
}

bool Search::apply_objective_bound() {
    if (options_.shared_objective != nullptr && !apply_shared_objective()) return false;
    if (!have_best_) return true;
    const Event e = objective_sense_ < 0 ? solver_.set_max(objective_, best_objective_ - 1)
                                         : solver_.set_min(objective_, best_objective_ + 1);
    return !is_failure(e);
}

// Another worker's incumbent (parallel search), once there is one.
bool Search::apply_shared_objective() {
#if defined(PRUNE_NO_THREADS)
    return true;  // one thread, no other worker (and no 64-bit atomics on a Cortex-M4)
#else
    if (objective_sense_ == 0) return true;
    const std::int64_t shared = options_.shared_objective->load(std::memory_order_relaxed);
    if (objective_sense_ < 0) return shared == INT64_MAX || !is_failure(solver_.set_max(objective_, shared - 1));
    return shared == INT64_MIN || !is_failure(solver_.set_min(objective_, shared + 1));
#endif
}

bool Search::descend(const Literal& decision, bool right) {
    solver_.push_level();
    ++statistics_.nodes;
    if ((statistics_.nodes & 1023) == 0 && options_.progress) options_.progress(statistics_);
    if (stack_.size() > statistics_.max_depth) statistics_.max_depth = stack_.size();
    current_node_ = ++last_node_id_;
    Tracer* tracer = solver_.tracer();
    if (tracer != nullptr) {
        tracer->on_node(current_node_, stack_.back().parent_node, static_cast<int>(stack_.size()));
        tracer->on_decision(solver_, decision, right);
    }
    if (!is_failure(enforce(solver_, decision, right)) && apply_objective_bound()) {
        if (solver_.propagate()) return true;
        if (solver_.interrupted()) {
            // Stopped, not failed: no failure is counted, and the search ends here.
            limit_hit_ = true;
            solver_.clear_queue();
            return false;
        }
    } else if (tracer != nullptr) {
        tracer->on_failure(solver_, nullptr);
    }
    record_failure();
    return false;
}

void Search::record_failure() {
    ++statistics_.failures;
    ++failures_in_run_;
    solver_.clear_queue();
    if (!uses_weights_) return;
    if (const Propagator* p = solver_.failed_propagator()) {
        for (IntVar x : p->scope()) weight_[x.index] += 1;
    }
}

bool Search::backtrack() {
    while (!stack_.empty()) {
        ChoicePoint& top = stack_.back();
        solver_.pop_level();
        if (top.right) {
            stack_.pop_back();
            continue;
        }
        if (limit_reached()) {
            limit_hit_ = true;
            return false;
        }
        if (Tracer* t = solver_.tracer()) t->on_backtrack(static_cast<int>(stack_.size()) - 1);
        top.right = true;
        if (descend(top.decision, true)) return true;
        // The right branch failed at once: its level is popped on the next turn.
    }
    return false;
}

bool Search::projection_fixed() const {
    for (IntVar x : options_.projection) {
        if (!solver_.fixed(x)) return false;
    }
    return true;
}

// After a projected solution: the choices made once the projection was fixed only
// pick another witness for the same projected solution, so they are dropped with
// their remaining alternatives. Returns false when the search must stop (a limit).
bool Search::skip_witness_choices() {
    while (!stack_.empty() && stack_.back().witness) {
        solver_.pop_level();
        stack_.pop_back();
    }
    // backtrack() pops the level of the choice on top; keep one to pop when the
    // stack is empty too: the caller's backtrack() then reports exhaustion.
    if (stack_.empty()) {
        exhausted_ = true;
        return false;
    }
    return !limit_hit_;
}

// Whether the current solution's projection was reported before (only tracked once
// branches may repeat one); records it otherwise.
bool Search::projected_duplicate() {
    if (!may_repeat_projection_) return false;
    std::vector<int> key;
    key.reserve(options_.projection.size());
    for (IntVar x : options_.projection) key.push_back(static_cast<int>(solver_.min(x)));
    const auto at = std::lower_bound(reported_.begin(), reported_.end(), key);
    if (at != reported_.end() && *at == key) return true;
    reported_.insert(at, std::move(key));
    return false;
}

// The restart nogood store, made (or, after an earlier search on this solver, found
// and reused) at the root before search, with room fixed from the options or the
// model, so that no restart allocates.
void Search::make_nogood_store() {
    for (int id = 0; id < solver_.propagator_count(); ++id) {
        Propagator& p = solver_.propagator(id);
        if (std::string_view(p.kind()) == "restart-nogoods") {
            nogoods_ = static_cast<RestartNogoods*>(&p);
            nogoods_->clear();
            return;
        }
    }
    const std::size_t steps = options_.nogood_capacity != 0 ? options_.nogood_capacity : 16 * order_.size() + 1024;
    nogoods_ = solver_.add(std::make_unique<RestartNogoods>(order_, steps, steps / 8 + 16));
}

bool Search::restart() {
    if (memory_over_limit()) {
        // Nogoods accumulate over restarts: the place where a long search grows.
        memory_limit_hit_ = true;
        limit_hit_ = true;
        return false;
    }
    // The explored part of the tree becomes nogoods; trailing positive decisions after
    // the last negative one exclude nothing and are dropped.
    std::size_t useful = 0;
    for (std::size_t i = 0; i < stack_.size(); ++i) {
        if (stack_[i].right) useful = i + 1;
    }
    // Dropping old nogoods (or this one) could repeat a reported solution, unless none
    // was reported yet or the objective bound excludes them all.
    const bool may_drop = objective_sense_ != 0 || statistics_.solutions == 0;
    if (!may_drop && !nogoods_->fits(useful)) {
        schedule_ = RestartSchedule{};  // no room: go on without restarts, exactly
        return true;
    }
    ++statistics_.restarts;
    ++run_;
    run_limit_ = schedule_.limit(run_);
    failures_in_run_ = 0;
    if (Tracer* t = solver_.tracer()) t->on_restart(run_);
    while (solver_.depth() > base_depth_) solver_.pop_level();
    solver_.clear_queue();
    const std::uint64_t dropped_before = nogoods_->dropped();
    const auto step_at = [this](std::size_t i) { return RestartNogoods::Step{stack_[i].decision, stack_[i].right}; };
    if (!nogoods_->add(useful, step_at, may_drop)) ++statistics_.nogoods_dropped;  // longer than the store
    statistics_.nogoods_dropped += nogoods_->dropped() - dropped_before;
    stack_.clear();
    current_node_ = 0;
    return apply_objective_bound() && solver_.propagate();
}

#if !defined(PRUNE_MINIMAL) && !defined(PRUNE_NO_LEARNING)
// The learning search, which runs next() from now on. With learning_frees_search
// its activity chooses over every variable, not over the plain search's decision
// variables (the phases built from them are the plain search's, already made).
void Search::make_learning() {
    if (options_.learning_frees_search) options_.decision_variables.clear();
    learning_ = std::make_unique<LearningSearch>(solver_, options_, statistics_, &stop_requested_);
}

// SearchOptions::learn_after_propagations: the work is done, learning is not yet
// running, the search is one that learning may take over, and learning can run on
// the model.
bool Search::learning_due() const {
    if (!may_learn_later_ || solver_.propagations() - propagations_at_start_ < options_.learn_after_propagations) return false;
    if (learning_ != nullptr || statistics_.learning_from != 0 || counting_ || tracking_open_) return false;
    return objective_sense_ != 0 || statistics_.solutions == 0;
}

// Back to the root, the objective's bound applied, and learning from there on. The
// restart nogoods go: their explanations are the decisions of a search without
// learning, and the nogoods learned from them were longer (black-hole 2, -f: 11,449
// nogoods after the switch with them, 1,009 without). False when the root then
// fails: the search is over.
bool Search::switch_to_learning() {
    statistics_.learning_from = solver_.propagations() - propagations_at_start_;
    while (solver_.depth() > base_depth_) solver_.pop_level();
    solver_.clear_queue();
    if (nogoods_ != nullptr) nogoods_->clear();
    stack_.clear();
    current_node_ = 0;
    make_learning();
    return apply_objective_bound() && solver_.propagate();
}
#endif

bool Search::limit_reached() {
    if (limit_hit_ || stop_requested_.load(std::memory_order_relaxed)) return true;
    const SearchLimits& l = options_.limits;
    if (l.nodes != 0 && statistics_.nodes >= l.nodes) return true;
    if (l.failures != 0 && statistics_.failures >= l.failures) return true;
    if ((statistics_.nodes & 1023) == 0 && memory_over_limit()) {
        memory_limit_hit_ = true;
        return true;
    }
    // The stop flag and the clock at every node (only when asked for: one clock
    // read, tens of nanoseconds), so that slow nodes cannot overrun a deadline.
#if defined(PRUNE_MINIMAL)
    return options_.stop != nullptr && solver_.interrupt_due();
#else
    return (options_.stop != nullptr || l.seconds > 0) && solver_.interrupt_due();
#endif
}

bool Search::memory_over_limit() const {
    const std::uint64_t limit = options_.limits.memory_mb;
    return limit != 0 && solver_.host_probes().memory_bytes() > limit * 1024 * 1024;
}

// A limit the host cannot measure is refused rather than silently not enforced.
bool Search::limits_supported() {
#if defined(PRUNE_MINIMAL)
    // Any bit set is a time limit (read without floating point): refused.
    if (std::bit_cast<std::uint64_t>(options_.limits.seconds) != 0) {
        solver_.set_error("time limits are not part of a PRUNE_MINIMAL build");
        return false;
    }
#else
    if (options_.limits.seconds > 0 && !solver_.has_clock()) {
        solver_.set_error("a time limit needs the host's clock: install one with prune::install_host_probes() "
                          "(engine/host_probes.hpp)");
        return false;
    }
#endif
    if (options_.limits.memory_mb != 0 && solver_.host_probes().memory_bytes == nullptr) {
        solver_.set_error("a memory limit needs the host's memory probe: install one with prune::install_host_probes() "
                          "(engine/host_probes.hpp)");
        return false;
    }
    return true;
}

}  // namespace prune
