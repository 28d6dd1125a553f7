// The exit code of prune solve: cli/solve_exit_code.hpp, checked without running the
// command (a solution that breaks a rule cannot be provoked from outside).
#include "catch.hpp"

#include "cli/solve_exit_code.hpp"

using prune::cli::solve_exit_code;
using prune::puzzles::SolveMode;
using prune::puzzles::SolveOutcome;
using prune::puzzles::SolveSettings;

TEST_CASE("prune solve exits 4 when a solution breaks a rule, whatever else happened", "[cli][exit]") {
    SolveSettings settings;
    SolveOutcome outcome;
    outcome.solutions = 1;
    CHECK(solve_exit_code(settings, outcome, true) == prune::cli::exit_solved);
    CHECK(solve_exit_code(settings, outcome, false) == prune::cli::exit_internal_error);
    outcome.limit_reached = true;
    CHECK(solve_exit_code(settings, outcome, false) == prune::cli::exit_internal_error);
    settings.mode = SolveMode::all;
    CHECK(solve_exit_code(settings, outcome, true) == prune::cli::exit_limit);
    CHECK(solve_exit_code(settings, outcome, false) == prune::cli::exit_internal_error);
}

TEST_CASE("prune solve exit codes for no solution, a limit, -n and an invalid model", "[cli][exit]") {
    SolveSettings settings;
    SolveOutcome outcome;
    outcome.exhausted = true;
    CHECK(solve_exit_code(settings, outcome, true) == prune::cli::exit_no_solution);
    outcome.exhausted = false;
    outcome.limit_reached = true;
    CHECK(solve_exit_code(settings, outcome, true) == prune::cli::exit_limit);
    settings.mode = SolveMode::all;
    settings.max_solutions = 2;
    outcome.solutions = 2;
    CHECK(solve_exit_code(settings, outcome, true) == prune::cli::exit_solved);  // stopped by -n, not the limit
    outcome.error = "bad";
    CHECK(solve_exit_code(settings, outcome, true) == prune::cli::exit_usage);
}
