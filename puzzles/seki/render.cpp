// Seki's figure: the grid of black (1) and white (0) cells and the rotors, in SVG
// (the plain and JSON outputs are GridPuzzle's).
#include "puzzles/common/svg.hpp"
#include "puzzles/common/support_names.hpp"
#include "puzzles/seki/seki_puzzle.hpp"

namespace prune::puzzles {

std::string SekiPuzzle::render_html_figure(const Values& values) const {
    constexpr int cell = 56;
    constexpr int margin = 8;
    const int side = size_ * cell + 2 * margin;
    std::string svg = svg_open(side, side);
    for (int r = 0; r < size_; ++r) {
        for (int c = 0; c < size_; ++c) {
            const bool black = values[r * size_ + c] == 1;
            svg += "<rect x=\"" + std::to_string(margin + c * cell) + "\" y=\"" + std::to_string(margin + r * cell) + "\" width=\"" +
                   std::to_string(cell) + "\" height=\"" + std::to_string(cell) + "\" fill=\"" + (black ? "#222" : "#fff") +
                   "\" stroke=\"#888\"><title>V" + std::to_string(r * size_ + c) + " = " + std::to_string(values[r * size_ + c]) +
                   "</title></rect>\n";
        }
    }
    // The rotors sit on the inner intersections, drawn as labelled discs.
    for (int k = 0; k < rotor_count(); ++k) {
        const int x = margin + (k % (size_ - 1) + 1) * cell;
        const int y = margin + (k / (size_ - 1) + 1) * cell;
        svg += "<circle cx=\"" + std::to_string(x) + "\" cy=\"" + std::to_string(y) + "\" r=\"12\" fill=\"#f5c542\" stroke=\"#555\"/>\n";
        svg += "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y + 5) +
               "\" text-anchor=\"middle\" font-size=\"16\" font-weight=\"bold\" font-family=\"monospace\">" +
               html_escape(std::string(1, rotors_[k])) + "</text>\n";
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
