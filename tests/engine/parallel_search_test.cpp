// Parallel search (parallel/parallel_search.hpp): the answers must not depend on the
// number of threads. Counts, solution sets, optima and unsatisfiability on 1 (the
// sequential Search), 2 and 4 threads, on n-queens and on random catalog models
// against brute force; limits and the stop flag end every worker. Tagged
// [parallel]: scripts/test.sh runs these under ThreadSanitizer.
#include "catch.hpp"
#include "support/random_model.hpp"
#include "support/skip.hpp"

#include <algorithm>
#include <mutex>
#include <set>
#include <sstream>

#include "engine/constraints.hpp"
#include "parallel/parallel_search.hpp"
#include "parallel/shared_nogoods.hpp"

using namespace prune;
using namespace prune::test;

namespace {

// n-queens by pairwise disequalities, built into a new solver.
std::unique_ptr<Solver> queens(int n) {
    auto s = std::make_unique<Solver>();
    const std::vector<IntVar> q = s->new_int_vars(n, 0, n - 1, "q");
    for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) {
            not_equal(*s, q[i], q[j]);
            not_equal_offset(*s, q[i], q[j], j - i);
            not_equal_offset(*s, q[i], q[j], i - j);
        }
    }
    return s;
}

std::uint64_t sequential_count(Solver& s, const SearchOptions& options) {
    Search search(s, options);
    std::uint64_t n = 0;
    REQUIRE(search.count(n) == SearchStatus::exhausted);
    return n;
}

int draw(Random& r, int lo, int hi) { return lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1))); }

RandomModel random_model(Random& r) {
    RandomModel m;
    const int n = draw(r, 2, 7);
    for (int i = 0; i < n; ++i) {
        std::set<int> values;
        if (r.below(3) == 0) {
            m.booleans.push_back(i);
            values = {0, 1};
        } else {
            const int lo = draw(r, -4, 2);
            const int width = draw(r, 0, 6);
            const int size = draw(r, 1, width + 1);
            while (static_cast<int>(values.size()) < size) values.insert(lo + draw(r, 0, width));
        }
        m.domains.emplace_back(values.begin(), values.end());
    }
    add_random_constraints(r, m, draw(r, 1, 4));
    return m;
}

SearchOptions random_options(Random& r) {
    SearchOptions o;
    o.variable = static_cast<VariableSelection>(r.below(3));
    o.value = static_cast<ValueSelection>(r.below(6));
    if (r.below(3) == 0) o.restarts = RestartPolicy{RestartKind::luby, static_cast<double>(draw(r, 1, 4)), 1.5};
    o.seed = r.next();
    return o;
}

ModelBuilder builder_of(const RandomModel& m) {
    return [&m] {
        // Some catalog constraints REQUIRE() while posting, and Catch is not
        // thread-safe: the workers build one at a time (and no callback below
        // asserts on a worker thread).
        static std::mutex catch_mutex;
        const std::lock_guard<std::mutex> lock(catch_mutex);
        auto s = std::make_unique<Solver>();
        (void)m.build(*s);
        return s;
    };
}

Assignment values_of(const Solver& s, int n) {
    Assignment a;
    for (int i = 0; i < n; ++i) a.push_back(s.value(IntVar{i}));
    return a;
}

// Optimises variable k of p's model (sense -1: minimise, +1: maximise) and checks
// the run against the brute-force solutions `expected` of its n variables: it ends
// exhausted, every report is a solution that beats the one before, and the last is
// the optimum. Whether the model had a solution.
bool check_optimisation(ParallelSearch& p, const std::vector<Assignment>& expected, int n, int k, int sense) {
    if (sense < 0) p.minimize(IntVar{k});
    else p.maximize(IntVar{k});
    // (No Catch assertion on a worker thread: Catch is not thread-safe.)
    std::vector<int> reported;
    bool all_solutions = true;
    REQUIRE(p.solve([&](const Solver& s) {
        const Assignment a = values_of(s, n);
        all_solutions = all_solutions && std::binary_search(expected.begin(), expected.end(), a);
        reported.push_back(a[k]);
        return true;
    }) == SearchStatus::exhausted);
    CHECK(all_solutions);
    CHECK(reported.empty() == expected.empty());
    if (expected.empty()) return false;
    int best = expected[0][k];
    for (const Assignment& a : expected) best = sense < 0 ? std::min(best, a[k]) : std::max(best, a[k]);
    CHECK(reported.back() == best);
    for (std::size_t i = 1; i < reported.size(); ++i) CHECK((sense < 0 ? reported[i] < reported[i - 1] : reported[i] > reported[i - 1]));
    return true;
}

// The solutions of the cubes, each counted below its decisions on `s`, summed;
// `failed` (when given) counts the cubes whose decisions fail by propagation.
std::uint64_t count_over_cubes(Solver& s, const std::vector<Cube>& cubes, std::uint64_t* failed = nullptr) {
    std::uint64_t total = 0;
    for (const Cube& cube : cubes) {
        s.push_level();
        if (assume_cube(s, cube)) {
            Search search(s, SearchOptions{});
            std::uint64_t n = 0;
            REQUIRE(search.count(n) == SearchStatus::exhausted);
            total += n;
        } else if (failed != nullptr) {
            ++*failed;
        }
        s.pop_level();
        s.clear_queue();
    }
    return total;
}

}  // namespace

TEST_CASE("parallel: n-queens counts equal the sequential ones on 2 and 4 threads", "[parallel]") {
    const std::uint64_t known[] = {0, 0, 0, 0, 0, 0, 0, 0, 92, 352, 724};
    for (int n = 8; n <= 10; ++n) {
        SearchOptions options;
        const std::unique_ptr<Solver> s = queens(n);
        const std::uint64_t sequential = sequential_count(*s, options);
        CHECK(sequential == known[n]);
        for (int threads : {1, 2, 4}) {
            ParallelSearch parallel([n] { return queens(n); }, options, ParallelSettings{threads});
            std::uint64_t count = 0;
            REQUIRE(parallel.count(count) == SearchStatus::exhausted);
            CHECK(count == sequential);
            CHECK(parallel.statistics().solutions == sequential);
            const CubeStatistics& cubes = parallel.cube_statistics();
            // At least 100 per thread (the default), unless the space holds fewer leaves (each a solution).
            CHECK(cubes.cubes >= std::min<std::uint64_t>(static_cast<std::uint64_t>(threads) * 100, sequential));
            CHECK(cubes.solved == cubes.cubes);
            CHECK(cubes.worker_seconds.size() == static_cast<std::size_t>(threads));
        }
    }
}

TEST_CASE("parallel: the cubes partition the space in the search's order", "[parallel]") {
    const std::unique_ptr<Solver> s = queens(8);
    std::vector<Cube> cubes;
    CubeStatistics statistics;
    REQUIRE(split_into_cubes(*s, SearchOptions{}, 40, cubes, statistics));
    CHECK(cubes.size() >= 40);
    CHECK(s->depth() == 0);
    // Each cube's count, summed, is the whole count; the first cube is the leftmost.
    CHECK(count_over_cubes(*s, cubes) == 92);
    REQUIRE(!cubes.empty());
    CHECK(cubes.front().front().var.index == 0);  // first-fail ties: the first variable
    CHECK(cubes.front().front().value == 0);
}

TEST_CASE("parallel: the optimisation split partitions the space, finer on the left", "[parallel]") {
    const std::unique_ptr<Solver> s = queens(8);
    for (double left_share : {0.0, 0.5, 1.0}) {
        INFO("left share " << left_share);
        std::vector<Cube> cubes;
        CubeStatistics statistics;
        REQUIRE(split_for_optimisation(*s, SearchOptions{}, 40, left_share, cubes, statistics));
        CHECK(s->depth() == 0);
        CHECK(statistics.cubes == cubes.size());
        // At least the target (the space allows it); more only where a node's
        // budget was smaller than its alternatives (one cube each): about the target.
        CHECK(cubes.size() >= 40);
        CHECK(cubes.size() <= 2 * 40);
        std::uint64_t failed_cubes = 0;
        CHECK(count_over_cubes(*s, cubes, &failed_cubes) == 92);
        CHECK(failed_cubes == 0);  // only consistent alternatives become cubes
        // The search's order: the first cube starts with the first value of the first variable.
        REQUIRE(!cubes.empty());
        CHECK(cubes.front().front().var.index == 0);
        CHECK(cubes.front().front().value == 0);
        CHECK(cubes.back().front().value == 7);
        // Weighted to the left: the leftmost cube is at least as deep as the rightmost,
        // strictly deeper when half the budget or more goes by halves from the left.
        if (left_share >= 0.5) CHECK(cubes.front().size() > cubes.back().size());
        else CHECK(cubes.front().size() >= cubes.back().size());
    }
}

TEST_CASE("parallel: optimisation decomposes into the optimisation cubes per thread", "[parallel]") {
    // Minimise the first queen's column on 10-queens; the optimum is 0.
    for (int per_thread : {10, 40}) {
        ParallelSettings settings{2};
        settings.optimisation_cubes_per_thread = per_thread;
        ParallelSearch p([] { return queens(10); }, SearchOptions{}, settings);
        p.minimize(IntVar{0});
        std::vector<int> reported;
        REQUIRE(p.solve([&](const Solver& s) {
            reported.push_back(s.value(IntVar{0}));
            return true;
        }) == SearchStatus::exhausted);
        REQUIRE(!reported.empty());
        CHECK(reported.back() == 0);
        CHECK(p.cube_statistics().cubes >= static_cast<std::uint64_t>(2 * per_thread));
        CHECK(p.cube_statistics().cubes <= static_cast<std::uint64_t>(2 * 2 * per_thread));
    }
    // Counting keeps the breadth-first split with cubes_per_thread.
    ParallelSettings settings{2, 30};
    ParallelSearch counting([] { return queens(10); }, SearchOptions{}, settings);
    std::uint64_t n = 0;
    REQUIRE(counting.count(n) == SearchStatus::exhausted);
    CHECK(n == 724);
    CHECK(counting.cube_statistics().cubes >= 60);
    CHECK(counting.cube_statistics().cubes < 2 * 100);
}

TEST_CASE("parallel: random models agree with brute force on every thread count", "[parallel]") {
    Random r(20261201);
    for (int iteration = 0; iteration < 150; ++iteration) {
        const RandomModel m = random_model(r);
        const std::vector<Assignment> expected = m.solutions();
        const int n = static_cast<int>(m.domains.size());
        const SearchOptions options = random_options(r);
        const int threads = 2 + static_cast<int>(r.below(3));
        const int per_thread = 1 + static_cast<int>(r.below(8));
        INFO("model " << m.describe() << "\nthreads " << threads << ", cubes per thread " << per_thread);
        // Count.
        {
            ParallelSearch p(builder_of(m), options, ParallelSettings{threads, per_thread});
            std::uint64_t count = 0;
            REQUIRE(p.count(count) == SearchStatus::exhausted);
            CHECK(count == expected.size());
        }
        // Every solution, each once, each a brute-force solution.
        {
            ParallelSearch p(builder_of(m), options, ParallelSettings{threads, per_thread});
            std::vector<Assignment> found;
            REQUIRE(p.solve([&](const Solver& s) {
                found.push_back(values_of(s, n));
                return true;
            }) == SearchStatus::exhausted);
            std::sort(found.begin(), found.end());
            CHECK(found == expected);
        }
        // The optimum of a random variable, both ways; unsatisfiable models stay so.
        const int k = static_cast<int>(r.below(static_cast<std::uint64_t>(n)));
        for (int sense : {-1, +1}) {
            // Optimisation splits left-weighted (split_for_optimisation): small
            // budgets too, and every share of the left weighting.
            const double left_share = 0.5 * static_cast<double>(r.below(3));
            ParallelSearch p(builder_of(m), options, ParallelSettings{threads, per_thread, per_thread, left_share});
            (void)check_optimisation(p, expected, n, k, sense);
        }
    }
}

TEST_CASE("parallel: stopping at the first solutions reports exactly that many", "[parallel]") {
    for (int wanted : {1, 2, 7}) {
        ParallelSearch p([] { return queens(8); }, SearchOptions{}, ParallelSettings{4});
        int reported = 0;
        const SearchStatus status = p.solve([&](const Solver&) { return ++reported < wanted; });
        CHECK(status == SearchStatus::solution);
        CHECK(reported == wanted);
    }
}

TEST_CASE("parallel: projected enumeration splits on the projection and repeats nothing", "[parallel]") {
    // 6-queens projected on its first two queens: the distinct (q0, q1) pairs.
    SearchOptions options;
    options.projection = {IntVar{0}, IntVar{1}};
    const std::unique_ptr<Solver> s = queens(6);
    std::set<std::pair<int, int>> expected;
    {
        Search search(*s, SearchOptions{});
        while (search.next() == SearchStatus::solution) expected.insert({s->value(IntVar{0}), s->value(IntVar{1})});
    }
    ParallelSearch p([] { return queens(6); }, options, ParallelSettings{3});
    std::vector<std::pair<int, int>> found;
    REQUIRE(p.solve([&](const Solver& w) {
        found.emplace_back(w.value(IntVar{0}), w.value(IntVar{1}));
        return true;
    }) == SearchStatus::exhausted);
    CHECK(found.size() == expected.size());
    CHECK(std::set<std::pair<int, int>>(found.begin(), found.end()) == expected);
}

TEST_CASE("parallel: a node limit and the stop flag end every worker", "[parallel]") {
    SearchOptions options;
    options.limits.nodes = 2000;
    ParallelSearch limited([] { return queens(12); }, options, ParallelSettings{2});
    std::uint64_t count = 0;
    CHECK(limited.count(count) == SearchStatus::limit);
    CHECK(limited.cube_statistics().solved < limited.cube_statistics().cubes);

    std::atomic<bool> stop{true};
    SearchOptions stopped;
    stopped.stop = &stop;
    ParallelSearch interrupted([] { return queens(12); }, stopped, ParallelSettings{2});
    CHECK(interrupted.count(count) == SearchStatus::limit);
}

// Each worker's search learns on its own: the statistics are the workers' sums, the
// learning counters as much as the nodes (they were once left out).
TEST_CASE("parallel: with learning the statistics sum the workers' nogoods and explanations", "[parallel][learning]") {
#if defined(PRUNE_NO_LEARNING)
    PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
#else
    SearchOptions options;
    options.learn = true;
    for (int threads : {1, 2}) {
        ParallelSearch parallel([] { return queens(9); }, options, ParallelSettings{threads});
        std::uint64_t count = 0;
        REQUIRE(parallel.count(count) == SearchStatus::exhausted);
        CHECK(count == 352);
        const SearchStatistics& st = parallel.statistics();
        INFO(threads << " threads");
        CHECK(st.learned > 0);
        CHECK(st.explanations > 0);
        CHECK(st.learned_facts >= st.learned);
        CHECK(st.learned_lbd >= st.learned);
    }
#endif
}

#if !defined(PRUNE_NO_LEARNING)
namespace {

// A portfolio of two or three learning searches over n variables, each its own
// way: by activity, or by a search order of the model's over all of them.
std::vector<SearchOptions> random_portfolio(Random& r, int n) {
    std::vector<SearchOptions> portfolio(2 + r.below(2));
    for (SearchOptions& o : portfolio) {
        o = random_options(r);
        o.learn = true;
        o.learning_branching = static_cast<LearningBranching>(r.below(4));
        if (r.below(2) == 0) {
            std::vector<IntVar> all;
            for (int i = 0; i < n; ++i) all.push_back(IntVar{i});
            o.phases.push_back(SearchPhase{all, o.variable, o.value});
        }
    }
    return portfolio;
}

// n + 1 pigeons in n holes, pairwise different: unsatisfiable, and exponential to
// refute by nogoods.
std::unique_ptr<Solver> pigeons(int n) {
    auto s = std::make_unique<Solver>();
    const std::vector<IntVar> p = s->new_int_vars(n + 1, 0, n - 1, "p");
    for (int i = 0; i <= n; ++i) {
        for (int j = i + 1; j <= n; ++j) not_equal(*s, p[i], p[j]);
    }
    return s;
}

}  // namespace
#endif

// Every worker searches the whole problem; the first to finish answers. One
// solution and optima against brute force, and the proof of unsatisfiability.
TEST_CASE("parallel: a portfolio of learning searches agrees with brute force", "[parallel][learning]") {
#if defined(PRUNE_NO_LEARNING)
    PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
#else
    Random r(20261205);
    int unsatisfiable = 0, optimised = 0;
    for (int iteration = 0; iteration < 150; ++iteration) {
        const RandomModel m = random_model(r);
        const std::vector<Assignment> expected = m.solutions();
        const int n = static_cast<int>(m.domains.size());
        ParallelSettings settings;
        settings.portfolio = random_portfolio(r, n);
        INFO("model " << m.describe() << "\nportfolio of " << settings.portfolio.size());
        // One solution, a brute-force one; or the proof that there is none.
        {
            ParallelSearch p(builder_of(m), SearchOptions{}, settings);
            std::vector<Assignment> found;
            const SearchStatus status = p.solve([&](const Solver& s) {
                found.push_back(values_of(s, n));
                return false;
            });
            if (expected.empty()) {
                ++unsatisfiable;
                CHECK(status == SearchStatus::exhausted);
                CHECK(found.empty());
            } else {
                CHECK(status == SearchStatus::solution);
                REQUIRE(found.size() == 1);
                CHECK(std::binary_search(expected.begin(), expected.end(), found[0]));
            }
        }
        // The optimum of a random variable, both ways, reports improving strictly.
        const int k = static_cast<int>(r.below(static_cast<std::uint64_t>(n)));
        for (int sense : {-1, +1}) {
            ParallelSearch p(builder_of(m), SearchOptions{}, settings);
            if (check_optimisation(p, expected, n, k, sense)) ++optimised;
            CHECK(p.cube_done() == std::vector<char>{1});
        }
    }
    CHECK(unsatisfiable >= 5);
    CHECK(optimised >= 100);
#endif
}

// A portfolio's node limit is shared out, so the workers together stay within it;
// without a limit it refutes what it must; a raised stop flag ends it.
TEST_CASE("parallel: a portfolio stops at its limits and at the stop flag", "[parallel][learning]") {
#if defined(PRUNE_NO_LEARNING)
    PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
#else
    SearchOptions learning;
    learning.learn = true;
    SearchOptions limited = learning;
    limited.limits.nodes = 300;
    ParallelSettings settings;
    settings.portfolio = {learning, learning, learning};
    ParallelSearch p([] { return pigeons(9); }, limited, settings);
    CHECK(p.solve([](const Solver&) { return true; }) == SearchStatus::limit);
    CHECK(p.statistics().nodes > 0);
    CHECK(p.statistics().nodes <= 300);
    CHECK(p.cube_done() == std::vector<char>{0});

    // Without the limit the same portfolio refutes it.
    ParallelSearch unlimited([] { return pigeons(5); }, learning, settings);
    CHECK(unlimited.solve([](const Solver&) { return true; }) == SearchStatus::exhausted);
    CHECK(unlimited.cube_done() == std::vector<char>{1});

    std::atomic<bool> stop{true};
    SearchOptions stopped = learning;
    stopped.stop = &stop;
    ParallelSearch interrupted([] { return pigeons(9); }, stopped, settings);
    CHECK(interrupted.solve([](const Solver&) { return true; }) == SearchStatus::limit);
#endif
}

namespace {
// The nogoods a port hands over, each as "size:first value" (facts are numbered by
// their value below).
struct Collected final : NogoodExchange::Receiver {
    std::vector<std::string> nogoods;
    void take(const Fact* facts, std::size_t size, std::uint32_t lbd, std::int64_t bound) override {
        std::ostringstream text;
        text << size << ":";
        for (std::size_t k = 0; k < size; ++k) text << (k == 0 ? "" : ",") << facts[k].value;
        text << " lbd " << lbd << " bound " << bound;
        nogoods.push_back(text.str());
    }
};
std::vector<std::string> received(NogoodExchange& port) {
    Collected c;
    port.receive(c);
    return c.nogoods;
}
std::vector<Fact> numbered_facts(int first, int count) {
    std::vector<Fact> facts;
    for (int k = 0; k < count; ++k) facts.push_back(Fact{0, first + k, FactKind::not_equal});
    return facts;
}
}  // namespace

// The log of a portfolio's shared nogoods: each worker receives the others' once,
// never its own, nothing longer than the limit, and a worker that falls a ring
// behind loses the oldest whole, never a torn nogood.
TEST_CASE("parallel: the shared nogood log hands each worker the others' nogoods once", "[parallel]") {
    SharedNogoods log(3, 8);
    NogoodExchange &a = log.port(0), &b = log.port(1), &c = log.port(2);
    CHECK(a.max_size() == 8);
    const std::vector<Fact> two = numbered_facts(1, 2), nine = numbered_facts(10, 9), three = numbered_facts(20, 3);
    a.offer(two.data(), two.size(), 2, 7);
    b.offer(nine.data(), nine.size(), 3, 7);  // too long: not kept
    c.offer(three.data(), three.size(), 1, INT64_MAX);
    CHECK(received(a) == std::vector<std::string>{"3:20,21,22 lbd 1 bound 9223372036854775807"});
    CHECK(received(b) == std::vector<std::string>{"2:1,2 lbd 2 bound 7", "3:20,21,22 lbd 1 bound 9223372036854775807"});
    CHECK(received(b).empty());
    CHECK(received(c) == std::vector<std::string>{"2:1,2 lbd 2 bound 7"});

    // Rings of 16 facts and 4 nogoods: ten nogoods of three facts leave the last four.
    SharedNogoods small(2, 8, 16);
    for (int k = 0; k < 10; ++k) {
        const std::vector<Fact> facts = numbered_facts(100 * k, 3);
        small.port(0).offer(facts.data(), facts.size(), 1, 0);
    }
    CHECK(received(small.port(1)) == std::vector<std::string>{"3:600,601,602 lbd 1 bound 0", "3:700,701,702 lbd 1 bound 0",
                                                               "3:800,801,802 lbd 1 bound 0", "3:900,901,902 lbd 1 bound 0"});
    // Six nogoods of five facts: the ring of 16 holds the last three whole.
    for (int k = 0; k < 6; ++k) {
        const std::vector<Fact> facts = numbered_facts(1000 * k, 5);
        small.port(0).offer(facts.data(), facts.size(), 1, 0);
    }
    CHECK(received(small.port(1)) == std::vector<std::string>{"5:3000,3001,3002,3003,3004 lbd 1 bound 0",
                                                               "5:4000,4001,4002,4003,4004 lbd 1 bound 0",
                                                               "5:5000,5001,5002,5003,5004 lbd 1 bound 0"});
}

// A portfolio of learning searches with restarts passes nogoods by default, none
// with share_nogoods 0; the answers stay those of one search.
TEST_CASE("parallel: a portfolio's searches take each other's short nogoods", "[parallel][learning]") {
#if defined(PRUNE_NO_LEARNING)
    PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
#else
    SearchOptions learning;
    learning.learn = true;
    learning.restarts = RestartPolicy{RestartKind::luby, 8, 1.5};
    SearchOptions other = learning;
    other.seed = 1;
    for (const std::size_t share : {std::size_t{0}, std::size_t{8}}) {
        ParallelSettings settings;
        settings.portfolio = {learning, other};
        settings.share_nogoods = share;
        // 9 pigeons in 8 holes: thousands of conflicts, dozens of restarts each.
        ParallelSearch p([] { return pigeons(8); }, learning, settings);
        INFO("share_nogoods " << share);
        CHECK(p.solve([](const Solver&) { return true; }) == SearchStatus::exhausted);
        const SearchStatistics& st = p.statistics();
        if (share == 0) {
            CHECK(st.nogoods_offered == 0);
            CHECK(st.nogoods_imported == 0);
        } else {
            CHECK(st.nogoods_offered > 0);
            CHECK(st.nogoods_imported > 0);
        }
    }
#endif
}

TEST_CASE("parallel: an unsatisfiable model and an invalid one", "[parallel]") {
    ParallelSearch unsat([] { return queens(3); }, SearchOptions{}, ParallelSettings{2});
    std::uint64_t count = 7;
    CHECK(unsat.count(count) == SearchStatus::exhausted);
    CHECK(count == 0);
    ParallelSearch invalid(
        [] {
            auto s = std::make_unique<Solver>();
            s->new_int_var(0, 3);
            s->set_error("broken on purpose");
            return s;
        },
        SearchOptions{}, ParallelSettings{2});
    CHECK(invalid.count(count) == SearchStatus::error);
    CHECK(invalid.error() == "broken on purpose");
}
