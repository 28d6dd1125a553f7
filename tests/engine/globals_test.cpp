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
    // (With a repeated variable, or with the count among the variables, Among is only
    // sound: it does not see a variable counted twice.)
    REQUIRE(catalog::check({"count_among", "count_among, S with a far value", "count_among with a repeated variable",
                            "count_among counting itself", "count_equal"}) == "");
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

TEST_CASE("global cardinality, n_values, lex, regular: refused arguments", "[globals]") {
    {
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(3, 0, 3);
        REQUIRE_FALSE(global_cardinality(s, x, {1, 2}, {x[0]}, false));
        CHECK(s.error() == "global_cardinality: 2 values but 1 counts");
    }
    {
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(3, 0, 3);
        REQUIRE_FALSE(global_cardinality(s, x, {1}, {foreign()}, true));
        CHECK(s.error() == "global_cardinality: variable 0 does not belong to this solver");
    }
    {
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(3, 0, 3);
        REQUIRE_FALSE(n_values(s, x, foreign()));
        CHECK(s.error() == "n_values: variable 0 does not belong to this solver");
    }
    {
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(3, 0, 3);
        REQUIRE_FALSE(lex_less(s, x, {x[0], foreign()}));
        CHECK(s.error() == "lex_less: variable 1 does not belong to this solver");
    }
    const auto refused = [](const Automaton& a) {
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(2, 0, 1);
        REQUIRE_FALSE(regular(s, x, a));
        return s.error();
    };
    CHECK(refused(Automaton{0, 0, {}, {}}) == "regular: the automaton has no state");
    CHECK(refused(Automaton{2, 2, {0}, {}}) == "regular: the initial state 2 is not a state (0..1)");
    CHECK(refused(Automaton{2, 0, {-1}, {}}) == "regular: the accepting state -1 is not a state (0..1)");
    CHECK(refused(Automaton{2, 0, {1}, {{0, 1, 1}, {1, 0, 5}}}) == "regular: transition 1 joins 1 and 5, not both states (0..1)");
}

TEST_CASE("global_cardinality: a value listed twice has equal counts, closed keeps listed values", "[globals]") {
    Solver s;
    const std::vector<IntVar> x = s.new_int_vars(3, 0, 4);
    const IntVar a = s.new_int_var(0, 3), b = s.new_int_var(2, 3), c = s.new_int_var(0, 3);
    REQUIRE(global_cardinality(s, x, {1, 3, 1}, {a, c, b}, true));
    REQUIRE(s.propagate());
    CHECK(s.min(a) == 2);  // tied to b
    for (IntVar v : x) {
        CHECK_FALSE(s.contains(v, 0));
        CHECK_FALSE(s.contains(v, 2));
        CHECK_FALSE(s.contains(v, 4));
    }
}

TEST_CASE("lex: the empty and unequal-length arrays", "[globals]") {
    Solver s;
    const std::vector<IntVar> x = s.new_int_vars(2, 0, 2);
    CHECK(lex_less_equal(s, {}, {}));
    CHECK(lex_less(s, {}, x));
    {
        Solver t;
        CHECK_FALSE(lex_less(t, {}, {}));  // [] < [] is false
        CHECK(t.root_failed());
    }
    // [x0, x1] < [x1]: x0 < x1 (equal prefixes would make the longer side larger).
    REQUIRE(lex_less(s, x, {x[1]}));
    REQUIRE(s.propagate());
    CHECK(s.max(x[0]) == 1);
    CHECK(s.min(x[1]) == 1);
}

TEST_CASE("regular: the layered graph prunes both ways and restores on backtracking", "[globals]") {
    // Words over {0, 1} with no two 1s in a row that end in 1: states 0 (last 0 or
    // start), 1 (last 1); accepting {1}.
    Solver s;
    const std::vector<IntVar> x = s.new_int_vars(4, 0, 1);
    const Automaton a{2, 0, {1}, {{0, 0, 0}, {0, 1, 1}, {1, 0, 0}}};
    REQUIRE(regular(s, x, a));
    REQUIRE(s.propagate());
    CHECK(s.value(x[3]) == 1);
    CHECK(s.value(x[2]) == 0);
    CHECK(s.size(x[0]) == 2);
    s.push_level();
    REQUIRE(!is_failure(s.assign(x[1], 1)));
    REQUIRE(s.propagate());
    CHECK(s.value(x[0]) == 0);
    s.pop_level();
    CHECK(s.size(x[0]) == 2);
    CHECK(s.size(x[1]) == 2);
    // The empty word: accepted iff the initial state accepts.
    CHECK(regular(s, {}, Automaton{1, 0, {0}, {}}));
    CHECK_FALSE(regular(s, {}, Automaton{2, 0, {1}, {}}));
}

TEST_CASE("regular with more than 64 states (several words per layer) is domain consistent", "[globals]") {
    // The catalog's automata have at most 5 states; here 65..140, random and sparse,
    // so the layer sets span two or three 64-bit words.
    ConstraintSpec spec;
    spec.name = "regular(many states)";
    spec.min_arity = 1;
    spec.max_arity = 4;
    spec.min_value = -1;
    spec.max_value = 3;
    spec.claim = Claim::domain;
    spec.in_random_models = false;
    spec.draw = [](Random& r, int) {
        Automaton a;
        a.states = 65 + static_cast<int>(r.below(76));
        a.initial = static_cast<int>(r.below(static_cast<std::uint64_t>(a.states)));
        for (int k = 0; k < 6 * a.states; ++k) {
            a.transitions.push_back({static_cast<int>(r.below(static_cast<std::uint64_t>(a.states))), static_cast<int>(r.below(5)) - 1,
                                     static_cast<int>(r.below(static_cast<std::uint64_t>(a.states)))});
        }
        for (int q = 0; q < a.states; ++q) {
            if (r.below(4) == 0) a.accepting.push_back(q);
        }
        auto holds = [a](const Assignment& x) { return catalog::automaton_accepts(a, x); };
        return Constraint{holds, [a](Solver& s, const std::vector<IntVar>& x) { regular(s, x, a); }, {}};
    };
    CheckOptions options;
    options.instances = 150;
    REQUIRE(check_constraint(spec, options) == "");
}
