#include "puzzles/numberworkout/numberworkout_puzzle.hpp"

#include "puzzles/common/grid_name.hpp"
#include "puzzles/common/plain_grid.hpp"

namespace prune::puzzles {

NumberWorkoutPuzzle::NumberWorkoutPuzzle(std::vector<int> clues) : clues_(std::move(clues)), map_(build_hexagon_map()) {}

std::string NumberWorkoutPuzzle::hexagon_name(int h) {
    std::string name = "hexagon ";
    name += std::to_string(h);
    return name;
}

CellNames NumberWorkoutPuzzle::cell_names() const {
    CellNames names;
    for (int r = 0; r < workout_rows; ++r) {
        for (int c = 0; c < workout_row_lengths[static_cast<std::size_t>(r)]; ++c) names.push_back(grid_name(r, c));
    }
    return names;
}

std::string NumberWorkoutPuzzle::summary() const {
    int given = 0;
    for (int v : clues_) given += v != unknown ? 1 : 0;
    return "number workout (13 hexagons, 78 cells, " + std::to_string(given) + " given)";
}

std::vector<Rule> NumberWorkoutPuzzle::rules() const {
    std::vector<Rule> rules;
    const CellNames names = cell_names();
    Rule digits;
    digits.label = "Cells";
    digits.shape = RuleShape::values_in_range;
    for (int c = 0; c < workout_cells; ++c) digits.cells.push_back(c);
    digits.low = 1;
    digits.high = 6;
    rules.push_back(std::move(digits));

    rules.push_back(clues_rule(clues_, unknown, workout_cells));

    for (const TouchingPair& p : map_.pairs) {
        Rule pair;
        pair.label = "pair " + names[static_cast<std::size_t>(p.cell_a)] + "=" + names[static_cast<std::size_t>(p.cell_b)] + " (hexagons " +
                     std::to_string(p.hexagon_a) + "," + std::to_string(p.hexagon_b) + ")";
        pair.shape = RuleShape::equal;
        pair.cells = {p.cell_a, p.cell_b};
        rules.push_back(std::move(pair));
    }
    for (int h = 1; h <= workout_hexagons; ++h) {
        Rule hexagon;
        hexagon.shape = RuleShape::all_different;
        // A pair is one segment: its cell on this hexagon's side stands for it (the
        // pair's own rule checks that the two cells agree).
        for (const HexagonSegment& s : map_.segments[h - 1]) hexagon.cells.push_back(s.cell);
        hexagon.label = hexagon_name(h) + " " + bracketed_names(hexagon.cells, names);
        hexagon.low = 1;
        hexagon.high = 6;
        rules.push_back(std::move(hexagon));
    }
    return rules;
}

std::optional<Values> NumberWorkoutPuzzle::read_plain_solution(const SourceText& text, Diagnostic& error) const {
    return read_digit_grid(text, workout_cells, error);
}

}  // namespace prune::puzzles
