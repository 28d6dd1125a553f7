// Parallel search of one problem by Embarrassingly Parallel Search (EPS): Régin,
// Rezgui and Malapert, "Embarrassingly Parallel Search", CP 2013.
//
// The problem is decomposed at the root into many independent subproblems, the
// cubes (EPS asks for 30 to 100 per worker, so that a few hard ones do not leave the
// other workers idle): a cube is a conjunction of decisions (x = v, x <= v, x >= v)
// on the branching variables; the cubes of a decomposition partition the search
// space, and those that fail by propagation are dropped. Each worker owns a Solver
// built from the model by a builder function (the same variables in the same order
// on every call) and takes the next cube from a shared atomic index: it assumes the
// cube's decisions, propagates and runs an ordinary sequential Search below them.
// No solver internals are shared, so the engine needs no locks.
//
//     ParallelSearch p(build, options, {.threads = 4});
//     std::uint64_t n = 0;
//     p.count(n);
//
// Exactness, whatever the number of threads: the cubes partition the space (each
// solution lies in exactly one cube), so counts, solution sets (enumeration: the
// order may differ from the sequential one), unsatisfiability and optimum values do
// not depend on it. Projected enumeration (SearchOptions::projection) splits on
// projection variables only, so cubes cannot repeat a projected solution.
// A portfolio (ParallelSettings::portfolio) is the other way to use the cores: every
// worker searches the whole problem, each its own way, and the first to finish
// answers (exhausting the search proves the last solution optimal, or that there is
// none); fzn-prune -p N takes it with --learn. Its learning searches pass each
// other their short nogoods (share_nogoods, parallel/shared_nogoods.hpp).
// Optimisation: the workers share the incumbent through an atomic
// (SearchOptions::shared_objective), posted before each cube and read at every node,
// and the split is split_for_optimisation() (about 100 cubes per worker, more of
// them on the left, where branch and bound finds its bound: docs/scaling.md).
// Restarts: the engine's restart nogoods live at the root, so with a restart policy
// each cube gets a fresh solver with the cube's decisions posted at its root.
//
// The engine itself stays single-threaded (embedding, WebAssembly): this layer is
// the only place that starts threads.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/literal.hpp"
#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "parallel/shared_nogoods.hpp"

namespace prune {

// Builds the model into a new solver. Every call must create the same variables in
// the same order (their indices name them across workers); it runs on the worker
// threads, concurrently, so it may only read shared data.
using ModelBuilder = std::function<std::unique_ptr<Solver>()>;

// One subproblem: decisions made true in order.
using Cube = std::vector<Literal>;

struct ParallelSettings {
    int threads = 2;             // workers; 0 is not accepted here (see threads_for())
    int cubes_per_thread = 100;  // EPS: 30-100 subproblems per worker; queens 13: imbalance 1.06 at 50, 1.00 at 100
    // Optimisation splits by split_for_optimisation(), with this many cubes per
    // worker and this share of them weighted to the left (docs/scaling.md).
    int optimisation_cubes_per_thread = 100;  // golomb 10: 2 x 100 searches fewer nodes than 1 thread
    double left_share = 0.5;
    // Solve exactly these cubes instead of decomposing (prune solve --cubes).
    const std::vector<Cube>* cubes = nullptr;
    // A portfolio instead of cubes: worker k searches the whole problem with
    // portfolio[k] (so there are as many workers as options), all sharing the stop
    // flag and the incumbent; the first to finish answers for all. For searches that
    // learn, whose nogoods are worth more over the whole problem than over many
    // fresh cubes, and whose runs differ widely with the order (a seed, the model's
    // search or activity). Only for one solution, or for optimisation (each report
    // a strict improvement): the workers may find the same solution. Node and
    // failure limits are shared out evenly.
    std::vector<SearchOptions> portfolio{};
    // In a portfolio of learning searches: the nogoods of at most this many facts
    // that each learns are passed to the others (parallel/shared_nogoods.hpp); 0:
    // none. 8, ManySAT's limit, measured best against 4 and 16 (docs/scaling.md).
    std::size_t share_nogoods = 8;
};

// `requested` threads, 0 meaning every core of the machine (at least 1).
int threads_for(int requested);

// How a decomposition and its solving went.
struct CubeStatistics {
    std::uint64_t cubes = 0;           // subproblems handed to the workers
    std::uint64_t dropped = 0;         // decisions that failed by propagation during the split
    std::uint64_t solved = 0;          // cubes searched to the end
    double split_seconds = 0;          // decomposition, by the host's clock
    std::vector<double> worker_seconds;        // busy time per worker (cubes only)
    std::vector<std::uint64_t> worker_cubes;   // cubes per worker
    // The busiest worker's time over the mean (1: perfect balance).
    double imbalance() const;
};

// Decomposes the problem below the solver's current state (propagated to a fixpoint
// first) into at least `target` cubes when the space allows: breadth first, one open
// cube at a time, branching on the variable the search would choose (its phases,
// decision variables or projection; dom/wdeg reads as smallest domain) over every
// value of a small domain, by halves of a large one. Cubes come out in the search's
// left-to-right order. Returns false when the problem fails at its root (no cube);
// the solver is left at the state it was given.
bool split_into_cubes(Solver& solver, const SearchOptions& options, std::size_t target, std::vector<Cube>& cubes,
                      CubeStatistics& statistics);

// The decomposition for optimisation: at least `target` cubes when the space
// allows (about that many), in the search's left-to-right order, more of them on
// the left. Depth first from the solver's current state (propagated first), each node's
// budget of cubes is shared among its alternatives (branched as in
// split_into_cubes, but by halves when the domain has more values than the
// budget): one cube each, the rest `left_share` by halves from the left (1/2, 1/4,
// ...) and the remainder evenly; what an alternative cannot use (it fails, or its
// subtree is smaller) passes to the next one; a node with a budget of one is a
// cube. What is left at the right end is lost: then the split is redone with the
// budget scaled up (at most four passes). Why: branch and bound finds its bound on the left, where the value order
// points; there the two workers must take small neighbouring cubes, or one of them
// searches a far cube with a weak bound (docs/scaling.md). Returns false when the
// problem fails at its root; the solver is left at the state it was given.
bool split_for_optimisation(Solver& solver, const SearchOptions& options, std::size_t target, double left_share,
                            std::vector<Cube>& cubes, CubeStatistics& statistics);

// The split every runner (-p N, prune split fzn, prune-mpi) makes: split_for_optimisation
// when optimising, split_into_cubes otherwise.
bool split_for_search(Solver& solver, const SearchOptions& options, bool optimising, std::size_t target,
                      std::vector<Cube>& cubes, CubeStatistics& statistics, double left_share = ParallelSettings{}.left_share);

// Makes the cube's decisions true at the solver's current level and propagates.
// False when they fail.
bool assume_cube(Solver& solver, const Cube& cube);

class ParallelSearch {
public:
    ParallelSearch(ModelBuilder build, SearchOptions options, ParallelSettings settings);
    ParallelSearch(const ParallelSearch&) = delete;
    ParallelSearch& operator=(const ParallelSearch&) = delete;

    // Optimisation (call before solve()): each solution reported is strictly better
    // than every one reported before; `exhausted` proves the last one optimal.
    void minimize(IntVar objective);
    void maximize(IntVar objective);

    // Runs every worker. on_solution is called one solution at a time (under a lock)
    // with the solver of the worker that found it, standing on the solution; it
    // returns false to stop the whole search (enough solutions). Returns exhausted
    // when every cube was searched to the end (in a portfolio: one worker's whole
    // search) and on_solution never said stop, limit when a limit or the stop flag
    // ended it first, error when the model is invalid (error() says why).
    SearchStatus solve(const std::function<bool(const Solver&)>& on_solution);
    // The same, also told the index of the cube each solution lies in.
    using CubeSolutionCallback = std::function<bool(const Solver&, std::size_t cube)>;
    SearchStatus solve_by_cube(const CubeSolutionCallback& on_solution);
    // Counts the solutions; exhausted when the count is complete.
    SearchStatus count(std::uint64_t& solutions);

    // Summed over the workers' searches (the deepest depth is kept; seconds: wall).
    const SearchStatistics& statistics() const { return statistics_; }
    const CubeStatistics& cube_statistics() const { return cube_statistics_; }
    bool memory_limit_hit() const { return memory_limit_hit_; }
    const std::string& error() const { return error_; }
    // Per cube, when a limit stopped the run: whether it was searched to the end
    // (prune merge reports the others as UNKNOWN).
    const std::vector<char>& cube_done() const { return cube_done_; }
    // Per cube, after count(): its solutions (a lower bound where not done).
    const std::vector<std::uint64_t>& cube_counts() const { return cube_counts_; }
    // The cubes searched (a decomposition's, or ParallelSettings::cubes).
    const std::vector<Cube>& cubes() const { return cubes_; }

private:
    struct Worker;
    SearchStatus run(bool counting, const CubeSolutionCallback& on_solution, std::uint64_t* count);
    bool decompose();
    void work(Worker& worker, bool counting, const CubeSolutionCallback& on_solution);
    bool solve_cube(Worker& worker, Solver& solver, std::size_t index, bool counting,
                    const CubeSolutionCallback& on_solution);
    bool report(const Solver& solver, std::size_t cube, const CubeSolutionCallback& on_solution);
    bool cube_options(const Worker& worker, SearchOptions& o) const;
    void search_whole(Worker& worker, const CubeSolutionCallback& on_solution);
    void fail_with(const std::string& message);

    ModelBuilder build_;
    SearchOptions options_;
    ParallelSettings settings_;
    IntVar objective_;
    int objective_sense_ = 0;  // -1 minimise, +1 maximise
    std::vector<Cube> cubes_;
    std::vector<char> cube_done_;
    std::vector<std::uint64_t> cube_counts_;
    std::atomic<std::size_t> next_cube_{0};
    std::atomic<bool> stop_{false};           // every worker's stop flag
    std::atomic<bool> limit_hit_{false};      // a limit (not on_solution) raised it
    std::atomic<bool> enough_{false};         // on_solution asked to stop
    std::atomic<bool> proved_{false};         // a portfolio worker searched the whole problem
    std::atomic<std::int64_t> incumbent_{0};  // the best objective so far (shared bound)
    std::unique_ptr<SharedNogoods> shared_nogoods_;  // a portfolio's (share_nogoods)
    std::atomic<std::uint64_t> nodes_used_{0};
    std::atomic<std::uint64_t> failures_used_{0};
    std::atomic<int> running_{0};
    std::chrono::steady_clock::time_point start_;
    std::mutex report_mutex_;
    bool memory_limit_hit_ = false;
    std::string error_;
    SearchStatistics statistics_;
    CubeStatistics cube_statistics_;
};

}  // namespace prune
