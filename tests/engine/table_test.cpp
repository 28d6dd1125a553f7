// Table constraints (CompactTable, NegativeTable) and the ReversibleSparseBitset:
// the catalog's specs on the propagator bench, and hand-made cases.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "engine/propagators/reversible_sparse_bitset.hpp"
#include "engine/propagators/table.hpp"

using namespace prune;
using namespace prune::test;

using Tuples = std::vector<std::vector<int>>;

TEST_CASE("table and forbidden_table are domain consistent", "[table]") {
    REQUIRE(catalog::check({"table", "forbidden_table", "table with a repeated variable",
                            "forbidden_table with a repeated variable"}) == "");
}

TEST_CASE("shared_table and shared_forbidden_table are domain consistent", "[table]") {
    REQUIRE(catalog::check({"shared_table", "shared_forbidden_table", "shared_table with a repeated variable",
                            "shared_forbidden_table with a repeated variable"}) == "");
}

TEST_CASE("table: larger domains exercise the incremental and reset-based updates", "[table]") {
    // Domains of up to 31 values and ternary tables of hundreds to thousands of tuples
    // (several words); bound decisions remove many values at once (reset).
    CheckOptions options;
    options.instances = 100;
    REQUIRE(catalog::check({"table(large)", "forbidden_table(large)"}, options) == "");
}

TEST_CASE("several tables: sound, at a fixpoint after every node, exact after pop", "[table]") {
    // Failures of one table cut the propagation of the others short, leaving their
    // advice lists stale: the bench's fixpoint re-check and replay catch that.
    REQUIRE(catalog::check({"several tables"}) == "");
}

TEST_CASE("ReversibleSparseBitset follows a reference set through push and pop", "[table]") {
    Random r(7);
    for (int round = 0; round < 200; ++round) {
        const int bits = 1 + static_cast<int>(r.below(400));
        ReversibleSparseBitset set(bits);
        const int words = set.word_count();
        Trail trail;
        std::vector<std::vector<bool>> saved;
        std::vector<bool> ref(static_cast<std::size_t>(bits), true);
        std::vector<std::uint64_t> m(static_cast<std::size_t>(words));
        for (int step = 0; step < 60; ++step) {
            const int op = static_cast<int>(r.below(5));
            if (op == 0) {
                trail.push_level();
                saved.push_back(ref);
            } else if (op == 1 && !saved.empty()) {
                trail.pop_level();
                ref = saved.back();
                saved.pop_back();
            } else {
                // A random sparse mask: keep bits with probability 7/8.
                for (auto& w : m) w = 0;
                for (int b = 0; b < bits; ++b) {
                    if (r.below(8) != 0) m[b >> 6] |= std::uint64_t{1} << (b & 63);
                }
                if (op == 2) {
                    set.intersect_with(trail, m.data());
                } else {
                    // Through the mask: keep m, or drop ~m (reverse of the removed part).
                    set.clear_mask();
                    set.add_to_mask(m.data());
                    if (op == 4) {
                        for (auto& w : m) w = ~w;
                        set.clear_mask();
                        set.add_to_mask(m.data());
                        set.reverse_mask();
                        for (auto& w : m) w = ~w;
                    }
                    set.intersect_with_mask(trail);
                }
                for (int b = 0; b < bits; ++b) {
                    if (!((m[b >> 6] >> (b & 63)) & 1u)) ref[b] = false;
                }
            }
            std::int64_t expected = 0;
            for (int b = 0; b < bits; ++b) {
                REQUIRE(set.test(b) == ref[b]);
                expected += ref[b];
            }
            REQUIRE(set.count() == expected);
            REQUIRE(set.is_empty() == (expected == 0));
            // intersect_index / count_and against a random probe.
            for (auto& w : m) w = 0;
            const int probe = static_cast<int>(r.below(static_cast<std::uint64_t>(bits)));
            m[probe >> 6] |= std::uint64_t{1} << (probe & 63);
            const int w = set.intersect_index(m.data());
            REQUIRE((w >= 0) == ref[probe]);
            if (w >= 0) REQUIRE(w == probe >> 6);
            REQUIRE(set.count_and(m.data()) == (ref[probe] ? 1 : 0));
        }
    }
}

TEST_CASE("TupleSet: sorted, deduplicated columns and supports", "[table]") {
    std::string error;
    CHECK_FALSE(TupleSet::make(2, {{1, 2}, {3}}, error));
    CHECK(error == "tuple set: tuple 1 has 1 values, expected 2");
    CHECK_FALSE(TupleSet::make(0, {}, error));
    CHECK(error == "tuple set: the arity must be at least 1");
    // Unsorted with a duplicate; one column narrow (lookup table), one sparse.
    const auto set = TupleSet::make(2, {{2, 1000000}, {0, -7}, {2, 1000000}, {1, 5}, {0, 5}}, error);
    REQUIRE(set);
    REQUIRE(set->size() == 4);
    const Tuples expected = {{0, -7}, {0, 5}, {1, 5}, {2, 1000000}};
    for (std::int64_t i = 0; i < set->size(); ++i) {
        CHECK(set->at(i, 0) == expected[static_cast<std::size_t>(i)][0]);
        CHECK(set->at(i, 1) == expected[static_cast<std::size_t>(i)][1]);
    }
    REQUIRE(set->value_count(0) == 3);
    REQUIRE(set->value_count(1) == 3);
    CHECK(set->value(1, 0) == -7);
    CHECK(set->value(1, 2) == 1000000);
    CHECK(set->index_of(1, 5) == 1);
    CHECK(set->index_of(1, 6) == -1);
    CHECK(set->index_of(0, 3) == -1);
    CHECK(set->index_of(0, -1) == -1);
    CHECK(set->supports(0, 0)[0] == 0b0011u);  // value 0 at position 0: tuples 0 and 1
    CHECK(set->supports(1, 1)[0] == 0b0110u);  // value 5 at position 1: tuples 1 and 2
    CHECK(set->bytes() > 0);
}

TEST_CASE("shared_table: argument checks, and many tables share one set", "[table]") {
    std::string error;
    const auto pairs = TupleSet::make(2, {{0, 1}, {1, 2}, {2, 0}}, error);
    REQUIRE(pairs);
    {
        Solver s;
        auto x = s.new_int_vars(3, 0, 2);
        CHECK_FALSE(shared_table(s, x, pairs));
        CHECK(s.error() == "shared_table: the tuple set has arity 2 but the scope has 3 variables");
    }
    {
        Solver s;
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(shared_forbidden_table(s, x, nullptr));
        CHECK(s.error() == "shared_forbidden_table: no tuple set");
    }
    {
        Solver s;
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(shared_table(s, {x[0], IntVar{9}}, pairs));
        CHECK(s.error() == "shared_table: variable 1 does not belong to this solver");
    }
    {
        Solver s;  // no tuple valid in the domains: found by the first propagation
        auto x = s.new_int_vars(2, 0, 2);
        const auto outside = TupleSet::make(2, {{3, 0}, {0, -1}}, error);
        shared_table(s, x, outside);
        CHECK((s.root_failed() || !s.propagate()));
    }
    {
        // A cycle x0 -> x1 -> x2 -> x0 of "next" relations, all on one set: three
        // solutions, and the set is not copied.
        Solver s;
        auto x = s.new_int_vars(3, 0, 2);
        const long before = pairs.use_count();
        for (int i = 0; i < 3; ++i) REQUIRE(shared_table(s, {x[i], x[(i + 1) % 3]}, pairs));
        CHECK(pairs.use_count() == before + 3);
        Search search(s, SearchOptions{});
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        CHECK(n == 3);
    }
    {
        // A repeated variable projects the set for this table alone: x = next(x) has no solution.
        Solver s;
        auto x = s.new_int_vars(1, 0, 2);
        const long before = pairs.use_count();
        shared_table(s, {x[0], x[0]}, pairs);
        CHECK(pairs.use_count() == before);
        CHECK(s.root_failed());
    }
}

TEST_CASE("table: argument checks and trivial tables", "[table]") {
    {
        Solver s;
        auto x = s.new_int_vars(3, 0, 2);
        CHECK_FALSE(table(s, x, {{0, 1, 2}, {1, 2, 0}, {0, 0, 0}, {1, 2}}));
        CHECK(s.error() == "table: tuple 3 has 2 values, expected 3");
    }
    {
        Solver s;
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(forbidden_table(s, x, {{0, 1, 2}}));
        CHECK(s.error() == "forbidden_table: tuple 0 has 3 values, expected 2");
    }
    {
        Solver s;
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(table(s, {x[0], IntVar{7}}, {{0, 1}}));
        CHECK(s.error() == "table: variable 1 does not belong to this solver");
    }
    {
        Solver s;  // no allowed tuple
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(table(s, x, {}));
        CHECK(s.root_failed());
        CHECK(s.error().empty());
    }
    {
        Solver s;  // no allowed tuple inside the domains
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(table(s, x, {{3, 0}, {0, -1}}));
        CHECK(s.root_failed());
    }
    {
        Solver s;  // nothing forbidden
        auto x = s.new_int_vars(2, 0, 2);
        CHECK(forbidden_table(s, x, {}));
        CHECK(forbidden_table(s, x, {{5, 5}}));
        CHECK(s.propagate());
        CHECK(s.size(x[0]) == 3);
    }
    {
        Solver s;  // arity 0
        CHECK(table(s, {}, {{}}));
        CHECK_FALSE(s.root_failed());
        CHECK(forbidden_table(s, {}, {}));
        CHECK_FALSE(forbidden_table(s, {}, {{}}));
        CHECK(s.root_failed());
    }
    {
        Solver s;  // the post function restricts the domains to the tables' columns
        auto x = s.new_int_vars(2, 0, 9);
        CHECK(table(s, x, {{1, 5}, {3, 5}, {3, 7}}));
        CHECK(s.propagate());
        CHECK(s.size(x[0]) == 2);
        CHECK(s.size(x[1]) == 2);
        s.push_level();
        CHECK(!is_failure(s.remove(x[1], 7)));
        CHECK(s.propagate());
        CHECK(s.fixed(x[1]));
        CHECK(s.size(x[0]) == 2);
        s.pop_level();
        s.push_level();
        CHECK(!is_failure(s.assign(x[0], 1)));
        CHECK(s.propagate());
        CHECK(s.fixed(x[1]));
        CHECK(s.value(x[1]) == 5);
        s.pop_level();
        CHECK(s.size(x[1]) == 2);
    }
}

TEST_CASE("table: bounds-only domains and values far apart", "[table]") {
    {
        Solver s;
        const IntVar x = s.new_int_var(0, 200000);  // bounds only
        const IntVar y = s.new_int_var(0, 3);
        REQUIRE_FALSE(s.is_bitset(x));
        REQUIRE(table(s, {x, y}, {{5, 0}, {70000, 1}, {199999, 2}, {150000, 2}}));
        REQUIRE(s.propagate());
        CHECK(s.min(x) == 5);
        CHECK(s.max(x) == 199999);
        CHECK(s.size(y) == 3);
        s.push_level();
        REQUIRE(!is_failure(s.assign(x, 100)));  // inside the bounds, in no tuple
        CHECK_FALSE(s.propagate());
        s.clear_queue();
        s.pop_level();
        s.push_level();
        REQUIRE(!is_failure(s.remove(y, 0)));
        REQUIRE(s.propagate());
        CHECK(s.min(x) == 70000);
        REQUIRE(!is_failure(s.remove(y, 1)));
        REQUIRE(s.propagate());
        CHECK(s.min(x) == 150000);
        CHECK(s.max(x) == 199999);
        REQUIRE(!is_failure(s.set_max(x, 190000)));
        REQUIRE(s.propagate());
        CHECK(s.fixed(x));
        CHECK(s.value(x) == 150000);
        s.pop_level();
        CHECK(s.min(x) == 5);
        CHECK(s.size(y) == 3);
        Search search(s);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        CHECK(n == 4);
    }
    {
        Solver s;
        const IntVar x = s.new_int_var(-100000, 100000);  // bounds only
        const IntVar y = s.new_int_var(0, 1);
        REQUIRE(forbidden_table(s, {x, y}, {{-100000, 0}, {-100000, 1}, {7, 0}}));
        REQUIRE(s.propagate());
        CHECK(s.min(x) == -99999);  // both tuples of the minimum are forbidden
        s.push_level();
        REQUIRE(!is_failure(s.assign(x, 7)));
        REQUIRE(s.propagate());
        CHECK(s.value(y) == 1);
        s.pop_level();
        s.push_level();
        REQUIRE(!is_failure(s.assign(y, 0)));
        REQUIRE(s.propagate());  // x = 7 is an interior value: not removable, still sound
        REQUIRE(!is_failure(s.assign(x, 7)));
        CHECK_FALSE(s.propagate());
        s.clear_queue();
        s.pop_level();
    }
    {
        // Values far apart in bitset domains: the binary-search value lookup.
        Solver s;
        const IntVar x = s.new_int_var({-30000, -7, 0, 9000, 30000});
        const IntVar y = s.new_int_var({-30000, 1, 30000});
        REQUIRE(table(s, {x, y}, {{-30000, 30000}, {30000, -30000}, {9000, 1}, {0, 1}}));
        REQUIRE(s.propagate());
        CHECK(s.size(x) == 4);
        s.push_level();
        REQUIRE(!is_failure(s.remove(y, 1)));
        REQUIRE(s.propagate());
        CHECK(s.size(x) == 2);
        s.pop_level();
        Search search(s);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        CHECK(n == 4);
    }
}
