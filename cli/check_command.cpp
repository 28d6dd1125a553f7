#include <ostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/input.hpp"
#include "puzzles/check_report.hpp"
#include "puzzles/rule.hpp"
#include "puzzles/solution_reader.hpp"

namespace prune::cli {
namespace {

// Whether every value lies in its cell's range (the kind's values_in_range rules):
// only such a grid is drawn, since a kind's drawing may look values up.
bool values_in_range(const puzzles::Puzzle& puzzle, const puzzles::Values& values) {
    for (const puzzles::Rule& rule : puzzle.rules()) {
        if (rule.shape != puzzles::RuleShape::values_in_range) continue;
        for (const int cell : rule.cells) {
            const int v = values[static_cast<std::size_t>(cell)];
            if (v < rule.low || v > rule.high) return false;
        }
    }
    return true;
}

}  // namespace

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
    support::Diagnostic diagnostic;
    const auto values = puzzles::read_solution(*puzzle, *solution_text, diagnostic);
    if (!values) {
        err << diagnostic.to_string() << "\n";
        return exit_usage;
    }
    const puzzles::CheckReport report = puzzles::check_solution(*puzzle, *values);
    // The grid first: for an SMT model (smtlib | z3 -in | check) this is the only
    // place a person sees the solver's answer as a puzzle.
    if (values_in_range(*puzzle, *values)) out << puzzle->render_plain(*values);
    out << report.to_text();
    return report.ok() ? exit_solved : exit_no_solution;
}

}  // namespace prune::cli
