// The probes of a hosted system (engine/host_probes.hpp): std::chrono::steady_clock,
// and the resident set size from /proc/self/status where Linux provides it (else 0).
// Kept out of the engine core, so a program that does not call this links neither.
#pragma once
#include "host_probes.hpp"

namespace prune {

HostProbes standard_host_probes();

}  // namespace prune
