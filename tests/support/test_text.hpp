// Text helpers shared by the tests that read a program's output: substrings, lines,
// tokens, HTML tags, JSON documents and whole files. (No std::regex: GCC 12 under the
// sanitizers warns inside libstdc++'s regex automaton, and these shapes are simple.)
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
// `text` split at every `separator`; empty pieces are kept ("a  b" at ' ' gives
// "a", "", "b").
std::vector<std::string> split(const std::string& text, char separator);
// Whether `text` is not empty and every character of it is in `alphabet`.
bool only_characters(const std::string& text, const std::string& alphabet);
// Each start tag `<name ...>` in `html`, from its '<' to the first '>' after it, in order.
std::vector<std::string> start_tags(const std::string& html, const std::string& name);
// The number in the attribute ` name="..."` of a start tag; a test assertion fails
// (REQUIRE) when the tag has no such attribute or its value is not a number.
double tag_attribute(const std::string& tag, const std::string& name);
// `text` as one JSON document; a test assertion fails (REQUIRE) when it is not JSON.
support::JsonValue parse_json_text(const std::string& text);
// The bytes of the file at `path` ("" when it cannot be read).
std::string read_text_file(const std::filesystem::path& path);

}  // namespace prune::test
