// The rules every post function shares (engine/posting.hpp, prepare_linear_terms in
// engine/propagators/linear.cpp): handle checks with one message format, and the
// same post-time rules for linear() and linear_reified() on the same edge cases.
#include "catch.hpp"

#include <climits>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/prune.hpp"

using namespace prune;

namespace {

// The plain and the reified linear, posted the same way (the reified one with b = 1,
// so that it must act as the plain one), so each case below runs on both.
struct LinearPoster {
    const char* name;
    std::function<bool(Solver&, const std::vector<std::int64_t>&, const std::vector<IntVar>&, Relation, std::int64_t)> post;
};

std::vector<LinearPoster> linear_posters() {
    return {
        {"linear", [](Solver& s, const std::vector<std::int64_t>& a, const std::vector<IntVar>& x, Relation r,
                      std::int64_t c) { return linear(s, a, x, r, c); }},
        {"linear_reified", [](Solver& s, const std::vector<std::int64_t>& a, const std::vector<IntVar>& x, Relation r,
                              std::int64_t c) { return linear_reified(s, a, x, r, c, s.new_int_var(1, 1)); }},
    };
}

std::vector<std::vector<int>> solutions(Solver& s, const std::vector<IntVar>& vars) {
    std::vector<std::vector<int>> found;
    SearchOptions options;
    options.decision_variables = vars;
    Search search(s, options);
    while (search.next() == SearchStatus::solution) {
        std::vector<int> row;
        for (IntVar x : vars) row.push_back(s.value(x));
        found.push_back(row);
    }
    return found;
}

}  // namespace

TEST_CASE("linear and linear_reified drop zero coefficients", "[posting][linear]") {
    for (const LinearPoster& p : linear_posters()) {
        INFO(p.name);
        Solver s;
        // A zero coefficient on the widest domain does not count towards the 2^62 limit.
        const IntVar wide = s.new_int_var(INT_MIN, INT_MAX);
        const IntVar y = s.new_int_var(0, 9);
        REQUIRE(p.post(s, {0, 1}, {wide, y}, Relation::equal, 3));
        REQUIRE(s.propagate());
        CHECK(s.fixed(y));
        CHECK(s.value(y) == 3);
        CHECK(s.min(wide) == INT_MIN);
        CHECK(s.max(wide) == INT_MAX);
    }
}

TEST_CASE("linear and linear_reified merge a repeated variable", "[posting][linear]") {
    for (const LinearPoster& p : linear_posters()) {
        INFO(p.name);
        SECTION("x + x = 4 is 2x = 4: bounds reasoning fixes x") {
            Solver s;
            const IntVar x = s.new_int_var(0, 5);
            REQUIRE(p.post(s, {1, 1}, {x, x}, Relation::equal, 4));
            REQUIRE(s.propagate());
            CHECK(s.fixed(x));
            CHECK(s.value(x) == 2);
        }
        SECTION("x - x = 0 always holds, x - x = 1 never") {
            Solver s;
            const IntVar x = s.new_int_var(0, 5);
            REQUIRE(p.post(s, {1, -1}, {x, x}, Relation::equal, 0));
            CHECK(solutions(s, {x}).size() == 6);
            Solver t;
            const IntVar u = t.new_int_var(0, 5);
            p.post(t, {1, -1}, {u, u}, Relation::equal, 1);
            CHECK(solutions(t, {u}).empty());
            CHECK(t.error().empty());
        }
        SECTION("2x - x + y <= 3 over 0..3 has the solutions of x + y <= 3") {
            Solver s;
            const IntVar x = s.new_int_var(0, 3);
            const IntVar y = s.new_int_var(0, 3);
            REQUIRE(p.post(s, {2, 1, -1}, {x, y, x}, Relation::less_equal, 3));
            const auto found = solutions(s, {x, y});
            CHECK(found.size() == 10);
            for (const auto& row : found) CHECK(row[0] + row[1] <= 3);
        }
        SECTION("a merged coefficient past the int range is refused") {
            Solver s;
            const IntVar x = s.new_int_var(0, 1);
            CHECK_FALSE(p.post(s, {INT32_MAX, INT32_MAX}, {x, x}, Relation::equal, 0));
            CHECK(s.error().find("coefficient " + std::to_string(std::int64_t{INT32_MAX} * 2) + " is out of range") !=
                  std::string::npos);
        }
    }
}

TEST_CASE("linear and linear_reified share the overflow limits", "[posting][linear]") {
    const std::int64_t limit = std::int64_t{1} << 62;
    for (const LinearPoster& p : linear_posters()) {
        INFO(p.name);
        const std::string who = p.name;
        SECTION("one term of |a| max|x| just below 2^62 fits, two do not") {
            Solver s;
            const IntVar x = s.new_int_var(INT_MIN, INT_MAX);
            const IntVar y = s.new_int_var(INT_MIN, INT_MAX);
            CHECK(p.post(s, {INT32_MAX}, {x}, Relation::less_equal, 0));
            CHECK_FALSE(p.post(s, {INT32_MAX, INT32_MAX}, {x, y}, Relation::less_equal, 0));
            CHECK(s.error() == who + ": the sum's range exceeds 2^62; split the constraint or narrow the domains");
        }
        SECTION("the right-hand side: |c| < 2^62 - 1") {
            Solver s;
            const IntVar x = s.new_int_var(0, 1);
            CHECK(p.post(s, {1}, {x}, Relation::less_equal, limit - 2));
            CHECK(p.post(s, {1}, {x}, Relation::greater_equal, -(limit - 2)));
            Solver t;
            const IntVar u = t.new_int_var(0, 1);
            CHECK_FALSE(p.post(t, {1}, {u}, Relation::less_equal, limit - 1));
            CHECK(t.error() == who + ": right-hand side " + std::to_string(limit - 1) + " is out of range (|c| < 2^62 - 1)");
            Solver w;
            const IntVar v = w.new_int_var(0, 1);
            CHECK_FALSE(p.post(w, {1}, {v}, Relation::equal, INT64_MIN));
        }
        SECTION("a coefficient past the int range") {
            Solver s;
            const IntVar x = s.new_int_var(0, 1);
            CHECK_FALSE(p.post(s, {std::int64_t{1} << 31}, {x}, Relation::equal, 0));
            CHECK(s.error() == who + ": coefficient 2147483648 is out of range (|a| <= 2^31-1)");
        }
        SECTION("sizes and handles") {
            Solver s;
            const IntVar x = s.new_int_var(0, 1);
            CHECK_FALSE(p.post(s, {1, 2}, {x}, Relation::equal, 0));
            CHECK(s.error() == who + ": 2 coefficients for 1 variables");
            Solver t;
            const IntVar u = t.new_int_var(0, 1);
            CHECK_FALSE(p.post(t, {1, 1}, {u, IntVar{42}}, Relation::equal, 0));
            CHECK(t.error() == who + ": variable 1 does not belong to this solver");
        }
    }
}

TEST_CASE("every post function checks its handles", "[posting]") {
    auto refused = [](const std::function<bool(Solver&, IntVar, IntVar, IntVar)>& post, const std::string& message) {
        Solver s;
        const IntVar x = s.new_int_var(0, 3);
        const IntVar b = s.new_int_var(0, 1);
        const IntVar foreign{42};
        CHECK_FALSE(post(s, x, b, foreign));
        CHECK(s.error() == message);
    };
    refused([](Solver& s, IntVar x, IntVar, IntVar f) { return equal_offset(s, x, f, 1); },
            "equal_offset: variable 1 does not belong to this solver");
    refused([](Solver& s, IntVar x, IntVar, IntVar f) { return not_equal_offset(s, f, x, 1); },
            "not_equal_offset: variable 0 does not belong to this solver");
    refused([](Solver& s, IntVar x, IntVar, IntVar f) { return less_equal_offset(s, x, f, 0); },
            "less_equal_offset: variable 1 does not belong to this solver");
    refused([](Solver& s, IntVar x, IntVar, IntVar f) { return value_channel(s, x, 2, f); },
            "value_channel: the indicator variable does not belong to this solver");
    refused([](Solver& s, IntVar, IntVar, IntVar f) { return value_channel(s, f, 2, s.new_int_var(0, 1)); },
            "value_channel: variable 0 does not belong to this solver");
    refused([](Solver& s, IntVar x, IntVar, IntVar f) { return element(s, std::vector<int>{1, 2}, f, x); },
            "element: variable 0 does not belong to this solver");
    refused([](Solver& s, IntVar x, IntVar b, IntVar f) { return element(s, std::vector<IntVar>{x, b, f}, b, x); },
            "element: variable 2 does not belong to this solver");
    refused([](Solver& s, IntVar x, IntVar b, IntVar f) { return times(s, x, b, f); },
            "times: variable 2 does not belong to this solver");
    refused([](Solver& s, IntVar x, IntVar, IntVar f) { return all_different(s, {x, f}); },
            "all_different: variable 1 does not belong to this solver");
    refused([](Solver& s, IntVar x, IntVar, IntVar f) { return member_reified(s, x, {{1, 2}}, f); },
            "member_reified: the indicator variable does not belong to this solver");
    refused([](Solver& s, IntVar x, IntVar, IntVar f) { return clause(s, {x, f}); },
            "clause: variable 0 must have a 0/1 domain");
    refused([](Solver& s, IntVar, IntVar b, IntVar f) { return clause(s, {b, f}); },
            "clause: variable 1 does not belong to this solver");
}

TEST_CASE("PRUNE_TRY returns the failure the enclosing function speaks", "[posting]") {
    Solver s;
    const IntVar x = s.new_int_var(0, 3);
    auto as_status = [&](int v) -> Status {
        PRUNE_TRY(s.set_min(x, v));
        return Status::ok;
    };
    auto as_bool = [&](int v) -> bool {
        PRUNE_TRY(s.set_max(x, v));
        return true;
    };
    auto as_event = [&](bool ok) -> Event {
        PRUNE_TRY(ok);
        return Event::none;
    };
    CHECK(as_status(4) == Status::failed);
    CHECK(s.min(x) == 0);  // a failed set_min leaves the domain
    CHECK(as_status(1) == Status::ok);
    CHECK(as_bool(0) == false);
    CHECK(as_bool(2) == true);
    CHECK(as_event(false) == Event::failed);
    CHECK(as_event(true) == Event::none);
}
