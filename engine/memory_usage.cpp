#include "memory_usage.hpp"

#include <cstdio>
#include <cstring>

namespace prune {

std::uint64_t resident_memory_bytes() {
    // /proc/self/status gives the resident set in kB ("VmRSS:  1234 kB"), which spares
    // us the page size (not in the standard library).
    std::FILE* file = std::fopen("/proc/self/status", "r");
    if (file == nullptr) return 0;
    char line[256];
    std::uint64_t bytes = 0;
    while (std::fgets(line, sizeof line, file) != nullptr) {
        unsigned long long kilobytes = 0;
        if (std::strncmp(line, "VmRSS:", 6) == 0 && std::sscanf(line + 6, "%llu", &kilobytes) == 1) {
            bytes = static_cast<std::uint64_t>(kilobytes) * 1024u;
            break;
        }
    }
    std::fclose(file);
    return bytes;
}

}  // namespace prune
