// SIGINT (Ctrl-C) and SIGTERM as a stop request. While a SignalStop is alive, either
// signal raises a flag that the searches poll (SearchOptions::stop): they stop at the
// next node or propagator run as at a limit, and the command prints what it has (the
// solutions so far, the count so far, the statistics) and exits with exit_limit.
// The previous handlers come back when it goes out of scope; a second signal while
// the first is being handled ends the process the default way.
#pragma once
#include <atomic>

namespace prune::support {

class SignalStop {
public:
    SignalStop();
    ~SignalStop();
    SignalStop(const SignalStop&) = delete;
    SignalStop& operator=(const SignalStop&) = delete;

    // The flag itself lives for the whole program: a search may be given it before
    // the SignalStop that raises it is made.
    static const std::atomic<bool>* flag();
    // The signal that raised the flag (SIGINT, SIGTERM), or 0.
    int raised() const;
    // "SIGINT", "SIGTERM" or "a signal".
    static const char* name(int signal);
};

}  // namespace prune::support
