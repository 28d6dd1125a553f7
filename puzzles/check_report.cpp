#include "puzzles/check_report.hpp"

namespace prune::puzzles {

CheckReport check_solution(const Puzzle& puzzle, const Values& values) {
    CheckReport report;
    const CellNames names = puzzle.cell_names();
    for (const Rule& rule : puzzle.rules()) {
        const RuleOutcome outcome = evaluate(rule, values, names);
        report.lines.push_back(CheckLine{rule.label + " " + outcome.detail, outcome.holds});
        if (!outcome.holds) ++report.broken;
    }
    return report;
}

std::string CheckReport::summary() const {
    if (ok()) return "Puzzle OK: solution successful.";
    return "Puzzle ERROR: " + std::to_string(broken) + " of " + std::to_string(lines.size()) + " rules " + (broken == 1 ? "is" : "are") + " broken.";
}

std::string CheckReport::to_text() const {
    std::string text;
    for (const CheckLine& line : lines) text += line.text + (line.ok ? " OK\n" : " ERROR\n");
    return text + summary() + "\n";
}

}  // namespace prune::puzzles
