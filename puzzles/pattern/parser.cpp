// Pattern input (docs/puzzle-formats.md): a section "columns" with one clue line per
// column (top to bottom), a section "rows" with one clue line per row (left to right),
// in either order, and optionally a section "grid" of given cells: one line per row of
// '.', '0' and '1' ('X' is accepted for 1). A clue line lists the run lengths separated
// by blanks; "0" alone is a line with no filled cell. Or a Tatham Pattern game ID
// (game_id.cpp).
#include "puzzles/common/game_id.hpp"
#include "puzzles/common/whole_number.hpp"
#include "puzzles/pattern/pattern_puzzle.hpp"

namespace prune::puzzles {
namespace {

constexpr int max_side = 200;

struct Section {
    int header_line = 0;  // 0: absent
    std::vector<SourceLine> lines;
};

// Reads one clue line; on failure sets `error`.
bool read_clue(const SourceText& source, const SourceLine& line, PatternPuzzle::Clue& clue, Diagnostic& error) {
    const std::vector<SourceLine::Word> words = line.words();
    for (const SourceLine::Word& word : words) {
        int run = 0;
        if (!parse_whole_number(word.text, run) || run < 0 || run > max_side) {
            error = source.error_at(line.number, word.column, "expected a run length (a whole number 1.." + std::to_string(max_side) + "), found '" + word.text + "'");
            return false;
        }
        if (run == 0 && words.size() > 1) {
            error = source.error_at(line.number, word.column, "a 0 stands alone, for a line with no filled cell");
            return false;
        }
        if (run > 0) clue.push_back(run);
    }
    return true;
}

// Reads a section of clues for lines of `length` cells.
bool read_clues(const SourceText& source, const Section& section, int length, const char* what, std::vector<PatternPuzzle::Clue>& clues,
                Diagnostic& error) {
    for (const SourceLine& line : section.lines) {
        PatternPuzzle::Clue clue;
        if (!read_clue(source, line, clue, error)) return false;
        int needed = -1;
        for (int run : clue) needed += run + 1;
        if (needed > length) {
            error = source.error_at(line.number, line.first_column, std::string("this ") + what + " clue needs " + std::to_string(needed) +
                                                                        " cells, the " + what + " has " + std::to_string(length));
            return false;
        }
        clues.push_back(std::move(clue));
    }
    return true;
}

bool read_given(const SourceText& source, const Section& section, int height, int width, std::vector<int>& given, Diagnostic& error) {
    if (static_cast<int>(section.lines.size()) != height) {
        const int line = section.lines.empty() ? section.header_line : section.lines.back().number;
        error = source.error_at(line, 1, "the grid section has " + std::to_string(section.lines.size()) + " rows, the clues " + std::to_string(height));
        return false;
    }
    for (const SourceLine& line : section.lines) {
        const std::vector<Glyph> glyphs = line.glyphs();
        if (static_cast<int>(glyphs.size()) != width) {
            const int column = static_cast<int>(glyphs.size()) > width ? glyphs[static_cast<std::size_t>(width)].column : line.end_column();
            error = source.error_at(line.number, column, "expected " + std::to_string(width) + " cells (one per column clue), found " + std::to_string(glyphs.size()));
            return false;
        }
        for (const Glyph& g : glyphs) {
            switch (g.character) {
                case '.': given.push_back(PatternPuzzle::unknown); break;
                case '0': given.push_back(0); break;
                case '1':
                case 'X':
                case 'x': given.push_back(1); break;
                default:
                    error = source.error_at(line.number, g.column, std::string("unexpected ").append(line.quoted(g)).append(" (expected '.', '0', '1' or 'X')"));
                    return false;
            }
        }
    }
    return true;
}

}  // namespace

ParseResult parse_pattern(const SourceText& source, const KindFlags& /*flags*/) {
    if (const std::optional<GameId> id = read_game_id(source)) return parse_pattern_game_id(source, *id);
    ParseResult result;
    const std::vector<SourceLine> lines = source.content_lines();
    if (lines.empty()) {
        result.error = source.error_at(source.last_line_number(), 1, "no puzzle found (the input holds only comments or blank lines)");
        return result;
    }
    Section columns, rows, grid;
    Section* current = nullptr;
    for (const SourceLine& line : lines) {
        Section* header = line.text == "columns" ? &columns : line.text == "rows" ? &rows : line.text == "grid" ? &grid : nullptr;
        if (header != nullptr) {
            if (header->header_line != 0) {
                result.error = source.error_at(line.number, line.first_column, "a second '" + line.text + "' section (the first is on line " +
                                                                                   std::to_string(header->header_line) + ")");
                return result;
            }
            header->header_line = line.number;
            current = header;
        } else if (current == nullptr) {
            result.error = source.error_at(line.number, line.first_column, "expected a section header 'columns', 'rows' or 'grid' first");
            return result;
        } else {
            current->lines.push_back(line);
        }
    }
    for (const auto& [section, name] : {std::pair{&columns, "columns"}, std::pair{&rows, "rows"}}) {
        if (section->header_line == 0 || section->lines.empty() || static_cast<int>(section->lines.size()) > max_side) {
            const int line = section->header_line == 0 ? source.last_line_number() : section->header_line;
            result.error = source.error_at(line, 1, section->header_line == 0 ? std::string("no '") + name + "' section"
                                                                              : std::string("the '") + name + "' section needs 1.." + std::to_string(max_side) + " clue lines");
            return result;
        }
    }
    const int width = static_cast<int>(columns.lines.size());
    const int height = static_cast<int>(rows.lines.size());
    std::vector<PatternPuzzle::Clue> column_clues, row_clues;
    std::vector<int> given;
    if (!read_clues(source, columns, height, "column", column_clues, result.error) || !read_clues(source, rows, width, "row", row_clues, result.error)) {
        return result;
    }
    if (grid.header_line != 0 && !read_given(source, grid, height, width, given, result.error)) return result;
    result.puzzle = std::make_unique<PatternPuzzle>(std::move(row_clues), std::move(column_clues), std::move(given));
    return result;
}

}  // namespace prune::puzzles
