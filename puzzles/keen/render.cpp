// Keen's figure: the grid with thick cage walls and each cage's clue in its first
// cell (the plain and JSON outputs are LatinSquarePuzzle's).
#include "puzzles/common/svg.hpp"
#include "puzzles/keen/keen_puzzle.hpp"

namespace prune::puzzles {

std::string KeenPuzzle::render_html_figure(const Values& values) const {
    constexpr int cell = 48;
    constexpr int margin = 4;
    const int n = order();
    const int side = n * cell + 2 * margin;
    std::string svg = svg_open(side, side);
    svg += svg_cells(values, cell, margin, margin);
    auto wall = [&svg](int x1, int y1, int x2, int y2) {
        svg += "<line x1=\"" + std::to_string(x1) + "\" y1=\"" + std::to_string(y1) + "\" x2=\"" + std::to_string(x2) + "\" y2=\"" + std::to_string(y2) +
               "\" stroke=\"#000\" stroke-width=\"3\" stroke-linecap=\"square\"/>\n";
    };
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const int x = margin + c * cell;
            const int y = margin + r * cell;
            const int here = cage_of(cell_at(r, c));
            if (c == 0 || cage_of(cell_at(r, c - 1)) != here) wall(x, y, x, y + cell);
            if (r == 0 || cage_of(cell_at(r - 1, c)) != here) wall(x, y, x + cell, y);
            if (c == n - 1) wall(x + cell, y, x + cell, y + cell);
            if (r == n - 1) wall(x, y + cell, x + cell, y + cell);
        }
    }
    for (int k = 0; k < cage_count(); ++k) {
        const int first = cage(k).cells.front();
        std::string clue = clue_text(cage(k));
        if (!clue.empty() && clue.back() == 'x') clue.back() = '*';
        svg += "<text x=\"" + std::to_string(margin + (first % n) * cell + 4) + "\" y=\"" + std::to_string(margin + (first / n) * cell + 13) +
               "\" font-size=\"12\" font-family=\"sans-serif\">" + html_escape(clue) + "</text>\n";
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
