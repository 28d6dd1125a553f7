// circuit, subcircuit and inverse (issue 19): the bench, and the argument checks.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <vector>

#include "engine/random.hpp"

using namespace prune;
using namespace prune::test;

TEST_CASE("circuit: circuit and subcircuit pass the bench", "[circuit]") {
    REQUIRE(catalog::check({"circuit", "subcircuit", "subcircuit(nonempty)"}) == "");
}

TEST_CASE("circuit: counts of Hamiltonian circuits and subcircuits", "[circuit]") {
    // (n-1)! circuits on n nodes; subcircuits: sum over k of C(n,k) (k-1)! for k >= 2, plus the empty one.
    for (int n = 1; n <= 6; ++n) {
        Solver s;
        std::vector<IntVar> x = s.new_int_vars(n, 0, n - 1);
        REQUIRE(circuit(s, x));
        Search search(s, {});
        std::int64_t count = 0;
        while (search.next() == SearchStatus::solution) ++count;
        std::int64_t expected = 1;
        for (int k = 2; k < n; ++k) expected *= k;
        CHECK(count == expected);
    }
    const std::int64_t subcircuits[] = {1, 1, 2, 6, 21, 85, 410};  // 1 + sum over k >= 2 of C(n,k) (k-1)!
    for (int n = 1; n <= 6; ++n) {
        for (bool allow_empty : {true, false}) {
            Solver s;
            std::vector<IntVar> x = s.new_int_vars(n, 1, n);
            REQUIRE(subcircuit(s, x, 1, allow_empty));
            Search search(s, {});
            std::int64_t count = 0;
            while (search.next() == SearchStatus::solution) ++count;
            CHECK(count == subcircuits[n] - (allow_empty ? 0 : 1));
        }
    }
}

TEST_CASE("circuit: a fixed short cycle fails at the root", "[circuit]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(4, 0, 3);
    REQUIRE(s.assign(x[0], 1) != Event::failed);
    REQUIRE(s.assign(x[1], 0) != Event::failed);
    CHECK_FALSE((circuit(s, x) && s.propagate()));
}

TEST_CASE("circuit: refused arguments", "[circuit]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(3, 0, 2);
    std::vector<IntVar> bad = x;
    bad[1] = IntVar{99};
    CHECK_FALSE(circuit(s, bad));
    CHECK(s.error() == "circuit: variable 1 does not belong to this solver");
    Solver t;
    std::vector<IntVar> y = t.new_int_vars(3, 0, 2);
    CHECK_FALSE(subcircuit(t, y, 2147483647));
    CHECK(t.error() == "subcircuit: offset + number of nodes exceeds the 32-bit range");
}

TEST_CASE("inverse: passes the bench (domain consistent, or value beside a value all_different)", "[inverse]") {
    REQUIRE(catalog::check({"inverse", "inverse(x,x)", "inverse(value)"}) == "");
}

TEST_CASE("inverse: channels removals both ways with offsets", "[inverse]") {
    Solver s;
    std::vector<IntVar> f = s.new_int_vars(3, -5, 10), g = s.new_int_vars(3, -5, 10);
    REQUIRE(inverse(s, f, g, 1, 0));  // f[i] in 0..2 names g's positions, g[j] in 1..3 names f's
    REQUIRE(s.propagate());
    CHECK(s.min(f[0]) == 0);
    CHECK(s.max(f[0]) == 2);
    CHECK(s.min(g[0]) == 1);
    CHECK(s.max(g[0]) == 3);
    REQUIRE(s.assign(f[0], 2) != Event::failed);  // f[0] = position 2 of g: g[2] = 1
    REQUIRE(s.propagate());
    CHECK(s.fixed(g[2]));
    CHECK(s.value(g[2]) == 1);
    CHECK_FALSE(s.contains(g[0], 1));
    CHECK_FALSE(s.contains(f[1], 2));
}

// Whether f[i] may take g_offset + j exactly when g[j] may take f_offset + i, for
// every i and j: what the channel keeps at every fixpoint.
static bool arcs_agree(const Solver& s, const std::vector<IntVar>& f, const std::vector<IntVar>& g, int f_offset,
                       int g_offset) {
    for (std::size_t i = 0; i < f.size(); ++i) {
        for (std::size_t j = 0; j < g.size(); ++j) {
            if (s.contains(f[i], g_offset + static_cast<int>(j)) != s.contains(g[j], f_offset + static_cast<int>(i)))
                return false;
        }
    }
    return true;
}

// The bench's instances have at most three positions; the incremental channel keeps
// each domain it saw as words of 64 positions, so this drives 70 and 130 positions
// (two and three words, and the self-inverse case) through random dives: removals
// and assignments on either side, pops back to a random depth, the arcs checked at
// every fixpoint reached and every level returned to.
TEST_CASE("inverse: the arcs agree through dives and pops over several words", "[inverse]") {
    Random r(20261205);
    int fixpoints = 0, failures = 0;
    for (int round = 0; round < 12; ++round) {
        const int n = round % 2 == 0 ? 70 : 130;
        const bool self = round % 3 == 2;
        const int f_offset = static_cast<int>(r.below(5)) - 2, g_offset = self ? f_offset : static_cast<int>(r.below(5)) - 2;
        Solver s;
        std::vector<IntVar> f = s.new_int_vars(n, -10, n + 10);
        std::vector<IntVar> g = self ? f : s.new_int_vars(n, -10, n + 10);
        REQUIRE(inverse(s, f, g, f_offset, g_offset));
        REQUIRE(s.propagate());
        REQUIRE(arcs_agree(s, f, g, f_offset, g_offset));
        int depth = 0;
        for (int step = 0; step < 400; ++step) {
            s.push_level();
            ++depth;
            bool ok = true;
            for (int k = 0; k < 1 + static_cast<int>(r.below(4)) && ok; ++k) {
                const bool on_f = r.below(2) == 0;
                const IntVar x = (on_f ? f : g)[r.below(static_cast<std::uint64_t>(n))];
                const int v = (on_f ? g_offset : f_offset) + static_cast<int>(r.below(static_cast<std::uint64_t>(n)));
                ok = (r.below(4) == 0 ? s.assign(x, v) : s.remove(x, v)) != Event::failed;
            }
            if (ok && s.propagate()) {
                ++fixpoints;
                REQUIRE(arcs_agree(s, f, g, f_offset, g_offset));
                if (r.below(6) != 0) continue;
            } else {
                ++failures;
                s.clear_queue();  // a failure leaves stale work queued
            }
            const int back_to = static_cast<int>(r.below(static_cast<std::uint64_t>(depth)));
            while (depth > back_to) {
                s.pop_level();
                --depth;
            }
            REQUIRE(arcs_agree(s, f, g, f_offset, g_offset));
        }
    }
    CHECK(fixpoints > 1000);
    CHECK(failures > 100);
}

TEST_CASE("inverse: refused arguments", "[inverse]") {
    Solver s;
    std::vector<IntVar> f = s.new_int_vars(3, 0, 2), g = s.new_int_vars(2, 0, 2);
    CHECK_FALSE(inverse(s, f, g));
    CHECK(s.error() == "inverse: f has 3 variables and g 2");
    Solver t;
    std::vector<IntVar> a = t.new_int_vars(2, 0, 2);
    CHECK_FALSE(inverse(t, a, {a[0], IntVar{7}}));
    CHECK(t.error() == "inverse: variable 1 does not belong to this solver");
}

TEST_CASE("circuit: the closed knight's tours of a 6x6 board", "[circuit]") {
    // 9,862 undirected closed tours (OEIS A001230), each in two directions.
    const int n = 6;
    Solver s;
    std::vector<IntVar> next;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            std::vector<int> moves;
            for (auto [dr, dc] : {std::pair{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}) {
                if (r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n) moves.push_back((r + dr) * n + c + dc);
            }
            next.push_back(s.new_int_var(moves));
        }
    }
    REQUIRE(circuit(s, next));
    Search search(s, {});
    std::int64_t count = 0;
    while (search.next() == SearchStatus::solution) ++count;
    CHECK(count == 2 * 9862);
}
