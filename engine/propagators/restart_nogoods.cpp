#include "restart_nogoods.hpp"

#include <algorithm>

#include "../learning/explanation.hpp"

namespace prune {

RestartNogoods::RestartNogoods(std::vector<IntVar> watched, std::size_t step_capacity, std::size_t path_capacity)
    : Propagator(PropagatorCost::linear), watched_(std::move(watched)) {
    steps_.reserve(step_capacity);
    paths_.reserve(path_capacity);
}

void RestartNogoods::attach(Solver& s) {
    std::vector<char> seen(static_cast<std::size_t>(s.variable_count()), 0);
    low_.assign(static_cast<std::size_t>(s.variable_count()), 0);
    high_.assign(static_cast<std::size_t>(s.variable_count()), -1);
    for (IntVar x : watched_) {
        low_[static_cast<std::size_t>(x.index)] = s.min(x);
        high_[static_cast<std::size_t>(x.index)] = s.max(x);
        if (seen[static_cast<std::size_t>(x.index)]) continue;
        seen[static_cast<std::size_t>(x.index)] = 1;
        s.subscribe(this, x, Condition::domain);
    }
}

// Drops the oldest paths until `length` more steps and one more path fit. Runs at the
// root, where no TrailedInt is on the trail, so paths and steps may move.
bool RestartNogoods::make_room(std::size_t length, bool may_drop_older) {
    if (fits(length)) return true;
    if (!may_drop_older) return false;
    std::size_t drop = 0, freed = 0;
    while (drop < paths_.size() && (steps_.size() - freed + length > steps_.capacity() || paths_.size() - drop + 1 > paths_.capacity())) {
        freed += paths_[drop].length;
        ++drop;
    }
    steps_.erase(steps_.begin(), steps_.begin() + static_cast<std::ptrdiff_t>(freed));
    paths_.erase(paths_.begin(), paths_.begin() + static_cast<std::ptrdiff_t>(drop));
    for (Path& p : paths_) p.offset -= static_cast<std::uint32_t>(freed);
    dropped_ += drop;
    return true;  // add() checked that the path alone fits the store
}

Status RestartNogoods::propagate_path(Solver& s, Path& path) {
    std::size_t i = static_cast<std::size_t>(path.start.get());
    for (; i < path.length; ++i) {
        const Step& step = steps_[path.offset + i];
        if (step.negative) {
            PRUNE_TRY(enforce(s, step.decision, true));
            // x != v on a bounds-only domain with v inside: the removal did nothing.
            // Stay at this step (not satisfied), so that the literal is enforced again
            // when a bound reaches v, instead of letting x = v through.
            if (!is_false(s, step.decision)) break;
            continue;
        }
        if (is_true(s, step.decision)) continue;
        if (is_false(s, step.decision)) {
            i = path.length;  // the path cannot be completed: satisfied
            break;
        }
        break;  // undecided: every later step still needs it
    }
    path.start.set(s.trail(), static_cast<std::int64_t>(i));
    return i == path.length ? Status::entailed : Status::ok;
}

bool RestartNogoods::held(const Explanation& e, const Literal& l) const {
    const std::size_t x = static_cast<std::size_t>(l.var.index);
    if (x >= low_.size()) return false;
    int from = low_[x], to = high_[x];  // the values that must be gone
    switch (l.kind) {
        case LiteralKind::equal:
            if (e.was_fixed(l.var)) return e.fixed_value(l.var) == l.value;
            if (!e.had_value(l.var, l.value)) return false;
            break;
        case LiteralKind::less_equal: from = l.value + 1; break;
        case LiteralKind::greater_equal: to = l.value - 1; break;
    }
    for (int v = from; v <= to; ++v) {
        if (e.had_value(l.var, v) && !(l.kind == LiteralKind::equal && v == l.value)) return false;
    }
    return true;
}

void RestartNogoods::add_held(Explanation& e, const Literal& l) const {
    const std::size_t x = static_cast<std::size_t>(l.var.index);
    if (l.kind == LiteralKind::equal && e.was_fixed(l.var)) {
        e.add_fixed(l.var);
        return;
    }
    const int from = l.kind == LiteralKind::less_equal ? l.value + 1 : low_[x];
    const int to = l.kind == LiteralKind::greater_equal ? l.value - 1 : high_[x];
    for (int v = from; v <= to; ++v) {
        if (!(l.kind == LiteralKind::equal && v == l.value)) e.add_removed(l.var, v);
    }
}

namespace {
// Whether the negation of decision l implies fact f (a removal).
bool negation_implies(const Literal& l, const Fact& f) {
    if (f.is_equal() || l.var.index != f.var) return false;
    switch (l.kind) {
        case LiteralKind::equal: return f.value == l.value;
        case LiteralKind::less_equal: return f.value <= l.value;
        case LiteralKind::greater_equal: return f.value >= l.value;
    }
    return false;
}
}  // namespace

// The path's walk on the domains before the inference: the first negative step that
// explains it, with the positive steps before it, all held.
bool RestartNogoods::explain_path(Explanation& e, const Path& path) const {
    for (std::size_t i = 0; i < path.length; ++i) {
        const Step& step = steps_[path.offset + i];
        const bool found = step.negative && (e.explaining_failure() ? held(e, step.decision) : negation_implies(step.decision, e.inferred()));
        if (found) {
            for (std::size_t j = 0; j <= i; ++j) {
                const Step& before = steps_[path.offset + j];
                if (!before.negative || (j == i && e.explaining_failure())) add_held(e, before.decision);
            }
            return true;
        }
        if (!step.negative && !held(e, step.decision)) return false;
    }
    return false;
}

bool RestartNogoods::explain(Explanation& e) const {
    for (const Path& path : paths_) {
        if (explain_path(e, path)) return true;
    }
    return false;
}

// Never entailed as a whole: a later restart may add paths.
Status RestartNogoods::propagate(Solver& s) {
    for (Path& path : paths_) {
        if (path.start.get() == path.length) continue;
        if (propagate_path(s, path) == Status::failed) return Status::failed;
    }
    return Status::ok;
}

}  // namespace prune
