// prune-mpi: one problem on every rank of an MPI job (docs/scaling.md).
//
//   mpirun -np R prune-mpi solve KIND [FILE] [--count|--all|--first] [--cubes-per-rank N]
//                                    [--time-limit S] [--node-limit N] [kind options]
//   mpirun -np R prune-mpi fzn MODEL.fzn [-a] [-f] [-t MS] [--node-limit N] [--cubes-per-rank N]
//
// Every rank reads and builds the same model. Rank 0 splits it into cubes
// (parallel/parallel_search.hpp: Embarrassingly Parallel Search; weighted to the
// left when optimising, as -p N does) and hands them out
// on demand; ranks 1..R-1 solve one cube at a time and ask for the next, saying how
// the last one ended (finished or stopped, its count, its nodes). A worker sends each
// solution to rank 0; when optimising, rank 0 sends every better objective value to
// all workers, which post it as a bound at once (read in the search every 1,024
// nodes) and before each cube. Rank 0 prints the merged result: the count, the
// solutions, or the best solution and whether it is proved optimal.
//
// Limits: the time limit counts from the start of the job on every rank (the ranks
// meet at a barrier first); rank 0 tells every worker to stop when it passes, when
// the nodes of all workers reach the node limit (each cube gets what is left when it
// is handed out, so the sum may pass the limit by what the other workers spend
// meanwhile), when a worker stops at a limit of its own (memory), or on SIGINT /
// SIGTERM. The result is then marked as stopped (a count is a lower bound, the best
// solution is not proved optimal) and the exit code is 3.
//
// The engine and prune have no MPI dependency: only this program links MPI.
#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/standard_host_probes.hpp"
#include "flatzinc/builder.hpp"
#include "flatzinc/flatzinc.hpp"
#include "flatzinc/parser.hpp"
#include "parallel/parallel_search.hpp"
#include "puzzles/registry.hpp"
#include "puzzles/solve.hpp"
#include "support/signal_stop.hpp"

namespace {

using namespace prune;
using Clock = std::chrono::steady_clock;

enum Tag : int { request = 1, cube_tag = 2, done = 3, bound = 4, solution = 5, stop = 7 };

// Why a worker's cube did not finish (in its report to rank 0).
enum Why : std::int64_t { none = 0, time_limit = 1, node_limit = 2, memory_limit = 3, stopped = 4 };

// When the job started (after the barrier), on this rank's clock.
Clock::time_point job_start;

double seconds_since_start() { return std::chrono::duration<double>(Clock::now() - job_start).count(); }

// One problem, the same on every rank.
struct Problem {
    ModelBuilder build;
    SearchOptions options;  // limits.seconds and limits.nodes: the whole job's
    int objective_sense = 0;  // -1 minimise, +1 maximise
    IntVar objective;
    std::string mode = "first";  // count, all, first, optimise
    bool print_improving = false;  // optimise: print each better solution (FlatZinc -a, -i), not only the last
    int cubes_per_rank = 100;  // as -p N (docs/scaling.md, "Choosing the number of cubes")
    // A solution on rank 0: `solver` stands on it.
    std::function<void(const Solver&, std::ostream&)> print;
    // The end of the output; `stopped` names what stopped the run ("" when complete).
    std::function<void(std::ostream&, bool exhausted, std::uint64_t found, const std::string& stopped)> finish;
};

bool read_file(const std::string& path, std::string& text) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return true;
}

// --cubes-per-rank N, --node-limit N, --time-limit S (puzzles only: fzn's is -t MS);
// true when args[i] was one of them (i then moves past its value).
bool runner_option(const std::vector<std::string>& args, std::size_t& i, Problem& p, bool puzzle, std::string& error) {
    const std::string& a = args[i];
    if (a != "--cubes-per-rank" && a != "--node-limit" && !(puzzle && a == "--time-limit")) return false;
    if (i + 1 >= args.size()) {
        error = "option " + a + " needs a value";
        return true;
    }
    const std::string& value = args[++i];
    char* end = nullptr;
    if (a == "--time-limit") {
        const double s = std::strtod(value.c_str(), &end);
        if (*end != '\0' || !(s > 0)) error = "--time-limit needs a positive number of seconds, got '" + value + "'";
        p.options.limits.seconds = s;
        return true;
    }
    const long long n = std::strtoll(value.c_str(), &end, 10);
    if (*end != '\0' || n <= 0) error = "option " + a + " needs a positive number, got '" + value + "'";
    if (a == "--cubes-per-rank") p.cubes_per_rank = static_cast<int>(std::min<long long>(n, 1000000));
    else p.options.limits.nodes = static_cast<std::uint64_t>(n);
    return true;
}

// The puzzle front end: prune solve's kinds, models and renderings.
struct PuzzleFront {
    std::unique_ptr<puzzles::Puzzle> puzzle;
    puzzles::PuzzleModel model;
};

bool load_puzzle_problem(const std::vector<std::string>& args, Problem& p, PuzzleFront& front, std::string& error) {
    if (args.size() < 2) {
        error = "usage: prune-mpi solve KIND [FILE] [--count|--all|--first] [--time-limit S] [--node-limit N] [--cubes-per-rank N]";
        return false;
    }
    const puzzles::PuzzleKind* kind = puzzles::Registry::global().find(args[1]);
    if (kind == nullptr) {
        error = "unknown puzzle kind '" + args[1] + "'";
        return false;
    }
    support::SourceText source;
    puzzles::KindFlags flags;
    for (std::size_t i = 2; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--count" || a == "--all" || a == "--first") {
            p.mode = a.substr(2);
        } else if (runner_option(args, i, p, true, error)) {
            if (!error.empty()) return false;
        } else if (a.rfind("--", 0) == 0) {
            flags.insert(a);  // a kind option, --flag or --flag=value
        } else if (!read_file(a, source.text)) {
            error = a + ": cannot open the file";
            return false;
        } else {
            source.name = a;
        }
    }
    if (source.name.empty()) {
        source.name = "<built-in " + kind->name + ">";
        source.text = kind->builtin_text;
    }
    puzzles::ParseResult parsed = kind->parse(source, flags);
    if (!parsed.puzzle) {
        error = parsed.error.to_string();
        return false;
    }
    front.puzzle = std::move(parsed.puzzle);
    Solver probe;
    front.model = front.puzzle->build_model(probe, {});
    p.options.variable = kind->default_variable_selection;
    p.options.decision_variables = front.model.decisions;
    const puzzles::Puzzle* puzzle = front.puzzle.get();
    const puzzles::PuzzleModel* model = &front.model;
    p.build = [puzzle] {
        auto built = std::make_unique<Solver>();
        (void)puzzle->build_model(*built, {});
        return built;
    };
    p.print = [puzzle, model](const Solver& s, std::ostream& out) {
        puzzles::Values values;
        for (IntVar x : model->cells) values.push_back(s.value(x));
        out << puzzle->render_plain(values) << "\n";
    };
    p.finish = [&p](std::ostream& out, bool exhausted, std::uint64_t found, const std::string& stopped) {
        const std::string why = stopped.empty() ? "stopped" : "stopped: " + stopped;
        if (p.mode == "count") out << "Count: " << found << (exhausted ? "" : " (" + why + "; a lower bound)") << "\n";
        else if (found == 0) out << (exhausted ? "No solution.\n" : "No solution found (" + why + ").\n");
        else if (p.mode == "all") out << found << " solutions" << (exhausted ? "" : " (" + why + ")") << "\n";
    };
    return true;
}

// The FlatZinc front end: fzn-prune's flags, model, search and output.
struct FznFront {
    flatzinc::ParseResult parsed;
    flatzinc::BuiltModel model;
    flatzinc::Options options;
};

bool load_fzn_problem(const std::vector<std::string>& args, Problem& p, FznFront& front, std::string& error) {
    std::vector<const char*> argv{"prune-mpi fzn"};
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (runner_option(args, i, p, false, error)) {
            if (!error.empty()) return false;
        } else {
            argv.push_back(args[i].c_str());
        }
    }
    const std::uint64_t node_limit = p.options.limits.nodes;
    if (!flatzinc::parse_options(static_cast<int>(argv.size()), argv.data(), front.options, error)) return false;
    if (front.options.solutions > 0) {
        error = "-n does not apply to prune-mpi (-a: every solution; without it, the first)";
        return false;
    }
    std::string text;
    if (!read_file(front.options.file, text)) {
        error = front.options.file + ": cannot open the file";
        return false;
    }
    front.parsed = flatzinc::parse(text, front.options.file);
    std::ostringstream warnings;
    if (!front.parsed.ok) {
        error = front.parsed.error;
        return false;
    }
    const flatzinc::BuildResult built = flatzinc::build(front.parsed.model, front.options.file, front.model, warnings);
    if (!built.ok) {
        error = built.error;
        return false;
    }
    p.options = flatzinc::search_options(front.options, front.model);  // -t MS: limits.seconds
    p.options.limits.nodes = node_limit;
    p.options.stop = nullptr;
    const flatzinc::BuiltModel& m = front.model;
    if (m.goal != flatzinc::SolveItem::Goal::satisfy) {
        p.mode = "optimise";
        p.objective = m.objective;
        p.objective_sense = m.goal == flatzinc::SolveItem::Goal::minimize ? -1 : +1;
        p.print_improving = front.options.all || front.options.intermediate;
    } else {
        p.mode = front.options.all ? "all" : "first";
    }
    const FznFront* f = &front;
    p.build = [f] {
        flatzinc::BuiltModel copy;
        std::ostringstream quiet;
        (void)flatzinc::build(f->parsed.model, f->options.file, copy, quiet);
        return std::move(copy.solver);
    };
    p.print = [f](const Solver& s, std::ostream& out) { flatzinc::print_solution(f->model, s, out); };
    p.finish = [&p](std::ostream& out, bool exhausted, std::uint64_t found, const std::string& stopped) {
        if (exhausted) out << (found == 0 ? "=====UNSATISFIABLE=====\n" : "==========\n");
        else if (found == 0) out << "=====UNKNOWN=====\n";
        if (!exhausted && !stopped.empty()) {
            out << "% stopped: " << stopped << (p.objective_sense != 0 && found > 0 ? ": the best solution is not proved optimal" : "") << "\n";
        }
    };
    return true;
}

// ---- messages: vectors of 64-bit integers ----

void send(const std::vector<std::int64_t>& data, int to, int tag) {
    MPI_Send(data.data(), static_cast<int>(data.size()), MPI_INT64_T, to, tag, MPI_COMM_WORLD);
}

std::vector<std::int64_t> receive(int from, int tag, MPI_Status& status) {
    MPI_Probe(from, tag, MPI_COMM_WORLD, &status);
    int n = 0;
    MPI_Get_count(&status, MPI_INT64_T, &n);
    std::vector<std::int64_t> data(static_cast<std::size_t>(n));
    MPI_Recv(data.data(), n, MPI_INT64_T, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return data;
}

// A cube message: [index, node budget (0: none), (variable, value, kind) per decision].
std::vector<std::int64_t> encode(const Cube& cube, std::size_t index, std::uint64_t budget) {
    std::vector<std::int64_t> data{static_cast<std::int64_t>(index), static_cast<std::int64_t>(budget)};
    for (const Literal& d : cube) {
        data.push_back(d.var.index);
        data.push_back(d.value);
        data.push_back(static_cast<std::int64_t>(d.kind));
    }
    return data;
}

Cube decode(const std::vector<std::int64_t>& data) {
    Cube cube;
    for (std::size_t i = 2; i + 3 <= data.size(); i += 3) {
        cube.push_back(Literal{IntVar{static_cast<int>(data[i])}, static_cast<int>(data[i + 1]), static_cast<LiteralKind>(data[i + 2])});
    }
    return cube;
}

// ---- rank 0 ----

struct Coordinator {
    Coordinator(const Problem& problem, int rank_count) : p(problem), ranks(rank_count) {}
    const Problem& p;
    int ranks;
    std::unique_ptr<Solver> master;
    std::vector<Cube> cubes;
    std::vector<char> cube_finished;
    std::size_t next = 0;
    bool stopping = false;   // no more cubes; the workers were told to stop
    std::string stopped_by;  // the limit or signal that stopped the run
    bool have_best = false;
    std::int64_t best = 0;
    std::string best_text;
    std::uint64_t found = 0;
    std::uint64_t nodes = 0;
    std::vector<char> finished;  // the workers that were told `done` and left

    // Every worker still running.
    void tell_all(const std::vector<std::int64_t>& data, int tag) {
        for (int r = 1; r < ranks; ++r) {
            if (!finished[static_cast<std::size_t>(r)]) send(data, r, tag);
        }
    }

    // No more cubes; every worker stops its search. `why` ("" when enough solutions
    // are in) names the limit for the result.
    void stop_all(const std::string& why) {
        if (!why.empty() && stopped_by.empty() && !(p.mode == "first" && found > 0)) stopped_by = why;
        if (stopping) return;
        stopping = true;
        tell_all({}, stop);
    }

    std::string limit_text(puzzles::LimitStop::Kind kind, double value) const {
        puzzles::LimitStop limit;
        limit.kind = kind;
        limit.value = value;
        return puzzles::describe_limit(limit);
    }

    // The limits rank 0 watches itself: the clock and the signals.
    void check_limits() {
        if (stopping) return;
        if (p.options.limits.seconds > 0 && seconds_since_start() >= p.options.limits.seconds) {
            stop_all(limit_text(puzzles::LimitStop::Kind::time, p.options.limits.seconds));
        } else if (support::SignalStop::flag()->load(std::memory_order_relaxed)) {
            stop_all(limit_text(puzzles::LimitStop::Kind::interrupt, 0));
        }
    }

    // A worker's solution: [objective, value of every variable...].
    void on_solution(const std::vector<std::int64_t>& data, std::ostream& out) {
        master->push_level();
        bool ok = true;
        for (std::size_t i = 1; i < data.size() && ok; ++i) ok = !is_failure(master->assign(IntVar{static_cast<int>(i - 1)}, static_cast<int>(data[i])));
        ok = ok && master->propagate();
        if (ok && (p.objective_sense == 0 || !have_best || (p.objective_sense < 0 ? data[0] < best : data[0] > best))) {
            ++found;
            std::ostringstream text;
            p.print(*master, text);
            if (p.objective_sense != 0) {
                have_best = true;
                best = data[0];
                tell_all({best}, bound);
                if (p.print_improving) out << text.str() << std::flush;
                else best_text = text.str();
            } else if (p.mode != "count") {
                out << text.str() << std::flush;
            }
            if (p.mode == "first") stop_all("");
        }
        master->clear_queue();
        master->pop_level();
    }

    // A worker's report on its last cube, with its request for the next:
    // [cube (-1: none yet), finished, count, nodes, why].
    void on_report(const std::vector<std::int64_t>& data) {
        if (data.size() < 5 || data[0] < 0) return;
        const auto cube = static_cast<std::size_t>(data[0]);
        if (data[1] != 0) cube_finished[cube] = 1;
        if (p.mode == "count") found += static_cast<std::uint64_t>(data[2]);
        nodes += static_cast<std::uint64_t>(data[3]);
        const std::uint64_t limit_nodes = p.options.limits.nodes;
        if (data[1] == 0) {
            switch (data[4]) {
                case time_limit: stop_all(limit_text(puzzles::LimitStop::Kind::time, p.options.limits.seconds)); break;
                case node_limit: stop_all(limit_text(puzzles::LimitStop::Kind::nodes, static_cast<double>(limit_nodes))); break;
                case memory_limit: stop_all(limit_text(puzzles::LimitStop::Kind::memory, static_cast<double>(p.options.limits.memory_mb))); break;
                default: stop_all(stopping ? "" : limit_text(puzzles::LimitStop::Kind::interrupt, 0)); break;  // a worker's own signal
            }
        }
        if (limit_nodes != 0 && nodes >= limit_nodes) stop_all(limit_text(puzzles::LimitStop::Kind::nodes, static_cast<double>(limit_nodes)));
    }

    void run(std::ostream& out) {
        int active = ranks - 1;
        finished.assign(static_cast<std::size_t>(ranks), 0);
        cube_finished.assign(cubes.size(), 0);
        while (active > 0) {
            check_limits();
            int waiting = 0;
            MPI_Status status;
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &waiting, &status);
            if (!waiting) {
                // Nothing to do: look at the clock and the signals again in a moment.
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
                continue;
            }
            const std::vector<std::int64_t> data = receive(status.MPI_SOURCE, status.MPI_TAG, status);
            if (status.MPI_TAG == request) {
                on_report(data);
                if (!stopping && next < cubes.size()) {
                    const std::uint64_t limit = p.options.limits.nodes;
                    send(encode(cubes[next], next, limit == 0 ? 0 : limit - std::min(limit, nodes)), status.MPI_SOURCE, cube_tag);
                    ++next;
                } else {
                    send({}, status.MPI_SOURCE, done);
                    finished[static_cast<std::size_t>(status.MPI_SOURCE)] = 1;
                    --active;
                }
            } else if (status.MPI_TAG == solution) {
                on_solution(data, out);
            }
        }
    }

    std::size_t unfinished() const { return static_cast<std::size_t>(std::count(cube_finished.begin(), cube_finished.end(), 0)); }
};

// ---- ranks 1.. ----

struct Worker {
    explicit Worker(const Problem& problem) : p(problem) {}
    const Problem& p;
    std::unique_ptr<Solver> solver;  // without restarts: one solver, a cube at a time at level 1
    std::atomic<std::int64_t> best{0};
    std::atomic<bool> halt{false};  // the searches' stop flag: rank 0's stop or a signal
    bool stop_received = false;
    std::vector<std::int64_t> report{-1, 0, 0, 0, none};

    // A message from rank 0 that is not an answer to a request.
    void take(int tag, const std::vector<std::int64_t>& data) {
        if (tag == bound) improve(data[0]);
        if (tag == stop) stop_received = true;
    }

    void improve(std::int64_t value) {
        best.store(p.objective_sense < 0 ? std::min(best.load(), value) : std::max(best.load(), value));
    }

    // Between nodes (every 1,024): the better bounds and a stop from rank 0 (while a
    // cube is searched no request is out, so nothing else can come), and the signals.
    void poll() {
        for (;;) {
            int flag = 0;
            MPI_Status status;
            MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
            if (!flag) break;
            const int tag = status.MPI_TAG;
            take(tag, receive(0, tag, status));
        }
        if (stop_received || support::SignalStop::flag()->load(std::memory_order_relaxed)) halt.store(true);
    }

    // Searches cube `index` below the solver's current level; fills the report.
    void search_cube(Solver& s, const Cube& cube, std::size_t index, std::uint64_t budget) {
        report = {static_cast<std::int64_t>(index), 1, 0, 0, none};
        if (!assume_cube(s, cube)) return;  // finished: no solution in it
        SearchOptions o = p.options;
        o.stop = &halt;
        o.progress = [this](const SearchStatistics&) { poll(); };
        o.limits.nodes = budget;
        if (p.options.limits.seconds > 0) {
            o.limits.seconds = p.options.limits.seconds - seconds_since_start();
            if (o.limits.seconds <= 0) {
                report[1] = 0;
                report[4] = time_limit;
                return;
            }
        }
        if (p.objective_sense != 0) o.shared_objective = &best;
        Search search(s, o);
        if (p.objective_sense < 0) search.minimize(p.objective);
        if (p.objective_sense > 0) search.maximize(p.objective);
        SearchStatus status = SearchStatus::exhausted;
        if (p.mode == "count") {
            std::uint64_t found = 0;  // count(): the last level in bulk where it can
            status = search.count(found);
            report[2] = static_cast<std::int64_t>(found);
        }
        while (p.mode != "count" && (status = search.next()) == SearchStatus::solution) {
            const std::int64_t objective = p.objective_sense != 0 ? s.value(p.objective) : 0;
            std::vector<std::int64_t> data{objective};
            for (int i = 0; i < s.variable_count(); ++i) data.push_back(s.value(IntVar{i}));
            send(data, 0, solution);
            if (p.objective_sense != 0) improve(objective);  // before rank 0's broadcast comes back
            if (p.mode == "first") break;
        }
        report[3] = static_cast<std::int64_t>(search.statistics().nodes);
        if (status == SearchStatus::limit) {
            report[1] = 0;
            report[4] = search.memory_limit_hit()                                      ? memory_limit
                        : halt.load()                                                  ? stopped
                        : budget != 0 && search.statistics().nodes >= budget           ? node_limit
                                                                                       : time_limit;
        }
    }

    void solve(const Cube& cube, std::size_t index, std::uint64_t budget) {
        // With restarts every cube gets a fresh solver (restart nogoods live at the
        // root), as in ParallelSearch; otherwise the one solver takes it at level 1.
        if (p.options.restarts.kind != RestartKind::none) {
            const std::unique_ptr<Solver> fresh = p.build();
            search_cube(*fresh, cube, index, budget);
            return;
        }
        solver->push_level();
        search_cube(*solver, cube, index, budget);
        solver->pop_level();
        solver->clear_queue();
    }

    void run() {
        solver = p.build();
        best.store(p.objective_sense < 0 ? INT64_MAX : INT64_MIN);
        const bool ok = solver->error().empty() && solver->propagate();
        if (!ok) solver->clear_queue();
        for (;;) {
            send(report, 0, request);
            MPI_Status status;
            std::vector<std::int64_t> data;
            do {  // bounds and stops may come before the answer
                data = receive(0, MPI_ANY_TAG, status);
                take(status.MPI_TAG, data);
            } while (status.MPI_TAG == bound || status.MPI_TAG == stop);
            if (status.MPI_TAG == done) break;
            const auto index = static_cast<std::size_t>(data[0]);
            if (ok && !stop_received) {
                solve(decode(data), index, static_cast<std::uint64_t>(data[1]));
            } else {
                report = {static_cast<std::int64_t>(index), ok ? 0 : 1, 0, 0, stopped};  // (rank 0 stops handing out cubes on a stop)
            }
        }
    }
};

int run(const std::vector<std::string>& args, int rank, int ranks) {
    Problem p;
    PuzzleFront puzzle;
    FznFront fzn;
    std::string error;
    const bool loaded = !args.empty() && ((args[0] == "solve" && load_puzzle_problem(args, p, puzzle, error)) ||
                                          (args[0] == "fzn" && load_fzn_problem(args, p, fzn, error)));
    if (!loaded) {
        if (rank == 0) {
            std::cerr << "prune-mpi: error: " << (error.empty() ? "usage: prune-mpi solve KIND [FILE] ... | prune-mpi fzn MODEL.fzn ..." : error)
                      << "\n";
        }
        return 2;
    }
    if (ranks < 2) {
        if (rank == 0) std::cerr << "prune-mpi: error: run it on two ranks or more (mpirun -np 3 ...): rank 0 only hands out cubes\n";
        return 2;
    }
    const support::SignalStop signals;  // SIGINT / SIGTERM: stop, report what was found
    if (rank != 0) {
        Worker worker(p);
        worker.run();
        return 0;
    }
    Coordinator c(p, ranks);
    c.master = p.build();
    CubeStatistics statistics;
    const bool feasible = c.master->error().empty() &&
                          split_for_search(*c.master, p.options, p.objective_sense != 0,
                                           static_cast<std::size_t>(ranks - 1) * static_cast<std::size_t>(p.cubes_per_rank), c.cubes, statistics);
    if (!c.master->error().empty()) {
        std::cerr << "prune-mpi: error: invalid model: " << c.master->error() << "\n";
        c.stopping = true;  // every worker gets `done` at once
    }
    (void)feasible;  // no cube: the workers get `done` at once and the problem has no solution
    c.run(std::cout);
    if (!c.master->error().empty()) return 2;
    const std::size_t unfinished = c.unfinished();
    const bool exhausted = unfinished == 0 && (p.mode != "first" || c.found == 0);
    const bool enough = p.mode == "first" && c.found > 0;
    const bool limited = unfinished > 0 && !enough;
    std::string stopped;
    if (limited) {
        stopped = (c.stopped_by.empty() ? std::string("a limit") : c.stopped_by) + ", " + std::to_string(unfinished) + " of " +
                  std::to_string(c.cubes.size()) + " cubes unfinished";
    }
    std::cout << c.best_text;
    p.finish(std::cout, exhausted, c.found, stopped);
    std::cout << std::flush;
    std::cerr << "prune-mpi: " << ranks - 1 << " workers, " << c.cubes.size() << " cubes, " << c.nodes << " nodes\n";
    if (limited) std::cerr << "prune-mpi: " << stopped << "\n";
    return limited ? 3 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    prune::install_host_probes(prune::standard_host_probes());
    int rank = 0;
    int ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    MPI_Barrier(MPI_COMM_WORLD);  // the time limit counts from here on every rank
    job_start = Clock::now();
    const int code = run(std::vector<std::string>(argv + 1, argv + argc), rank, ranks);
    MPI_Finalize();
    return code;
}
