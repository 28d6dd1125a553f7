// RestartNogoods: what a search run explored before a restart, kept as nogoods.
//
// The path at the restart is a sequence of decisions, each taken positively (the
// left branch is being explored) or negatively (the left branch was fully explored,
// its solutions already reported). For every negative decision d_i the assignments
// satisfying all earlier positive decisions and d_i were explored: the reduced
// nld-nogood "not (positives before i and d_i)" excludes exactly them (Lecoutre,
// Sais, Tabary, Vidal, "Recording and minimizing nogoods from restarts", JSAT 2007).
// Propagation walks the sequence while the positive decisions hold, enforcing the
// negation of each negative one; a false positive decision satisfies the rest. This
// is unit propagation along the path order (not full unit propagation), O(length)
// per run, restarted from a trailed position. At a full assignment it is exact.
#pragma once
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
    explicit RestartNogoods(std::vector<Step> path)
        : Propagator(PropagatorCost::linear), path_(std::move(path)) {}
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "restart-nogoods"; }

private:
    std::vector<Step> path_;
    TrailedInt start_;  // path_[0, start_) is already satisfied at this node
};

}  // namespace prune
