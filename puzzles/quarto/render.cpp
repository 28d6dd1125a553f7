// Quarto output: the board of piece numbers and, below it, each row's pieces in
// words; {"board": [[...], ...]}; an SVG drawing of the pieces.
#include "puzzles/common/grid_name.hpp"
#include "puzzles/common/svg.hpp"
#include "puzzles/common/whole_number.hpp"
#include "puzzles/common/support_names.hpp"
#include "puzzles/quarto/quarto_puzzle.hpp"

namespace prune::puzzles {

std::string QuartoPuzzle::render_plain(const Values& values) const {
    std::string text;
    for (int r = 0; r < side; ++r) {
        for (int c = 0; c < side; ++c) {
            const std::string number = std::to_string(values[r * side + c]);
            if (c > 0) text += ' ';
            text.append(number.size() < 2 ? 2 - number.size() : 0, ' ');
            text += number;
        }
        text += '\n';
    }
    text += '\n';
    for (int r = 0; r < side; ++r) {
        text += "row ";
        text += std::to_string(r + 1);
        text += ':';
        for (int c = 0; c < side; ++c) {
            std::string words = piece_words(values[r * side + c]);
            for (char& ch : words) ch = ch == ' ' ? '-' : ch;
            text += "  ";
            text += words;
        }
        text += '\n';
    }
    return text;
}

void QuartoPuzzle::write_json_solution(JsonWriter& json, const Values& values) const {
    write_json_rows(json, "board", values);
}

std::string QuartoPuzzle::render_html_figure(const Values& values) const {
    constexpr int cell = 84;
    constexpr int margin = 8;
    const int size = side * cell + 2 * margin;
    auto num = [](int v) { return std::to_string(v); };
    std::string svg = svg_open(size, size);
    for (int r = 0; r < side; ++r) {
        for (int c = 0; c < side; ++c) {
            const int v = values[r * side + c];
            const bool clue = clues_[r * side + c] >= 0;
            const int x = margin + c * cell;
            const int y = margin + r * cell;
            const int cx = x + cell / 2;
            const int cy = y + cell / 2;
            std::string title = "<title>";
            title += grid_name(r, c);
            title += " = ";
            title += num(v);
            title += " (";
            title += piece_words(v);
            title += clue ? ", given)" : ")";
            title += "</title>";
            svg += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(cell) + "\" height=\"" + num(cell) +
                   "\" fill=\"#f7f3ea\" stroke=\"#888\"/>\n";
            if (v < 0 || v > 15) continue;
            const std::string fill = attribute(v, 0) == 0 ? "#f0d9a8" : "#6b3f22";
            const int radius = attribute(v, 1) == 0 ? 30 : 20;  // tall pieces drawn larger
            const std::string stroke = std::string(" stroke=\"#222\" stroke-width=\"") + (clue ? "4" : "1.5") + "\"";
            if (attribute(v, 2) == 0) {
                svg += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(radius) + "\" fill=\"" + fill + "\"" + stroke + ">" + title +
                       "</circle>\n";
            } else {
                svg += "<rect x=\"" + num(cx - radius) + "\" y=\"" + num(cy - radius) + "\" width=\"" + num(2 * radius) + "\" height=\"" +
                       num(2 * radius) + "\" fill=\"" + fill + "\"" + stroke + ">" + title + "</rect>\n";
            }
            if (attribute(v, 3) == 0) {  // hollow: a hole in the top
                svg += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"8\" fill=\"#f7f3ea\" stroke=\"#222\"/>\n";
            }
            svg += "<text x=\"" + num(x + 4) + "\" y=\"" + num(y + 14) + "\" font-size=\"12\" font-family=\"monospace\"" +
                   (clue ? " font-weight=\"bold\"" : "") + ">" + num(v) + "</text>\n";
        }
    }
    svg += "</svg>";
    return svg;
}

std::optional<Values> QuartoPuzzle::read_plain_solution(const SourceText& text, Diagnostic& error) const {
    // The first four consecutive lines of four whole numbers; other lines are skipped.
    Values values;
    for (const SourceLine& line : text.content_lines()) {
        const std::vector<SourceLine::Word> words = line.words();
        Values row;
        for (const SourceLine::Word& w : words) {
            int v = 0;
            if (!parse_whole_number(w.text, v)) break;
            row.push_back(v);
        }
        if (words.size() != 4 || row.size() != 4) {
            values.clear();
            continue;
        }
        values.insert(values.end(), row.begin(), row.end());
        if (values.size() == 16) return values;
    }
    error = text.error_at(text.last_line_number(), 1, "expected a board: 4 lines of 4 piece numbers");
    return std::nullopt;
}

}  // namespace prune::puzzles
