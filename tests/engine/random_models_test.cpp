// Differential test of whole models: random mixes of every kernel constraint on
// 2 to 7 variables with up to 8 values, solved under every alldifferent strength and
// every branching (with and without restarts), compared with exhaustive enumeration.
#include "catch.hpp"
#include "support/propagator_check.hpp"

#include <algorithm>
#include <functional>
#include <set>

using namespace prune;
using namespace prune::test;

namespace {

struct RandomModel {
    std::vector<std::vector<int>> domains;
    // Each constraint: a brute-force predicate and a poster.
    std::vector<std::function<bool(const Assignment&)>> predicates;
    std::vector<std::function<void(Solver&, const std::vector<IntVar>&, Consistency)>> posters;
};

std::vector<int> pick_scope(Random& r, int n, int min_size, int max_size) {
    std::vector<int> all(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) all[i] = i;
    for (int i = n - 1; i > 0; --i) std::swap(all[i], all[static_cast<int>(r.below(static_cast<std::uint64_t>(i + 1)))]);
    const int size = std::min(n, min_size + static_cast<int>(r.below(static_cast<std::uint64_t>(max_size - min_size + 1))));
    all.resize(static_cast<std::size_t>(size));
    return all;
}

RandomModel random_model(Random& r) {
    RandomModel m;
    const int n = 2 + static_cast<int>(r.below(6));
    for (int i = 0; i < n; ++i) {
        std::vector<int> values;
        const int size = 1 + static_cast<int>(r.below(8));
        std::set<int> chosen;
        while (static_cast<int>(chosen.size()) < size) chosen.insert(static_cast<int>(r.below(9)) - 1);
        m.domains.emplace_back(chosen.begin(), chosen.end());
    }
    const int constraints = 1 + static_cast<int>(r.below(4));
    for (int c = 0; c < constraints; ++c) {
        switch (r.below(7)) {
            case 0: {  // linear
                std::vector<int> scope = pick_scope(r, n, 1, 4);
                std::vector<std::int64_t> a;
                for (std::size_t k = 0; k < scope.size(); ++k) {
                    const std::int64_t coefficient = static_cast<std::int64_t>(r.below(5)) - 2;
                    a.push_back(coefficient == 0 ? 1 : coefficient);
                }
                const std::int64_t rhs = static_cast<std::int64_t>(r.below(15)) - 4;
                const Relation rel = static_cast<Relation>(r.below(4));
                m.predicates.push_back([=](const Assignment& x) {
                    std::int64_t lhs = 0;
                    for (std::size_t k = 0; k < scope.size(); ++k) lhs += a[k] * x[scope[k]];
                    switch (rel) {
                        case Relation::equal: return lhs == rhs;
                        case Relation::not_equal: return lhs != rhs;
                        case Relation::less_equal: return lhs <= rhs;
                        case Relation::greater_equal: return lhs >= rhs;
                    }
                    return false;
                });
                m.posters.push_back([=](Solver& s, const std::vector<IntVar>& v, Consistency) {
                    std::vector<IntVar> vars;
                    for (int i : scope) vars.push_back(v[i]);
                    linear(s, a, vars, rel, rhs);
                });
                break;
            }
            case 1:
            case 2: {  // alldifferent
                std::vector<int> scope = pick_scope(r, n, 2, 6);
                m.predicates.push_back([=](const Assignment& x) {
                    std::set<int> seen;
                    for (int i : scope) seen.insert(x[i]);
                    return seen.size() == scope.size();
                });
                m.posters.push_back([=](Solver& s, const std::vector<IntVar>& v, Consistency strength) {
                    std::vector<IntVar> vars;
                    for (int i : scope) vars.push_back(v[i]);
                    all_different(s, vars, strength);
                });
                break;
            }
            case 3: {  // positive or negative table
                std::vector<int> scope = pick_scope(r, n, 1, 3);
                std::set<std::vector<int>> rows;
                const int count = static_cast<int>(r.below(12));
                for (int t = 0; t < count; ++t) {
                    std::vector<int> row;
                    for (std::size_t k = 0; k < scope.size(); ++k) row.push_back(static_cast<int>(r.below(9)) - 1);
                    rows.insert(row);
                }
                const bool positive = r.below(2) == 0;
                std::vector<std::vector<int>> tuples(rows.begin(), rows.end());
                m.predicates.push_back([=](const Assignment& x) {
                    std::vector<int> row;
                    for (int i : scope) row.push_back(x[i]);
                    return (rows.count(row) != 0) == positive;
                });
                m.posters.push_back([=](Solver& s, const std::vector<IntVar>& v, Consistency) {
                    std::vector<IntVar> vars;
                    for (int i : scope) vars.push_back(v[i]);
                    if (positive) table(s, vars, tuples);
                    else forbidden_table(s, vars, tuples);
                });
                break;
            }
            case 4: {  // binary offsets
                std::vector<int> scope = pick_scope(r, n, 2, 2);
                if (scope.size() < 2) break;
                const int c0 = static_cast<int>(r.below(5)) - 2;
                const int kind = static_cast<int>(r.below(3));
                const int i = scope[0], j = scope[1];
                m.predicates.push_back([=](const Assignment& x) {
                    return kind == 0 ? x[i] == x[j] + c0 : kind == 1 ? x[i] != x[j] + c0 : x[i] <= x[j] + c0;
                });
                m.posters.push_back([=](Solver& s, const std::vector<IntVar>& v, Consistency) {
                    if (kind == 0) equal_offset(s, v[i], v[j], c0);
                    else if (kind == 1) not_equal_offset(s, v[i], v[j], c0);
                    else less_equal_offset(s, v[i], v[j], c0);
                });
                break;
            }
            case 5: {  // element over constants
                std::vector<int> scope = pick_scope(r, n, 2, 2);
                if (scope.size() < 2) break;
                std::vector<int> array;
                const int len = 1 + static_cast<int>(r.below(6));
                for (int k = 0; k < len; ++k) array.push_back(static_cast<int>(r.below(9)) - 1);
                const int i = scope[0], j = scope[1];
                m.predicates.push_back([=](const Assignment& x) {
                    return x[i] >= 0 && x[i] < len && array[x[i]] == x[j];
                });
                m.posters.push_back([=](Solver& s, const std::vector<IntVar>& v, Consistency) { element(s, array, v[i], v[j]); });
                break;
            }
            default: {  // element over variables
                std::vector<int> scope = pick_scope(r, n, 3, 5);
                if (scope.size() < 3) break;
                m.predicates.push_back([=](const Assignment& x) {
                    const int len = static_cast<int>(scope.size()) - 2;
                    const int index = x[scope[0]];
                    return index >= 0 && index < len && x[scope[2 + index]] == x[scope[1]];
                });
                m.posters.push_back([=](Solver& s, const std::vector<IntVar>& v, Consistency) {
                    std::vector<IntVar> array;
                    for (std::size_t k = 2; k < scope.size(); ++k) array.push_back(v[scope[k]]);
                    element(s, array, v[scope[0]], v[scope[1]]);
                });
                break;
            }
        }
    }
    return m;
}

std::vector<Assignment> brute_force(const RandomModel& m) {
    std::vector<Assignment> out;
    Assignment a(m.domains.size());
    std::function<void(std::size_t)> rec = [&](std::size_t i) {
        if (i == m.domains.size()) {
            for (const auto& p : m.predicates)
                if (!p(a)) return;
            out.push_back(a);
            return;
        }
        for (int v : m.domains[i]) {
            a[i] = v;
            rec(i + 1);
        }
    };
    rec(0);
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("random models: the engine finds exactly the brute-force solutions", "[random][restarts]") {
    Random r(20261130);
    const std::vector<SearchOptions> configs = search_configurations();
    const Consistency strengths[] = {Consistency::value, Consistency::bounds, Consistency::domain};
    int instances = 0;
    std::uint64_t solutions = 0;
    for (; instances < 2000; ++instances) {
        const RandomModel m = random_model(r);
        const std::vector<Assignment> expected = brute_force(m);
        solutions += expected.size();
        for (Consistency strength : strengths) {
            // One configuration per (instance, strength), cycling through all of them,
            // and always the plain one (first-fail, min, no restarts).
            for (const SearchOptions* o : {&configs[(instances * 3 + static_cast<int>(strength)) % configs.size()], &configs[0]}) {
                const std::vector<Assignment> found = all_solutions(
                    [&](Solver& s) {
                        std::vector<IntVar> vars;
                        for (const auto& d : m.domains) vars.push_back(s.new_int_var(d));
                        for (const auto& post : m.posters) post(s, vars, strength);
                        return vars;
                    },
                    *o);
                INFO("instance " << instances << ", strength " << static_cast<int>(strength));
                REQUIRE(found == expected);
            }
        }
    }
    INFO(instances << " instances, " << solutions << " solutions");
    CHECK(instances == 2000);
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
        std::vector<int> projection = pick_scope(r, n, 0, n);
        std::sort(projection.begin(), projection.end());
        std::set<Assignment> expected;
        for (const Assignment& a : brute_force(m)) {
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
        std::vector<IntVar> vars;
        for (const auto& d : m.domains) vars.push_back(s.new_int_var(d));
        for (const auto& post : m.posters) post(s, vars, Consistency::domain);
        for (int i : projection) o.projection.push_back(vars[i]);
        if (mode == 1) o.decision_variables = o.projection;
        if (mode == 2) {
            for (int i : pick_scope(r, n, 1, n)) o.decision_variables.push_back(vars[i]);
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
