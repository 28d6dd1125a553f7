// Reading a puzzle or solution file, or standard input for "-".
#pragma once
#include <optional>
#include <string>

#include "support/source_text.hpp"

namespace prune::cli {

// A UTF-8 byte-order mark at the start is dropped (every reader of files and standard
// input comes here, or calls strip_byte_order_mark itself).
// On failure returns nullopt and sets `error` to a message naming the file.
std::optional<support::SourceText> read_input(const std::string& path, std::string& error);

}  // namespace prune::cli
