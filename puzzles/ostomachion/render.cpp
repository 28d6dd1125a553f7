// Ostomachion output: 'REGION: COLOUR' lines, {"colours": [...]}, and an SVG of the
// region graph (regions on a circle, borders as lines, each disc in its colour).
#include <cmath>

#include "puzzles/common/svg.hpp"
#include "puzzles/common/support_names.hpp"
#include "puzzles/ostomachion/ostomachion_puzzle.hpp"

namespace prune::puzzles {

std::string OstomachionPuzzle::render_plain(const Values& values) const {
    std::string text;
    for (int r = 0; r < region_count(); ++r) text += regions_[r].name + ": " + colour_name(values[r]) + "\n";
    return text;
}

void OstomachionPuzzle::write_json_solution(JsonWriter& json, const Values& values) const {
    write_json_values(json, "colours", values);
}

std::string OstomachionPuzzle::render_html_figure(const Values& values) const {
    static const char* const fills[] = {"#e74c3c", "#2ecc71", "#3498db", "#f1c40f", "#e67e22", "#9b59b6", "#1abc9c", "#ff66cc", "#8b5a2b", "#999999"};
    constexpr int side = 420;
    constexpr double radius = 170;
    const int n = region_count();
    auto x_of = [&](int r) { return on_circle(r, n, side / 2.0, radius).x; };
    auto y_of = [&](int r) { return on_circle(r, n, side / 2.0, radius).y; };
    auto num = svg_whole;
    std::string svg = svg_open(side, side);
    for (const auto& [a, b] : borders()) {
        svg += "<line x1=\"" + num(x_of(a)) + "\" y1=\"" + num(y_of(a)) + "\" x2=\"" + num(x_of(b)) + "\" y2=\"" + num(y_of(b)) +
               "\" stroke=\"#888\"/>\n";
    }
    for (int r = 0; r < n; ++r) {
        const int c = values[r];
        const std::string fill = c >= 0 && c < 10 ? fills[c] : "#ddd";
        svg += "<circle cx=\"" + num(x_of(r)) + "\" cy=\"" + num(y_of(r)) + "\" r=\"22\" fill=\"" + fill + "\" stroke=\"#333\"><title>" +
               html_escape(regions_[r].name) + " (area " + std::to_string(regions_[r].area) + "): " + colour_name(c) + "</title></circle>\n";
        svg += "<text x=\"" + num(x_of(r)) + "\" y=\"" + num(y_of(r) + 5) +
               "\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\" font-family=\"monospace\">" + html_escape(regions_[r].name) +
               "</text>\n";
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
