// Integer helpers of the propagators' bound reasoning: exact floor and ceiling
// division for operands of any sign, and the magnitude of a 64-bit value.
#pragma once
#include <cstdint>

namespace prune {

// Floor and ceiling of a / b for b != 0, exact for negative operands.
constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

// |v| for v > INT64_MIN.
constexpr std::int64_t magnitude(std::int64_t v) { return v < 0 ? -v : v; }

}  // namespace prune
