// Search: known counts, exact enumeration under restarts, optimisation, limits,
// determinism and the allocation budget.
#include "catch.hpp"
#include "support/propagator_check.hpp"
#include "engine/constraints_arithmetic.hpp"
#include "engine/propagators/restart_nogoods.hpp"


using namespace prune;
using namespace prune::test;

// Heap allocations are counted by tests/support/allocation_counter.cpp.
namespace {

// n-queens by pairwise disequalities: q[i] != q[j], q[i] != q[j] +- (j - i).
std::vector<IntVar> queens_pairwise(Solver& s, int n) {
    std::vector<IntVar> q = s.new_int_vars(n, 0, n - 1, "q");
    for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) {
            not_equal(s, q[i], q[j]);
            not_equal_offset(s, q[i], q[j], j - i);
            not_equal_offset(s, q[i], q[j], i - j);
        }
    }
    return q;
}

std::uint64_t count_solutions(Solver& s, SearchOptions o = {}) {
    Search search(s, o);
    std::uint64_t n = 0;
    REQUIRE(search.count(n) == SearchStatus::exhausted);
    return n;
}

}  // namespace

TEST_CASE("n-queens has the known number of solutions for n = 1..10", "[search]") {
    const std::uint64_t known[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
    for (int n = 1; n <= 10; ++n) {
        Solver s;
        queens_pairwise(s, n);
        CHECK(count_solutions(s) == known[n - 1]);
    }
}

TEST_CASE("every branching and restart policy enumerates the same solutions", "[search][restarts]") {
    // 6-queens (4 solutions) and 7-queens (40) under 18 configurations.
    for (int n : {6, 7}) {
        const std::vector<Assignment> reference = all_solutions([n](Solver& s) { return queens_pairwise(s, n); }, SearchOptions{});
        for (const SearchOptions& o : search_configurations()) {
            CHECK(all_solutions([n](Solver& s) { return queens_pairwise(s, n); }, o) == reference);
        }
    }
}

TEST_CASE("restarts after every failure still count exactly", "[search][restarts]") {
    for (RestartKind kind : {RestartKind::luby, RestartKind::geometric}) {
        Solver s;
        queens_pairwise(s, 8);
        SearchOptions o;
        o.restarts = RestartPolicy{kind, 1, 1.1};
        o.variable = VariableSelection::dom_wdeg;
        o.value = ValueSelection::random;
        Search search(s, o);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        CHECK(n == 92);
        CHECK(search.statistics().restarts > 10);
    }
}

TEST_CASE("the Luby sequence starts 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8", "[restarts]") {
    const std::uint64_t expected[] = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8};
    for (std::uint64_t i = 0; i < 15; ++i) CHECK(luby(i + 1) == expected[i]);
}

TEST_CASE("branch and bound reports improving solutions and proves the optimum", "[search][optimisation]") {
    // Maximise 3a + 2b - c subject to a + b + c <= 7, a != b, over 0..5.
    for (bool with_restarts : {false, true}) {
        Solver s;
        IntVar a = s.new_int_var(0, 5), b = s.new_int_var(0, 5), c = s.new_int_var(0, 5);
        IntVar objective = s.new_int_var(-100, 100);
        linear(s, {1, 1, 1}, {a, b, c}, Relation::less_equal, 7);
        not_equal(s, a, b);
        linear(s, {3, 2, -1, -1}, {a, b, c, objective}, Relation::equal, 0);
        SearchOptions o;
        o.decision_variables = {a, b, c};
        if (with_restarts) o.restarts = RestartPolicy{RestartKind::luby, 1, 1.5};
        Search search(s, o);
        search.maximize(objective);
        int last = -1000;
        int improvements = 0;
        while (search.next() == SearchStatus::solution) {
            CHECK(s.value(objective) > last);
            last = s.value(objective);
            ++improvements;
        }
        CHECK(last == 19);  // a = 5, b = 2, c = 0
        CHECK(improvements >= 1);
    }
}

TEST_CASE("minimisation finds the optimum", "[search][optimisation]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(4, 1, 6);
    IntVar total = s.new_int_var(0, 100);
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j) not_equal(s, x[i], x[j]);
    std::vector<IntVar> terms = x;
    terms.push_back(total);
    linear(s, {1, 2, 3, 4, -1}, terms, Relation::equal, 0);
    Search search(s);
    search.minimize(total);
    int best = -1;
    while (search.next() == SearchStatus::solution) best = s.value(total);
    CHECK(best == 4 * 1 + 3 * 2 + 2 * 3 + 1 * 4);
}

TEST_CASE("node and failure limits stop the search with status limit", "[search][limits]") {
    Solver s;
    queens_pairwise(s, 12);
    SearchOptions o;
    o.limits.nodes = 100;
    Search search(s, o);
    std::uint64_t n = 0;
    CHECK(search.count(n) == SearchStatus::limit);
    CHECK(search.statistics().nodes <= 100);
    CHECK(search.next() == SearchStatus::limit);

    Solver t;
    queens_pairwise(t, 12);
    SearchOptions f;
    f.limits.failures = 10;
    Search second(t, f);
    CHECK(second.count(n) == SearchStatus::limit);
    CHECK(second.statistics().failures == 10);
}

TEST_CASE("a time limit stops a long search", "[search][limits]") {
    Solver s;
    queens_pairwise(s, 28);
    SearchOptions o;
    o.limits.seconds = 0.05;
    o.variable = VariableSelection::input_order;
    Search search(s, o);
    std::uint64_t n = 0;
    CHECK(search.count(n) == SearchStatus::limit);
    CHECK(search.statistics().seconds < 1.0);
}

TEST_CASE("the same seed gives the same search", "[search]") {
    auto run = [](std::uint64_t seed) {
        Solver s;
        queens_pairwise(s, 9);
        SearchOptions o;
        o.value = ValueSelection::random;
        o.variable = VariableSelection::dom_wdeg;
        o.restarts = RestartPolicy{RestartKind::luby, 4, 1.5};
        o.seed = seed;
        Search search(s, o);
        std::vector<int> first;
        REQUIRE(search.next() == SearchStatus::solution);
        for (int i = 0; i < 9; ++i) first.push_back(s.value(IntVar{i}));
        std::uint64_t n = 0;
        search.count(n);
        return std::make_pair(first, search.statistics().nodes);
    };
    CHECK(run(7) == run(7));
}

TEST_CASE("an unsatisfiable root and an invalid model are reported", "[search]") {
    Solver s;
    IntVar x = s.new_int_var(0, 3);
    linear(s, {1}, {x}, Relation::greater_equal, 5);
    Search search(s);
    CHECK(search.next() == SearchStatus::exhausted);

    Solver t;
    IntVar y = t.new_int_var(0, 3);
    linear(t, {1, 2}, {y}, Relation::equal, 1);
    Search invalid(t);
    CHECK(invalid.next() == SearchStatus::error);
    CHECK_FALSE(t.error().empty());
}

TEST_CASE("search allocates nothing per node", "[search][memory]") {
    // The same model searched for 1,000 nodes and to the end (about 35 times more
    // nodes): the allocations made during search must not grow with the nodes.
    auto allocations_during = [](std::uint64_t node_limit, std::uint64_t& nodes) {
        const std::uint64_t at_start = allocation_count();
        Solver s;
        queens_pairwise(s, 10);
        REQUIRE(allocation_count() > at_start);  // the counter does see the model being built
        SearchOptions o;
        o.limits.nodes = node_limit;
        o.variable = VariableSelection::dom_wdeg;
        Search search(s, o);
        const std::uint64_t before = allocation_count();
        std::uint64_t n = 0;
        search.count(n);
        nodes = search.statistics().nodes;
        return allocation_count() - before;
    };
    std::uint64_t short_nodes = 0, long_nodes = 0;
    const std::uint64_t short_run = allocations_during(1000, short_nodes);
    const std::uint64_t long_run = allocations_during(0, long_nodes);
    INFO("short: " << short_nodes << " nodes, " << short_run << " allocations; long: " << long_nodes << " nodes, " << long_run << " allocations");
    CHECK(long_nodes > 10 * short_nodes);
    CHECK(long_run == short_run);
}

TEST_CASE("one model serves many searches below the root", "[search]") {
    // 6-queens with the first queen fixed in each column in turn: the per-column
    // counts add up to the whole count, and the model is never rebuilt.
    Solver s;
    std::vector<IntVar> q = queens_pairwise(s, 6);
    std::uint64_t total = 0;
    for (int column = 0; column < 6; ++column) {
        s.push_level();
        REQUIRE(s.assign(q[0], column) != Event::failed);
        {
            Search search(s);
            std::uint64_t n = 0;
            REQUIRE(search.count(n) == SearchStatus::exhausted);
            total += n;
        }
        REQUIRE(s.depth() == 1);
        s.pop_level();
        CHECK(s.size(q[0]) == 6);
    }
    CHECK(total == 4);
}

TEST_CASE("search phases are searched in turn, each with its own heuristics", "[search][phases]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(3, 0, 5, "x");
    std::vector<IntVar> y = s.new_int_vars(2, 0, 5, "y");
    REQUIRE_FALSE(is_failure(s.set_min(x[2], 1)));  // x[0], x[1] start at 0; x[2] at 1
    REQUIRE_FALSE(is_failure(s.set_max(x[0], 4)));  // the largest maximum is x[1]'s or x[2]'s 5
    SearchOptions o;
    o.phases.push_back(SearchPhase{{y[1]}, VariableSelection::input_order, ValueSelection::max});
    o.phases.push_back(SearchPhase{x, VariableSelection::largest_value, ValueSelection::max});
    o.phases.push_back(SearchPhase{{y[0]}, VariableSelection::input_order, ValueSelection::median});
    Search search(s, o);
    REQUIRE(search.next() == SearchStatus::solution);
    CHECK(s.value(y[1]) == 5);
    CHECK(s.value(x[0]) == 4);
    CHECK(s.value(x[1]) == 5);
    CHECK(s.value(y[0]) == 2);  // the median of 0..5 (lower middle)
    // Every solution is still enumerated: 5 * 6 * 5 * 6 * 6 of them.
    std::uint64_t n = 1;
    REQUIRE(search.count(n) == SearchStatus::exhausted);
    CHECK(n == 5 * 6 * 5 * 6 * 6);
}

TEST_CASE("smallest, largest and anti-first-fail pick the variable MiniZinc names", "[search][phases]") {
    for (VariableSelection how : {VariableSelection::smallest_value, VariableSelection::largest_value,
                                  VariableSelection::largest_domain}) {
        Solver s;
        const IntVar a = s.new_int_var(3, 4);   // smallest max
        const IntVar b = s.new_int_var(1, 9);   // largest domain, largest max
        const IntVar c = s.new_int_var(0, 2);   // smallest min
        SearchOptions o;
        o.phases.push_back(SearchPhase{{a, b, c}, how, ValueSelection::min});
        o.limits.nodes = 1;  // one decision, then stop: only the first choice is seen
        Search search(s, o);
        const SearchStatus st = search.next();
        CHECK(st == SearchStatus::limit);
        const IntVar expected = how == VariableSelection::smallest_value ? c : b;
        CHECK(s.fixed(expected));
        CHECK(s.fixed(a) == (expected.index == a.index));
    }
}

TEST_CASE("a restart nogood x != v on a bounds-only variable holds once a bound reaches v", "[search][restarts]") {
    // remove() of an interior value is a no-op on a bounds-only domain: the nogood must
    // stay awake (not entailed) and fail when x is narrowed to v later.
    Solver s;
    const IntVar x = s.new_bounds_only_var(0, 4);
    const IntVar y = s.new_int_var(0, 1);
    const std::vector<RestartNogoods::Step> path{{Literal{y, 1, LiteralKind::equal}, false},
                                                 {Literal{x, 2, LiteralKind::equal}, true}};
    RestartNogoods* store = s.add(std::make_unique<RestartNogoods>(std::vector<IntVar>{x, y}, 8, 2));
    REQUIRE(store->add(path.size(), [&](std::size_t i) { return path[i]; }, false));
    REQUIRE(s.propagate());
    s.push_level();
    REQUIRE(s.assign(y, 1) != Event::failed);
    REQUIRE(s.propagate());  // x != 2 is asked for, and cannot be written inside [0, 4]
    CHECK(s.contains(x, 2));
    REQUIRE(s.set_min(x, 2) != Event::failed);
    REQUIRE(s.propagate());
    CHECK(s.min(x) == 3);  // now 2 is a bound: removed
    s.pop_level();
    s.push_level();
    REQUIRE(s.assign(y, 1) != Event::failed);
    REQUIRE(s.propagate());
    REQUIRE(s.set_min(x, 2) != Event::failed);
    REQUIRE(s.set_max(x, 2) != Event::failed);
    CHECK_FALSE(s.propagate());
    s.clear_queue();
    s.pop_level();
}

TEST_CASE("counting in bulk: independent open variables count as the product of their domains", "[search][bulk]") {
    // x0 + x1 <= 6 (28 pairs), x2 != x3 (90 pairs), x4 free (10): 25,200 solutions.
    // Branching on x0 and x2 leaves x1, x3 and x4 open and independent below them.
    const auto build = [](Solver& s) {
        std::vector<IntVar> x = s.new_int_vars(5, 0, 9, "x");
        REQUIRE(linear(s, {1, 1}, {x[0], x[1]}, Relation::less_equal, 6));
        REQUIRE(not_equal(s, x[2], x[3]));
        return x;
    };
    for (const RestartKind restarts : {RestartKind::none, RestartKind::luby}) {
        INFO("restarts " << static_cast<int>(restarts));
        Solver s;
        const std::vector<IntVar> x = build(s);
        SearchOptions o;
        o.decision_variables = {x[0], x[2]};
        o.restarts = RestartPolicy{restarts, 1, 1.5};
        Search search(s, o);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        CHECK(n == 25200);
        CHECK(search.statistics().bulk_nodes > 0);
        CHECK(search.statistics().bulk_solutions == 25200);
        CHECK(search.statistics().solutions == 25200);
        CHECK(search.statistics().nodes < 1000);  // far fewer than the solutions
    }
    // next() reports every solution on its own.
    Solver s;
    const std::vector<IntVar> x = build(s);
    Search search(s);
    std::uint64_t n = 0;
    while (search.next() == SearchStatus::solution) ++n;
    CHECK(n == 25200);
    CHECK(search.statistics().bulk_nodes == 0);
}

TEST_CASE("counting in bulk can be left off: the same count, node by node, without tracking", "[search][bulk]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(4, 0, 5, "x");
    REQUIRE(not_equal(s, x[0], x[1]));
    for (const bool bulk : {true, false}) {
        INFO("bulk counting " << bulk);
        SearchOptions o;
        o.decision_variables = {x[0]};
        o.bulk_counting = bulk;
        Search search(s, o);
        CHECK(s.open_tracking() == bulk);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        CHECK(n == 30 * 36);
        CHECK((search.statistics().bulk_nodes > 0) == bulk);
        // Node by node, 1,080 solutions (over 1,024) with no bulk node: unpaid.
        CHECK(bulk_counting_unpaid(search.statistics()) == !bulk);
    }
    SearchStatistics unpaid;
    unpaid.nodes = 65536;
    CHECK(bulk_counting_unpaid(unpaid));
    unpaid.bulk_nodes = 1;
    CHECK_FALSE(bulk_counting_unpaid(unpaid));
}

TEST_CASE("counting in bulk waits for propagators that are not exact with one variable open", "[search][bulk]") {
    // z = |x| with z fixed to 2: a bounds-consistent |x| may leave x in -2..2 with
    // only two solutions in it; the count must not read the domain's size.
    Solver s;
    const IntVar x = s.new_int_var(-3, 3, "x");
    const IntVar z = s.new_int_var(2, 2, "z");
    REQUIRE(absolute(s, x, z));
    Search search(s);
    std::uint64_t n = 0;
    REQUIRE(search.count(n) == SearchStatus::exhausted);
    CHECK(n == 2);
    CHECK(search.statistics().bulk_nodes == 0);
}

TEST_CASE("counting in bulk: the solver's open tracking ends with the search", "[search][bulk]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(3, 0, 3, "x");
    REQUIRE(not_equal(s, x[0], x[1]));
    {
        Search search(s);
        std::uint64_t total = 0;
        REQUIRE(search.count(total) == SearchStatus::exhausted);
        CHECK(total == 12 * 4);
        CHECK(s.open_tracking());
        CHECK(search.statistics().bulk_nodes > 0);
    }
    CHECK_FALSE(s.open_tracking());
}
