// The exit code of `prune solve` (one puzzle), from what the search reported. Header
// only, so that the test suite checks the rule without running the command.
#pragma once
#include "cli/exit_codes.hpp"
#include "puzzles/solve.hpp"

namespace prune::cli {

// `solutions_hold`: every solution reported passed the kind's rule check; one that
// did not is a bug in prune (exit_internal_error), whatever else happened.
inline int solve_exit_code(const puzzles::SolveSettings& settings, const puzzles::SolveOutcome& outcome, bool solutions_hold) {
    using puzzles::SolveMode;
    if (!solutions_hold) return exit_internal_error;
    if (!outcome.error.empty()) return exit_usage;
    if (settings.mode == SolveMode::count || settings.mode == SolveMode::all) {
        const bool stopped_at_n = settings.mode == SolveMode::all && settings.max_solutions != 0 && outcome.solutions >= settings.max_solutions;
        if (outcome.limit_reached && !stopped_at_n) return exit_limit;
        return outcome.solutions > 0 ? exit_solved : exit_no_solution;
    }
    if (outcome.solutions > 0) return exit_solved;
    return outcome.limit_reached ? exit_limit : exit_no_solution;
}

}  // namespace prune::cli
