// Circuit and subcircuit: the no-sub-tour half of a successor model.
//
// circuit(succ, offset): succ[i] - offset is the successor of node i (0-based), and
// the arcs i -> succ[i] - offset form one Hamiltonian circuit over all n nodes.
// subcircuit(succ, offset): a node with succ[i] = i + offset is out of the circuit;
// the others form one circuit (MiniZinc's subcircuit; XCSP3's `circuit`, whose loops
// mean "not in the circuit", with allow_empty = false: XCSP3-core requires a circuit of
// at least two nodes, MiniZinc allows every node out).
//
// The post functions add all_different(succ) at domain consistency (Régin), which
// makes succ a permutation, and one of the propagators below for the sub-tours.
//
// NoSubtour (circuit) is the path-end reasoning of Caseau and Laburthe ("Solving
// small TSPs with constraints", ICLP 1997), recomputed in each run rather than kept
// incrementally: the arcs fixed so far form chains; for a chain from `start` to `end`
// of fewer than n nodes, end -> start would close a short cycle and is removed; a
// chain of n nodes is closed. A fixed cycle shorter than n fails. O(n) a pass, passes
// repeat while a removal fixes a variable (at most n). With every other variable
// fixed, the open one keeps exactly the successor completing the circuit (value).
//
// NoSubcycle (subcircuit) is the same reasoning with "out" nodes: a node with a fixed
// non-loop predecessor is in (its loop is removed); closing a chain is allowed only
// when every node outside it can be out (has its loop in its domain); a fixed cycle
// forces every other node out, and two fixed cycles fail. O(n) a pass.
//
// Both only remove values and assign, so they stay exact on bounds-only domains,
// where an interior removal is a no-op: fixed values are checked against each other.
//
// Under learning both explain themselves from the arcs fixed before the inference
// (Francis and Stuckey explain circuit the same way, "Explaining circuit
// propagation", Constraints 2014): a removed closing arc by the chain it would close,
// plus for subcircuit one node outside it that cannot be out; a forced loop by the
// fixed cycle; a failure by two arcs into one node, a short cycle, a Hamiltonian
// path whose closing arc is gone, or (subcircuit) a node entered and looping, too
// few nodes able to be in, two cycles, or a cycle with a node outside it that cannot
// be out. O(n) each, with scratch kept from construction.
#pragma once
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class CircuitArcsBefore;  // circuit.cpp: the arcs fixed before an inference

class NoSubtour final : public Propagator {
public:
    NoSubtour(std::vector<IntVar> successors, int offset);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "circuit"; }
    bool explain(Explanation& e) const override;

private:
    // One pass: false on failure; `changed` when a variable became fixed.
    bool pass(Solver& s, bool& changed);
    // Node j's successor node, -1 when open; -2 when the value lies outside 0..n-1.
    int successor(const Solver& s, int i) const;
    bool explain_failure(Explanation& e) const;

    std::vector<IntVar> succ_;
    int offset_;
    std::vector<std::uint8_t> has_pred_;  // scratch: node j has a fixed arc into it
    mutable std::vector<int> marks_;      // explain()'s scratch
};

class NoSubcycle final : public Propagator {
public:
    NoSubcycle(std::vector<IntVar> successors, int offset, bool allow_empty);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "subcircuit"; }
    bool explain(Explanation& e) const override;

private:
    bool pass(Solver& s, bool& changed);
    int successor(const Solver& s, int i) const;
    bool can_be_out(const Solver& s, int i) const { return s.contains(succ_[i], i + offset_); }
    bool explain_failure(Explanation& e) const;
    bool add_entering_arc(Explanation& e, const CircuitArcsBefore& arcs, int x) const;
    bool add_closed_chain(Explanation& e, const CircuitArcsBefore& arcs, int start, int end) const;
    bool add_cycle_without(Explanation& e, const CircuitArcsBefore& arcs, int x) const;

    std::vector<IntVar> succ_;
    int offset_;
    bool allow_empty_;
    std::vector<std::uint8_t> has_pred_, seen_;  // scratch
    mutable std::vector<int> marks_;             // explain()'s scratch
};

}  // namespace prune
