// Differential test of whole models: random mixes of the catalog's constraints
// (constraint_catalog.hpp; plain, reified and half-reified) on 2 to 7 variables
// with up to 8 values, solved under every branching (with and without restarts),
// compared with exhaustive enumeration.
#include "catch.hpp"
#include "support/random_model.hpp"

#include <algorithm>
#include <functional>
#include <set>

using namespace prune;
using namespace prune::test;

namespace {

RandomModel random_model(Random& r) {
    RandomModel m;
    const int n = 2 + static_cast<int>(r.below(6));
    for (int i = 0; i < n; ++i) {
        const bool boolean = r.below(4) == 0;
        const int size = 1 + static_cast<int>(r.below(boolean ? 2 : 8));
        std::set<int> chosen;
        while (static_cast<int>(chosen.size()) < size) chosen.insert(boolean ? static_cast<int>(r.below(2)) : static_cast<int>(r.below(9)) - 1);
        m.domains.emplace_back(chosen.begin(), chosen.end());
        if (boolean) m.booleans.push_back(i);
    }
    const int constraints = 1 + static_cast<int>(r.below(4));
    for (int c = 0; c < constraints;) {
        if (add_random_constraint(r, m)) ++c;
    }
    return m;
}

std::vector<int> all_variables(int n) {
    std::vector<int> all;
    for (int i = 0; i < n; ++i) all.push_back(i);
    return all;
}

}  // namespace


TEST_CASE("random models: the engine finds exactly the brute-force solutions", "[random][restarts]") {
    Random r(20261130);
    const std::vector<SearchOptions> configs = search_configurations();
    int instances = 0;
    std::uint64_t solutions = 0;
    for (; instances < 3000; ++instances) {
        const RandomModel m = random_model(r);
        const std::vector<Assignment> expected = m.solutions();
        solutions += expected.size();
        // One configuration per instance, cycling through all of them, and always the
        // plain one (first-fail, min, no restarts).
        for (const SearchOptions* o : {&configs[static_cast<std::size_t>(instances) % configs.size()], &configs[0]}) {
            const std::vector<Assignment> found = all_solutions(
                [&](Solver& s) { return m.build(s); },
                *o);
            INFO("instance " << instances << "\n" << m.describe());
            REQUIRE(found == expected);
        }
    }
    INFO(instances << " instances, " << solutions << " solutions");
    CHECK(instances == 3000);
    CHECK(solutions > 1000);  // the generator produces satisfiable models too
}

// Projected enumeration (FlatZinc's -a over output variables): each distinct
// assignment of the projection variables once, whatever the branching, with and
// without restarts, also when the decision variables lie outside the projection
// (then branches may reach a projection twice and the search must filter it).
TEST_CASE("random models: projected enumeration gives each projection exactly once", "[random][restarts][projection]") {
    Random r(20261201);
    const std::vector<SearchOptions> configs = search_configurations();
    int instances = 0;
    std::uint64_t projected_solutions = 0;
    for (; instances < 1500; ++instances) {
        const RandomModel m = random_model(r);
        const int n = static_cast<int>(m.domains.size());
        std::vector<int> projection = pick_scope(r, all_variables(n), 0, n);
        std::sort(projection.begin(), projection.end());
        std::set<Assignment> expected;
        for (const Assignment& a : m.solutions()) {
            Assignment key;
            for (int i : projection) key.push_back(a[i]);
            expected.insert(key);
        }
        projected_solutions += expected.size();
        SearchOptions o = configs[static_cast<std::size_t>(instances) % configs.size()];
        o.project = true;
        // Decision variables: none, the projection, or a random scope (often outside it).
        const int mode = instances % 3;
        Solver s;
        const std::vector<IntVar> vars = m.build(s);
        for (int i : projection) o.projection.push_back(vars[i]);
        if (mode == 1) o.decision_variables = o.projection;
        if (mode == 2) {
            for (int i : pick_scope(r, all_variables(n), 1, n)) o.decision_variables.push_back(vars[i]);
        }
        Search search(s, o);
        std::vector<Assignment> found;
        SearchStatus status;
        while ((status = search.next()) == SearchStatus::solution) {
            Assignment key;
            for (int i : projection) key.push_back(s.value(vars[i]));
            found.push_back(key);
        }
        INFO("instance " << instances << ", mode " << mode << ", " << projection.size() << " of " << n << " projected");
        REQUIRE(status == SearchStatus::exhausted);
        std::set<Assignment> distinct(found.begin(), found.end());
        REQUIRE(distinct.size() == found.size());  // no projection twice
        REQUIRE(distinct == expected);
        REQUIRE(search.statistics().solutions == found.size());
    }
    CHECK(projected_solutions > 500);
}
