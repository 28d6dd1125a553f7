// The cube commands (docs/scaling.md): `prune split KIND FILE --cubes N` writes the
// problem's decomposition (parallel/cube_file.hpp), `prune solve KIND FILE --cubes
// CUBES [--range A:B]` solves a range of its cubes and writes their results, and
// `prune merge RESULTS...` adds them up. Cubes split the engine's model of the
// puzzle: a count over cubes is the plain count (a kind's own reductions, such as
// quarto's orbits, do not apply).
#include <fstream>
#include <iterator>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "parallel/cube_file.hpp"
#include "support/signal_stop.hpp"

namespace prune::cli {
namespace {

using puzzles::SolveMode;

bool read_text(const std::string& path, std::string& text, std::ostream& err) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        err << "prune: error: cannot open " << path << "\n";
        return false;
    }
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return true;
}

// The problem as the cube file names it: kind, file, kind flags and the search
// settings that shape the tree (for people; the model fingerprint is what is checked).
std::string problem_words(const CommandLine& command) {
    std::string words = command.kind + " " + (command.files.empty() ? std::string("(built-in)") : command.files[0]);
    for (const std::string& flag : command.kind_flags) words += " " + flag;
    const SearchOptions& s = command.solve.search;
    static const char* const variables[] = {"input", "first-fail", "domwdeg", "smallest", "largest", "anti-first-fail"};
    static const char* const values[] = {"min", "max", "median", "split", "reverse-split", "random"};
    words += std::string(" --var ") + variables[static_cast<int>(s.variable)] + " --val " + values[static_cast<int>(s.value)];
    return words;
}

// The model of the puzzle, built and propagated at its root, with the search options
// the command line asked for (branching on the model's decisions).
struct BuiltPuzzle {
    std::unique_ptr<Solver> solver = std::make_unique<Solver>();
    puzzles::PuzzleModel model;
    SearchOptions options;
};

BuiltPuzzle build_puzzle(const puzzles::Puzzle& puzzle, const CommandLine& command) {
    BuiltPuzzle b;
    b.model = puzzle.build_model(*b.solver, command.solve.model);
    b.options = command.solve.search;
    if (b.options.decision_variables.empty()) b.options.decision_variables = b.model.decisions;
    return b;
}

const char* mode_name(SolveMode mode) {
    switch (mode) {
        case SolveMode::count: return "count";
        case SolveMode::all: return "all";
        default: return "first";
    }
}

}  // namespace

int run_split(const CommandLine& command, std::ostream& out, std::ostream& err) {
    std::string origin;
    const auto puzzle = load_puzzle(command, command.files.empty() ? "" : command.files[0], origin, err);
    if (!puzzle) return exit_usage;
    BuiltPuzzle b = build_puzzle(*puzzle, command);
    if (!b.solver->error().empty()) {
        err << "prune: error: invalid model: " << b.solver->error() << "\n";
        return exit_usage;
    }
    CubeFile file;
    file.problem = problem_words(command);
    CubeStatistics statistics;
    const std::size_t target = std::stoull(command.cubes);
    const bool feasible = split_into_cubes(*b.solver, b.options, target, file.cubes, statistics);
    file.model = fingerprint_of(*b.solver);
    out << write_cube_file(file);
    if (command.stats) {
        err << "cubes:            " << file.cubes.size() << " (asked for " << target << ")\n"
            << "dropped:          " << statistics.dropped << " decisions failed by propagation\n"
            << "split time:       " << statistics.split_seconds << " s\n";
    }
    return feasible ? exit_solved : exit_no_solution;
}

// Checks the cube file against the model and picks the range; false with the
// error printed.
bool cubes_to_solve(const CommandLine& command, BuiltPuzzle& b, std::vector<Cube>& cubes, std::size_t& first, std::size_t& total,
                    std::ostream& err) {
    std::string text;
    if (!read_text(command.cubes, text, err)) return false;
    CubeFile file;
    std::string error;
    if (!read_cube_file(text, command.cubes, file, error)) {
        err << error << "\n";
        return false;
    }
    if (!b.solver->propagate()) b.solver->clear_queue();
    if (!(fingerprint_of(*b.solver) == file.model)) {
        err << command.cubes << ": error: these cubes were split from another model (" << file.problem
            << "): give the same puzzle, kind options and --var/--val as to prune split\n";
        return false;
    }
    std::size_t last = file.cubes.size();
    total = last;
    first = 0;
    if (!command.cube_range.empty() && !parse_cube_range(command.cube_range, file.cubes.size(), first, last)) {
        err << "prune: error: --range takes A:B with A <= B (cube indices, B excluded), got '" << command.cube_range << "'\n";
        return false;
    }
    cubes.assign(file.cubes.begin() + static_cast<std::ptrdiff_t>(first), file.cubes.begin() + static_cast<std::ptrdiff_t>(last));
    return true;
}

int run_solve_cubes(const CommandLine& command, std::ostream& out, std::ostream& err) {
    std::string origin;
    const auto puzzle = load_puzzle(command, command.files.empty() ? "" : command.files[0], origin, err);
    if (!puzzle) return exit_usage;
    BuiltPuzzle b = build_puzzle(*puzzle, command);
    std::vector<Cube> cubes;
    std::size_t first = 0;
    std::size_t total = 0;
    if (!cubes_to_solve(command, b, cubes, first, total, err)) return exit_usage;
    ParallelSettings settings{std::max(1, command.solve.model.threads)};
    settings.cubes = &cubes;
    ParallelSearch search(
        [&] {
            auto built = std::make_unique<Solver>();
            (void)puzzle->build_model(*built, command.solve.model);
            return built;
        },
        b.options, settings);
    const SolveMode mode = command.solve.mode == SolveMode::count ? SolveMode::count : command.solve.mode == SolveMode::all ? SolveMode::all : SolveMode::first;
    std::vector<std::vector<std::string>> solutions(cubes.size());
    const support::SignalStop signals;
    SearchStatus status = SearchStatus::exhausted;
    if (mode == SolveMode::count) {
        std::uint64_t total = 0;
        status = search.count(total);
    } else {
        status = search.solve_by_cube([&](const Solver& solver, std::size_t cube) {
            puzzles::Values values;
            for (IntVar x : b.model.cells) values.push_back(solver.value(x));
            solutions[cube].push_back(puzzle->render_line(values));
            return mode == SolveMode::all;
        });
    }
    if (status == SearchStatus::error) {
        err << "prune: error: invalid model: " << search.error() << "\n";
        return exit_usage;
    }
    out << write_results_header(problem_words(command), mode_name(mode), total);
    bool all_done = true;
    for (std::size_t i = 0; i < cubes.size(); ++i) {
        CubeResult r;
        r.cube = first + i;
        r.done = search.cube_done()[i] != 0;
        r.count = search.cube_counts()[i];
        r.solutions = std::move(solutions[i]);
        all_done = all_done && r.done;
        out << write_cube_result(r, mode_name(mode));
    }
    if (command.stats) {
        const CubeStatistics& c = search.cube_statistics();
        err << "cubes:            " << c.cubes << " (" << c.solved << " searched to the end)\n"
            << "imbalance:        " << c.imbalance() << "\n"
            << "nodes:            " << search.statistics().nodes << "\n";
    }
    if (mode == SolveMode::first && status == SearchStatus::solution) return exit_solved;
    return all_done ? exit_solved : exit_limit;
}

namespace {

// A FlatZinc solution of a results file (its items on one line) as FlatZinc output.
void print_fzn_solution(const std::string& line, std::ostream& out) {
    std::string text = line;
    for (std::size_t at = text.find("; "); at != std::string::npos; at = text.find("; ", at + 2)) text[at + 1] = '\n';
    if (!text.empty()) out << text << '\n';
    out << "----------\n";
}

// The end of a merged FlatZinc result: the solutions, the status line, the summary
// as comments (the output stays readable by MiniZinc's solns2out). Returns the
// exit code.
int finish_fzn_merge(const std::string& mode, const std::set<std::string>& solutions, const std::string& first, bool have_best,
                     std::int64_t best, const std::string& best_solution, bool complete, std::ostream& out) {
    bool found = false;
    if (mode == "all") {
        for (const std::string& s : solutions) print_fzn_solution(s, out);
        found = !solutions.empty();
    } else if (mode == "first") {
        found = !first.empty() || !solutions.empty();
        if (found) print_fzn_solution(first, out);
    } else {
        found = have_best;
        if (found) print_fzn_solution(best_solution, out);
    }
    // One solution of a satisfaction problem is not all of them: no ==========.
    if (complete && !(found && mode == "first")) out << (found ? "==========\n" : "=====UNSATISFIABLE=====\n");
    else if (!found) out << "=====UNKNOWN=====\n";
    if (mode == "all") out << "% solutions " << solutions.size() << "\n";
    if (have_best) out << "% best " << best << (complete ? " (optimal)" : " (not proved optimal)") << "\n";
    if (!found) return complete ? exit_no_solution : exit_limit;
    return complete || mode == "first" ? exit_solved : exit_limit;
}

}  // namespace

// prune merge RESULTS...: counts add up, solutions are united, the best objective is
// kept (FlatZinc), cubes without a result are reported as unknown.
int run_merge(const std::vector<std::string>& files, std::ostream& out, std::ostream& err) {
    if (files.empty()) {
        err << "prune: error: usage: prune merge RESULTS... (the outputs of prune solve ... --cubes or prune fzn ... --cubes)\n";
        return exit_usage;
    }
    ResultsFile merged;
    std::map<std::size_t, CubeResult> by_cube;
    // Optimisation: the best objective over every record, finished or not (a cube
    // stopped by a limit may still have found the best solution so far).
    bool have_best = false;
    std::int64_t best = 0;
    std::size_t best_cube = 0;
    std::string best_solution;
    for (const std::string& path : files) {
        std::string text;
        if (!read_text(path, text, err)) return exit_usage;
        ResultsFile one;
        std::string error;
        if (!read_results_file(text, path, one, error)) {
            err << error << "\n";
            return exit_usage;
        }
        if (merged.mode.empty()) {
            merged.problem = one.problem;
            merged.mode = one.mode;
            merged.cubes = one.cubes;
        } else if (one.mode != merged.mode || one.problem != merged.problem || one.cubes != merged.cubes) {
            err << path << ":2:1: error: results of another problem or mode (" << one.problem << ", " << one.mode << ")\n";
            return exit_usage;
        }
        const int sense = one.mode == "minimize" ? -1 : one.mode == "maximize" ? +1 : 0;
        for (CubeResult& r : one.results) {
            if (sense != 0 && r.has_best && !r.solutions.empty()) {
                const bool better = !have_best || (sense < 0 ? r.best < best : r.best > best) || (r.best == best && r.cube < best_cube);
                if (better) {
                    have_best = true;
                    best = r.best;
                    best_cube = r.cube;
                    best_solution = r.solutions.back();
                }
            }
            auto [at, inserted] = by_cube.emplace(r.cube, r);
            if (!inserted && !at->second.done && r.done) at->second = std::move(r);  // a rerun that finished
        }
    }
    std::uint64_t count = 0;
    std::set<std::string> solutions;
    std::string first;  // FlatZinc satisfaction: the solution of the lowest cube
    std::vector<std::size_t> unknown;
    for (std::size_t cube = 0; cube < merged.cubes; ++cube) {
        const auto at = by_cube.find(cube);
        if (at == by_cube.end() || !at->second.done) unknown.push_back(cube);  // no result, or stopped by a limit
        if (at == by_cube.end()) continue;
        count += at->second.count;
        if (first.empty() && !at->second.solutions.empty()) first = at->second.solutions.front();
        solutions.insert(at->second.solutions.begin(), at->second.solutions.end());
    }
    const bool fzn = merged.problem.rfind("fzn ", 0) == 0;
    int code = exit_solved;
    if (fzn) {
        code = finish_fzn_merge(merged.mode, solutions, first, have_best, best, best_solution, unknown.empty(), out);
        out << "% cubes " << merged.cubes << "\n";
        if (!unknown.empty()) out << "% ";
    } else {
        if (merged.mode == "count") {
            out << "count " << count << "\n";
        } else {
            for (const std::string& s : solutions) out << s << "\n";
            out << "solutions " << solutions.size() << "\n";
        }
        out << "cubes " << merged.cubes << "\n";
        const bool found = merged.mode == "count" ? count > 0 : !solutions.empty();
        if (unknown.empty()) code = found ? exit_solved : exit_no_solution;
        else code = merged.mode == "first" && found ? exit_solved : exit_limit;
    }
    if (unknown.empty()) return code;
    out << "UNKNOWN " << unknown.size() << " cubes:";
    for (std::size_t cube : unknown) out << ' ' << cube;
    out << "\n";
    return code;
}

}  // namespace prune::cli
