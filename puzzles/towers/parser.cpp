// Towers input: either a game ID of Simon Tatham's Towers ("5:2/2/3/.../1,a4b"; see
// game_id.cpp) or the plain format: n+2 lines of n+2 characters, blanks ignored. The
// first and last lines hold the top and bottom clues, the first and last character
// of the lines between them the left and right clues, the rest the grid; '.' is no
// clue, an empty cell, and each of the four corners.
#include "puzzles/common/game_id.hpp"
#include "puzzles/towers/towers_puzzle.hpp"

namespace prune::puzzles {

ParseResult parse_towers_game_id(const SourceText& source, const GameId& id);

namespace {

// The digit 1..order a glyph stands for, 0 for '.', -1 when it is neither.
int digit_of(char c, int order) {
    if (c == '.') return 0;
    if (c >= '1' && c <= '9' && c - '0' <= order) return c - '0';
    return -1;
}

// Where a glyph of row r (0..n+1), column c (0..n+1) of the plain layout goes.
struct PlainReader {
    int order;
    std::vector<int> clues;
    std::vector<int> givens;

    explicit PlainReader(int n) : order(n), clues(static_cast<std::size_t>(4 * n), 0), givens(static_cast<std::size_t>(n * n), 0) {}

    // False when the glyph may not stand there (a corner other than '.').
    bool place(int r, int c, int value) {
        const int n = order;
        const bool edge_row = r == 0 || r == n + 1;
        const bool edge_column = c == 0 || c == n + 1;
        if (edge_row && edge_column) return value == 0;
        if (r == 0) clues[static_cast<std::size_t>(c - 1)] = value;
        else if (r == n + 1) clues[static_cast<std::size_t>(n + c - 1)] = value;
        else if (c == 0) clues[static_cast<std::size_t>(2 * n + r - 1)] = value;
        else if (c == n + 1) clues[static_cast<std::size_t>(3 * n + r - 1)] = value;
        else givens[static_cast<std::size_t>((r - 1) * n + c - 1)] = value;
        return true;
    }
};

}  // namespace

ParseResult parse_towers(const SourceText& source, const KindFlags& /*flags*/) {
    if (const std::optional<GameId> id = read_game_id(source)) return parse_towers_game_id(source, *id);
    ParseResult result;
    const std::vector<SourceLine> lines = source.content_lines();
    if (lines.empty()) {
        result.error = source.error_at(source.last_line_number(), 1, "no grid found (the input holds only comments or blank lines)");
        return result;
    }
    const int width = static_cast<int>(lines.front().glyphs().size());
    const int order = width - 2;
    if (order < 1 || order > TowersPuzzle::max_order) {
        result.error = source.error_at(lines.front().number, lines.front().first_column,
                                       "the first line should hold n+2 characters (corner, n top clues, corner) for n in 1..9, found " +
                                           std::to_string(width));
        return result;
    }
    PlainReader reader(order);
    for (std::size_t r = 0; r < lines.size(); ++r) {
        const SourceLine& line = lines[r];
        if (static_cast<int>(r) == width) {
            result.error = source.error_at(line.number, line.first_column, "expected " + std::to_string(width) + " lines (n+2 for a " +
                                                                               std::to_string(order) + "x" + std::to_string(order) + " grid); this one is one too many");
            return result;
        }
        const std::vector<Glyph> glyphs = line.glyphs();
        if (static_cast<int>(glyphs.size()) != width) {
            const int column = static_cast<int>(glyphs.size()) > width ? glyphs[static_cast<std::size_t>(width)].column : line.end_column();
            result.error = source.error_at(line.number, column, "expected " + std::to_string(width) + " characters on this line as on the first, found " +
                                                                    std::to_string(glyphs.size()));
            return result;
        }
        for (int c = 0; c < width; ++c) {
            const Glyph& g = glyphs[static_cast<std::size_t>(c)];
            const int value = digit_of(g.character, order);
            if (value < 0 || !reader.place(static_cast<int>(r), c, value)) {
                result.error = source.error_at(line.number, g.column,
                                               std::string("unexpected ").append(line.quoted(g)).append(value < 0 ? " (expected '.' or a digit 1.." + std::to_string(order) + ")" : " (a corner holds '.')"));
                return result;
            }
        }
    }
    if (static_cast<int>(lines.size()) < width) {
        result.error = source.error_at(lines.back().number, lines.back().end_column(),
                                       "expected " + std::to_string(width) + " lines (n+2 for a " + std::to_string(order) + "x" + std::to_string(order) +
                                           " grid), found " + std::to_string(lines.size()));
        return result;
    }
    result.puzzle = std::make_unique<TowersPuzzle>(order, std::move(reader.clues), std::move(reader.givens));
    return result;
}

}  // namespace prune::puzzles
