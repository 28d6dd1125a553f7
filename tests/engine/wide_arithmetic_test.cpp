// The 128-bit-free helpers of engine/wide_arithmetic.hpp against __int128 (where the
// host has it) on edge values and many random ones.
#include "catch.hpp"

#include <cstdint>
#include <limits>
#include <vector>

#include "engine/random.hpp"
#include "engine/wide_arithmetic.hpp"

using namespace prune;

#ifdef __SIZEOF_INT128__
namespace {

std::int64_t reference_saturating(std::int64_t a, std::int64_t b, std::int64_t limit) {
    const __int128 p = static_cast<__int128>(a) * b;
    if (p > limit) return limit;
    if (p < -limit) return -limit;
    return static_cast<std::int64_t>(p);
}

std::vector<std::int64_t> edge_values() {
    const std::int64_t mx = std::numeric_limits<std::int64_t>::max(), mn = std::numeric_limits<std::int64_t>::min();
    std::vector<std::int64_t> v = {0, 1, -1, 2, -2, 3, mx, mn, mx - 1, mn + 1, std::int64_t{1} << 31, -(std::int64_t{1} << 31),
                                   std::int64_t{1} << 32, (std::int64_t{1} << 32) - 1, std::int64_t{1} << 62, -(std::int64_t{1} << 62),
                                   (std::int64_t{1} << 62) + 1, 3037000499, 3037000500, -3037000500};
    return v;
}

}  // namespace

TEST_CASE("multiply_high equals the high half of a 128-bit product", "[arithmetic][portable]") {
    Random r(77);
    for (int i = 0; i < 200000; ++i) {
        std::uint64_t a = r.next(), b = r.next();
        if (i % 4 == 1) a >>= r.below(64);
        if (i % 4 == 2) b &= 0xffffffffu;
        const auto expected = static_cast<std::uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
        REQUIRE(multiply_high(a, b) == expected);
    }
    for (std::int64_t a : edge_values()) {
        for (std::int64_t b : edge_values()) {
            const auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
            REQUIRE(multiply_high(ua, ub) == static_cast<std::uint64_t>((static_cast<unsigned __int128>(ua) * ub) >> 64));
        }
    }
}

TEST_CASE("saturating_multiply equals the clamped 128-bit product", "[arithmetic][portable]") {
    const std::int64_t limits[] = {std::int64_t{1} << 62, std::numeric_limits<std::int64_t>::max(), 1000};
    for (std::int64_t limit : limits) {
        for (std::int64_t a : edge_values()) {
            for (std::int64_t b : edge_values()) {
                INFO(a << " * " << b << " within " << limit);
                REQUIRE(saturating_multiply(a, b, limit) == reference_saturating(a, b, limit));
            }
        }
        Random r(limit);
        for (int i = 0; i < 100000; ++i) {
            const auto a = static_cast<std::int64_t>(r.next() >> r.below(64));
            const auto b = static_cast<std::int64_t>(r.next() >> r.below(64));
            const std::int64_t sa = (i & 1) ? -a : a;
            REQUIRE(saturating_multiply(sa, b, limit) == reference_saturating(sa, b, limit));
        }
    }
}
#else
TEST_CASE("multiply_high and saturating_multiply on a host without __int128", "[arithmetic][portable]") {
    CHECK(multiply_high(~std::uint64_t{0}, ~std::uint64_t{0}) == ~std::uint64_t{0} - 1);
    CHECK(saturating_multiply(std::int64_t{1} << 40, std::int64_t{1} << 40, std::int64_t{1} << 62) == (std::int64_t{1} << 62));
}
#endif

#include <filesystem>
#include <fstream>
#include <sstream>

TEST_CASE("no engine source uses a 128-bit integer type", "[arithmetic][portable]") {
    // 32-bit targets (Cortex-M4, wasm32) have none; wide_arithmetic.hpp replaces it.
    namespace fs = std::filesystem;
    int files = 0;
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(PRUNE_SOURCE_DIR) / "engine")) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".cpp" && ext != ".hpp") continue;
        ++files;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        INFO(entry.path().string());
        CHECK(text.str().find(std::string("__") + "int128") == std::string::npos);
    }
    CHECK(files > 20);
}
