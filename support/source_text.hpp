// Input text as the parsers see it: the lines that carry content, with their
// original line and column numbers, so that every error can point at file:line:col
// (Diagnostic). Used by the puzzle parsers, the FlatZinc lexer and the trace reader.
//
// In every puzzle format a line whose first non-blank character is '#' is a comment
// and blank lines are ignored; content_lines() drops both, once, for all parsers.
//
// Columns count Unicode characters (code points of UTF-8), not bytes: the first
// character of a line is column 1, a tab is one column, and 'é' (two bytes) is one
// column like 'e'. Bytes that are not UTF-8 count one column each.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace prune::support {

// An error in an input, printed as `file:line:col: error: message` (the form
// compilers use, so editors can jump to it).
struct Diagnostic {
    std::string file;
    int line = 0;
    int column = 0;
    std::string message;

    std::string to_string() const;
};

// One character of a content line and the 1-based column it sits in. A character
// outside ASCII is one glyph whose `character` is its first byte (>= 0x80); `bytes`
// says how many bytes of the line it takes (see SourceLine::quoted).
struct Glyph {
    char character;
    int column;
    int bytes = 1;
    std::size_t offset = 0;  // of its first byte in SourceLine::text
};

// Moves a 1-based line and column past one byte of a text, for parsers that read byte
// by byte: a newline starts the next line; a UTF-8 continuation byte adds no column,
// so columns count characters as everywhere in prune's diagnostics.
inline void step_position(char byte, int& line, int& column) {
    if (byte == '\n') {
        ++line;
        column = 1;
    } else if ((static_cast<unsigned char>(byte) & 0xC0) != 0x80) {
        ++column;
    }
}

// The number of bytes of the UTF-8 character that starts at text[i] (1 for ASCII and
// for a byte that does not start a valid UTF-8 sequence).
int utf8_length(std::string_view text, std::size_t i);
// The columns `text` takes: its characters, counted as utf8_length does.
int column_width(std::string_view text);
// The UTF-8 byte-order mark (EF BB BF), which some editors put at the start of a file.
inline constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";
// Removes a byte-order mark from the start of `text`, so that every reader (puzzles,
// solutions, FlatZinc, traces, batch files) sees the first line as it is written.
void strip_byte_order_mark(std::string& text);

struct SourceLine {
    int number = 0;          // 1-based line number in the file
    int first_column = 1;    // 1-based column of text[0] in the original line
    std::string text;        // leading and trailing blanks and a trailing '\r' removed

    // The characters of the line other than blanks and tabs, with their columns.
    std::vector<Glyph> glyphs() const;
    // The blank-separated words of the line; `column` is where each word starts.
    struct Word {
        std::string text;
        int column;
    };
    std::vector<Word> words() const;
    // The column just after the last character (where something missing would go).
    int end_column() const { return first_column + column_width(text); }
    // A glyph of this line for a message: 'é' for a valid character, else "byte 0x89".
    std::string quoted(const Glyph& glyph) const;
};

// A character for a message: 'z' when printable, else "byte 0x89" (so that binary
// input does not put raw bytes, or invalid UTF-8, into a diagnostic).
std::string quoted_character(char c);

struct SourceText {
    std::string name;  // shown in diagnostics: the file name, or "<stdin>"
    std::string text;

    std::vector<SourceLine> content_lines() const;
    // The number of the last line of the file (1 for an empty file), for errors
    // about something missing at the end.
    int last_line_number() const;

    Diagnostic error_at(int line, int column, std::string message) const {
        return Diagnostic{name, line, column, std::move(message)};
    }
};

}  // namespace prune::support
