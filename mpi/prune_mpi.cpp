// prune-mpi: one problem on every rank of an MPI job (docs/scaling.md).
//
//   mpirun -np R prune-mpi solve KIND [FILE] [--count|--all|--first] [--cubes-per-rank N] [kind options]
//   mpirun -np R prune-mpi fzn MODEL.fzn [-a] [--cubes-per-rank N]
//
// Every rank reads and builds the same model. Rank 0 splits it into cubes
// (parallel/parallel_search.hpp: Embarrassingly Parallel Search) and hands them out
// on demand; ranks 1..R-1 solve one cube at a time and ask for the next. A worker
// sends each solution to rank 0; when optimising, rank 0 sends every better
// objective value to all workers, which post it as a bound at once (read in the
// search every 1,024 nodes) and before each cube. Rank 0 prints the merged result:
// the count, the solutions, or the best solution and whether it is proved optimal.
// The engine and prune have no MPI dependency: only this program links MPI.
#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "engine/standard_host_probes.hpp"
#include "flatzinc/builder.hpp"
#include "flatzinc/flatzinc.hpp"
#include "flatzinc/parser.hpp"
#include "parallel/parallel_search.hpp"
#include "puzzles/registry.hpp"

namespace {

using namespace prune;

enum Tag : int { request = 1, cube_tag = 2, done = 3, bound = 4, solution = 5, result = 6, stop = 7 };

// One problem, the same on every rank.
struct Problem {
    ModelBuilder build;
    SearchOptions options;
    int objective_sense = 0;  // -1 minimise, +1 maximise
    IntVar objective;
    std::string mode = "first";  // count, all, first, optimise
    int cubes_per_rank = 50;
    // A solution on rank 0: `solver` stands on it.
    std::function<void(const Solver&, std::ostream&)> print;
    std::function<void(std::ostream&, bool exhausted, std::uint64_t found)> finish;
};

bool read_file(const std::string& path, std::string& text) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return true;
}

// The puzzle front end: prune solve's kinds, models and renderings.
struct PuzzleFront {
    std::unique_ptr<puzzles::Puzzle> puzzle;
    puzzles::PuzzleModel model;
};

bool load_puzzle_problem(const std::vector<std::string>& args, Problem& p, PuzzleFront& front, std::string& error) {
    if (args.size() < 2) {
        error = "usage: prune-mpi solve KIND [FILE] [--count|--all|--first] [--cubes-per-rank N]";
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
        } else if (a == "--cubes-per-rank" && i + 1 < args.size()) {
            p.cubes_per_rank = std::max(1, std::atoi(args[++i].c_str()));
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
    p.finish = [&p](std::ostream& out, bool exhausted, std::uint64_t found) {
        if (p.mode == "count") out << "Count: " << found << (exhausted ? "" : " (stopped: a lower bound)") << "\n";
        else if (found == 0) out << (exhausted ? "No solution.\n" : "No solution found (stopped).\n");
        else if (p.mode == "all") out << found << " solutions" << (exhausted ? "" : " (stopped)") << "\n";
    };
    return true;
}

// The FlatZinc front end: fzn-prune's model, search and output.
struct FznFront {
    flatzinc::ParseResult parsed;
    flatzinc::BuiltModel model;
    flatzinc::Options options;
};

bool load_fzn_problem(const std::vector<std::string>& args, Problem& p, FznFront& front, std::string& error) {
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "-a") front.options.all = true;
        else if (args[i] == "--cubes-per-rank" && i + 1 < args.size()) p.cubes_per_rank = std::max(1, std::atoi(args[++i].c_str()));
        else front.options.file = args[i];
    }
    std::string text;
    if (front.options.file.empty() || !read_file(front.options.file, text)) {
        error = "usage: prune-mpi fzn MODEL.fzn [-a] [--cubes-per-rank N] (cannot read '" + front.options.file + "')";
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
    p.options = flatzinc::search_options(front.options, front.model);
    p.options.stop = nullptr;
    const flatzinc::BuiltModel& m = front.model;
    if (m.goal != flatzinc::SolveItem::Goal::satisfy) {
        p.mode = "optimise";
        p.objective = m.objective;
        p.objective_sense = m.goal == flatzinc::SolveItem::Goal::minimize ? -1 : +1;
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
    p.finish = [](std::ostream& out, bool exhausted, std::uint64_t found) {
        if (exhausted) out << (found == 0 ? "=====UNSATISFIABLE=====\n" : "==========\n");
        else if (found == 0) out << "=====UNKNOWN=====\n";
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

std::vector<std::int64_t> encode(const Cube& cube, std::size_t index) {
    std::vector<std::int64_t> data{static_cast<std::int64_t>(index)};
    for (const Literal& d : cube) {
        data.push_back(d.var.index);
        data.push_back(d.value);
        data.push_back(static_cast<std::int64_t>(d.kind));
    }
    return data;
}

Cube decode(const std::vector<std::int64_t>& data) {
    Cube cube;
    for (std::size_t i = 1; i + 3 <= data.size(); i += 3) {
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
    std::size_t next = 0;
    bool stopping = false;
    bool have_best = false;
    std::int64_t best = 0;
    std::string best_text;
    std::uint64_t found = 0;
    std::uint64_t nodes = 0;
    bool all_done = true;
    std::vector<char> finished;  // the workers that sent their result and left

    // Every worker still running.
    void tell_all(const std::vector<std::int64_t>& data, int tag) {
        for (int r = 1; r < ranks; ++r) {
            if (!finished[static_cast<std::size_t>(r)]) send(data, r, tag);
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
                best_text = text.str();
                tell_all({best}, bound);
            } else if (p.mode != "count") {
                out << text.str() << std::flush;
            }
            if (p.mode == "first" && !stopping) {
                stopping = true;
                tell_all({}, stop);
            }
        }
        master->clear_queue();
        master->pop_level();
    }

    void run(std::ostream& out) {
        int active = ranks - 1;
        finished.assign(static_cast<std::size_t>(ranks), 0);
        while (active > 0) {
            MPI_Status status;
            const std::vector<std::int64_t> data = receive(MPI_ANY_SOURCE, MPI_ANY_TAG, status);
            if (status.MPI_TAG == request) {
                if (!stopping && next < cubes.size()) {
                    send(encode(cubes[next], next), status.MPI_SOURCE, cube_tag);
                    ++next;
                } else {
                    send({}, status.MPI_SOURCE, done);
                }
            } else if (status.MPI_TAG == solution) {
                on_solution(data, out);
            } else if (status.MPI_TAG == result) {
                // [count, nodes, every cube searched to the end]
                if (p.mode == "count") found += static_cast<std::uint64_t>(data[0]);
                nodes += static_cast<std::uint64_t>(data[1]);
                all_done = all_done && data[2] != 0;
                finished[static_cast<std::size_t>(status.MPI_SOURCE)] = 1;
                --active;
            }
        }
    }
};

// ---- ranks 1.. ----

struct Worker {
    explicit Worker(const Problem& problem) : p(problem) {}
    const Problem& p;
    std::unique_ptr<Solver> solver;
    std::atomic<std::int64_t> best{0};
    bool stopped = false;
    std::uint64_t count = 0;
    std::uint64_t nodes = 0;
    bool all_done = true;

    // A message from rank 0 that is not an answer to a request.
    void take(int tag, const std::vector<std::int64_t>& data) {
        if (tag == bound) best.store(p.objective_sense < 0 ? std::min(best.load(), data[0]) : std::max(best.load(), data[0]));
        if (tag == stop) stopped = true;
    }

    // Between nodes (every 1,024): the better bounds and a stop from rank 0 (while a
    // cube is searched no request is out, so nothing else can come).
    void poll(Search* search) {
        for (;;) {
            int flag = 0;
            MPI_Status status;
            MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
            if (!flag) break;
            const int tag = status.MPI_TAG;
            take(tag, receive(0, tag, status));
        }
        if (stopped && search != nullptr) search->request_stop();
    }

    void solve(const Cube& cube) {
        solver->push_level();
        if (assume_cube(*solver, cube)) {
            SearchOptions o = p.options;
            Search* running = nullptr;
            o.progress = [this, &running](const SearchStatistics&) { poll(running); };
            if (p.objective_sense != 0) o.shared_objective = &best;
            Search search(*solver, o);
            running = &search;
            if (p.objective_sense < 0) search.minimize(p.objective);
            if (p.objective_sense > 0) search.maximize(p.objective);
            SearchStatus status = SearchStatus::exhausted;
            if (p.mode == "count") {
                std::uint64_t found = 0;  // count(): the last level in bulk where it can
                status = search.count(found);
                count += found;
            }
            while (p.mode != "count" && (status = search.next()) == SearchStatus::solution) {
                std::vector<std::int64_t> data{p.objective_sense != 0 ? solver->value(p.objective) : 0};
                for (int i = 0; i < solver->variable_count(); ++i) data.push_back(solver->value(IntVar{i}));
                send(data, 0, solution);
                if (p.mode == "first") break;
            }
            all_done = all_done && status != SearchStatus::limit;
            nodes += search.statistics().nodes;
        }
        solver->pop_level();
        solver->clear_queue();
    }

    void run() {
        solver = p.build();
        best.store(p.objective_sense < 0 ? INT64_MAX : INT64_MIN);
        const bool ok = solver->error().empty() && solver->propagate();
        if (!ok) solver->clear_queue();
        for (;;) {
            send({}, 0, request);
            MPI_Status status;
            std::vector<std::int64_t> data;
            do {  // bounds and stops may come before the answer
                data = receive(0, MPI_ANY_TAG, status);
                take(status.MPI_TAG, data);
            } while (status.MPI_TAG == bound || status.MPI_TAG == stop);
            if (status.MPI_TAG == done) break;
            if (ok && !stopped) solve(decode(data));
        }
        send({static_cast<std::int64_t>(count), static_cast<std::int64_t>(nodes), all_done && !stopped ? 1 : 0}, 0, result);
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
    if (rank != 0) {
        Worker worker(p);
        worker.run();
        return 0;
    }
    Coordinator c(p, ranks);
    c.master = p.build();
    CubeStatistics statistics;
    const bool feasible = c.master->error().empty() &&
                          split_into_cubes(*c.master, p.options, static_cast<std::size_t>(ranks - 1) * static_cast<std::size_t>(p.cubes_per_rank),
                                           c.cubes, statistics);
    if (!c.master->error().empty()) {
        std::cerr << "prune-mpi: error: invalid model: " << c.master->error() << "\n";
        c.stopping = true;  // every worker gets `done` at once
    }
    (void)feasible;  // no cube: the workers get `done` at once and the problem has no solution
    c.run(std::cout);
    const bool exhausted = c.all_done && (p.mode != "first" || c.found == 0) && c.master->error().empty();
    std::cout << c.best_text;
    p.finish(std::cout, exhausted, c.found);
    std::cerr << "prune-mpi: " << ranks - 1 << " workers, " << c.cubes.size() << " cubes, " << c.nodes << " nodes\n";
    return c.master->error().empty() ? 0 : 2;
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    prune::install_host_probes(prune::standard_host_probes());
    int rank = 0;
    int ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    const int code = run(std::vector<std::string>(argv + 1, argv + argc), rank, ranks);
    MPI_Finalize();
    return code;
}
