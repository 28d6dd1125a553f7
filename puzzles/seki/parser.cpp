// Seki input: the rotors row by row, either as one line of (n-1)^2 characters or as
// n-1 lines of n-1 characters. Blanks inside a line are ignored. A grid with a line
// missing or one too many is reported by its count of rows.
#include <cmath>

#include "puzzles/seki/seki_puzzle.hpp"

namespace prune::puzzles {
namespace {

// k when count == k*k, else 0.
int exact_square_root(std::size_t count) {
    int k = static_cast<int>(std::lround(std::sqrt(static_cast<double>(count))));
    while (static_cast<std::size_t>(k) * static_cast<std::size_t>(k) > count) --k;
    while (static_cast<std::size_t>(k + 1) * static_cast<std::size_t>(k + 1) <= count) ++k;
    return static_cast<std::size_t>(k) * static_cast<std::size_t>(k) == count ? k : 0;
}

// The grid form: every line holds as many rotors as the first, and there are as many
// lines as rotors per line. False with `error` set otherwise; a missing or extra line
// is named by the count of rows, at the end of the last row or at the extra one.
bool check_rows(const SourceText& source, const std::vector<SourceLine>& lines, Diagnostic& error) {
    const std::size_t width = lines.front().glyphs().size();
    const std::string rows = "expected " + std::to_string(width) + " rows of " + std::to_string(width) + " rotors (as many rows as the first row has rotors), found ";
    for (std::size_t r = 0; r < lines.size(); ++r) {
        const SourceLine& line = lines[r];
        if (r == width) {
            error = source.error_at(line.number, line.first_column, rows + std::to_string(lines.size()) + "; this line is one too many");
            return false;
        }
        const std::vector<Glyph> glyphs = line.glyphs();
        if (glyphs.size() != width) {
            const int column = glyphs.size() > width ? glyphs[width].column : line.end_column();
            error = source.error_at(line.number, column,
                                    "expected " + std::to_string(width) + " rotors on this line as on the first, found " + std::to_string(glyphs.size()));
            return false;
        }
    }
    if (lines.size() < width) {
        error = source.error_at(lines.back().number, lines.back().end_column(), rows + std::to_string(lines.size()));
        return false;
    }
    return true;
}

}  // namespace

ParseResult parse_seki(const SourceText& source, const KindFlags& /*flags*/) {
    ParseResult result;
    const std::vector<SourceLine> lines = source.content_lines();
    if (lines.empty()) {
        result.error = source.error_at(source.last_line_number(), 1, "no rotors found (the input holds only comments or blank lines)");
        return result;
    }
    std::vector<char> rotors;
    for (const SourceLine& line : lines) {
        for (const Glyph& g : line.glyphs()) {
            if (!SekiPuzzle::is_rotor(g.character)) {
                result.error = source.error_at(line.number, g.column,
                                               std::string("unknown rotor ").append(line.quoted(g)).append(" (expected +, -, o or a)"));
                return result;
            }
            rotors.push_back(g.character);
        }
    }

    int per_side = 0;  // rotors per side: n - 1
    if (lines.size() == 1) {
        per_side = exact_square_root(rotors.size());
        if (per_side == 0) {
            result.error = source.error_at(lines[0].number, lines[0].first_column,
                                           "a one-line seki needs a square number of rotors ((n-1)^2), found " + std::to_string(rotors.size()));
            return result;
        }
    } else if (!check_rows(source, lines, result.error)) {
        return result;
    } else {
        per_side = static_cast<int>(lines.size());
    }
    result.puzzle = std::make_unique<SekiPuzzle>(per_side + 1, std::move(rotors));
    return result;
}

}  // namespace prune::puzzles
