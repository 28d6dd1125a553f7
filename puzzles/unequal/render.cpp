// Unequal's figure: the grid with the marks in the gaps between cells, givens in
// bold (the plain and JSON outputs are LatinSquarePuzzle's).
#include "puzzles/common/svg.hpp"
#include "puzzles/unequal/unequal_puzzle.hpp"

namespace prune::puzzles {

std::string UnequalPuzzle::render_html_figure(const Values& values) const {
    constexpr int cell = 40;
    constexpr int gap = 16;
    constexpr int pitch = cell + gap;
    const int n = order();
    const int side = n * pitch;
    std::string svg = svg_open(side, side);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            // One cell at a time, so that the gaps stay free for the marks.
            const int index = cell_at(r, c);
            const int x = gap / 2 + c * pitch;
            const int y = gap / 2 + r * pitch;
            svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" + std::to_string(cell) + "\" height=\"" +
                   std::to_string(cell) + "\" fill=\"#fff\" stroke=\"#555\"/>\n";
            svg += "<text x=\"" + std::to_string(x + cell / 2) + "\" y=\"" + std::to_string(y + cell / 2 + 7) +
                   "\" text-anchor=\"middle\" font-size=\"20\" font-family=\"sans-serif\"" + (given(index) != no_given ? " font-weight=\"bold\"" : " fill=\"#1a5fb4\"") +
                   ">" + std::to_string(values[static_cast<std::size_t>(index)]) + "</text>\n";
        }
    }
    for (const UnequalMark& m : marks_) {
        const int first = std::min(m.smaller, m.larger);
        const bool horizontal = std::max(m.smaller, m.larger) == first + 1;
        const int x = gap / 2 + (first % n) * pitch + (horizontal ? cell + gap / 2 : cell / 2);
        const int y = gap / 2 + (first / n) * pitch + (horizontal ? cell / 2 : cell + gap / 2);
        std::string glyph;
        if (m.adjacent) glyph = horizontal ? "|" : "-";
        else if (horizontal) glyph = m.smaller == first ? "&lt;" : "&gt;";
        else glyph = m.smaller == first ? "^" : "v";
        svg += "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y + 5) + "\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\" font-family=\"sans-serif\" fill=\"#a51d2d\">" +
               glyph + "</text>\n";
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
