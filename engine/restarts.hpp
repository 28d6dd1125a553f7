// Restart policies: how many failures a search run may spend before starting over.
//
// Luby: scale * (1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...), Luby, Sinclair & Zuckerman,
// "Optimal speedup of Las Vegas algorithms", IPL 1993. Geometric: scale * factor^k,
// Walsh, "Search in a small world", IJCAI 1999.
#pragma once
#include <cmath>
#include <cstdint>

namespace prune {

enum class RestartKind : std::uint8_t { none, luby, geometric };

struct RestartPolicy {
    RestartKind kind = RestartKind::none;
    double scale = 100;   // failures in the first run
    double factor = 1.5;  // geometric growth
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
        double v = policy_.scale;
        if (policy_.kind == RestartKind::luby) v *= static_cast<double>(luby(run + 1));
        if (policy_.kind == RestartKind::geometric) v *= std::pow(policy_.factor, static_cast<double>(run));
        if (v < 1) v = 1;
        if (v > 1e18) v = 1e18;
        return static_cast<std::uint64_t>(v);
    }

private:
    RestartPolicy policy_;
};

}  // namespace prune
