// Restart policies: how many failures a search run may spend before starting over.
//
// Luby: scale * (1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...), Luby, Sinclair & Zuckerman,
// "Optimal speedup of Las Vegas algorithms", IPL 1993. Geometric: scale * factor^k,
// Walsh, "Search in a small world", IJCAI 1999.
#pragma once
#if !defined(PRUNE_MINIMAL)
#include <cmath>
#endif
#include <cstdint>

namespace prune {

enum class RestartKind : std::uint8_t { none, luby, geometric };

// A PRUNE_MINIMAL build (no floating point) states the policy in integers: the
// geometric factor in thousandths, and each run's budget is computed by repeated
// integer multiplication (rounded down at each step) instead of std::pow.
struct RestartPolicy {
    RestartKind kind = RestartKind::none;
#if defined(PRUNE_MINIMAL)
    std::uint64_t scale = 100;              // failures in the first run
    std::uint64_t factor_per_mille = 1500;  // geometric growth, 1500: 1.5
#else
    double scale = 100;   // failures in the first run
    double factor = 1.5;  // geometric growth
#endif
};

// The i-th term (i >= 1) of the Luby sequence.
constexpr std::uint64_t luby(std::uint64_t i) {
    for (;;) {
        std::uint64_t k = 1;
        while (((std::uint64_t{1} << k) - 1) < i) ++k;
        if (i == (std::uint64_t{1} << k) - 1) return std::uint64_t{1} << (k - 1);
        i -= (std::uint64_t{1} << (k - 1)) - 1;
    }
}

class RestartSchedule {
public:
    explicit RestartSchedule(RestartPolicy p = {}) : policy_(p) {}
    bool enabled() const { return policy_.kind != RestartKind::none; }
    // Failure budget of run number `run` (0-based).
    std::uint64_t limit(std::uint64_t run) const {
#if defined(PRUNE_MINIMAL)
        constexpr std::uint64_t most = 1000000000000000000;  // 1e18, as below
        std::uint64_t v = policy_.scale;
        if (policy_.kind == RestartKind::luby) v = v > most / luby(run + 1) ? most : v * luby(run + 1);
        if (policy_.kind == RestartKind::geometric) {
            // Stops early at the cap, or once the budget no longer changes.
            const std::uint64_t f = policy_.factor_per_mille;
            for (std::uint64_t i = 0; i < run && v < most; ++i) {
                std::uint64_t next = f != 0 && v > most / f ? most : v * f / 1000;
                if (next < 1) next = 1;
                if (next == v) break;
                v = next;
            }
        }
        if (v < 1) v = 1;
        return v > most ? most : v;
#else
        double v = policy_.scale;
        if (policy_.kind == RestartKind::luby) v *= static_cast<double>(luby(run + 1));
        if (policy_.kind == RestartKind::geometric) v *= std::pow(policy_.factor, static_cast<double>(run));
        if (v < 1) v = 1;
        if (v > 1e18) v = 1e18;
        return static_cast<std::uint64_t>(v);
#endif
    }

private:
    RestartPolicy policy_;
};

}  // namespace prune
