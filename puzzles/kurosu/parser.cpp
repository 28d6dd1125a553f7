// Kurosu input: one line per row of '.', '0' and '1' ('X' or 'x' is accepted for 1).
// Blanks inside a line are ignored. Width and height must be even. Or a Tatham
// Unruly game ID (game_id.cpp).
#include "puzzles/common/game_id.hpp"
#include "puzzles/kurosu/kurosu_puzzle.hpp"

namespace prune::puzzles {

ParseResult parse_kurosu(const SourceText& source, const KindFlags& flags) {
    if (const std::optional<GameId> id = read_game_id(source)) return parse_unruly_game_id(source, *id, flags);
    ParseResult result;
    const std::vector<SourceLine> lines = source.content_lines();
    if (lines.empty()) {
        result.error = source.error_at(source.last_line_number(), 1, "no grid found (the input holds only comments or blank lines)");
        return result;
    }
    int width = 0;
    std::vector<int> clues;
    for (const SourceLine& line : lines) {
        const std::vector<Glyph> glyphs = line.glyphs();
        if (width == 0) {
            width = static_cast<int>(glyphs.size());
            if (width % 2 != 0) {
                result.error = source.error_at(line.number, glyphs.back().column,
                                               "a kurosu row needs an even number of cells, this one has " + std::to_string(width));
                return result;
            }
        } else if (static_cast<int>(glyphs.size()) != width) {
            const int column = static_cast<int>(glyphs.size()) > width ? glyphs[width].column : line.end_column();
            result.error = source.error_at(line.number, column,
                                           "expected " + std::to_string(width) + " cells as in the first row, found " + std::to_string(glyphs.size()));
            return result;
        }
        for (const Glyph& g : glyphs) {
            switch (g.character) {
                case '.': clues.push_back(KurosuPuzzle::unknown); break;
                case '0': clues.push_back(0); break;
                case '1':
                case 'X':
                case 'x': clues.push_back(1); break;
                default:
                    result.error = source.error_at(line.number, g.column, std::string("unexpected ").append(line.quoted(g)).append(" (expected '.', '0', '1' or 'X')"));
                    return result;
            }
        }
    }
    const int height = static_cast<int>(lines.size());
    if (height % 2 != 0) {
        result.error = source.error_at(lines.back().number, lines.back().first_column,
                                       "a kurosu grid needs an even number of rows, found " + std::to_string(height));
        return result;
    }
    result.puzzle = std::make_unique<KurosuPuzzle>(height, width, std::move(clues), flags.count("--unique-lines") > 0,
                                                   flags.count("--weak-lines") > 0);
    return result;
}

}  // namespace prune::puzzles
