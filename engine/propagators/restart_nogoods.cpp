#include "restart_nogoods.hpp"

#include <algorithm>

namespace prune {

RestartNogoods::RestartNogoods(std::vector<IntVar> watched, std::size_t step_capacity, std::size_t path_capacity)
    : Propagator(PropagatorCost::linear), watched_(std::move(watched)) {
    steps_.reserve(step_capacity);
    paths_.reserve(path_capacity);
}

void RestartNogoods::attach(Solver& s) {
    std::vector<char> seen(static_cast<std::size_t>(s.variable_count()), 0);
    for (IntVar x : watched_) {
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

// Never entailed as a whole: a later restart may add paths.
Status RestartNogoods::propagate(Solver& s) {
    for (Path& path : paths_) {
        if (path.start.get() == path.length) continue;
        if (propagate_path(s, path) == Status::failed) return Status::failed;
    }
    return Status::ok;
}

}  // namespace prune
