#include "puzzles/common/plain_grid.hpp"

namespace prune::puzzles {

bool is_digit_grid_line(const SourceLine& line) {
    bool digit = false;
    for (char c : line.text) {
        if (c >= '0' && c <= '9') {
            digit = true;
        } else if (c != ' ' && c != '\t' && c != '|') {
            return false;
        }
    }
    return digit;
}

bool is_separator_line(const SourceLine& line) {
    bool dash = false;
    for (char c : line.text) {
        if (c == '-') {
            dash = true;
        } else if (c != '+' && c != '|' && c != ' ' && c != '\t') {
            return false;
        }
    }
    return dash;
}

std::vector<SourceLine> first_grid_block(const SourceText& text, const std::function<bool(const SourceLine&)>& is_grid_line) {
    std::vector<SourceLine> block;
    int previous_line = 0;
    for (SourceLine& line : text.content_lines()) {
        if (!block.empty() && line.number != previous_line + 1) break;  // a blank line ends the grid
        previous_line = line.number;
        if (is_grid_line(line)) {
            block.push_back(std::move(line));
        } else if (!block.empty() && is_separator_line(line)) {
            continue;
        } else if (!block.empty()) {
            break;
        }
    }
    return block;
}

std::optional<Values> read_digit_grid(const SourceText& text, int cells, Diagnostic& error) {
    const std::vector<SourceLine> block = first_grid_block(text, is_digit_grid_line);
    if (block.empty()) {
        error = text.error_at(1, 1, "no solution grid found (expected lines of digits)");
        return std::nullopt;
    }
    Values values;
    for (const SourceLine& line : block) {
        for (const Glyph& g : line.glyphs()) {
            if (g.character == '|') continue;
            if (static_cast<int>(values.size()) == cells) {
                error = text.error_at(line.number, g.column, "the grid has more than " + std::to_string(cells) + " cells");
                return std::nullopt;
            }
            values.push_back(g.character - '0');
        }
    }
    if (static_cast<int>(values.size()) != cells) {
        error = text.error_at(block.back().number, 1,
                              "the grid has " + std::to_string(values.size()) + " cells, this puzzle has " + std::to_string(cells));
        return std::nullopt;
    }
    return values;
}

}  // namespace prune::puzzles
