// 64-bit arithmetic without a 128-bit integer type, which 32-bit targets (Cortex-M,
// wasm32) lack: the high half of a product and saturated products are computed
// from 32-bit pieces. Exact: tests/engine/wide_arithmetic_test.cpp compares both
// with the compiler's 128-bit type where the host has one.
#pragma once
#include <cstdint>

namespace prune {

// The high 64 bits of the 128-bit product a * b.
constexpr std::uint64_t multiply_high(std::uint64_t a, std::uint64_t b) {
    const std::uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32;
    const std::uint64_t b_lo = b & 0xffffffffu, b_hi = b >> 32;
    const std::uint64_t lo_lo = a_lo * b_lo;
    const std::uint64_t hi_lo = a_hi * b_lo;
    const std::uint64_t lo_hi = a_lo * b_hi;
    const std::uint64_t hi_hi = a_hi * b_hi;
    // The middle column, with the carry out of the low 64 bits.
    const std::uint64_t middle = (lo_lo >> 32) + (hi_lo & 0xffffffffu) + (lo_hi & 0xffffffffu);
    return hi_hi + (hi_lo >> 32) + (lo_hi >> 32) + (middle >> 32);
}

// a * b clamped to [-limit, limit] (limit > 0), also when the product overflows.
constexpr std::int64_t saturating_multiply(std::int64_t a, std::int64_t b, std::int64_t limit) {
    if (a == 0 || b == 0) return 0;
    const bool negative = (a < 0) != (b < 0);
    // Magnitudes as unsigned: exact also for INT64_MIN.
    const std::uint64_t ua = a < 0 ? 0 - static_cast<std::uint64_t>(a) : static_cast<std::uint64_t>(a);
    const std::uint64_t ub = b < 0 ? 0 - static_cast<std::uint64_t>(b) : static_cast<std::uint64_t>(b);
    const std::uint64_t bound = static_cast<std::uint64_t>(limit);
    if (multiply_high(ua, ub) != 0 || ua * ub > bound) return negative ? -limit : limit;
    const std::int64_t magnitude = static_cast<std::int64_t>(ua * ub);
    return negative ? -magnitude : magnitude;
}

}  // namespace prune
