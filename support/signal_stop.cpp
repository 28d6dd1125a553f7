#include "support/signal_stop.hpp"

#include <csignal>

namespace prune::support {
namespace {

// A signal handler can only reach static storage; lock-free atomics are safe there.
std::atomic<bool> stop_flag{false};
std::atomic<int> stop_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

using Handler = void (*)(int);
Handler previous_interrupt = SIG_DFL;
Handler previous_terminate = SIG_DFL;

extern "C" void on_stop_signal(int signal) {
    stop_signal.store(signal, std::memory_order_relaxed);
    stop_flag.store(true, std::memory_order_relaxed);
    // A second Ctrl-C ends the process at once, as users expect of a hung program.
    std::signal(signal, SIG_DFL);
}

}  // namespace

SignalStop::SignalStop() {
    stop_flag.store(false);
    stop_signal.store(0);
    previous_interrupt = std::signal(SIGINT, on_stop_signal);
    previous_terminate = std::signal(SIGTERM, on_stop_signal);
}

SignalStop::~SignalStop() {
    std::signal(SIGINT, previous_interrupt == SIG_ERR ? SIG_DFL : previous_interrupt);
    std::signal(SIGTERM, previous_terminate == SIG_ERR ? SIG_DFL : previous_terminate);
}

const std::atomic<bool>* SignalStop::flag() { return &stop_flag; }

int SignalStop::raised() const { return stop_signal.load(std::memory_order_relaxed); }

const char* SignalStop::name(int signal) {
    if (signal == SIGINT) return "SIGINT";
    if (signal == SIGTERM) return "SIGTERM";
    return "a signal";
}

}  // namespace prune::support
