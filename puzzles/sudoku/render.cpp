// Sudoku output: the grid with box separators, an SVG with the clues in bold, and
// reading the plain grid back (the JSON grid is GridPuzzle's).
#include <cctype>

#include "puzzles/common/plain_grid.hpp"
#include "puzzles/common/svg.hpp"
#include "puzzles/sudoku/sudoku_puzzle.hpp"

namespace prune::puzzles {

char sudoku_letter(int value) {
    if (value >= 1 && value <= 9) return static_cast<char>('0' + value);
    if (value >= 10 && value <= 25) return static_cast<char>('A' + (value - 10));
    return '.';
}

std::string SudokuPuzzle::render_plain(const Values& values) const {
    // Numbers right-aligned in two columns, or one character per cell in the letters
    // form the puzzle came in.
    const int width = side() > 9 && !letters_ ? 2 : 1;
    auto cell_text = [this, width](int v) {
        std::string t = letters_ ? std::string(1, sudoku_letter(v)) : std::to_string(v);
        return std::string(static_cast<std::size_t>(width) - t.size(), ' ') + t;
    };
    // A box group is n cells joined by blanks; groups are joined by " | ".
    const std::string group_dashes(static_cast<std::size_t>(box_ * width + box_ - 1), '-');
    std::string separator;
    for (int g = 0; g < box_; ++g) separator += (g > 0 ? "-+-" : "") + group_dashes;
    std::string text;
    for (int r = 0; r < side(); ++r) {
        if (r > 0 && r % box_ == 0) text += separator + "\n";
        for (int c = 0; c < side(); ++c) {
            if (c > 0) text += c % box_ == 0 ? " | " : " ";
            text += cell_text(values[r * side() + c]);
        }
        text += '\n';
    }
    return text;
}

std::string SudokuPuzzle::render_html_figure(const Values& values) const {
    const int cell = side() > 9 ? 30 : 44;
    const int margin = 4;
    const int extent = side() * cell + 2 * margin;
    std::string svg = svg_open(extent, extent);
    svg += "<rect x=\"" + std::to_string(margin) + "\" y=\"" + std::to_string(margin) + "\" width=\"" + std::to_string(side() * cell) + "\" height=\"" +
           std::to_string(side() * cell) + "\" fill=\"#fff\"/>\n";
    for (int r = 0; r < side(); ++r) {
        for (int c = 0; c < side(); ++c) {
            const int index = r * side() + c;
            const bool given = clues_[index] != unknown;
            svg += "<text x=\"" + std::to_string(margin + c * cell + cell / 2) + "\" y=\"" + std::to_string(margin + r * cell + cell / 2 + cell / 6) +
                   "\" text-anchor=\"middle\" font-size=\"" + std::to_string(cell / 2) + "\" font-family=\"sans-serif\"" +
                   (given ? " font-weight=\"bold\" fill=\"#000\"" : " fill=\"#1565c0\"") + ">" +
                   (letters_ ? std::string(1, sudoku_letter(values[index])) : std::to_string(values[index])) + "</text>\n";
        }
    }
    // Thin lines between cells, thick ones between boxes.
    for (int i = 0; i <= side(); ++i) {
        const std::string at = std::to_string(margin + i * cell);
        const std::string from = std::to_string(margin);
        const std::string to = std::to_string(margin + side() * cell);
        const std::string stroke = i % box_ == 0 ? "stroke=\"#000\" stroke-width=\"2.5\"" : "stroke=\"#999\" stroke-width=\"1\"";
        svg += "<line x1=\"" + at + "\" y1=\"" + from + "\" x2=\"" + at + "\" y2=\"" + to + "\" " + stroke + "/>\n";
        svg += "<line x1=\"" + from + "\" y1=\"" + at + "\" x2=\"" + to + "\" y2=\"" + at + "\" " + stroke + "/>\n";
    }
    svg += "</svg>";
    return svg;
}

std::optional<Values> SudokuPuzzle::read_plain_solution(const SourceText& text, Diagnostic& error) const {
    // A grid line: digits, blanks and '|' (prune's layout), or one compact word of N or
    // N*N digits and letters (a row or a whole grid, as in the puzzle files).
    const std::size_t n = static_cast<std::size_t>(side());
    auto is_grid_line = [n](const SourceLine& line) {
        if (is_digit_grid_line(line)) return true;
        // prune's letters layout: N one-character entries between blanks and '|'.
        if (const std::vector<SudokuEntry> entries = sudoku_entries(line); entries.size() == n) {
            bool letters = true;
            for (const SudokuEntry& e : entries) letters = letters && e.text.size() == 1 && sudoku_value(e.text) > 0;
            if (letters) return true;
        }
        const std::vector<SourceLine::Word> words = line.words();
        if (words.size() != 1 || (words[0].text.size() != n && words[0].text.size() != n * n)) return false;
        for (char c : words[0].text) {
            if (!std::isalnum(static_cast<unsigned char>(c))) return false;
        }
        return true;
    };
    const std::vector<SourceLine> block = first_grid_block(text, is_grid_line);
    if (block.empty()) {
        error = text.error_at(1, 1, "no solution grid found");
        return std::nullopt;
    }
    Values values;
    for (const SourceLine& line : block) {
        for (const SudokuEntry& e : sudoku_entries(line)) {
            const int v = sudoku_value(e.text);
            if (v < 0) {
                error = text.error_at(line.number, e.column, "'" + e.text + "' is not a sudoku value");
                return std::nullopt;
            }
            if (values.size() == n * n) {
                error = text.error_at(line.number, e.column, "the grid has more than " + std::to_string(n * n) + " cells");
                return std::nullopt;
            }
            values.push_back(v);
        }
    }
    if (values.size() != n * n) {
        error = text.error_at(block.back().number, 1, "the grid has " + std::to_string(values.size()) + " cells, this puzzle has " + std::to_string(n * n));
        return std::nullopt;
    }
    return values;
}

}  // namespace prune::puzzles
