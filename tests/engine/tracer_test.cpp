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
