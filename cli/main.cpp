// prune: the command line. Parses the arguments, then hands over to one subcommand.
#include <iostream>
#include <string>
#include <vector>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/help.hpp"
#include "puzzles/registry.hpp"

int main(int argc, char** argv) {
    using namespace prune::cli;
    // Nothing happens before the arguments are parsed: a whole process that prints
    // --version or solves a seed puzzle costs little more than its start-up.
    const std::vector<std::string> args(argv + 1, argv + argc);
#if defined(PRUNE_WITH_FLATZINC)
    // `prune fzn FILE [flags]` is fzn-prune (which parses its own flags) with prune's tracing.
    if (!args.empty() && args[0] == "fzn") {
        std::ios::sync_with_stdio(false);
        return run_fzn(std::vector<std::string>(args.begin() + 1, args.end()), std::cout, std::cerr);
    }
#endif
    const CommandLineResult parsed = parse_command_line(args);
    if (!parsed.command_line) {
        std::cerr << "prune: error: " << parsed.error << "\n" << "Run 'prune --help' for usage.\n";
        return exit_usage;
    }
    const CommandLine& command = *parsed.command_line;
    // Unsynchronised streams write faster (batch output is large), at the price of a
    // buffer per standard stream: only for the commands that solve or read files.
    const bool prints_little = command.command == Command::help || command.command == Command::version || command.command == Command::kind_help ||
                               command.command == Command::list;
    if (!prints_little) std::ios::sync_with_stdio(false);
    switch (command.command) {
        case Command::help: std::cout << main_help(); return exit_solved;
        case Command::version: std::cout << version_text(); return exit_solved;
        case Command::kind_help: std::cout << kind_help(*prune::puzzles::Registry::global().find(command.kind)); return exit_solved;
        case Command::list: return run_list(std::cout);
        case Command::solve: return run_solve(command, std::cout, std::cerr);
        case Command::check: return run_check(command, std::cout, std::cerr);
        case Command::smtlib: return run_smtlib(command, std::cout, std::cerr);
        case Command::trace_view: return run_trace_view(command, std::cout, std::cerr);
    }
    return exit_usage;
}
