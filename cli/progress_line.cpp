#include "cli/progress_line.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace prune::cli {

bool ProgressLine::stderr_is_terminal(const std::ostream& err) { return &err == &std::cerr && ::isatty(STDERR_FILENO) == 1; }

bool ProgressLine::due(Clock::time_point now) {
    if (!enabled_ || elapsed(now) < 1.0 || now - last_ < std::chrono::milliseconds(250)) return false;
    last_ = now;
    return true;
}

void ProgressLine::show(std::string text) {
    const std::size_t width = text.size();
    if (width < width_) text.append(width_ - width, ' ');  // cover the longer line before
    err_ << '\r' << text << std::flush;
    width_ = std::max(width_, width);
}

void ProgressLine::clear() {
    if (width_ == 0) return;
    err_ << '\r' << std::string(width_, ' ') << '\r' << std::flush;
    width_ = 0;
}

std::string rate_text(double per_second) {
    char buffer[32];
    if (per_second >= 1e6) std::snprintf(buffer, sizeof buffer, "%.2fM", per_second / 1e6);
    else if (per_second >= 1e4) std::snprintf(buffer, sizeof buffer, "%.1fk", per_second / 1e3);
    else std::snprintf(buffer, sizeof buffer, "%.0f", per_second);
    return buffer;
}

}  // namespace prune::cli
