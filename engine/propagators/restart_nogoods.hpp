// RestartNogoods: what search runs explored before their restarts, kept as nogoods in
// one bounded store.
//
// The path at a restart is a sequence of decisions, each taken positively (the left
// branch is being explored) or negatively (the left branch was fully explored, its
// solutions already reported). For every negative decision d_i the assignments
// satisfying all earlier positive decisions and d_i were explored: the reduced
// nld-nogood "not (positives before i and d_i)" excludes exactly them (Lecoutre,
// Sais, Tabary, Vidal, "Recording and minimizing nogoods from restarts", JSAT 2007).
// Propagation walks each path while its positive decisions hold, enforcing the
// negation of each negative one; a false positive decision satisfies the rest. This
// is unit propagation along the path order (not full unit propagation), O(length)
// per path and run, restarted from a trailed position. At a full assignment it is
// exact.
//
// The store's memory is fixed when it is made (a capacity in steps and in paths),
// so a restart allocates nothing. When a path does not fit, add() may drop the
// oldest paths to make room (the search allows it only while dropping cannot
// repeat a reported solution: see Search::restart) or refuse it.
#pragma once
#include <cstdint>
#include <vector>

#include "../literal.hpp"
#include "../propagator.hpp"
#include "../solver.hpp"
#include "../trail.hpp"

namespace prune {

class RestartNogoods final : public Propagator {
public:
    struct Step {
        Literal decision;
        bool negative;
    };
    // `watched`: every variable a path may decide on (the search's decision
    // variables); capacities in steps and in paths.
    RestartNogoods(std::vector<IntVar> watched, std::size_t step_capacity, std::size_t path_capacity);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "restart-nogoods"; }
    // Learning: a removal is explained by the positive decisions before the negative
    // step whose negation removed it (the reduced nld-nogood), a failure by those and
    // the negative step's decision, found by walking the paths on the domains just
    // before the inference. O(total steps) per explanation.
    bool explain(Explanation& e) const override;

    // Adds the path step_at(0..length-1), at the root of the search. When it does not
    // fit and `may_drop_older` is set, the oldest paths are dropped (counted) until it
    // does; false when it was not stored (too long for the store, or no room and
    // dropping not allowed). Allocates nothing.
    template <class StepAt>
    bool add(std::size_t length, StepAt step_at, bool may_drop_older) {
        if (length == 0) return true;
        if (length > steps_.capacity()) return false;
        if (!make_room(length, may_drop_older)) return false;
        const std::size_t offset = steps_.size();
        for (std::size_t i = 0; i < length; ++i) steps_.push_back(step_at(i));
        paths_.push_back(Path{static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(length), TrailedInt{0}});
        return true;
    }
    // Whether add(length, ..., false) would store the path without dropping any.
    bool fits(std::size_t length) const {
        return length == 0 || (steps_.size() + length <= steps_.capacity() && paths_.size() < paths_.capacity());
    }
    // Forgets every path (a finished search's nogoods must not constrain the next).
    void clear() {
        steps_.clear();
        paths_.clear();
    }
    std::size_t paths() const { return paths_.size(); }
    // At the store's fixpoint: whether every path is satisfied for the rest of the
    // node, whatever values the open variables take (counting in bulk asks).
    bool satisfied() const {
        for (const Path& p : paths_) {
            if (p.start.get() != p.length) return false;
        }
        return true;
    }
    std::size_t steps() const { return steps_.size(); }
    std::uint64_t dropped() const { return dropped_; }

private:
    struct Path {
        std::uint32_t offset, length;
        TrailedInt start;  // steps [offset, offset + start) already hold at this node
    };
    bool make_room(std::size_t length, bool may_drop_older);
    // One path's walk; Status::entailed when it is satisfied for the rest of the node.
    Status propagate_path(Solver& s, Path& path);
    // Explanations: whether decision l held just before the inference, and its facts.
    bool held(const Explanation& e, const Literal& l) const;
    void add_held(Explanation& e, const Literal& l) const;
    bool explain_path(Explanation& e, const Path& path) const;
    std::vector<int> low_, high_;  // per variable index: the range at attach time

    std::vector<IntVar> watched_;
    std::vector<Step> steps_;  // the paths, oldest first, back to back
    std::vector<Path> paths_;
    std::uint64_t dropped_ = 0;
};

}  // namespace prune
