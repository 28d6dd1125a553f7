// Simon Tatham's Portable Puzzle Collection game IDs: "PARAMS:DESCRIPTION", as the
// games print them (Game > Specific) and as `sgt-towers --generate 3 6dh` writes them,
// e.g. "5:2/3/1/2/3/3/1/3/2/2/1/2/3/2/3/1/2/2/3/1,a4b" for towers. A kind that reads
// IDs recognises them in its parser with `read_game_id`; the CLI takes an argument that
// looks like an ID as the puzzle itself, and a --batch file whose lines all look like
// IDs as one puzzle per line.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "support/source_text.hpp"

namespace prune::puzzles {

// A game ID cut at its first ':', with where each part starts in the source text
// (1-based line and column), for `file:line:col` errors inside the description.
struct GameId {
    std::string params;       // "5", "9x9", "3x3ku", "10x10"
    std::string description;  // everything after the ':'
    int line = 1;
    int params_column = 1;
    int description_column = 1;
};

// True when `text` (one line, blanks around it ignored) has the shape of a game ID:
// a non-empty parameter word of letters, digits and "#._" (the games' parameter
// alphabet; a seed ID "PARAMS#SEED" counts too), then ':' and a non-empty rest with
// no blank. A file name with a ':' in it is rarer than an ID, and the CLI checks that
// no such file exists first.
inline bool looks_like_game_id(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == '\n')) text.remove_suffix(1);
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == text.size()) return false;
    for (std::size_t i = 0; i < colon; ++i) {
        const char c = text[i];
        const bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '#' || c == '.' || c == '_';
        if (!ok) return false;
    }
    for (std::size_t i = colon + 1; i < text.size(); ++i) {
        if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n') return false;
    }
    return true;
}

// The game ID the source holds, when its only content line looks like one (comment
// lines starting with '#' may surround it); nullopt otherwise, and the kind then reads
// its own file format.
inline std::optional<GameId> read_game_id(const support::SourceText& source) {
    const std::vector<support::SourceLine> lines = source.content_lines();
    if (lines.size() != 1 || !looks_like_game_id(lines.front().text)) return std::nullopt;
    const support::SourceLine& line = lines.front();
    std::string_view text = line.text;
    int column = line.first_column;
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
        text.remove_prefix(1);
        ++column;
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
    const std::size_t colon = text.find(':');
    GameId id;
    id.params = std::string(text.substr(0, colon));
    id.description = std::string(text.substr(colon + 1));
    id.line = line.number;
    id.params_column = column;
    id.description_column = column + static_cast<int>(colon) + 1;
    return id;
}

// True when the source has content and every content line looks like a game ID: a
// --batch file of IDs, one puzzle per line.
inline bool all_lines_game_ids(const support::SourceText& source) {
    const std::vector<support::SourceLine> lines = source.content_lines();
    if (lines.empty()) return false;
    for (const support::SourceLine& line : lines) {
        if (!looks_like_game_id(line.text)) return false;
    }
    return true;
}

}  // namespace prune::puzzles
