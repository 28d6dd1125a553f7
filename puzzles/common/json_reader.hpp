// A small JSON reader, enough to read back prune's own --json output.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace prune::puzzles {

struct JsonValue {
    enum class Type { null, boolean, number, string, array, object };

    Type type = Type::null;
    bool boolean = false;
    double number = 0;
    std::string string;
    std::vector<JsonValue> items;                            // array elements
    std::vector<std::pair<std::string, JsonValue>> members;  // object members, in order

    // The member called `name` of an object, or nullptr.
    const JsonValue* find(std::string_view name) const;
    bool is_integer() const;
};

// Parses one JSON document (surrounding blanks allowed). On failure returns nullopt,
// sets `error` and `error_offset` (the byte where parsing stopped).
std::optional<JsonValue> parse_json(std::string_view text, std::string& error, std::size_t& error_offset);

}  // namespace prune::puzzles
