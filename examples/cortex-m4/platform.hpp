// What the embedded demo needs from its platform: text output and a memory report.
#pragma once

void platform_write(const char* text);
// Prints the platform's memory figures (lines starting with "memory "), if it has any.
void platform_report_memory();
