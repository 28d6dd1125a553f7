// Probing: singleton arc consistency (SAC, Debruyne and Bessière, "Some practicable
// filtering techniques for the constraint satisfaction problem", IJCAI 1997) at the
// solver's current level, as a pass before search.
//
// For each value v of each unfixed variable x of the list: push a level, assign
// x = v, propagate, pop. When that fails, v cannot be in any solution and is removed
// at the current level (then propagated). Passes repeat until one removes nothing
// (the SAC fixpoint of the list's variables: SAC-1) or `max_passes` is reached. A
// probe is not a search node: it makes no choice that the search would have to undo
// or count, and a value it removes is implied by the propagators. What a person
// solving a hard puzzle does when they "try a digit and see it break" at one level.
//
// Cost: one propagation fixpoint per probe, at most sum |D(x)| probes a pass; the
// statistics count them. Interruptible: a stop request or the deadline of the
// solver (Solver::set_interrupt) ends it with the domains pruned so far (sound). It
// allocates (the values of a domain are copied before probing them): call it before
// the search, not inside a propagator.
#pragma once
#include <cstdint>
#include <vector>

#include "solver.hpp"

namespace prune {

struct ProbeStatistics {
    std::uint64_t probes = 0;   // assignments tried
    std::uint64_t removed = 0;  // values removed because their probe failed
    int passes = 0;
    double seconds = 0;         // by the host's clock; 0 without one
};

enum class ProbeResult : std::uint8_t {
    fixpoint,     // SAC on the list (or max_passes passes done)
    failed,       // the problem has no solution (the solver is root-failed at depth 0)
    interrupted,  // a stop request or the deadline: sound, not complete
};

// The solver must be at a propagation fixpoint (call propagate() first) with an
// empty queue. max_passes 0: until a pass removes nothing.
ProbeResult probe_values(Solver& s, const std::vector<IntVar>& vars, ProbeStatistics& statistics, int max_passes = 0);

}  // namespace prune
