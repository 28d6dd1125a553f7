#include <ostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "puzzles/smtlib_writer.hpp"

namespace prune::cli {

int run_smtlib(const CommandLine& command, std::ostream& out, std::ostream& err) {
    std::string origin;
    const auto puzzle = load_puzzle(command, command.files.empty() ? "" : command.files[0], origin, err);
    if (!puzzle) return exit_usage;
    out << puzzles::write_smtlib(*puzzle, command.kind, origin);
    return exit_solved;
}

}  // namespace prune::cli
