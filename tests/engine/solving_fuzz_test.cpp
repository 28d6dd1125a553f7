// The solving fuzzer: random small models drawn from the constraint catalog
// (tests/support/constraint_catalog.hpp: every kernel constraint, plain, reified and
// half-reified; random_model.hpp), sometimes on values far from 0, solved
// under a random search configuration (variable and value selection, restarts with a
// random scale, a random seed, a random subset and order of decision variables,
// learning on or off: from the root or switched on later, each branching by activity,
// the model's order or free).
//
// Where random_models_test.cpp compares solution sets for a fixed family of models
// under fixed configurations, this test draws everything at random and checks, per
// model:
//   - each solution Search::next() reports satisfies every constraint, judged by an
//     evaluator independent of the engine, and no solution comes twice;
//   - the solutions are exactly the brute-force ones;
//   - Search::count() (another random configuration) gives the brute-force count,
//     counting the last level in bulk where the open variables are independent
//     (with and without restarts; the suite checks that this happens often);
//   - ParallelSearch::count() on 2 threads (a random configuration) gives it too;
//   - minimising and maximising a random variable ends on the brute-force optimum.
//
// The suite runs a fixed seed for a few seconds. For a long run:
//   PRUNE_SOLVING_FUZZ_ITERATIONS=200000 [PRUNE_SOLVING_FUZZ_SEED=7] prune_tests "[solving-fuzz]"
// (tests/fuzz/run.sh does that when PRUNE_SOLVING_FUZZ_ITERATIONS is set). A failure
// names the model's seed; PRUNE_SOLVING_FUZZ_SEED=<it> PRUNE_SOLVING_FUZZ_ITERATIONS=1
// replays it alone.
#include "catch.hpp"
#include "support/random_model.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <set>
#include <sstream>
#include <string>

#include "engine/constraints_arithmetic.hpp"
#include "engine/constraints_boolean.hpp"
#include "engine/constraints_reified.hpp"
#include "parallel/parallel_search.hpp"

using namespace prune;
using namespace prune::test;

namespace {

std::string name(int i) {
    std::string s = "x";
    s.append(std::to_string(i));
    return s;
}

std::vector<int> shuffled(Random& r, std::vector<int> v) {
    shuffle(v, r);
    return v;
}

int draw(Random& r, int lo, int hi) { return lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1))); }

RandomModel random_model(Random& r) {
    RandomModel m;
    const int n = draw(r, 2, 7);
    // Values mostly near 0, sometimes far out (bitset offsets, 64-bit arithmetic).
    const int base = r.below(8) == 0 ? draw(r, -1000000, 1000000) : 0;
    std::int64_t product = 1;
    for (int i = 0; i < n; ++i) {
        std::set<int> chosen;
        if (r.below(3) == 0) {
            m.booleans.push_back(i);
            chosen = r.below(6) == 0 ? std::set<int>{static_cast<int>(r.below(2))} : std::set<int>{0, 1};
        } else {
            const int lo = base + draw(r, -5, 3);
            const int width = draw(r, 0, 7);
            const int size = draw(r, 1, width + 1);
            while (static_cast<int>(chosen.size()) < size) chosen.insert(lo + draw(r, 0, width));
        }
        m.domains.emplace_back(chosen.begin(), chosen.end());
        product *= static_cast<std::int64_t>(m.domains.back().size());
    }
    (void)product;
    add_random_constraints(r, m, draw(r, 1, 5));
    return m;
}

SearchOptions random_search(Random& r) {
    SearchOptions o;
    o.variable = static_cast<VariableSelection>(r.below(3));
    o.value = static_cast<ValueSelection>(r.below(6));
    switch (r.below(3)) {
        case 0: break;
        case 1: o.restarts = RestartPolicy{RestartKind::luby, static_cast<double>(draw(r, 1, 4)), 1.5}; break;
        default: o.restarts = RestartPolicy{RestartKind::geometric, static_cast<double>(draw(r, 1, 4)), 1.1 + 0.1 * draw(r, 0, 9)}; break;
    }
    o.seed = r.next();
    // Learning in half the runs: a quarter from the root, a quarter switched on after
    // a few propagator runs; each of its branchings, the model's order or free, the
    // clauses as nogoods or as propagators.
    switch (r.below(4)) {
        case 0: o.learn = true; break;
        case 1: o.learn_after_propagations = static_cast<std::uint64_t>(draw(r, 1, 30)); break;
        default: return o;
    }
    o.learning_branching = static_cast<LearningBranching>(r.below(4));
    o.learning_frees_search = r.below(2) == 0;
    o.clauses_as_nogoods = r.below(4) != 0;
    return o;
}

// The decision variables: none (every variable, in input order), or a random
// subset in random order (the search labels the others afterwards).
void random_decisions(Random& r, SearchOptions& o, const std::vector<IntVar>& vars) {
    if (r.below(3) == 0) return;
    std::vector<int> order(vars.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    order = shuffled(r, order);
    order.resize(1 + r.below(order.size()));
    for (int i : order) o.decision_variables.push_back(vars[i]);
}

std::string describe(const SearchOptions& o) {
    std::ostringstream text;
    text << "variable " << static_cast<int>(o.variable) << ", value " << static_cast<int>(o.value) << ", restarts "
         << static_cast<int>(o.restarts.kind) << " scale " << o.restarts.scale << ", " << o.decision_variables.size()
         << " decision variables";
    if (o.learn || o.learn_after_propagations != 0)
        text << ", learning " << (o.learn ? "from the root" : "after " + std::to_string(o.learn_after_propagations) + " propagations")
             << " branching " << static_cast<int>(o.learning_branching) << (o.learning_frees_search ? " free" : "")
             << (o.clauses_as_nogoods ? "" : ", clauses as propagators");
    return text.str();
}

// What the suite saw, for its checks that the paths under test were taken.
struct Tally {
    std::uint64_t solutions = 0;
    std::uint64_t bulk_counts = 0;                // count() runs that counted some node in bulk
    std::uint64_t bulk_counts_with_restarts = 0;  // of them, under a restart policy
    std::uint64_t parallel_bulk_counts = 0;       // ParallelSearch::count() runs that did
    std::uint64_t learning_runs = 0;              // enumerations and optimisations that learned
};

// 1. Enumeration under a random configuration, every solution judged on its own.
std::string check_enumeration(Random& r, const RandomModel& m, const std::vector<Assignment>& expected, Tally& tally) {
    Solver s;
    const std::vector<IntVar> vars = m.build(s);
    if (!s.error().empty()) return "post error: " + s.error();
    SearchOptions o = random_search(r);
    random_decisions(r, o, vars);
    Search search(s, o);
    std::vector<Assignment> found;
    SearchStatus status;
    while ((status = search.next()) == SearchStatus::solution) {
        Assignment a;
        for (IntVar x : vars) {
            if (!s.fixed(x)) return "a solution leaves " + name(static_cast<int>(a.size())) + " unfixed";
            a.push_back(s.value(x));
        }
        for (const ModelConstraint& c : m.constraints) {
            if (c.holds(a)) continue;
            std::ostringstream failure;
            failure << "the solution";
            for (int v : a) failure << " " << v;
            failure << " violates " << c.text;
            return failure.str();
        }
        found.push_back(a);
        if (found.size() > expected.size()) break;
    }
    if (status == SearchStatus::error) return "search error: " + s.error();
    if (search.learning_active()) ++tally.learning_runs;
    std::sort(found.begin(), found.end());
    if (std::adjacent_find(found.begin(), found.end()) != found.end()) return "a solution was reported twice";
    if (found != expected)
        return "next() found " + std::to_string(found.size()) + " solutions, brute force " +
               std::to_string(expected.size()) + " (" + describe(o) + ")";
    return {};
}

// 2. Counting under another configuration.
std::string check_count(Random& r, const RandomModel& m, const std::vector<Assignment>& expected, Tally& tally) {
    Solver s;
    const std::vector<IntVar> vars = m.build(s);
    SearchOptions o = random_search(r);
    random_decisions(r, o, vars);
    Search search(s, o);
    std::uint64_t count = 0;
    if (search.count(count) != SearchStatus::exhausted) return "count() did not exhaust the search";
    if (count != expected.size())
        return "count() = " + std::to_string(count) + ", brute force " + std::to_string(expected.size()) + " (" +
               describe(o) + ", " + std::to_string(search.statistics().bulk_solutions) + " counted in bulk)";
    if (search.statistics().bulk_nodes != 0) {
        ++tally.bulk_counts;
        if (o.restarts.kind != RestartKind::none) ++tally.bulk_counts_with_restarts;
    }
    return {};
}

// 3. Counting on two threads (cubes, each counted with a fresh Search).
std::string check_parallel_count(Random& r, const RandomModel& m, const std::vector<Assignment>& expected, Tally& tally) {
    Solver s;
    const std::vector<IntVar> vars = m.build(s);
    SearchOptions o = random_search(r);
    random_decisions(r, o, vars);
    ParallelSearch parallel(
        [&m] {
            auto built = std::make_unique<Solver>();
            (void)m.build(*built);
            return built;
        },
        o, ParallelSettings{2, 4});
    std::uint64_t count = 0;
    if (parallel.count(count) != SearchStatus::exhausted) return "parallel count() did not exhaust the search";
    if (count != expected.size())
        return "parallel count() = " + std::to_string(count) + ", brute force " + std::to_string(expected.size()) + " (" +
               describe(o) + ", " + std::to_string(parallel.statistics().bulk_solutions) + " counted in bulk)";
    if (parallel.statistics().bulk_nodes != 0) ++tally.parallel_bulk_counts;
    return {};
}

// 4. Branch and bound on a random variable, in one direction.
std::string check_optimum(Random& r, const RandomModel& m, const std::vector<Assignment>& expected, bool minimise, Tally& tally) {
    Solver s;
    const std::vector<IntVar> vars = m.build(s);
    const int k = static_cast<int>(r.below(vars.size()));
    SearchOptions o = random_search(r);
    random_decisions(r, o, vars);
    Search search(s, o);
    if (minimise) search.minimize(vars[k]);
    else search.maximize(vars[k]);
    bool any = false;
    int last = 0;
    SearchStatus status;
    while ((status = search.next()) == SearchStatus::solution) {
        Assignment a;
        for (IntVar x : vars) a.push_back(s.value(x));
        if (!std::binary_search(expected.begin(), expected.end(), a)) return "branch and bound reported a non-solution";
        if (any && (minimise ? a[k] >= last : a[k] <= last)) return "branch and bound reported a solution that does not improve";
        any = true;
        last = a[k];
    }
    if (status != SearchStatus::exhausted) return "branch and bound did not exhaust the search";
    if (search.learning_active()) ++tally.learning_runs;
    if (any != !expected.empty()) return "branch and bound disagrees with brute force on satisfiability";
    if (!any) return {};
    int best = expected[0][k];
    for (const Assignment& a : expected) best = minimise ? std::min(best, a[k]) : std::max(best, a[k]);
    if (last == best) return {};
    return std::string(minimise ? "minimum" : "maximum") + " of " + name(k) + ": search " + std::to_string(last) +
           ", brute force " + std::to_string(best);
}

// Empty when the model passes every check, else what went wrong.
std::string check_model(std::uint64_t seed, Tally& tally) {
    Random r(seed);
    const RandomModel m = random_model(r);
    const std::vector<Assignment> expected = m.solutions();
    tally.solutions += expected.size();
    if (std::string failure = check_enumeration(r, m, expected, tally); !failure.empty()) return failure;
    if (std::string failure = check_count(r, m, expected, tally); !failure.empty()) return failure;
    // Threads cost more than a small model: one model in four.
    if (seed % 4 == 0) {
        if (std::string failure = check_parallel_count(r, m, expected, tally); !failure.empty()) return failure;
    }
    for (const bool minimise : {true, false})
        if (std::string failure = check_optimum(r, m, expected, minimise, tally); !failure.empty()) return failure;
    return {};
}

}  // namespace

TEST_CASE("solving fuzzer: random models, random searches, checked against brute force", "[solving-fuzz]") {
    const std::uint64_t iterations = env_number("PRUNE_SOLVING_FUZZ_ITERATIONS", 3000);
    const std::uint64_t first_seed = env_number("PRUNE_SOLVING_FUZZ_SEED", 20261130);
    Random seeds(first_seed);
    Tally tally;
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < iterations; ++i) {
        // With one iteration the given seed is the model's own (to replay a failure).
        const std::uint64_t seed = iterations == 1 ? first_seed : seeds.next();
        const std::string failure = check_model(seed, tally);
        if (!failure.empty()) {
            Random r(seed);
            INFO("model seed " << seed << " (replay: PRUNE_SOLVING_FUZZ_SEED=" << seed << " PRUNE_SOLVING_FUZZ_ITERATIONS=1)\n"
                               << random_model(r).describe());
            FAIL(failure);
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (std::getenv("PRUNE_SOLVING_FUZZ_ITERATIONS")) {
        WARN(iterations << " models in " << seconds << " s (" << static_cast<double>(iterations) / seconds << " per second), "
                        << tally.solutions << " solutions; counted in bulk: " << tally.bulk_counts << " counts ("
                        << tally.bulk_counts_with_restarts << " with restarts), " << tally.parallel_bulk_counts << " parallel; "
                        << tally.learning_runs << " runs learned");
    }
    if (iterations < 1000) return;  // a replay: too few models for the proportions below
    CHECK(tally.solutions > iterations / 4);  // the generator makes satisfiable models too
    // Counting in bulk is exercised, with restarts and on threads too.
    CHECK(tally.bulk_counts > iterations / 20);
    CHECK(tally.bulk_counts_with_restarts > iterations / 40);
    CHECK(tally.parallel_bulk_counts > iterations / 200);
#if !defined(PRUNE_NO_LEARNING)
    CHECK(tally.learning_runs > iterations / 2);  // of three runs per model, half draw learning
#endif
}
