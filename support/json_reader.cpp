#include "support/json_reader.hpp"
#include "support/source_text.hpp"

#include <cmath>
#include <cstdlib>

namespace prune::support {
namespace {

// Nesting deeper than this is refused rather than risking the stack on hostile input.
constexpr int max_depth = 200;

class JsonParser {
public:
    explicit JsonParser(std::string_view text) : text_(text) {}

    bool parse_document(JsonValue& out) {
        skip_blanks();
        if (!parse_value(out, 0)) return false;
        skip_blanks();
        if (pos_ != text_.size()) return fail("unexpected text after the JSON value");
        return true;
    }

    const std::string& error() const { return error_; }
    std::size_t error_offset() const { return error_offset_; }

private:
    bool fail(const std::string& message) {
        if (error_.empty()) {
            error_ = message;
            error_offset_ = pos_;
        }
        return false;
    }
    void skip_blanks() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r')) ++pos_;
    }
    bool literal(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return fail("invalid literal");
        pos_ += word.size();
        return true;
    }

    bool parse_value(JsonValue& out, int depth) {
        if (depth > max_depth) return fail("JSON nested too deeply");
        if (pos_ >= text_.size()) return fail("unexpected end of JSON");
        const char c = text_[pos_];
        if (c == '{') return parse_object(out, depth);
        if (c == '[') return parse_array(out, depth);
        if (c == '"') {
            out.type = JsonValue::Type::string;
            return parse_string(out.string);
        }
        if (c == 't') {
            out.type = JsonValue::Type::boolean;
            out.boolean = true;
            return literal("true");
        }
        if (c == 'f') {
            out.type = JsonValue::Type::boolean;
            out.boolean = false;
            return literal("false");
        }
        if (c == 'n') {
            out.type = JsonValue::Type::null;
            return literal("null");
        }
        if (c == '-' || (c >= '0' && c <= '9')) return parse_number(out);
        return fail(std::string("unexpected character ").append(quoted_character(c)));
    }

    // Consumes `c` if it is next.
    bool eat(char c) {
        if (pos_ >= text_.size() || text_[pos_] != c) return false;
        ++pos_;
        return true;
    }

    // The elements of an object or an array, from its opening bracket to `close`:
    // `element` reads one (blanks around it skipped), commas go between them.
    template <class Element>
    bool parse_elements(char close, Element element) {
        ++pos_;  // '{' or '['
        skip_blanks();
        if (eat(close)) return true;
        for (;;) {
            skip_blanks();
            if (!element()) return false;
            skip_blanks();
            if (eat(',')) continue;
            if (eat(close)) return true;
            return fail(std::string("expected ',' or '") + close + "'");
        }
    }

    bool parse_object(JsonValue& out, int depth) {
        out.type = JsonValue::Type::object;
        return parse_elements('}', [&] {
            if (pos_ >= text_.size() || text_[pos_] != '"') return fail("expected a member name");
            std::string name;
            if (!parse_string(name)) return false;
            skip_blanks();
            if (!eat(':')) return fail("expected ':'");
            skip_blanks();
            JsonValue member;
            if (!parse_value(member, depth + 1)) return false;
            out.members.push_back(JsonMember{std::move(name), std::move(member)});
            return true;
        });
    }

    bool parse_array(JsonValue& out, int depth) {
        out.type = JsonValue::Type::array;
        return parse_elements(']', [&] {
            JsonValue item;
            if (!parse_value(item, depth + 1)) return false;
            out.items.push_back(std::move(item));
            return true;
        });
    }

    bool parse_string(std::string& out) {
        ++pos_;  // opening quote
        while (pos_ < text_.size()) {
            const char c = text_[pos_++];
            if (c == '"') return true;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= text_.size()) break;
            const char e = text_[pos_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    if (pos_ + 4 > text_.size()) return fail("truncated \\u escape");
                    const std::string hex(text_.substr(pos_, 4));
                    char* end = nullptr;
                    const long code = std::strtol(hex.c_str(), &end, 16);
                    if (end != hex.c_str() + 4) return fail("invalid \\u escape");
                    pos_ += 4;
                    // prune writes only ASCII; other code points are kept as UTF-8 (BMP only).
                    if (code < 0x80) {
                        out += static_cast<char>(code);
                    } else if (code < 0x800) {
                        out += static_cast<char>(0xC0 | (code >> 6));
                        out += static_cast<char>(0x80 | (code & 0x3F));
                    } else {
                        out += static_cast<char>(0xE0 | (code >> 12));
                        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
                        out += static_cast<char>(0x80 | (code & 0x3F));
                    }
                    break;
                }
                default: return fail("invalid escape");
            }
        }
        return fail("unterminated string");
    }

    bool parse_number(JsonValue& out) {
        const std::size_t start = pos_;
        if (text_[pos_] == '-') ++pos_;
        while (pos_ < text_.size() && ((text_[pos_] >= '0' && text_[pos_] <= '9') || text_[pos_] == '.' || text_[pos_] == 'e' ||
                                       text_[pos_] == 'E' || text_[pos_] == '+' || text_[pos_] == '-')) {
            ++pos_;
        }
        const std::string number(text_.substr(start, pos_ - start));
        char* end = nullptr;
        out.type = JsonValue::Type::number;
        out.number = std::strtod(number.c_str(), &end);
        if (end != number.c_str() + number.size() || number == "-") return fail("invalid number");
        return true;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::string error_;
    std::size_t error_offset_ = 0;
};

}  // namespace

const JsonValue* JsonValue::find(std::string_view name) const {
    for (const auto& [member_name, member] : members) {
        if (member_name == name) return &member;
    }
    return nullptr;
}

bool JsonValue::is_integer() const {
    return type == Type::number && std::floor(number) == number && std::fabs(number) < 2147483648.0;
}

std::optional<JsonValue> parse_json(std::string_view text, std::string& error, std::size_t& error_offset) {
    JsonParser parser(text);
    JsonValue value;
    if (!parser.parse_document(value)) {
        error = parser.error();
        error_offset = parser.error_offset();
        return std::nullopt;
    }
    return value;
}

}  // namespace prune::support
