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
