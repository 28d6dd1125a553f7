// The counting, cardinality, ordering and automaton globals (engine/propagators/
// count, global_cardinality, n_values, lex, regular): the catalog's specs on the
// propagator bench, refused arguments, and hand-made cases.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <string>
#include <vector>

using namespace prune;
using namespace prune::test;

namespace {

// A handle no solver of these tests owns.
IntVar foreign() { return IntVar{1000}; }

}  // namespace

TEST_CASE("count_among is domain consistent, count_equal value consistent", "[globals]") {
    REQUIRE(catalog::check({"count_among", "count_equal"}) == "");
}

TEST_CASE("count_among and count_equal: refused arguments, fixed value, propagation", "[globals]") {
    {
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(3, 0, 3);
        const IntVar c = s.new_int_var(0, 3);
        REQUIRE_FALSE(count_among(s, {x[0], foreign()}, {1}, c));
        CHECK(s.error() == "count_among: variable 1 does not belong to this solver");
    }
    {
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(3, 0, 3);
        REQUIRE_FALSE(count_equal(s, x, x[0], foreign()));
        CHECK(s.error() == "count_equal: variable 1 does not belong to this solver");
    }
    {
        // Three variables in 0..3, at least three of them in {1, 2}: all enter the set.
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(3, 0, 3);
        const IntVar c = s.new_int_var(3, 5);
        REQUIRE(count_among(s, x, {2, 1, 2}, c));
        REQUIRE(s.propagate());
        for (IntVar v : x) CHECK((s.min(v) == 1 && s.max(v) == 2));
        CHECK(s.value(c) == 3);
    }
    {
        // count_equal with a fixed value: no x may take 2 when the count is 0.
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(3, 0, 3);
        const IntVar y = s.new_int_var(2, 2), c = s.new_int_var(0, 0);
        REQUIRE(count_equal(s, x, y, c));
        REQUIRE(s.propagate());
        for (IntVar v : x) CHECK_FALSE(s.contains(v, 2));
    }
}

TEST_CASE("global_cardinality is value consistent, open and closed", "[globals]") {
    REQUIRE(catalog::check({"global_cardinality", "global_cardinality(closed)"}) == "");
}

TEST_CASE("n_values is value consistent, with and without exceptions", "[globals]") {
    REQUIRE(catalog::check({"n_values", "n_values(except)"}) == "");
}

TEST_CASE("lex_less_equal and lex_less are domain consistent", "[globals]") {
    REQUIRE(catalog::check({"lex_less_equal", "lex_less", "lex_less_equal(lengths)", "lex_less(lengths)",
                            "lex_less_equal(shared)", "lex_less(shared)"}) == "");
}

TEST_CASE("regular is domain consistent on random automata", "[globals]") {
    REQUIRE(catalog::check({"regular", "regular with a repeated variable"}) == "");
}
