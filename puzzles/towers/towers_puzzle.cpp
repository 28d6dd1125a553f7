#include "puzzles/towers/towers_puzzle.hpp"

namespace prune::puzzles {

TowersPuzzle::TowersPuzzle(int order, std::vector<int> clues, std::vector<int> givens)
    : LatinSquarePuzzle(order, std::move(givens)), clues_(std::move(clues)) {}

std::vector<int> TowersPuzzle::clue_line(int k) const {
    const int n = order();
    const int side = k / n;
    const int index = k % n;
    std::vector<int> cells;
    for (int step = 0; step < n; ++step) {
        switch (side) {
            case 0: cells.push_back(cell_at(step, index)); break;          // top: down the column
            case 1: cells.push_back(cell_at(n - 1 - step, index)); break;  // bottom: up the column
            case 2: cells.push_back(cell_at(index, step)); break;          // left: along the row
            default: cells.push_back(cell_at(index, n - 1 - step)); break; // right: back along the row
        }
    }
    return cells;
}

std::string TowersPuzzle::clue_name(int k) const {
    static const char* const sides[] = {"top", "bottom", "left", "right"};
    return numbered_name(sides[k / order()], k % order());
}

std::string TowersPuzzle::summary() const {
    int clues = 0;
    for (int c : clues_) clues += c != no_clue ? 1 : 0;
    int given_count = 0;
    for (int g : givens()) given_count += g != no_given ? 1 : 0;
    return "towers " + std::to_string(order()) + "x" + std::to_string(order()) + " (" + std::to_string(clues) + " clues, " +
           std::to_string(given_count) + " given)";
}

std::vector<Rule> TowersPuzzle::rules() const {
    std::vector<Rule> rules = latin_rules();
    const CellNames names = cell_names();
    for (int k = 0; k < clue_count(); ++k) {
        if (clue(k) == no_clue) continue;
        Rule rule;
        rule.cells = clue_line(k);
        rule.label = clue_name(k) + " sees " + std::to_string(clue(k)) + " " + bracketed_names(rule.cells, names);
        rule.shape = RuleShape::visible_count;
        rule.low = rule.high = clue(k);
        rules.push_back(std::move(rule));
    }
    return rules;
}

}  // namespace prune::puzzles
