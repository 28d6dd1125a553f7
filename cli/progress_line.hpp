// A progress line on a terminal: one line on standard error, redrawn in place
// ('\r'), for runs long enough to make a person wonder (prune solve --batch,
// --count, --all). Silent for the first second, then redrawn at most every 250 ms;
// never drawn when standard error is not a terminal, so logs and pipes stay clean.
#pragma once
#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>

namespace prune::cli {

class ProgressLine {
public:
    using Clock = std::chrono::steady_clock;

    // `enabled`: draw at all (usually stderr_is_terminal(err)).
    ProgressLine(std::ostream& err, bool enabled) : err_(err), enabled_(enabled), start_(Clock::now()), last_(start_) {}
    ~ProgressLine() { clear(); }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    // Whether standard error is a terminal and `err` writes to it.
    static bool stderr_is_terminal(const std::ostream& err);

    // Whether a redraw is due at `now`: enabled, a second since the start, and 250 ms
    // since the last one. A caller builds its text only then.
    bool due(Clock::time_point now);
    // Seconds since the line was created.
    double elapsed(Clock::time_point now) const { return std::chrono::duration<double>(now - start_).count(); }
    // Draws `text` over the previous line.
    void show(std::string text);
    // Erases the line (before other output on the terminal, and at the end).
    void clear();

private:
    std::ostream& err_;
    bool enabled_;
    Clock::time_point start_;
    Clock::time_point last_;
    std::size_t width_ = 0;  // of the line on the terminal; 0: none drawn
};

// "1234", "12.3k", "4.56M": a rate that reads at a glance.
std::string rate_text(double per_second);

}  // namespace prune::cli
