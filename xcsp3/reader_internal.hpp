// Helpers of the XCSP3 reader shared by its files (not part of the layer's interface).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "instance.hpp"

namespace prune::xcsp3 {

// A blank-separated word of an element's text (blanks inside parentheses do not
// separate: `add(x, y)` is one token).
struct Token {
    std::string text;
    Position at;
};
std::vector<Token> split_tokens(std::string_view text, Position at);

bool parse_integer(std::string_view text, std::int64_t& value);
bool op_from_name(std::string_view name, Op& op);

// Domains and values are kept within +-2^30, so that every sum, product and
// difference an expression compiles to fits 64-bit intermediates.
inline constexpr std::int64_t value_bound = std::int64_t{1} << 30;
// The most values one variable's domain may list.
inline constexpr std::int64_t max_domain_size = std::int64_t{1} << 20;
// The most domain values all variables together may list.
inline constexpr std::int64_t max_total_domain_values = std::int64_t{1} << 24;

}  // namespace prune::xcsp3
