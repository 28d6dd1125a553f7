// The brute-force check of explanations (learning_test.cpp, path_sum_test.cpp): on
// random instances of one constraint over small domains, a learning search
// enumerates the solutions while every explanation it computes is checked against
// the constraint's solutions by brute force:
//   - a removal or fixing l explained by facts E: every solution satisfying E
//     satisfies l;
//   - a failure explained by E: no solution satisfies E.
// The solutions found must be brute force's. The explanations and fallbacks each
// propagator kind gave are tallied, so a test can require that a propagator explains
// itself (no fallback) and was asked at all.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "propagator_check.hpp"
#include "random_model.hpp"

namespace prune::test {

struct ExplanationTally {
    std::uint64_t instances = 0;
    std::uint64_t checked = 0;  // explanations checked
    struct Kind {
        std::uint64_t explanations = 0;
        std::uint64_t fallbacks = 0;
        std::uint64_t bound_explanations = 0;  // of a pushed bound as one fact
    };
    std::map<std::string, Kind> kinds;  // by Propagator::kind()
};

// Draws `instances` instances of `spec` (arity, domains within [min_value,
// max_value], parameters) from `seed` and checks each, with one to three random
// x != y + c beside it so that search meets conflicts (one domain-consistent
// constraint alone never fails below the root); its propagators' explanations are
// checked against its own solutions. Empty when all pass, else the first failure
// (with the instance).
std::string check_explanations(const ConstraintSpec& spec, std::uint64_t seed, int instances, ExplanationTally& tally);

// Adds one to three x_a != x_b + c to m (c in -1..1; a, b distinct among its first
// `arity` variables, arity >= 2): beside a domain-consistent constraint, which alone
// never fails below the root, a search meets conflicts.
void add_random_disequalities(Random& r, RandomModel& m, int arity);

// The same check on a model given whole (one or more constraints). `restarts`: may
// the search restart (a Search with restarts empties a RestartNogoods store it finds).
// `target`: the index of a constraint whose propagators' explanations are checked
// against that constraint's solutions alone (the constraint-level check) within the
// domains after root propagation (learning's original domains: their removals are
// never facts); the other explanations against the model's.
// Runs `search` to exhaustion over `vars`: every solution it reports is one of
// `expected` (sorted), none twice, every one of them found (`found`, as they come,
// for checks that run during the search). A non-empty `failure` (set by such a
// check) is returned first.
std::string enumerate_exactly(Search& search, const Solver& s, const std::vector<IntVar>& vars,
                              const std::vector<Assignment>& expected, const std::string& failure,
                              std::set<Assignment>& found);

std::string check_model_explanations(const RandomModel& m, Random& r, ExplanationTally& tally, bool restarts = true, int target = -1);

// A stronger check for propagators that test each rule of their explanation on the
// domains before (the counting ones): asked about any fact, inferred or not, on random
// domains "before" (subsets of the initial ones), explain() either declines or gives
// facts that held before and that, with the constraint, imply the fact (brute force
// over the initial domains); asked about a failure, facts that admit no solution. A
// rule whose condition is off by one then fails here even where a search never asks
// it. A propagator that explains bound facts (Propagator::explains_bound_facts) is
// also asked about a bound fact [x >= v] or [x <= v] of each variable, drawn beside. `kinds`: the
// propagators of the spec's instances to ask; `explained` counts the explanations
// given (`bounds_explained` those of bound facts). Empty when all pass, else the
// first failure.
std::string check_explains_only_what_follows(const ConstraintSpec& spec, const std::set<std::string>& kinds, std::uint64_t seed,
                                             int trials, std::uint64_t& explained, std::uint64_t& bounds_explained);

}  // namespace prune::test
