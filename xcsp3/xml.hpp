// A small hand-written XML reader for XCSP3 files (no library).
//
// The tokenizer reads the text once, byte by byte, keeping line and column (columns
// count characters, as every prune diagnostic does), and hands out start tags with
// their attributes, character data and end tags; the reader stacks them into a tree
// of elements as they stream by. XCSP3 uses a small part of XML: the declaration
// `<?xml ...?>`, comments, elements with quoted attributes, character data with the
// five predefined entities and numeric character references, and CDATA sections.
// DOCTYPE declarations and processing instructions other than the declaration are
// skipped. Malformed input gives one error at its line and column; nesting deeper
// than `max_depth` is refused, so a hostile file cannot exhaust the stack.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace prune::xcsp3 {

// Where something starts in the input (1-based).
struct Position {
    int line = 1;
    int column = 1;
};

// An error in the input, at a position; the front end catches it and prints
// `file:line:col: error: message`.
struct InputError : std::runtime_error {
    Position at;
    InputError(Position where, const std::string& message) : std::runtime_error(message), at(where) {}
};

struct Element {
    std::string name;
    Position at;                       // of the '<'
    std::vector<std::pair<std::string, std::string>> attributes;
    std::vector<Position> attribute_at;  // of each attribute's value
    std::string text;                  // the character data directly inside, concatenated
    Position text_at;                  // of the first character of `text`
    std::vector<std::unique_ptr<Element>> children;

    // The value of attribute `key`, or nullptr.
    const std::string* attribute(std::string_view key) const;
    // Where attribute `key` is written (the element's position when it is absent).
    Position attribute_position(std::string_view key) const;
    // The first child named `child`, or nullptr.
    const Element* child(std::string_view child_name) const;
};

inline constexpr int max_depth = 256;

// Reads a whole document; throws InputError. The result is the root element.
std::unique_ptr<Element> read_xml(std::string_view text);

}  // namespace prune::xcsp3
