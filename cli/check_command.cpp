#include <ostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/input.hpp"
#include "puzzles/check_report.hpp"
#include "puzzles/solution_reader.hpp"

namespace prune::cli {

int run_check(const CommandLine& command, std::ostream& out, std::ostream& err) {
    std::string origin;
    const auto puzzle = load_puzzle(command, command.files[0], origin, err);
    if (!puzzle) return exit_usage;

    std::string error;
    const auto solution_text = read_input(command.files[1], error);
    if (!solution_text) {
        err << error << "\n";
        return exit_usage;
    }
    puzzles::Diagnostic diagnostic;
    const auto values = puzzles::read_solution(*puzzle, *solution_text, diagnostic);
    if (!values) {
        err << diagnostic.to_string() << "\n";
        return exit_usage;
    }
    const puzzles::CheckReport report = puzzles::check_solution(*puzzle, *values);
    out << report.to_text();
    return report.ok() ? exit_solved : exit_no_solution;
}

}  // namespace prune::cli
