// Linear, binary, channel and element constraints against brute force.
#include "catch.hpp"
#include "support/propagator_check.hpp"

#include <numeric>

using namespace prune;
using namespace prune::test;

namespace {

// Coefficients and right-hand sides drawn from the instance seed, so that the
// predicate and the post function agree.
std::vector<std::int64_t> coefficients_for(std::uint64_t seed, std::size_t n) {
    Random r(seed);
    std::vector<std::int64_t> a;
    for (std::size_t i = 0; i < n; ++i) {
        std::int64_t c = static_cast<std::int64_t>(r.below(7)) - 3;
        if (c == 0) c = 2;
        a.push_back(c);
    }
    return a;
}
std::int64_t rhs_for(std::uint64_t seed) { return static_cast<std::int64_t>(Random(seed ^ 0xabcdef).below(13)) - 6; }

std::int64_t dot(const std::vector<std::int64_t>& a, const std::vector<int>& x) {
    std::int64_t s = 0;
    for (std::size_t i = 0; i < x.size(); ++i) s += a[i] * x[i];
    return s;
}

ConstraintSpec linear_spec(Relation rel, const char* name) {
    ConstraintSpec spec;
    spec.name = name;
    spec.min_arity = 1;
    spec.max_arity = 5;
    spec.holds_with_seed = [rel](const std::vector<int>& x, std::uint64_t seed) {
        const std::int64_t lhs = dot(coefficients_for(seed, x.size()), x);
        const std::int64_t c = rhs_for(seed);
        switch (rel) {
            case Relation::equal: return lhs == c;
            case Relation::not_equal: return lhs != c;
            case Relation::less_equal: return lhs <= c;
            case Relation::greater_equal: return lhs >= c;
        }
        return false;
    };
    spec.post = [rel](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
        linear(s, coefficients_for(seed, x.size()), x, rel, rhs_for(seed));
    };
    return spec;
}

}  // namespace

TEST_CASE("linear = is sound and finds every solution", "[linear]") {
    REQUIRE(check_constraint(linear_spec(Relation::equal, "linear=")) == "");
}
TEST_CASE("linear <= is sound and finds every solution", "[linear]") {
    REQUIRE(check_constraint(linear_spec(Relation::less_equal, "linear<=")) == "");
}
TEST_CASE("linear >= is sound and finds every solution", "[linear]") {
    REQUIRE(check_constraint(linear_spec(Relation::greater_equal, "linear>=")) == "");
}
TEST_CASE("linear != is sound and finds every solution", "[linear]") {
    REQUIRE(check_constraint(linear_spec(Relation::not_equal, "linear!=")) == "");
}

TEST_CASE("linear <= reaches bounds consistency on unit coefficients", "[linear]") {
    ConstraintSpec spec;
    spec.name = "sum<=";
    spec.max_arity = 4;
    spec.claim = Claim::bounds;
    spec.holds_with_seed = [](const std::vector<int>& x, std::uint64_t seed) {
        return std::accumulate(x.begin(), x.end(), 0) <= rhs_for(seed);
    };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) { sum(s, x, Relation::less_equal, rhs_for(seed)); };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("linear refuses sums that could overflow 64 bits", "[linear]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(4, INT32_MIN, INT32_MAX);
    REQUIRE_FALSE(linear(s, {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}, x, Relation::equal, 0));
    REQUIRE(s.error().find("2^62") != std::string::npos);
    Solver t;
    std::vector<IntVar> y = t.new_int_vars(2, 0, 1);
    REQUIRE_FALSE(linear(t, {1}, y, Relation::equal, 0));
    REQUIRE(t.error().find("coefficients") != std::string::npos);
}

TEST_CASE("linear is exact near the ends of the int range", "[linear]") {
    Solver s;
    IntVar x = s.new_int_var(INT32_MIN, INT32_MAX);
    IntVar y = s.new_int_var(INT32_MIN, INT32_MAX);
    REQUIRE(linear(s, {1, -1}, {x, y}, Relation::equal, std::int64_t{INT32_MAX} - INT32_MIN));
    REQUIRE(s.propagate());
    REQUIRE(s.fixed(x));
    REQUIRE(s.value(x) == INT32_MAX);
    REQUIRE(s.value(y) == INT32_MIN);
}

TEST_CASE("x = y + c is domain consistent", "[binary]") {
    ConstraintSpec spec;
    spec.name = "x=y+c";
    spec.min_arity = spec.max_arity = 2;
    spec.claim = Claim::domain;
    spec.holds_with_seed = [](const std::vector<int>& v, std::uint64_t seed) { return v[0] == v[1] + static_cast<int>(seed % 5) - 2; };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) { equal_offset(s, x[0], x[1], static_cast<int>(seed % 5) - 2); };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("x != y + c is domain consistent", "[binary]") {
    ConstraintSpec spec;
    spec.name = "x!=y+c";
    spec.min_arity = spec.max_arity = 2;
    spec.claim = Claim::domain;
    spec.holds_with_seed = [](const std::vector<int>& v, std::uint64_t seed) { return v[0] != v[1] + static_cast<int>(seed % 5) - 2; };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) { not_equal_offset(s, x[0], x[1], static_cast<int>(seed % 5) - 2); };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("x <= y + c is bounds consistent", "[binary]") {
    ConstraintSpec spec;
    spec.name = "x<=y+c";
    spec.min_arity = spec.max_arity = 2;
    spec.claim = Claim::bounds;
    spec.holds_with_seed = [](const std::vector<int>& v, std::uint64_t seed) { return v[0] <= v[1] + static_cast<int>(seed % 5) - 2; };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) { less_equal_offset(s, x[0], x[1], static_cast<int>(seed % 5) - 2); };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("b <=> x = c is domain consistent", "[binary]") {
    ConstraintSpec spec;
    spec.name = "b<=>x=c";
    spec.min_arity = spec.max_arity = 2;
    spec.min_value = -1;
    spec.max_value = 3;
    spec.claim = Claim::domain;
    // x0 is x; x1 is b, clamped to {0,1} by the post function.
    spec.holds_with_seed = [](const std::vector<int>& v, std::uint64_t seed) {
        const int c = static_cast<int>(seed % 4) - 1;
        return (v[1] == 0 || v[1] == 1) && (v[1] == 1) == (v[0] == c);
    };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
        // A failed clamp (b's domain has no 0 or 1) leaves the model unsatisfiable.
        const bool clamped = !is_failure(s.set_min(x[1], 0)) && !is_failure(s.set_max(x[1], 1));
        if (clamped && s.min(x[1]) >= 0 && s.max(x[1]) <= 1 && s.min(x[1]) <= s.max(x[1])) value_channel(s, x[0], static_cast<int>(seed % 4) - 1, x[1]);
        else s.fail();
    };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("element over constants is domain consistent", "[element]") {
    ConstraintSpec spec;
    spec.name = "element";
    spec.min_arity = spec.max_arity = 2;
    spec.min_value = -1;
    spec.max_value = 5;
    spec.claim = Claim::domain;
    auto array_for = [](std::uint64_t seed) {
        Random r(seed);
        std::vector<int> a;
        for (int i = 0; i < 5; ++i) a.push_back(static_cast<int>(r.below(6)) - 1);
        return a;
    };
    spec.holds_with_seed = [array_for](const std::vector<int>& v, std::uint64_t seed) {
        const std::vector<int> a = array_for(seed);
        return v[0] >= 0 && v[0] < 5 && a[v[0]] == v[1];
    };
    spec.post = [array_for](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) { element(s, array_for(seed), x[0], x[1]); };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("element over variables is sound and finds every solution", "[element]") {
    ConstraintSpec spec;
    spec.name = "element(var)";
    spec.min_arity = 3;
    spec.max_arity = 5;
    spec.min_value = -1;
    spec.max_value = 3;
    // x0 is the index, x1 the result, x2.. the array.
    spec.holds = [](const std::vector<int>& v) {
        const int n = static_cast<int>(v.size()) - 2;
        return v[0] >= 0 && v[0] < n && v[2 + v[0]] == v[1];
    };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) {
        element(s, std::vector<IntVar>(x.begin() + 2, x.end()), x[0], x[1]);
    };
    REQUIRE(check_constraint(spec) == "");
}
