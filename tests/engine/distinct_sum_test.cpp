// distinct_sum (engine/propagators/distinct_sum.hpp): the catalog's specs on the
// propagator bench, refused arguments, and hand-made Kakuro cases.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <vector>

using namespace prune;
using namespace prune::test;

namespace {

std::vector<int> values_of(const Solver& s, IntVar x) {
    std::vector<int> values;
    s.for_each_value(x, [&](int v) { values.push_back(v); });
    return values;
}

}  // namespace

TEST_CASE("distinct_sum is domain consistent on small domains, value consistent beyond", "[distinct_sum]") {
    REQUIRE(catalog::check({"distinct_sum", "distinct_sum (wide)", "distinct_sum (repeated)"}) == "");
}

TEST_CASE("distinct_sum: Kakuro runs reach what alldifferent and sum apart miss", "[distinct_sum]") {
    Solver s;
    // Two cells summing to 4: {1, 3}; 2 would need its twin.
    const std::vector<IntVar> pair = s.new_int_vars(2, 1, 9);
    REQUIRE(distinct_sum(s, pair, 4));
    // Four cells summing to 30: {6, 7, 8, 9}.
    const std::vector<IntVar> four = s.new_int_vars(4, 1, 9);
    REQUIRE(distinct_sum(s, four, 30));
    REQUIRE(s.propagate());
    CHECK(values_of(s, pair[0]) == std::vector<int>{1, 3});
    CHECK(values_of(s, pair[1]) == std::vector<int>{1, 3});
    CHECK(values_of(s, four[2]) == std::vector<int>{6, 7, 8, 9});

    // A 3-cell run of 7 is {1, 2, 4}: fixing one cell to 4 leaves {1, 2} to the others,
    // and backtracking restores the run.
    const std::vector<IntVar> three = s.new_int_vars(3, 1, 9);
    REQUIRE(distinct_sum(s, three, 7));
    REQUIRE(s.propagate());
    CHECK(values_of(s, three[1]) == std::vector<int>{1, 2, 4});
    s.push_level();
    REQUIRE_FALSE(is_failure(s.assign(three[0], 4)));
    REQUIRE(s.propagate());
    CHECK(values_of(s, three[2]) == std::vector<int>{1, 2});
    s.pop_level();
    CHECK(values_of(s, three[2]) == std::vector<int>{1, 2, 4});
}

TEST_CASE("distinct_sum: impossible totals, empty lists, refused handles", "[distinct_sum]") {
    {
        Solver s;
        const bool posted = distinct_sum(s, s.new_int_vars(2, 1, 9), 18);  // 9 + 9 only
        CHECK_FALSE((posted && s.propagate()));
    }
    {
        Solver s;
        CHECK(distinct_sum(s, {}, 0));
        CHECK_FALSE(distinct_sum(s, {}, 1));
    }
    {
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(2, 1, 9);
        REQUIRE_FALSE(distinct_sum(s, {x[0], IntVar{1000}}, 5));
        CHECK(s.error() == "distinct_sum: variable 1 does not belong to this solver");
    }
}
