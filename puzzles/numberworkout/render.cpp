// Number Workout output: the JSON cell list and an SVG of the 13 hexagons with the
// touching pairs highlighted (the plain digits in the input's layout are GridPuzzle's).
#include <cmath>
#include <numbers>

#include "puzzles/common/svg.hpp"
#include "puzzles/numberworkout/numberworkout_puzzle.hpp"

namespace prune::puzzles {
void NumberWorkoutPuzzle::write_json_solution(JsonWriter& json, const Values& values) const {
    write_json_values(json, "cells", values);
}

std::string NumberWorkoutPuzzle::render_html_figure(const Values& values) const {
    constexpr double radius = 46;
    constexpr double margin = 10;
    const double half_height = std::sqrt(3.0) / 2.0 * radius;  // apothem
    const double width = 5 * radius + 2 * margin;
    const double height = 10 * half_height + 2 * margin;
    std::string svg = svg_open(svg_one_decimal(width), svg_one_decimal(height));
    const CellNames names = cell_names();  // as in the check lines
    for (int h = 1; h <= workout_hexagons; ++h) {
        const double cx = margin + radius + 1.5 * radius * (map_.column[h - 1] + 1);
        const double cy = margin + half_height * (map_.half_row[h - 1] + 1);
        svg += "<g><title>" + hexagon_name(h) + "</title>\n";
        for (const HexagonSegment& s : map_.segments[h - 1]) {
            // Side `direction` faces 90 - 60*direction degrees; its corners are 30 degrees either side.
            const double facing = (90.0 - 60.0 * s.direction) * std::numbers::pi / 180.0;
            const double left = facing + std::numbers::pi / 6;
            const double right = facing - std::numbers::pi / 6;
            const bool pair = s.partner >= 0;
            svg += "<polygon points=\"" + svg_one_decimal(cx) + "," + svg_one_decimal(cy) + " " + svg_one_decimal(cx + radius * std::cos(left)) + "," +
                   svg_one_decimal(cy - radius * std::sin(left)) + " " + svg_one_decimal(cx + radius * std::cos(right)) + "," + svg_one_decimal(cy - radius * std::sin(right)) +
                   "\" fill=\"" + (pair ? "#bbdefb" : "#ffffff") + "\" stroke=\"#546e7a\" stroke-width=\"1\"><title>" + names[static_cast<std::size_t>(s.cell)] +
                   (pair ? " (pair with " + names[static_cast<std::size_t>(s.partner)] + ")" : std::string()) + "</title></polygon>\n";
            const double tx = cx + 0.58 * radius * std::cos(facing);
            const double ty = cy - 0.58 * radius * std::sin(facing) + 6;
            const bool given = clues_[s.cell] != unknown;
            svg += "<text x=\"" + svg_one_decimal(tx) + "\" y=\"" + svg_one_decimal(ty) + "\" text-anchor=\"middle\" font-size=\"17\" font-family=\"sans-serif\"" +
                   (given ? " font-weight=\"bold\"" : " fill=\"#37474f\"") + ">" + std::to_string(values[s.cell]) + "</text>\n";
        }
        svg += "<text x=\"" + svg_one_decimal(cx) + "\" y=\"" + svg_one_decimal(cy + 3) + "\" text-anchor=\"middle\" font-size=\"9\" fill=\"#90a4ae\">" + std::to_string(h) +
               "</text>\n</g>\n";
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
