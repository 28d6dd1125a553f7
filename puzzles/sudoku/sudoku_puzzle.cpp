#include "puzzles/sudoku/sudoku_puzzle.hpp"

namespace prune::puzzles {

SudokuPuzzle::SudokuPuzzle(int box, std::vector<int> clues) : GridPuzzle(box * box, box * box), box_(box), clues_(std::move(clues)) {}

std::vector<int> SudokuPuzzle::box_cells(int b) const {
    std::vector<int> cells;
    const int top = (b / box_) * box_;
    const int left = (b % box_) * box_;
    for (int r = top; r < top + box_; ++r) {
        for (int c = left; c < left + box_; ++c) cells.push_back(r * side() + c);
    }
    return cells;
}

std::string SudokuPuzzle::summary() const {
    int given = 0;
    for (int v : clues_) given += v != unknown ? 1 : 0;
    return "sudoku " + std::to_string(side()) + "x" + std::to_string(side()) + " (" + std::to_string(given) + " given)";
}

std::vector<Rule> SudokuPuzzle::rules() const {
    std::vector<Rule> rules;
    rules.push_back(values_in_range_rule("Cells", cell_count(), 1, side()));

    rules.push_back(clues_rule(clues_, unknown, cell_count()));

    auto add_group = [&](const std::string& label, std::vector<int> cells) {
        rules.push_back(Rule{label, RuleShape::all_different, std::move(cells), {}, 1, side(), {}});
    };
    for (int i = 0; i < side(); ++i) add_group(numbered_name("row", i), row_cells(i));
    for (int i = 0; i < side(); ++i) add_group(numbered_name("column", i), column_cells(i));
    for (int i = 0; i < side(); ++i) add_group(numbered_name("box", i), box_cells(i));
    return rules;
}

}  // namespace prune::puzzles
