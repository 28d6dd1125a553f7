// Text helpers shared by the tests that read a program's output: substrings, lines,
// JSON documents and whole files.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "support/json_reader.hpp"

namespace prune::test {

bool contains(const std::string& text, const std::string& part);
bool starts_with(const std::string& text, const std::string& prefix);
// The lines of `text`, without their '\n' (a final '\n' ends the last line, it does
// not start an empty one).
std::vector<std::string> lines_of(const std::string& text);
// `text` as one JSON document; a test assertion fails (REQUIRE) when it is not JSON.
support::JsonValue parse_json_text(const std::string& text);
// The bytes of the file at `path` ("" when it cannot be read).
std::string read_text_file(const std::filesystem::path& path);

}  // namespace prune::test
