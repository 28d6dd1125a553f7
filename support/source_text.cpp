#include "support/source_text.hpp"

#include "support/line_span.hpp"

#include <cctype>

namespace prune::support {

std::string quoted_character(char c) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string{'\'', c, '\''};
    const char* hex = "0123456789abcdef";
    return std::string{'b', 'y', 't', 'e', ' ', '0', 'x', hex[u >> 4], hex[u & 15]};
}

int utf8_length(std::string_view text, std::size_t i) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    int length = 1;
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF) length = 3;
    else if (lead >= 0xF0 && lead <= 0xF4) length = 4;
    if (i + static_cast<std::size_t>(length) > text.size()) return 1;
    for (int k = 1; k < length; ++k) {
        if ((static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0xC0) != 0x80) return 1;
    }
    return length;
}

int column_width(std::string_view text) {
    int columns = 0;
    for (std::size_t i = 0; i < text.size(); i += static_cast<std::size_t>(utf8_length(text, i))) ++columns;
    return columns;
}

void strip_byte_order_mark(std::string& text) {
    if (text.rfind(byte_order_mark, 0) == 0) text.erase(0, byte_order_mark.size());
}

std::string SourceLine::quoted(const Glyph& glyph) const {
    if (glyph.bytes == 1) return quoted_character(glyph.character);
    std::string q = "'";
    q.append(text, glyph.offset, static_cast<std::size_t>(glyph.bytes));
    q.push_back('\'');
    return q;
}

std::string Diagnostic::to_string() const {
    return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: " + message;
}

std::vector<Glyph> SourceLine::glyphs() const {
    std::vector<Glyph> result;
    int column = first_column;
    for (std::size_t i = 0; i < text.size(); ++column) {
        const int bytes = utf8_length(text, i);
        if (!is_blank(text[i])) result.push_back(Glyph{text[i], column, bytes, i});
        i += static_cast<std::size_t>(bytes);
    }
    return result;
}

std::vector<SourceLine::Word> SourceLine::words() const {
    std::vector<Word> result;
    std::size_t i = 0;
    int column = first_column;  // of text[i]
    while (i < text.size()) {
        while (i < text.size() && is_blank(text[i])) {
            ++i;
            ++column;
        }
        if (i == text.size()) break;
        const std::size_t start = i;
        const int start_column = column;
        while (i < text.size() && !is_blank(text[i])) {
            i += static_cast<std::size_t>(utf8_length(text, i));
            ++column;
        }
        result.push_back(Word{text.substr(start, i - start), start_column});
    }
    return result;
}

std::vector<SourceLine> SourceText::content_lines() const {
    std::vector<SourceLine> lines;
    for_each_line(text, [&](const LineSpan& span) {
        if (span.blank() || text[span.first] == '#') return;
        SourceLine line;
        line.number = span.number;
        line.first_column = column_width(std::string_view(text).substr(span.begin, span.first - span.begin)) + 1;
        line.text = text.substr(span.first, span.last - span.first);
        lines.push_back(std::move(line));
    });
    return lines;
}

int SourceText::last_line_number() const {
    int lines = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n' && i + 1 < text.size()) ++lines;
    }
    return lines;
}

}  // namespace prune::support
