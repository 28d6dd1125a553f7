// Reified linear constraints and reified membership against brute force.
#include "catch.hpp"
#include "support/propagator_check.hpp"

#include <numeric>

using namespace prune;
using namespace prune::test;

namespace {

std::vector<std::int64_t> coefficients_for(std::uint64_t seed, std::size_t n, bool unit) {
    Random r(seed);
    std::vector<std::int64_t> a;
    for (std::size_t i = 0; i < n; ++i) {
        std::int64_t c = unit ? (r.below(2) ? 1 : -1) : static_cast<std::int64_t>(r.below(7)) - 3;
        if (c == 0) c = 2;
        a.push_back(c);
    }
    return a;
}
std::int64_t rhs_for(std::uint64_t seed) { return static_cast<std::int64_t>(Random(seed ^ 0xabcdef).below(13)) - 6; }

// The last variable is the indicator: restrict it to {0, 1} (fail when it cannot be).
bool clamp_bool(Solver& s, IntVar b) {
    if (is_failure(s.set_min(b, 0)) || is_failure(s.set_max(b, 1))) {
        s.fail();
        return false;
    }
    return true;
}

bool relation_holds(Relation rel, std::int64_t lhs, std::int64_t c) {
    switch (rel) {
        case Relation::equal: return lhs == c;
        case Relation::not_equal: return lhs != c;
        case Relation::less_equal: return lhs <= c;
        case Relation::greater_equal: return lhs >= c;
    }
    return false;
}

bool reified_holds(Reification mode, int b, bool c) {
    if (b != 0 && b != 1) return false;
    return mode == Reification::equivalence ? (b == 1) == c : (b == 0 || c);
}

ConstraintSpec linear_reified_spec(Relation rel, Reification mode, bool unit, const char* name) {
    ConstraintSpec spec;
    spec.name = name;
    spec.min_arity = 2;
    spec.max_arity = 5;
    spec.holds_with_seed = [=](const std::vector<int>& v, std::uint64_t seed) {
        const std::size_t n = v.size() - 1;
        const std::vector<std::int64_t> a = coefficients_for(seed, n, unit);
        std::int64_t lhs = 0;
        for (std::size_t i = 0; i < n; ++i) lhs += a[i] * v[i];
        return reified_holds(mode, v[n], relation_holds(rel, lhs, rhs_for(seed)));
    };
    spec.post = [=](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
        const std::size_t n = x.size() - 1;
        if (!clamp_bool(s, x[n])) return;
        linear_reified(s, coefficients_for(seed, n, unit), std::vector<IntVar>(x.begin(), x.end() - 1), rel, rhs_for(seed),
                       x[n], mode);
    };
    return spec;
}

IntRanges set_for(std::uint64_t seed) {
    Random r(seed);
    std::vector<std::pair<int, int>> ranges;
    const int k = static_cast<int>(r.below(4));
    for (int i = 0; i < k; ++i) {
        const int a = static_cast<int>(r.below(8)) - 3;
        ranges.push_back({a, a + static_cast<int>(r.below(3)) - (r.below(5) == 0 ? 2 : 0)});
    }
    return normalize_ranges(ranges);
}

bool in_set(const IntRanges& set, int v) {
    for (const auto& [lo, hi] : set) {
        if (lo <= v && v <= hi) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("reified linear <=, =, != and >= are sound (equivalence)", "[reified]") {
    REQUIRE(check_constraint(linear_reified_spec(Relation::less_equal, Reification::equivalence, false, "b<=>lin<=")) == "");
    REQUIRE(check_constraint(linear_reified_spec(Relation::equal, Reification::equivalence, false, "b<=>lin=")) == "");
    REQUIRE(check_constraint(linear_reified_spec(Relation::not_equal, Reification::equivalence, false, "b<=>lin!=")) == "");
    REQUIRE(check_constraint(linear_reified_spec(Relation::greater_equal, Reification::equivalence, false, "b<=>lin>=")) == "");
}

TEST_CASE("half-reified linear <=, =, != and >= are sound (implication)", "[reified]") {
    REQUIRE(check_constraint(linear_reified_spec(Relation::less_equal, Reification::implication, false, "b=>lin<=")) == "");
    REQUIRE(check_constraint(linear_reified_spec(Relation::equal, Reification::implication, false, "b=>lin=")) == "");
    REQUIRE(check_constraint(linear_reified_spec(Relation::not_equal, Reification::implication, false, "b=>lin!=")) == "");
    REQUIRE(check_constraint(linear_reified_spec(Relation::greater_equal, Reification::implication, false, "b=>lin>=")) == "");
}

TEST_CASE("reified linear <= with unit coefficients is bounds consistent", "[reified]") {
    ConstraintSpec spec = linear_reified_spec(Relation::less_equal, Reification::equivalence, true, "b<=>sum<=");
    spec.claim = Claim::bounds;
    REQUIRE(check_constraint(spec) == "");
    ConstraintSpec ge = linear_reified_spec(Relation::greater_equal, Reification::implication, true, "b=>sum>=");
    ge.claim = Claim::bounds;
    REQUIRE(check_constraint(ge) == "");
}

TEST_CASE("reified x = y, x != y, x <= y, x < y are sound", "[reified]") {
    using Post = bool (*)(Solver&, IntVar, IntVar, BoolVar, Reification);
    struct Case {
        const char* name;
        Post post;
        bool (*holds)(int, int);
    };
    const Case cases[] = {
        {"b<=>x=y", equal_reified, [](int x, int y) { return x == y; }},
        {"b<=>x!=y", not_equal_reified, [](int x, int y) { return x != y; }},
        {"b<=>x<=y", less_equal_reified, [](int x, int y) { return x <= y; }},
        {"b<=>x<y", less_reified, [](int x, int y) { return x < y; }},
    };
    for (const Case& c : cases) {
        for (Reification mode : {Reification::equivalence, Reification::implication}) {
            ConstraintSpec spec;
            spec.name = c.name;
            spec.min_arity = spec.max_arity = 3;
            spec.claim = Claim::bounds;
            auto holds = c.holds;
            auto post = c.post;
            spec.holds = [=](const std::vector<int>& v) { return reified_holds(mode, v[2], holds(v[0], v[1])); };
            spec.post = [=](Solver& s, const std::vector<IntVar>& x, std::uint64_t) {
                if (clamp_bool(s, x[2])) post(s, x[0], x[1], x[2], mode);
            };
            // = and != are only bounds consistent while b is open when the domains
            // are intervals; claim soundness for them.
            if (c.post == equal_reified || c.post == not_equal_reified) spec.claim = Claim::soundness;
            INFO(c.name << (mode == Reification::equivalence ? " <=>" : " =>"));
            REQUIRE(check_constraint(spec) == "");
        }
    }
}

TEST_CASE("repeated variables in a reified linear are merged", "[reified]") {
    ConstraintSpec spec;
    spec.name = "b<=>x-x+y<=c";
    spec.min_arity = spec.max_arity = 3;
    spec.holds_with_seed = [](const std::vector<int>& v, std::uint64_t seed) {
        return reified_holds(Reification::equivalence, v[2], 2 * v[0] - 2 * v[0] + v[1] <= rhs_for(seed) / 3);
    };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
        if (clamp_bool(s, x[2])) linear_reified(s, {2, -2, 1}, {x[0], x[0], x[1]}, Relation::less_equal, rhs_for(seed) / 3, x[2]);
    };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("reified membership is domain consistent", "[reified]") {
    for (Reification mode : {Reification::equivalence, Reification::implication}) {
        ConstraintSpec spec;
        spec.name = mode == Reification::equivalence ? "b<=>x in S" : "b=>x in S";
        spec.min_arity = spec.max_arity = 2;
        spec.min_value = -3;
        spec.max_value = 5;
        spec.claim = Claim::domain;
        spec.holds_with_seed = [=](const std::vector<int>& v, std::uint64_t seed) {
            return reified_holds(mode, v[1], in_set(set_for(seed), v[0]));
        };
        spec.post = [=](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
            if (clamp_bool(s, x[1])) member_reified(s, x[0], set_for(seed), x[1], mode);
        };
        REQUIRE(check_constraint(spec) == "");
    }
}

TEST_CASE("membership is domain consistent", "[reified]") {
    ConstraintSpec spec;
    spec.name = "x in S";
    spec.min_arity = spec.max_arity = 1;
    spec.min_value = -3;
    spec.max_value = 5;
    spec.claim = Claim::domain;
    spec.holds_with_seed = [](const std::vector<int>& v, std::uint64_t seed) { return in_set(set_for(seed), v[0]); };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) { member(s, x[0], set_for(seed)); };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("membership works on bounds-only domains", "[reified]") {
    Solver s;
    IntVar x = s.new_int_var(0, 1 << 20);
    BoolVar b = s.new_bool_var();
    REQUIRE(member_reified(s, x, {{5, 10}, {1 << 19, 1 << 19}}, b));
    REQUIRE(s.propagate());
    REQUIRE_FALSE(s.fixed(b));
    s.push_level();
    REQUIRE(s.assign(b, 1) != Event::failed);
    REQUIRE(s.propagate());
    REQUIRE(s.min(x) == 5);
    REQUIRE(s.max(x) == (1 << 19));
    s.pop_level();
    s.push_level();
    REQUIRE(s.set_min(x, 11) != Event::failed);
    REQUIRE(s.set_max(x, (1 << 19) - 1) != Event::failed);
    REQUIRE(s.propagate());
    REQUIRE(s.fixed(b));
    REQUIRE(s.value(b) == 0);
    s.pop_level();
}

TEST_CASE("reified linear refuses bad arguments", "[reified]") {
    Solver s;
    IntVar x = s.new_int_var(0, 3);
    IntVar wide = s.new_int_var(-5, 5);
    REQUIRE_FALSE(linear_reified(s, {1}, {x}, Relation::equal, 1, wide));
    REQUIRE(s.error().find("0/1") != std::string::npos);
    Solver t;
    std::vector<IntVar> big = t.new_int_vars(4, INT32_MIN, INT32_MAX);
    BoolVar b = t.new_bool_var();
    REQUIRE_FALSE(linear_reified(t, {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}, big, Relation::less_equal, 0, b));
    REQUIRE(t.error().find("2^62") != std::string::npos);
}

TEST_CASE("reified x = c and x != c through membership are domain consistent", "[reified]") {
    for (bool equal : {true, false}) {
        for (Reification mode : {Reification::equivalence, Reification::implication}) {
            ConstraintSpec spec;
            spec.name = equal ? "b<=>x=c" : "b<=>x!=c";
            spec.min_arity = spec.max_arity = 2;
            spec.claim = Claim::domain;
            spec.holds_with_seed = [=](const std::vector<int>& v, std::uint64_t seed) {
                const int c = static_cast<int>(seed % 7) - 2;
                return reified_holds(mode, v[1], (v[0] == c) == equal);
            };
            spec.post = [=](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
                const int c = static_cast<int>(seed % 7) - 2;
                const IntRanges set = equal ? IntRanges{{c, c}} : IntRanges{{INT32_MIN, c - 1}, {c + 1, INT32_MAX}};
                if (clamp_bool(s, x[1])) member_reified(s, x[0], set, x[1], mode);
            };
            REQUIRE(check_constraint(spec) == "");
        }
    }
}
