// What the engine asks of the machine it runs on: a clock, for time limits, and the
// memory the process holds, for memory limits. The engine core reads neither itself
// (a bare-metal target has no clock and no /proc); the host supplies both as plain
// function pointers, once, before it creates solvers:
//
//     prune::install_host_probes(prune::standard_host_probes());  // a hosted system
//
// standard_host_probes() (standard_host_probes.hpp) reads std::chrono's steady clock
// and Linux's /proc/self/status; it is only linked into programs that call it. A
// microcontroller passes its own timer instead, or nothing: a search asked for a time
// (memory) limit with no clock (memory probe) is refused with an error, never run
// without the limit.
#pragma once
#include <cstdint>

namespace prune {

struct HostProbes {
    // Monotonic time in nanoseconds from any fixed origin. Null: no clock.
    std::uint64_t (*monotonic_nanoseconds)() = nullptr;
    // The memory the process holds, in bytes; 0 where the system does not tell it
    // (a memory limit is then not enforced). Null: no memory probe.
    std::uint64_t (*memory_bytes)() = nullptr;
};

// The probes each new Solver starts with (Solver::set_host_probes() changes one
// solver's). Call before creating solvers on other threads: it is not synchronised.
void install_host_probes(const HostProbes& probes);
const HostProbes& installed_host_probes();

}  // namespace prune
