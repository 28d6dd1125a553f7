#include "puzzles/numberworkout/numberworkout_puzzle.hpp"

namespace prune::puzzles {

NumberWorkoutPuzzle::NumberWorkoutPuzzle(std::vector<int> clues)
    : GridPuzzle(std::vector<int>(workout_row_lengths.begin(), workout_row_lengths.end())), clues_(std::move(clues)), map_(build_hexagon_map()) {}

std::string NumberWorkoutPuzzle::summary() const {
    int given = 0;
    for (int v : clues_) given += v != unknown ? 1 : 0;
    return "number workout (13 hexagons, 78 cells, " + std::to_string(given) + " given)";
}

std::vector<Rule> NumberWorkoutPuzzle::rules() const {
    std::vector<Rule> rules;
    const CellNames names = cell_names();
    rules.push_back(values_in_range_rule("Cells", workout_cells, 1, 6));

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

}  // namespace prune::puzzles
