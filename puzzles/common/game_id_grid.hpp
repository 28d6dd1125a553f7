// The "WxH" start of a Tatham game ID's parameters (unruly "14x10u", pattern
// "15x15"), shared by the kinds whose IDs begin so. "W" alone means a square W x W,
// as the games read it.
#pragma once
#include <string>

#include "puzzles/common/game_id.hpp"

namespace prune::puzzles {

struct GameIdGrid {
    int width = 0;
    int height = 0;
    std::string rest;  // the parameters after the size ("u", "dn", ...)
    int rest_column = 0;
};

// Reads the size at the start of id.params, each side in 1..max_side. On failure
// returns false and sets `error` (the diagnostic, at the offending column).
inline bool read_game_id_grid(const support::SourceText& source, const GameId& id, int max_side, GameIdGrid& grid, support::Diagnostic& error) {
    const std::string& p = id.params;
    std::size_t at = 0;
    auto read_side = [&](int& side) {
        const std::size_t start = at;
        long long value = 0;
        while (at < p.size() && p[at] >= '0' && p[at] <= '9') {
            value = value * 10 + (p[at] - '0');
            if (value > max_side) break;
            ++at;
        }
        const int column = id.params_column + static_cast<int>(start);
        if (at == start || value > max_side || value < 1) {
            error = source.error_at(id.line, column, "expected a grid side (1.." + std::to_string(max_side) + ") in the game ID's parameters '" + p + "'");
            return false;
        }
        side = static_cast<int>(value);
        return true;
    };
    if (!read_side(grid.width)) return false;
    grid.height = grid.width;
    if (at < p.size() && p[at] == 'x') {
        ++at;
        if (!read_side(grid.height)) return false;
    }
    grid.rest = p.substr(at);
    grid.rest_column = id.params_column + static_cast<int>(at);
    return true;
}

}  // namespace prune::puzzles
