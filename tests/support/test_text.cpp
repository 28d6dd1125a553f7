#include "support/test_text.hpp"

#include <fstream>
#include <sstream>

#include "catch.hpp"

namespace prune::test {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> pieces(1);
    for (const char c : text) {
        if (c == separator) pieces.emplace_back();
        else pieces.back() += c;
    }
    return pieces;
}

bool only_characters(const std::string& text, const std::string& alphabet) {
    return !text.empty() && text.find_first_not_of(alphabet) == std::string::npos;
}

std::vector<std::string> start_tags(const std::string& html, const std::string& name) {
    std::vector<std::string> tags;
    const std::string opening = "<" + name + " ";
    for (std::size_t at = html.find(opening); at != std::string::npos; at = html.find(opening, at + 1)) {
        const std::size_t end = html.find('>', at);
        if (end == std::string::npos) break;
        tags.push_back(html.substr(at, end + 1 - at));
    }
    return tags;
}

double tag_attribute(const std::string& tag, const std::string& name) {
    const std::string opening = " " + name + "=\"";
    const std::size_t at = tag.find(opening);
    INFO("tag: " << tag << "\nattribute: " << name);
    REQUIRE(at != std::string::npos);
    const std::size_t start = at + opening.size();
    const std::string value = tag.substr(start, tag.find('"', start) - start);
    REQUIRE(only_characters(value, "-.0123456789"));
    return std::stod(value);
}

support::JsonValue parse_json_text(const std::string& text) {
    std::string error;
    std::size_t offset = 0;
    auto value = support::parse_json(text, error, offset);
    INFO("JSON: " << text << "\nerror: " << error);
    REQUIRE(value);
    return *value;
}

std::string read_text_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

}  // namespace prune::test
