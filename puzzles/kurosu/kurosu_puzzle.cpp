#include "puzzles/kurosu/kurosu_puzzle.hpp"

#include "puzzles/common/grid_name.hpp"
#include "puzzles/common/plain_grid.hpp"

namespace prune::puzzles {

KurosuPuzzle::KurosuPuzzle(int height, int width, std::vector<int> clues, bool unique_lines)
    : height_(height), width_(width), clues_(std::move(clues)), unique_lines_(unique_lines) {}

std::vector<int> KurosuPuzzle::row_cells(int r) const {
    std::vector<int> cells;
    for (int c = 0; c < width_; ++c) cells.push_back(r * width_ + c);
    return cells;
}

std::vector<int> KurosuPuzzle::column_cells(int c) const {
    std::vector<int> cells;
    for (int r = 0; r < height_; ++r) cells.push_back(r * width_ + c);
    return cells;
}

CellNames KurosuPuzzle::cell_names() const { return grid_names(height_, width_); }

std::string KurosuPuzzle::line_name(const char* what, int i) {
    std::string name = what;
    name += ' ';
    name += std::to_string(i + 1);
    return name;
}

std::string KurosuPuzzle::pair_name(const char* what, int a, int b) {
    std::string name = what;
    name += ' ';
    name += std::to_string(a + 1);
    name += ',';
    name += std::to_string(b + 1);
    return name;
}

std::string KurosuPuzzle::summary() const {
    return "kurosu " + std::to_string(height_) + "x" + std::to_string(width_) + (unique_lines_ ? " with unique lines" : "");
}

std::vector<Rule> KurosuPuzzle::rules() const {
    std::vector<Rule> rules;
    Rule domain;
    domain.label = "Cells";
    domain.shape = RuleShape::values_in_range;
    for (int c = 0; c < cell_count(); ++c) domain.cells.push_back(c);
    domain.low = 0;
    domain.high = 1;
    rules.push_back(std::move(domain));

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
    for (int r = 0; r < height_; ++r) add_line_rules(line_name("row", r), row_cells(r));
    for (int c = 0; c < width_; ++c) add_line_rules(line_name("column", c), column_cells(c));

    if (unique_lines_) {
        for (int a = 0; a < height_; ++a) {
            for (int b = a + 1; b < height_; ++b) {
                rules.push_back(Rule{pair_name("rows", a, b), RuleShape::lines_differ, row_cells(a), row_cells(b), 0, 0, {}});
            }
        }
        for (int a = 0; a < width_; ++a) {
            for (int b = a + 1; b < width_; ++b) {
                rules.push_back(Rule{pair_name("columns", a, b), RuleShape::lines_differ, column_cells(a), column_cells(b), 0, 0, {}});
            }
        }
    }
    return rules;
}

std::optional<Values> KurosuPuzzle::read_plain_solution(const SourceText& text, Diagnostic& error) const {
    return read_digit_grid(text, cell_count(), error);
}

}  // namespace prune::puzzles
