// Linear, binary, membership and element constraints: the catalog's specs on the
// propagator bench (their reified forms included), and the cases it cannot draw.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <climits>

using namespace prune;
using namespace prune::test;

TEST_CASE("linear =, <=, >= and != are sound and forward checking", "[linear]") {
    REQUIRE(catalog::check({"linear=", "linear<=", "linear>=", "linear!="}) == "");
}

TEST_CASE("linear with unit coefficients and sum() are bounds consistent", "[linear]") {
    REQUIRE(catalog::check({"sum<=", "sum>=", "sum(x)<=", "sum(x)>="}) == "");
}

TEST_CASE("repeated variables in a linear are merged", "[linear]") {
    REQUIRE(catalog::check({"2x-2x+y<=c"}) == "");
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

TEST_CASE("x = y + c and x != y + c are domain consistent, x <= y + c bounds consistent", "[binary]") {
    REQUIRE(catalog::check({"x=y+c", "x!=y+c", "x<=y+c"}) == "");
}

TEST_CASE("x = y, x != y, x <= y and x < y, plain and reified", "[binary]") {
    REQUIRE(catalog::check({"x=y", "x!=y", "x<=y", "x<y"}) == "");
}

TEST_CASE("x in S, x = c and x != c are domain consistent, plain and reified", "[binary]") {
    REQUIRE(catalog::check({"x in S", "x=c", "x!=c"}) == "");
}

TEST_CASE("element over constants is domain consistent", "[element]") {
    REQUIRE(catalog::check({"element"}) == "");
}

TEST_CASE("element over variables is sound and finds every solution", "[element]") {
    REQUIRE(catalog::check({"element(var)"}) == "");
}
