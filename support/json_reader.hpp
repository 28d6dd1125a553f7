// A small JSON reader, enough to read back prune's own --json output.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace prune::support {

struct JsonMember;

struct JsonValue {
    enum class Type { null, boolean, number, string, array, object };

    Type type = Type::null;
    bool boolean = false;
    double number = 0;
    std::string string;
    std::vector<JsonValue> items;                            // array elements
    // Object members, in order. (Not std::pair: a pair of an incomplete type does not
    // compile with clang and libstdc++.)
    std::vector<JsonMember> members;

    // The member called `name` of an object, or nullptr.
    const JsonValue* find(std::string_view name) const;
    bool is_integer() const;
};

struct JsonMember {
    std::string first;  // the name
    JsonValue second;   // the value
};

// Parses one JSON document (surrounding blanks allowed). On failure returns nullopt,
// sets `error` and `error_offset` (the byte where parsing stopped).
std::optional<JsonValue> parse_json(std::string_view text, std::string& error, std::size_t& error_offset);

}  // namespace prune::support
