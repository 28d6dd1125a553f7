// Boolean propagators over 0/1 variables.
//
// BoolOr: OR(l_1..l_n), or r <=> OR(l_1..l_n) with r a literal. Domain consistent
//   (unit propagation: a true literal fixes r to 1; all literals false fixes r to 0;
//   r = 0 fixes every literal to 0; r = 1 with one literal left fixes it to 1). It
//   keeps two watched literals in trailed state and asks to be advised: a literal
//   that becomes false wakes it only when watched, one that becomes true always wakes
//   it (that decides r). Cost O(n) per wake-up that matters, none otherwise.
//   (Watched literals: Moskewicz et al., "Chaff", DAC 2001; in CP: Gent, Jefferson &
//   Miguel, "Watched literals for constraint propagation in Minion", CP 2006.)
//
// Parity: x_1 xor ... xor x_n = p. Domain consistent (acts when one variable is left
//   open, fails or entails when none is), with two trailed watches on open
//   variables. O(n) per wake-up of a watch.
//
// BoolSum: x_1 + ... + x_n (=, <=, >=) c over 0/1 variables x_i and an integer c.
//   Counts the ones and zeros in trailed counters updated by advise(), so that an
//   event costs O(1): c is kept within [ones, n - zeros] (bounds consistent on c),
//   and when c's bound meets the count the open x_i are all fixed (domain consistent
//   on the x_i), O(n) once, after which the propagator is entailed. Not idempotent:
//   its own fixings reach advise() like any other, which keeps the counters exact.
//   (The counting propagator of Boolean sums, e.g. Gecode's Int::Linear::EqBoolView.)
#pragma once
#include <cstdint>
#include <vector>

#include "../constraint_types.hpp"
#include "../propagator.hpp"
#include "../solver.hpp"
#include "../trail.hpp"

namespace prune {

class BoolOr final : public Propagator {
public:
    // has_result = false: the clause OR(literals); `result` is ignored.
    BoolOr(std::vector<BoolLiteral> literals, bool has_result, BoolLiteral result);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool advise(Solver& s, int tag, Event e) override;
    const char* kind() const override { return has_result_ ? "r<=>or" : "clause"; }
    // Unit propagation's reasons: the literals (and r) fixed before.
    bool explain(Explanation& e) const override;
#if !defined(PRUNE_MINIMAL) && !defined(PRUNE_NO_LEARNING)
    // A clause (no result, or its result true at the root) is one nogood: not every
    // literal false. The nogood store's two watches propagate it, and it is its own
    // reason, where this propagator is woken and advised on every literal fixed
    // (Chuffed keeps the model's clauses with its learned ones likewise).
    bool add_implied_nogoods(const Solver& s, ImpliedNogoods& out) const override;
#endif

private:
    // 1 true, 0 false, -1 open.
    static int truth(const Solver& s, const BoolLiteral& l) {
        if (!s.fixed(l.var)) return -1;
        return (s.value(l.var) == 1) == l.positive ? 1 : 0;
    }
    [[nodiscard]] static Event make(Solver& s, const BoolLiteral& l, bool value) { return s.assign(l.var, value == l.positive ? 1 : 0); }

    std::vector<BoolLiteral> literals_;
    bool has_result_;
    BoolLiteral result_;
    TrailedInt watch_[2];
};

class Parity final : public Propagator {
public:
    Parity(std::vector<BoolVar> xs, bool odd);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool advise(Solver& s, int tag, Event e) override;
    const char* kind() const override { return "xor"; }
    // The other variables' values.
    bool explain(Explanation& e) const override;

private:
    std::vector<BoolVar> xs_;
    bool odd_;
    TrailedInt watch_[2];
};

class BoolSum final : public Propagator {
public:
    BoolSum(std::vector<BoolVar> xs, Relation relation, IntVar c);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool advise(Solver& s, int tag, Event e) override;
    const char* kind() const override { return "bool-sum"; }
    // The ones (or zeros) that made the count, and the bound of c that it met.
    bool explain(Explanation& e) const override;

private:
    Status fix_open(Solver& s, int value);

    std::vector<BoolVar> xs_;
    Relation relation_;
    IntVar c_;
    TrailedInt ones_;
    TrailedInt zeros_;
};

}  // namespace prune
