#include "puzzles/sudoku/sudoku_puzzle.hpp"

#include "puzzles/common/grid_name.hpp"

namespace prune::puzzles {

SudokuPuzzle::SudokuPuzzle(int box, std::vector<int> clues) : box_(box), clues_(std::move(clues)) {}

std::vector<int> SudokuPuzzle::row_cells(int r) const {
    std::vector<int> cells;
    for (int c = 0; c < side(); ++c) cells.push_back(r * side() + c);
    return cells;
}

std::vector<int> SudokuPuzzle::column_cells(int c) const {
    std::vector<int> cells;
    for (int r = 0; r < side(); ++r) cells.push_back(r * side() + c);
    return cells;
}

std::vector<int> SudokuPuzzle::box_cells(int b) const {
    std::vector<int> cells;
    const int top = (b / box_) * box_;
    const int left = (b % box_) * box_;
    for (int r = top; r < top + box_; ++r) {
        for (int c = left; c < left + box_; ++c) cells.push_back(r * side() + c);
    }
    return cells;
}

CellNames SudokuPuzzle::cell_names() const { return grid_names(side(), side()); }

std::string SudokuPuzzle::group_name(const char* what, int i) {
    std::string name = what;
    name += ' ';
    name += std::to_string(i + 1);
    return name;
}

std::string SudokuPuzzle::summary() const {
    int given = 0;
    for (int v : clues_) given += v != unknown ? 1 : 0;
    return "sudoku " + std::to_string(side()) + "x" + std::to_string(side()) + " (" + std::to_string(given) + " given)";
}

std::vector<Rule> SudokuPuzzle::rules() const {
    std::vector<Rule> rules;
    Rule domain;
    domain.label = "Cells";
    domain.shape = RuleShape::values_in_range;
    for (int c = 0; c < cell_count(); ++c) domain.cells.push_back(c);
    domain.low = 1;
    domain.high = side();
    rules.push_back(std::move(domain));

    rules.push_back(clues_rule(clues_, unknown, cell_count()));

    auto add_group = [&](const std::string& label, std::vector<int> cells) {
        rules.push_back(Rule{label, RuleShape::all_different, std::move(cells), {}, 1, side(), {}});
    };
    for (int i = 0; i < side(); ++i) add_group(group_name("row", i), row_cells(i));
    for (int i = 0; i < side(); ++i) add_group(group_name("column", i), column_cells(i));
    for (int i = 0; i < side(); ++i) add_group(group_name("box", i), box_cells(i));
    return rules;
}

}  // namespace prune::puzzles
