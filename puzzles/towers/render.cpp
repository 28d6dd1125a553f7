// Towers' figure: the grid with its clues around it, givens in bold (the plain and
// JSON outputs are LatinSquarePuzzle's).
#include "puzzles/common/svg.hpp"
#include "puzzles/towers/towers_puzzle.hpp"

namespace prune::puzzles {

std::string TowersPuzzle::render_html_figure(const Values& values) const {
    constexpr int cell = 44;
    const int n = order();
    const int side = (n + 2) * cell;
    std::string svg = svg_open(side, side);
    svg += svg_cells(values, cell, cell, cell);
    for (int k = 0; k < clue_count(); ++k) {
        if (clue(k) == no_clue) continue;
        const int index = k % n;
        int column = 0;  // in units of cells, the grid starting at (1, 1)
        int row = 0;
        switch (k / n) {
            case 0: column = index + 1; row = 0; break;
            case 1: column = index + 1; row = n + 1; break;
            case 2: column = 0; row = index + 1; break;
            default: column = n + 1; row = index + 1; break;
        }
        svg += "<text x=\"" + std::to_string(column * cell + cell / 2) + "\" y=\"" + std::to_string(row * cell + cell / 2 + 7) +
               "\" text-anchor=\"middle\" font-size=\"20\" font-family=\"sans-serif\" fill=\"#a51d2d\">" + std::to_string(clue(k)) + "</text>\n";
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
