// JsonWriter: writes one JSON document, compact, with commas placed for the caller.
//
//     JsonWriter json;
//     json.begin_object();
//     json.key("kind"); json.value("seki");
//     json.end_object();
//     std::cout << json.text();
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace prune::support {

class JsonWriter {
public:
    void begin_object();
    void end_object();
    void begin_array();
    void end_array();
    // Inside an object: the name of the next member.
    void key(std::string_view name);

    void value(std::string_view text);
    void value(const char* text) { value(std::string_view(text)); }
    void value(const std::string& text) { value(std::string_view(text)); }
    void value(bool flag);
    void value(int number) { value(static_cast<std::int64_t>(number)); }
    void value(std::int64_t number);
    void value(std::uint64_t number);
    void value(double number);
    void null();

    const std::string& text() const { return out_; }

private:
    // Writes the comma that separates this element from the previous one, if any.
    void separate();

    std::string out_;
    std::vector<bool> has_elements_;  // one entry per open object or array
    bool after_key_ = false;
};

// `text` as a JSON string literal, quotes included: returned, or appended to `out`.
std::string json_quote(std::string_view text);
void append_json_string(std::string& out, std::string_view text);

}  // namespace prune::support
