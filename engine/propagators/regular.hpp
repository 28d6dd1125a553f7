// Regular: the word x_0 x_1 ... x_{n-1} is accepted by a finite automaton, possibly
// nondeterministic (constraint_types.hpp: Automaton).
//
// Domain consistent, by Pesant's layered graph ("A regular language membership
// constraint for finite sequences of variables", CP 2004): layer i holds the states
// reachable from the initial state reading values of D(x_0)..D(x_{i-1}) (forward
// pass) that can still reach an accepting state reading values of D(x_i)..D(x_{n-1})
// (backward pass); a value v of x_i survives iff some transition q -v-> q' joins two
// surviving states of layers i and i+1. On a bounds-only x_i only its bounds move.
//
// Incremental in Pesant's sense along the word: the kernel's advice records the
// first and last layer whose variable changed since the last run; the forward sets
// before the first and the backward sets after the last are still right, so a run
// recomputes layers first..n forward and last..0 backward, and stops a pass early
// when a layer comes out as it was. The layer sets are bit sets kept on the trail
// (one 8-byte slot per 64 states and layer, saved once per node). Cost per run:
// O(|changed layers| x |T|) for T transitions, plus O(sum |D(x_i)|) for the pruning
// of the layers whose sets or domains changed. Idempotent, unless a variable occurs
// twice in the word (then sound, not domain consistent: the layers assume distinct
// variables, and the kernel re-runs it on its own changes).
#pragma once
#include <cstdint>
#include <vector>

#include "../constraint_types.hpp"
#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class Regular final : public Propagator {
public:
    // The automaton is checked by the post function (states, values in range).
    Regular(std::vector<IntVar> vars, const Automaton& automaton, bool repeated_variables);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool advise(Solver& s, int layer, Event e) override;
    const char* kind() const override { return "regular"; }
    // Learning: a removal of v from x_i is explained as the failure of the word with
    // x_i = v: the states reachable layer by layer from the initial one (with the
    // domains just before the inference, layer i reading v only) miss the accepting
    // ones, and each arc leaving a layer's reachable set to an unreached state reads a
    // removed value, which is a fact of the explanation. O(n * T) for T transitions.
    bool explain(Explanation& e) const override;

private:
    struct Arc {
        int value;   // the value read
        int symbol;  // its index in alphabet_
        int to;
    };
    std::uint64_t* forward(std::size_t layer) { return &forward_[layer * words_]; }
    std::uint64_t* backward(std::size_t layer) { return &backward_[layer * words_]; }
    void save_layer(Trail& trail, std::uint64_t* words, std::size_t layer, std::vector<std::uint64_t>& stamps);
    // The passes recompute the sets from layer `from` on; `full` disables the early
    // stop. They return the last (forward) / first (backward) layer they changed.
    std::int64_t forward_pass(Trail& trail, const Solver& s, std::int64_t from, std::int64_t changed_to, bool full);
    std::int64_t backward_pass(Trail& trail, const Solver& s, std::int64_t from, std::int64_t changed_from, bool full);
    void read_domain(const Solver& s, std::size_t i);
    // Removes the unsupported values of x_i; `removed` tells whether any went.
    bool prune_layer(Solver& s, std::size_t i, bool& removed);

    std::vector<IntVar> vars_;
    int states_;
    std::size_t words_;             // 64-bit words per state set
    std::vector<int> arc_begin_;    // arcs of state q: arcs_[arc_begin_[q] .. arc_begin_[q + 1])
    std::vector<Arc> arcs_;
    std::vector<int> alphabet_;     // the values of the transitions, sorted, distinct
    std::vector<std::uint64_t> accepting_;
    // Layer sets, n + 1 layers of words_ words, trailed word by word (stamps per layer).
    std::vector<std::uint64_t> forward_, backward_;
    std::vector<std::uint64_t> forward_stamp_, backward_stamp_;
    // Scratch.
    std::vector<std::uint64_t> next_;          // one state set
    std::vector<std::uint8_t> supported_;      // per alphabet symbol
    std::vector<std::uint8_t> symbol_in_;      // per alphabet symbol: in D(x_i)
    bool explain_at(Explanation& e, std::size_t layer, int symbol) const;
    int initial_ = 0;
    // Explanation scratch, sized at the first explanation: reachable sets per layer,
    // and per (layer, symbol) whether the removal is already a fact.
    mutable std::vector<std::uint64_t> reach_;
    mutable std::vector<std::uint8_t> reads_, explained_;
    // Layers whose variable changed since the last run. Not trailed: after a
    // backtrack the trailed sets are those of a fixpoint of the restored domains, and
    // a stale window only makes a run recompute more.
    std::int64_t first_changed_, last_changed_;
    TrailedInt initialised_{0};                 // the sets were computed once (on this branch)
};

}  // namespace prune
