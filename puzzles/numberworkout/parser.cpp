// Number Workout input: 10 lines of digits holding 3, 9, 9, 9, 9, 9, 9, 9, 9 and 3
// digits (0 for unknown, 1..6 given). Blanks inside a line are ignored.
#include "puzzles/numberworkout/numberworkout_puzzle.hpp"

namespace prune::puzzles {

ParseResult parse_numberworkout(const SourceText& source, const KindFlags& /*flags*/) {
    ParseResult result;
    const std::vector<SourceLine> lines = source.content_lines();
    std::vector<int> clues;
    for (std::size_t row = 0; row < lines.size(); ++row) {
        const SourceLine& line = lines[row];
        if (row >= workout_rows) {
            result.error = source.error_at(line.number, line.first_column, "a number workout has 10 rows; this is an 11th");
            return result;
        }
        const std::vector<Glyph> glyphs = line.glyphs();
        for (const Glyph& g : glyphs) {
            if (g.character < '0' || g.character > '9') {
                result.error = source.error_at(line.number, g.column, std::string("unexpected ").append(line.quoted(g)).append(" (expected a digit, 0 for unknown)"));
                return result;
            }
            if (g.character > '6') {
                result.error = source.error_at(line.number, g.column, std::string("digit ") + g.character + " is out of range (1..6, 0 for unknown)");
                return result;
            }
        }
        const int expected = workout_row_lengths[row];
        if (static_cast<int>(glyphs.size()) != expected) {
            const int column = static_cast<int>(glyphs.size()) > expected ? glyphs[expected].column : line.end_column();
            result.error = source.error_at(line.number, column,
                                           "row " + std::to_string(row + 1) + " of a number workout has " + std::to_string(expected) + " digits, this line has " +
                                               std::to_string(glyphs.size()));
            return result;
        }
        for (const Glyph& g : glyphs) clues.push_back(g.character - '0');
    }
    if (lines.size() < workout_rows) {
        result.error = source.error_at(source.last_line_number(), 1,
                                       "a number workout has 10 rows (3, 9 x 8, 3 digits), found " + std::to_string(lines.size()));
        return result;
    }
    result.puzzle = std::make_unique<NumberWorkoutPuzzle>(std::move(clues));
    return result;
}

}  // namespace prune::puzzles
