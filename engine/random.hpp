// A small, seedable random generator (SplitMix64): the same seed gives the same
// search on every platform, which std::uniform_int_distribution does not promise.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "wide_arithmetic.hpp"

namespace prune {

class Random {
public:
    explicit Random(std::uint64_t seed = 0) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n) for n > 0 (bias below 2^-32 for n < 2^32).
    std::uint64_t below(std::uint64_t n) { return multiply_high(next(), n); }

private:
    std::uint64_t state_;
};

// Fisher-Yates: each order of `items` equally likely, the same for the same draws.
template <typename T>
void shuffle(std::vector<T>& items, Random& random) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[static_cast<std::size_t>(random.below(i))]);
}

}  // namespace prune
