// The subcommands of prune. Each writes its results to `out`, its diagnostics to
// `err`, and returns the process exit code (exit_codes.hpp).
#pragma once
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "cli/command_line.hpp"
#include "puzzles/puzzle.hpp"

namespace prune::cli {

int run_list(std::ostream& out);
int run_solve(const CommandLine& command, std::ostream& out, std::ostream& err);
// prune solve KIND FILE --batch (cli/batch_command.cpp); run_solve hands over to it.
int run_batch(const CommandLine& command, std::ostream& out, std::ostream& err);
int run_check(const CommandLine& command, std::ostream& out, std::ostream& err);
int run_smtlib(const CommandLine& command, std::ostream& out, std::ostream& err);
// The cubes of docs/scaling.md (cli/cube_commands.cpp): prune split, prune solve
// --cubes (run_solve hands over), prune merge RESULTS...
int run_split(const CommandLine& command, std::ostream& out, std::ostream& err);
int run_solve_cubes(const CommandLine& command, std::ostream& out, std::ostream& err);
int run_merge(const std::vector<std::string>& files, std::ostream& out, std::ostream& err);
// The same for FlatZinc (cli/fzn_cube_commands.cpp): prune split fzn MODEL.fzn --cubes N
// (args after "fzn"), prune fzn MODEL.fzn --cubes FILE (run_fzn hands over when
// has_cubes_flag(args)).
int run_split_fzn(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int run_fzn_cubes(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
bool has_cubes_flag(const std::vector<std::string>& args);
int run_trace_view(const CommandLine& command, std::ostream& out, std::ostream& err);  // cli/trace_view_command.cpp
// `prune fzn ARGS...` (args after "fzn"), in builds with the FlatZinc front end.
int run_fzn(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `prune xcsp3 FILE.xml [flags]`: the XCSP3 front end (xcsp3/), with the tracing flags.
int run_xcsp3(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// `prune generate KIND SIZE [...]` (args after "generate"): a puzzle with one solution.
int run_generate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Reads and parses the puzzle named by `path` ("" for the kind's built-in instance,
// or standard input when it has none; "-" for standard input). Prints the error and
// returns null on failure.
std::unique_ptr<puzzles::Puzzle> load_puzzle(const CommandLine& command, const std::string& path, std::string& origin, std::ostream& err);

}  // namespace prune::cli
