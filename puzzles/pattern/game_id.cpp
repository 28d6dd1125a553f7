// Simon Tatham's Pattern game IDs, read by the pattern kind: "PARAMS:DESCRIPTION".
//   PARAMS: "WxH" ("W" alone: square).
//   DESCRIPTION: W column clues (top to bottom) then H row clues (left to right),
//   separated by '/'; a clue is its run lengths separated by '.', and an empty clue
//   (or "0") is a line with no filled cell. Optionally ',' and the given cells, row
//   by row as letters: a letter skips as many cells as its distance from 'a' / 'A',
//   then gives an empty (lower case) or filled (upper case) cell in the next one;
//   'z' / 'Z' skip 25 cells and give nothing. The letters cover the grid exactly
//   (a last letter may skip to its end without giving a cell).
// As pattern.c's validate_desc and new_game read it (learned from the source, not
// copied).
#include "puzzles/common/game_id_grid.hpp"
#include "puzzles/pattern/pattern_puzzle.hpp"

namespace prune::puzzles {
namespace {

// Reads the given cells after the ',' from description[at]; on failure sets `error`.
bool read_given_cells(const SourceText& source, const GameId& id, std::size_t at, int cells, std::vector<int>& given, Diagnostic& error) {
    given.assign(static_cast<std::size_t>(cells), PatternPuzzle::unknown);
    int position = 0;
    for (; at < id.description.size(); ++at) {
        const char c = id.description[at];
        const int column = id.description_column + static_cast<int>(at);
        const bool lower = c >= 'a' && c <= 'z';
        if (!lower && !(c >= 'A' && c <= 'Z')) {
            error = source.error_at(id.line, column, std::string("unexpected '") + c + "' among the given cells (expected letters a-z, A-Z)");
            return false;
        }
        const int skip = lower ? c - 'a' : c - 'A';
        position += skip;
        if (skip < 25 && position < cells) given[static_cast<std::size_t>(position++)] = lower ? 0 : 1;
        if (position > cells) {
            error = source.error_at(id.line, column, "the given cells run past the grid's " + std::to_string(cells) + " cells");
            return false;
        }
    }
    if (position != cells) {
        error = source.error_at(id.line, id.description_column + static_cast<int>(id.description.size()) - 1,
                                "the given cells cover " + std::to_string(position) + " of the grid's " + std::to_string(cells) + " cells");
        return false;
    }
    return true;
}

}  // namespace

ParseResult parse_pattern_game_id(const SourceText& source, const GameId& id) {
    ParseResult result;
    GameIdGrid grid;
    if (!read_game_id_grid(source, id, 200, grid, result.error)) return result;
    if (!grid.rest.empty()) {
        result.error = source.error_at(id.line, grid.rest_column, "unexpected '" + grid.rest + "' in Pattern parameters (expected WxH)");
        return result;
    }
    const int lines = grid.width + grid.height;
    std::vector<PatternPuzzle::Clue> clues(static_cast<std::size_t>(lines));
    const std::string& d = id.description;
    std::size_t at = 0;
    for (int line = 0; line < lines; ++line) {
        const int length = line < grid.width ? grid.height : grid.width;
        const char* what = line < grid.width ? "column" : "row";
        const std::size_t clue_start = at;
        int needed = -1;
        while (at < d.size() && d[at] >= '0' && d[at] <= '9') {
            const std::size_t start = at;
            int run = 0;
            while (at < d.size() && d[at] >= '0' && d[at] <= '9' && run <= length) run = run * 10 + (d[at++] - '0');
            if (run > length) {
                result.error = source.error_at(id.line, id.description_column + static_cast<int>(start), std::string("a run longer than the ") + what);
                return result;
            }
            if (run > 0) clues[static_cast<std::size_t>(line)].push_back(run);
            needed += run + 1;
            if (at < d.size() && d[at] == '.') ++at;
            else break;
        }
        if (needed > length) {
            result.error = source.error_at(id.line, id.description_column + static_cast<int>(clue_start),
                                           std::string("this ") + what + " clue needs " + std::to_string(needed) + " cells, the " + what + " has " + std::to_string(length));
            return result;
        }
        const bool last = line + 1 == lines;
        const int column = id.description_column + static_cast<int>(at);
        const char separator = last ? ',' : '/';
        if (at < d.size() && d[at] != separator) {
            result.error = source.error_at(id.line, column, last && d[at] == '/' ? "more clues than the " + std::to_string(grid.width) + " columns and " +
                                                                                       std::to_string(grid.height) + " rows"
                                                                                 : std::string("unexpected '") + d[at] + "' in a clue (expected digits, '.' or '/')");
            return result;
        }
        if (at >= d.size() && !last) {
            result.error = source.error_at(id.line, id.description_column + static_cast<int>(d.size()) - 1,
                                           "the description ends after " + std::to_string(line + 1) + " clues, a " + std::to_string(grid.width) + "x" +
                                               std::to_string(grid.height) + " grid needs " + std::to_string(lines) + " (columns, then rows)");
            return result;
        }
        ++at;  // the '/' (or the ',' after the last clue)
    }
    std::vector<int> given;
    if (at <= d.size() && at > 0 && d[at - 1] == ',' && !read_given_cells(source, id, at, grid.width * grid.height, given, result.error)) return result;
    std::vector<PatternPuzzle::Clue> column_clues(clues.begin(), clues.begin() + grid.width);
    std::vector<PatternPuzzle::Clue> row_clues(clues.begin() + grid.width, clues.end());
    result.puzzle = std::make_unique<PatternPuzzle>(std::move(row_clues), std::move(column_clues), std::move(given));
    return result;
}

}  // namespace prune::puzzles
