// Events: what a domain update did to a variable, and what a propagator waits for.
#pragma once
#include <cstdint>

namespace prune {

// An event is a bit set. Bit 1: some value left the domain. Bit 2: the minimum or
// the maximum moved. Bit 4: the variable became fixed. Each event implies the weaker
// ones, so `fixed` is 7 and `bounds` is 3. `failed` means the domain would have
// become empty and the caller must fail (see domain.hpp for what is left behind).
enum class Event : std::uint8_t {
    none = 0,
    domain = 1,
    bounds = 3,
    fixed = 7,
    failed = 8,
};

// What a subscription waits for: a propagator subscribed with `bounds` runs when a
// bound moves or the variable is fixed, and not for interior removals.
enum class Condition : std::uint8_t {
    domain = 1,
    bounds = 2,
    fixed = 4,
};

constexpr bool is_failure(Event e) { return e == Event::failed; }
constexpr bool is_change(Event e) { return e != Event::none && e != Event::failed; }
constexpr bool wakes(Event e, Condition c) {
    return (static_cast<std::uint8_t>(e) & static_cast<std::uint8_t>(c)) != 0 && e != Event::failed;
}

}  // namespace prune
