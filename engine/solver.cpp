#include "solver.hpp"

#include <algorithm>
#include <cstdint>
#include <new>

#include <cassert>

namespace prune {

Solver::Solver(void* buffer, std::size_t bytes) {
    if (!memory::allocation_functions_replaced()) {
        set_error("an arena solver needs the program to link prune::arena_new (engine/hooks/arena_operator_new.cpp)");
        return;
    }
    // The Arena object itself goes first in the buffer, 16-byte aligned.
    const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(buffer);
    const std::uintptr_t object = (start + 15) & ~std::uintptr_t{15};
    const std::uintptr_t after = object + (sizeof(Arena) + 15) / 16 * 16;
    if (buffer == nullptr || after > start + bytes) {
        set_error("the arena is too small to hold its own bookkeeping");
        return;
    }
    arena_ = new (reinterpret_cast<void*>(object)) Arena(reinterpret_cast<void*>(after), start + bytes - after);
    previous_arena_ = memory::make_current(arena_);
}

Solver::~Solver() {
    // The members are freed after this, each block to the arena it came from.
    if (arena_ != nullptr) memory::make_current(previous_arena_);
}

IntVar Solver::add_variable(int index, std::string_view name) {
    if (!name.empty()) {
        variable_names_.resize(static_cast<std::size_t>(index) + 1);
        variable_names_[static_cast<std::size_t>(index)] = std::string(name);
    }
    subscriptions_.emplace_back();
    return IntVar{index};
}

IntVar Solver::new_int_var(int min, int max, std::string_view name) {
    assert(depth() == 0 && "variables are created at the root");
    if (min > max) {
        root_failed_ = true;  // an empty domain: the model has no solution
        return add_variable(domains_.add_range(0, 0), name);
    }
    return add_variable(domains_.add_range(min, max), name);
}

IntVar Solver::new_int_var(const std::vector<int>& values, std::string_view name) {
    assert(depth() == 0 && "variables are created at the root");
    if (values.empty()) {
        root_failed_ = true;
        return add_variable(domains_.add_range(0, 0), name);
    }
    return add_variable(domains_.add_values(values), name);
}

BoolVar Solver::new_bool_var(std::string_view name) { return new_int_var(0, 1, name); }

std::vector<IntVar> Solver::new_int_vars(int n, int min, int max, std::string_view prefix) {
    std::vector<IntVar> vars;
    if (n <= 0) return vars;
    vars.reserve(n);
    // The per-variable tables grow once, not by doubling: in an arena (memory.hpp)
    // this is what keeps the model's size close to what it holds.
    const std::size_t more = static_cast<std::size_t>(n);
    const std::int64_t values = std::int64_t{max} - min + 1;
    domains_.reserve(more, values >= 1 && values <= max_bitset_values ? static_cast<std::size_t>((values + 63) / 64) : 0);
    if (!prefix.empty()) DomainStore::reserve_more(variable_names_, static_cast<std::size_t>(variable_count()) + more - variable_names_.size());
    DomainStore::reserve_more(subscriptions_, more);
    for (int i = 0; i < n; ++i) {
        vars.push_back(prefix.empty() ? new_int_var(min, max) : new_int_var(min, max, std::string(prefix) + std::to_string(i)));
    }
    return vars;
}

std::string Solver::display_name(IntVar x) const {
    const std::string& n = name(x);
    if (!n.empty()) return n;
    std::string anonymous(1, 'x');  // (built in two steps: GCC 12 warns falsely on "x" + to_string)
    anonymous += std::to_string(x.index);
    return anonymous;
}

void Solver::register_propagator(std::unique_ptr<Propagator> p) {
    assert(depth() == 0 && "propagators are posted at the root");
    p->id_ = static_cast<int>(propagators_.size());
    propagators_.push_back(std::move(p));
    Propagator* added = propagators_.back().get();
    // Every propagator fits in its class's queue at once, so the queue never grows in
    // search.
    const int cost_class = static_cast<int>(added->cost_);
    queue_.reserve(cost_class, ++class_sizes_[static_cast<std::size_t>(cost_class)]);
    // The scope is gathered while attach() subscribes, then copied at its size (an
    // attach that posts another propagator stages that one's scope after its own).
    const Propagator* outer = attaching_;
    const std::size_t staged_from = staged_scope_.size();
    attaching_ = added;
    added->attach(*this);
    if (added->scope_declared_) {
        assert(std::equal(staged_scope_.begin() + static_cast<std::ptrdiff_t>(staged_from), staged_scope_.end(),
                          added->scope_.begin(), added->scope_.end()) &&
               "attach() subscribed to other variables than the declared scope");
    } else {
        added->scope_.assign(staged_scope_.begin() + static_cast<std::ptrdiff_t>(staged_from), staged_scope_.end());
    }
    staged_scope_.erase(staged_scope_.begin() + static_cast<std::ptrdiff_t>(staged_from), staged_scope_.end());
    attaching_ = outer;
    if (staged_from == 0 && staged_scope_.capacity() > 1024) std::vector<IntVar>().swap(staged_scope_);  // a huge scope's room
    schedule(added);
}

void Solver::subscribe(Propagator* p, IntVar x, Condition c, int tag) {
    Subscriptions& subs = subscriptions_[x.index];
    const Subscription added{p, tag};
    // One more entry while the list is short, half as many again beyond: short lists
    // (nearly all) are then exactly their size, long ones cost amortised constant time.
    const std::size_t size = subs.list.size();
    if (size == subs.list.capacity()) subs.list.reserve(size < 16 ? size + 1 : size + size / 2);
    // Model building only: an insertion in the middle is fine.
    if (c == Condition::domain) {
        subs.list.insert(subs.list.begin() + subs.domain_end, added);
        ++subs.domain_end;
        ++subs.bounds_end;
    } else if (c == Condition::bounds) {
        subs.list.insert(subs.list.begin() + subs.bounds_end, added);
        ++subs.bounds_end;
    } else {
        subs.list.push_back(added);
    }
    if (p == attaching_) {
        staged_scope_.push_back(x);
    } else if (!p->scope_declared_) {
        p->scope_.push_back(x);
    }
}

void Solver::rest(const std::vector<int>& ids) {
    assert(depth() == 0 && "propagators rest from the root");
    std::vector<char> resting(propagators_.size(), 0), seen(subscriptions_.size(), 0);
    for (const int id : ids) {
        set_entailed(propagators_[static_cast<std::size_t>(id)].get());
        resting[static_cast<std::size_t>(id)] = 1;
        rested_.push_back(id);
    }
    for (const int id : ids) {
        for (const IntVar x : propagators_[static_cast<std::size_t>(id)]->scope()) {
            if (seen[static_cast<std::size_t>(x.index)] != 0) continue;
            seen[static_cast<std::size_t>(x.index)] = 1;
            // One pass over the list: the entries of resting propagators leave it, the
            // others keep their order, and each group's end moves down.
            Subscriptions& subs = subscriptions_[static_cast<std::size_t>(x.index)];
            const std::uint32_t domain_end = subs.domain_end, bounds_end = subs.bounds_end;
            std::size_t kept = 0;
            for (std::size_t i = 0; i < subs.list.size(); ++i) {
                const Subscription entry = subs.list[i];
                const int group = i < domain_end ? 0 : i < bounds_end ? 1 : 2;
                if (resting[static_cast<std::size_t>(entry.propagator->id())] == 0) {
                    subs.list[kept++] = entry;
                    continue;
                }
                rested_subscriptions_.push_back(RestedSubscription{x.index, group, entry});
                if (group == 0) --subs.domain_end;
                if (group <= 1) --subs.bounds_end;
            }
            subs.list.resize(kept);
        }
    }
}

void Solver::wake_rested() {
    std::vector<Subscription> merged;
    for (std::size_t begin = 0; begin < rested_subscriptions_.size();) {
        // One variable's entries: each goes back at the end of its group.
        const int x = rested_subscriptions_[begin].var;
        std::size_t end = begin;
        while (end < rested_subscriptions_.size() && rested_subscriptions_[end].var == x) ++end;
        Subscriptions& subs = subscriptions_[static_cast<std::size_t>(x)];
        merged.clear();
        const std::size_t group_end[3] = {subs.domain_end, subs.bounds_end, subs.list.size()};
        std::size_t from = 0;
        for (int group = 0; group < 3; ++group) {
            merged.insert(merged.end(), subs.list.begin() + static_cast<std::ptrdiff_t>(from), subs.list.begin() + static_cast<std::ptrdiff_t>(group_end[group]));
            from = group_end[group];
            for (std::size_t k = begin; k < end; ++k) {
                if (rested_subscriptions_[k].group == group) merged.push_back(rested_subscriptions_[k].subscription);
            }
            if (group == 0) subs.domain_end = static_cast<std::uint32_t>(merged.size());
            if (group == 1) subs.bounds_end = static_cast<std::uint32_t>(merged.size());
        }
        subs.list.assign(merged.begin(), merged.end());
        begin = end;
    }
    rested_subscriptions_.clear();
    for (const int id : rested_) {
        Propagator* p = propagators_[static_cast<std::size_t>(id)].get();
        p->entailed_.set(trail_, 0);
        schedule(p);
    }
    rested_.clear();
}

void Solver::wake(int x, Event e) {
    const Subscriptions& subs = subscriptions_[x];
    const std::size_t end = e == Event::domain ? subs.domain_end : e == Event::bounds ? subs.bounds_end : subs.list.size();
    for (std::size_t i = 0; i < end; ++i) {
        const Subscription& s = subs.list[i];
        assert(wakes(e, i < subs.domain_end ? Condition::domain : i < subs.bounds_end ? Condition::bounds : Condition::fixed));
        Propagator* p = s.propagator;
        if (p->queued_ && p->advice_ != Propagator::Advice::record) continue;
        if (p == running_ && p->idempotent_) continue;
        if (!p->active()) continue;
        if (p->advice_ != Propagator::Advice::none && !p->advise(*this, s.tag, e)) continue;
        schedule(p);
    }
}

void Solver::start_open_tracking(const Propagator* ignored) {
    const int n = variable_count();
    const std::size_t propagators = propagators_.size();
    std::vector<std::vector<int>> on(static_cast<std::size_t>(n));
    std::vector<std::int64_t> open(propagators, 0);
    for (const auto& p : propagators_) {
        if (p.get() == ignored) continue;
        // Subscriptions, not distinct variables: a propagator naming a variable twice
        // (a clause x or not x, a reified constraint whose result is also an operand)
        // is not exact with that variable open, and so never counts as one open.
        for (IntVar x : p->scope()) {
            on[static_cast<std::size_t>(x.index)].push_back(p->id());
            if (!domains_.fixed(x.index)) ++open[static_cast<std::size_t>(p->id())];
        }
    }
    open_watch_begin_.assign(1, 0);
    open_watch_ids_.clear();
    for (const std::vector<int>& ids : on) {
        open_watch_ids_.insert(open_watch_ids_.end(), ids.begin(), ids.end());
        open_watch_begin_.push_back(static_cast<std::uint32_t>(open_watch_ids_.size()));
    }
    // Plain assignment, not set(): the values hold from this level on, and the
    // levels below never saw them (their entries do not point here).
    open_in_scope_.assign(propagators, TrailedInt{});
    std::int64_t crowded = 0, inexact = 0;
    for (std::size_t i = 0; i < propagators; ++i) {
        open_in_scope_[i] = TrailedInt{open[i]};
        if (open[i] >= 2) ++crowded;
        if (open[i] >= 1 && !propagators_[i]->exact_with_one_open()) ++inexact;
    }
    crowded_ = TrailedInt{crowded};
    inexact_open_ = TrailedInt{inexact};
    open_tracking_ = true;
}

// x was just fixed: one open subscription fewer for each of x's subscriptions.
void Solver::note_fixed(int x) {
    const std::uint32_t end = open_watch_begin_[static_cast<std::size_t>(x) + 1];
    for (std::uint32_t i = open_watch_begin_[static_cast<std::size_t>(x)]; i < end; ++i) {
        const int id = open_watch_ids_[i];
        TrailedInt& open = open_in_scope_[static_cast<std::size_t>(id)];
        const std::int64_t left = open.get() - 1;
        open.set(trail_, left);
        if (left == 1) crowded_.set(trail_, crowded_.get() - 1);
        if (left == 0 && !propagators_[static_cast<std::size_t>(id)]->exact_with_one_open()) {
            inexact_open_.set(trail_, inexact_open_.get() - 1);
        }
    }
}

void Solver::clear_queue() {
    queue_.drain([](Propagator* p) { p->queued_ = false; });
}

void Solver::set_tracer(Tracer* tracer) {
    tracer_ = tracer;
    copy_values_before_ = tracer != nullptr && tracer->wants_values_before();
    report_runs_ = tracer != nullptr && tracer->wants_propagator_runs();
    if (copy_values_before_) traced_values_.reserve(static_cast<std::size_t>(max_traced_values));
}

void Solver::rename_variable(IntVar x, std::string_view name) {
    if (static_cast<std::size_t>(x.index) >= variable_names_.size()) variable_names_.resize(static_cast<std::size_t>(x.index) + 1);
    std::string& current = variable_names_[static_cast<std::size_t>(x.index)];
    if (current == name) return;
    if (!current.empty()) variable_aliases_.emplace_back(std::move(current), x.index);
    current = std::string(name);
}

std::optional<IntVar> Solver::find_variable(std::string_view name) const {
    for (int i = 0; i < variable_count(); ++i) {
        if (display_name(IntVar{i}) == name) return IntVar{i};
    }
    for (const auto& [alias, index] : variable_aliases_) {
        if (alias == name) return IntVar{index};
    }
    return std::nullopt;
}

void Solver::name_propagators_from(int first, const std::string& name) {
    const std::size_t begin = static_cast<std::size_t>(first);
    bool one_kind = true;
    for (std::size_t id = begin; id < propagators_.size(); ++id) {
        if (std::string_view(propagators_[id]->kind()) != propagators_[begin]->kind()) one_kind = false;
    }
    for (std::size_t id = begin; id < propagators_.size(); ++id) {
        if (one_kind) {
            propagators_[id]->set_name(name);
        } else {
            std::string staged = name;
            staged += " [";
            staged += propagators_[id]->kind();
            staged += ']';
            propagators_[id]->set_name(std::move(staged));
        }
    }
}

std::string Solver::display_name(const Propagator& p) const {
    if (!p.name().empty()) return p.name();
    std::string anonymous = p.kind();
    anonymous += '#';
    anonymous += std::to_string(p.id());
    return anonymous;
}

void Solver::remember_domain(IntVar x) {
    traced_before_.min = min(x);
    traced_before_.max = max(x);
    traced_before_.size = size(x);
    traced_before_.values = nullptr;
    if (!copy_values_before_ || traced_before_.size > max_traced_values) return;
    traced_values_.clear();
    for_each_value(x, [&](int v) { traced_values_.push_back(v); });
    traced_before_.values = &traced_values_;
}

void Solver::report_domain_change(int x) { tracer_->on_domain_change(*this, IntVar{x}, traced_before_); }

// The pieces of the fixpoint loop, kept apart so that propagate() reads like the
// pseudo-code in docs/architecture.md. All are inlined into it.

// A stop request is one load per run; the clock is read every 64 runs, so a long
// fixpoint still ends within a few propagator runs of the deadline.
inline bool Solver::stop_requested() const {
    return (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) ||
           (deadline_ != no_deadline && (propagations_ & 63) == 0 && now() >= deadline_);
}

inline bool Solver::interrupt() {
    interrupted_ = true;
    clear_queue();
    return false;
}

inline Status Solver::run(Propagator& p) {
    running_ = &p;
#if !defined(PRUNE_MINIMAL)
    ++p.counters_.runs;
#endif
    ++propagations_;
    if (tracing_compiled && report_runs_) [[unlikely]] tracer_->on_propagator_start(*this, p);
    const Status status = p.propagate(*this);
    if (tracing_compiled && report_runs_) [[unlikely]] tracer_->on_propagator_end(*this, p, status);
    running_ = nullptr;
    return status;
}

inline bool Solver::fail_at(Propagator& p) {
#if !defined(PRUNE_MINIMAL)
    ++p.counters_.failures;
#endif
    failed_propagator_ = &p;  // for dom/wdeg
    if (tracing_compiled && tracer_ != nullptr) [[unlikely]] tracer_->on_failure(*this, &p);
    clear_queue();
    if (depth() == 0) root_failed_ = true;
    return false;
}

bool Solver::propagate() {
    failed_propagator_ = nullptr;
    if (root_failed_) {
        clear_queue();
        return false;
    }
    interrupted_ = false;
    while (Propagator* p = queue_.pop()) {  // the cheapest non-empty cost class first
        p->queued_ = false;
        if (!p->active()) continue;
        if (stop_requested()) [[unlikely]] return interrupt();
        const Status status = run(*p);
        if (status == Status::failed) return fail_at(*p);
        if (status == Status::entailed) set_entailed(p);
    }
    return true;
}

}  // namespace prune
