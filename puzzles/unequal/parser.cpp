// Unequal input: either a game ID of Simon Tatham's Unequal ("4:0,0D,1,..."; see
// game_id.cpp) or the plain format, Tatham's own text layout: an optional first line
// 'adjacent' (the adjacent variant), then the rows of cells, one character each two
// columns apart ('.' empty, 1-9, A-W for 10-32), with a mark in the column between
// two cells ('<' or '>'; '|' in the adjacent variant), and below a row of cells an
// optional line of marks under the cells ('^': the upper cell is smaller, 'v': it is
// larger; '-' in the adjacent variant).
#include "puzzles/common/game_id.hpp"
#include "puzzles/unequal/unequal_puzzle.hpp"

namespace prune::puzzles {

ParseResult parse_unequal_game_id(const SourceText& source, const GameId& id);

namespace {

// The value of a cell character: 0 for '.', -1 when it is no cell.
int cell_value(char c) {
    if (c == '.') return 0;
    if (c >= '1' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'W') return c - 'A' + 10;
    return -1;
}

bool is_mark_line(const SourceLine& line) {
    for (const Glyph& g : line.glyphs()) {
        if (g.character != '^' && g.character != 'v' && g.character != '-') return false;
    }
    return true;
}

struct PlainUnequal {
    explicit PlainUnequal(const SourceText& text) : source(text) {}
    const SourceText& source;
    bool adjacent_mode = false;
    int order = 0;
    int base_column = 0;  // where the first cell of each row stands
    std::vector<int> givens;
    std::vector<UnequalMark> marks;
    int rows = 0;
    Diagnostic error;

    bool fail(int line, int column, const std::string& message) {
        error = source.error_at(line, column, message);
        return false;
    }
    bool mark_allowed(const SourceLine& line, const Glyph& g, bool horizontal) {
        const bool adjacent_mark = g.character == (horizontal ? '|' : '-');
        if (adjacent_mark == adjacent_mode) return true;
        return fail(line.number, g.column, std::string("mark ").append(line.quoted(g)).append(adjacent_mode ? " in an adjacent puzzle (expected '|' or '-')" : " needs the first line 'adjacent'"));
    }
    bool read_cell_line(const SourceLine& line);
    bool read_mark_line(const SourceLine& line);
};

bool PlainUnequal::read_cell_line(const SourceLine& line) {
    const std::vector<Glyph> glyphs = line.glyphs();
    if (order == 0) {
        base_column = line.first_column;
        for (const Glyph& g : glyphs) order += (g.column - base_column) % 2 == 0 ? 1 : 0;
        if (order < 1 || order > UnequalPuzzle::max_order) return fail(line.number, line.first_column, "a row of 1..32 cells expected");
        givens.assign(static_cast<std::size_t>(order * order), LatinSquarePuzzle::no_given);
    }
    if (rows == order) return fail(line.number, line.first_column, "one row of cells too many (the first row has " + std::to_string(order) + " cells)");
    int cells = 0;
    for (const Glyph& g : glyphs) {
        const int offset = g.column - base_column;
        if (offset < 0 || offset > 2 * (order - 1)) return fail(line.number, g.column, "outside the grid (the rows start at column " + std::to_string(base_column) + ")");
        const int c = offset / 2;
        const int cell = rows * order + c;
        if (offset % 2 == 0) {
            const int value = cell_value(g.character);
            if (value < 0 || value > order || offset != 2 * cells) return fail(line.number, g.column, std::string("expected cell ") + std::to_string(cells + 1) + " ('.' or a value 1.." + std::to_string(order) + "), found " + line.quoted(g));
            givens[static_cast<std::size_t>(cell)] = value;
            ++cells;
        } else if (g.character == '<' || g.character == '>' || g.character == '|') {
            if (!mark_allowed(line, g, true)) return false;
            const bool less = g.character == '<';
            marks.push_back(UnequalMark{less ? cell : cell + 1, less ? cell + 1 : cell, g.character == '|'});
        } else {
            return fail(line.number, g.column, std::string("unexpected ").append(line.quoted(g)).append(" between two cells (expected '<', '>', '|' or a blank)"));
        }
    }
    if (cells != order) return fail(line.number, line.end_column(), "expected " + std::to_string(order) + " cells as in the first row, found " + std::to_string(cells));
    ++rows;
    return true;
}

bool PlainUnequal::read_mark_line(const SourceLine& line) {
    if (rows == 0 || rows == order) return fail(line.number, line.first_column, rows == 0 ? "a line of marks before the first row of cells" : "a line of marks below the last row");
    for (const Glyph& g : line.glyphs()) {
        const int offset = g.column - base_column;
        if (offset < 0 || offset % 2 != 0 || offset > 2 * (order - 1)) return fail(line.number, g.column, "a mark below a row stands under a cell");
        if (!mark_allowed(line, g, false)) return false;
        const int upper = (rows - 1) * order + offset / 2;
        const bool less = g.character == '^';
        marks.push_back(UnequalMark{less ? upper : upper + order, less ? upper + order : upper, g.character == '-'});
    }
    return true;
}

}  // namespace

ParseResult parse_unequal(const SourceText& source, const KindFlags& /*flags*/) {
    if (const std::optional<GameId> id = read_game_id(source)) return parse_unequal_game_id(source, *id);
    ParseResult result;
    std::vector<SourceLine> lines = source.content_lines();
    PlainUnequal reader(source);
    if (!lines.empty() && lines.front().text == "adjacent") {
        reader.adjacent_mode = true;
        lines.erase(lines.begin());
    }
    if (lines.empty()) {
        result.error = source.error_at(source.last_line_number(), 1, "no grid found (the input holds only comments or blank lines)");
        return result;
    }
    for (const SourceLine& line : lines) {
        const bool ok = is_mark_line(line) ? reader.read_mark_line(line) : reader.read_cell_line(line);
        if (!ok) {
            result.error = reader.error;
            return result;
        }
    }
    if (reader.rows < reader.order) {
        result.error = source.error_at(lines.back().number, lines.back().end_column(),
                                       "expected " + std::to_string(reader.order) + " rows of cells, found " + std::to_string(reader.rows));
        return result;
    }
    result.puzzle = std::make_unique<UnequalPuzzle>(reader.order, std::move(reader.givens), std::move(reader.marks), reader.adjacent_mode);
    return result;
}

}  // namespace prune::puzzles
