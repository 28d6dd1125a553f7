// A Gecode-style test bench for propagators.
//
// A test states its constraint twice: as a brute-force predicate over a full
// assignment, and as a post function. The bench draws many small random domains,
// and for each one checks
//   - soundness: root propagation removes no value that belongs to a solution, and
//     fails only when there is no solution;
//   - the claimed consistency at the root: `domain` (every value left has a support),
//     `bounds` (each bound has a support in the box of the other bounds, bounds(Z));
//   - nodes: after random decisions (pushed levels) the same holds, and popping
//     restores the domains exactly;
//   - search: the set of solutions found by a full search equals the brute-force set,
//     for several branchings, with and without restarts.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/prune.hpp"

namespace prune::test {

enum class Claim { soundness, bounds, domain };

struct ConstraintSpec {
    std::string name;
    int min_arity = 2;
    int max_arity = 4;
    int min_value = -2;  // random domains are subsets of [min_value, max_value]
    int max_value = 4;
    std::function<bool(const std::vector<int>&)> holds;
    // Posts the constraint; may use the Random it is given to draw parameters, but
    // must draw the same ones for the same seed (it is called more than once).
    std::function<void(Solver&, const std::vector<IntVar>&, std::uint64_t seed)> post;
    // The predicate may depend on the parameters drawn from the seed.
    std::function<bool(const std::vector<int>&, std::uint64_t seed)> holds_with_seed;
    Claim claim = Claim::soundness;
};

struct CheckOptions {
    int instances = 300;
    std::uint64_t seed = 1;
    int node_checks = 4;       // random descents per instance
    bool search = true;        // compare full-search solution sets
    std::int64_t max_assignments = 40000;  // skip instances whose product is larger
};

// Empty when every check passed, else a description of the first discrepancy.
std::string check_constraint(const ConstraintSpec& spec, const CheckOptions& options = {});

// The search configurations every differential test runs (input order, first-fail,
// dom/wdeg; min, max, median, split, random; no restarts, Luby, geometric).
std::vector<SearchOptions> search_configurations();

// All solutions of a fresh model, each as the values of `vars`, sorted.
using Assignment = std::vector<int>;
std::vector<Assignment> all_solutions(const std::function<std::vector<IntVar>(Solver&)>& build,
                                      const SearchOptions& options, SearchStatus* status = nullptr);

}  // namespace prune::test
