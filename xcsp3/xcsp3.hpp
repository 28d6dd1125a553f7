// prune as an XCSP3 solver: `prune xcsp3 FILE.xml [options]` (docs/xcsp3.md).
//
// Output follows the XCSP3 competition rules: `s SATISFIABLE`, `s UNSATISFIABLE`,
// `s OPTIMUM FOUND` or `s UNKNOWN`; an `o VALUE` line for each improving solution of
// an optimisation; the solution as `v` lines holding an XML <instantiation>; `d`
// lines for statistics (`d NODES`, `d FAILURES`, `d WALL TIME`, ...) and `c`
// lines for comments. Every solution printed has first been re-checked by the
// independent checker (checker.hpp). Errors are `file:line:col: error: message` on
// stderr with exit code 2; an element prune does not read is `... not supported`.
#pragma once
#include <cstdint>
#include <ostream>
#include <string>

#include "engine/tracer.hpp"

namespace prune::xcsp3 {

struct Options {
    std::string file;
    bool all = false;              // --all: every solution (every improving one when optimising)
    bool count = false;            // --count: the number of solutions
    std::uint64_t max_solutions = 0;  // --solutions N (with --all); 0: no limit
    double time_limit = 0;         // --time-limit SECONDS
    std::uint64_t node_limit = 0;  // --node-limit N
    std::uint64_t fail_limit = 0;  // --fail-limit N
    std::uint64_t memory_limit = 0;   // --memory-limit MB
    std::uint64_t seed = 0;        // --seed N
    bool no_restarts = false;      // --no-restarts
    bool learn = false;            // --learn [on|off]: learn nogoods from conflicts
    std::string check;             // --check SOLUTION: check the solution instead of solving
    bool help = false;
};

// Parses the options (argv[0] is the program name); false with `error` set.
bool parse_options(int argc, const char* const* argv, Options& options, std::string& error);

// Solves (or checks) and returns the exit code: 0 solved (a solution, an optimum, a
// finished count or --all run; --check: the solution holds), 1 no solution (--check:
// a constraint is violated), 2 input or usage error, 3 a limit stopped the search
// before it could answer (an optimisation stopped before the optimum was proved
// included), 4 a solution found by the engine failed the checker (a bug in prune).
int solve(const Options& options, std::ostream& out, std::ostream& err, RunTracer* tracer = nullptr);

// The whole command: options, then solve(). `prune xcsp3` calls it after taking out
// the tracing flags.
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err, RunTracer* tracer = nullptr);

const char* usage();

}  // namespace prune::xcsp3
