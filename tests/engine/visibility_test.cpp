// visibility (engine/propagators/visibility.hpp): the catalog's specs on the propagator
// bench, its root pruning against every permutation, and refused arguments.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

using namespace prune;
using namespace prune::test;

namespace {

int seen_from_start(const std::vector<int>& line) {
    int seen = 0;
    int tallest = 0;
    for (int v : line) {
        if (v > tallest) ++seen, tallest = v;
    }
    return seen;
}

}  // namespace

TEST_CASE("visibility is domain consistent (sound only with a repeated variable)", "[visibility]") {
    REQUIRE(catalog::check({"visibility", "visibility (repeated)"}) == "");
}

TEST_CASE("visibility: the root domains are the values of the permutations that show the counts", "[visibility]") {
    // Every pair of counts on 6 cells with full domains, and with one given digit:
    // the domains after posting are exactly the values the matching permutations hold
    // at each position (and the model fails iff there is none).
    const int n = 6;
    for (int given_position = -1; given_position < n; given_position += 3) {
        for (int from_start = 0; from_start <= n; ++from_start) {
            for (int from_end = 0; from_end <= n; ++from_end) {
                std::vector<std::vector<int>> expected(n);
                std::vector<int> line(n);
                std::iota(line.begin(), line.end(), 1);
                do {
                    if (given_position >= 0 && line[static_cast<std::size_t>(given_position)] != 2) continue;
                    const std::vector<int> back(line.rbegin(), line.rend());
                    if (from_start != 0 && seen_from_start(line) != from_start) continue;
                    if (from_end != 0 && seen_from_start(back) != from_end) continue;
                    for (int p = 0; p < n; ++p) expected[static_cast<std::size_t>(p)].push_back(line[static_cast<std::size_t>(p)]);
                } while (std::next_permutation(line.begin(), line.end()));
                Solver s;
                std::vector<IntVar> x = s.new_int_vars(n, 1, n);
                if (given_position >= 0) x[static_cast<std::size_t>(given_position)] = s.new_int_var(2, 2);
                const bool consistent = visibility(s, x, from_start, from_end) && s.propagate();
                INFO("counts " << from_start << " and " << from_end << ", given at " << given_position);
                REQUIRE(consistent == !expected[0].empty());
                if (!consistent) continue;
                for (int p = 0; p < n; ++p) {
                    std::vector<int>& want = expected[static_cast<std::size_t>(p)];
                    std::sort(want.begin(), want.end());
                    want.erase(std::unique(want.begin(), want.end()), want.end());
                    std::vector<int> got;
                    s.for_each_value(x[static_cast<std::size_t>(p)], [&](int v) { got.push_back(v); });
                    REQUIRE(got == want);
                }
            }
        }
    }
}

TEST_CASE("visibility refuses counts outside 0..n and more than 16 variables", "[visibility]") {
    Solver s;
    const std::vector<IntVar> x = s.new_int_vars(4, 1, 4);
    REQUIRE_FALSE(visibility(s, x, 5, 0));
    REQUIRE(s.error().find("visibility: the counts must lie in 0..4") != std::string::npos);
    Solver wide;
    REQUIRE_FALSE(visibility(wide, wide.new_int_vars(17, 1, 17), 1, 0));
    REQUIRE(wide.error().find("at most 16 variables") != std::string::npos);
}
