// Seki input: the rotors row by row, either as one line of (n-1)^2 characters or as
// n-1 lines of n-1 characters. Blanks inside a line are ignored.
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
                                               std::string("unknown rotor ").append(quoted_character(g.character)).append(" (expected +, -, o or a)"));
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
    } else {
        per_side = static_cast<int>(lines.size());
        for (const SourceLine& line : lines) {
            const std::vector<Glyph> glyphs = line.glyphs();
            if (static_cast<int>(glyphs.size()) != per_side) {
                const int column = static_cast<int>(glyphs.size()) > per_side ? glyphs[per_side].column
                                                                              : line.first_column + static_cast<int>(line.text.size());
                result.error = source.error_at(line.number, column,
                                               "expected " + std::to_string(per_side) + " rotors on this line (one per line of " +
                                                   std::to_string(per_side) + " lines), found " + std::to_string(glyphs.size()));
                return result;
            }
        }
    }
    result.puzzle = std::make_unique<SekiPuzzle>(per_side + 1, std::move(rotors));
    return result;
}

}  // namespace prune::puzzles
