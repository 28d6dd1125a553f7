// Small propagators over two variables (and a 0/1 channel).
//
//  EqualOffset      x = y + c   domain consistent: each value needs its partner; O(d).
//  NotEqualOffset   x != y + c  domain consistent: acts once one side is fixed (and, on a
//                   bounds-only variable, when a bound lands on the forbidden value); O(1).
//  LessEqualOffset  x <= y + c  bounds consistent (which is domain consistent here); O(1).
//  ValueChannel     b <=> x = c domain consistent; O(1).
#pragma once
#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class EqualOffset final : public Propagator {
public:
    EqualOffset(IntVar x, IntVar y, int c) : Propagator(PropagatorCost::linear), x_(x), y_(y), c_(c) { declare_exact_with_one_open(); }
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "x=y+c"; }
    // A removal by the partner's absence; a failure by each value's missing partner;
    // a bound by the partner's bound.
    bool explain(Explanation& e) const override;
    bool explains_bound_facts() const override { return true; }

private:
    IntVar x_, y_;
    int c_;
};

class NotEqualOffset final : public Propagator {
public:
    NotEqualOffset(IntVar x, IntVar y, int c) : Propagator(PropagatorCost::constant), x_(x), y_(y), c_(c) { declare_exact_with_one_open(); }
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "x!=y+c"; }
    // A removal by the other side's fixing; a failure by both fixings.
    bool explain(Explanation& e) const override;

private:
    IntVar x_, y_;
    int c_;
};

class LessEqualOffset final : public Propagator {
public:
    LessEqualOffset(IntVar x, IntVar y, int c) : Propagator(PropagatorCost::constant), x_(x), y_(y), c_(c) { declare_exact_with_one_open(); }
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "x<=y+c"; }
    // The other side's bound, lifted to the weakest that still implies it (a pushed
    // bound likewise, as one fact).
    bool explain(Explanation& e) const override;
    bool explains_bound_facts() const override { return true; }

private:
    IntVar x_, y_;
    int c_;
};

class ValueChannel final : public Propagator {
public:
    ValueChannel(IntVar x, int c, BoolVar b) : Propagator(PropagatorCost::constant), x_(x), b_(b), c_(c) {}
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "x=c<=>b"; }
    // b's value, [x != c] or [x == c].
    bool explain(Explanation& e) const override;

private:
    IntVar x_;
    BoolVar b_;
    int c_;
};

}  // namespace prune
