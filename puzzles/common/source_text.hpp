// Puzzle text as the parsers see it: the lines that carry content, with their
// original line and column numbers, so that every error can point at file:line:col.
//
// In every puzzle format a line whose first non-blank character is '#' is a comment
// and blank lines are ignored; both are dropped here, once, for all parsers.
#pragma once
#include <string>
#include <vector>

namespace prune::puzzles {

// An error in an input, printed as `file:line:col: error: message` (the form
// compilers use, so editors can jump to it).
struct Diagnostic {
    std::string file;
    int line = 0;
    int column = 0;
    std::string message;

    std::string to_string() const;
};

// One character of a content line and the 1-based column it sits in.
struct Glyph {
    char character;
    int column;
};

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

}  // namespace prune::puzzles
