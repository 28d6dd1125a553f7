// PathSum: "some simple path that starts at node `start` has edge weights adding up
// to `total`", over a fixed graph whose edges carry weight variables.
//
// A path has at least one edge and never repeats a node. The simple paths from one
// node are prefix-closed, so they form a trie (each trie node is a path; its parent is
// the path without its last edge). The trie is enumerated once, at post time, bounded
// by `max_paths`; branches that cannot reach `total` under the bounds at post time are
// cut, and after a first exact pass every trie node whose subtree holds no path that
// can still sum to `total` is dropped (domains only shrink, so it never comes back).
//
// Consistency: domain consistency (GAC). Because a path never repeats a node, it
// never repeats an edge, so the weights along one path are distinct variables and the
// set of sums a path can take is computed exactly by a subset-sum over its domains.
// Each run, with bitsets over a window of sums fixed at post time:
//   F(k) = F(parent) + dom(edge k)          the prefix sums the path k can take
//   G(k) = {total} u U_child (G(c) - dom(edge c))
//                                           the prefix sums at k that some path
//                                           through k (k itself or a longer one) can
//                                           complete to `total`
// Path k is feasible iff total is in F(k). The constraint fails when no path is
// feasible. A value v of edge e keeps a support when some feasible path avoids e (the
// other weights are then free), or when some trie node k on edge e has a prefix sum a
// in F(parent) with a + v in G(k). Only the values of edges that every feasible path
// uses can lose support; those not supported are removed. Removing unsupported values
// leaves every support intact, so one run reaches the fixpoint (idempotent).
// Entailed when a path whose weights are all fixed sums to `total`.
//
// The window of sums is the hull, over the trie nodes, of the prefix sums that are
// both reachable and completable under the bounds at post time; sums outside it can
// never matter and are dropped by the shifts. Cost per run: O(M * d * W) word
// operations, M the trie nodes kept, d the largest domain, W the 64-bit words of the
// window; memory O(M * W) words, allocated at post time (nothing is allocated during
// search). This is the classic subset-sum DP for sum constraints over domains
// (cf. Trick, "A dynamic programming approach for consistency and propagation for
// knapsack constraints", Annals of OR 2003), made a disjunction over the paths of the
// trie and shared along common prefixes.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/propagator.hpp"
#include "engine/solver.hpp"

namespace prune {

// The simple paths from one node, as a trie in preorder: index 0 is the root (the
// empty path at `start`); for k >= 1, parent[k] < k, edge[k] is the last edge of path
// k and vertex[k] the node it ends at, and the paths that extend k are k+1..end[k]-1.
struct PathTrie {
    std::vector<int> parent{-1};
    std::vector<int> edge{-1};
    std::vector<int> vertex;
    std::vector<int> end;
    int size() const { return static_cast<int>(parent.size()); }
    int path_count() const { return size() - 1; }
};

// Optional bounds for enumerate_simple_paths: cut a branch when no extension of it
// can add up to `total` given each edge's weight in [low[e], high[e]].
struct PathBounds {
    std::vector<std::int64_t> low, high;
    std::int64_t total = 0;
};

// Every simple path from `start` (nodes 0..node_count-1; edges as node pairs, parallel
// edges allowed, self-loops ignored), depth first, neighbours in edge order. Returns
// false, leaving `trie` partial, when there are more than `max_paths` paths.
bool enumerate_simple_paths(int node_count, const std::vector<std::pair<int, int>>& edges, int start, int max_paths, PathTrie& trie,
                            const PathBounds* bounds = nullptr);

class PathSum final : public Propagator {
public:
    // `weights[e]` is the weight of edges[e]; the domains are read at construction.
    // A window wider than `max_window` sums is not allocated (window_fits() is false).
    PathSum(const Solver& s, PathTrie trie, std::vector<IntVar> weights, std::int64_t total, std::int64_t max_window);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "path_sum"; }
    // Learning: a removal of v from edge e's weight is explained as "no path sums to
    // the total with e = v", a failure as "no path sums to the total": by the removals
    // from the other edges' weights, minimised by deletion (each given back in turn,
    // kept out when still no path fits) while that costs at most `minimise_budget`
    // word operations. One check: O(M * d * W), as a run's forward pass.
    bool explain(Explanation& e) const override;
    static constexpr std::int64_t minimise_budget = std::int64_t{1} << 22;

    int trie_size() const { return trie_.size(); }
    std::int64_t window_low() const { return low_; }
    std::int64_t window_width() const { return width_; }
    bool window_fits() const { return width_ <= max_window_; }

private:
    // Sets the window [low_, low_ + width_) from the current bounds.
    void choose_window(const Solver& s);
    void allocate();
    // F for every trie node, and the hit flags; returns the number of hits.
    int forward(const Solver& s);
    // Keeps only the trie nodes with a hit in their subtree (after forward()).
    void compact();
    // Whether some path of the trie sums to the total on the domains `explained_`
    // (one word set of values per edge, from edge_low_); scratch f_.
    bool some_path_fits() const;
    mutable std::vector<std::vector<std::uint64_t>> explained_;  // sized at the first explanation
    std::uint64_t* f(int k) { return &f_[static_cast<std::size_t>(k) * static_cast<std::size_t>(words_)]; }
    std::uint64_t* g(int k) { return &g_[static_cast<std::size_t>(k) * static_cast<std::size_t>(words_)]; }

    PathTrie trie_;
    std::vector<IntVar> weights_;
    std::int64_t total_;
    std::int64_t low_ = 0;    // the sum that bit 0 stands for
    std::int64_t width_ = 1;  // the sums in the window
    std::int64_t max_window_;
    int words_ = 1;
    std::uint64_t last_mask_ = 1;  // the valid bits of the last word
    // Post-time bounds of each edge's weight: support bits are indexed from low.
    std::vector<std::int64_t> edge_low_, edge_high_;
    std::vector<int> support_first_;  // first word of each edge's support bits, -1 if unused
    // Scratch, sized at post time.
    mutable std::vector<std::uint64_t> f_;  // (mutable: explain() reuses it)
    std::vector<std::uint64_t> g_, support_;
    std::vector<std::uint8_t> hit_, fixed_path_, alive_, unavoidable_;
    std::vector<int> subtree_hits_, edge_hits_;
    std::vector<int> edges_used_;  // the edges on the trie, once each
};

struct PathSumLimits {
    int max_paths = 100000;             // simple paths from the start node
    std::int64_t max_window = 1 << 16;  // sums in the bitset window
};

// Posts PathSum. `edges[e]` joins two of the nodes 0..node_count-1 and `weights[e]` is
// its weight (bitset domains; one variable per edge). Fails the solver when no path
// can sum to `total`; sets an error on malformed arguments or when a limit is exceeded.
bool path_sum(Solver& s, int node_count, const std::vector<std::pair<int, int>>& edges, const std::vector<IntVar>& weights, int start,
              std::int64_t total, const PathSumLimits& limits = {});

}  // namespace prune
