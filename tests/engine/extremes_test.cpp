// Arithmetic at the edges of int: domains that reach INT_MIN and INT_MAX, offsets
// that would overflow, linear terms too large for 64 bits. Each is either handled
// exactly (checked against the arithmetic done in 64 or 128 bits) or refused when
// posted with a message in Solver::error(); never a wrong answer or undefined
// behaviour (the sanitizer build runs these too).
#include "catch.hpp"

#include <climits>
#include <cstdint>

#include "engine/prune.hpp"

using namespace prune;

namespace {

std::vector<std::vector<std::int64_t>> all_solutions(Solver& s, const std::vector<IntVar>& vars, std::size_t at_most = 1000) {
    std::vector<std::vector<std::int64_t>> found;
    SearchOptions options;
    options.decision_variables = vars;
    Search search(s, options);
    while (found.size() < at_most && search.next() == SearchStatus::solution) {
        std::vector<std::int64_t> row;
        for (IntVar x : vars) row.push_back(s.value(x));
        found.push_back(row);
    }
    return found;
}

}  // namespace

TEST_CASE("x < y over the whole int range", "[engine][extremes]") {
    Solver s;
    const IntVar x = s.new_int_var(INT_MIN, INT_MAX, "x");
    const IntVar y = s.new_int_var(INT_MIN, INT_MAX, "y");
    REQUIRE(less(s, x, y));
    REQUIRE(s.propagate());
    CHECK(s.max(x) == INT_MAX - 1);
    CHECK(s.min(y) == std::int64_t{INT_MIN} + 1);
    const auto first = all_solutions(s, {x, y}, 1);
    REQUIRE(first.size() == 1);
    CHECK(first[0][0] == INT_MIN);
    CHECK(first[0][1] == std::int64_t{INT_MIN} + 1);
}

TEST_CASE("offsets that leave the int range", "[engine][extremes]") {
    SECTION("x = y + INT_MAX with y in -2..2: only y <= 0 keeps x an int") {
        Solver s;
        const IntVar x = s.new_int_var(INT_MIN, INT_MAX, "x");
        const IntVar y = s.new_int_var(-2, 2, "y");
        if (!equal_offset(s, x, y, INT_MAX)) {
            CHECK_FALSE(s.error().empty());
        } else {
            const auto sols = all_solutions(s, {x, y});
            REQUIRE(sols.size() == 3);
            for (const auto& row : sols) CHECK(row[0] == row[1] + INT_MAX);
        }
    }
    SECTION("x != y + INT_MIN with x, y in -1..1: y + INT_MIN is never in x's domain") {
        Solver s;
        const IntVar x = s.new_int_var(-1, 1, "x");
        const IntVar y = s.new_int_var(-1, 1, "y");
        if (!not_equal_offset(s, x, y, INT_MIN)) {
            CHECK_FALSE(s.error().empty());
        } else {
            CHECK(all_solutions(s, {x, y}).size() == 9);
        }
    }
    SECTION("x <= y + INT_MIN with y in 0..1 and x in INT_MIN..INT_MIN+3") {
        Solver s;
        const IntVar x = s.new_int_var(INT_MIN, INT_MIN + 3, "x");
        const IntVar y = s.new_int_var(0, 1, "y");
        if (!less_equal_offset(s, x, y, INT_MIN)) {
            CHECK_FALSE(s.error().empty());
        } else {
            std::size_t expected = 0;
            for (std::int64_t a = INT_MIN; a <= std::int64_t{INT_MIN} + 3; ++a)
                for (std::int64_t b = 0; b <= 1; ++b) expected += a <= b + std::int64_t{INT_MIN};
            CHECK(all_solutions(s, {x, y}).size() == expected);
        }
    }
}

TEST_CASE("linear terms beyond 64 bits are refused at post", "[engine][extremes]") {
    Solver s;
    std::vector<IntVar> v;
    for (int i = 0; i < 3; ++i) v.push_back(s.new_int_var(INT_MIN, INT_MAX));
    const std::vector<std::int64_t> huge{INT64_MAX / 2, INT64_MAX / 2, INT64_MAX / 2};
    CHECK_FALSE(linear(s, huge, v, Relation::less_equal, 0));
    CHECK_FALSE(s.error().empty());
}

TEST_CASE("linear with int-wide terms is exact", "[engine][extremes]") {
    // INT_MAX * x + y = INT_MAX * 3 + INT_MAX with small x and the full int range for
    // y: x = 3, 4, 5 with y = INT_MAX, 0, -INT_MAX, counted here in 64 bits.
    Solver s;
    const IntVar x = s.new_int_var(-5, 5, "x");
    const IntVar y = s.new_int_var(INT_MIN, INT_MAX, "y");
    const std::int64_t big = INT_MAX;
    REQUIRE(linear(s, {big, 1}, {x, y}, Relation::equal, big * 4));
    const auto sols = all_solutions(s, {x, y});
    std::size_t expected = 0;
    for (std::int64_t a = -5; a <= 5; ++a) {
        const std::int64_t b = big * 4 - big * a;
        expected += b >= INT_MIN && b <= INT_MAX;
    }
    CHECK(sols.size() == expected);
    for (const auto& row : sols) CHECK(big * row[0] + row[1] == big * 4);

    // A coefficient past the int range is refused when posted, with the reason.
    Solver t;
    const IntVar u = t.new_int_var(-5, 5, "u");
    CHECK_FALSE(linear(t, {std::int64_t{1} << 31}, {u}, Relation::equal, 0));
    CHECK(t.error().find("out of range") != std::string::npos);
}
