#include "standard_host_probes.hpp"

#include <chrono>
#include <cstdio>
#include <cstring>

namespace prune {

namespace {

std::uint64_t steady_clock_nanoseconds() {
    const auto since_epoch = std::chrono::steady_clock::now().time_since_epoch();
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(since_epoch).count());
}

// /proc/self/status gives the resident set in kB ("VmRSS:  1234 kB"), which spares
// us the page size (not in the standard library). Reading it costs a few
// microseconds, so a search reads it every 1,024 nodes and at each restart.
std::uint64_t resident_set_bytes() {
    std::FILE* file = std::fopen("/proc/self/status", "r");
    if (file == nullptr) return 0;
    char line[256];
    std::uint64_t bytes = 0;
    while (std::fgets(line, sizeof line, file) != nullptr) {
        if (std::strncmp(line, "VmRSS:", 6) != 0) continue;
        std::uint64_t kilobytes = 0;
        for (const char* c = line + 6; *c != '\0'; ++c) {
            if (*c >= '0' && *c <= '9') kilobytes = kilobytes * 10 + static_cast<std::uint64_t>(*c - '0');
            else if (kilobytes != 0) break;
        }
        bytes = kilobytes * 1024u;
        break;
    }
    std::fclose(file);
    return bytes;
}

}  // namespace

HostProbes standard_host_probes() { return HostProbes{&steady_clock_nanoseconds, &resident_set_bytes}; }

}  // namespace prune
