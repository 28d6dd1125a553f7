// The lines of a text as offsets, for readers that cut a text before they parse it
// (SourceText::content_lines, the batch splitter): where each line starts and ends,
// and where its content starts and ends once the blanks around it are removed.
#pragma once
#include <algorithm>
#include <cstddef>
#include <string_view>

namespace prune::support {

// A blank inside a line: space, tab, carriage return, vertical tab, form feed.
inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// One line of a text, as offsets into it: [begin, end) the line without its '\n',
// [first, last) what is left once the blanks around it are removed.
struct LineSpan {
    int number = 0;  // 1-based
    std::size_t begin = 0, end = 0, first = 0, last = 0;
    bool blank() const { return first == last; }
};

// Calls visit(const LineSpan&) for each line of `text`, first to last (a last line
// without its '\n' too; an empty one after the last '\n' is no line).
template <class Visit>
void for_each_line(std::string_view text, Visit visit) {
    LineSpan line;
    for (std::size_t pos = 0; pos < text.size(); pos = line.end + 1) {
        line.begin = pos;
        line.end = std::min(text.find('\n', pos), text.size());
        ++line.number;
        line.first = line.begin;
        line.last = line.end;
        while (line.first < line.last && is_blank(text[line.first])) ++line.first;
        while (line.last > line.first && is_blank(text[line.last - 1])) --line.last;
        visit(static_cast<const LineSpan&>(line));
    }
}

}  // namespace prune::support
