// A Gecode-style test bench for propagators: the one place that enforces the
// propagator checklist (engine/propagator.hpp).
//
// A constraint is stated once, in the catalog (constraint_catalog.hpp): a predicate
// over full assignments and the post functions. The bench draws many random instances
// -- small random subsets, intervals, domains with values far apart (several bitset
// words), bounds-only domains -- and for each one checks
//   - soundness: propagation removes no value that belongs to a solution, fails only
//     when there is no solution, and never leaves a fixed non-solution;
//   - the claimed consistency, at the root and at nodes after random decisions:
//       value   when all but one variable are fixed, the open one keeps exactly its
//               supported values (forward checking); not checked when the open one
//               is bounds-only (most propagators reason on fixed values there);
//       bounds  each bound has a support in the box of the other bounds, bounds(Z);
//       domain  every value left has a support (implies value and bounds). On an
//               instance with a bounds-only variable, where interior values cannot
//               be removed, the claim is cut down to the spec's bounds_only_claim;
//   - the fixpoint: after propagate() returns, re-running every propagator changes
//     nothing (a wrong idempotence flag or a missing subscription shows here);
//   - no allocation: a propagation at a node, replayed after a warm-up run, allocates
//     nothing (global operator new is counted in this test binary);
//   - backtracking: popping a level restores the domains exactly, and replaying a
//     decision gives the same domains;
//   - search: a full search under several branchings (with and without restarts)
//     finds exactly the brute-force solutions;
//   - reification: a constraint with a reified post is also checked as b <-> C and
//     b -> C, with predicates derived from its one `holds`.
//
// PRUNE_BENCH_SCALE=<percent> in the environment scales the instance counts (the
// sanitizer builds run the suite too).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/prune.hpp"

namespace prune::test {

// What a propagator promises beyond soundness; value and bounds combine (value |
// bounds), domain implies both.
enum class Claim : unsigned { soundness = 0, value = 1, bounds = 2, domain = 7 };
constexpr Claim operator|(Claim a, Claim b) { return static_cast<Claim>(static_cast<unsigned>(a) | static_cast<unsigned>(b)); }
// Whether `claim` includes `part`.
constexpr bool includes(Claim claim, Claim part) {
    return (static_cast<unsigned>(claim) & static_cast<unsigned>(part)) == static_cast<unsigned>(part);
}

using Assignment = std::vector<int>;

// One instance of a constraint, its parameters (coefficients, tables, constants)
// already drawn: what it means and how to post it.
struct Constraint {
    std::function<bool(const Assignment&)> holds;
    std::function<void(Solver&, const std::vector<IntVar>&)> post;
    // Posts b <-> C (equivalence) or b -> C (implication); empty when C has no
    // reified form.
    std::function<void(Solver&, const std::vector<IntVar>&, BoolVar, Reification)> post_reified;
};

struct ConstraintSpec {
    std::string name;
    int min_arity = 2;
    int max_arity = 4;
    int min_value = -2;  // small random domains are subsets of [min_value, max_value]
    int max_value = 4;
    Claim claim = Claim::soundness;
    Claim reified_claim = Claim::soundness;  // of b <-> C and b -> C
    // What remains of the claim on an instance with a bounds-only variable, where
    // interior values cannot be removed (domain.hpp): by default bounds(Z) (plus value
    // on the bitset variables); some propagators document less.
    Claim bounds_only_claim = Claim::value | Claim::bounds;
    // Whether a fixpoint is claimed on instances with a bounds-only variable: the !=
    // propagators wait for fixed variables, and a bound moving onto the value they
    // could not remove from the interior does not wake them (sound, but re-running
    // them then still prunes).
    bool bounds_only_fixpoint = true;
    // Whether the random whole models (random_model.hpp) draw it: not the specs whose
    // draw is expensive (large tables).
    bool in_random_models = true;
    bool wide_values = true;   // also draw domains with values far apart
    bool bounds_only = true;   // also draw bounds-only domains
    // Draws an instance for `arity` variables. Must draw everything from the Random
    // it is given (the bench replays it).
    std::function<Constraint(Random&, int arity)> draw;
};

// A spec whose constraint has no parameters.
ConstraintSpec simple_spec(std::string name, int arity, Claim claim, std::function<bool(const Assignment&)> holds,
                           std::function<void(Solver&, const std::vector<IntVar>&)> post);

struct CheckOptions {
    int instances = 300;
    std::uint64_t seed = 1;
    int node_checks = 4;       // random descents per instance
    bool search = true;        // compare full-search solution sets
    bool reified = true;       // also check the reified forms, when there are any
    std::int64_t max_assignments = 40000;  // skip instances whose product is larger
};

// Empty when every check passed, else a description of the first discrepancy.
std::string check_constraint(const ConstraintSpec& spec, const CheckOptions& options = {});

// The instance count scaled by PRUNE_BENCH_SCALE (percent; at least 1).
int scaled(int instances);

// The search configurations every differential test runs (input order, first-fail,
// dom/wdeg; min, max, median, split, random; no restarts, Luby, geometric).
std::vector<SearchOptions> search_configurations();

// All solutions of a fresh model, each as the values of `vars`, sorted.
std::vector<Assignment> all_solutions(const std::function<std::vector<IntVar>(Solver&)>& build,
                                      const SearchOptions& options, SearchStatus* status = nullptr);

// Calls f on every assignment of the product of `domains` (none if one is empty).
void for_each_assignment(const std::vector<std::vector<int>>& domains, const std::function<void(const Assignment&)>& f);

// Heap allocations made by this thread so far (global operator new is counted).
std::uint64_t allocation_count();
// While on, an allocation aborts (the bench turns it on around the measured
// propagation when PRUNE_BENCH_ALLOCATION_TRAP is set, to find the culprit in a debugger).
void trap_allocations(bool on);

}  // namespace prune::test
