// Pattern's figure: the column clues above the grid, the row clues to its left and the
// filled cells in black, in SVG (the plain and JSON outputs are GridPuzzle's: rows of
// 0/1).
#include <algorithm>

#include "puzzles/common/svg.hpp"
#include "puzzles/pattern/pattern_puzzle.hpp"

namespace prune::puzzles {
namespace {

std::string clue_text(int x, int y, const char* anchor, int number) {
    return "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" text-anchor=\"" + anchor +
           "\" font-size=\"13\" font-family=\"sans-serif\" fill=\"#222\">" + std::to_string(number) + "</text>\n";
}

}  // namespace

std::string PatternPuzzle::render_html_figure(const Values& values) const {
    constexpr int cell = 20;
    constexpr int margin = 4;
    constexpr int clue_width = 18;  // per number of a row clue
    std::size_t most_row_runs = 1, most_column_runs = 1;
    for (const Clue& clue : row_clues_) most_row_runs = std::max(most_row_runs, clue.size());
    for (const Clue& clue : column_clues_) most_column_runs = std::max(most_column_runs, clue.size());
    const int left = margin + static_cast<int>(most_row_runs) * clue_width;
    const int top = margin + static_cast<int>(most_column_runs) * cell;
    std::string svg = svg_open(left + width() * cell + margin, top + height() * cell + margin);
    for (int c = 0; c < width(); ++c) {
        const Clue& clue = column_clue(c);
        for (std::size_t k = 0; k < clue.size(); ++k) {
            const int y = top - static_cast<int>(clue.size() - k) * cell + cell - 6;
            svg += clue_text(left + c * cell + cell / 2, y, "middle", clue[k]);
        }
    }
    for (int r = 0; r < height(); ++r) {
        const Clue& clue = row_clue(r);
        for (std::size_t k = 0; k < clue.size(); ++k) {
            const int x = left - static_cast<int>(clue.size() - k) * clue_width + clue_width - 4;
            svg += clue_text(x, top + r * cell + cell - 6, "end", clue[k]);
        }
        for (int c = 0; c < width(); ++c) {
            const int index = cell_at(r, c);
            const bool filled = values[static_cast<std::size_t>(index)] == 1;
            const bool given = given_[static_cast<std::size_t>(index)] != unknown;
            svg += "<rect x=\"" + std::to_string(left + c * cell) + "\" y=\"" + std::to_string(top + r * cell) + "\" width=\"" + std::to_string(cell) +
                   "\" height=\"" + std::to_string(cell) + "\" fill=\"" + (filled ? (given ? "#1a237e" : "#222") : "#fff") + "\" stroke=\"#999\"/>\n";
        }
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
