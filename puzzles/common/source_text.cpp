#include "puzzles/common/source_text.hpp"

#include <cctype>

namespace prune::puzzles {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

}  // namespace

std::string quoted_character(char c) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string{'\'', c, '\''};
    const char* hex = "0123456789abcdef";
    return std::string{'b', 'y', 't', 'e', ' ', '0', 'x', hex[u >> 4], hex[u & 15]};
}

std::string Diagnostic::to_string() const {
    return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: " + message;
}

std::vector<Glyph> SourceLine::glyphs() const {
    std::vector<Glyph> result;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (!is_blank(text[i])) result.push_back(Glyph{text[i], first_column + static_cast<int>(i)});
    }
    return result;
}

std::vector<SourceLine::Word> SourceLine::words() const {
    std::vector<Word> result;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_blank(text[i])) ++i;
        if (i == text.size()) break;
        const std::size_t start = i;
        while (i < text.size() && !is_blank(text[i])) ++i;
        result.push_back(Word{text.substr(start, i - start), first_column + static_cast<int>(start)});
    }
    return result;
}

std::vector<SourceLine> SourceText::content_lines() const {
    std::vector<SourceLine> lines;
    int number = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        ++number;
        std::size_t first = pos;
        std::size_t last = end;
        while (first < last && is_blank(text[first])) ++first;
        while (last > first && is_blank(text[last - 1])) --last;
        if (first < last && text[first] != '#') {
            SourceLine line;
            line.number = number;
            line.first_column = static_cast<int>(first - pos) + 1;
            line.text = text.substr(first, last - first);
            lines.push_back(std::move(line));
        }
        if (end == text.size()) break;
        pos = end + 1;
    }
    return lines;
}

int SourceText::last_line_number() const {
    int lines = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n' && i + 1 < text.size()) ++lines;
    }
    return lines;
}

}  // namespace prune::puzzles
