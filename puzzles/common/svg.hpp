// Small pieces of the inline SVG figures the kinds draw for the HTML page.
#pragma once
#include <cmath>
#include <cstdio>
#include <string>

namespace prune::puzzles {

// The opening tag of a figure of width x height user units (also its viewBox),
// the numbers as the caller prints them.
inline std::string svg_open(const std::string& width, const std::string& height) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"" + height + "\" viewBox=\"0 0 " + width + " " + height + "\">\n";
}

inline std::string svg_open(int width, int height) { return svg_open(std::to_string(width), std::to_string(height)); }

// A coordinate rounded to a whole number.
inline std::string svg_whole(double v) { return std::to_string(static_cast<int>(std::lround(v))); }

// A coordinate with one decimal: "12.5".
inline std::string svg_one_decimal(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", v);
    return buffer;
}

struct SvgPoint {
    double x = 0;
    double y = 0;
};

// Point i of n spread clockwise on a circle of `radius` around (centre, centre),
// the first at the top: how the graph kinds lay out their nodes.
inline SvgPoint on_circle(int i, int n, double centre, double radius) {
    return {centre + radius * std::sin(2 * 3.14159265358979 * i / n), centre - radius * std::cos(2 * 3.14159265358979 * i / n)};
}

}  // namespace prune::puzzles
