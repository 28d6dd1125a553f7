// Sudoku input, N = n^2 for n = 2..5, the size following from the input:
//  - one line of N*N characters: '.', '0' or '_' blank, digits, 'A'.. for 10..;
//  - or N lines of N characters (same alphabet), which may be split into boxes by
//    blanks or '|' ("4.. ... 8.5", "4..|...|8.5");
//  - or N lines of N blank-separated values ('.', '0' or '_' blank), e.g. a 16x16 row
//    ". 11 . . 13 5 . . . 2 16 14 . . 10 .".
// '|' characters and lines of '-', '+' and '|' (box drawings) are ignored, and so is
// a "[Puzzle]" header line (the .sdk format); a later "[...]" header (an .sdk
// "[Solution]") ends the grid. Cells are counted in characters, not bytes.
// A Simon Tatham Solo game ID ("3x3:...", "2x3:...") is read by solo_game_id.cpp.
#include <cctype>

#include "puzzles/common/game_id.hpp"
#include "puzzles/common/plain_grid.hpp"
#include "puzzles/sudoku/region_sudoku.hpp"
#include "puzzles/sudoku/sudoku_puzzle.hpp"

namespace prune::puzzles {
namespace {

// n when side == n*n for n in 2..5, else 0.
int box_of_side(std::size_t side) {
    for (int n = 2; n <= 5; ++n) {
        if (side == static_cast<std::size_t>(n * n)) return n;
    }
    return 0;
}

// n when cells == n^4 for n in 2..5, else 0.
int box_of_cell_count(std::size_t cells) {
    for (int n = 2; n <= 5; ++n) {
        if (cells == static_cast<std::size_t>(n * n * n * n)) return n;
    }
    return 0;
}

// The number of entries sudoku_entries(line) returns, counted without building them
// (a 10 MB line would otherwise cost a string per character).
std::size_t sudoku_entry_count(const SourceLine& line) {
    const std::string& t = line.text;
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; };
    std::size_t words = 0;
    std::size_t last_word_cells = 0;  // the characters other than '|' of the last word
    std::size_t i = 0;
    while (i < t.size()) {
        while (i < t.size() && blank(t[i])) ++i;
        if (i == t.size()) break;
        const std::size_t start = i;
        std::size_t bars = 0;
        std::size_t characters = 0;
        for (; i < t.size() && !blank(t[i]); i += static_cast<std::size_t>(utf8_length(t, i))) {
            ++characters;
            bars += t[i] == '|' ? 1 : 0;
        }
        if (i - start == 1 && bars == 1) continue;  // a lone '|'
        ++words;
        last_word_cells = characters - bars;
    }
    return words == 1 ? last_word_cells : words;
}

}  // namespace

namespace {

// True when the words are a row of characters split into boxes: n words of n
// characters each ("4.. ... 8.5" for n = 3). A row of values has N = n^2 words.
bool is_boxed_row(const std::vector<SourceLine::Word>& words) {
    const std::size_t n = words.size();
    if (n < 2 || n > 5) return false;
    for (const SourceLine::Word& w : words) {
        if (static_cast<std::size_t>(column_width(w.text)) != n) return false;
    }
    return true;
}

// One entry per character of `word` ('|' skipped), a character outside ASCII whole.
void append_characters(const SourceLine::Word& word, std::vector<SudokuEntry>& entries) {
    int column = word.column;
    for (std::size_t i = 0; i < word.text.size(); ++column) {
        const std::size_t bytes = static_cast<std::size_t>(utf8_length(word.text, i));
        if (word.text[i] != '|') entries.push_back(SudokuEntry{word.text.substr(i, bytes), column});
        i += bytes;
    }
}

// The content lines that hold the grid: box drawings and an .sdk "[Puzzle]" header
// dropped, and nothing from a later header ("[Solution]") on.
std::vector<SourceLine> grid_lines(const SourceText& source) {
    std::vector<SourceLine> lines;
    for (SourceLine& line : source.content_lines()) {
        const bool header = line.text.size() >= 2 && line.text.front() == '[' && line.text.back() == ']';
        if (header && !lines.empty()) break;
        if (header || is_separator_line(line)) continue;
        lines.push_back(std::move(line));
    }
    return lines;
}

}  // namespace

std::vector<SudokuEntry> sudoku_entries(const SourceLine& line) {
    std::vector<SudokuEntry> entries;
    std::vector<SourceLine::Word> words = line.words();
    std::erase_if(words, [](const SourceLine::Word& w) { return w.text == "|"; });
    if (words.size() == 1 || is_boxed_row(words)) {
        for (const SourceLine::Word& w : words) append_characters(w, entries);
        return entries;
    }
    for (const SourceLine::Word& w : words) entries.push_back(SudokuEntry{w.text, w.column});
    return entries;
}

int sudoku_value(const std::string& entry) {
    if (entry == "." || entry == "_") return 0;
    if (entry.size() == 1) {
        const char c = entry[0];
        if (c >= '0' && c <= '9') return c - '0';
        // Letters stand for 10..25 (A..P): no sudoku here has larger values.
        if (c >= 'A' && c <= 'P') return 10 + (c - 'A');
        if (c >= 'a' && c <= 'p') return 10 + (c - 'a');
        return -1;
    }
    if (entry.size() > 2) return -1;  // no sudoku value has more than two digits
    int value = 0;
    for (char c : entry) {
        if (c < '0' || c > '9') return -1;
        value = value * 10 + (c - '0');
    }
    return value;
}

namespace {

using LocatedEntries = std::vector<std::pair<SudokuEntry, int>>;  // each entry and its line number

// No line may hold more cells than the largest sudoku (checked before any entry is built).
bool check_line_sizes(const SourceText& source, const std::vector<SourceLine>& lines, Diagnostic& error) {
    for (const SourceLine& line : lines) {
        if (const std::size_t count = sudoku_entry_count(line); count > 625) {
            std::string message = "a sudoku line holds at most 625 cells, this one has ";
            message.append(std::to_string(count));
            error = source.error_at(line.number, line.first_column, std::move(message));
            return false;
        }
    }
    return true;
}

// A whole grid on one line: its number of entries gives the size.
bool read_one_line_grid(const SourceText& source, const SourceLine& line, int& box, LocatedEntries& entries, Diagnostic& error) {
    for (const SudokuEntry& e : sudoku_entries(line)) entries.emplace_back(e, line.number);
    box = box_of_cell_count(entries.size());
    if (box != 0) return true;
    error = source.error_at(line.number, line.first_column, "a one-line sudoku has 16, 81, 256 or 625 cells, this line has " + std::to_string(entries.size()));
    return false;
}

// A grid of one row per line: the first row gives the size, every row and the number
// of rows must match it.
bool read_grid_rows(const SourceText& source, const std::vector<SourceLine>& lines, int& box, LocatedEntries& entries, Diagnostic& error) {
    const std::size_t side = sudoku_entries(lines[0]).size();
    box = box_of_side(side);
    if (box == 0) {
        error = source.error_at(lines[0].number, lines[0].first_column, "a sudoku row has 4, 9, 16 or 25 cells, this one has " + std::to_string(side));
        return false;
    }
    const std::string size = std::to_string(side) + "x" + std::to_string(side);
    for (std::size_t r = 0; r < lines.size(); ++r) {
        const SourceLine& line = lines[r];
        if (r == side) {
            error = source.error_at(line.number, line.first_column, "a " + size + " sudoku has " + std::to_string(side) + " rows; this is one more");
            return false;
        }
        const std::vector<SudokuEntry> row = sudoku_entries(line);
        if (row.size() != side) {
            const int column = row.size() > side ? row[side].column : line.end_column();
            error = source.error_at(line.number, column, "expected " + std::to_string(side) + " cells as in the first row, found " + std::to_string(row.size()));
            return false;
        }
        for (const SudokuEntry& e : row) entries.emplace_back(e, line.number);
    }
    if (lines.size() < side) {
        error = source.error_at(source.last_line_number(), 1,
                                "a " + size + " sudoku has " + std::to_string(side) + " rows, found " + std::to_string(lines.size()));
        return false;
    }
    return true;
}

// The value of every entry, each in 0..side; `letters` tells whether a clue was
// written as a letter (the answer is then printed in letters too).
bool read_clue_values(const SourceText& source, const LocatedEntries& entries, int side, std::vector<int>& clues, bool& letters, Diagnostic& error) {
    for (const auto& [entry, line_number] : entries) {
        letters = letters || (entry.text.size() == 1 && std::isalpha(static_cast<unsigned char>(entry.text[0])));
        const int value = sudoku_value(entry.text);
        if (value < 0) {
            error = source.error_at(line_number, entry.column, "'" + entry.text + "' is not a sudoku value ('.', '_' or 0 for blank, 1.." + std::to_string(side) + ")");
            return false;
        }
        if (value > side) {
            error = source.error_at(line_number, entry.column,
                                    "value " + std::to_string(value) + " ('" + entry.text + "') is too large for a " + std::to_string(side) + "x" +
                                        std::to_string(side) + " sudoku");
            return false;
        }
        clues.push_back(value);
    }
    return true;
}

}  // namespace

ParseResult parse_sudoku(const SourceText& source, const KindFlags& /*flags*/) {
    ParseResult result;
    if (auto fast = parse_sudoku_one_line(source)) {
        result.puzzle = std::move(fast);
        return result;
    }
    if (const auto id = read_game_id(source)) return parse_solo_game_id(source, *id, SoloVariant::sudoku);
    const std::vector<SourceLine> lines = grid_lines(source);
    if (lines.empty()) {
        result.error = source.error_at(source.last_line_number(), 1, "no grid found (the input holds only comments or blank lines)");
        return result;
    }
    int box = 0;
    LocatedEntries entries;
    std::vector<int> clues;
    bool letters = false;
    const bool read = check_line_sizes(source, lines, result.error) &&
                      (lines.size() == 1 ? read_one_line_grid(source, lines[0], box, entries, result.error)
                                         : read_grid_rows(source, lines, box, entries, result.error)) &&
                      read_clue_values(source, entries, box * box, clues, letters, result.error);
    if (!read) return result;
    auto puzzle = std::make_unique<SudokuPuzzle>(box, std::move(clues));
    puzzle->set_letters(letters && box * box > 9);
    result.puzzle = std::move(puzzle);
    return result;
}

}  // namespace prune::puzzles
