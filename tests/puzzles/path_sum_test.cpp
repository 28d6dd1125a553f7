// PathSum ("some simple path from a node has weights adding up to T") against brute
// force on small random graphs: soundness, domain consistency at the root and after
// random decisions, restoration, and equal solution sets under every search
// configuration with and without restarts (tests/support/propagator_check.hpp).
#include <algorithm>
#include <functional>

#include "catch.hpp"
#include "puzzles/bugbyte/path_sum_propagator.hpp"
#include "support/learning_check.hpp"
#include "support/propagator_check.hpp"
#include "support/skip.hpp"

using namespace prune;
using namespace prune::test;

namespace {

// A random multigraph with `edges` edges drawn from the seed (self-loops allowed: the
// propagator must ignore them), a start node and a total.
struct RandomGraph {
    int nodes = 0;
    std::vector<std::pair<int, int>> edges;
    int start = 0;
    int total = 0;
};

RandomGraph graph_for(std::uint64_t seed, std::size_t edge_count, int low_total, int high_total) {
    Random r(seed);
    RandomGraph g;
    g.nodes = 2 + static_cast<int>(r.below(4));  // 2..5
    for (std::size_t e = 0; e < edge_count; ++e) {
        const int a = static_cast<int>(r.below(static_cast<std::uint64_t>(g.nodes)));
        const int b = static_cast<int>(r.below(static_cast<std::uint64_t>(g.nodes)));
        g.edges.emplace_back(a, b);
    }
    g.start = static_cast<int>(r.below(static_cast<std::uint64_t>(g.nodes)));
    g.total = low_total + static_cast<int>(r.below(static_cast<std::uint64_t>(high_total - low_total + 1)));
    return g;
}

// The brute-force statement: walk every simple path from the start (recursively, node
// by node, independent of the propagator's trie) and look for the total.
bool some_path_sums_to(const RandomGraph& g, const std::vector<int>& weights) {
    std::vector<char> on_path(static_cast<std::size_t>(g.nodes), 0);
    std::function<bool(int, long long)> walk = [&](int at, long long sum) {
        on_path[static_cast<std::size_t>(at)] = 1;
        bool found = false;
        for (std::size_t e = 0; e < g.edges.size() && !found; ++e) {
            const auto [a, b] = g.edges[e];
            if (a == b || (a != at && b != at)) continue;
            const int to = a == at ? b : a;
            if (on_path[static_cast<std::size_t>(to)]) continue;
            const long long through = sum + weights[e];
            found = through == g.total || walk(to, through);
        }
        on_path[static_cast<std::size_t>(at)] = 0;
        return found;
    };
    return walk(g.start, 0);
}

ConstraintSpec path_sum_spec(const char* name, int min_value, int max_value, int low_total, int high_total) {
    ConstraintSpec spec;
    spec.name = name;
    spec.min_arity = 1;
    spec.max_arity = 6;
    spec.min_value = min_value;
    spec.max_value = max_value;
    spec.claim = Claim::domain;
    spec.bounds_only = false;  // path_sum needs bitset weights
    spec.draw = [=](Random& r, int n) {
        const RandomGraph g = graph_for(r.next(), static_cast<std::size_t>(n), low_total, high_total);
        return Constraint{[g](const Assignment& x) { return some_path_sums_to(g, x); },
                          [g](Solver& s, const std::vector<IntVar>& x) { path_sum(s, g.nodes, g.edges, x, g.start, g.total); },
                          {}};
    };
    return spec;
}

}  // namespace

TEST_CASE("path_sum is domain consistent on random graphs (weights -2..4)", "[bugbyte][path_sum]") {
    CheckOptions options;
    options.instances = 400;
    REQUIRE(check_constraint(path_sum_spec("path_sum", -2, 4, -3, 9), options) == "");
}

TEST_CASE("path_sum is domain consistent on random graphs (positive weights)", "[bugbyte][path_sum]") {
    CheckOptions options;
    options.instances = 400;
    options.seed = 7;
    REQUIRE(check_constraint(path_sum_spec("path_sum+", 1, 6, 1, 14), options) == "");
}

TEST_CASE("path_sum explains its removals and failures (learning, brute force)", "[bugbyte][path_sum][learning]") {
#if defined(PRUNE_NO_LEARNING)
    PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
#else
    ExplanationTally tally;
    REQUIRE(check_explanations(path_sum_spec("path_sum", -2, 4, -3, 9), 11, 300, tally) == "");
    REQUIRE(check_explanations(path_sum_spec("path_sum+", 1, 6, 1, 14), 12, 300, tally) == "");
    INFO(tally.kinds["path_sum"].explanations << " explanations, " << tally.kinds["path_sum"].fallbacks << " fallbacks");
    CHECK(tally.kinds["path_sum"].explanations > 50);
    CHECK(tally.kinds["path_sum"].fallbacks == 0);
#endif
}

TEST_CASE("path_sum: full search agrees with brute force under every configuration", "[bugbyte][path_sum]") {
    // A few fixed graphs, each searched under all the bench's configurations (with and
    // without restarts), beside the bench's one configuration per instance.
    const std::vector<SearchOptions> configs = search_configurations();
    int non_empty = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const std::size_t m = 4 + seed % 3;
        const RandomGraph g = graph_for(seed * 7919, m, 2, 12);
        std::vector<std::vector<int>> expected;
        std::vector<int> w(m, 1);
        for (;;) {
            if (some_path_sums_to(g, w)) expected.push_back(w);
            std::size_t i = 0;
            while (i < m && ++w[i] > 5) w[i++] = 1;
            if (i == m) break;
        }
        std::sort(expected.begin(), expected.end());
        non_empty += expected.empty() ? 0 : 1;
        for (std::size_t c = 0; c < configs.size(); ++c) {
            SearchStatus status;
            const std::vector<Assignment> found = all_solutions(
                [&](Solver& s) {
                    std::vector<IntVar> x = s.new_int_vars(static_cast<int>(m), 1, 5);
                    path_sum(s, g.nodes, g.edges, x, g.start, g.total);
                    return x;
                },
                configs[c], &status);
            INFO("seed " << seed << " configuration " << c);
            CHECK(status == SearchStatus::exhausted);
            CHECK(found == expected);
        }
    }
    CHECK(non_empty >= 6);
}

TEST_CASE("path_sum prunes, entails and fails as documented", "[bugbyte][path_sum]") {
    // A path 0-1-2-3 (edges e0, e1, e2), weights 1..9, total 3 from node 0: the paths
    // are e0, e0+e1, e0+e1+e2; all use e0, so e0 loses the values no path supports.
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(3, 1, 9);
    REQUIRE(path_sum(s, 4, {{0, 1}, {1, 2}, {2, 3}}, x, 0, 3));
    REQUIRE(s.propagate());
    CHECK(s.min(x[0]) == 1);
    CHECK(s.max(x[0]) == 3);
    CHECK(s.max(x[1]) == 9);  // e1 is avoided by the path e0 = 3
    // Fix e0 = 1: the paths e0 (1) cannot, e0+e1 needs e1 = 2, e0+e1+e2 needs e1 = 1, e2 = 1.
    s.push_level();
    REQUIRE(s.assign(x[0], 1) == Event::fixed);
    REQUIRE(s.propagate());
    CHECK(s.min(x[1]) == 1);
    CHECK(s.max(x[1]) == 2);
    // e1 = 2 fixes the path e0+e1 = 3: entailed, e2 stays free.
    s.push_level();
    REQUIRE(s.assign(x[1], 2) == Event::fixed);
    REQUIRE(s.propagate());
    CHECK(s.size(x[2]) == 9);
    CHECK_FALSE(s.propagator(0).active());
    s.pop_level();
    CHECK(s.propagator(0).active());
    s.pop_level();
    // e1 >= 3: only the path e0 = 3 is left, so e0 is fixed; without 3, no path is left.
    s.push_level();
    REQUIRE(s.set_min(x[1], 3) == Event::bounds);
    REQUIRE(s.propagate());
    CHECK(s.fixed(x[0]));
    CHECK(s.value(x[0]) == 3);
    s.pop_level();
    s.push_level();
    REQUIRE(s.set_min(x[1], 3) == Event::bounds);
    REQUIRE(s.remove(x[0], 3) == Event::bounds);
    CHECK_FALSE(s.propagate());
    s.clear_queue();
    s.pop_level();
    CHECK(s.max(x[0]) == 3);
}

TEST_CASE("path_sum: post-time failures and errors", "[bugbyte][path_sum]") {
    {  // no path can reach the total: fails at post
        Solver s;
        std::vector<IntVar> x = s.new_int_vars(2, 1, 3);
        CHECK_FALSE(path_sum(s, 3, {{0, 1}, {1, 2}}, x, 0, 7));
        CHECK(s.root_failed());
        CHECK(s.error().empty());
    }
    {  // one variable for two edges
        Solver s;
        IntVar y = s.new_int_var(1, 3);
        CHECK_FALSE(path_sum(s, 3, {{0, 1}, {1, 2}}, {y, y}, 0, 2));
        CHECK(s.error().find("own weight variable") != std::string::npos);
    }
    {  // more paths than the limit: K5 has 64 simple paths from a node
        Solver s;
        std::vector<std::pair<int, int>> k5;
        for (int a = 0; a < 5; ++a) {
            for (int b = a + 1; b < 5; ++b) k5.emplace_back(a, b);
        }
        std::vector<IntVar> x = s.new_int_vars(static_cast<int>(k5.size()), 1, 10);
        PathSumLimits limits;
        limits.max_paths = 20;
        CHECK_FALSE(path_sum(s, 5, k5, x, 0, 15, limits));
        CHECK(s.error().find("more than 20 simple paths") != std::string::npos);
        PathTrie trie;
        CHECK(enumerate_simple_paths(5, k5, 0, 1000, trie));
        CHECK(trie.path_count() == 64);  // 4 + 4*3 + 4*3*2 + 4*3*2*1
    }
    {  // a wrong start node and a size mismatch
        Solver s;
        std::vector<IntVar> x = s.new_int_vars(2, 1, 3);
        CHECK_FALSE(path_sum(s, 3, {{0, 1}, {1, 2}}, x, 5, 2));
        CHECK(s.error().find("start node") != std::string::npos);
        Solver t;
        const IntVar z = t.new_int_var(1, 3);
        CHECK_FALSE(path_sum(t, 3, {{0, 1}, {1, 2}}, {z}, 0, 2));
        CHECK_FALSE(t.error().empty());
    }
}
