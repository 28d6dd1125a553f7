#include <ostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "puzzles/registry.hpp"

namespace prune::cli {

int run_list(std::ostream& out) {
    for (const puzzles::PuzzleKind& kind : puzzles::Registry::global().kinds()) {
        out << kind.name << std::string(kind.name.size() < 15 ? 15 - kind.name.size() : 1, ' ') << kind.description << "\n";
    }
    return exit_solved;
}

}  // namespace prune::cli
