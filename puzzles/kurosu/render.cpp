// Kurosu output: the grid of 0/1 as text, JSON and SVG (clues in bold).
#include "puzzles/kurosu/kurosu_puzzle.hpp"

namespace prune::puzzles {

std::string KurosuPuzzle::render_plain(const Values& values) const {
    std::string text;
    for (int r = 0; r < height_; ++r) {
        for (int c = 0; c < width_; ++c) text += static_cast<char>('0' + values[r * width_ + c]);
        text += '\n';
    }
    return text;
}

void KurosuPuzzle::write_json_solution(JsonWriter& json, const Values& values) const {
    json.begin_object();
    json.key("grid");
    json.begin_array();
    for (int r = 0; r < height_; ++r) {
        json.begin_array();
        for (int c = 0; c < width_; ++c) json.value(values[r * width_ + c]);
        json.end_array();
    }
    json.end_array();
    json.end_object();
}

std::string KurosuPuzzle::render_html_figure(const Values& values) const {
    constexpr int cell = 44;
    constexpr int margin = 4;
    const int w = width_ * cell + 2 * margin;
    const int h = height_ * cell + 2 * margin;
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(w) + "\" height=\"" + std::to_string(h) +
                      "\" viewBox=\"0 0 " + std::to_string(w) + " " + std::to_string(h) + "\">\n";
    for (int r = 0; r < height_; ++r) {
        for (int c = 0; c < width_; ++c) {
            const int index = r * width_ + c;
            const bool one = values[index] == 1;
            const bool given = clues_[index] != unknown;
            const int x = margin + c * cell;
            const int y = margin + r * cell;
            svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" + std::to_string(cell) + "\" height=\"" +
                   std::to_string(cell) + "\" fill=\"" + (one ? "#37474f" : "#eceff1") + "\" stroke=\"#90a4ae\"/>\n";
            svg += "<text x=\"" + std::to_string(x + cell / 2) + "\" y=\"" + std::to_string(y + cell / 2 + 7) +
                   "\" text-anchor=\"middle\" font-size=\"20\" font-family=\"sans-serif\" fill=\"" + (one ? "#fff" : "#222") + "\"" +
                   (given ? " font-weight=\"bold\" text-decoration=\"underline\"" : "") + ">" + std::to_string(values[index]) + "</text>\n";
        }
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
