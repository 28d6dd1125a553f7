#include "support/json_writer.hpp"

#include <cmath>
#include <cstdio>

namespace prune::support {

void append_json_string(std::string& out, std::string_view text) {
    out += '"';
    for (const char c : text) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buffer[8];
                    std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
                    out += buffer;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}

std::string json_quote(std::string_view text) {
    std::string out;
    append_json_string(out, text);
    return out;
}

void JsonWriter::separate() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!has_elements_.empty()) {
        if (has_elements_.back()) out_ += ',';
        has_elements_.back() = true;
    }
}

void JsonWriter::begin_object() {
    separate();
    out_ += '{';
    has_elements_.push_back(false);
}

void JsonWriter::end_object() {
    has_elements_.pop_back();
    out_ += '}';
}

void JsonWriter::begin_array() {
    separate();
    out_ += '[';
    has_elements_.push_back(false);
}

void JsonWriter::end_array() {
    has_elements_.pop_back();
    out_ += ']';
}

void JsonWriter::key(std::string_view name) {
    separate();
    out_ += json_quote(name);
    out_ += ':';
    after_key_ = true;
}

void JsonWriter::value(std::string_view text) {
    separate();
    out_ += json_quote(text);
}

void JsonWriter::value(bool flag) {
    separate();
    out_ += flag ? "true" : "false";
}

void JsonWriter::value(std::int64_t number) {
    separate();
    out_ += std::to_string(number);
}

void JsonWriter::value(std::uint64_t number) {
    separate();
    out_ += std::to_string(number);
}

void JsonWriter::value(double number) {
    separate();
    if (!std::isfinite(number)) {
        out_ += "null";  // JSON has no infinities or NaN
        return;
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", number);
    out_ += buffer;
}

void JsonWriter::null() {
    separate();
    out_ += "null";
}

}  // namespace prune::support
