// The fixed layout of Number Workout: which of the 13 hexagons each of the 78 cells
// belongs to, and what follows from it (the touching pairs, the six segments of each
// hexagon, and where each segment is drawn).
//
// The map is kept as the text of the puzzle's definition (hexagon_map.cpp) and
// everything else is derived from it, so a transcription error shows up as a broken
// invariant (tested) instead of a silently different puzzle.
#pragma once
#include <array>
#include <string>
#include <vector>

namespace prune::puzzles {

inline constexpr int workout_rows = 10;
inline constexpr int workout_cells = 78;
inline constexpr int workout_hexagons = 13;
inline constexpr std::array<int, workout_rows> workout_row_lengths = {3, 9, 9, 9, 9, 9, 9, 9, 9, 3};

// Two cells naming the same two hexagons: one segment of each hexagon, on their
// shared edge; both hold the same digit.
struct TouchingPair {
    int hexagon_a;  // 1-based, hexagon_a < hexagon_b
    int hexagon_b;
    int cell_a;     // cell_a < cell_b
    int cell_b;
};

// One of the six segments of a hexagon, as the checker and the model see it: a cell of
// this hexagon alone, or a touching pair (counted once).
struct HexagonSegment {
    int cell;              // the cell drawn in this hexagon's segment
    int partner = -1;      // for a pair: the other cell (drawn in the neighbour), else -1
    int direction = 0;     // which side it is drawn on: 0 = north, then clockwise by 60 degrees
};

struct HexagonMap {
    std::vector<std::vector<int>> hexagons_of_cell;  // 1-based hexagon numbers per cell
    std::vector<int> row_of_cell;
    std::vector<int> position_in_row;                // 0-based
    std::vector<TouchingPair> pairs;
    std::array<std::vector<HexagonSegment>, workout_hexagons> segments;  // index: hexagon - 1
    // Drawing layout: the hexagons form three columns of a flat-topped honeycomb;
    // column -1, 0 or 1 and the vertical position in half-hexagon steps.
    std::array<int, workout_hexagons> column{};
    std::array<int, workout_hexagons> half_row{};
    // Empty when the map is consistent, else what is wrong with it.
    std::string inconsistency;
};

// Derives the map from its definition. Cheap (78 cells); called once per puzzle.
HexagonMap build_hexagon_map();

}  // namespace prune::puzzles
