// Number Workout: 13 hexagons in a fixed honeycomb, each split into 6 segments. The
// digits 1..6 go into the segments, all different within a hexagon; where two
// hexagons touch, the two touching segments hold the same digit. The 78 cells (r1c1..)
// are the input's digits in reading order (see hexagon_map.hpp for the layout).
#pragma once
#include <vector>

#include "puzzles/numberworkout/hexagon_map.hpp"
#include "puzzles/common/grid_puzzle.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

// Cells r1c1.. by the rows of the input (3, 9, ..., 9, 3 cells), the plain output in
// that layout and reading it back: GridPuzzle.
class NumberWorkoutPuzzle final : public GridPuzzle {
public:
    static constexpr int unknown = 0;

    // `clues`: 78 digits, 0 for unknown.
    explicit NumberWorkoutPuzzle(std::vector<int> clues);

    const HexagonMap& map() const { return map_; }
    int clue(int cell) const { return clues_[cell]; }

    // "hexagon 4" (1..13), in check lines and traces alike.
    static std::string hexagon_name(int h) { return numbered_name("hexagon", h - 1); }
    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    // {"cells": [...]}: the 78 digits in cell order.
    void write_json_solution(JsonWriter& json, const Values& values) const override;
    std::string render_html_figure(const Values& values) const override;

private:
    std::vector<int> clues_;
    HexagonMap map_;
};

ParseResult parse_numberworkout(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
