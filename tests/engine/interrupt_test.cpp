// Stopping a search from outside: the time limit and the stop flag end a search in
// the middle of a long propagation fixpoint, report a limit (never a proof), and
// leave the solver usable. The bounds are generous (sanitizer builds are slow): what
// is tested is that the search stops long before the fixpoint would end.
#include "catch.hpp"

#include <atomic>
#include <chrono>
#include <thread>

#include "engine/prune.hpp"

using namespace prune;

namespace {

// x <= y - 1 and y <= x - 1 over [-10^9, 10^9]: bounds propagation moves one bound
// by one per propagator run, so refuting it takes about 2 * 10^9 runs (minutes).
void ping_pong(Solver& s) {
    const IntVar x = s.new_int_var(-1'000'000'000, 1'000'000'000, "x");
    const IntVar y = s.new_int_var(-1'000'000'000, 1'000'000'000, "y");
    less(s, x, y);
    less(s, y, x);
}

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("a time limit interrupts a long root fixpoint and reports a limit", "[search][limits]") {
    Solver s;
    ping_pong(s);
    SearchOptions options;
    options.limits.seconds = 0.05;
    const auto start = std::chrono::steady_clock::now();
    {
        Search search(s, options);
        CHECK(search.next() == SearchStatus::limit);  // not `exhausted`: nothing was proved
        CHECK(search.next() == SearchStatus::limit);  // and it stays stopped
        CHECK(search.statistics().failures == 0);
    }
    CHECK(seconds_since(start) < 2.0);
    CHECK_FALSE(s.root_failed());
    CHECK(s.interrupt_flag() == nullptr);  // the search's settings are gone with it
}

TEST_CASE("a stop flag raised by another thread ends the search", "[search][limits]") {
    Solver s;
    ping_pong(s);
    std::atomic<bool> stop{false};
    SearchOptions options;
    options.stop = &stop;
    const auto start = std::chrono::steady_clock::now();
    std::thread raiser([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        stop.store(true);
    });
    Search search(s, options);
    const SearchStatus status = search.next();
    raiser.join();
    CHECK(status == SearchStatus::limit);
    CHECK(seconds_since(start) < 2.0);
}

TEST_CASE("a stop flag stops a count between nodes and the count is a lower bound", "[search][limits]") {
    // 8-queens has 92 solutions; stop after the first few.
    Solver s;
    const std::vector<IntVar> q = s.new_int_vars(8, 0, 7);
    std::vector<IntVar> up, down;
    for (int i = 0; i < 8; ++i) {
        up.push_back(s.new_int_var(-7, 14));
        down.push_back(s.new_int_var(-7, 14));
        equal_offset(s, up[i], q[i], i);
        equal_offset(s, down[i], q[i], -i);
    }
    all_different(s, q, Consistency::value);
    all_different(s, up, Consistency::value);
    all_different(s, down, Consistency::value);
    std::atomic<bool> stop{false};
    SearchOptions options;
    options.stop = &stop;
    Search search(s, options);
    std::uint64_t found = 0;
    SearchStatus status = SearchStatus::solution;
    while ((status = search.next()) == SearchStatus::solution) {
        if (++found == 5) stop.store(true);
    }
    CHECK(status == SearchStatus::limit);
    CHECK(found == 5);
}

TEST_CASE("request_stop before the first node stops at once", "[search][limits]") {
    Solver s;
    const IntVar x = s.new_int_var(0, 9);
    (void)x;
    Search search(s);
    search.request_stop();
    CHECK(search.next() == SearchStatus::limit);
}

TEST_CASE("an interrupted inner search restores the outer search's settings", "[search][limits]") {
    Solver s;
    const std::vector<IntVar> v = s.new_int_vars(3, 0, 2);
    all_different(s, v, Consistency::domain);
    std::atomic<bool> outer_stop{false};
    SearchOptions outer_options;
    outer_options.stop = &outer_stop;
    Search outer(s, outer_options);
    REQUIRE(outer.next() == SearchStatus::solution);
    {
        SearchOptions inner_options;
        inner_options.limits.seconds = 1000;
        Search inner(s, inner_options);
        CHECK(s.interrupt_flag() == &outer_stop);  // the inner search keeps the outer flag
        (void)inner.next();
    }
    CHECK(s.interrupt_flag() == &outer_stop);
    CHECK(s.interrupt_deadline() == prune::Solver::no_deadline);
    std::uint64_t rest = 0;
    CHECK(outer.count(rest) == SearchStatus::exhausted);
    CHECK(rest == 5);  // 3! = 6 permutations, one already returned
}

namespace {
// A clock the test drives: each reading advances it by one millisecond, so a deadline
// passes after a known number of readings, whatever the machine's speed.
std::uint64_t fake_now = 0;
std::uint64_t fake_clock() { return fake_now += 1'000'000; }
std::uint64_t fake_memory = 0;
std::uint64_t fake_memory_probe() { return fake_memory; }

// Queens-like model with many solutions and a long search.
std::vector<IntVar> long_search_model(Solver& s) {
    const std::vector<IntVar> q = s.new_int_vars(12, 0, 11);
    all_different(s, q, Consistency::value);
    return q;
}
}  // namespace

TEST_CASE("a search without a host clock refuses a time limit, and runs without one", "[search][limits][host]") {
    Solver s;
    s.set_host_probes(prune::HostProbes{});
    long_search_model(s);
    SearchOptions limited;
    limited.limits.seconds = 5;
    {
        Search search(s, limited);
        CHECK(search.next() == SearchStatus::error);
        CHECK_THAT(s.error(), Catch::Matchers::Contains("time limit needs the host's clock"));
    }
    Solver t;
    t.set_host_probes(prune::HostProbes{});
    long_search_model(t);
    Search unlimited(t, SearchOptions{});
    CHECK(unlimited.next() == SearchStatus::solution);
    CHECK(unlimited.statistics().seconds == 0);  // no clock, no time
}

TEST_CASE("the time limit reads the host's clock, not the engine's", "[search][limits][host]") {
    Solver s;
    s.set_host_probes(prune::HostProbes{&fake_clock, nullptr});
    long_search_model(s);
    SearchOptions options;
    options.limits.seconds = 0.5;  // 500 readings of the fake clock
    std::uint64_t solutions = 0;
    Search search(s, options);
    CHECK(search.count(solutions) == SearchStatus::limit);
    CHECK(solutions > 0);
    CHECK(search.statistics().seconds >= 0.5);
}

TEST_CASE("the memory limit reads the host's probe, and without one it is refused", "[search][limits][host]") {
    SearchOptions options;
    options.limits.memory_mb = 1;
    Solver without;
    without.set_host_probes(prune::HostProbes{});
    long_search_model(without);
    Search refused(without, options);
    CHECK(refused.next() == SearchStatus::error);
    CHECK_THAT(without.error(), Catch::Matchers::Contains("memory limit needs the host's memory probe"));

    Solver with;
    with.set_host_probes(prune::HostProbes{nullptr, &fake_memory_probe});
    long_search_model(with);
    fake_memory = 2 * 1024 * 1024;  // over the 1 MiB limit
    std::uint64_t solutions = 0;
    Search search(with, options);
    CHECK(search.count(solutions) == SearchStatus::limit);
    CHECK(search.memory_limit_hit());
}
