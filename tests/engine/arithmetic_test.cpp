// Arithmetic propagators (times, div, mod, pow, abs, min, max) against brute force.
#include "catch.hpp"
#include "support/propagator_check.hpp"

#include <algorithm>
#include <climits>

#include "engine/propagators/arithmetic.hpp"

using namespace prune;
using namespace prune::test;

namespace {

using Evaluate = bool (*)(std::int64_t, std::int64_t, std::int64_t&);

ConstraintSpec ternary_spec(const char* name, Evaluate evaluate, bool (*post)(Solver&, IntVar, IntVar, IntVar), int lo, int hi) {
    ConstraintSpec spec;
    spec.name = name;
    spec.min_arity = spec.max_arity = 3;
    spec.min_value = lo;
    spec.max_value = hi;
    spec.claim = Claim::bounds;
    spec.holds = [evaluate](const std::vector<int>& v) {
        std::int64_t z = 0;
        return evaluate(v[0], v[1], z) && z == v[2];
    };
    spec.post = [post](Solver& s, const std::vector<IntVar>& x, std::uint64_t) { post(s, x[0], x[1], x[2]); };
    return spec;
}

CheckOptions wide() {
    CheckOptions o;
    o.instances = 400;
    return o;
}

}  // namespace

TEST_CASE("evaluate follows MiniZinc's integer semantics", "[arithmetic]") {
    std::int64_t z = 0;
    REQUIRE(Divide::evaluate(-7, 2, z));
    REQUIRE(z == -3);
    REQUIRE(Modulo::evaluate(-7, 2, z));
    REQUIRE(z == -1);
    REQUIRE(Modulo::evaluate(7, -2, z));
    REQUIRE(z == 1);
    REQUIRE_FALSE(Divide::evaluate(1, 0, z));
    REQUIRE(Power::evaluate(-2, 3, z));
    REQUIRE(z == -8);
    REQUIRE(Power::evaluate(0, 0, z));
    REQUIRE(z == 1);
    REQUIRE(Power::evaluate(2, -1, z));
    REQUIRE(z == 0);
    REQUIRE(Power::evaluate(-1, -3, z));
    REQUIRE(z == -1);
    REQUIRE_FALSE(Power::evaluate(0, -1, z));
}

TEST_CASE("z = x * y is bounds consistent", "[arithmetic]") {
    REQUIRE(check_constraint(ternary_spec("times", Times::evaluate, times, -4, 5), wide()) == "");
    REQUIRE(check_constraint(ternary_spec("times", Times::evaluate, times, -9, 12)) == "");
}

TEST_CASE("z = x div y is bounds consistent", "[arithmetic]") {
    REQUIRE(check_constraint(ternary_spec("div", Divide::evaluate, divide, -5, 5), wide()) == "");
    REQUIRE(check_constraint(ternary_spec("div", Divide::evaluate, divide, -12, 9)) == "");
}

TEST_CASE("z = x mod y is bounds consistent", "[arithmetic]") {
    REQUIRE(check_constraint(ternary_spec("mod", Modulo::evaluate, modulo, -5, 5), wide()) == "");
    REQUIRE(check_constraint(ternary_spec("mod", Modulo::evaluate, modulo, -12, 9)) == "");
}

TEST_CASE("z = x ^ y is bounds consistent", "[arithmetic]") {
    REQUIRE(check_constraint(ternary_spec("pow", Power::evaluate, power, -3, 4), wide()) == "");
    REQUIRE(check_constraint(ternary_spec("pow", Power::evaluate, power, -4, 9)) == "");
}

TEST_CASE("x * x is posted as a square", "[arithmetic]") {
    ConstraintSpec spec;
    spec.name = "x*x";
    spec.min_arity = spec.max_arity = 2;
    spec.min_value = -4;
    spec.max_value = 9;
    spec.claim = Claim::bounds;
    spec.holds = [](const std::vector<int>& v) { return v[0] * v[0] == v[1]; };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) { times(s, x[0], x[0], x[1]); };
    REQUIRE(check_constraint(spec) == "");
}

// z = x op y posted as x op y = x, the propagator built directly (no post-time rewriting).
template <class Function>
void check_aliased(const char* name) {
    ConstraintSpec spec;
    spec.name = name;
    spec.min_arity = spec.max_arity = 2;
    spec.min_value = -4;
    spec.max_value = 4;
    spec.holds = [](const std::vector<int>& v) {
        std::int64_t z = 0;
        return Function::evaluate(v[0], v[1], z) && z == v[0];
    };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) {
        s.add(std::make_unique<Function>(x[0], x[1], x[0]));
    };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("aliased arguments stay sound", "[arithmetic]") {
    check_aliased<Times>("x * y = x");
    check_aliased<Divide>("x div y = x");
    check_aliased<Modulo>("x mod y = x");
    check_aliased<Power>("x ^ y = x");
}

TEST_CASE("z = |x| is domain consistent", "[arithmetic]") {
    ConstraintSpec spec;
    spec.name = "abs";
    spec.min_arity = spec.max_arity = 2;
    spec.min_value = -5;
    spec.max_value = 5;
    spec.claim = Claim::domain;
    spec.holds = [](const std::vector<int>& v) { return std::abs(v[0]) == v[1]; };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) { absolute(s, x[0], x[1]); };
    REQUIRE(check_constraint(spec, wide()) == "");
}

TEST_CASE("z = min(x, y) and z = max(x, y) are bounds consistent", "[arithmetic]") {
    for (bool is_max : {false, true}) {
        ConstraintSpec spec;
        spec.name = is_max ? "max" : "min";
        spec.min_arity = spec.max_arity = 3;
        spec.claim = Claim::bounds;
        spec.holds = [is_max](const std::vector<int>& v) { return v[2] == (is_max ? std::max(v[0], v[1]) : std::min(v[0], v[1])); };
        spec.post = [is_max](Solver& s, const std::vector<IntVar>& x, std::uint64_t) {
            if (is_max) maximum(s, x[0], x[1], x[2]);
            else minimum(s, x[0], x[1], x[2]);
        };
        REQUIRE(check_constraint(spec) == "");
    }
}

TEST_CASE("array minimum and maximum are bounds consistent", "[arithmetic]") {
    for (bool is_max : {false, true}) {
        ConstraintSpec spec;
        spec.name = is_max ? "array max" : "array min";
        spec.min_arity = 2;
        spec.max_arity = 5;
        spec.claim = Claim::bounds;
        // The last variable is the result.
        spec.holds = [is_max](const std::vector<int>& v) {
            const auto first = v.begin(), last = v.end() - 1;
            return v.back() == (is_max ? *std::max_element(first, last) : *std::min_element(first, last));
        };
        spec.post = [is_max](Solver& s, const std::vector<IntVar>& x, std::uint64_t) {
            std::vector<IntVar> xs(x.begin(), x.end() - 1);
            if (is_max) maximum(s, xs, x.back());
            else minimum(s, xs, x.back());
        };
        REQUIRE(check_constraint(spec) == "");
    }
}

TEST_CASE("arithmetic is exact and overflow-free at the ends of the int range", "[arithmetic]") {
    {
        Solver s;
        IntVar x = s.new_int_var(INT32_MIN, INT32_MAX);
        IntVar y = s.new_int_var(INT32_MIN, INT32_MAX);
        IntVar z = s.new_int_var(INT32_MIN, INT32_MAX);
        REQUIRE(times(s, x, y, z));
        REQUIRE(s.propagate());
        s.push_level();
        REQUIRE(s.assign(x, INT32_MIN) != Event::failed);
        REQUIRE(s.propagate());
        REQUIRE(s.min(y) == 0);  // INT32_MIN * y fits in 32 bits only for y in {0, 1}
        REQUIRE(s.max(y) == 1);
        s.pop_level();
        s.push_level();
        REQUIRE(s.assign(z, 7) != Event::failed);
        REQUIRE(s.set_min(x, 2) != Event::failed);
        REQUIRE(s.propagate());
        REQUIRE(s.fixed(x));
        REQUIRE(s.value(x) == 7);
        REQUIRE(s.value(y) == 1);
        s.pop_level();
    }
    {
        Solver s;
        IntVar x = s.new_int_var(INT32_MIN, INT32_MAX);
        IntVar y = s.new_int_var(INT32_MIN, INT32_MAX);
        IntVar z = s.new_int_var(INT32_MIN, INT32_MAX);
        REQUIRE(power(s, x, y, z));
        REQUIRE(s.propagate());
        s.push_level();
        REQUIRE(s.assign(x, 3) != Event::failed);
        REQUIRE(s.set_min(z, 1000) != Event::failed);
        REQUIRE(s.propagate());
        REQUIRE(s.min(y) == 7);   // 3^7 = 2187 is the first power >= 1000
        REQUIRE(s.max(y) == 19);  // 3^19 < 2^31 <= 3^20
        REQUIRE(s.min(z) == 2187);
        REQUIRE(s.max(z) == 1162261467);  // 3^19
        s.pop_level();
    }
    {
        // Huge bounds-only domains: the interval reasoning, not a value-by-value walk.
        Solver s;
        IntVar x = s.new_int_var(100, 200);
        IntVar y = s.new_int_var(INT32_MIN, INT32_MAX);
        IntVar z = s.new_int_var(50, 50);
        REQUIRE(divide(s, x, y, z));
        REQUIRE(s.propagate());
        REQUIRE(s.min(y) == 2);
        REQUIRE(s.max(y) == 4);
    }
    {
        Solver s;
        IntVar x = s.new_int_var(INT32_MIN, INT32_MAX);
        IntVar y = s.new_int_var(INT32_MIN, INT32_MAX);
        IntVar z = s.new_int_var(INT32_MIN, INT32_MAX);
        IntVar w = s.new_int_var(INT32_MIN, INT32_MAX);
        REQUIRE(divide(s, x, y, z));
        REQUIRE(modulo(s, x, y, w));
        REQUIRE(s.propagate());
        s.push_level();
        REQUIRE(s.assign(x, INT32_MIN) != Event::failed);
        REQUIRE(s.assign(y, -1) != Event::failed);
        // INT32_MIN div -1 = 2^31 does not fit in a 32-bit domain: a failure, not UB.
        REQUIRE_FALSE(s.propagate());
        s.pop_level();
    }
}

TEST_CASE("z = x * y finds every solution on larger domains", "[arithmetic]") {
    Solver s;
    IntVar x = s.new_int_var(-30, 30);
    IntVar y = s.new_int_var(-30, 30);
    IntVar z = s.new_int_var(-100, 97);
    REQUIRE(times(s, x, y, z));
    Search search(s);
    std::uint64_t n = 0;
    REQUIRE(search.count(n) == SearchStatus::exhausted);
    std::uint64_t expected = 0;
    for (int a = -30; a <= 30; ++a) {
        for (int b = -30; b <= 30; ++b) expected += (a * b >= -100 && a * b <= 97);
    }
    REQUIRE(n == expected);
}
