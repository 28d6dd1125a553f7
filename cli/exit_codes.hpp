// The exit codes of the prune command, shared by every subcommand.
// solve --batch (cli/batch_command.cpp): exit_usage if any puzzle was bad, else
// exit_limit if a limit stopped any, else exit_solved (unsat puzzles are answers too).
#pragma once

namespace prune::cli {

enum ExitCode : int {
    exit_solved = 0,       // a solution was found (or a count / --all run completed); check: every rule holds
    exit_no_solution = 1,  // the search proved that there is no solution; check: some rule fails
    exit_usage = 2,        // usage error or unreadable input
    exit_limit = 3,        // a limit (time, nodes, failures) stopped the search first
    exit_internal_error = 4,  // a bug in prune: a solution the engine found breaks a rule of the puzzle
};

}  // namespace prune::cli
