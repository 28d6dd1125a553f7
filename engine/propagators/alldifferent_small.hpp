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
// Idempotent; entailed when no two domains share a value. No allocation after
// construction. Under learning it explains by Hall sets (alldifferent_explain.hpp). all_different(domain) picks it when the variables fit.
#pragma once
#include <array>
#include <cstdint>
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
    // The steps of propagate(): gather the unfixed variables and take the fixed ones'
    // values out of them (failed, entailed when the domains are pairwise disjoint, or
    // ok); match them; build the graph on matched values.
    Status collect_unfixed(Solver& s);
    bool match();
    std::uint64_t build_graph(std::uint64_t matched, std::uint64_t free_values);
    bool augment(int root);
    // Removes from the variables matched to the values `members` every value outside
    // `allowed`; false on a wipe-out.
    bool prune_outside(Solver& s, std::uint64_t members, std::uint64_t allowed);

    std::vector<IntVar> vars_;
    std::int64_t base_;                 // bit i of a domain word is value base_ + i
    // One run's graph: its n_ unfixed variables, numbered 0..n_-1 (index_: their
    // position in vars_), with the fixed variables' values taken out of their domains.
    int n_ = 0;
    std::array<signed char, 64> index_{};
    std::array<std::uint64_t, 64> domain_{};
    // The graph on matched values (each names the variable holding it):
    std::array<std::uint64_t, 64> successors_{};  // a -> the matched values a's variable could take
    std::array<std::uint64_t, 64> takers_{};      // b -> the variables (by matched value) that could take b
    std::array<signed char, 64> match_{};    // variable -> matched bit, or -1
    std::array<signed char, 64> owner_{};    // bit -> matched variable, or -1
    std::array<signed char, 64> hint_{};     // vars_[i] -> its value bit in the last matching
    std::array<signed char, 64> parent_{};   // BFS: bit -> variable that reached it
    std::array<signed char, 64> queue_{};
    HallExplainer explainer_;
};

}  // namespace prune
