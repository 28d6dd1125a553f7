// The engine's tracer hooks: the events agree with the statistics, and each domain
// change is reported with the domain it replaced.
#include "catch.hpp"
#include "engine/prune.hpp"

#include <string>
#include <vector>

using namespace prune;

namespace {

struct CountingTracer : Tracer {
    std::uint64_t nodes = 0, decisions = 0, failures = 0, solutions = 0, runs = 0, changes = 0, backtracks = 0;
    std::uint64_t max_id = 0;
    bool before_was_larger = true;
    std::vector<std::string> log;
    void on_node(std::uint64_t id, std::uint64_t parent, int) override {
        ++nodes;
        if (id != 0) CHECK(parent < id);
        max_id = std::max(max_id, id);
    }
    void on_decision(const Solver&, const Literal&, bool) override { ++decisions; }
    void on_propagator_start(const Solver&, const Propagator&) override { ++runs; }
    void on_domain_change(const Solver& s, IntVar x, const DomainBefore& before) override {
        ++changes;
        if (before.size <= s.size(x)) before_was_larger = false;
        if (before.values != nullptr && static_cast<std::int64_t>(before.values->size()) != before.size) before_was_larger = false;
    }
    void on_failure(const Solver&, const Propagator*) override { ++failures; }
    void on_solution(const Solver&) override { ++solutions; }
    void on_backtrack(int) override { ++backtracks; }
};

}  // namespace

TEST_CASE("tracer events agree with the search statistics", "[tracer]") {
    Solver s;
    std::vector<IntVar> q = s.new_int_vars(6, 0, 5, "q");
    for (int i = 0; i < 6; ++i)
        for (int j = i + 1; j < 6; ++j) {
            not_equal(s, q[i], q[j]);
            not_equal_offset(s, q[i], q[j], j - i);
            not_equal_offset(s, q[i], q[j], i - j);
        }
    CountingTracer tracer;
    s.set_tracer(&tracer);
    Search search(s);
    std::uint64_t n = 0;
    REQUIRE(search.count(n) == SearchStatus::exhausted);
    const SearchStatistics& st = search.statistics();
    CHECK(n == 4);
    CHECK(tracer.solutions == 4);
    CHECK(tracer.nodes == st.nodes + 1);  // the root is a node too
    CHECK(tracer.decisions == st.nodes);
    CHECK(tracer.max_id == st.nodes);
    CHECK(tracer.failures == st.failures);
    CHECK(tracer.runs == st.propagations);
    CHECK(tracer.changes > 0);
    CHECK(tracer.before_was_larger);
}

TEST_CASE("anonymous propagators and variables get readable names", "[tracer]") {
    Solver s;
    IntVar x = s.new_int_var(0, 3);
    IntVar y = s.new_int_var(0, 3, "r3c4");
    less(s, x, y);
    CHECK(s.display_name(x) == "x0");
    CHECK(s.display_name(y) == "r3c4");
    CHECK(s.display_name(s.propagator(0)) == "x<=y+c#0");
}

namespace {

// Records, per domain change, whether the old values came with it and whether the
// old bounds and size were right (the change removed values within them).
struct BeforeTracer : Tracer {
    bool wants = true;  // the old values
    std::uint64_t changes = 0, with_values = 0, wrong_bounds = 0;
    bool wants_values_before() const override { return wants; }
    void on_domain_change(const Solver& s, IntVar x, const DomainBefore& before) override {
        ++changes;
        if (before.values != nullptr) ++with_values;
        if (before.size <= s.size(x) || (s.size(x) > 0 && (before.min > s.min(x) || before.max < s.max(x)))) ++wrong_bounds;
    }
};

std::uint64_t count_queens(Solver& s, bool learn) {
    SearchOptions o;
    o.learn = learn;
    Search search(s, o);
    std::uint64_t n = 0;
    REQUIRE(search.count(n) == SearchStatus::exhausted);
    return n;
}

void post_queens(Solver& s, int n) {
    std::vector<IntVar> q = s.new_int_vars(n, 0, n - 1, "q");
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            not_equal(s, q[i], q[j]);
            not_equal_offset(s, q[i], q[j], j - i);
            not_equal_offset(s, q[i], q[j], i - j);
        }
}

// 6-queens counted (with learning or not) by a tracer T whose one wish, T::wants, is
// true or false; check(s, tracer, wants) then reads what the tracer got.
template <class T, class Check>
void count_queens_wanting(bool learn, Check check) {
    for (const bool wants : {true, false}) {
        Solver s;
        post_queens(s, 6);
        T tracer;
        tracer.wants = wants;
        s.set_tracer(&tracer);
        CHECK(count_queens(s, learn) == 4);
        INFO("the tracer wants it: " << wants);
        CHECK(s.tracer() == &tracer);  // given back when a learning search ended
        check(s, tracer, wants);
    }
}

// The old values exactly when asked for, and the old bounds always.
void check_values_before(bool learn) {
    count_queens_wanting<BeforeTracer>(learn, [](const Solver&, const BeforeTracer& tracer, bool wants) {
        CHECK(tracer.changes > 0);
        CHECK(tracer.wrong_bounds == 0);
        CHECK(tracer.with_values == (wants ? tracer.changes : 0));
    });
}

}  // namespace

TEST_CASE("a tracer that does not read the old values is spared their copy", "[tracer]") { check_values_before(false); }

#if !defined(PRUNE_NO_LEARNING)
// Learning reads only the old bounds; an outer tracer that wants the values still
// gets them, one that does not is spared them too.
TEST_CASE("learning keeps the old values only for the tracer it forwards to", "[tracer][learning]") {
    check_values_before(true);
}
#endif

namespace {

// Counts the propagator run events and the changes made inside a run (read from
// Solver::running(), which a tracer that declines the run events still has).
struct RunsTracer : Tracer {
    bool wants = true;  // the run events
    std::uint64_t starts = 0, ends = 0, changes = 0, changes_in_runs = 0;
    bool wants_propagator_runs() const override { return wants; }
    void on_propagator_start(const Solver&, const Propagator&) override { ++starts; }
    void on_propagator_end(const Solver&, const Propagator&, Status) override { ++ends; }
    void on_domain_change(const Solver& s, IntVar, const DomainBefore&) override {
        ++changes;
        if (s.running() != nullptr) ++changes_in_runs;
    }
};

// The run events exactly when asked for; the running propagator always.
void check_propagator_runs(bool learn) {
    count_queens_wanting<RunsTracer>(learn, [](const Solver& s, const RunsTracer& tracer, bool wants) {
        CHECK(tracer.starts == (wants ? s.propagations() : 0));
        CHECK(tracer.ends == tracer.starts);
        CHECK(tracer.changes_in_runs > 0);
        CHECK(tracer.changes_in_runs < tracer.changes);  // the decisions' own changes are outside any run
    });
}

}  // namespace

TEST_CASE("a tracer that does not want the propagator runs is spared them", "[tracer]") { check_propagator_runs(false); }

#if !defined(PRUNE_NO_LEARNING)
// Learning finds the propagator behind each change from the solver, not from the run
// events: it asks for them only for the tracer it forwards to.
TEST_CASE("learning forwards the propagator runs only to a tracer that wants them", "[tracer][learning]") {
    check_propagator_runs(true);
}
#endif
