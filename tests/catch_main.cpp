// prune_tests' main(): Catch2's session, then the skips (tests/support/skip.hpp).
// Exit code: the number of failed assertions (never skip_exit_code: 77 failures
// give 78) when any test failed; else skip_exit_code when a test was skipped; else 0.
#if defined(PRUNE_CATCH2_V3)
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
// Catch2 v2's runner instantiates std::regex, in which GCC 12 under ASan+UBSan warns
// of a maybe-uninitialized std::function (libstdc++'s regex automaton, a false
// positive): the headers' lines are included here, so the pragma covers them.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <catch2/catch.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

#include "engine/standard_host_probes.hpp"
#include "support/skip.hpp"

int main(int argc, char* argv[]) {
    prune::install_host_probes(prune::standard_host_probes());  // the tests exercise time limits
    const int failed = Catch::Session().run(argc, argv);
    if (failed != 0) return failed == prune::test::skip_exit_code ? failed + 1 : failed;
    return prune::test::report_skips();
}
