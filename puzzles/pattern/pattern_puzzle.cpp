#include "puzzles/pattern/pattern_puzzle.hpp"

namespace prune::puzzles {

PatternPuzzle::PatternPuzzle(std::vector<Clue> row_clues, std::vector<Clue> column_clues, std::vector<int> given)
    : GridPuzzle(static_cast<int>(row_clues.size()), static_cast<int>(column_clues.size())),
      row_clues_(std::move(row_clues)),
      column_clues_(std::move(column_clues)),
      given_(std::move(given)) {
    if (given_.empty()) given_.assign(static_cast<std::size_t>(cell_count()), unknown);
}

std::string PatternPuzzle::summary() const {
    return "pattern " + std::to_string(width()) + "x" + std::to_string(height());
}

std::vector<Rule> PatternPuzzle::rules() const {
    std::vector<Rule> rules;
    rules.push_back(values_in_range_rule("Cells", cell_count(), 0, 1));
    const Rule given = clues_rule(given_, unknown, cell_count());
    if (!given.cells.empty()) rules.push_back(given);
    auto add_line = [&rules](std::string label, std::vector<int> cells, const Clue& clue) {
        Rule rule;
        rule.label = std::move(label);
        rule.shape = RuleShape::line_runs;
        rule.cells = std::move(cells);
        rule.given = clue;
        rules.push_back(std::move(rule));
    };
    for (int r = 0; r < height(); ++r) add_line(numbered_name("row", r), row_cells(r), row_clue(r));
    for (int c = 0; c < width(); ++c) add_line(numbered_name("column", c), column_cells(c), column_clue(c));
    return rules;
}

}  // namespace prune::puzzles
