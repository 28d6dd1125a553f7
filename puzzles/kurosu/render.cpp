// Kurosu's figure: the grid of 0/1 in SVG, clues in bold (the plain and JSON outputs
// are GridPuzzle's).
#include "puzzles/common/svg.hpp"
#include "puzzles/kurosu/kurosu_puzzle.hpp"

namespace prune::puzzles {

std::string KurosuPuzzle::render_html_figure(const Values& values) const {
    constexpr int cell = 44;
    constexpr int margin = 4;
    std::string svg = svg_open(width() * cell + 2 * margin, height() * cell + 2 * margin);
    for (int r = 0; r < height(); ++r) {
        for (int c = 0; c < width(); ++c) {
            const int index = cell_at(r, c);
            const bool one = values[index] == 1;
            const bool given = clues_[index] != unknown;
            const int x = margin + c * cell;
            const int y = margin + r * cell;
            svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" + std::to_string(cell) + "\" height=\"" +
                   std::to_string(cell) + "\" fill=\"" + (one ? "#37474f" : "#eceff1") + "\" stroke=\"#90a4ae\"/>\n";
            svg += "<text x=\"" + std::to_string(x + cell / 2) + "\" y=\"" + std::to_string(y + cell / 2 + 7) +
                   "\" text-anchor=\"middle\" font-size=\"20\" font-family=\"sans-serif\" fill=\"" + (one ? "#fff" : "#222") + "\"" +
                   (given ? " font-weight=\"bold\" text-decoration=\"underline\"" : "") + ">" + std::to_string(values[index]) + "</text>\n";
        }
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
