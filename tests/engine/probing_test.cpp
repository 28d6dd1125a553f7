// Probing (engine/probing.hpp): singleton arc consistency before search, checked on
// random whole models against brute force: the same solutions with and without it,
// no removed value in any solution, every kept value survives its own probe.
#include "catch.hpp"
#include "support/random_model.hpp"

#include <algorithm>
#include <atomic>
#include <set>

#include "engine/probing.hpp"

using namespace prune;
using namespace prune::test;

namespace {

RandomModel random_model(Random& r) {
    RandomModel m;
    const int n = 2 + static_cast<int>(r.below(5));
    for (int i = 0; i < n; ++i) {
        const int size = 1 + static_cast<int>(r.below(6));
        std::set<int> chosen;
        while (static_cast<int>(chosen.size()) < size) chosen.insert(static_cast<int>(r.below(7)) - 1);
        m.domains.emplace_back(chosen.begin(), chosen.end());
    }
    const int constraints = 1 + static_cast<int>(r.below(5));
    for (int c = 0; c < constraints;) {
        if (add_random_constraint(r, m)) ++c;
    }
    return m;
}

}  // namespace

TEST_CASE("probing: same solutions as brute force, removes only values of no solution, reaches SAC", "[probing]") {
    Random r(20261201);
    int probed_away = 0;
    int failed_at_root = 0;
    for (int instance = 0; instance < 1500; ++instance) {
        const RandomModel m = random_model(r);
        const std::vector<Assignment> expected = m.solutions();
        INFO("instance " << instance << "\n" << m.describe());
        ProbeStatistics statistics;
        ProbeResult result = ProbeResult::fixpoint;
        const std::vector<Assignment> found = all_solutions(
            [&](Solver& s) {
                std::vector<IntVar> vars = m.build(s);
                statistics = {};
                result = s.propagate() ? probe_values(s, vars, statistics) : ProbeResult::failed;
                return vars;
            },
            SearchOptions{});
        REQUIRE(found == expected);
        REQUIRE(result != ProbeResult::interrupted);
        if (result == ProbeResult::failed) REQUIRE(expected.empty());
        failed_at_root += result == ProbeResult::failed;
        probed_away += static_cast<int>(statistics.removed);

        // The domains after probing, at the root: a superset of every solution's values,
        // and each kept value of an unfixed variable propagates without failure (SAC).
        Solver s;
        const std::vector<IntVar> vars = m.build(s);
        ProbeStatistics again;
        if (!s.propagate() || probe_values(s, vars, again) == ProbeResult::failed) {
            REQUIRE(expected.empty());
            continue;
        }
        REQUIRE(again.passes >= 1);
        for (std::size_t i = 0; i < vars.size(); ++i) {
            for (const Assignment& solution : expected) REQUIRE(s.contains(vars[i], solution[i]));
            if (s.fixed(vars[i])) continue;
            std::vector<int> values;
            s.for_each_value(vars[i], [&](int v) { values.push_back(v); });
            for (int v : values) {
                s.push_level();
                const bool consistent = !is_failure(s.assign(vars[i], v)) && s.propagate();
                if (!consistent) s.clear_queue();
                s.pop_level();
                INFO("variable " << i << " value " << v);
                REQUIRE(consistent);
            }
        }
    }
    // The test must see probing at work: values removed, problems refuted at the root.
    REQUIRE(probed_away > 50);
    REQUIRE(failed_at_root > 5);
}

TEST_CASE("probing: a stop request ends it early and soundly", "[probing]") {
    Solver s;
    std::vector<IntVar> q = s.new_int_vars(6, 0, 5);
    all_different(s, q, Consistency::value);
    std::atomic<bool> stop{true};
    s.set_interrupt(&stop);
    ProbeStatistics statistics;
    REQUIRE(probe_values(s, q, statistics) == ProbeResult::interrupted);
    REQUIRE_FALSE(s.root_failed());
}
