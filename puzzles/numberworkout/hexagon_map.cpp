#include "puzzles/numberworkout/hexagon_map.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <sstream>

namespace prune::puzzles {
namespace {

// The cell-to-hexagon map, by input row, exactly as the puzzle defines it: cells are
// separated by '|'; "1 2" means the cell belongs to hexagons 1 and 2.
constexpr std::array<const char*, workout_rows> map_definition = {
    "1 | 1 | 1",
    "2 | 2 | 1 2 | 1 2 | 1 4 | 1 3 | 1 3 | 3 | 3",
    "2 | 2 5 | 2 4 | 2 4 | 1 4 | 3 4 | 3 4 | 3 6 | 3",
    "5 | 2 5 | 4 5 | 4 5 | 4 7 | 4 6 | 4 6 | 3 6 | 6",
    "5 | 5 8 | 5 7 | 5 7 | 4 7 | 6 7 | 6 7 | 6 9 | 6",
    "8 | 5 8 | 7 8 | 7 8 | 7 10 | 7 9 | 7 9 | 6 9 | 9",
    "8 | 8 11 | 8 10 | 8 10 | 7 10 | 9 10 | 9 10 | 9 12 | 9",
    "11 | 8 11 | 10 11 | 10 11 | 10 13 | 10 12 | 10 12 | 9 12 | 12",
    "11 | 11 | 11 13 | 11 13 | 10 13 | 12 13 | 12 13 | 12 | 12",
    "13 | 13 | 13",
};

// Where each hexagon sits in the honeycomb (drawing only): the middle column holds
// 1, 4, 7, 10, 13; the side columns are half a hexagon lower.
constexpr std::array<int, workout_hexagons> hexagon_column = {0, -1, 1, 0, -1, 1, 0, -1, 1, 0, -1, 1, 0};
constexpr std::array<int, workout_hexagons> hexagon_half_row = {0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8};

// Angle (degrees, counter-clockwise from east, y up) of the side `direction` faces:
// direction 0 is north (90 degrees), then clockwise.
double direction_angle(int direction) { return 90.0 - 60.0 * direction; }

double angle_distance(double a, double b) {
    double d = std::fmod(std::fabs(a - b), 360.0);
    return d > 180.0 ? 360.0 - d : d;
}

// The side of hexagon `from` that faces its neighbour `to`.
int direction_towards(const HexagonMap& map, int from, int to) {
    const double dx = 1.5 * (map.column[to - 1] - map.column[from - 1]);
    const double dy = -(std::sqrt(3.0) / 2.0) * (map.half_row[to - 1] - map.half_row[from - 1]);
    const double angle = std::atan2(dy, dx) * 180.0 / std::numbers::pi;
    int best = 0;
    for (int d = 1; d < 6; ++d) {
        if (angle_distance(angle, direction_angle(d)) < angle_distance(angle, direction_angle(best))) best = d;
    }
    return best;
}

// Position of a cell in the input's text layout (short rows centred), y up.
std::pair<double, double> text_position(const HexagonMap& map, int cell) {
    const int row = map.row_of_cell[cell];
    const int offset = (9 - workout_row_lengths[row]) / 2;
    return {static_cast<double>(map.position_in_row[cell] + offset), -static_cast<double>(row)};
}

// The mean text position of the cells naming hexagon h.
std::pair<double, double> text_centroid(const HexagonMap& map, int h) {
    double cx = 0;
    double cy = 0;
    int count = 0;
    for (int cell = 0; cell < static_cast<int>(map.hexagons_of_cell.size()); ++cell) {
        const auto& hs = map.hexagons_of_cell[cell];
        if (std::find(hs.begin(), hs.end(), h) == hs.end()) continue;
        const auto [x, y] = text_position(map, cell);
        cx += x;
        cy += y;
        ++count;
    }
    return count == 0 ? std::pair{0.0, 0.0} : std::pair{cx / count, cy / count};
}

double squared_distance(std::pair<double, double> a, std::pair<double, double> b) {
    return (a.first - b.first) * (a.first - b.first) + (a.second - b.second) * (a.second - b.second);
}

// Gives the segments of hexagon h that have no neighbour (single cells) the free
// sides, matching the cells' positions in the text layout to the sides' directions
// as closely as possible (at most 3 singles: a brute-force search over orders).
void place_single_segments(HexagonMap& map, int h, std::vector<HexagonSegment*> singles, std::vector<int> free_sides) {
    if (singles.empty()) return;
    const auto [cx, cy] = text_centroid(map, h);
    std::sort(free_sides.begin(), free_sides.end());
    std::vector<int> best = free_sides;
    double best_cost = 1e300;
    do {
        double cost = 0;
        for (std::size_t i = 0; i < singles.size(); ++i) {
            const auto [x, y] = text_position(map, singles[i]->cell);
            const double angle = std::atan2(y - cy, x - cx) * 180.0 / std::numbers::pi;
            cost += angle_distance(angle, direction_angle(free_sides[i]));
        }
        if (cost < best_cost) {
            best_cost = cost;
            best = free_sides;
        }
    } while (std::next_permutation(free_sides.begin(), free_sides.end()));
    for (std::size_t i = 0; i < singles.size(); ++i) singles[i]->direction = best[i];
}

// The cells of the map definition, row by row, each with the hexagons it belongs to.
void read_map_cells(HexagonMap& map) {
    for (int row = 0; row < workout_rows; ++row) {
        std::stringstream row_text(map_definition[row]);
        std::string cell_text;
        int position = 0;
        while (std::getline(row_text, cell_text, '|')) {
            std::stringstream numbers(cell_text);
            std::vector<int> hexagons;
            int h = 0;
            while (numbers >> h) hexagons.push_back(h);
            map.hexagons_of_cell.push_back(hexagons);
            map.row_of_cell.push_back(row);
            map.position_in_row.push_back(position++);
        }
        if (position != workout_row_lengths[row] && map.inconsistency.empty()) {
            map.inconsistency = "map row " + std::to_string(row) + " has " + std::to_string(position) + " cells";
        }
    }
    if (static_cast<int>(map.hexagons_of_cell.size()) != workout_cells && map.inconsistency.empty()) {
        map.inconsistency = "the map has " + std::to_string(map.hexagons_of_cell.size()) + " cells";
    }
}

// Touching pairs: the cells naming the same two hexagons.
void find_touching_pairs(HexagonMap& map) {
    std::map<std::pair<int, int>, std::vector<int>> cells_of_pair;
    for (int cell = 0; cell < static_cast<int>(map.hexagons_of_cell.size()); ++cell) {
        const auto& hs = map.hexagons_of_cell[cell];
        if (hs.size() == 2) cells_of_pair[{std::min(hs[0], hs[1]), std::max(hs[0], hs[1])}].push_back(cell);
        for (int h : hs) {
            if ((h < 1 || h > workout_hexagons || hs.size() > 2) && map.inconsistency.empty()) {
                map.inconsistency = "cell " + std::to_string(cell) + " names an invalid hexagon list";
            }
        }
    }
    for (const auto& [hexagons, cells] : cells_of_pair) {
        if (cells.size() != 2) {
            if (map.inconsistency.empty()) {
                map.inconsistency = "hexagons " + std::to_string(hexagons.first) + " and " + std::to_string(hexagons.second) + " are named by " +
                                    std::to_string(cells.size()) + " cells, not 2";
            }
            continue;
        }
        map.pairs.push_back(TouchingPair{hexagons.first, hexagons.second, cells[0], cells[1]});
    }
}

// The six segments of each hexagon: its single cells, and one per pair.
void collect_segments(HexagonMap& map) {
    for (int cell = 0; cell < static_cast<int>(map.hexagons_of_cell.size()); ++cell) {
        const auto& hs = map.hexagons_of_cell[cell];
        if (hs.size() == 1 && hs[0] >= 1 && hs[0] <= workout_hexagons) map.segments[hs[0] - 1].push_back(HexagonSegment{cell, -1, 0});
    }
    for (const TouchingPair& p : map.pairs) {
        // Of the two cells, the one nearer (in the text layout) to hexagon a's cells is
        // drawn in hexagon a. Both hold the same digit; this only keeps the picture
        // close to the text.
        const auto centre_a = text_centroid(map, p.hexagon_a);
        const bool swap = squared_distance(text_position(map, p.cell_b), centre_a) < squared_distance(text_position(map, p.cell_a), centre_a);
        const int in_a = swap ? p.cell_b : p.cell_a;
        const int in_b = swap ? p.cell_a : p.cell_b;
        map.segments[p.hexagon_a - 1].push_back(HexagonSegment{in_a, in_b, direction_towards(map, p.hexagon_a, p.hexagon_b)});
        map.segments[p.hexagon_b - 1].push_back(HexagonSegment{in_b, in_a, direction_towards(map, p.hexagon_b, p.hexagon_a)});
    }
}

// Hexagon h's pair segments face their neighbours; its single segments take the free
// sides; then its segments are sorted by cell.
void orient_segments(HexagonMap& map, int h) {
    auto& segments = map.segments[h - 1];
    if (segments.size() != 6) {
        if (map.inconsistency.empty()) {
            map.inconsistency = "hexagon " + std::to_string(h) + " has " + std::to_string(segments.size()) + " segments, not 6";
        }
        return;
    }
    std::vector<bool> taken(6, false);
    std::vector<HexagonSegment*> single_segments;
    for (HexagonSegment& s : segments) {
        if (s.partner >= 0) {
            if (taken[s.direction] && map.inconsistency.empty()) map.inconsistency = "hexagon " + std::to_string(h) + " has two neighbours on one side";
            taken[s.direction] = true;
        } else {
            single_segments.push_back(&s);
        }
    }
    std::vector<int> free_sides;
    for (int d = 0; d < 6; ++d) {
        if (!taken[d]) free_sides.push_back(d);
    }
    if (free_sides.size() == single_segments.size()) place_single_segments(map, h, single_segments, free_sides);
    // Keep segments in reading order of their cells: a stable, documented order.
    std::sort(segments.begin(), segments.end(), [](const HexagonSegment& a, const HexagonSegment& b) { return a.cell < b.cell; });
}

}  // namespace

HexagonMap build_hexagon_map() {
    HexagonMap map;
    map.column = hexagon_column;
    map.half_row = hexagon_half_row;
    read_map_cells(map);
    find_touching_pairs(map);
    collect_segments(map);
    for (int h = 1; h <= workout_hexagons; ++h) orient_segments(map, h);
    return map;
}

}  // namespace prune::puzzles
