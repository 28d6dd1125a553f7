// The C API (engine/prune.h) against brute force, and its error contract.
//
// Random small models are posted through the C API only; the number of solutions it
// counts, each solution it enumerates and the optimum it finds are compared with an
// enumeration of every assignment. tests/capi/ runs the same API from real C and Python.
#include "catch.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <set>
#include <vector>

#include "engine/prune.h"
#include "engine/random.hpp"

namespace {

using Assignment = std::vector<int>;
using Predicate = std::function<bool(const Assignment&)>;

constexpr int lowest = -2, highest = 3;

bool compare(std::int64_t lhs, prune_relation relation, std::int64_t rhs) {
    switch (relation) {
        case PRUNE_EQ: return lhs == rhs;
        case PRUNE_NE: return lhs != rhs;
        case PRUNE_LE: return lhs <= rhs;
        case PRUNE_GE: return lhs >= rhs;
        case PRUNE_LT: return lhs < rhs;
        case PRUNE_GT: return lhs > rhs;
        default: break;
    }
    return false;
}

// A random model over n integer variables in [lowest, highest] and two 0/1 variables
// (the last two), posted through the C API, with the same constraints as predicates.
struct RandomModel {
    prune_solver* solver = prune_solver_new();
    std::vector<prune_var> vars;
    std::vector<Predicate> rules;
    bool unsatisfiable_at_post = false;

    explicit RandomModel(std::uint64_t seed) {
        prune::Random r(seed);
        const int n = 2 + static_cast<int>(r.below(3));
        for (int i = 0; i < n; ++i) vars.push_back(prune_int_var(solver, lowest, highest, nullptr));
        vars.push_back(prune_bool_var(solver, "b0"));
        vars.push_back(prune_bool_var(solver, "b1"));
        const int constraints = 1 + static_cast<int>(r.below(3));
        for (int c = 0; c < constraints; ++c) post_one(r, n);
    }
    ~RandomModel() { prune_solver_free(solver); }

    void check(prune_status status) {
        REQUIRE((status == PRUNE_OK || status == PRUNE_UNSATISFIABLE));
        if (status == PRUNE_UNSATISFIABLE) unsatisfiable_at_post = true;
    }

    int pick(prune::Random& r, int n) { return static_cast<int>(r.below(static_cast<std::uint64_t>(n))); }

    void post_one(prune::Random& r, int n) {
        const int b0 = n, b1 = n + 1;
        const auto relation = static_cast<prune_relation>(r.below(6));
        const int x = pick(r, n), y = (x + 1 + pick(r, n - 1)) % n;
        switch (r.below(9)) {
            case 0: {  // linear over all integer variables
                std::vector<std::int64_t> a;
                for (int i = 0; i < n; ++i) a.push_back(static_cast<std::int64_t>(r.below(5)) - 2);
                const std::int64_t rhs = static_cast<std::int64_t>(r.below(7)) - 3;
                check(prune_linear(solver, a.data(), vars.data(), static_cast<size_t>(n), relation, rhs));
                rules.push_back([a, n, relation, rhs](const Assignment& v) {
                    std::int64_t sum = 0;
                    for (int i = 0; i < n; ++i) sum += a[i] * v[i];
                    return compare(sum, relation, rhs);
                });
                break;
            }
            case 1: {
                const auto strength = static_cast<prune_consistency>(r.below(3));
                check(prune_all_different(solver, vars.data(), static_cast<size_t>(n), strength));
                rules.push_back([n](const Assignment& v) {
                    std::set<int> seen(v.begin(), v.begin() + n);
                    return static_cast<int>(seen.size()) == n;
                });
                break;
            }
            case 2:
            case 3: {  // a positive or negative table on x, y
                std::vector<std::int32_t> tuples;
                std::set<std::pair<int, int>> listed;
                for (int t = 0, count = 1 + pick(r, 12); t < count; ++t) {
                    const int u = lowest + pick(r, 6), w = lowest + pick(r, 6);
                    tuples.insert(tuples.end(), {u, w});
                    listed.insert({u, w});
                }
                const bool positive = r.below(2) == 0;
                const prune_var scope[] = {vars[x], vars[y]};
                const size_t rows = tuples.size() / 2;
                check(positive ? prune_table(solver, scope, 2, tuples.data(), rows)
                               : prune_forbidden_table(solver, scope, 2, tuples.data(), rows));
                rules.push_back([=](const Assignment& v) { return listed.count({v[x], v[y]}) == (positive ? 1u : 0u); });
                break;
            }
            case 4: {  // y = array[x], x a 0-based index (negative values and 4, 5 are out)
                std::vector<std::int32_t> array;
                for (int i = 0; i < 4; ++i) array.push_back(lowest + pick(r, 6));
                check(prune_element(solver, array.data(), array.size(), vars[x], vars[y]));
                rules.push_back([=](const Assignment& v) {
                    return v[x] >= 0 && v[x] < static_cast<int>(array.size()) && v[y] == array[v[x]];
                });
                break;
            }
            case 5: {  // b0 <=> x rel y  or  b0 => x rel y
                const auto mode = static_cast<prune_reification>(r.below(2));
                check(prune_compare_reified(solver, vars[x], relation, vars[y], vars[b0], mode));
                rules.push_back([=](const Assignment& v) {
                    const bool holds = compare(v[x], relation, v[y]);
                    return mode == PRUNE_EQUIVALENCE ? (v[b0] == 1) == holds : v[b0] == 0 || holds;
                });
                break;
            }
            case 6: {  // b0 or not b1
                const prune_var positive[] = {vars[b0]}, negative[] = {vars[b1]};
                check(prune_clause(solver, positive, 1, negative, 1));
                rules.push_back([=](const Assignment& v) { return v[b0] == 1 || v[b1] == 0; });
                break;
            }
            case 7: {  // x = y + offset, or another relation
                const int offset = pick(r, 3) - 1;
                check(prune_compare(solver, vars[x], relation, vars[y], offset));
                rules.push_back([=](const Assignment& v) { return compare(v[x], relation, std::int64_t{v[y]} + offset); });
                break;
            }
            default: {  // b1 = x * b0, then x relation constant
                check(prune_times(solver, vars[x], vars[b0], vars[b1]));
                const int value = lowest + pick(r, 6);
                check(prune_compare_value(solver, vars[x], relation, value));
                rules.push_back([=](const Assignment& v) {
                    return v[b1] == v[x] * v[b0] && compare(v[x], relation, value);
                });
                break;
            }
        }
    }

    std::vector<Assignment> brute_force() const {
        std::vector<Assignment> solutions;
        const int n = static_cast<int>(vars.size()) - 2;
        Assignment v(vars.size(), 0);
        std::function<void(int)> fill = [&](int i) {
            if (i == static_cast<int>(v.size())) {
                if (std::all_of(rules.begin(), rules.end(), [&](const Predicate& p) { return p(v); }))
                    solutions.push_back(v);
                return;
            }
            const int from = i < n ? lowest : 0, to = i < n ? highest : 1;
            for (v[i] = from; v[i] <= to; ++v[i]) fill(i + 1);
        };
        fill(0);
        return solutions;
    }

    Assignment current() const {
        Assignment v;
        for (prune_var x : vars) v.push_back(prune_value(solver, x));
        return v;
    }
};

prune_search_options random_options(std::uint64_t seed) {
    prune::Random r(seed * 7 + 3);
    prune_search_options o = prune_search_options_default();
    o.variable = static_cast<prune_variable_choice>(r.below(3));
    o.value = static_cast<prune_value_choice>(r.below(6));
    o.restarts = static_cast<prune_restarts>(r.below(3));
    o.restart_scale = 1 + static_cast<double>(r.below(3));
    o.seed = seed;
    return o;
}

}  // namespace

TEST_CASE("C API: random models enumerate and count like brute force", "[c_api]") {
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        INFO("seed " << seed);
        std::vector<Assignment> expected = RandomModel(seed).brute_force();
        std::sort(expected.begin(), expected.end());

        RandomModel enumerated(seed);
        const prune_search_options options = random_options(seed);
        prune_search* search = prune_search_new(enumerated.solver, &options);
        REQUIRE(search != nullptr);
        std::vector<Assignment> found;
        prune_result result;
        while ((result = prune_search_next(search)) == PRUNE_SOLUTION) found.push_back(enumerated.current());
        CHECK(result == PRUNE_EXHAUSTED);
        CHECK(prune_search_statistics(search).solutions == found.size());
        prune_search_free(search);
        std::sort(found.begin(), found.end());
        CHECK(found == expected);
        if (enumerated.unsatisfiable_at_post) CHECK(expected.empty());

        RandomModel counted(seed);
        search = prune_search_new(counted.solver, &options);
        std::uint64_t count = 0;
        CHECK(prune_search_count(search, &count) == PRUNE_EXHAUSTED);
        CHECK(count == expected.size());
        prune_search_free(search);
    }
}

TEST_CASE("C API: minimising and maximising find the brute-force optimum", "[c_api]") {
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        INFO("seed " << seed);
        const bool minimise = seed % 2 == 0;
        const std::vector<Assignment> all = RandomModel(seed).brute_force();
        RandomModel model(seed);
        const prune_var objective = model.vars[0];
        const prune_search_options options = random_options(seed);
        prune_search* search = prune_search_new(model.solver, &options);
        REQUIRE((minimise ? prune_search_minimize(search, objective) : prune_search_maximize(search, objective)) ==
                PRUNE_OK);
        bool any = false;
        int best = 0;
        while (prune_search_next(search) == PRUNE_SOLUTION) {
            const int value = prune_value(model.solver, objective);
            if (any) CHECK((minimise ? value < best : value > best));  // each solution improves
            best = value;
            any = true;
        }
        prune_search_free(search);
        REQUIRE(any == !all.empty());
        if (any) {
            const auto by_objective = [](const Assignment& a, const Assignment& b) { return a[0] < b[0]; };
            const Assignment& optimum = minimise ? *std::min_element(all.begin(), all.end(), by_objective)
                                                 : *std::max_element(all.begin(), all.end(), by_objective);
            CHECK(best == optimum[0]);
        }
    }
}

TEST_CASE("C API: an invalid call is an error code with a message, and fails the model", "[c_api]") {
    prune_solver* s = prune_solver_new();
    const prune_var x = prune_int_var(s, 0, 3, "x");
    const prune_var y = prune_int_var(s, 0, 3, "y");
    CHECK(prune_solver_status(s) == PRUNE_OK);
    CHECK(std::string(prune_solver_error(s)).empty());

    SECTION("a handle of no variable") {
        CHECK(prune_compare(s, x, PRUNE_NE, 17, 0) == PRUNE_ERROR_ARGUMENT);
        CHECK(std::string(prune_solver_error(s)).find("variable") != std::string::npos);
    }
    SECTION("a NULL array with elements") {
        CHECK(prune_all_different(s, nullptr, 3, PRUNE_DOMAIN) == PRUNE_ERROR_ARGUMENT);
        CHECK(std::string(prune_solver_error(s)).find("NULL") != std::string::npos);
    }
    SECTION("an unknown relation or strength") {
        CHECK(prune_compare(s, x, static_cast<prune_relation>(9), y, 0) == PRUNE_ERROR_ARGUMENT);
    }
    SECTION("a reification variable that is not 0/1") {
        CHECK(prune_compare_reified(s, x, PRUNE_EQ, y, y, PRUNE_EQUIVALENCE) == PRUNE_ERROR_ARGUMENT);
    }
    SECTION("a table whose tuples are NULL") {
        const prune_var scope[] = {x, y};
        CHECK(prune_table(s, scope, 2, nullptr, 3) == PRUNE_ERROR_ARGUMENT);
    }
    // The constraint could not be posted: searching must not pretend it was.
    CHECK(prune_solver_status(s) == PRUNE_ERROR_ARGUMENT);
    prune_search* search = prune_search_new(s, nullptr);
    REQUIRE(search != nullptr);
    CHECK(prune_search_next(search) == PRUNE_ERROR);
    CHECK(!std::string(prune_solver_error(s)).empty());
    prune_search_free(search);
    prune_solver_free(s);
}

TEST_CASE("C API: root propagation and post time report unsatisfiability", "[c_api]") {
    prune_solver* s = prune_solver_new();
    const prune_var x = prune_int_var(s, 0, 1, nullptr);
    const prune_var y = prune_int_var(s, 0, 1, nullptr);
    const prune_var z = prune_int_var(s, 0, 2, nullptr);
    const prune_var xyz[] = {x, y, z};
    CHECK(prune_all_different(s, xyz, 3, PRUNE_DOMAIN) == PRUNE_OK);
    CHECK(prune_propagate(s) == PRUNE_OK);
    CHECK(prune_is_fixed(s, z));
    CHECK(prune_value(s, z) == 2);
    // z < 2 is posted (posting does not propagate), then propagation fails.
    const prune_status posted = prune_compare_value(s, z, PRUNE_LT, 2);
    CHECK((posted == PRUNE_OK || posted == PRUNE_UNSATISFIABLE));
    CHECK(prune_propagate(s) == PRUNE_UNSATISFIABLE);
    CHECK(prune_solver_status(s) == PRUNE_UNSATISFIABLE);
    prune_search* search = prune_search_new(s, nullptr);
    CHECK(prune_search_next(search) == PRUNE_EXHAUSTED);
    prune_search_free(search);
    prune_solver_free(s);
}

TEST_CASE("C API: the model is frozen while a search exists, and misuse is refused", "[c_api]") {
    prune_solver* s = prune_solver_new();
    const prune_var x = prune_int_var(s, 0, 9, nullptr);
    prune_search_options bad = prune_search_options_default();
    bad.restarts = PRUNE_LUBY;
    bad.restart_scale = 0;
    CHECK(prune_search_new(s, &bad) == nullptr);
    CHECK(std::string(prune_solver_error(s)).find("restart scale") != std::string::npos);
    CHECK(prune_solver_status(s) == PRUNE_OK);  // bad options leave the model alone

    prune_search* search = prune_search_new(s, nullptr);
    REQUIRE(search != nullptr);
    REQUIRE(prune_search_next(search) == PRUNE_SOLUTION);
    CHECK(prune_search_minimize(search, x) == PRUNE_ERROR_ARGUMENT);
    std::uint64_t count = 0;
    CHECK(prune_search_count(search, &count) == PRUNE_ERROR);
    CHECK(prune_solver_status(s) == PRUNE_OK);  // misusing a search leaves the model alone
    // Changing the model under a search is refused, and fails the model.
    CHECK(prune_int_var(s, 0, 1, nullptr) == -1);
    CHECK(prune_compare_value(s, x, PRUNE_GE, 1) == PRUNE_ERROR_ARGUMENT);
    CHECK(std::string(prune_solver_error(s)).find("search") != std::string::npos);
    prune_search_free(search);
    prune_solver_free(s);
    // NULL handles are refused, not dereferenced.
    CHECK(prune_int_var(nullptr, 0, 1, nullptr) == -1);
    CHECK(prune_linear(nullptr, nullptr, nullptr, 0, PRUNE_EQ, 0) == PRUNE_ERROR_ARGUMENT);
    CHECK(prune_search_new(nullptr, nullptr) == nullptr);
    CHECK(prune_search_next(nullptr) == PRUNE_ERROR);
    prune_search_free(nullptr);
    prune_solver_free(nullptr);
}

TEST_CASE("C API: limits and the stop request end a search with PRUNE_LIMIT", "[c_api]") {
    const auto queens = [](prune_solver* s, int n) {
        std::vector<prune_var> q;
        for (int i = 0; i < n; ++i) q.push_back(prune_int_var(s, 0, n - 1, nullptr));
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                for (int offset : {0, j - i, i - j}) REQUIRE(prune_compare(s, q[i], PRUNE_NE, q[j], offset) == PRUNE_OK);
    };
    prune_solver* s = prune_solver_new();
    queens(s, 10);
    prune_search_options options = prune_search_options_default();
    options.node_limit = 50;
    prune_search* search = prune_search_new(s, &options);
    std::uint64_t count = 0;
    CHECK(prune_search_count(search, &count) == PRUNE_LIMIT);
    CHECK(count < 724);
    CHECK(prune_search_statistics(search).nodes <= 51);
    prune_search_free(search);

    search = prune_search_new(s, nullptr);
    prune_search_stop(search);
    CHECK(prune_search_next(search) == PRUNE_LIMIT);
    prune_search_free(search);

    search = prune_search_new(s, nullptr);
    CHECK(prune_search_count(search, &count) == PRUNE_EXHAUSTED);
    CHECK(count == 724);
    const prune_statistics statistics = prune_search_statistics(search);
    CHECK(statistics.solutions == 724);
    CHECK(statistics.nodes > 724);
    CHECK(statistics.propagations > 0);
    prune_search_free(search);
    prune_solver_free(s);
}

TEST_CASE("C API: variables over values, element over variables, version", "[c_api]") {
    prune_solver* s = prune_solver_new();
    const std::int32_t values[] = {7, -3, 7, 100};
    const prune_var x = prune_int_var_values(s, values, 4, "x");
    CHECK(prune_domain_size(s, x) == 3);
    CHECK(prune_min(s, x) == -3);
    CHECK(prune_max(s, x) == 100);
    CHECK(prune_contains(s, x, 7));
    CHECK(!prune_contains(s, x, 8));
    const prune_var a = prune_int_var(s, 1, 2, nullptr), b = prune_int_var(s, 5, 5, nullptr);
    const prune_var index = prune_int_var(s, 0, 1, nullptr), result = prune_int_var(s, 0, 9, nullptr);
    const prune_var array[] = {a, b};
    CHECK(prune_element_var(s, array, 2, index, result) == PRUNE_OK);
    prune_search* search = prune_search_new(s, nullptr);
    std::uint64_t count = 0;
    CHECK(prune_search_count(search, &count) == PRUNE_EXHAUSTED);
    // x: 3 values; index 0: result = a in {1, 2}; index 1: result = b = 5, a free in {1, 2}.
    CHECK(count == 3 * 4);
    prune_search_free(search);
    prune_solver_free(s);
    CHECK(std::string(prune_version()).size() >= 5);
}

TEST_CASE("C API: a solver in the caller's buffer counts 8-queens and reports its peak", "[c_api][arena]") {
    alignas(16) static unsigned char buffer[256 * 1024];
    prune_solver* s = prune_solver_new_in(buffer, sizeof buffer);
    REQUIRE(s != nullptr);
    REQUIRE(reinterpret_cast<unsigned char*>(s) >= buffer);  // the handle lives in the buffer too
    REQUIRE(reinterpret_cast<unsigned char*>(s) < buffer + sizeof buffer);
    REQUIRE(prune_solver_status(s) == PRUNE_OK);
    prune_var q[8], up[8], down[8];
    for (int i = 0; i < 8; ++i) q[i] = prune_int_var(s, 0, 7, nullptr);
    for (int i = 0; i < 8; ++i) {
        up[i] = prune_int_var(s, i, 7 + i, nullptr);
        down[i] = prune_int_var(s, -i, 7 - i, nullptr);
        const int64_t one_minus_one[] = {1, -1};
        const prune_var up_pair[] = {up[i], q[i]}, down_pair[] = {down[i], q[i]};
        REQUIRE(prune_linear(s, one_minus_one, up_pair, 2, PRUNE_EQ, i) == PRUNE_OK);
        REQUIRE(prune_linear(s, one_minus_one, down_pair, 2, PRUNE_EQ, -i) == PRUNE_OK);
    }
    REQUIRE(prune_all_different(s, q, 8, PRUNE_DOMAIN) == PRUNE_OK);
    REQUIRE(prune_all_different(s, up, 8, PRUNE_DOMAIN) == PRUNE_OK);
    REQUIRE(prune_all_different(s, down, 8, PRUNE_DOMAIN) == PRUNE_OK);
    prune_search* search = prune_search_new(s, nullptr);
    uint64_t count = 0;
    CHECK(prune_search_count(search, &count) == PRUNE_EXHAUSTED);
    CHECK(count == 92);
    prune_search_free(search);
    CHECK(prune_solver_memory_peak(s) > 0);
    CHECK(prune_solver_memory_peak(s) < sizeof buffer);
    prune_solver_free(s);
    CHECK(prune_solver_new_in(buffer, 8) == nullptr);  // not even the handle fits
}
