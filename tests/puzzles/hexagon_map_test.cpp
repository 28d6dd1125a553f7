// The Number Workout map: the transcription of the puzzle's definition is consistent.
#include <set>

#include "catch.hpp"
#include "puzzles/numberworkout/hexagon_map.hpp"

using namespace prune::puzzles;

TEST_CASE("number workout map: 78 cells, 26 touching pairs, six segments per hexagon", "[puzzles]") {
    const HexagonMap map = build_hexagon_map();
    INFO(map.inconsistency);
    REQUIRE(map.inconsistency.empty());
    CHECK(map.hexagons_of_cell.size() == 78);
    CHECK(map.pairs.size() == 26);  // 13 * 6 = 78 segments = 52 variables + 26 pairs
    // The examples from the puzzle's definition: V5, V6 name "1 2"; V7 and V16 name "1 4".
    CHECK(map.hexagons_of_cell[5] == std::vector<int>{1, 2});
    CHECK(map.hexagons_of_cell[6] == std::vector<int>{1, 2});
    CHECK(map.hexagons_of_cell[7] == std::vector<int>{1, 4});
    CHECK(map.hexagons_of_cell[16] == std::vector<int>{1, 4});
    for (int h = 1; h <= workout_hexagons; ++h) {
        const auto& segments = map.segments[h - 1];
        REQUIRE(segments.size() == 6);
        std::set<int> sides;
        for (const HexagonSegment& s : segments) sides.insert(s.direction);
        CHECK(sides.size() == 6);  // each side drawn once
    }
    // Every touching pair joins hexagons that are neighbours in the honeycomb, and the
    // two hexagons draw the pair on opposite sides.
    for (const TouchingPair& p : map.pairs) {
        const int dc = map.column[p.hexagon_b - 1] - map.column[p.hexagon_a - 1];
        const int dr = map.half_row[p.hexagon_b - 1] - map.half_row[p.hexagon_a - 1];
        INFO("pair " << p.hexagon_a << "," << p.hexagon_b);
        CHECK(((dc == 0 && (dr == 2 || dr == -2)) || ((dc == 1 || dc == -1) && (dr == 1 || dr == -1))));
        int side_a = -1;
        int side_b = -1;
        for (const HexagonSegment& s : map.segments[p.hexagon_a - 1]) {
            if (s.partner >= 0 && (s.cell == p.cell_a || s.cell == p.cell_b)) side_a = s.direction;
        }
        for (const HexagonSegment& s : map.segments[p.hexagon_b - 1]) {
            if (s.partner >= 0 && (s.cell == p.cell_a || s.cell == p.cell_b)) side_b = s.direction;
        }
        CHECK((side_a + 3) % 6 == side_b);
    }
    // Each hexagon of the middle column touches all six neighbours it has.
    for (int h : {4, 7, 10}) {
        int pairs = 0;
        for (const HexagonSegment& s : map.segments[h - 1]) pairs += s.partner >= 0 ? 1 : 0;
        CHECK(pairs == 6);
    }
}
