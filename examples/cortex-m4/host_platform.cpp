// The host side of the embedded demo: stdout, and no memory figures.
#include <cstdio>

#include "platform.hpp"

void platform_write(const char* text) { std::fputs(text, stdout); }
MemoryFigures platform_memory() { return {}; }
