#include "puzzles/kurosu/kurosu_puzzle.hpp"

namespace prune::puzzles {

KurosuPuzzle::KurosuPuzzle(int height, int width, std::vector<int> clues, bool unique_lines, bool weak_lines)
    : GridPuzzle(height, width), clues_(std::move(clues)), unique_lines_(unique_lines), weak_lines_(weak_lines) {}

std::string KurosuPuzzle::pair_name(const char* what, int a, int b) {
    std::string name = what;
    name += ' ';
    name += std::to_string(a + 1);
    name += ',';
    name += std::to_string(b + 1);
    return name;
}

std::string KurosuPuzzle::summary() const {
    return "kurosu " + std::to_string(height()) + "x" + std::to_string(width()) + (unique_lines_ ? " with unique lines" : "");
}

std::vector<Rule> KurosuPuzzle::rules() const {
    std::vector<Rule> rules;
    rules.push_back(values_in_range_rule("Cells", cell_count(), 0, 1));

    rules.push_back(clues_rule(clues_, unknown, cell_count()));

    // Each line: balanced (sum = half its length) and no run of three.
    auto add_line_rules = [&rules](const std::string& name, const std::vector<int>& cells) {
        Rule balance;
        balance.label = name + " balance";
        balance.shape = RuleShape::sum_between;
        balance.cells = cells;
        balance.low = balance.high = static_cast<int>(cells.size()) / 2;
        rules.push_back(balance);
        Rule runs;
        runs.label = name + " runs";
        runs.shape = RuleShape::no_long_run;
        runs.cells = cells;
        runs.high = 2;
        rules.push_back(std::move(runs));
    };
    for (int r = 0; r < height(); ++r) add_line_rules(numbered_name("row", r), row_cells(r));
    for (int c = 0; c < width(); ++c) add_line_rules(numbered_name("column", c), column_cells(c));

    if (unique_lines_) {
        for (int a = 0; a < height(); ++a) {
            for (int b = a + 1; b < height(); ++b) {
                rules.push_back(Rule{pair_name("rows", a, b), RuleShape::lines_differ, row_cells(a), row_cells(b), 0, 0, {}});
            }
        }
        for (int a = 0; a < width(); ++a) {
            for (int b = a + 1; b < width(); ++b) {
                rules.push_back(Rule{pair_name("columns", a, b), RuleShape::lines_differ, column_cells(a), column_cells(b), 0, 0, {}});
            }
        }
    }
    return rules;
}

}  // namespace prune::puzzles
