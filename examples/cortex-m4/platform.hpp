// What the embedded demo needs from its platform: text output and memory figures.
#pragma once
#include <cstddef>

void platform_write(const char* text);

// Static RAM (data + bss), the heap's and the stack's peaks in bytes; known is false
// where the platform cannot tell (the host).
struct MemoryFigures {
    bool known = false;
    std::size_t static_bytes = 0, heap_peak = 0, stack_peak = 0;
};
MemoryFigures platform_memory();
