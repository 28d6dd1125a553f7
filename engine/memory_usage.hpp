// The memory the process holds, for SearchLimits::memory_mb: its resident set size
// where the system tells it (Linux: /proc/self/status), else 0 (the limit cannot be
// enforced there, and is ignored). Reading it costs a few microseconds, so a search
// reads it every 1,024 nodes and at each restart.
#pragma once
#include <cstdint>

namespace prune {

std::uint64_t resident_memory_bytes();

}  // namespace prune
