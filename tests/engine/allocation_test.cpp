// The allocation guarantee: once a Search is made, searching allocates nothing, in
// every mode (first solution, enumeration, counting, optimisation), with and without
// restarts (Luby, geometric, and a nogood store small enough to fill), and with
// every all_different strength, tables and linear sums in the model. Heap
// allocations are counted by tests/support/allocation_counter.cpp.
#include <string>
#include <vector>

#include "catch.hpp"
#include "engine/prune.hpp"
#include "support/propagator_check.hpp"
#include "support/queens_model.hpp"

using namespace prune;
using namespace prune::test;

namespace {

// 8-queens (support/queens_model.hpp) plus a table forbidding queen 0 in the two
// middle columns and a sum bound, so that value, bounds and domain alldifferent,
// Compact-Table, linear and binary propagators all run.
std::vector<IntVar> queens(Solver& s, int n, Consistency strength) {
    std::vector<IntVar> q = queens_alldifferent(s, n, strength);
    std::vector<std::vector<int>> allowed;
    for (int v = 0; v < n; ++v) {
        if (v != n / 2 && v != (n - 1) / 2) allowed.push_back({v});
    }
    table(s, {q[0]}, allowed);
    sum(s, {q[0], q[1]}, Relation::greater_equal, 1);
    return q;
}

enum class Mode { first, all, count, minimise };

// Allocations made by the search alone (after the Search is made), and its solutions.
std::uint64_t allocations_searching(Mode mode, Consistency strength, RestartKind restarts, std::size_t nogood_capacity,
                                    std::uint64_t& solutions) {
    Solver s;
    const std::vector<IntVar> q = queens(s, 8, strength);
    SearchOptions o;
    o.variable = VariableSelection::dom_wdeg;
    o.restarts = RestartPolicy{restarts, 2, 1.3};  // restart often
    o.nogood_capacity = nogood_capacity;
    Search search(s, o);
    if (mode == Mode::minimise) search.minimize(q[0]);
    const std::uint64_t before = allocation_count();
    solutions = 0;
    if (mode == Mode::count) {
        REQUIRE(search.count(solutions) == SearchStatus::exhausted);
    } else {
        while (search.next() == SearchStatus::solution) {
            ++solutions;
            if (mode == Mode::first) break;
        }
    }
    return allocation_count() - before;
}

}  // namespace

TEST_CASE("searching allocates nothing in any mode, with or without restarts", "[allocation][search]") {
    const Mode modes[] = {Mode::first, Mode::all, Mode::count, Mode::minimise};
    const Consistency strengths[] = {Consistency::value, Consistency::bounds, Consistency::domain};
    const RestartKind restart_kinds[] = {RestartKind::none, RestartKind::luby, RestartKind::geometric};
    for (Mode mode : modes) {
        for (Consistency strength : strengths) {
            for (RestartKind restarts : restart_kinds) {
                for (std::size_t capacity : {std::size_t{0}, std::size_t{24}}) {
                    std::uint64_t solutions = 0;
                    const std::uint64_t allocations = allocations_searching(mode, strength, restarts, capacity, solutions);
                    INFO("mode " << static_cast<int>(mode) << ", strength " << static_cast<int>(strength) << ", restarts "
                                 << static_cast<int>(restarts) << ", nogood capacity " << capacity);
                    CHECK(allocations == 0);
                    // 8-queens has 92 solutions, 18 with queen 0 in each middle column: 56
                    // remain, counted exactly whatever the restarts and the store's size.
                    if (mode == Mode::all || mode == Mode::count) CHECK(solutions == 56);
                    if (mode == Mode::first || mode == Mode::minimise) CHECK(solutions >= 1);
                }
            }
        }
    }
}

TEST_CASE("a full restart nogood store drops the oldest paths only while no solution was reported", "[allocation][restarts]") {
    // A store of 8 decisions fills at once: before the first solution old paths are
    // dropped (counted); once a solution is reported the search stops restarting
    // instead, and the count stays exact.
    auto count = [](RestartKind restarts, SearchStatistics& statistics) {
        Solver s;
        queens(s, 10, Consistency::value);
        SearchOptions o;
        o.variable = VariableSelection::dom_wdeg;
        o.restarts = RestartPolicy{restarts, 1, 1.5};
        o.nogood_capacity = 8;
        Search search(s, o);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        statistics = search.statistics();
        return n;
    };
    SearchStatistics plain, restarted;
    const std::uint64_t expected = count(RestartKind::none, plain);
    CHECK(expected > 0);
    CHECK(count(RestartKind::luby, restarted) == expected);
    CHECK(restarted.restarts > 0);
    CHECK(restarted.nogoods_dropped > 0);
}

TEST_CASE("reservations sized from a measured run make the same search allocate nothing", "[allocation][memory]") {
    // How docs/embedding.md sizes an arena: run once, read the undo log's high water
    // and the depth, and reserve exactly those. 10-queens counted with every strength.
    for (Consistency strength : {Consistency::value, Consistency::bounds, Consistency::domain}) {
        std::size_t trail_peak = 0;
        std::uint64_t depth_peak = 0, solutions = 0;
        {
            Solver s;
            queens(s, 10, strength);
            Search search(s);
            REQUIRE(search.count(solutions) == SearchStatus::exhausted);
            trail_peak = s.trail().high_water();
            depth_peak = search.statistics().max_depth;
        }
        INFO("strength " << static_cast<int>(strength) << ": undo entries " << trail_peak << ", depth " << depth_peak);
        CHECK(trail_peak > 0);
        CHECK(depth_peak > 0);
        Solver s;
        queens(s, 10, strength);
        SearchOptions o;
        o.trail_reserve = trail_peak;
        o.depth_reserve = static_cast<std::size_t>(depth_peak) + 1;
        Search search(s, o);
        const std::uint64_t before = allocation_count();
        std::uint64_t again = 0;
        REQUIRE(search.count(again) == SearchStatus::exhausted);
        CHECK(allocation_count() - before == 0);
        CHECK(again == solutions);
        CHECK(s.trail().high_water() == trail_peak);
    }
}
