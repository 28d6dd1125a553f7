// Arithmetic propagators (times, div, mod, pow, abs, min, max): the catalog's specs
// on the propagator bench, and exact cases at the ends of the int range.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <climits>

#include "engine/propagators/arithmetic.hpp"

using namespace prune;
using namespace prune::test;

TEST_CASE("z = x * y, x div y, x mod y and x ^ y are bounds consistent", "[arithmetic]") {
    REQUIRE(catalog::check({"times", "div", "mod", "pow"}) == "");
}

TEST_CASE("z = x * y, x div y, x mod y and x ^ y on wider ranges", "[arithmetic]") {
    REQUIRE(catalog::check({"times(wide)", "div(wide)", "mod(wide)", "pow(wide)"}) == "");
}

TEST_CASE("z = x * y, x div y, x mod y and x ^ y are sound on values far apart", "[arithmetic]") {
    REQUIRE(catalog::check({"times(far)", "div(far)", "mod(far)", "pow(far)"}) == "");
}

TEST_CASE("x * x is posted as a square", "[arithmetic]") {
    REQUIRE(catalog::check({"x*x"}) == "");
}

TEST_CASE("aliased arguments stay sound", "[arithmetic]") {
    REQUIRE(catalog::check({"x*y=x", "x div y=x", "x mod y=x", "x^y=x"}) == "");
}

TEST_CASE("z = |x| is domain consistent", "[arithmetic]") {
    CheckOptions options;
    options.instances = 400;
    REQUIRE(catalog::check({"abs"}, options) == "");
}

TEST_CASE("z = min(x, y), max(x, y) and their array forms are bounds consistent", "[arithmetic]") {
    REQUIRE(catalog::check({"min", "max", "array min", "array max"}) == "");
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
