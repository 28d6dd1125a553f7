// alldifferent at value, bounds(Z) and domain consistency: hand-made cases and
// randomized brute-force checks (root, search nodes with backtracking, solution counts).
#include "catch.hpp"
#include "engine/prune.hpp"
#include "engine/propagators/alldifferent_bounds.hpp"
#include "engine/propagators/alldifferent_domain.hpp"
#include "engine/propagators/alldifferent_value.hpp"
#include "engine/random.hpp"
#include "support/propagator_check.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace prune;

namespace {

using Values = std::vector<int>;
using Domains = std::vector<Values>;

// Bounds-only variables are enumerated over [min, min(max, max(min, 6) + 8)] plus
// max: instances have at most 7 variables over [-2, 6] besides the wide ones, so the
// values above the window are interchangeable with unused ones inside it.
constexpr int wide = 100000;  // a domain this wide is bounds-only (domain.hpp)

Values candidates(const Solver& s, IntVar x, bool box) {
    Values out;
    if (s.is_bitset(x) && !box) {
        s.for_each_value(x, [&](int v) { out.push_back(v); });
        return out;
    }
    const int top = std::min(s.max(x), std::max(s.min(x), 6) + 8);
    for (int v = s.min(x); v <= top; ++v) out.push_back(v);
    if (s.max(x) > top) out.push_back(s.max(x));
    return out;
}

Domains candidates(const Solver& s, const std::vector<IntVar>& vars, bool box = false) {
    Domains d;
    for (IntVar x : vars) d.push_back(candidates(s, x, box));
    return d;
}

// The exact state of the domains: bounds, sizes and the enumerated values.
Domains snapshot(const Solver& s, const std::vector<IntVar>& vars) {
    Domains d = candidates(s, vars);
    for (std::size_t i = 0; i < vars.size(); ++i) {
        d[i].push_back(s.min(vars[i]));
        d[i].push_back(s.max(vars[i]));
        d[i].push_back(static_cast<int>(s.size(vars[i])));
    }
    return d;
}

std::string show(const Domains& d) {
    std::string out;
    for (std::size_t i = 0; i < d.size(); ++i) {
        if (i != 0) out += ' ';
        out += 'x';
        out += std::to_string(i);
        out += '{';
        for (std::size_t k = 0; k < d[i].size(); ++k) {
            if (k != 0) out += ',';
            out += std::to_string(d[i][k]);
        }
        out += '}';
    }
    return out;
}

// Calls f on every assignment of pairwise distinct values from `d` until f returns
// true; true if f did. Smaller domains are enumerated first, so Hall sets among them
// cut the enumeration early.
bool for_each_solution(const Domains& d, const std::function<bool(const Values&)>& f) {
    std::vector<std::size_t> order(d.size());
    for (std::size_t i = 0; i < d.size(); ++i) order[i] = i;
    // (std::sort, not stable_sort: search_test.cpp replaces operator new/delete but
    // not the nothrow new that stable_sort's buffer uses, which ASan reports.)
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return d[a].size() != d[b].size() ? d[a].size() < d[b].size() : a < b;
    });
    Values a(d.size());
    Values used;
    std::function<bool(std::size_t)> go = [&](std::size_t depth) {
        if (depth == d.size()) return f(a);
        const std::size_t i = order[depth];
        for (int v : d[i]) {
            if (std::find(used.begin(), used.end(), v) != used.end()) continue;
            a[i] = v;
            used.push_back(v);
            const bool stop = go(depth + 1);
            used.pop_back();
            if (stop) return true;
        }
        return false;
    };
    return go(0);
}

bool has_solution(const Domains& d) {
    return for_each_solution(d, [](const Values&) { return true; });
}

std::uint64_t count_solutions(const Domains& d) {
    std::uint64_t n = 0;
    for_each_solution(d, [&](const Values&) {
        ++n;
        return false;
    });
    return n;
}

bool all_bitset(const Solver& s, const std::vector<IntVar>& vars) {
    return std::all_of(vars.begin(), vars.end(), [&](IntVar x) { return s.is_bitset(x); });
}

// Checks the state after propagation against brute force over `before`.
std::string check_state(const Solver& s, const std::vector<IntVar>& vars, const Domains& before, bool failed,
                        Consistency claim, bool value_stage) {
    const std::size_t n = vars.size();
    if (failed) return has_solution(before) ? "failed, but a solution exists" : "";
    // Soundness: a removed value has no solution in the domains before.
    for (std::size_t i = 0; i < n; ++i) {
        for (int v : before[i]) {
            if (s.contains(vars[i], v)) continue;
            Domains d = before;
            d[i] = {v};
            if (has_solution(d)) return "solution lost: x" + std::to_string(i) + " = " + std::to_string(v);
        }
    }

    // Fixed variables take distinct values; with the value stage, their values are
    // gone from the other bitset domains. (AllDifferentValue may leave such a value in
    // a bounds-only domain when a bound moves onto it after the variable was handled.)
    for (std::size_t i = 0; i < n; ++i) {
        if (!s.fixed(vars[i])) continue;
        const int v = s.value(vars[i]);
        for (std::size_t j = 0; j < n; ++j) {
            if (j == i || !s.contains(vars[j], v)) continue;
            if (s.fixed(vars[j])) return "x" + std::to_string(i) + " and x" + std::to_string(j) + " are both fixed to " + std::to_string(v);
            if (value_stage && s.is_bitset(vars[j])) {
                return "x" + std::to_string(j) + " still holds the value " + std::to_string(v) + " of x" + std::to_string(i);
            }
        }
    }
    if (claim == Consistency::value) return {};

    if (claim == Consistency::domain && all_bitset(s, vars)) {
        const Domains now = candidates(s, vars);
        for (std::size_t i = 0; i < n; ++i) {
            for (int v : now[i]) {
                Domains d = now;
                d[i] = {v};
                if (!has_solution(d)) {
                    return "not domain consistent: x" + std::to_string(i) + " = " + std::to_string(v) + " has no support";
                }
            }
        }
        return {};
    }
    // bounds(Z); also what domain strength reaches on bounds-only domains.
    const Domains box = candidates(s, vars, true);
    for (std::size_t i = 0; i < n; ++i) {
        for (int bound : {s.min(vars[i]), s.max(vars[i])}) {
            Domains d = box;
            d[i] = {bound};
            if (!has_solution(d)) {
                return "not bounds consistent: x" + std::to_string(i) + " bound " + std::to_string(bound) + " has no support";
            }
        }
    }
    return {};
}

// Random variables over [-2, 6]: intervals, random subsets and (if allowed) wide
// bounds-only ranges [a, a + 100000].
std::vector<IntVar> random_vars(Solver& s, Random& r, int n, bool allow_wide) {
    std::vector<IntVar> vars;
    for (int i = 0; i < n; ++i) {
        const int kind = static_cast<int>(r.below(allow_wide ? 10 : 9));
        const int a = -2 + static_cast<int>(r.below(9));
        if (kind == 9) {
            vars.push_back(s.new_int_var(a, a + wide));
        } else if (kind < 4) {
            const int b = -2 + static_cast<int>(r.below(9));
            vars.push_back(s.new_int_var(std::min(a, b), std::max(a, b)));
        } else {
            Values values;
            for (int v = -2; v <= 6; ++v) {
                if (r.below(2) == 0) values.push_back(v);
            }
            if (values.empty()) values.push_back(a);
            vars.push_back(s.new_int_var(values));
        }
    }
    return vars;
}

// One random descent: decisions pushed as levels, each followed by propagation and
// a check; then every level is popped and the domains must come back exactly.
std::string descend_and_restore(Solver& s, const std::vector<IntVar>& vars, Random& r, Consistency claim,
                                bool value_stage) {
    std::vector<Domains> path;
    bool dead = false;
    while (!dead) {
        std::vector<IntVar> open;
        for (IntVar x : vars) {
            if (!s.fixed(x)) open.push_back(x);
        }
        if (open.empty()) break;
        const IntVar x = open[r.below(open.size())];
        const Values values = candidates(s, x, false);
        const int v = values[r.below(values.size())];
        path.push_back(snapshot(s, vars));
        s.push_level();
        Event e = Event::none;
        switch (r.below(4)) {
            case 0: e = s.assign(x, v); break;
            case 1: e = s.remove(x, v); break;
            case 2: e = s.set_min(x, v); break;
            default: e = s.set_max(x, v == s.min(x) ? v : v - 1); break;
        }
        if (is_failure(e)) break;
        const Domains decided = candidates(s, vars);
        const bool failed = !s.propagate();
        if (failed) s.clear_queue();
        if (std::string err = check_state(s, vars, decided, failed, claim, value_stage); !err.empty()) {
            return "at depth " + std::to_string(path.size()) + " from " + show(decided) + ": " + err;
        }
        dead = failed;
    }
    while (!path.empty()) {
        s.pop_level();
        if (snapshot(s, vars) != path.back()) return "pop_level did not restore " + show(path.back()) + ", got " + show(snapshot(s, vars));
        path.pop_back();
    }
    return {};
}

// Counts the solutions by a plain depth-first search over push/pop levels.
std::uint64_t count_by_levels(Solver& s, const std::vector<IntVar>& vars) {
    if (!s.propagate()) {
        s.clear_queue();
        return 0;
    }
    for (IntVar x : vars) {
        if (s.fixed(x)) continue;
        std::uint64_t total = 0;
        for (int v : candidates(s, x, false)) {
            s.push_level();
            if (!is_failure(s.assign(x, v))) total += count_by_levels(s, vars);
            s.clear_queue();
            s.pop_level();
        }
        return total;
    }
    for (std::size_t i = 0; i < vars.size(); ++i) {
        for (std::size_t j = i + 1; j < vars.size(); ++j) {
            if (s.value(vars[i]) == s.value(vars[j])) return 0;  // would be a propagator bug
        }
    }
    return 1;
}

const char* name_of(Consistency c) {
    return c == Consistency::value ? "value" : (c == Consistency::bounds ? "bounds" : "domain");
}

constexpr Consistency strengths[] = {Consistency::value, Consistency::bounds, Consistency::domain};

}  // namespace

TEST_CASE("alldifferent: pigeonhole fails at the root for bounds and domain", "[alldifferent]") {
    for (int n = 2; n <= 9; ++n) {
        for (Consistency c : strengths) {
            Solver s;
            const std::vector<IntVar> x = s.new_int_vars(n, 1, n - 1);
            const bool posted = all_different(s, x, c);
            const bool ok = posted && s.propagate();
            if (c == Consistency::value && n > 2) {
                CHECK(ok);  // forward checking sees nothing before a variable is fixed
            } else {
                CHECK_FALSE(ok);
            }
        }
        // Holes do not fool the matching: n variables over n-1 scattered values.
        Values scattered;
        for (int k = 0; k < n - 1; ++k) scattered.push_back(3 * k);
        Solver s;
        std::vector<IntVar> x;
        for (int i = 0; i < n; ++i) x.push_back(s.new_int_var(scattered));
        CHECK_FALSE((all_different(s, x, Consistency::domain) && s.propagate()));
    }
}

TEST_CASE("alldifferent: domain prunes a Hall set that bounds cannot see", "[alldifferent]") {
    // x0, x1 in {1, 3}, x2 in {1, 2, 3}: {1, 3} is a Hall set, so x2 = 2. The
    // intervals are all [1, 3], which holds three values: no Hall interval.
    for (Consistency c : strengths) {
        Solver s;
        std::vector<IntVar> x{s.new_int_var(Values{1, 3}), s.new_int_var(Values{1, 3}), s.new_int_var(1, 3)};
        REQUIRE(all_different(s, x, c));
        REQUIRE(s.propagate());
        if (c == Consistency::domain) {
            CHECK(s.fixed(x[2]));
            CHECK(s.value(x[2]) == 2);
        } else {
            CHECK(s.size(x[2]) == 3);
        }
    }
}

TEST_CASE("alldifferent: bounds prunes a Hall interval that value cannot see", "[alldifferent]") {
    // x0, x1 in [1, 2], x2 in [1, 4], x3 in [2, 5]: [1, 2] is a Hall interval.
    for (Consistency c : strengths) {
        Solver s;
        std::vector<IntVar> x{s.new_int_var(1, 2), s.new_int_var(1, 2), s.new_int_var(1, 4), s.new_int_var(2, 5)};
        REQUIRE(all_different(s, x, c));
        REQUIRE(s.propagate());
        if (c == Consistency::value) {
            CHECK(s.min(x[2]) == 1);
            CHECK(s.min(x[3]) == 2);
        } else {
            CHECK(s.min(x[2]) == 3);
            CHECK(s.max(x[2]) == 4);
            CHECK(s.min(x[3]) == 3);
            CHECK(s.max(x[3]) == 5);
        }
    }
}

TEST_CASE("alldifferent: Hall intervals at both ends and nested", "[alldifferent]") {
    // [0,1] and [8,9] are Hall intervals; [0,4] becomes one once x2..x4 are counted.
    Solver s;
    std::vector<IntVar> x{s.new_int_var(0, 1), s.new_int_var(0, 1), s.new_int_var(0, 4), s.new_int_var(0, 4),
                          s.new_int_var(2, 4), s.new_int_var(8, 9), s.new_int_var(8, 9), s.new_int_var(0, 9)};
    REQUIRE(all_different(s, x, Consistency::bounds));
    REQUIRE(s.propagate());
    CHECK(s.min(x[2]) == 2);
    CHECK(s.min(x[3]) == 2);
    CHECK(s.min(x[7]) == 5);
    CHECK(s.max(x[7]) == 7);
}

TEST_CASE("alldifferent: bounds-only domains and huge value ranges", "[alldifferent]") {
    for (Consistency c : {Consistency::bounds, Consistency::domain}) {
        Solver s;
        std::vector<IntVar> x{s.new_int_var(0, 1), s.new_int_var(0, 1), s.new_int_var(0, wide)};
        REQUIRE_FALSE(s.is_bitset(x[2]));
        REQUIRE(all_different(s, x, c));
        REQUIRE(s.propagate());
        CHECK(s.min(x[2]) == 2);
        CHECK(s.max(x[2]) == wide);
    }
    {
        // Every domain is a bitset but the hull is too wide for the value tables: the
        // domain propagator falls back to bounds; a bound landing on a hole reruns it.
        Solver s;
        std::vector<IntVar> x{s.new_int_var(0, 1), s.new_int_var(0, 1), s.new_int_var(Values{0, 1, 60000}),
                              s.new_int_var(Values{60000, 100000})};
        AllDifferentDomain* p = s.add(std::make_unique<AllDifferentDomain>(s, x));
        CHECK(p->uses_bounds_fallback());
        CHECK(std::string(p->kind()) == "alldifferent(bounds)");
        CHECK(p->cost() == PropagatorCost::linear);
        REQUIRE(s.propagate());
        CHECK(s.fixed(x[2]));
        CHECK(s.value(x[2]) == 60000);
        CHECK(s.fixed(x[3]));
        CHECK(s.value(x[3]) == 100000);
    }
    {
        Solver s;
        std::vector<IntVar> x{s.new_int_var(0, 3), s.new_int_var(Values{0, 3})};
        AllDifferentDomain* p = s.add(std::make_unique<AllDifferentDomain>(s, x));
        CHECK_FALSE(p->uses_bounds_fallback());
        CHECK(std::string(p->kind()) == "alldifferent(domain)");
        CHECK(p->cost() == PropagatorCost::quadratic);
    }
    {
        // Two bounds-only variables fixed to the same value: the bounds propagator
        // alone must fail (remove() of an interior value does nothing there).
        Solver s;
        std::vector<IntVar> x{s.new_int_var(-wide, wide), s.new_int_var(-wide, wide), s.new_int_var(-wide, wide)};
        s.add(std::make_unique<AllDifferentBounds>(x));
        REQUIRE(s.propagate());
        s.push_level();
        REQUIRE_FALSE(is_failure(s.assign(x[0], 7)));
        REQUIRE_FALSE(is_failure(s.assign(x[2], 7)));
        CHECK_FALSE(s.propagate());
        s.clear_queue();
        s.pop_level();
        CHECK(s.min(x[0]) == -wide);
        CHECK(s.max(x[2]) == wide);
    }
}

TEST_CASE("alldifferent: trivial and malformed calls", "[alldifferent]") {
    for (Consistency c : strengths) {
        Solver s;
        const IntVar a = s.new_int_var(0, 3);
        CHECK(all_different(s, {}, c));
        CHECK(all_different(s, {a}, c));
        CHECK(s.propagate());
        CHECK(s.propagator_count() == 0);
        CHECK_FALSE(all_different(s, {a, s.new_int_var(0, 3), a}, c));  // a != a
        CHECK(s.root_failed());
    }
    Solver s;
    CHECK_FALSE(all_different(s, {IntVar{0}}, Consistency::domain));
    CHECK_FALSE(s.error().empty());
}

TEST_CASE("alldifferent: disjoint domains entail the propagators", "[alldifferent]") {
    for (Consistency c : {Consistency::bounds, Consistency::domain}) {
        Solver s;
        std::vector<IntVar> x{s.new_int_var(0, 2), s.new_int_var(Values{3, 5}), s.new_int_var(6, 6)};
        REQUIRE(all_different(s, x, c));
        REQUIRE(s.propagate());
        CHECK_FALSE(s.propagator(1).active());  // 0 is the value stage, waiting for fixed variables
    }
    // Not entailed while two domains meet.
    Solver s;
    std::vector<IntVar> x{s.new_int_var(0, 2), s.new_int_var(2, 4)};
    REQUIRE(all_different(s, x, Consistency::domain));
    REQUIRE(s.propagate());
    CHECK(s.propagator(1).active());
}

TEST_CASE("alldifferent: random instances against brute force (root and nodes)", "[alldifferent]") {
    int instances = 0;
    for (Consistency c : strengths) {
        Random r(1234 + static_cast<std::uint64_t>(c));
        for (int round = 0; round < 3000; ++round) {
            const int n = 2 + static_cast<int>(r.below(6));
            Solver s;
            const std::vector<IntVar> vars = random_vars(s, r, n, true);
            const Domains before = candidates(s, vars);
            const bool failed = !(all_different(s, vars, c) && s.propagate());
            if (failed) s.clear_queue();
            ++instances;
            INFO(name_of(c) << " on " << show(before));
            const std::string root = check_state(s, vars, before, failed, c, true);
            REQUIRE(root.empty());
            if (failed) continue;
            for (int d = 0; d < 4; ++d) {
                const std::string node = descend_and_restore(s, vars, r, c, true);
                INFO(node);
                REQUIRE(node.empty());
            }
        }
    }
    CHECK(instances == 9000);
}

TEST_CASE("alldifferent: each propagator alone is sound, reaches its claim and is idempotent", "[alldifferent]") {
    // No value stage beside them: they must detect equal fixed values themselves.
    for (Consistency c : {Consistency::bounds, Consistency::domain}) {
        Random r(99 + static_cast<std::uint64_t>(c));
        for (int round = 0; round < 2000; ++round) {
            const int n = 2 + static_cast<int>(r.below(6));
            Solver s;
            const std::vector<IntVar> vars = random_vars(s, r, n, true);
            const Domains before = candidates(s, vars);
            Propagator* p = nullptr;
            if (c == Consistency::bounds) {
                p = s.add(std::make_unique<AllDifferentBounds>(vars));
            } else {
                p = s.add(std::make_unique<AllDifferentDomain>(s, vars));
            }
            const bool failed = !s.propagate();
            INFO(name_of(c) << " alone on " << show(before));
            REQUIRE(check_state(s, vars, before, failed, c, false).empty());
            if (failed) continue;
            // Idempotence: a second run changes nothing.
            const Domains fixpoint = snapshot(s, vars);
            if (p->active()) {
                s.schedule(p);
                REQUIRE(s.propagate());
                REQUIRE(snapshot(s, vars) == fixpoint);
            }
            const std::string node = descend_and_restore(s, vars, r, c, false);
            INFO(node);
            REQUIRE(node.empty());
        }
    }
}

TEST_CASE("alldifferent: the three strengths count the same solutions", "[alldifferent]") {
    Random r(77);
    const std::vector<SearchOptions> configs = test::search_configurations();
    for (int round = 0; round < 400; ++round) {
        const int n = 2 + static_cast<int>(r.below(6));
        const std::uint64_t seed = r.next();
        std::uint64_t expected = 0;
        {
            Random g(seed);
            Solver s;
            expected = count_solutions(candidates(s, random_vars(s, g, n, false)));
        }
        for (Consistency c : strengths) {
            INFO(name_of(c) << " round " << round);
            {
                Random g(seed);
                Solver s;
                const std::vector<IntVar> vars = random_vars(s, g, n, false);
                all_different(s, vars, c);
                CHECK(count_by_levels(s, vars) == expected);
            }
            {
                Random g(seed);
                Solver s;
                const std::vector<IntVar> vars = random_vars(s, g, n, false);
                all_different(s, vars, c);
                Search search(s, configs[static_cast<std::size_t>(round) % configs.size()]);
                std::uint64_t found = 0;
                CHECK(search.count(found) == SearchStatus::exhausted);
                CHECK(found == expected);
            }
        }
    }
}

TEST_CASE("alldifferent: the shared propagator bench", "[alldifferent]") {
    for (Consistency c : strengths) {
        test::ConstraintSpec spec;
        spec.name = std::string("all_different(") + name_of(c) + ")";
        spec.min_arity = 2;
        spec.max_arity = 6;
        spec.min_value = -2;
        spec.max_value = 4;
        spec.holds = [](const std::vector<int>& a) {
            for (std::size_t i = 0; i < a.size(); ++i) {
                for (std::size_t j = i + 1; j < a.size(); ++j) {
                    if (a[i] == a[j]) return false;
                }
            }
            return true;
        };
        spec.post = [c](Solver& s, const std::vector<IntVar>& vars, std::uint64_t) { all_different(s, vars, c); };
        spec.claim = c == Consistency::domain ? test::Claim::domain
                                              : (c == Consistency::bounds ? test::Claim::bounds : test::Claim::soundness);
        test::CheckOptions options;
        options.instances = 300;
        options.seed = 5 + static_cast<std::uint64_t>(c);
        const std::string error = test::check_constraint(spec, options);
        INFO(error);
        CHECK(error.empty());
    }
}

TEST_CASE("alldifferent: queens with every strength", "[alldifferent]") {
    // x_i, x_i + i, x_i - i all different: 92 solutions for n = 8, 724 for n = 10.
    const std::pair<int, std::uint64_t> cases[] = {{6, 4}, {8, 92}, {10, 724}};
    for (auto [n, expected] : cases) {
        for (Consistency c : strengths) {
            Solver s;
            const std::vector<IntVar> q = s.new_int_vars(n, 0, n - 1);
            std::vector<IntVar> up, down;
            for (int i = 0; i < n; ++i) {
                up.push_back(s.new_int_var(i, n - 1 + i));
                down.push_back(s.new_int_var(-i, n - 1 - i));
                equal_offset(s, up.back(), q[i], i);
                equal_offset(s, down.back(), q[i], -i);
            }
            all_different(s, q, c);
            all_different(s, up, c);
            all_different(s, down, c);
            SearchOptions o;
            o.decision_variables = q;
            Search search(s, o);
            std::uint64_t found = 0;
            REQUIRE(search.count(found) == SearchStatus::exhausted);
            CHECK(found == expected);
        }
    }
}

// ---- AllDifferentSmall: the word-parallel GAC propagator (<= 64 variables and values) ----
#include "engine/propagators/alldifferent_small.hpp"
#include "support/propagator_check.hpp"

TEST_CASE("AllDifferentSmall alone is domain consistent and finds every solution", "[alldifferent]") {
    prune::test::ConstraintSpec spec;
    spec.name = "alldifferent(small)";
    spec.min_arity = 2;
    spec.max_arity = 6;
    spec.min_value = -2;
    spec.max_value = 5;
    spec.claim = prune::test::Claim::domain;
    spec.holds = [](const std::vector<int>& x) {
        for (std::size_t i = 0; i < x.size(); ++i)
            for (std::size_t j = i + 1; j < x.size(); ++j)
                if (x[i] == x[j]) return false;
        return true;
    };
    spec.post = [](prune::Solver& s, const std::vector<prune::IntVar>& x, std::uint64_t) {
        REQUIRE(prune::AllDifferentSmall::fits(s, x));
        s.add(std::make_unique<prune::AllDifferentSmall>(s, x));
    };
    prune::test::CheckOptions options;
    options.instances = 1500;
    REQUIRE(prune::test::check_constraint(spec, options) == "");
}

TEST_CASE("all_different(domain) picks the word-parallel propagator only when it fits", "[alldifferent]") {
    prune::Solver s;
    std::vector<prune::IntVar> small = s.new_int_vars(9, 1, 9);
    std::vector<prune::IntVar> wide = s.new_int_vars(3, 0, 100);
    REQUIRE(prune::all_different(s, small, prune::Consistency::domain));
    REQUIRE(prune::all_different(s, wide, prune::Consistency::domain));
    REQUIRE(s.propagator_count() == 4);  // a value stage and a GAC propagator each
    CHECK(std::string(s.propagator(1).kind()) == "alldifferent(domain)");
    CHECK(dynamic_cast<const prune::AllDifferentSmall*>(&s.propagator(1)) != nullptr);
    CHECK(dynamic_cast<const prune::AllDifferentSmall*>(&s.propagator(3)) == nullptr);
}
