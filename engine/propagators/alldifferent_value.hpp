// AllDifferentValue: alldifferent by value elimination (forward checking).
//
// When a variable becomes fixed, its value is removed from all the others; nothing
// else. Cheap, O(n) per newly fixed variable, and the first stage of the stronger
// strengths (they post it beside their own propagator so that the cheap work is done
// at constant cost first, as Gecode's staging does). The variables not yet fixed live
// in a prefix of vars_ whose length is trailed (a reversible sparse set), so each run
// scans only them.
#pragma once
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"
#include "../trail.hpp"

namespace prune {

// The start every strength of all_different shares: checks the variables (invalid:
// Solver::error()), fails the model on a variable listed twice, and posts the value
// stage. True when that is done and a stronger stage may follow; false when nothing
// more is needed (fewer than two variables, or the model failed).
bool post_all_different_value_stage(Solver& s, const std::vector<IntVar>& vars);

class AllDifferentValue final : public Propagator {
public:
    explicit AllDifferentValue(std::vector<IntVar> vars)
        : Propagator(PropagatorCost::constant), vars_(std::move(vars)), open_(static_cast<std::int64_t>(vars_.size())) {
        declare_exact_with_one_open();  // the last open variable loses every fixed value
    }
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "alldifferent(value)"; }
    // [y != v] by the variable fixed to v; a failure by two variables fixed alike.
    bool explain(Explanation& e) const override;
#if !defined(PRUNE_MINIMAL) && !defined(PRUNE_NO_LEARNING)
    // Over exactly as many values as variables, each value is taken: per value v, the
    // nogood of [x != v] for each x that can take v. (Not in an engine without
    // learning, where nothing asks: the value strength stays small on a device.)
    bool add_implied_nogoods(const Solver& s, ImpliedNogoods& out) const override;
#endif

private:
    std::vector<IntVar> vars_;
    TrailedInt open_;  // vars_[0, open_) are not yet processed as fixed
    // Some domain is bounds-only, so a removal may not take: fixed values are then
    // compared with each other explicitly.
    bool has_bounds_only_ = false;
};

}  // namespace prune
