// prune as a FlatZinc solver: `fzn-prune [flags] model.fzn`, also `prune fzn`.
//
// Flags (the standard FlatZinc ones, as MiniZinc passes them):
//   -a        all solutions (satisfaction); every improving solution (optimisation)
//   -n N      stop after N solutions
//   -i        print intermediate solutions when optimising
//   -f        free search: ignore the search annotations, use prune's default
//             (dom/wdeg over the model's own variables, those declared without
//             var_is_introduced, then the others; smallest value first; Luby
//             restarts of scale 100 with nogoods)
//   -s        statistics as %%%mzn-stat lines
//   -v        progress and model sizes on stderr
//   -p N      search on N threads (0: one per core; parallel/parallel_search.hpp)
//   -r SEED   random seed (indomain_random, restarts)
//   -t MS     time limit in milliseconds
//   --memory-limit MB   stop when the process's resident memory passes MB MiB
//   --learn [on|off|auto]  learn nogoods from conflicts (lazy clause generation):
//             with -f, activity-based variable choice over all variables; on, with
//             the model's search: Luby restarts unless the model annotates its own,
//             the search's ties to the most active variable (the first in the
//             1st, 3rd, 7th, 15th... run); off by default; auto:
//             from the root once the search without it has run
//             learn_after_default propagators (--learn-after N: N)
//
// Search annotations: int_search/bool_search with input_order, first_fail and
// dom_w_deg (smallest/largest and the rarer ones are approximated, with a warning)
// and indomain_min/max/median/split/reverse_split/random. Search has one heuristic
// for its decision variables: seq_search contributes its leading groups that share
// the first group's heuristics; the variables of later groups are labelled after
// them in input order, smallest value first (exact when those groups are
// input_order/indomain_min, as objectives usually are). restart_luby,
// restart_geometric, restart_constant and restart_none set the restart policy.
// Without annotations (or with -f) prune's default search runs.
//
// Output follows the FlatZinc specification: `x = v;` for output_var variables,
// `x = arrayNd(...);` for output_array ones, `----------` after each solution,
// `==========` when the search space is exhausted, `=====UNSATISFIABLE=====`,
// `=====UNKNOWN=====` when a limit stops the search before any solution.
// Syntax and model errors are `file:line:col: error: message` on stderr with exit
// code 2; unknown annotations give at most one warning each.
#pragma once
#include <cstdint>
#include <ostream>
#include <string>

#include "engine/search.hpp"
#include "engine/tracer.hpp"

namespace prune::flatzinc {

// --learn auto: the propagator runs of the search without learning before it learns.
constexpr std::int64_t learn_after_default = 10000000;

struct Options {
    bool all = false;
    std::int64_t solutions = 0;  // -n; 0: not given
    bool intermediate = false;
    bool free_search = false;
    bool learn = false;  // --learn: learning from conflicts (SearchOptions::learn)
    // --learn auto: learning once the search without it has run this many propagators
    // (SearchOptions::learn_after_propagations; --learn-after N sets N); 0: never.
    std::int64_t learn_after = 0;
    // --learn-branching; literals by measurement (docs/architecture.md, "Literal branching")
    prune::LearningBranching learning_branching = prune::LearningBranching::literals;
    // --learn-alldifferent annotated: under learning, all_different and inverse at the
    // consistency the model annotates (else domain), not value (BuildSettings).
    bool learn_alldifferent_annotated = false;
    bool statistics = false;
    bool verbose = false;
    int threads = 1;  // -p, resolved: 0 on the command line is one per core
    // --share-nogoods N: in a learning portfolio (-p N --learn), the longest nogood a
    // search passes to the others; 0: none; -1: not given (ParallelSettings::
    // share_nogoods, the default).
    std::int64_t share_nogoods = -1;
    std::uint64_t seed = 0;
    std::int64_t time_limit_ms = 0;  // 0: none
    std::int64_t memory_limit_mb = 0;  // --memory-limit; 0: none
    std::int64_t node_limit = 0;       // --node-limit; 0: none
    std::int64_t fail_limit = 0;       // --fail-limit; 0: none
    bool help = false;
    bool version = false;
    std::string file;
};

// Reads the flags (argv[0] is the program name). False with `error` set on a bad flag.
bool parse_options(int argc, const char* const* argv, Options& options, std::string& error);

// Solves the FlatZinc file of `options`; returns the exit code (0, or 2 on errors).
// `tracer` (optional) sees the run: begin() once the model is built (a refusal is an
// error, exit code 2), every event of the search, finish() at the end. Variables
// carry their FlatZinc names (`q[3]` for an array element) and propagators the
// constraint and line they come from (`int_lin_le@12`).
int solve(const Options& options, std::ostream& out, std::ostream& err, RunTracer* tracer = nullptr);

// The whole command: flags, then solve(). `prune fzn FILE [flags]` calls this with
// argv = {"prune fzn", FILE, flags...} (flags and the file may come in any order),
// after taking out the tracing flags (--trace, --profile, ...) it handles itself.
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err, RunTracer* tracer = nullptr);

// The usage text.
const char* usage();

}  // namespace prune::flatzinc
