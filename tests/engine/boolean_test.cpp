// Boolean propagators (clause, reified or/and, parity, xor, bool_sum): the catalog's
// specs on the propagator bench, and long clauses it cannot draw.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

using namespace prune;
using namespace prune::test;

TEST_CASE("clause is domain consistent, plain and reified", "[boolean]") {
    REQUIRE(catalog::check({"clause", "clause(x,x,not y)", "clause(x,not x)"}) == "");
}

TEST_CASE("r <=> OR(literals), AND(xs) and OR(xs) are domain consistent", "[boolean]") {
    REQUIRE(catalog::check({"r<=>or(literals)", "r<=>and", "r<=>or", "r<=>(r or x)"}) == "");
}

TEST_CASE("parity, bool_xor, bool_eq_reif and bool_not are domain consistent", "[boolean]") {
    REQUIRE(catalog::check({"parity", "xor", "xor(x,x,y)", "eq_reif", "not"}) == "");
}

TEST_CASE("bool_sum (=, <=, >=) is bounds consistent", "[boolean]") {
    REQUIRE(catalog::check({"bool_sum=", "bool_sum<=", "bool_sum>="}) == "");
}

TEST_CASE("boolean post functions refuse non-0/1 variables", "[boolean]") {
    Solver s;
    IntVar x = s.new_int_var(0, 2);
    BoolVar b = s.new_bool_var();
    REQUIRE_FALSE(clause(s, {x, b}));
    REQUIRE(s.error().find("0/1") != std::string::npos);
}

TEST_CASE("a long clause propagates through its watches", "[boolean]") {
    Solver s;
    std::vector<BoolVar> xs;
    for (int i = 0; i < 50; ++i) xs.push_back(s.new_bool_var());
    REQUIRE(clause(s, xs));
    REQUIRE(s.propagate());
    for (int i = 0; i < 49; ++i) {
        s.push_level();
        REQUIRE(s.assign(xs[i], 0) != Event::failed);
        REQUIRE(s.propagate());
    }
    REQUIRE(s.fixed(xs[49]));
    REQUIRE(s.value(xs[49]) == 1);
    for (int i = 0; i < 49; ++i) s.pop_level();
    REQUIRE_FALSE(s.fixed(xs[49]));
}

TEST_CASE("a clause over 12 variables has 2^12 - 1 solutions", "[boolean]") {
    Solver s;
    std::vector<BoolVar> pos, neg;
    for (int i = 0; i < 12; ++i) (i % 3 ? pos : neg).push_back(s.new_bool_var());
    REQUIRE(clause(s, pos, neg));
    for (const SearchOptions& o : search_configurations()) {
        Solver t;
        std::vector<BoolVar> p2, n2;
        for (int i = 0; i < 12; ++i) (i % 3 ? p2 : n2).push_back(t.new_bool_var());
        REQUIRE(clause(t, p2, n2));
        Search search(t, o);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        REQUIRE(n == 4095);
    }
}

TEST_CASE("bool_sum counts variables fixed before, during and after posting", "[boolean]") {
    Solver s;
    std::vector<BoolVar> xs;
    for (int i = 0; i < 6; ++i) xs.push_back(s.new_bool_var());
    REQUIRE(s.assign(xs[0], 1) != Event::failed);  // fixed before posting
    IntVar c = s.new_int_var(0, 6);
    REQUIRE(bool_sum(s, {xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[1]}, Relation::equal, c));  // x1 twice
    REQUIRE(s.assign(xs[2], 0) != Event::failed);  // fixed at the root after posting
    REQUIRE(s.propagate());
    REQUIRE(s.min(c) == 1);
    REQUIRE(s.max(c) == 6);
    s.push_level();
    REQUIRE(s.assign(xs[1], 1) != Event::failed);
    REQUIRE(s.propagate());
    REQUIRE(s.min(c) == 3);
    s.push_level();
    REQUIRE(s.set_max(c, 3) != Event::failed);
    REQUIRE(s.propagate());
    for (int i = 3; i < 6; ++i) REQUIRE((s.fixed(xs[i]) && s.value(xs[i]) == 0));
    s.pop_level();
    REQUIRE_FALSE(s.fixed(xs[3]));
    s.pop_level();
    REQUIRE(s.min(c) == 1);
    Search search(s);
    std::uint64_t n = 0;
    REQUIRE(search.count(n) == SearchStatus::exhausted);
    REQUIRE(n == 16);  // x1, x3, x4, x5 free; c follows
}
