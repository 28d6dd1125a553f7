// Towers game IDs (Simon Tatham's Towers): "N:CLUES[,GRID]", parameters N or NdX
// (X the difficulty e, h, x or u, ignored). CLUES are 4N entries separated by '/',
// each a number 1..N or empty (no clue): top, bottom, left, right as towers_puzzle.hpp
// orders them. GRID, when present, gives digits row by row: a letter a..z skips 1..26
// cells, a number fills one cell, '_' separates two numbers. The format as learnt
// from towers.c's validate_desc (read, not copied).
#include "puzzles/common/game_id_reader.hpp"
#include "puzzles/towers/towers_puzzle.hpp"

namespace prune::puzzles {
namespace {

bool read_clues(GameIdReader& in, int order, std::vector<int>& clues, Diagnostic& error) {
    for (int k = 0; k < 4 * order; ++k) {
        if (k > 0 && !in.accept('/')) {
            error = in.error("expected '/' before clue " + std::to_string(k + 1) + " of " + std::to_string(4 * order) + ", found " + in.here());
            return false;
        }
        if (!in.digit_next()) continue;  // no clue on this side
        const std::size_t at = in.position();
        const long long clue = in.number();
        if (clue < 1 || clue > order) {
            error = in.error_at(at, "clue " + std::to_string(clue) + " out of range 1.." + std::to_string(order));
            return false;
        }
        clues[static_cast<std::size_t>(k)] = static_cast<int>(clue);
    }
    if (in.peek() == '/') {
        error = in.error("too many clues: a " + std::to_string(order) + "x" + std::to_string(order) + " grid has " + std::to_string(4 * order));
        return false;
    }
    return true;
}

bool read_grid(GameIdReader& in, int order, std::vector<int>& givens, Diagnostic& error) {
    const int cells = order * order;
    int pos = 0;
    while (!in.at_end()) {
        const char c = in.peek();
        const std::size_t at = in.position();
        if (c >= 'a' && c <= 'z') {
            pos += c - 'a' + 1;
            in.advance();
        } else if (c == '_') {
            in.advance();
        } else if (c >= '1' && c <= '9') {
            const long long value = in.number();
            if (value > order) {
                error = in.error_at(at, "digit " + std::to_string(value) + " out of range 1.." + std::to_string(order));
                return false;
            }
            if (pos < cells) givens[static_cast<std::size_t>(pos)] = static_cast<int>(value);
            ++pos;
        } else {
            error = in.error("unexpected " + in.here() + " in the grid (expected a letter a..z, a digit or '_')");
            return false;
        }
        if (pos > cells) {
            error = in.error_at(at, "the grid part covers more than the " + std::to_string(cells) + " cells");
            return false;
        }
    }
    if (pos < cells) {
        error = in.error("the grid part covers " + std::to_string(pos) + " of the " + std::to_string(cells) + " cells");
        return false;
    }
    return true;
}

}  // namespace

ParseResult parse_towers_game_id(const SourceText& source, const GameId& id) {
    ParseResult result;
    GameIdReader in(source, id);
    std::string rest;
    const std::optional<int> order = in.order(1, TowersPuzzle::max_order, rest, result.error);
    if (!order) return result;
    if (!valid_difficulty(rest, "ehxu")) {
        result.error = in.params_error(id.params.size() - rest.size(), "unknown parameters '" + rest + "' (expected a difficulty de, dh, dx or du)");
        return result;
    }
    std::vector<int> clues(static_cast<std::size_t>(4 * *order), TowersPuzzle::no_clue);
    std::vector<int> givens(static_cast<std::size_t>(*order * *order), LatinSquarePuzzle::no_given);
    if (!read_clues(in, *order, clues, result.error)) return result;
    if (in.accept(',')) {
        if (!read_grid(in, *order, givens, result.error)) return result;
    } else if (!in.at_end()) {
        result.error = in.error("unexpected " + in.here() + " after the clues (expected ',' and the grid, or the end)");
        return result;
    }
    result.puzzle = std::make_unique<TowersPuzzle>(*order, std::move(clues), std::move(givens));
    return result;
}

}  // namespace prune::puzzles
