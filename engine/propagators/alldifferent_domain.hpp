// AllDifferentDomain: alldifferent at domain consistency (generalized arc consistency).
//
// After a run every value left in a domain belongs to a solution of the constraint.
// Algorithm: Régin, "A filtering algorithm for constraints of difference in CSPs",
// AAAI 1994. Take a matching of the variables into the values that covers every
// variable (no such matching: fail). An edge (x, v) lies in some covering matching
// iff it is matched, or x and v share a strongly connected component of the graph
// with unmatched edges x -> v and matched edges v -> x, or v reaches a free value in
// that graph. A sink node with edges free value -> sink -> every matched value turns
// the last case into the second, so one iterative Tarjan pass (no recursion) decides
// every edge; the others are removed. Removing them leaves every remaining edge in a
// covering matching, so one run reaches the fixpoint (idempotent). Entailed when no
// two domains share a value.
//
// Incremental matching: the matching is kept between runs and is not trailed. A run
// first drops the matched edges whose value has left the domain (after backtracking
// domains only grow, so the old matching is still made of edges; each edge is checked
// anyway), then repairs only the unmatched variables by BFS augmenting paths.
//
// Cost: O(n + e) for the components and the filtering, e the sum of domain sizes,
// plus O(k * e) for k variables to rematch (O(n * e) at the first run). Subscribes to
// domain events; queue class quadratic.
//
// Scratch memory (per value of the hull [min, max] of the initial domains, and per
// variable) is allocated in the constructor; propagate() does not allocate.
// Fallback: when that hull holds more than `max_values` values, or some domain is
// bounds-only (domain.hpp: interior removals would be no-ops), the propagator runs
// the bounds(Z) algorithm of AllDifferentBounds instead (HallIntervalFilter),
// subscribes to bounds events in the linear class, and kind() says
// "alldifferent(bounds)". The variables must be pairwise distinct (the post function
// checks this). Under learning it explains by Hall sets (HallExplainer,
// alldifferent_explain.hpp; Hall intervals in the bounds fallback).
#pragma once
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"
#include "alldifferent_bounds.hpp"

namespace prune {

class AllDifferentDomain final : public Propagator {
public:
    static constexpr std::int64_t max_values = std::int64_t{1} << 16;

    // Reads the current domains of `vars` to size the value tables.
    AllDifferentDomain(const Solver& s, std::vector<IntVar> vars);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return fallback_ ? "alldifferent(bounds)" : "alldifferent(domain)"; }
    // True when the value hull is too wide or a domain is bounds-only (see above).
    bool uses_bounds_fallback() const { return fallback_; }
    bool explain(Explanation& e) const override;

private:
    bool augment(const Solver& s, int root);
    void find_components(const Solver& s);
    int next_successor(const Solver& s, int node);
    int value_node(int k) const { return n_ + k; }

    std::vector<IntVar> vars_;
    int n_ = 0;
    bool fallback_ = false;
    HallIntervalFilter bounds_;  // sized for the variables only in fallback mode
    [[no_unique_address]] HallExplainer explainer_;
    int base_ = 0;   // value of index 0
    int width_ = 0;  // number of value indices
    int sink_ = 0;   // node index of the sink

    // The matching, kept between runs: value index per variable and variable per value
    // index, -1 when unmatched.
    std::vector<int> var_value_;
    std::vector<int> value_var_;

    // Augmenting-path scratch.
    std::vector<std::uint64_t> value_mark_;  // == mark_ when seen in the current pass
    std::uint64_t mark_ = 0;
    std::vector<int> value_parent_;  // the variable a value was reached from
    std::vector<int> queue_;

    // Tarjan scratch, per node: variables 0..n-1, values n..n+width-1, then the sink.
    std::vector<std::uint64_t> node_visit_;  // == visit_ when visited in this pass
    std::uint64_t visit_ = 0;
    std::vector<int> order_;
    std::vector<int> low_;
    std::vector<int> component_;  // -1 while on the Tarjan stack
    std::vector<std::int64_t> cursor_;  // successor iteration state
    std::vector<int> tarjan_stack_;
    std::vector<int> frames_;
};

}  // namespace prune
