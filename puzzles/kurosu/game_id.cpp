// Simon Tatham's Unruly game IDs, read by the kurosu kind: "PARAMS:DESCRIPTION".
//   PARAMS: "WxH" (both even; "W" alone: square), then 'u' when rows and columns
//   must be unique (kurosu's --unique-lines), then optionally the difficulty "dX"
//   that full parameters carry (ignored: the puzzle does not depend on it).
//   DESCRIPTION: the grid row by row as letters; a letter skips as many empty cells
//   as its distance from 'a' / 'A', then gives a 0 (lower case) or a 1 (upper case)
//   in the next cell; 'z' / 'Z' skip 25 cells and give nothing. The letters end one
//   cell past the grid (the last letter's clue falls outside it).
// As unruly.c's validate_desc and new_game read it (learned from the source, not
// copied).
#include "puzzles/common/game_id_grid.hpp"
#include "puzzles/kurosu/kurosu_puzzle.hpp"

namespace prune::puzzles {

ParseResult parse_unruly_game_id(const SourceText& source, const GameId& id, const KindFlags& flags) {
    ParseResult result;
    GameIdGrid grid;
    if (!read_game_id_grid(source, id, 1000, grid, result.error)) return result;
    if (grid.width % 2 != 0 || grid.height % 2 != 0) {
        result.error = source.error_at(id.line, id.params_column,
                                       "an Unruly grid needs an even width and height, not " + std::to_string(grid.width) + "x" + std::to_string(grid.height));
        return result;
    }
    bool unique_lines = flags.count("--unique-lines") > 0;
    std::size_t at = 0;
    if (at < grid.rest.size() && grid.rest[at] == 'u') {
        unique_lines = true;
        ++at;
    }
    if (at < grid.rest.size() && grid.rest[at] == 'd' && at + 2 == grid.rest.size() && (grid.rest[at + 1] == 'e' || grid.rest[at + 1] == 'n')) at += 2;
    if (at != grid.rest.size()) {
        result.error = source.error_at(id.line, grid.rest_column + static_cast<int>(at),
                                       "unexpected '" + grid.rest.substr(at) + "' in Unruly parameters (expected WxH, then 'u' and/or 'de' / 'dn')");
        return result;
    }
    const long long cells = static_cast<long long>(grid.width) * grid.height;
    std::vector<int> clues(static_cast<std::size_t>(cells), KurosuPuzzle::unknown);
    long long position = 0;
    for (std::size_t i = 0; i < id.description.size(); ++i) {
        const char c = id.description[i];
        const int column = id.description_column + static_cast<int>(i);
        const bool lower = c >= 'a' && c <= 'z';
        if (!lower && !(c >= 'A' && c <= 'Z')) {
            result.error = source.error_at(id.line, column, std::string("unexpected '") + c + "' in an Unruly description (expected letters a-z, A-Z)");
            return result;
        }
        const int skip = lower ? c - 'a' : c - 'A';
        if (skip == 25) {
            position += 25;
        } else {
            position += skip;
            if (position < cells) clues[static_cast<std::size_t>(position)] = lower ? 0 : 1;
            ++position;
        }
        if (position > cells + 1) {
            result.error = source.error_at(id.line, column, "the Unruly description runs past the " + std::to_string(grid.width) + "x" +
                                                                std::to_string(grid.height) + " grid");
            return result;
        }
    }
    if (position != cells + 1) {
        result.error = source.error_at(id.line, id.description_column + static_cast<int>(id.description.size()) - 1,
                                       "the Unruly description covers " + std::to_string(position) + " cells, a " + std::to_string(grid.width) +
                                           "x" + std::to_string(grid.height) + " grid needs " + std::to_string(cells) + " and one past the end");
        return result;
    }
    result.puzzle = std::make_unique<KurosuPuzzle>(grid.height, grid.width, std::move(clues), unique_lines, flags.count("--weak-lines") > 0);
    return result;
}

}  // namespace prune::puzzles
