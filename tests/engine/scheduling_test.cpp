// cumulative, disjunctive and no_overlap_2d (issue 19): the bench on each form, the
// time-tabling pushes on a worked example, and the argument checks.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <vector>

using namespace prune;
using namespace prune::test;

namespace {

std::vector<IntVar> constants(Solver& s, const std::vector<int>& values) {
    std::vector<IntVar> out;
    for (int v : values) out.push_back(s.new_int_var(v, v));
    return out;
}

}  // namespace

TEST_CASE("cumulative: passes the bench, and time-tabling leaves an open start supported", "[cumulative]") {
    REQUIRE(catalog::check({"cumulative", "cumulative(var)", "cumulative(one open task)"}) == "");
}

TEST_CASE("cumulative: a compulsory part pushes the other tasks and raises the capacity", "[cumulative]") {
    Solver s;
    // Task 0 in [2, 3] with duration 4 surely runs over [3, 6) at height 2; task 1
    // (duration 2, height 2) cannot run beside it under capacity 3.
    std::vector<IntVar> starts{s.new_int_var(2, 3), s.new_int_var(0, 10)};
    IntVar capacity = s.new_int_var(0, 3);
    REQUIRE(cumulative(s, starts, constants(s, {4, 2}), constants(s, {2, 2}), capacity));
    REQUIRE(s.propagate());
    CHECK(s.min(capacity) == 2);
    // Task 1 may start at 0 or 1 (ending by 3) or from 6 on: its bounds stay 0..10.
    CHECK(s.min(starts[1]) == 0);
    REQUIRE(s.set_min(starts[1], 2) != Event::failed);
    REQUIRE(s.propagate());
    CHECK(s.min(starts[1]) == 6);  // past the compulsory part [3, 6)
    REQUIRE(s.set_max(starts[0], 2) != Event::failed);  // now task 0 runs over [2, 6)
    REQUIRE(s.propagate());
    CHECK(s.min(starts[1]) == 6);
}

TEST_CASE("cumulative: a task higher than the capacity fails", "[cumulative]") {
    Solver s;
    std::vector<IntVar> starts{s.new_int_var(0, 5)};
    REQUIRE(cumulative(s, starts, constants(s, {1}), constants(s, {3}), s.new_int_var(0, 2)));
    CHECK_FALSE(s.propagate());
}

TEST_CASE("cumulative: refused arguments", "[cumulative]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(2, 0, 3);
    CHECK_FALSE(cumulative(s, x, {x[0]}, x, x[1]));
    CHECK(s.error() == "cumulative: 2 starts, 1 durations and 2 heights");
    Solver t;
    std::vector<IntVar> y = t.new_int_vars(2, 0, 3);
    CHECK_FALSE(cumulative(t, y, y, y, IntVar{9}));
    CHECK(t.error() == "cumulative: variable 0 does not belong to this solver");
    Solver u;
    std::vector<IntVar> z = u.new_int_vars(2, -3, -1);  // durations must be >= 0
    CHECK_FALSE(cumulative(u, z, z, z, u.new_int_var(0, 1)));
    CHECK(u.error().empty());
}

TEST_CASE("disjunctive: passes the bench, strict and not", "[disjunctive]") {
    REQUIRE(catalog::check({"disjunctive", "disjunctive(var)", "disjunctive_strict", "disjunctive_strict(var)",
                            "disjunctive(one open task)"}) == "");
}

TEST_CASE("disjunctive: one order left is enforced on both starts", "[disjunctive]") {
    Solver s;
    std::vector<IntVar> starts{s.new_int_var(0, 4), s.new_int_var(1, 3)};
    REQUIRE(disjunctive(s, starts, constants(s, {3, 2})));
    // 0 before 1 needs s0 + 3 <= s1 <= 3: s0 = 0, s1 = 3; 1 before 0 needs s1 + 2 <= s0 <= 4.
    REQUIRE(s.propagate());
    REQUIRE(s.set_max(starts[0], 1) != Event::failed);  // 1 before 0 is impossible now
    REQUIRE(s.propagate());
    CHECK(s.value(starts[0]) == 0);
    CHECK(s.value(starts[1]) == 3);
}

TEST_CASE("disjunctive: overload checking fails three tasks that pairs cannot", "[disjunctive]") {
    // Three tasks of length 2 with starts in 0..3 (all within [0, 5)): every pair fits
    // in either order, the three do not (6 > 5).
    for (bool strict : {false, true}) {
        Solver s;
        std::vector<IntVar> starts = s.new_int_vars(3, 0, 3);
        REQUIRE(disjunctive(s, starts, constants(s, {2, 2, 2}), !strict));
        CHECK_FALSE(s.propagate());
    }
}

TEST_CASE("disjunctive: detectable precedences push past two predecessors at once", "[disjunctive]") {
    // A and B (length 2) start in 0..2; C (length 2) cannot end by 3 before either, so
    // both precede it: C starts at 4 or later (pairs alone give 2).
    Solver s;
    std::vector<IntVar> starts{s.new_int_var(0, 2), s.new_int_var(0, 2), s.new_int_var(1, 10)};
    REQUIRE(disjunctive(s, starts, constants(s, {2, 2, 2})));
    REQUIRE(s.propagate());
    CHECK(s.min(starts[2]) == 4);
    // The mirror: a task that must end after both others' latest start is pushed the
    // other way, here D (length 2) with starts in -10..1 ends by 0.
    Solver t;
    std::vector<IntVar> u{t.new_int_var(0, 2), t.new_int_var(0, 2), t.new_int_var(-10, 1)};
    REQUIRE(disjunctive(t, u, constants(t, {2, 2, 2})));
    REQUIRE(t.propagate());
    CHECK(t.max(u[2]) == -2);
}

TEST_CASE("disjunctive: an empty task may sit inside another unless strict", "[disjunctive]") {
    for (bool strict : {false, true}) {
        Solver s;
        std::vector<IntVar> starts{s.new_int_var(0, 0), s.new_int_var(1, 1)};
        REQUIRE(disjunctive(s, starts, constants(s, {3, 0}), !strict));
        CHECK(s.propagate() == !strict);
    }
}

TEST_CASE("disjunctive: refused arguments", "[disjunctive]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(2, 0, 3);
    CHECK_FALSE(disjunctive(s, x, {x[0]}));
    CHECK(s.error() == "disjunctive: 2 starts and 1 durations");
}

TEST_CASE("no_overlap_2d: passes the bench, strict and not", "[no_overlap_2d]") {
    REQUIRE(catalog::check({"no_overlap_2d", "no_overlap_2d(var)", "no_overlap_2d(strict)", "no_overlap_2d(strict)(var)"}) == "");
}

TEST_CASE("no_overlap_2d: the one separation left is enforced", "[no_overlap_2d]") {
    Solver s;
    // Two 2x2 squares in a 3-high strip: they cannot be stacked, so along x; the first
    // is at x = 0, so the second starts at 2 or more.
    std::vector<IntVar> x{s.new_int_var(0, 0), s.new_int_var(0, 5)}, y{s.new_int_var(0, 1), s.new_int_var(0, 1)};
    REQUIRE(no_overlap_2d(s, x, y, constants(s, {2, 2}), constants(s, {2, 2})));
    REQUIRE(s.propagate());
    CHECK(s.min(x[1]) == 2);
}

TEST_CASE("no_overlap_2d: refused arguments", "[no_overlap_2d]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(2, 0, 3);
    CHECK_FALSE(no_overlap_2d(s, x, x, x, {x[0]}));
    CHECK(s.error() == "no_overlap_2d: x, y, dx and dy differ in length");
}
