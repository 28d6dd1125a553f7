// Reified constraints: the bench derives b <-> C and b -> C for every catalog spec
// with a reified post (propagator_check.hpp); here are the cases it cannot draw.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <climits>

using namespace prune;
using namespace prune::test;

TEST_CASE("every catalog constraint with a reified form passes the bench reified", "[reified]") {
    int reified = 0;
    for (const ConstraintSpec& spec : catalog::all()) {
        Random r(1);
        if (!spec.draw(r, spec.min_arity).post_reified) continue;
        ++reified;
        CheckOptions options;
        options.instances = 150;
        options.seed = 7;  // other instances than the plain tests draw
        INFO(spec.name);
        REQUIRE(check_constraint(spec, options) == "");
    }
    CHECK(reified >= 15);
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
