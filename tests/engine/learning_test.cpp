// Learning (engine/learning/): checked against brute force on random small models
// drawn from the constraint catalog (tests/support/random_model.hpp).
//   - Every explanation the engine computes (a propagator's own or the fallback) is
//     implied: every solution that satisfies its facts satisfies the inferred fact,
//     and no solution satisfies the facts of a failure's explanation. Models with one
//     constraint make this the constraint-level check; facts on variables a
//     decomposition added are outside brute force's reach and counted apart.
//   - Every learned nogood excludes no solution still to be reported (enumeration:
//     solutions already reported may be excluded, by design) and none better than
//     the incumbent (optimisation).
//   - Enumeration, counting and optimisation with learning give the brute-force
//     solution sets, counts and optima, with and without restarts and with the
//     user's decision variables.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"
#include "support/learning_check.hpp"
#include "support/random_model.hpp"
#include "support/skip.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>

#include "engine/constraints.hpp"
#include "engine/learning/activity_heap.hpp"
#include "engine/learning/learning_search.hpp"
#include "engine/learning/nogood_exchange.hpp"
#include "engine/propagators/alldifferent_bounds.hpp"
#include "engine/propagators/alldifferent_domain.hpp"
#include "engine/propagators/alldifferent_small.hpp"
#include "engine/propagators/alldifferent_value.hpp"
#include "engine/propagators/restart_nogoods.hpp"

using namespace prune;
using namespace prune::test;

#if defined(PRUNE_NO_LEARNING)
TEST_CASE("learning is compiled out of this build", "[learning]") { PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)"); }
#else

namespace {

int draw(Random& r, int lo, int hi) { return lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1))); }

RandomModel random_model(Random& r, int max_constraints) {
    RandomModel m;
    const int n = draw(r, 2, 6);
    for (int i = 0; i < n; ++i) {
        std::set<int> chosen;
        if (r.below(3) == 0) {
            m.booleans.push_back(i);
            chosen = {0, 1};
        } else {
            const int lo = draw(r, -4, 2);
            const int width = draw(r, 1, 6);
            const int size = draw(r, 2, width + 1);
            while (static_cast<int>(chosen.size()) < size) chosen.insert(lo + draw(r, 0, width));
        }
        m.domains.emplace_back(chosen.begin(), chosen.end());
    }
    add_random_constraints(r, m, draw(r, 1, max_constraints));
    return m;
}

bool satisfies(const Assignment& a, const Fact& f) { return fact_admits(f, a[static_cast<std::size_t>(f.var)]); }

bool within_model(const std::vector<Fact>& facts, std::size_t n, const Fact& inferred) {
    if (inferred.var >= static_cast<int>(n)) return false;
    return std::all_of(facts.begin(), facts.end(), [n](const Fact& f) { return f.var < static_cast<int>(n); });
}

std::string show(const std::vector<Fact>& facts) {
    std::ostringstream text;
    for (const Fact& f : facts) text << " x" << f.var << fact_op(f) << f.value;
    return text.str();
}

struct Tally {
    std::uint64_t explanations_checked = 0, explanations_skipped = 0, nogoods_checked = 0, learning_runs = 0;
    // Bound facts ([x >= v], [x <= v]) in the explanations and nogoods checked, and
    // the fixpoints at which the store was checked to have propagated every nogood.
    std::uint64_t bound_facts_explained = 0, bound_facts_learned = 0, fixpoints_checked = 0;
    // The nogoods the constraints stated (Propagator::add_implied_nogoods), in the
    // enumerations.
    std::uint64_t implied_nogoods = 0;
    // When set, each learning search's LearningSearch::long_lower_rise (0: every rise
    // of a lower bound recorded from the top down).
    std::optional<std::int64_t> long_lower_rise;
};

// The LearningSearch::long_lower_rise of the i-th model of a run: every other model
// records every rise of a lower bound from the top down (0), a path the default
// leaves to domains wider than these tests' brute force can take.
std::optional<std::int64_t> long_lower_rise_of_model(int i) {
    return i % 2 == 0 ? std::optional<std::int64_t>(0) : std::nullopt;
}

std::uint64_t bound_facts(const std::vector<Fact>& facts) {
    return static_cast<std::uint64_t>(std::count_if(facts.begin(), facts.end(), [](const Fact& f) { return f.is_bound(); }));
}

// Hooks the checks of explanations and nogoods into a search; `still_open(a)` says
// whether solution a must not be excluded by a nogood learned now.
template <class StillOpen>
void watch(Search& search, const std::vector<Assignment>& expected, std::size_t n, Tally& tally, std::string& failure,
           StillOpen still_open) {
    LearningSearch* learning = search.learning();
    if (learning == nullptr) return;
    ++tally.learning_runs;
    if (tally.long_lower_rise) learning->long_lower_rise = *tally.long_lower_rise;
    learning->on_explanation = [&, n](const Propagator* p, const Fact& inferred, const std::vector<Fact>& because) {
        if (!within_model(because, n, inferred)) {
            ++tally.explanations_skipped;
            return;
        }
        ++tally.explanations_checked;
        tally.bound_facts_explained += bound_facts(because);
        for (const Assignment& a : expected) {
            if (!std::all_of(because.begin(), because.end(), [&](const Fact& f) { return satisfies(a, f); })) continue;
            if (inferred.var < 0 || !satisfies(a, inferred)) {
                if (failure.empty())
                    failure = std::string(p->kind()) + ": explanation" + show(because) + " of" +
                              (inferred.var < 0 ? std::string(" a failure") : show({inferred})) + " admits a counterexample";
            }
        }
    };
    // still_open by value: it is this function's parameter, gone when the hook runs.
    learning->on_learned = [&, n, still_open](const std::vector<Fact>& nogood) {
        if (!within_model(nogood, n, Fact{0, 0, FactKind::not_equal})) return;
        ++tally.nogoods_checked;
        tally.bound_facts_learned += bound_facts(nogood);
        for (const Assignment& a : expected) {
            if (!still_open(a)) continue;
            if (std::all_of(nogood.begin(), nogood.end(), [&](const Fact& f) { return satisfies(a, f); })) {
                if (failure.empty()) failure = "learned nogood" + show(nogood) + " excludes a solution";
            }
        }
    };
    // At each fixpoint no stored nogood is violated or unit without its last fact
    // false: the watches (of bound facts too) saw every fact that became true.
    learning->on_fixpoint = [&, learning] {
        ++tally.fixpoints_checked;
        const std::vector<Fact> missed = learning->unpropagated_nogood();
        if (!missed.empty() && failure.empty()) failure = "the store did not propagate the nogood" + show(missed);
    };
}

// The value choice, restarts and (now and then) the user's decision variables, drawn.
void draw_search(Random& r, const std::vector<IntVar>& vars, SearchOptions& o) {
    o.value = static_cast<ValueSelection>(r.below(6));
    if (r.below(2) == 0) o.restarts = RestartPolicy{RestartKind::luby, static_cast<double>(draw(r, 1, 4)), 1.5};
    if (r.below(3) == 0) {
        o.variable = static_cast<VariableSelection>(r.below(3));
        for (IntVar x : vars)
            if (r.below(2) == 0) o.decision_variables.push_back(x);
    }
}

SearchOptions learning_options(Random& r, const std::vector<IntVar>& vars) {
    SearchOptions o;
    o.learn = true;
    draw_search(r, vars, o);
    // A seed gives the variables tiny random initial activities (tie-breaking).
    if (r.below(2) == 0) o.seed = r.next();
    // What the activity ranks: variables, or literals decided true, false (x != v
    // and x >= v + 1 decisions), or x = v true and x <= v false.
    o.learning_branching = static_cast<LearningBranching>(r.below(4));
    // The user's decision variables followed or freed; the model's clauses kept as
    // nogoods of the store (their propagators resting) or as propagators.
    o.learning_frees_search = r.below(2) == 0;
    o.clauses_as_nogoods = r.below(4) != 0;
    return o;
}

std::string check_enumeration(Random& r, const RandomModel& m, const std::vector<Assignment>& expected, Tally& tally) {
    Solver s;
    const std::vector<IntVar> vars = m.build(s);
    if (!s.error().empty()) return {};
    Search search(s, learning_options(r, vars));
    std::set<Assignment> found;
    std::string failure;
    watch(search, expected, vars.size(), tally, failure, [&](const Assignment& a) { return found.count(a) == 0; });
    failure = enumerate_exactly(search, s, vars, expected, failure, found);
    tally.implied_nogoods += search.statistics().implied;
    return failure;
}

std::string check_count(Random& r, const RandomModel& m, const std::vector<Assignment>& expected, Tally& tally) {
    Solver s;
    const std::vector<IntVar> vars = m.build(s);
    if (!s.error().empty()) return {};
    Search search(s, learning_options(r, vars));
    std::string failure;
    watch(search, expected, vars.size(), tally, failure, [](const Assignment&) { return false; });
    std::uint64_t count = 0;
    if (search.count(count) != SearchStatus::exhausted) return "count() did not exhaust the search";
    if (count != expected.size()) return "count " + std::to_string(count) + ", brute force " + std::to_string(expected.size());
    return failure;
}

// Branch and bound on vars[k], to its end: each solution must improve on the last
// (the search stops at one that does not), the search must be exhausted, and the last
// solution must be brute force's optimum. "" when all holds. `found` follows the
// incumbent, for the learned nogoods' check (watch).
struct Incumbent {
    bool any = false;
    int last = 0;
};
std::string branch_and_bound(Search& search, const Solver& s, const std::vector<IntVar>& vars, std::size_t k, bool minimise,
                             const std::vector<Assignment>& expected, Incumbent& found) {
    SearchStatus status;
    while ((status = search.next()) == SearchStatus::solution) {
        const int v = s.value(vars[k]);
        if (found.any && (minimise ? v >= found.last : v <= found.last)) return "no improvement";
        found.any = true;
        found.last = v;
    }
    if (status != SearchStatus::exhausted) return "optimisation did not exhaust the search";
    if (found.any != !expected.empty()) return "optimisation disagrees with brute force on satisfiability";
    if (!found.any) return {};
    int best = expected[0][k];
    for (const Assignment& a : expected) best = minimise ? std::min(best, a[k]) : std::max(best, a[k]);
    return found.last == best ? std::string{} : "optimum " + std::to_string(found.last) + ", brute force " + std::to_string(best);
}

std::string check_optimum(Random& r, const RandomModel& m, const std::vector<Assignment>& expected, Tally& tally, bool minimise) {
    Solver s;
    const std::vector<IntVar> vars = m.build(s);
    if (!s.error().empty()) return {};
    const std::size_t k = r.below(vars.size());
    Search search(s, learning_options(r, vars));
    if (minimise) search.minimize(vars[k]);
    else search.maximize(vars[k]);
    Incumbent found;
    std::string failure;
    watch(search, expected, vars.size(), tally, failure,
          [&](const Assignment& a) { return !found.any || (minimise ? a[k] < found.last : a[k] > found.last); });
    const std::string optimum = branch_and_bound(search, s, vars, k, minimise, expected, found);
    return failure.empty() ? optimum : failure;
}

// Solution set, count and both optima of model m with learning, against brute force.
void check_against_brute_force(Random& r, const RandomModel& m, std::uint64_t seed, Tally& tally) {
    const std::vector<Assignment> expected = m.solutions();
    std::string failure = check_enumeration(r, m, expected, tally);
    if (failure.empty()) failure = check_count(r, m, expected, tally);
    if (failure.empty()) failure = check_optimum(r, m, expected, tally, true);
    if (failure.empty()) failure = check_optimum(r, m, expected, tally, false);
    if (!failure.empty()) {
        INFO("model seed " << seed << "\n" << m.describe());
        FAIL(failure);
    }
}

void run_models(std::uint64_t first_seed, int models, int max_constraints, Tally& tally) {
    Random seeds(first_seed);
    for (int i = 0; i < models; ++i) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        const RandomModel m = random_model(r, max_constraints);
        tally.long_lower_rise = long_lower_rise_of_model(i);
        check_against_brute_force(r, m, seed, tally);
    }
}

// Models of one to three constraints drawn from the specs named (plain, reified or
// half-reified): enumeration with learning must agree with brute force and every
// explanation be implied (watch()), and the propagators of the kinds listed must
// explain themselves, without the fallback (for failures too unless failures_own is
// false). Returns the first failure; counts the own explanations checked.
struct OwnTally {
    std::uint64_t models = 0, explanations = 0;
    std::uint64_t bound_explanations = 0;  // of a pushed bound as one fact
};
std::string check_own_explanations(const std::vector<const ConstraintSpec*>& specs, const std::set<std::string>& kinds,
                                   bool failures_own, std::uint64_t seed, int models, OwnTally& own) {
    Random r(seed);
    Tally tally;
    for (int i = 0; i < models; ++i) {
        RandomModel m;
        const int n = draw(r, 2, 5);
        for (int k = 0; k < n; ++k) {
            std::set<int> chosen;
            if (r.below(3) == 0) {
                m.booleans.push_back(k);
                chosen = {0, 1};
            } else {
                const int lo = draw(r, -4, 2), width = draw(r, 1, 6);
                const int size = draw(r, 2, width + 1);
                while (static_cast<int>(chosen.size()) < size) chosen.insert(lo + draw(r, 0, width));
            }
            m.domains.emplace_back(chosen.begin(), chosen.end());
        }
        // One to three constraints of the family: several make conflicts to explain.
        const int wanted = draw(r, 1, 3);
        for (int tries = 0; tries < 20 && static_cast<int>(m.constraints.size()) < wanted; ++tries) {
            add_constraint(r, m, *specs[r.below(specs.size())]);
        }
        if (m.constraints.empty()) continue;
        // Now and then another catalog constraint, which makes conflicts with it.
        if (r.below(2) == 0) add_random_constraint(r, m);
        const std::vector<Assignment> expected = m.solutions();
        Solver s;
        const std::vector<IntVar> vars = m.build(s);
        if (!s.error().empty()) continue;
        SearchOptions o;
        o.learn = true;
        o.value = static_cast<ValueSelection>(r.below(6));
        o.clauses_as_nogoods = false;  // (the clauses' own explanations are under test)
        Search search(s, o);
        if (!search.learning_active()) continue;
        std::set<Assignment> found;
        std::string failure;
        watch(search, expected, vars.size(), tally, failure, [&](const Assignment& a) { return found.count(a) == 0; });
        std::uint64_t explained = 0, bounds_explained = 0;
        LearningSearch* learning = search.learning();
        auto check = learning->on_explanation;
        learning->on_explanation = [&](const Propagator* p, const Fact& inferred, const std::vector<Fact>& because) {
            if (kinds.count(p->kind()) != 0) {
                ++explained;
                if (inferred.is_bound()) ++bounds_explained;
            }
            check(p, inferred, because);
        };
        while (search.next() == SearchStatus::solution) {
            Assignment a;
            for (IntVar x : vars) a.push_back(s.value(x));
            found.insert(a);
        }
        ++own.models;
        if (found.size() != expected.size()) failure = "found " + std::to_string(found.size()) + " solutions, brute force " +
                                                        std::to_string(expected.size());
        for (int p = 0; p < s.propagator_count() && failure.empty(); ++p) {
            const Propagator& prop = s.propagator(p);
            if (kinds.count(prop.kind()) == 0) continue;
            // (A variable in two places of one scope, b <-> x = c on b itself say, is
            // a degenerate case the explanations leave to the fallback.)
            std::set<int> distinct;
            for (IntVar x : prop.scope()) distinct.insert(x.index);
            if (distinct.size() != prop.scope().size()) continue;
            if (learning->fell_back(prop, false)) failure = std::string(prop.kind()) + " fell back for a fact it inferred";
            if (failures_own && learning->fell_back(prop, true)) failure = std::string(prop.kind()) + " fell back for its failure";
        }
        if (!failure.empty()) return failure + "\nmodel: " + m.describe();
        own.explanations += explained;
        own.bound_explanations += bounds_explained;
    }
    return {};
}

std::vector<const ConstraintSpec*> specs_starting_with(std::initializer_list<const char*> prefixes) {
    std::vector<const ConstraintSpec*> out;
    for (const char* prefix : prefixes) {
        for (const ConstraintSpec* spec : catalog::starting_with(prefix)) out.push_back(spec);
    }
    return out;
}

}  // namespace

TEST_CASE("learning: linear, comparisons, element, inverse, Boolean and arithmetic explain themselves (brute force)", "[learning]") {
    struct Family {
        const char* what;
        std::vector<const ConstraintSpec*> specs;
        std::set<std::string> kinds;
        bool failures_own;
        std::uint64_t explanations_at_least;  // (about twice as many with these seeds)
        // inverse, domain consistent, meets a conflict in few random models (4 in
        // 20,000 with these seeds): it gets more of them.
        int models = 1500;
        // Of them, of a pushed bound as one fact (the kinds that explain bound facts).
        std::uint64_t bound_explanations_at_least = 0;
    };
    const std::vector<Family> families = {
        {"linear", specs_starting_with({"linear", "sum", "2x-2x"}),
         {"linear<=", "linear=", "linear!=", "linear<=<=>b", "b=>linear<=", "linear=<=>b", "b=>linear=", "linear!=<=>b",
          "b=>linear!=", "x<=y+c", "x=y+c", "x!=y+c"},
         true, 80, 1500, 20},  // (46 of a pushed bound with these seeds)
        {"comparisons", specs_starting_with({"x=y", "x!=y", "x<=y", "x<y", "x=c", "x!=c", "x in S"}),
         {"linear=<=>b", "b=>linear=", "linear!=<=>b", "b=>linear!=", "linear<=<=>b", "b=>linear<=", "x<=y+c", "x=y+c",
          "x!=y+c", "x=c<=>b", "x in S<=>b", "b=>x in S"},
         true, 30, 1500, 2},  // (5 of a pushed bound)
        {"element", specs_starting_with({"element"}), {"element", "element(var)"}, true, 7},
        // element(var) alone, more models: its explanations mix bound facts and
        // removals, and few models meet a conflict (about 580 explanations in 20,000).
        {"element(var)", specs_starting_with({"element(var)"}), {"element(var)"}, true, 250, 20000},
        // Membership reified (x != c too), alone, more models: few of them meet a
        // conflict that reaches it.
        {"x in S", specs_starting_with({"x in S", "x!=c"}), {"x in S<=>b", "b=>x in S"}, true, 100, 20000},
        {"inverse", {&catalog::spec("inverse"), &catalog::spec("inverse(x,x)")}, {"inverse"}, true, 2, 20000},
        // Beside a value all_different (FlatZinc's under learning) the channel does
        // more of the work, and so explains more.
        {"inverse(value)", {&catalog::spec("inverse(value)")}, {"inverse"}, true, 5, 50000},
        {"Boolean", specs_starting_with({"clause", "r<=>", "parity", "xor", "eq_reif", "not", "bool_sum"}),
         {"clause", "r<=>or", "xor", "bool-sum"},
         true, 60},
        {"min/max, abs", specs_starting_with({"min", "max", "array min", "array max", "abs"}), {"z=min(xs)", "z=max(xs)", "z=|x|"}, true, 25},
        {"times, div, mod, pow", specs_starting_with({"times", "div", "mod", "pow", "x*y", "x div", "x mod", "x^y", "x*x"}),
         {"z=x*y", "z=x/y", "z=x%y", "z=x^y"},
         true, 130},
    };
    for (const Family& family : families) {
        INFO(family.what);
        REQUIRE(!family.specs.empty());
        OwnTally own;
        CHECK(check_own_explanations(family.specs, family.kinds, family.failures_own, 15, family.models, own) == "");
        CHECK(own.models > static_cast<std::uint64_t>(family.models) * 2 / 3);
        INFO("own explanations: " << own.explanations << ", of a pushed bound: " << own.bound_explanations);
        CHECK(own.explanations > family.explanations_at_least);
        CHECK(own.bound_explanations >= family.bound_explanations_at_least);
    }
}

TEST_CASE("learning: explanations of single constraints are implied (brute force)", "[learning]") {
    Tally tally;
    run_models(20261201, 1500, 1, tally);
    CHECK(tally.learning_runs > 1000);
    CHECK(tally.explanations_checked > 400);  // (about 530 with these seeds)
    CHECK(tally.nogoods_checked > 100);
}

// A model made for bound reasoning: interval domains (now and then with a hole) and
// linear sums, comparisons and bounds alldifferent, whose explanations are bound
// facts.
static RandomModel random_bound_model(Random& r) {
    using catalog::spec;
    using catalog::with_post;
    static const std::vector<ConstraintSpec> specs = [] {
        std::vector<ConstraintSpec> all = {spec("all_different(bounds)"),
                                           with_post(spec("all_different(domain)"), "alldifferent(bounds) alone",
                                                     [](Solver& s, const std::vector<IntVar>& x) { s.add(std::make_unique<AllDifferentBounds>(x)); })};
        for (const ConstraintSpec* s : specs_starting_with({"linear<=", "linear=", "sum", "x<=y", "x<y"})) all.push_back(*s);
        return all;
    }();
    RandomModel m;
    const int n = draw(r, 3, 5);
    for (int k = 0; k < n; ++k) {
        const int lo = draw(r, -3, 2), width = draw(r, 3, 5);
        std::vector<int> d;
        for (int v = lo; v <= lo + width; ++v) d.push_back(v);
        if (r.below(3) == 0) d.erase(d.begin() + 1 + static_cast<std::ptrdiff_t>(r.below(static_cast<std::uint64_t>(width - 1))));
        m.domains.push_back(d);
    }
    const int wanted = draw(r, 3, 4);
    for (int tries = 0; tries < 30 && static_cast<int>(m.constraints.size()) < wanted; ++tries) {
        add_constraint(r, m, specs[r.below(specs.size())]);
    }
    return m;
}

// Bound models checked like run_models (explanations, nogoods, the store at each
// fixpoint, solution sets, counts and optima against brute force).
static void run_bound_models(std::uint64_t first_seed, int models, Tally& tally) {
    Random seeds(first_seed);
    for (int i = 0; i < models; ++i) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        const RandomModel m = random_bound_model(r);
        check_against_brute_force(r, m, seed, tally);
    }
}

TEST_CASE("learning: bound facts in explanations, nogoods and the store agree with brute force", "[learning]") {
    Tally tally;
    run_bound_models(2026120211, 1200, tally);
    INFO("explanations " << tally.explanations_checked << " with " << tally.bound_facts_explained << " bound facts; nogoods "
                         << tally.nogoods_checked << " with " << tally.bound_facts_learned << " bound facts; fixpoints " << tally.fixpoints_checked);
    // (With these seeds: 4,800 runs, 12,864 bound facts explained, 1,997 learned,
    // 364,891 fixpoints.)
    CHECK(tally.learning_runs > 4000);
    CHECK(tally.bound_facts_explained > 8000);
    CHECK(tally.bound_facts_learned > 1000);
    CHECK(tally.fixpoints_checked > 200000);
}

// Tallies the learning search's decisions by what they say: x = v, x != v, x <= v,
// x >= v.
struct DecisionKinds final : Tracer {
    std::uint64_t equal = 0, not_equal = 0, at_most = 0, at_least = 0;
    void on_decision(const Solver&, const Literal& l, bool negated) override {
        if (l.kind == LiteralKind::equal) (negated ? not_equal : equal) += 1;
        else (l.kind == LiteralKind::less_equal ? at_most : at_least) += 1;
    }
};

TEST_CASE("learning: the user's split decides on bounds and keeps every solution (brute force)", "[learning]") {
    // indomain_split / indomain_reverse_split with learning: x <= (min + max) / 2 or
    // x >= one more, the level's first record; its removals are explained by it and
    // conflict analysis stops at it. Enumeration must find the brute-force solutions
    // exactly, every nogood learned must be implied, under restarts too.
    Random seeds(2026120302);
    Tally tally;
    std::uint64_t bound_decisions = 0;
    for (int i = 0; i < 400; ++i) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        const RandomModel m = random_model(r, 5);
        const std::vector<Assignment> expected = m.solutions();
        Solver s;
        const std::vector<IntVar> vars = m.build(s);
        if (!s.error().empty()) continue;
        DecisionKinds kinds;
        s.set_tracer(&kinds);
        SearchOptions o;
        o.learn = true;
        o.decision_variables = vars;
        o.variable = static_cast<VariableSelection>(r.below(3));
        o.value = r.below(2) == 0 ? ValueSelection::split : ValueSelection::reverse_split;
        if (r.below(2) == 0) o.restarts = RestartPolicy{RestartKind::luby, static_cast<double>(draw(r, 1, 4)), 1.5};
        Search search(s, o);
        std::set<Assignment> found;
        std::string failure;
        watch(search, expected, vars.size(), tally, failure, [&](const Assignment& a) { return found.count(a) == 0; });
        failure = enumerate_exactly(search, s, vars, expected, failure, found);
        bound_decisions += kinds.at_most + kinds.at_least;
        INFO("model seed " << seed << "\n" << m.describe());
        REQUIRE(failure.empty());
    }
    CHECK(bound_decisions > 1000);
    CHECK(tally.nogoods_checked > 300);
}

// The suite runs 1,500 models from seed 7. For a long run (a fuzzing campaign):
//   PRUNE_LEARNING_FUZZ_ITERATIONS=100000 [PRUNE_LEARNING_FUZZ_SEED=8] prune_tests "learning: random models*"
// A failure names the model's seed; PRUNE_LEARNING_FUZZ_SEED=<it>
// PRUNE_LEARNING_FUZZ_ITERATIONS=1 replays that model alone.
TEST_CASE("learning: random models agree with brute force on solutions, counts and optima", "[learning]") {
    const bool campaign = std::getenv("PRUNE_LEARNING_FUZZ_ITERATIONS") != nullptr;
    const std::uint64_t models = env_number("PRUNE_LEARNING_FUZZ_ITERATIONS", 1500);
    const std::uint64_t seed = env_number("PRUNE_LEARNING_FUZZ_SEED", 7);
    Tally tally;
    const auto start = std::chrono::steady_clock::now();
    if (models == 1) {
        Random r(seed);
        check_against_brute_force(r, random_model(r, 5), seed, tally);
        return;
    }
    run_models(seed, static_cast<int>(models), 5, tally);
    if (campaign) {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        WARN(models << " models in " << seconds << " s, " << tally.learning_runs << " learning runs, "
                    << tally.explanations_checked << " explanations and " << tally.nogoods_checked << " nogoods checked");
    }
    CHECK(tally.learning_runs > models * 2 / 3);
    CHECK(tally.explanations_checked > models / 5);  // (593 for the suite's 1,500; 0.30 per model over a million)
    CHECK(tally.nogoods_checked > models / 3);
}

namespace {

// n variables with domains within lo .. lo + n - 1, one value beyond now and then,
// and most of the time every value of the range in some domain.
RandomModel permutation_domains(Random& r) {
    RandomModel m;
    const int n = draw(r, 2, 5), lo = draw(r, -2, 2);
    m.domains.resize(static_cast<std::size_t>(n));
    for (auto& d : m.domains) {
        std::set<int> chosen;
        const int size = draw(r, 1, n);
        while (static_cast<int>(chosen.size()) < size) chosen.insert(lo + draw(r, 0, n - 1));
        if (r.below(6) == 0) chosen.insert(lo + n);
        d.assign(chosen.begin(), chosen.end());
    }
    for (int v = lo; v < lo + n; ++v) {
        const bool taken = std::any_of(m.domains.begin(), m.domains.end(), [v](const std::vector<int>& d) { return std::count(d.begin(), d.end(), v) != 0; });
        if (taken || r.below(4) == 0) continue;
        auto& d = m.domains[r.below(m.domains.size())];
        d.insert(std::lower_bound(d.begin(), d.end(), v), v);
    }
    return m;
}

// The nogoods AllDifferentValue states on the domains of m, its variables all.
std::vector<std::vector<Fact>> stated_nogoods(const RandomModel& m) {
    struct Collect final : ImpliedNogoods {
        std::vector<std::vector<Fact>> nogoods;
        void add(const std::vector<Fact>& facts) override { nogoods.push_back(facts); }
    } collect;
    Solver s;
    AllDifferentValue(m.build(s)).add_implied_nogoods(s, collect);
    return collect.nogoods;
}

}  // namespace

TEST_CASE("learning: alldifferent over as many values as variables states that each value is taken (brute force)", "[learning]") {
    // AllDifferentValue::add_implied_nogoods: one nogood per value exactly when the
    // domains hold as many values as there are variables, [x != v] for each x that
    // can take v, and none admits a solution of the constraint.
    Random seeds(2026);
    std::uint64_t stated = 0, covering = 0;
    for (int i = 0; i < 2000; ++i) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        const RandomModel m = permutation_domains(r);
        std::set<int> values;
        for (const auto& d : m.domains) values.insert(d.begin(), d.end());
        const bool covers = values.size() == m.domains.size();
        const std::vector<std::vector<Fact>> nogoods = stated_nogoods(m);
        INFO("seed " << seed);
        REQUIRE(nogoods.size() == (covers ? values.size() : 0));
        covering += covers;
        for (const std::vector<Fact>& nogood : nogoods) {
            ++stated;
            const int v = nogood.front().value;
            std::size_t holders = 0;
            for (const auto& d : m.domains) holders += static_cast<std::size_t>(std::count(d.begin(), d.end(), v));
            INFO("nogood" << show(nogood));
            REQUIRE(nogood.size() == holders);
            for (const Fact& f : nogood) REQUIRE((f.kind == FactKind::not_equal && f.value == v));
            for_each_assignment(m.domains, [&](const Assignment& a) {
                if (!catalog::all_distinct(a)) return;
                REQUIRE(!std::all_of(nogood.begin(), nogood.end(), [&](const Fact& f) { return satisfies(a, f); }));
            });
        }
    }
    CHECK(covering > 400);
    CHECK(stated > 1000);
}

TEST_CASE("learning: the nogoods alldifferent states keep every solution and are propagated (brute force)", "[learning]") {
    // With learning, the stated nogoods sit in the store from the root: searches at
    // each strength (and with another constraint now and then) agree with brute force
    // on solutions, counts and optima, and no fixpoint leaves one unpropagated (a
    // hidden single left open at value strength would be caught there).
    const Consistency strengths[] = {Consistency::value, Consistency::bounds, Consistency::domain};
    const char* strength_names[] = {"value", "bounds", "domain"};
    Random seeds(4049);
    Tally tally;
    for (int i = 0; i < 600; ++i) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        RandomModel m = permutation_domains(r);
        const std::size_t k = r.below(3);
        const Consistency strength = strengths[k];
        m.constraints.push_back(ModelConstraint{std::string("all_different(") + strength_names[k] + ") on every variable", catalog::all_distinct,
                                                [strength](Solver& s, const std::vector<IntVar>& x) { all_different(s, x, strength); }});
        if (r.below(3) == 0) add_random_constraint(r, m);
        check_against_brute_force(r, m, seed, tally);
    }
    CHECK(tally.learning_runs > 400);
    CHECK(tally.implied_nogoods > 300);
    CHECK(tally.fixpoints_checked > 1000);
}

TEST_CASE("learning: clauses kept as nogoods keep every solution, and are propagators again after the search (brute force)", "[learning]") {
    // SearchOptions::clauses_as_nogoods (the default): a clause's propagator rests
    // while the store keeps its nogood. Models of clauses and reified ORs (and another
    // constraint now and then) agree with brute force on solutions, counts and optima
    // through the store. Then, on the same solver, the propagators run again: a search
    // without learning after one with it (to its first solution: enumerating would
    // leave the found solutions' nogoods at the root) finds every solution.
    const std::vector<const ConstraintSpec*> specs = specs_starting_with({"clause", "r<=>"});
    REQUIRE(!specs.empty());
    Random seeds(5077);
    Tally tally;
    std::uint64_t rested = 0;
    for (int i = 0; i < 1500; ++i) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        RandomModel m;
        const int n = draw(r, 2, 6);
        for (int k = 0; k < n; ++k) {
            m.booleans.push_back(k);
            m.domains.push_back(r.below(4) == 0 ? std::vector<int>{1} : std::vector<int>{0, 1});
        }
        for (int tries = 0, wanted = draw(r, 1, 4); tries < 20 && static_cast<int>(m.constraints.size()) < wanted; ++tries) {
            add_constraint(r, m, *specs[r.below(specs.size())]);
        }
        if (m.constraints.empty()) continue;
        if (r.below(3) == 0) add_random_constraint(r, m);
        INFO("seed " << seed << "\nmodel: " << m.describe());
        check_against_brute_force(r, m, seed, tally);

        const std::vector<Assignment> expected = m.solutions();
        Solver s;
        const std::vector<IntVar> vars = m.build(s);
        if (!s.error().empty()) continue;
        std::vector<int> resting;
        {
            Search learning(s, learning_options(r, vars));
            REQUIRE(learning.next() == (expected.empty() ? SearchStatus::exhausted : SearchStatus::solution));
            if (learning.learning_active()) resting = learning.learning()->resting();
            for (int p : resting) REQUIRE(!s.propagator(p).active());
        }
        rested += resting.size();
        for (int p : resting) REQUIRE(s.propagator(p).active());
        std::set<Assignment> found;
        Search plain(s);
        REQUIRE(enumerate_exactly(plain, s, vars, expected, "", found) == "");
    }
    // (With these seeds: about 440 clauses kept as nogoods, in about a third of the models;
    // the other constraints are reified, or their clause true at the root.)
    CHECK(tally.learning_runs > 1000);
    CHECK(tally.implied_nogoods > 250);
    CHECK(rested > 250);
}

namespace {

// Two views kept with the learning trail, cut back on backjumps and restarts:
// - the per-variable history of bound changes (min_before/max_before) must agree
//   with a scan of the removals, for all variables and all trail positions, at
//   every explanation and every solution;
// - the byte per atom the nogood store's watch walk reads (bound facts set in
//   runs as bounds move) must agree with the domains, for every fact, at every
//   decision (a fixpoint) and every solution.
struct TrailViewTally {
    std::uint64_t history_checks = 0, state_checks = 0, learned = 0;
    std::optional<std::int64_t> long_lower_rise;  // as Tally's
};

// Searches m with learning (options drawn from r, then `node_limit`, 0 for none), up to
// `max_solutions` solutions, checking both views; "" when they always agreed.
std::string trail_views_disagree(Random& r, const RandomModel& m, std::uint64_t node_limit, int max_solutions,
                                 TrailViewTally& tally) {
    struct AtDecisions final : Tracer {
        LearningSearch* learning = nullptr;
        std::uint64_t checks = 0;
        bool agrees = true;
        void on_decision(const Solver&, const Literal&, bool) override {
            ++checks;
            agrees = agrees && learning->atom_states_agree();
        }
        bool wants_values_before() const override { return false; }
    };
    Solver s;
    const std::vector<IntVar> vars = m.build(s);
    if (!s.error().empty()) return {};
    AtDecisions states;
    s.set_tracer(&states);
    SearchOptions o = learning_options(r, vars);
    o.limits.nodes = node_limit;
    Search search(s, o);
    LearningSearch* learning = search.learning();
    if (learning == nullptr) return {};
    if (tally.long_lower_rise) learning->long_lower_rise = *tally.long_lower_rise;
    states.learning = learning;
    bool history_agrees = true;
    learning->on_explanation = [&](const Propagator*, const Fact&, const std::vector<Fact>&) {
        ++tally.history_checks;
        history_agrees = history_agrees && learning->bound_history_agrees();
    };
    for (int solutions = 0; solutions < max_solutions && history_agrees && states.agrees && search.next() == SearchStatus::solution;
         ++solutions) {
        ++tally.history_checks;
        ++tally.state_checks;
        history_agrees = learning->bound_history_agrees();
        states.agrees = learning->atom_states_agree();
    }
    tally.state_checks += states.checks;
    tally.learned += search.statistics().learned;
    if (!history_agrees) return "the bound history disagrees with the removals";
    if (!states.agrees) return "the atom states disagree with the domains";
    return {};
}

// trail_views_disagree on `models` models drawn by make_model from seeds following
// first_seed, each model's failure reported with its seed.
template <class MakeModel>
TrailViewTally check_trail_views(std::uint64_t first_seed, int models, MakeModel make_model, std::uint64_t node_limit,
                                 int max_solutions) {
    Random seeds(first_seed);
    TrailViewTally tally;
    for (int i = 0; i < models; ++i) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        const RandomModel m = make_model(r);
        tally.long_lower_rise = long_lower_rise_of_model(i);
        const std::string failure = trail_views_disagree(r, m, node_limit, max_solutions, tally);
        INFO("model seed " << seed << "\n" << m.describe());
        REQUIRE(failure.empty());
    }
    return tally;
}

// 2 to 5 variables, a quarter of them 0/1, the others of 60 to 200 values with
// holes, all near 0 or (one model in four) near a point within a million of it;
// 1 to 4 catalog constraints.
RandomModel wide_model(Random& r) {
    RandomModel m;
    const int n = draw(r, 2, 5);
    const int far = r.below(4) == 0 ? draw(r, -1000000, 1000000) : 0;
    for (int k = 0; k < n; ++k) {
        std::vector<int> values;
        if (r.below(4) == 0) {
            m.booleans.push_back(k);
            values = {0, 1};
        } else {
            const int lo = far + draw(r, -100, 50), width = draw(r, 60, 200);
            for (int v = lo; v <= lo + width; ++v)
                if (v == lo || r.below(8) != 0) values.push_back(v);
        }
        m.domains.push_back(values);
    }
    add_random_constraints(r, m, draw(r, 1, 4));
    return m;
}

}  // namespace

TEST_CASE("learning: the bound history and the fact states agree with the domains throughout a search", "[learning]") {
    // Random models with holes in their domains, restarts, every branching, every solution.
    const TrailViewTally tally = check_trail_views(15, 400, [](Random& r) { return random_model(r, 5); }, 0, INT_MAX);
    CHECK(tally.history_checks > 1000);
    CHECK(tally.state_checks > 1000);
}

TEST_CASE("learning: the bound history and the fact states agree on wide domains far from zero", "[learning]") {
    // As above, on the domains where the trail records hundreds of values per change
    // (a bound moved across several 64-value words at once, the atoms set in one
    // sweep, undone by the records that moved a bound); the constraints' constants
    // stay small, so their propagation moves bounds far. Each search stops after
    // 3,000 nodes or 30 solutions.
    const TrailViewTally tally = check_trail_views(23, 400, wide_model, 3000, 30);
    CHECK(tally.history_checks > 1000);
    CHECK(tally.state_checks > 1000);
    CHECK(tally.learned > 100);  // conflicts, so backjumps undo bound moves
}

TEST_CASE("learning: the view before a fact reads and adds 64 values at once as it does one at a time", "[learning]") {
    // had_values (16 trail positions per step with SSE2; a variable fixed by its
    // removals before the cut answered from its fixing) against had_value, and
    // add_removed_values against add_removed, at every
    // explanation of a search with domains of 20 and 39 values (queens and their
    // diagonals), for cuts across the trail (a cut beyond it: the domains now). Both
    // must also agree between a decision's [x == v] and its removals.
    Solver s;
    const int n = 20;
    const std::vector<IntVar> q = s.new_int_vars(n, 0, n - 1);
    std::vector<IntVar> up, down;
    for (int i = 0; i < n; ++i) {
        up.push_back(s.new_int_var(i, i + n - 1));
        down.push_back(s.new_int_var(-i, n - 1 - i));
        REQUIRE(linear(s, {1, -1}, {up.back(), q[i]}, Relation::equal, i));
        REQUIRE(linear(s, {1, -1}, {down.back(), q[i]}, Relation::equal, -i));
    }
    for (const auto& group : {q, up, down}) REQUIRE(all_different(s, group, Consistency::domain));
    SearchOptions o;
    o.learn = true;
    o.limits.failures = 60;
    Search search(s, o);
    LearningSearch* learning = search.learning();
    REQUIRE(learning != nullptr);
    std::uint64_t checks = 0, disagreements = 0;
    learning->on_explanation = [&](const Propagator*, const Fact&, const std::vector<Fact>&) {
        for (int cut = 0; cut < 400; cut += 11) {
            ++checks;
            if (!learning->had_values_agree(cut)) ++disagreements;
        }
    };
    while (search.next() == SearchStatus::solution) {
    }
    CHECK(disagreements == 0);
    CHECK(checks > 1000);
}

// Runs learning searches on random models (restarts, seeds) with every choice by
// activity compared against a scan; `branching` picks each model's branching.
void check_activity_choices_against_scan(std::uint64_t first_seed, const std::function<LearningBranching(Random&)>& branching) {
    Random seeds(first_seed);
    std::uint64_t checked = 0, wrong = 0;
    for (int i = 0; i < 600; ++i) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        const RandomModel m = random_model(r, 5);
        Solver s;
        const std::vector<IntVar> vars = m.build(s);
        if (!s.error().empty()) continue;
        SearchOptions options = learning_options(r, vars);
        options.phases.clear();
        options.decision_variables.clear();
        options.learning_branching = branching(r);
        Search search(s, options);
        LearningSearch* learning = search.learning();
        if (learning == nullptr) continue;
        learning->check_activity_choices = true;
        while (search.next() == SearchStatus::solution) {
        }
        INFO("model seed " << seed << "\n" << m.describe());
        CHECK(learning->activity_choices_wrong == 0);
        checked += learning->activity_choices_checked;
        wrong += learning->activity_choices_wrong;
    }
    CHECK(wrong == 0);
    CHECK(checked > 2000);
}

TEST_CASE("learning: the activity heap chooses the variable a scan of all variables would", "[learning]") {
    // The choice by activity reads a heap (fixed variables leave it lazily and come
    // back on backjumps); it must pick what a scan picks at every decision: most
    // active, then smallest domain, then lowest index. Random models, restarts.
    check_activity_choices_against_scan(16, [](Random&) { return LearningBranching::variables; });
}

TEST_CASE("learning: the literal heap chooses the literal a scan of all literals would", "[learning]") {
    // With literal branching the choice reads a heap of literals (closed ones leave it
    // when met on top and come back on a backjump that undoes the level where they
    // were closed);
    // it must pick what a scan picks at every decision: the most active open literal,
    // then the lowest index. Random models, restarts, every polarity.
    check_activity_choices_against_scan(17, [](Random& r) {
        const LearningBranching polarities[] = {LearningBranching::literals, LearningBranching::negated_literals,
                                                LearningBranching::literals_up};
        return polarities[r.below(3)];
    });
}

namespace {
// The decisions a search makes, as the tracer sees them.
struct DecisionLog final : Tracer {
    std::vector<Literal> decisions;
    void on_decision(const Solver&, const Literal& l, bool) override { decisions.push_back(l); }
};
}  // namespace

TEST_CASE("learning: a seeded literal search starts at x = min x, in a random order of the variables", "[learning]") {
    // Before any conflict no literal has been bumped, and every open literal has
    // activity 0: the choice is [x = min x] of the first unfixed variable, by index
    // unseeded and in the seed's random order otherwise, never a literal anywhere in
    // a wide range (entering every literal with its tiny seeded activity did that,
    // and left job shops unfinished that the unseeded search solves in a second).
    std::set<int> first_variables;
    for (std::uint64_t seed = 0; seed < 24; ++seed) {
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(6, 0, 99);
        REQUIRE(sum(s, x, Relation::less_equal, 400));
        DecisionLog log;
        s.set_tracer(&log);
        SearchOptions options;
        options.learn = true;
        options.learning_branching = LearningBranching::literals;
        options.seed = seed;
        Search search(s, options);
        REQUIRE(search.learning_active());
        REQUIRE(search.next() == SearchStatus::solution);
        REQUIRE(log.decisions.size() == 6);  // no conflict: each variable once, at its minimum
        for (const Literal& l : log.decisions) {
            CHECK(l.kind == LiteralKind::equal);
            CHECK(l.value == 0);
        }
        if (seed == 0) CHECK(log.decisions.front().var.index == x.front().index);
        first_variables.insert(log.decisions.front().var.index);
    }
    CHECK(first_variables.size() >= 4);  // the seeds' orders differ
}

namespace {
// After a restart, its run, the variable decided first, and the one the model's
// order takes there (first_fail, ties to the first).
struct RunStart {
    std::uint64_t run = 0;
    int decided = -1, model_order = -1;
};

// The variable of each decision, and how each run after a restart began.
struct FirstAfterRestart final : Tracer {
    std::vector<int> decided;
    std::vector<RunStart> first_after_restart;
    std::uint64_t restarted_into = 0;
    void on_decision(const Solver& s, const Literal& l, bool) override {
        decided.push_back(l.var.index);
        if (restarted_into != 0) {  // (called before the decision is made: root domains)
            int first_smallest = -1;
            for (int i = 0; i < s.variable_count(); ++i) {
                if (!s.fixed(IntVar{i}) && (first_smallest < 0 || s.size(IntVar{i}) < s.size(IntVar{first_smallest}))) first_smallest = i;
            }
            first_after_restart.push_back(RunStart{restarted_into, l.var.index, first_smallest});
        }
        restarted_into = 0;
    }
    void on_restart(std::uint64_t run) override { restarted_into = run; }
};

// Six pigeons in five holes (unsatisfiable), after five free variables of the same
// size in the user's first_fail order; the tracer logs the decisions.
SearchStatus pigeons_after_free_variables(FirstAfterRestart& log, bool restarts, std::uint64_t seed, int& first_pigeon) {
    Solver s;
    const std::vector<IntVar> free_vars = s.new_int_vars(5, 1, 5);
    const std::vector<IntVar> pigeons = s.new_int_vars(6, 1, 5);
    for (std::size_t i = 0; i < pigeons.size(); ++i)
        for (std::size_t j = i + 1; j < pigeons.size(); ++j) REQUIRE(not_equal(s, pigeons[i], pigeons[j]));
    first_pigeon = pigeons.front().index;
    s.set_tracer(&log);
    SearchOptions options;
    options.learn = true;
    options.seed = seed;
    std::vector<IntVar> order = free_vars;
    order.insert(order.end(), pigeons.begin(), pigeons.end());
    options.phases.push_back(SearchPhase{order, VariableSelection::smallest_domain, ValueSelection::min});
    if (restarts) options.restarts = RestartPolicy{RestartKind::luby, 1, 1.5};
    Search search(s, options);
    REQUIRE(search.learning_active());
    return search.next();
}
}  // namespace

TEST_CASE("learning: with restarts the user's variable rule breaks its ties by activity in most runs", "[learning]") {
    // first_fail over variables of one size ties them all; the specification leaves
    // ties to the solver. Under learning with restarts the most active wins (then the
    // first), except in the runs that keep the model's order (the 1st, 3rd, 7th, ...:
    // run + 2 a power of two); without restarts the first, whatever the activities.
    int first_pigeon = 0;
    SECTION("with restarts: a pigeon first after a restart, the model's order in runs 0, 2, 6, ...") {
        // The conflicts bump only pigeons: the free variables are in no constraint.
        // The runs that keep the model's order, listed (Luby's new lengths; this
        // search ends long before run 126).
        const std::set<std::uint64_t> keeps_model_order = {0, 2, 6, 14, 30, 62};
        for (std::uint64_t seed : {0, 3}) {
            INFO("seed " << seed);
            FirstAfterRestart log;
            CHECK(pigeons_after_free_variables(log, true, seed, first_pigeon) == SearchStatus::exhausted);
            REQUIRE(!log.decided.empty());
            CHECK(log.decided.front() == 0);
            REQUIRE(log.first_after_restart.size() >= 7);  // runs 1 to 7 at least
            REQUIRE(log.first_after_restart.back().run < 126);  // the list above covers them
            int model_order_runs = 0, free_variable_first = 0;
            for (const RunStart& start : log.first_after_restart) {
                INFO("first decision of run " << start.run << ": variable " << start.decided);
                if (keeps_model_order.count(start.run) != 0) {
                    ++model_order_runs;
                    CHECK(start.decided == start.model_order);
                    free_variable_first += start.decided < first_pigeon ? 1 : 0;
                } else {
                    CHECK(start.decided >= first_pigeon);
                }
            }
            CHECK(model_order_runs >= 2);       // runs 2 and 6
            CHECK(free_variable_first >= 1);    // run 2 at least: no pigeon narrowed yet
        }
    }
    SECTION("without restarts: the same decisions whatever the seed's initial activities") {
        FirstAfterRestart unseeded;
        CHECK(pigeons_after_free_variables(unseeded, false, 0, first_pigeon) == SearchStatus::exhausted);
        REQUIRE(unseeded.decided.size() > 10);
        CHECK(unseeded.decided.front() == 0);
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            FirstAfterRestart seeded;
            CHECK(pigeons_after_free_variables(seeded, false, seed, first_pigeon) == SearchStatus::exhausted);
            INFO("seed " << seed);
            CHECK(seeded.decided == unseeded.decided);
        }
    }
}

TEST_CASE("learning: the heaps choose what a scan would across activity rescales", "[learning]") {
    // Pigeonhole (10 pigeons, 9 holes, pairwise !=) takes thousands of conflicts, and
    // after about 4,500 the activities are scaled down by 1e-100: literals closed far
    // below the level they are met at, backjumps over many levels and the rescale
    // must all leave the heap choosing what a scan chooses. With and without
    // restarts, every branching, two seeds.
    for (int b = 0; b < 4; ++b) {
        for (int variant = 0; variant < 4; ++variant) {
            Solver s;
            const std::vector<IntVar> pigeons = s.new_int_vars(10, 1, 9);
            for (std::size_t i = 0; i < pigeons.size(); ++i)
                for (std::size_t j = i + 1; j < pigeons.size(); ++j) REQUIRE(not_equal(s, pigeons[i], pigeons[j]));
            SearchOptions options;
            options.learn = true;
            options.learning_branching = static_cast<LearningBranching>(b);
            if (variant & 1) options.restarts = RestartPolicy{RestartKind::luby, 50, 1.5};
            options.seed = static_cast<std::uint64_t>(variant >> 1) * 7919;
            options.limits.failures = 6000;
            Search search(s, options);
            LearningSearch* learning = search.learning();
            REQUIRE(learning != nullptr);
            learning->check_activity_choices = true;
            INFO("branching " << b << ", variant " << variant);
            CHECK(search.next() != SearchStatus::solution);  // (unsatisfiable: the limit stops it)
            CHECK(learning->activity_rescales >= 1);
            CHECK(learning->activity_choices_checked > 1000);
            CHECK(learning->activity_choices_wrong == 0);
        }
    }
}

TEST_CASE("learning: the activity heap is reordered after activities change together", "[learning]") {
    // rebuild() restores the heap's order after any change of the activities (the
    // rescale's rounding can make two activities equal, and ties go to the lower
    // index): popping everything must give the order a sort gives.
    Random r(23);
    for (int round = 0; round < 50; ++round) {
        const int n = 1 + static_cast<int>(r.below(40));
        std::vector<double> activity(static_cast<std::size_t>(n));
        for (double& a : activity) a = static_cast<double>(r.below(8));
        ActivityHeap heap(activity);
        heap.reset(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) heap.insert(i);
        for (double& a : activity) a = static_cast<double>(r.below(4));  // ties and inversions
        heap.rebuild();
        std::vector<int> expected(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) expected[static_cast<std::size_t>(i)] = i;
        std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) { return activity[static_cast<std::size_t>(a)] > activity[static_cast<std::size_t>(b)]; });
        std::vector<int> popped;
        while (!heap.empty()) popped.push_back(heap.pop());
        CHECK(popped == expected);
    }
}

TEST_CASE("learning: each literal polarity decides what it says", "[learning]") {
    // literals: x = v or x <= v; negated_literals: x != v or x >= v + 1; literals_up
    // (Chuffed's polarity): x = v or x >= v + 1. Free search on random models made
    // for bound reasoning; each polarity must make both its kinds of decision and no
    // other.
    struct Expected {
        LearningBranching branching;
        bool equal, not_equal, at_most, at_least;
    };
    const Expected polarities[] = {{LearningBranching::literals, true, false, true, false},
                                   {LearningBranching::negated_literals, false, true, false, true},
                                   {LearningBranching::literals_up, true, false, false, true}};
    for (const Expected& p : polarities) {
        Random seeds(2026120601);
        DecisionKinds kinds;
        for (int i = 0; i < 200; ++i) {
            Random r(seeds.next());
            const RandomModel m = random_bound_model(r);
            Solver s;
            (void)m.build(s);
            if (!s.error().empty()) continue;
            s.set_tracer(&kinds);
            SearchOptions o;
            o.learn = true;
            o.learning_branching = p.branching;
            Search search(s, o);
            while (search.next() == SearchStatus::solution) {
            }
        }
        INFO("branching " << static_cast<int>(p.branching) << ": x = v " << kinds.equal << ", x != v " << kinds.not_equal
                          << ", x <= v " << kinds.at_most << ", x >= v " << kinds.at_least);
        CHECK((kinds.equal > 0) == p.equal);
        CHECK((kinds.not_equal > 0) == p.not_equal);
        CHECK((kinds.at_most > 0) == p.at_most);
        CHECK((kinds.at_least > 0) == p.at_least);
    }
}

TEST_CASE("learning: minimisation's cached explanations are those computed afresh", "[learning]") {
    // minimise() keeps the explanation of each lower-level fact it asked for, for as
    // long as the fact stays on the trail; every use is checked against a new one.
    // Random models, and queens (alldifferent at each strength: the Hall explainer).
    std::uint64_t used = 0, wrong = 0;
    const auto run = [&](Solver& s, const SearchOptions& options) {
        Search search(s, options);
        LearningSearch* learning = search.learning();
        if (learning == nullptr) return;
        learning->check_cached_explanations = true;
        while (search.next() == SearchStatus::solution) {
        }
        used += learning->cached_explanations_used;
        wrong += learning->cached_explanations_wrong;
    };
    Random seeds(23);
    for (int i = 0; i < 6000; ++i) {
        Random r(seeds.next());
        const RandomModel m = random_model(r, 5);
        Solver s;
        const std::vector<IntVar> vars = m.build(s);
        if (s.error().empty()) run(s, learning_options(r, vars));
    }
    const std::uint64_t from_random_models = used;
    for (const Consistency strength : {Consistency::value, Consistency::bounds, Consistency::domain}) {
        Solver s;
        const std::vector<IntVar> q = s.new_int_vars(8, 0, 7);
        std::vector<IntVar> up, down;
        for (int i = 0; i < 8; ++i) {
            up.push_back(s.new_int_var(i, i + 7));
            down.push_back(s.new_int_var(-i, 7 - i));
            REQUIRE(linear(s, {1, -1}, {up.back(), q[i]}, Relation::equal, i));
            REQUIRE(linear(s, {1, -1}, {down.back(), q[i]}, Relation::equal, -i));
        }
        for (const auto& group : {q, up, down}) REQUIRE(all_different(s, group, strength));
        SearchOptions o;
        o.learn = true;
        run(s, o);
    }
    INFO(from_random_models << " uses in random models, " << used - from_random_models << " in queens");
    CHECK(wrong == 0);
    // (Small models: few facts outlive a conflict. 6,000 of them give dozens of uses,
    // not a handful, so that a new catalog entry, which changes every draw, keeps some.)
    CHECK(from_random_models > 0);
    CHECK(used - from_random_models > 1000);
}

namespace {
// The colouring of a random graph of 16 nodes (each pair an edge with probability
// 0.45, drawn from `graph`'s seed) with colours 0..6; `top`, the largest colour, is
// the objective. The same seed makes the same variables, in the same order.
struct RandomColouring {
    std::vector<IntVar> node;
    IntVar top;
};
RandomColouring colour_random_graph(Solver& s, std::uint64_t graph_seed) {
    Random graph(graph_seed);
    RandomColouring c{s.new_int_vars(16, 0, 6), s.new_int_var(0, 6)};
    for (int i = 0; i < 16; ++i) {
        less_equal(s, c.node[i], c.top);
        for (int j = i + 1; j < 16; ++j)
            if (graph.below(100) < 45) not_equal(s, c.node[i], c.node[j]);
    }
    return c;
}
}  // namespace

TEST_CASE("learning: the seed breaks activity ties, and every seed proves the same optimum", "[learning]") {
    // Colour a random graph of 16 nodes, minimising the largest colour. Seed 0 keeps
    // the index order (two runs search alike); other seeds start the variables with
    // tiny random activities, which change the search but never the optimum.
    struct Run {
        int best;
        std::uint64_t nodes, failures;
    };
    auto solve = [](std::uint64_t seed) {
        Solver s;
        const IntVar top = colour_random_graph(s, 7).top;
        SearchOptions o;
        o.learn = true;
        o.seed = seed;
        o.restarts = RestartPolicy{RestartKind::luby, 4, 1.5};
        Search search(s, o);
        REQUIRE(search.learning_active());
        search.minimize(top);
        int best = -1;
        while (search.next() == SearchStatus::solution) best = s.value(top);
        return Run{best, search.statistics().nodes, search.statistics().failures};
    };
    const Run first = solve(0), again = solve(0);
    CHECK(first.best >= 2);
    CHECK(again.nodes == first.nodes);
    CHECK(again.failures == first.failures);
    std::set<std::pair<std::uint64_t, std::uint64_t>> searches{{first.nodes, first.failures}};
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const Run run = solve(seed);
        INFO("seed " << seed);
        CHECK(run.best == first.best);
        searches.insert({run.nodes, run.failures});
    }
    CHECK(searches.size() >= 3);
}

// A parallel portfolio (parallel/parallel_search.hpp) shares the best objective any
// worker found through SearchOptions::shared_objective; a learning search reads it
// before each decision and beats it from the root on, as it would its own.
TEST_CASE("learning: another worker's incumbent is beaten from the root on", "[learning][parallel]") {
    // A random colouring minimised by the largest colours first (so that the first
    // solution is not the best).
    struct Model {
        Solver s;
        RandomColouring colouring = colour_random_graph(s, 11);
    };
    SearchOptions o;
    o.learn = true;
    o.phases.push_back(SearchPhase{Model().colouring.node, VariableSelection::input_order, ValueSelection::max});
    std::vector<int> alone;
    {
        Model m;
        Search search(m.s, o);
        REQUIRE(search.learning_active());
        search.minimize(m.colouring.top);
        while (search.next() == SearchStatus::solution) alone.push_back(m.s.value(m.colouring.top));
        REQUIRE(alone.size() >= 2);  // the first solution is not the optimum
    }
    const int best = alone.back();
    std::atomic<std::int64_t> shared{INT64_MAX};
    o.shared_objective = &shared;
    // Another worker has found the optimum when this search reports its first
    // solution: the search then proves that nothing beats it, and reports nothing more.
    {
        Model m;
        Search search(m.s, o);
        search.minimize(m.colouring.top);
        REQUIRE(search.next() == SearchStatus::solution);
        CHECK(m.s.value(m.colouring.top) == alone.front());
        shared.store(best);
        CHECK(search.next() == SearchStatus::exhausted);
    }
    // Found before the search starts: one better only, and the optimum is it; or
    // the optimum itself, and nothing is left to find.
    for (const int given : {best + 1, best}) {
        Model m;
        shared.store(given);
        Search search(m.s, o);
        search.minimize(m.colouring.top);
        std::vector<int> found;
        while (search.next() == SearchStatus::solution) found.push_back(m.s.value(m.colouring.top));
        INFO("shared incumbent " << given);
        CHECK(found == (given == best ? std::vector<int>{} : std::vector<int>{best}));
    }
}

namespace {
// A NogoodExchange within one thread, for tests: keeps each nogood the search
// offers, and hands it what `to_give` holds at every receive(), so that each is
// offered again as the search's bound tightens.
struct TestExchange final : NogoodExchange {
    struct Nogood {
        std::vector<Fact> facts;
        std::uint32_t lbd;
        std::int64_t bound;
    };
    std::size_t limit = 64;
    std::vector<Nogood> offered, to_give;
    std::size_t max_size() const override { return limit; }
    void offer(const Fact* facts, std::size_t size, std::uint32_t lbd, std::int64_t bound) override {
        offered.push_back(Nogood{std::vector<Fact>(facts, facts + size), lbd, bound});
    }
    void receive(Receiver& to) override {
        for (const Nogood& n : to_give) to.take(n.facts.data(), n.facts.size(), n.lbd, n.bound);
    }
};

// A random graph of 8 nodes coloured with 3 or 4 colours (each pair an edge with
// probability 1/2), with one or two catalog constraints besides: small enough for
// brute force, tight enough to fail and learn.
RandomModel random_colouring(Random& r) {
    RandomModel m;
    const int colours = draw(r, 3, 4);
    for (int i = 0; i < 8; ++i) {
        m.domains.emplace_back();
        for (int c = 0; c < colours; ++c) m.domains.back().push_back(c);
    }
    for (int i = 0; i < 8; ++i) {
        for (int j = i + 1; j < 8; ++j) {
            if (r.below(2) != 0) continue;
            m.constraints.push_back(ModelConstraint{
                (std::ostringstream() << "x" << i << " != x" << j).str(),
                [i, j](const Assignment& a) { return a[static_cast<std::size_t>(i)] != a[static_cast<std::size_t>(j)]; },
                [i, j](Solver& s, const std::vector<IntVar>& x) { not_equal(s, x[static_cast<std::size_t>(i)], x[static_cast<std::size_t>(j)]); }});
        }
    }
    add_random_constraints(r, m, draw(r, 1, 2));
    return m;
}
}  // namespace

// A portfolio's searches pass each other their short nogoods (NogoodExchange). What
// one search offers holds under the bound it gives (brute force), and another search,
// of other options, that is offered it all at every root visit keeps the exact optimum and
// finds a true solution or none.
TEST_CASE("learning: nogoods passed between searches are implied and keep the answers exact (brute force)", "[learning][parallel]") {
    Random seeds(20261205);
    std::uint64_t offered = 0, imported = 0;
    for (int model = 0; model < 1000; ++model) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        const RandomModel m = random_colouring(r);
        const std::vector<Assignment> expected = m.solutions();
        INFO("model seed " << seed << "\n" << m.describe());
        TestExchange exchange;
        std::size_t k = 0;
        std::string failure;
        {
            Solver s;
            const std::vector<IntVar> vars = m.build(s);
            if (!s.error().empty()) continue;
            k = r.below(vars.size());
            SearchOptions o = learning_options(r, vars);
            o.nogood_exchange = &exchange;
            Search search(s, o);
            search.minimize(vars[k]);
            while (search.next() == SearchStatus::solution) {
            }
            CHECK(search.statistics().nogoods_offered == exchange.offered.size());
        }
        // Each nogood offered under bound b (a solution must be below b) holds for
        // every such solution: no solution below b satisfies all its facts.
        for (const TestExchange::Nogood& n : exchange.offered) {
            for (const Assignment& a : expected) {
                if (a[k] >= n.bound) continue;
                if (std::all_of(n.facts.begin(), n.facts.end(), [&](const Fact& f) { return satisfies(a, f); }))
                    FAIL("offered nogood" << show(n.facts) << " under bound " << n.bound << " excludes a solution");
            }
        }
        offered += exchange.offered.size();
        // Another search takes them all: the same optimum; and, for one solution,
        // those offered without a bound.
        for (const bool optimise : {true, false}) {
            Solver s;
            const std::vector<IntVar> vars = m.build(s);
            SearchOptions o = learning_options(r, vars);
            o.restarts = RestartPolicy{RestartKind::luby, 1, 1.5};  // a restart at every few failures: many imports
            TestExchange taker;
            for (const TestExchange::Nogood& n : exchange.offered) {
                if (optimise || n.bound == INT64_MAX) taker.to_give.push_back(n);
            }
            o.nogood_exchange = &taker;
            Search search(s, o);
            std::vector<int> found;
            if (optimise) search.minimize(vars[k]);
            // Every explanation implied, and no nogood stored (learned or taken)
            // excludes a solution better than the last found.
            Tally tally;
            std::string failure;
            watch(search, expected, vars.size(), tally, failure,
                  [&found, k](const Assignment& a) { return found.empty() || a[k] < found.back(); });
            SearchStatus status;
            while ((status = search.next()) == SearchStatus::solution) {
                Assignment a;
                for (IntVar x : vars) a.push_back(s.value(x));
                CHECK(std::binary_search(expected.begin(), expected.end(), a));
                found.push_back(a[k]);
                if (!optimise) break;
            }
            imported += search.statistics().nogoods_imported;
            CHECK(failure == "");
            CHECK(found.empty() == expected.empty());
            if (optimise) {
                CHECK(status == SearchStatus::exhausted);
                if (!expected.empty()) {
                    int best = expected[0][k];
                    for (const Assignment& a : expected) best = std::min(best, a[k]);
                    CHECK(found.back() == best);
                }
            }
        }
    }
    CHECK(offered >= 1000);  // (1,816 and 3,730 when written)
    CHECK(imported >= 1000);
}

// What a search takes from another: only what holds under the bound it holds itself,
// facts outside its domains read as true ([x != v]) or false ([x == v]), and a nogood
// whose facts all hold at the root ends the search. The nogoods given here are false
// on purpose, so that taking one shows in the answer.
TEST_CASE("learning: a search takes another's nogood only under as good a bound", "[learning][parallel]") {
    // Minimise x in 0..5, largest value first: the solutions 5, 4, ..., 0; each
    // solution posts its bound at the root, where the search is offered the nogood
    // again (as before its first decision).
    const auto optimum_taking = [](std::vector<Fact> facts, std::int64_t bound) {
        Solver s;
        const IntVar x = s.new_int_var(0, 5);
        SearchOptions o;
        o.learn = true;
        o.phases.push_back(SearchPhase{{x}, VariableSelection::input_order, ValueSelection::max});
        TestExchange exchange;
        exchange.to_give.push_back(TestExchange::Nogood{std::move(facts), 1, bound});
        o.nogood_exchange = &exchange;
        Search search(s, o);
        REQUIRE(search.learning_active());
        search.minimize(x);
        std::vector<int> found;
        while (search.next() == SearchStatus::solution) found.push_back(s.value(x));
        return found;
    };
    const Fact x_is_0{0, 0, FactKind::equal};
    // Offered under bound 0 (a solution below 0): not for a search at bound 5.
    CHECK(optimum_taking({x_is_0}, 0) == std::vector<int>{5, 4, 3, 2, 1, 0});
    // Under a bound no better than 5: taken, and 0 is lost.
    CHECK(optimum_taking({x_is_0}, 5) == std::vector<int>{5, 4, 3, 2, 1});
    CHECK(optimum_taking({x_is_0}, INT64_MAX) == std::vector<int>{5, 4, 3, 2, 1});
    // x = 9 is false here, so the nogood holds already; x != 9 is true, so the
    // nogood is x = 0 alone.
    CHECK(optimum_taking({Fact{0, 9, FactKind::equal}, x_is_0}, INT64_MAX) == std::vector<int>{5, 4, 3, 2, 1, 0});
    CHECK(optimum_taking({Fact{0, 9, FactKind::not_equal}, x_is_0}, INT64_MAX) == std::vector<int>{5, 4, 3, 2, 1});
    // x >= 0 holds at the root: nothing is left, before the first decision.
    CHECK(optimum_taking({Fact{0, 0, FactKind::greater_equal}}, INT64_MAX).empty());
    // Two open facts: a nogood in the store, which fires when x <= 2 holds.
    CHECK(optimum_taking({Fact{0, 2, FactKind::less_equal}, Fact{0, 1, FactKind::greater_equal}}, INT64_MAX) ==
          std::vector<int>{5, 4, 3, 0});
}

TEST_CASE("learning: pigeons learn, jump back and prove infeasibility", "[learning]") {
    for (const int holes : {3, 5, 7}) {
        Solver s;
        std::vector<IntVar> pigeons = s.new_int_vars(holes + 1, 1, holes);
        all_different(s, pigeons, Consistency::value);
        SearchOptions o;
        o.learn = true;
        Search search(s, o);
        REQUIRE(search.learning_active());
        CHECK(search.next() == SearchStatus::exhausted);
        CHECK(search.statistics().learned > 0);
        // alldifferent(value) explains its removals and failures itself.
        CHECK(search.statistics().explanations > 0);
        CHECK(search.statistics().fallback_explanations == 0);
    }
}

namespace {
// The learned nogoods as the tracer sees them: how many, their facts and LBDs summed.
struct LearnedTally final : Tracer {
    std::uint64_t nogoods = 0, facts = 0, lbd = 0;
    void on_learn(const Solver&, const Fact*, std::size_t count, int nogood_lbd, int, int) override {
        ++nogoods;
        facts += count;
        lbd += static_cast<std::uint64_t>(nogood_lbd);
    }
};
}  // namespace

TEST_CASE("learning: the statistics sum the learned nogoods' facts and LBDs", "[learning]") {
    for (const int holes : {4, 6}) {
        Solver s;
        const std::vector<IntVar> pigeons = s.new_int_vars(holes + 1, 1, holes);
        for (std::size_t i = 0; i < pigeons.size(); ++i) {
            for (std::size_t j = i + 1; j < pigeons.size(); ++j) not_equal(s, pigeons[i], pigeons[j]);
        }
        LearnedTally tally;
        s.set_tracer(&tally);
        SearchOptions o;
        o.learn = true;
        Search search(s, o);
        REQUIRE(search.next() == SearchStatus::exhausted);
        const SearchStatistics& st = search.statistics();
        REQUIRE(st.learned > 0);
        CHECK(tally.nogoods == st.learned);
        CHECK(st.learned_facts == tally.facts);
        CHECK(st.learned_lbd == tally.lbd);
        CHECK(st.mean_nogood_size() == Approx(static_cast<double>(tally.facts) / static_cast<double>(tally.nogoods)));
        CHECK(st.mean_nogood_lbd() == Approx(static_cast<double>(tally.lbd) / static_cast<double>(tally.nogoods)));
        CHECK(st.mean_nogood_size() >= 1);
    }
    CHECK(SearchStatistics{}.mean_nogood_size() == 0);  // nothing learned: no division by zero
}

// Enough conflicts that the store deletes most of its nogoods and compacts itself
// several times (the facts moved together, the watches rebuilt), on
// a count brute force knows: the permutations p of 1..9 with sum (i + 1) * p[i] =
// 250. Each solution adds a nogood too, so a nogood lost or broken in the
// compaction shows as a wrong count.
TEST_CASE("learning: the nogood store deletes and compacts, and counts stay exact", "[learning]") {
    constexpr int n = 9;
    constexpr std::int64_t total = 250;
    std::vector<int> perm(n);
    for (int i = 0; i < n; ++i) perm[static_cast<std::size_t>(i)] = i + 1;
    std::uint64_t expected = 0;
    do {
        std::int64_t weighted = 0;
        for (int i = 0; i < n; ++i) weighted += (i + 1) * perm[static_cast<std::size_t>(i)];
        if (weighted == total) ++expected;
    } while (std::next_permutation(perm.begin(), perm.end()));
    REQUIRE(expected == 3568);

    Solver s;
    const std::vector<IntVar> p = s.new_int_vars(n, 1, n);
    all_different(s, p, Consistency::value);
    std::vector<std::int64_t> weights;
    for (int i = 0; i < n; ++i) weights.push_back(i + 1);
    REQUIRE(linear(s, weights, p, Relation::equal, total));
    SearchOptions o;
    o.learn = true;
    Search search(s, o);
    REQUIRE(search.learning_active());
    std::uint64_t found = 0;
    while (search.next() == SearchStatus::solution) ++found;
    CHECK(found == expected);
    // About 38,000 learned, 30,000 deleted: the store is compacted when the deleted
    // facts are half of it.
    CHECK(search.statistics().deleted > search.statistics().learned / 2);
}

namespace {
// [a != 0] implies [b != 0] on 0..1 variables, explained by [a != 0]. Counts the
// explanations asked of it and raises `stop` at the tenth.
struct CountedImplication final : Propagator {
    IntVar a, b;
    std::atomic<bool>& stop;
    int& explained;
    CountedImplication(IntVar a_, IntVar b_, std::atomic<bool>& stop_, int& explained_)
        : Propagator(PropagatorCost::constant), a(a_), b(b_), stop(stop_), explained(explained_) {}
    void attach(Solver& s) override { s.subscribe(this, a, Condition::domain); }
    Status propagate(Solver& s) override {
        if (!s.contains(a, 0)) PRUNE_TRY(s.remove(b, 0));
        return Status::ok;
    }
    bool explain(Explanation& e) const override {
        if (++explained == 10) stop.store(true);
        e.add_removed(a, 0);
        if (e.explaining_failure()) e.add_removed(b, 1);
        return true;
    }
    const char* kind() const override { return "counted-implication"; }
};
}  // namespace

TEST_CASE("learning: a stop request ends a long conflict analysis at once", "[learning]") {
    // x = 1 sets two chains of 2,000 implications each; a + b <= 1 on their ends
    // fails, and the analysis walks both chains back to the decision: 4,000
    // explanations. The stop raised at the tenth must end it within the next few
    // hundred (the analysis polls every 256 steps), as a limit, not as exhausted.
    Solver s;
    std::atomic<bool> stop{false};
    int explained = 0;
    const IntVar x = s.new_int_var(0, 1, "x");
    const std::vector<IntVar> a = s.new_int_vars(2000, 0, 1, "a");
    const std::vector<IntVar> b = s.new_int_vars(2000, 0, 1, "b");
    for (const std::vector<IntVar>* chain : {&a, &b}) {
        s.add(std::make_unique<CountedImplication>(x, (*chain)[0], stop, explained));
        for (std::size_t i = 0; i + 1 < chain->size(); ++i) {
            s.add(std::make_unique<CountedImplication>((*chain)[i], (*chain)[i + 1], stop, explained));
        }
    }
    REQUIRE(linear(s, {1, 1}, {a.back(), b.back()}, Relation::less_equal, 1));
    SearchOptions o;
    o.learn = true;
    o.stop = &stop;
    o.decision_variables = {x};
    o.value = ValueSelection::max;
    Search search(s, o);
    REQUIRE(search.learning_active());
    CHECK(search.next() == SearchStatus::limit);
    CHECK(explained >= 10);
    CHECK(explained < 10 + 300);
}

TEST_CASE("learning: a colouring with x != y explains without the fallback", "[learning]") {
    // An odd cycle of 7 nodes with 2 colours has no colouring; with 3 it has 2^7 - 2.
    for (const int colours : {2, 3}) {
        Solver s;
        const std::vector<IntVar> node = s.new_int_vars(7, 0, colours - 1);
        for (int i = 0; i < 7; ++i) not_equal(s, node[i], node[(i + 1) % 7]);
        SearchOptions o;
        o.learn = true;
        Search search(s, o);
        REQUIRE(search.learning_active());
        std::uint64_t count = 0;
        CHECK(search.count(count) == SearchStatus::exhausted);
        CHECK(count == (colours == 2 ? 0u : 126u));
        INFO(colours << " colours");
        // (With 3 colours each conflict is a solution's nogood, made of decisions.)
        if (colours == 2) CHECK(search.statistics().explanations > 0);
        CHECK(search.statistics().fallback_explanations == 0);
    }
}

TEST_CASE("learning: off by default, refused on bounds-only domains", "[learning]") {
    Solver s;
    const IntVar x = s.new_int_var(0, 3);
    const IntVar wide = s.new_bounds_only_var(0, 5);
    (void)x;
    (void)wide;
    {
        Search search(s);
        CHECK_FALSE(search.learning_active());
    }
    SearchOptions o;
    o.learn = true;
    Search search(s, o);
    CHECK_FALSE(search.learning_active());
    CHECK(search.learning_unavailable().find("bounds only") != std::string::npos);
    CHECK(Search::why_no_learning(s) == search.learning_unavailable());  // asked before a search
    std::uint64_t count = 0;
    CHECK(search.count(count) == SearchStatus::exhausted);
    CHECK(count == 24);
}

TEST_CASE("learning: why_no_learning says why before a search (root, domains)", "[learning]") {
    Solver s;
    const IntVar x = s.new_int_var(0, 3);
    CHECK(Search::why_no_learning(s).empty());
    s.push_level();
    CHECK(Search::why_no_learning(s) == "learning needs a search from the root");
    SearchOptions o;
    o.learn = true;
    {
        Search below(s, o);
        CHECK_FALSE(below.learning_active());
        CHECK(below.learning_unavailable() == "learning needs a search from the root");
    }
    s.pop_level();
    (void)x;
    Search search(s, o);
    CHECK(search.learning_active());
    CHECK(search.learning_unavailable().empty());
}

// ---- The global propagators' own explanations (tests/support/learning_check.hpp) ----

namespace {

// The kinds that must explain every inference themselves.
bool explains_itself(const std::string& kind) {
    static const std::set<std::string> own = {"alldifferent(value)", "alldifferent(bounds)", "alldifferent(domain)",
                                              "table(compact)",      "table(negative)",      "distinct_sum",
                                              "regular",             "path_sum",             "restart-nogoods",
                                              "among",               "global_cardinality",   "global_cardinality(closed)",
                                              "lex<=",               "lex<",                 "cumulative(time-table)",
                                              "disjunctive",         "count",                "circuit",
                                              "subcircuit",          "x in S<=>b",           "b=>x in S",
                                              "nvalue",              "no_overlap_2d(pairs)", "visibility"};
    return own.count(kind) != 0;
}

// Checks the specs' explanations; every kind that explains itself and was asked
// must never have fallen back, and `asked` kinds must have been asked.
// Returns the tally (the bound explanations per kind among it).
ExplanationTally check_own_explanations(const std::vector<ConstraintSpec>& specs, int instances, const std::vector<std::string>& asked) {
    ExplanationTally tally;
    std::uint64_t seed = 1;
    for (const ConstraintSpec& spec : specs) {
        INFO(spec.name);
        REQUIRE(check_explanations(spec, 7919 * seed++, instances, tally) == "");
    }
    CHECK(tally.checked > 100);
    for (const auto& [kind, counts] : tally.kinds) {
        INFO(kind << ": " << counts.explanations << " explanations, " << counts.fallbacks << " fallbacks");
        if (explains_itself(kind)) CHECK(counts.fallbacks == 0);
    }
    for (const std::string& kind : asked) {
        INFO(kind);
        CHECK(tally.kinds[kind].explanations > 20);
    }
    return tally;
}

// The catalog's specs of these names.
std::vector<ConstraintSpec> specs_named(std::initializer_list<const char*> names) {
    std::vector<ConstraintSpec> out;
    for (const char* name : names) out.push_back(catalog::spec(name));
    return out;
}

// Each spec's `kinds` asked about any fact (check_explains_only_what_follows): every
// explanation given implies what was asked, and more than `at_least` were given.
// `bounds_at_least`: as many of a bound fact over all the specs (for the
// propagators that explain bound facts).
void check_asked_about_anything(const std::vector<ConstraintSpec>& specs, const std::set<std::string>& kinds, std::uint64_t seed,
                                int trials, std::uint64_t at_least, std::uint64_t bounds_at_least = 0) {
    std::uint64_t bounds_total = 0;
    for (const ConstraintSpec& spec : specs) {
        INFO(spec.name);
        std::uint64_t explained = 0, bounds_explained = 0;
        CHECK(check_explains_only_what_follows(spec, kinds, seed, trials, explained, bounds_explained) == "");
        CHECK(explained > at_least);
        bounds_total += bounds_explained;
    }
    INFO("bound facts explained: " << bounds_total);
    CHECK(bounds_total >= bounds_at_least);
}

}  // namespace

TEST_CASE("learning: alldifferent explains itself at every consistency (brute force)", "[learning]") {
    using catalog::spec;
    using catalog::with_post;
    const ConstraintSpec& domain = spec("all_different(domain)");
    // Each propagator alone too: all_different() stages the value propagator before
    // the others, which then see fewer fixed values.
    const std::vector<ConstraintSpec> specs = {
        spec("all_different(value)"), spec("all_different(bounds)"), domain,
        with_post(domain, "alldifferent(bounds) alone", [](Solver& s, const std::vector<IntVar>& x) { s.add(std::make_unique<AllDifferentBounds>(x)); }),
        with_post(domain, "alldifferent(domain) general", [](Solver& s, const std::vector<IntVar>& x) { s.add(std::make_unique<AllDifferentDomain>(s, x)); }),
        with_post(domain, "alldifferent(domain) small", [](Solver& s, const std::vector<IntVar>& x) { s.add(std::make_unique<AllDifferentSmall>(s, x)); }),
        // A far value (a variable fixed to 1000, the same constraint on x) makes the
        // values span more than one word: the explainer's general path, not its words.
        with_post(domain, "alldifferent(domain) general, values beyond one word",
                  [](Solver& s, const std::vector<IntVar>& x) {
                      std::vector<IntVar> wide = x;
                      wide.push_back(s.new_int_var(1000, 1000));
                      s.add(std::make_unique<AllDifferentDomain>(s, wide));
                  }),
        with_post(domain, "alldifferent(bounds) alone, values beyond one word",
                  [](Solver& s, const std::vector<IntVar>& x) {
                      std::vector<IntVar> wide = x;
                      wide.push_back(s.new_int_var(1000, 1000));
                      s.add(std::make_unique<AllDifferentBounds>(wide));
                  }),
    };
    check_own_explanations(specs, 300, {"alldifferent(value)", "alldifferent(bounds)", "alldifferent(domain)"});
}

TEST_CASE("learning: tables, distinct_sum and regular explain themselves (brute force)", "[learning]") {
    std::vector<ConstraintSpec> specs;
    for (const char* name : {"table", "shared_table", "table with a repeated variable", "forbidden_table", "shared_forbidden_table",
                             "forbidden_table with a repeated variable", "distinct_sum", "regular", "regular with a repeated variable"}) {
        specs.push_back(catalog::spec(name));
    }
    check_own_explanations(specs, 250, {"table(compact)", "table(negative)", "distinct_sum", "regular"});
}

// Among (count with a constant value, or a set of them): every removal and failure
// explained by counting, also with a variable in two places of the scope and with the
// count among the variables (magic series), where the propagator is only sound.
TEST_CASE("learning: among and count with a constant value explain themselves (brute force)", "[learning]") {
    const std::vector<ConstraintSpec> specs = specs_named(
        {"count_among", "count_among with a repeated variable", "count_among counting itself", "count_among, S with a far value"});
    check_own_explanations(specs, 400, {"among"});
    check_asked_about_anything(specs, {"among"}, 31, 3000, 300);
}

// count with a variable value: y's values by their intervals of counts, count's by
// every value of y, with y fixed as among on {y}.
TEST_CASE("learning: count with a variable value explains itself (brute force)", "[learning]") {
    const std::vector<ConstraintSpec> specs = specs_named({"count_equal"});
    check_own_explanations(specs, 1500, {"count"});
    check_asked_about_anything(specs, {"count"}, 53, 4000, 300);
}

// global_cardinality, open and closed: every count bound, closed or claimed value,
// sum across values and failure explained by counting (the unlisted values a closed
// one removes, by the constraint alone: an empty explanation).
TEST_CASE("learning: global_cardinality explains itself (brute force)", "[learning]") {
    check_own_explanations({catalog::spec("global_cardinality")}, 600, {"global_cardinality"});
    for (const char* name : {"global_cardinality", "global_cardinality(closed)"}) check_asked_about_anything(specs_named({name}), {name}, 37, 3000, 300);
    // (closed, the counts take every variable: fewer conflicts to explain)
    check_own_explanations({catalog::spec("global_cardinality(closed)")}, 4000, {"global_cardinality(closed)"});
    // Models made for counting: the counts first (so that the search decides them
    // first, and the sums across values meet conflicts), over intervals, narrow now
    // and then; the variables over the listed values (now and then one unlisted value
    // more); x != y + c beside them.
    ExplanationTally tally;
    Random seeds(20261206);
    for (int i = 0; i < 6000; ++i) {
        Random r(seeds.next());
        const bool closed = r.below(2) == 0;
        const int n = draw(r, 3, 5), m = draw(r, 2, 3);
        std::vector<int> values;
        for (int j = 0; j < m; ++j) values.push_back(j);
        RandomModel model;
        for (int j = 0; j < m; ++j) {
            const int lo = draw(r, 0, 2), hi = r.below(2) == 0 ? draw(r, lo, n) : std::min(n, lo + draw(r, 0, 1));
            std::vector<int> d;
            for (int c = lo; c <= hi; ++c) d.push_back(c);
            model.domains.push_back(d);
        }
        for (int k = 0; k < n; ++k) {
            std::vector<int> d;
            for (int v : values) {
                if (r.below(4) != 0) d.push_back(v);
            }
            if (r.below(4) == 0 || d.empty()) d.push_back(m);
            model.domains.push_back(d);
        }
        const auto at = [](int k) { return static_cast<std::size_t>(k); };
        auto holds = [=](const Assignment& x) {
            for (int j = 0; j < m; ++j) {
                int c = 0;
                for (int k = m; k < m + n; ++k) c += x[at(k)] == j ? 1 : 0;
                if (c != x[at(j)]) return false;
            }
            for (int k = m; k < m + n; ++k) {
                if (closed && x[at(k)] >= m) return false;
            }
            return true;
        };
        auto post = [=](Solver& s, const std::vector<IntVar>& x) {
            global_cardinality(s, std::vector<IntVar>(x.begin() + m, x.end()), values, std::vector<IntVar>(x.begin(), x.begin() + m), closed);
        };
        model.constraints.push_back(ModelConstraint{closed ? "gcc closed" : "gcc", holds, post});
        for (int extra = draw(r, 1, 2); extra > 0; --extra) {
            const int a = m + draw(r, 0, n - 1), b = m + (a - m + draw(r, 1, n - 1)) % n, offset = draw(r, -1, 1);
            model.constraints.push_back(ModelConstraint{
                "x != y + c", [=](const Assignment& x) { return x[at(a)] != x[at(b)] + offset; },
                [=](Solver& s, const std::vector<IntVar>& x) { not_equal_offset(s, x[at(a)], x[at(b)], offset); }});
        }
        const std::string failure = check_model_explanations(model, r, tally, true, 0);
        INFO(model.describe());
        REQUIRE(failure == "");
    }
    for (const char* kind : {"global_cardinality", "global_cardinality(closed)"}) {
        INFO(kind << ": " << tally.kinds[kind].explanations << " explanations, " << tally.kinds[kind].fallbacks << " fallbacks");
        CHECK(tally.kinds[kind].explanations > 300);  // (about 1,100 and 440 with this seed)
        CHECK(tally.kinds[kind].fallbacks == 0);
    }
}

// lex: every bound, fixing and failure by the bounds before it (and the rest's, where
// the bound is strict), also with x and y sharing variables (y = x reversed).
TEST_CASE("learning: lex explains itself (brute force)", "[learning]") {
    const std::vector<ConstraintSpec> specs = specs_named(
        {"lex_less_equal", "lex_less", "lex_less_equal(lengths)", "lex_less(lengths)", "lex_less_equal(shared)", "lex_less(shared)"});
    check_own_explanations(specs, 400, {"lex<=", "lex<"});
    check_asked_about_anything(specs, {"lex<=", "lex<"}, 41, 3000, 300);
}

// linear, x <= y + c and x = y + c explain a bound they pushed as one fact: [x >= b]
// by the others' bounds that exclude b - 1 (linear: every value below then too), or
// by the partner's bound. Asked about any fact, and a bound fact of each variable, on
// random domains before.
TEST_CASE("learning: linear and the offsets explain a pushed bound as one fact (brute force)", "[learning]") {
    const std::vector<ConstraintSpec> specs = specs_named({"linear<=", "linear=", "linear>=", "sum(x)<=", "x<=y+c", "x=y+c"});
    check_asked_about_anything(specs, {"linear<=", "linear=", "x<=y+c", "x=y+c"}, 59, 2000, 100, 2000);
}

// circuit and subcircuit: every removed closing arc, forced loop and failure
// explained by the arcs fixed before (with, for subcircuit, a node that cannot be
// out), never by the fallback; and asked about any fact on random domains before.
TEST_CASE("learning: circuit and subcircuit explain themselves (brute force)", "[learning][circuit]") {
    std::vector<ConstraintSpec> specs = specs_named({"circuit", "subcircuit", "subcircuit(nonempty)"});
    specs.push_back(catalog::circuit_propagator_alone_spec(false));
    specs.push_back(catalog::circuit_propagator_alone_spec(true));
    check_own_explanations(specs, 1500, {"circuit", "subcircuit"});
    check_asked_about_anything(specs, {"circuit", "subcircuit"}, 53, 3000, 100);
}

// no_overlap_2d: a pushed coordinate (a bound fact too) and a failure by one pair
// whose four separations are impossible; fixed and variable sizes, with zero sizes
// ignored and strict; asked about any fact and a bound fact of each variable.
TEST_CASE("learning: no_overlap_2d explains itself (brute force)", "[learning]") {
    const std::vector<ConstraintSpec> specs =
        specs_named({"no_overlap_2d", "no_overlap_2d(var)", "no_overlap_2d(strict)", "no_overlap_2d(strict)(var)"});
    ExplanationTally tally = check_own_explanations(specs, 1500, {"no_overlap_2d(pairs)"});
    INFO("pushed bounds explained as one fact: " << tally.kinds["no_overlap_2d(pairs)"].bound_explanations);
    CHECK(tally.kinds["no_overlap_2d(pairs)"].bound_explanations > 20);
    check_asked_about_anything(specs, {"no_overlap_2d(pairs)"}, 71, 4000, 100, 300);
}

// visibility (a Towers line): every removal, pushed bound and failure explained by
// the removals that close every path, made minimal by deletion; the repeated
// variable too (sound only); asked about any fact and a bound fact of each variable.
TEST_CASE("learning: visibility explains itself (brute force)", "[learning][visibility]") {
    const std::vector<ConstraintSpec> specs = specs_named({"visibility", "visibility (repeated)"});
    check_own_explanations(specs, 60000, {"visibility"});
    check_asked_about_anything(specs, {"visibility"}, 83, 3000, 100, 100);
}

// n_values: n's bounds by fixed values or disjoint intervals (lower) and by the
// fixings and confinements (upper); a value leaving x at n's maximum or minimum;
// failures; asked about any fact on random domains before.
TEST_CASE("learning: n_values explains itself (brute force)", "[learning]") {
    const std::vector<ConstraintSpec> specs = specs_named({"n_values", "n_values(except)"});
    check_own_explanations(specs, 3000, {"nvalue"});
    check_asked_about_anything(specs, {"nvalue"}, 67, 3000, 100);
}

// b <-> x in S and b -> x in S: x's removals by b's value, b's value and failures by
// x's having no value inside S (or outside it) before; asked about any fact on
// random domains before.
TEST_CASE("learning: membership reified explains itself (brute force)", "[learning]") {
    const std::vector<ConstraintSpec> specs = {catalog::reified_with_variable(catalog::spec("x in S"), false),
                                               catalog::reified_with_variable(catalog::spec("x in S"), true)};
    // (b -> x in S is asked in search only when x meets no value of S: about 5 times.)
    check_own_explanations(specs, 8000, {"x in S<=>b"});
    check_asked_about_anything(specs, {"x in S<=>b", "b=>x in S"}, 61, 3000, 60);
}

// min and max of an array explain a pushed bound (of z or of an x_i) as one fact:
// asked about any fact and a bound fact of each variable.
TEST_CASE("learning: array min and max explain a pushed bound as one fact (brute force)", "[learning]") {
    std::vector<ConstraintSpec> specs;
    for (const ConstraintSpec* spec : catalog::starting_with("array m")) specs.push_back(*spec);
    REQUIRE(specs.size() >= 2);
    check_asked_about_anything(specs, {"z=min(xs)", "z=max(xs)"}, 79, 2000, 100, 1000);
}

// Reified linear explains a pushed bound as one fact as its side does (b fixed),
// and b's bound facts by the side's failure: asked about any fact and a bound fact
// of each variable, b a variable of the instance.
TEST_CASE("learning: reified linear explains a pushed bound as one fact (brute force)", "[learning]") {
    std::vector<ConstraintSpec> specs;
    for (const char* name : {"linear<=", "linear=", "linear!=", "x<=y+c"}) {
        for (const bool implication : {false, true}) {
            // (b -> linear != infers only with all but one term fixed and b true: too
            // rarely asked here; the search-level checks have it.)
            if (implication && std::string(name) == "linear!=") continue;
            specs.push_back(catalog::reified_with_variable(catalog::spec(name), implication));
        }
    }
    check_asked_about_anything(specs, {"linear<=<=>b", "b=>linear<=", "linear=<=>b", "b=>linear=", "linear!=<=>b", "b=>linear!="},
                               73, 2000, 100, 1000);
}

// cumulative: every push of a start, raise of the capacity and failure explained
// pointwise by the compulsory parts at one time (durations and heights constant or
// variables).
TEST_CASE("learning: cumulative explains itself (brute force)", "[learning]") {
    const std::vector<ConstraintSpec> specs = specs_named({"cumulative", "cumulative(var)", "cumulative(one open task)"});
    ExplanationTally tally = check_own_explanations(specs, 2000, {"cumulative(time-table)"});
    INFO("pushed bounds explained as one fact: " << tally.kinds["cumulative(time-table)"].bound_explanations);
    CHECK(tally.kinds["cumulative(time-table)"].bound_explanations > 50);
    check_asked_about_anything(specs, {"cumulative(time-table)"}, 43, 2000, 100, 300);
}

// disjunctive: every push of a start (pairs, detectable precedences, both directions)
// by a set of tasks before or after it, every failure by an overloaded set or a start
// with no value left; with zero durations ignored and strict.
TEST_CASE("learning: disjunctive explains itself (brute force)", "[learning]") {
    const std::vector<ConstraintSpec> specs =
        specs_named({"disjunctive", "disjunctive(var)", "disjunctive_strict", "disjunctive_strict(var)", "disjunctive(one open task)"});
    ExplanationTally tally = check_own_explanations(specs, 400, {"disjunctive"});
    INFO("pushed bounds explained as one fact: " << tally.kinds["disjunctive"].bound_explanations);
    CHECK(tally.kinds["disjunctive"].bound_explanations > 20);
    check_asked_about_anything(specs, {"disjunctive"}, 47, 2000, 100, 1000);
}

// distinct_sum explains by the other variables' domains, as fixings, bounds and holes,
// in search with conflicts (offsets between its variables): no assignment of 1..6
// that meets the constraint and every fact of an explanation misses the inferred fact
// (for a failure: meets them all); and no explanation names the inferred variable.
TEST_CASE("learning: distinct_sum's explanations hold in search (brute force)", "[learning][distinct_sum]") {
    Random r(2026);
    std::uint64_t checked = 0, bounds = 0;
    std::string failure;
    for (int model = 0; model < 600 && failure.empty(); ++model) {
        const int n = draw(r, 2, 4);
        const int total = draw(r, n * (n + 1) / 2, n * (13 - n) / 2);  // n distinct values of 1..6 reach it
        Solver s;
        const std::vector<IntVar> x = s.new_int_vars(n, 1, 6);
        for (int k = draw(r, 0, 3); k > 0; --k) (void)s.remove(x[r.below(x.size())], draw(r, 1, 6));
        if (!distinct_sum(s, x, total)) continue;
        // Offsets between two of the variables make conflicts to explain.
        for (int k = draw(r, 1, 2); k > 0; --k) {
            const std::size_t i = r.below(x.size()), j = (i + 1 + r.below(x.size() - 1)) % x.size();
            if (r.below(2) == 0) (void)not_equal_offset(s, x[i], x[j], draw(r, -2, 2));
            else (void)less_equal_offset(s, x[i], x[j], draw(r, -2, 1));
        }
        if (s.root_failed()) continue;
        // The assignments of the domains at the root (its removals are facts every
        // explanation may rest on) that meet distinct_sum.
        if (!s.propagate()) continue;
        std::vector<Assignment> meeting;
        int assignments = 1;
        for (int k = 0; k < n; ++k) assignments *= 6;
        for (int code = 0; code < assignments; ++code) {
            Assignment a;
            for (int k = 0, c = code; k < n; ++k, c /= 6) a.push_back(1 + c % 6);
            bool at_root = true;
            for (int k = 0; k < n; ++k) at_root = at_root && s.contains(x[static_cast<std::size_t>(k)], a[static_cast<std::size_t>(k)]);
            if (!at_root) continue;
            const std::set<int> values(a.begin(), a.end());
            int sum = 0;
            for (int v : a) sum += v;
            if (static_cast<int>(values.size()) == n && sum == total) meeting.push_back(a);
        }
        SearchOptions o;
        o.learn = true;
        o.value = static_cast<ValueSelection>(r.below(6));
        Search search(s, o);
        REQUIRE(search.learning() != nullptr);
        search.learning()->on_explanation = [&](const Propagator* p, const Fact& inferred, const std::vector<Fact>& because) {
            if (std::string(p->kind()) != "distinct_sum" || !failure.empty()) return;
            ++checked;
            bounds += static_cast<std::uint64_t>(std::count_if(because.begin(), because.end(), [](const Fact& f) { return f.is_bound(); }));
            const std::string what = "explanation" + show(because) + " of" + (inferred.var < 0 ? std::string(" a failure") : show({inferred}));
            for (const Assignment& a : meeting) {
                const bool meets = std::all_of(because.begin(), because.end(), [&](const Fact& f) { return satisfies(a, f); });
                if (meets && (inferred.var < 0 || !satisfies(a, inferred))) failure = what + " admits a solution";
            }
            if (std::any_of(because.begin(), because.end(), [&](const Fact& f) { return f.var == inferred.var; })) {
                failure = what + " names the inferred variable";
            }
        };
        while (search.next() == SearchStatus::solution) {
        }
    }
    INFO(failure);
    CHECK(failure.empty());
    CHECK(checked > 200);
    CHECK(bounds > 100);  // bound facts, not a removal per value below or above
}

TEST_CASE("learning: times, div, mod and pow explain their removals and failures (brute force, per constraint)", "[learning]") {
    // The constraint-level check (each explanation against the constraint's own
    // solutions), on the ternary specs of every width, the squares and the aliased
    // forms (x op y = x), with x != y + c beside them so that search meets failures.
    std::vector<ConstraintSpec> specs;
    for (const ConstraintSpec* spec : specs_starting_with({"times", "div", "mod", "pow", "x*x", "x*y=x", "x div y=x", "x mod y=x", "x^y=x"})) {
        specs.push_back(*spec);
    }
    ExplanationTally tally;
    std::uint64_t seed = 1;
    for (const ConstraintSpec& spec : specs) {
        INFO(spec.name);
        REQUIRE(check_explanations(spec, 104729 * seed++, 300, tally) == "");
    }
    CHECK(tally.checked > 1000);
    for (const char* kind : {"z=x*y", "z=x/y", "z=x%y", "z=x^y"}) {
        const ExplanationTally::Kind& counts = tally.kinds[kind];
        INFO(kind << ": " << counts.explanations << " explanations, " << counts.fallbacks << " fallbacks");
        CHECK(counts.explanations > 100);
        CHECK(counts.fallbacks == 0);
    }
}

TEST_CASE("learning: restart nogoods explain themselves (brute force)", "[learning]") {
    // Random paths of decisions (x = v, x <= v, x >= v; some negative) over 3-5
    // variables with an alldifferent, kept in a RestartNogoods store.
    ExplanationTally tally;
    Random seeds(4242);
    for (int i = 0; i < 300; ++i) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        RandomModel m;
        const int n = draw(r, 3, 5);
        for (int k = 0; k < n; ++k) m.domains.push_back({0, 1, 2, 3});
        std::vector<std::vector<std::pair<Literal, bool>>> paths(static_cast<std::size_t>(draw(r, 1, 4)));
        for (auto& path : paths) {
            const int length = draw(r, 1, 4);
            for (int k = 0; k < length; ++k) {
                const Literal l{IntVar{draw(r, 0, n - 1)}, draw(r, 0, 3), static_cast<LiteralKind>(r.below(3))};
                path.emplace_back(l, r.below(2) == 0);
            }
        }
        const auto literal_holds = [](const Literal& l, const Assignment& a) {
            const int v = a[static_cast<std::size_t>(l.var.index)];
            return l.kind == LiteralKind::equal ? v == l.value : (l.kind == LiteralKind::less_equal ? v <= l.value : v >= l.value);
        };
        const auto holds = [paths, literal_holds](const Assignment& a) {
            for (const auto& path : paths) {
                bool positives = true;
                for (const auto& [l, negative] : path) {
                    if (negative && positives && literal_holds(l, a)) return false;
                    if (!negative) positives = positives && literal_holds(l, a);
                }
            }
            return catalog::all_distinct(a) || a.size() > 4;
        };
        const auto post = [paths](Solver& s, const std::vector<IntVar>& x) {
            if (x.size() <= 4) all_different(s, x, Consistency::value);
            auto store = std::make_unique<RestartNogoods>(x, 64, 16);
            for (const auto& path : paths) {
                REQUIRE(store->add(path.size(), [&](std::size_t k) { return RestartNogoods::Step{path[k].first, path[k].second}; }, false));
            }
            s.add(std::move(store));
        };
        m.constraints.push_back(ModelConstraint{"restart nogoods", holds, post});
        const std::string failure = check_model_explanations(m, r, tally, false);
        INFO("seed " << seed << "\n" << m.describe());
        REQUIRE(failure == "");
    }
    INFO(tally.kinds["restart-nogoods"].explanations << " explanations");
    CHECK(tally.kinds["restart-nogoods"].explanations > 50);
    CHECK(tally.kinds["restart-nogoods"].fallbacks == 0);
}

namespace {

// SearchOptions::learn_after_propagations: a search without learning that switches to
// it after a few propagator runs, with the plain search's restarts and decision
// variables drawn at random.
SearchOptions learning_later_options(Random& r, const std::vector<IntVar>& vars) {
    SearchOptions o;
    o.learn_after_propagations = static_cast<std::uint64_t>(draw(r, 1, 20));
    draw_search(r, vars, o);
    o.learning_frees_search = r.below(2) == 0;
    o.learning_branching = static_cast<LearningBranching>(r.below(4));
    return o;
}

struct LaterTally {
    std::uint64_t runs = 0, switched = 0, switched_enumerations = 0, counts = 0;
};

// Enumeration (a switch before the first solution only), count (never a switch) and
// both optima of m, against brute force.
std::string check_learning_later(Random& r, const RandomModel& m, LaterTally& tally) {
    const std::vector<Assignment> expected = m.solutions();
    {
        Solver s;
        const std::vector<IntVar> vars = m.build(s);
        if (!s.error().empty()) return {};
        Search search(s, learning_later_options(r, vars));
        std::set<Assignment> found;
        while (search.next() == SearchStatus::solution) {
            Assignment a;
            for (IntVar x : vars) a.push_back(s.value(x));
            if (!found.insert(a).second) return "a solution repeated";
            if (std::find(expected.begin(), expected.end(), a) == expected.end()) return "a non-solution reported";
        }
        if (found.size() != expected.size()) return "enumerated " + std::to_string(found.size()) + ", brute force " + std::to_string(expected.size());
        ++tally.runs;
        if (search.statistics().learning_from != 0) {
            ++tally.switched;
            ++tally.switched_enumerations;
            if (!search.learning_active()) return "switched, but learning is not active";
        }
    }
    {
        Solver s;
        const std::vector<IntVar> vars = m.build(s);
        Search search(s, learning_later_options(r, vars));
        std::uint64_t count = 0;
        if (search.count(count) != SearchStatus::exhausted) return "count() did not exhaust the search";
        if (count != expected.size()) return "count " + std::to_string(count) + ", brute force " + std::to_string(expected.size());
        if (search.statistics().learning_from != 0) return "a count switched to learning";
        ++tally.counts;
    }
    for (const bool minimise : {true, false}) {
        Solver s;
        const std::vector<IntVar> vars = m.build(s);
        const std::size_t k = r.below(vars.size());
        Search search(s, learning_later_options(r, vars));
        if (minimise) search.minimize(vars[k]);
        else search.maximize(vars[k]);
        Incumbent found;
        const std::string failure = branch_and_bound(search, s, vars, k, minimise, expected, found);
        if (!failure.empty()) return failure;
        ++tally.runs;
        if (search.statistics().learning_from != 0) ++tally.switched;
    }
    return {};
}

}  // namespace

TEST_CASE("learning: a search that learns after some work keeps every solution and the optimum (brute force)", "[learning]") {
    Random seeds(41);
    LaterTally tally;
    for (int i = 0; i < 1500; ++i) {
        const std::uint64_t seed = seeds.next();
        Random r(seed);
        const RandomModel m = random_model(r, 5);
        const std::string failure = check_learning_later(r, m, tally);
        if (!failure.empty()) {
            INFO("model seed " << seed << "\n" << m.describe());
            FAIL(failure);
        }
    }
    INFO("runs " << tally.runs << ", switched " << tally.switched << " (enumerations " << tally.switched_enumerations << ")");
    CHECK(tally.runs > 3000);
    CHECK(tally.switched > 350);  // (515 with these seeds)
    CHECK(tally.switched_enumerations > 100);  // (149)
    CHECK(tally.counts > 1000);
}

#endif  // PRUNE_NO_LEARNING
