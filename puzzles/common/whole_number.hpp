// Reading a whole number that is a whole word of the input, as the statement-based
// formats (ostomachion, bugbyte, quarto) do.
#pragma once
#include <charconv>
#include <string>

namespace prune::puzzles {

// True when `text` is exactly a decimal integer that fits an int ("-3", not "3x",
// "+3" or ""); the value goes to `out`.
inline bool parse_whole_number(const std::string& text, int& out) {
    if (text.empty()) return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace prune::puzzles
