// AllDifferentSmall: alldifferent at domain consistency (GAC) for at most 64
// variables whose values fit in one 64-value window: the common puzzle case.
//
// The same reasoning as AllDifferentDomain (Régin, AAAI 1994), with every set a
// 64-bit word. A matching variables -> values is repaired by bit-parallel BFS
// augmenting paths (kept between runs as a hint, validated each run). Then on the
// graph of variables where i -> j when i could take j's matched value, a value v of x_i
// matched to x_j survives iff x_j reaches x_i (an alternating cycle: the same strongly
// connected component) or reaches a variable that can take a free value (an
// alternating path to a free value); free values always survive. Both are bitset
// closures: the variables that can move by one backward closure from those that can
// take a free value, each component of the rest as the forward closure of a pivot
// intersected with its backward closure, so a closure costs one word operation per
// variable it reaches (no transitive closure of the whole graph, and few branches).
// Fixed variables are taken out of the graph first (their values removed from the
// others), so a run costs O(e + u * c) word operations for u unfixed variables, e
// edges and c components, plus O(n) to read the domains: for a sudoku house, a few
// hundred instructions.
// Idempotent; entailed when no two domains share a value. Its working arrays (8(n +
// 2w) + 3n + 2w bytes for arity n and value window w: 261 for a sudoku house) are
// scratch, rebuilt by every run, so they live in the solver's scratch buffer, shared
// with every other propagator (Solver::reserve_scratch()): a sudoku's 27 houses keep
// one set, not 27. A propagator keeps only its vars and its last matching (n bytes),
// allocated at construction, never after. Under learning it explains by Hall sets
// (alldifferent_explain.hpp). all_different(domain) picks it when the variables fit.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"
#include "alldifferent_explain.hpp"

namespace prune {

class AllDifferentSmall final : public Propagator {
public:
    static constexpr std::size_t max_variables = 64;

    // Whether vars (at most 64, bitset domains, values within a 64-value window) fit.
    static bool fits(const Solver& s, const std::vector<IntVar>& vars);
    AllDifferentSmall(const Solver& s, std::vector<IntVar> vars);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "alldifferent(domain)"; }
    bool explain(Explanation& e) const override;

private:
    // One run's working arrays, in the solver's scratch: per unfixed variable (n at
    // most) or per value bit of the window (w, at most 64), with n <= w once a
    // matching exists. The run's graph has its n unfixed variables numbered 0..n-1
    // (index: their position in the scope), with the fixed variables' values taken
    // out of their domains.
    struct Work {
        int n;                          // unfixed variables
        std::uint64_t* domain;          // [n]
        // The graph on matched values (each names the variable holding it):
        std::uint64_t* successors;      // [w] a -> the matched values a's variable could take
        std::uint64_t* takers;          // [w] b -> the variables (by matched value) that could take b
        signed char* index;             // [n]
        signed char* match;             // [n] variable -> matched bit, or -1
        signed char* queue;             // [n] BFS queue of variables
        signed char* owner;             // [w] bit -> matched variable, or -1
        signed char* parent;            // [w] BFS: bit -> variable that reached it
    };
    Work work(Solver& s) const;
    // The steps of propagate(): gather the unfixed variables and take the fixed ones'
    // values out of them (failed, entailed when the domains are pairwise disjoint, or
    // ok); match them; build the graph on matched values.
    Status collect_unfixed(Solver& s, Work& w) const;
    bool match(Work& w);
    static std::uint64_t build_graph(const Work& w, std::uint64_t matched, std::uint64_t free_values);
    static bool augment(const Work& w, int root);
    // Removes from the variables matched to the values `members` every value outside
    // `allowed`; false on a wipe-out.
    bool prune_outside(Solver& s, const Work& w, std::uint64_t members, std::uint64_t allowed) const;

    // Its variables are its scope (declare_scope()), read as scope().
    std::int64_t base_;                 // bit i of a domain word is value base_ + i
    int width_ = 0;                     // w
    std::unique_ptr<signed char[]> hint_;  // [n] scope()[i] -> its value bit in the last matching
    [[no_unique_address]] HallExplainer explainer_;
};

}  // namespace prune
