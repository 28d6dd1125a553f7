// PRUNE_SKIP("reason"): a test whose prerequisite (z3, minizinc, chromium, ../shared)
// is missing says so and is counted as skipped, never as passed.
//
// Use it in the body of a TEST_CASE (it returns from the enclosing function):
//     if (!prune::test::have_program("z3")) PRUNE_SKIP("z3 is not installed (apt-get install z3)");
// It prints "SKIPPED: <test name>: <reason>" and records the skip. When the run ends
// with no failure, prune_tests (tests/catch_main.cpp) lists the skipped tests and exits
// with skip_exit_code, which ctest's SKIP_RETURN_CODE (tests/CMakeLists.txt) counts as
// Skipped. Run directly, prune_tests exits with that code as well: a run with a skipped
// test is neither a pass (0) nor a failure (the number of failed assertions, never 77).
#pragma once
#include <string>
#include <vector>

namespace prune::test {

inline constexpr int skip_exit_code = PRUNE_TEST_SKIP_CODE;

struct SkippedTest {
    std::string test;
    std::string reason;
};

// Prints and records a skip of the test case now running.
void record_skip(const std::string& reason);
// The tests skipped so far in this process, in order.
const std::vector<SkippedTest>& skipped_tests();
// After the run: lists the skipped tests on standard output and returns
// skip_exit_code, or returns 0 when no test was skipped.
int report_skips();

// True when `name` is a program on the PATH and is not hidden by the environment
// variable PRUNE_TEST_HIDE (a comma-separated list of program names the tests must
// treat as missing, e.g. PRUNE_TEST_HIDE=minizinc,chromium: how a skip is shown).
bool have_program(const std::string& name);

// Whether this build has learning. -DPRUNE_LEARNING=OFF compiles it out: fzn-prune
// and prune then refuse --learn (exit code 2), the tests of learning alone are
// skipped ("learning is compiled out"), and a test that runs some commands with
// --learn among others runs the others only (runs_here).
#if defined(PRUNE_NO_LEARNING)
inline constexpr bool learning_built = false;
#else
inline constexpr bool learning_built = true;
#endif
// Whether a command with these flags can run in this build (one naming --learn
// needs learning).
inline bool runs_here(const std::string& flags) { return learning_built || flags.find("--learn") == std::string::npos; }
inline bool runs_here(const std::vector<std::string>& flags) {
    for (const std::string& flag : flags) {
        if (!runs_here(flag)) return false;
    }
    return true;
}

}  // namespace prune::test

#define PRUNE_SKIP(reason)                      \
    do {                                        \
        ::prune::test::record_skip(reason);     \
        return;                                 \
    } while (false)
