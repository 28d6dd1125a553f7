// Unequal game IDs (Simon Tatham's Unequal): "N[a][dX]:CELLS", 'a' the adjacent
// variant, X the difficulty (t, e, k, x or r; ignored). CELLS are the N*N cells row by
// row, separated by ',': a number (0 empty, else given) followed by flags U, R, D, L
// naming the neighbours it is greater than (adjacent variant: the neighbours it
// differs from by 1, each such pair flagged from both sides); a letter a..z before
// a cell skips 1..26 empty cells. The format as learnt from unequal.c's load_game
// (read, not copied).
#include "puzzles/common/game_id_reader.hpp"
#include "puzzles/unequal/unequal_puzzle.hpp"

namespace prune::puzzles {
namespace {

// The flags of each cell: bit 0 U, 1 R, 2 D, 3 L; and where each cell's text starts.
struct CellFlags {
    std::vector<int> flags;
    std::vector<std::size_t> at;
};

bool read_cells(GameIdReader& in, int order, std::vector<int>& givens, CellFlags& cells, Diagnostic& error) {
    const int count = order * order;
    int i = 0;
    while (!in.at_end()) {
        while (in.peek() >= 'a' && in.peek() <= 'z') {
            i += in.peek() - 'a' + 1;
            in.advance();
        }
        if (i >= count) {
            error = in.error("the cells cover more than the " + std::to_string(count) + " of the grid");
            return false;
        }
        cells.at[static_cast<std::size_t>(i)] = in.position();
        if (!in.digit_next()) {
            error = in.error("expected the number of cell " + std::to_string(i + 1) + ", found " + in.here());
            return false;
        }
        const std::size_t number_at = in.position();
        const long long value = in.number();
        if (value < 0 || value > order) {
            error = in.error_at(number_at, "number " + std::to_string(value) + " out of range 0.." + std::to_string(order));
            return false;
        }
        givens[static_cast<std::size_t>(i)] = static_cast<int>(value);
        static constexpr std::string_view directions = "URDL";
        for (std::size_t f = directions.find(in.peek()); !in.at_end() && f != std::string_view::npos; f = directions.find(in.peek())) {
            cells.flags[static_cast<std::size_t>(i)] |= 1 << f;
            in.advance();
        }
        ++i;
        if (i < count && !in.accept(',')) {
            error = in.error("expected ',' after cell " + std::to_string(i) + ", found " + in.here());
            return false;
        }
        if (i == count && in.peek() == ',') in.advance();  // Tatham's IDs may end in ','
    }
    if (i < count) {
        error = in.error("the cells cover " + std::to_string(i) + " of the " + std::to_string(count) + " of the grid");
        return false;
    }
    return true;
}

// The marks the flags make; false when a flag points off the grid or the two sides
// of a pair disagree (adjacent: one side only; greater-than: both ways).
bool marks_from_flags(GameIdReader& in, int order, bool adjacent, const CellFlags& cells, std::vector<UnequalMark>& marks, Diagnostic& error) {
    static const int dx[] = {0, 1, 0, -1};
    static const int dy[] = {-1, 0, 1, 0};
    for (int cell = 0; cell < order * order; ++cell) {
        for (int f = 0; f < 4; ++f) {
            if ((cells.flags[static_cast<std::size_t>(cell)] & (1 << f)) == 0) continue;
            const int x = cell % order + dx[f];
            const int y = cell / order + dy[f];
            if (x < 0 || y < 0 || x >= order || y >= order) {
                error = in.error_at(cells.at[static_cast<std::size_t>(cell)], "a flag of cell " + std::to_string(cell + 1) + " points off the grid");
                return false;
            }
            const int other = y * order + x;
            const bool back = (cells.flags[static_cast<std::size_t>(other)] & (1 << ((f + 2) % 4))) != 0;
            if (back != adjacent) {
                error = in.error_at(cells.at[static_cast<std::size_t>(cell)], adjacent ? "cells " + std::to_string(cell + 1) + " and " + std::to_string(other + 1) + " disagree on being adjacent"
                                                                                       : "cells " + std::to_string(cell + 1) + " and " + std::to_string(other + 1) + " are each greater than the other");
                return false;
            }
            if (adjacent && other < cell) continue;  // the pair once
            marks.push_back(adjacent ? UnequalMark{cell, other, true} : UnequalMark{other, cell, false});
        }
    }
    return true;
}

}  // namespace

ParseResult parse_unequal_game_id(const SourceText& source, const GameId& id) {
    ParseResult result;
    GameIdReader in(source, id);
    std::string rest;
    const std::optional<int> order = in.order(1, UnequalPuzzle::max_order, rest, result.error);
    if (!order) return result;
    const bool adjacent = !rest.empty() && rest[0] == 'a';
    if (!valid_difficulty(adjacent ? rest.substr(1) : rest, "tekxr")) {
        result.error = in.params_error(id.params.size() - rest.size(), "unknown parameters '" + rest + "' (expected a, then a difficulty dt, de, dk, dx or dr)");
        return result;
    }
    const int n = *order;
    std::vector<int> givens(static_cast<std::size_t>(n * n), LatinSquarePuzzle::no_given);
    CellFlags cells{std::vector<int>(static_cast<std::size_t>(n * n), 0), std::vector<std::size_t>(static_cast<std::size_t>(n * n), 0)};
    std::vector<UnequalMark> marks;
    if (!read_cells(in, n, givens, cells, result.error) || !marks_from_flags(in, n, adjacent, cells, marks, result.error)) return result;
    result.puzzle = std::make_unique<UnequalPuzzle>(n, std::move(givens), std::move(marks), adjacent);
    return result;
}

}  // namespace prune::puzzles
