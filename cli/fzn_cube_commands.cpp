// The cube commands for FlatZinc (docs/scaling.md): `prune split fzn MODEL.fzn --cubes
// N [-a] [-f]` writes the model's decomposition, `prune fzn MODEL.fzn --cubes CUBES
// [--range A:B] [flags]` solves a range of its cubes and writes their results for
// `prune merge` (cli/cube_commands.cpp), which combines them: the union of the
// solutions (-a), one solution (satisfaction), or the best objective and whether it
// is proved optimal (every cube finished).
//
// The cube file's problem line is `fzn FILE [-a] [-f]`; its fingerprint covers the
// root domains after propagation and the bytes of the .fzn file, so a cube file is
// refused for any other model. -a (projection on the output variables) and -f (free
// search) shape the split; the cubes partition the search space whatever the flags,
// so solving with other flags is still exact.
#include <fstream>
#include <iterator>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "flatzinc/builder.hpp"
#include "flatzinc/flatzinc.hpp"
#include "flatzinc/parser.hpp"
#include "parallel/cube_file.hpp"
#include "support/inline_value.hpp"
#include "support/signal_stop.hpp"
#include "trace/trace_options.hpp"

namespace prune::cli {
namespace {

// The flags of prune's cube commands, taken out of the FlatZinc flags.
struct CubeFlags {
    std::string cubes;  // --cubes N (split) or FILE (solve)
    std::string range;  // --range A:B
    std::vector<std::string> rest;  // for flatzinc::parse_options
};

// False with `error` set on a flag without its value or a tracing flag.
bool take_cube_flags(const std::vector<std::string>& args, CubeFlags& flags, std::string& error) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        const std::optional<std::string> given = support::take_inline_value(arg);
        const bool has_value = given.has_value();
        std::string value = given.value_or("");
        if (arg == "--cubes" || arg == "--range") {
            if (!has_value) {
                if (i + 1 >= args.size()) {
                    error = "option " + arg + " needs a value";
                    return false;
                }
                value = args[++i];
            }
            (arg == "--cubes" ? flags.cubes : flags.range) = value;
        } else if (trace::is_trace_flag(arg) || trace::is_trace_valued_option(arg)) {
            error = "--cubes does not trace (--trace, --trace-text, --profile, --explain)";
            return false;
        } else {
            flags.rest.push_back(args[i]);
        }
    }
    return true;
}

// The FlatZinc flags (argv[0] is the command's name).
bool parse_fzn_flags(const char* command, const std::vector<std::string>& rest, flatzinc::Options& o, std::string& error) {
    std::vector<const char*> argv{command};
    for (const std::string& a : rest) argv.push_back(a.c_str());
    if (!flatzinc::parse_options(static_cast<int>(argv.size()), argv.data(), o, error)) return false;
    // Each cube is a search of its own, and its length is not the whole search's: no
    // learning that a long search would turn on (--learn auto); --learn on stays.
    o.learn_after = 0;
    return true;
}

// The model of o.file, read, parsed and built; its text for the fingerprint. Prints
// the diagnostic and returns false on failure.
struct LoadedModel {
    std::string text;
    flatzinc::ParseResult parsed;
    flatzinc::BuiltModel model;
};

bool load(const flatzinc::Options& o, LoadedModel& loaded, std::ostream& err) {
    std::ifstream in(o.file, std::ios::binary);
    if (!in) {
        err << o.file << ": error: cannot open the file\n";
        return false;
    }
    loaded.text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    loaded.parsed = flatzinc::parse(loaded.text, o.file);
    if (!loaded.parsed.ok) {
        err << loaded.parsed.error << '\n';
        return false;
    }
    const flatzinc::BuildResult built = flatzinc::build(loaded.parsed.model, o.file, loaded.model, err);
    if (!built.ok) {
        err << built.error << '\n';
        return false;
    }
    return true;
}

// The fingerprint of the loaded model at its root (propagated).
ModelFingerprint fzn_fingerprint(LoadedModel& loaded) {
    Solver& solver = *loaded.model.solver;
    if (!solver.propagate()) solver.clear_queue();
    ModelFingerprint f = fingerprint_of(solver);
    mix_into(f, loaded.text);
    return f;
}

std::string problem_line(const flatzinc::Options& o) {
    return "fzn " + o.file + (o.all ? " -a" : "") + (o.free_search ? " -f" : "");
}

const char* mode_of(const flatzinc::Options& o, const flatzinc::BuiltModel& m) {
    switch (m.goal) {
        case flatzinc::SolveItem::Goal::minimize: return "minimize";
        case flatzinc::SolveItem::Goal::maximize: return "maximize";
        default: return o.all ? "all" : "first";
    }
}

// The FlatZinc output of a solution on one line: its `name = value;` items joined
// by blanks (prune merge puts them back one per line).
std::string fzn_solution_line(const flatzinc::BuiltModel& m, const Solver& solver) {
    std::ostringstream text;
    flatzinc::print_solution(m, solver, text);
    std::string s = text.str();
    if (s.size() >= 11 && s.compare(s.size() - 11, 11, "----------\n") == 0) s.resize(s.size() - 11);
    while (!s.empty() && s.back() == '\n') s.pop_back();
    for (char& c : s) c = c == '\n' ? ' ' : c;
    return s;
}

}  // namespace

int run_split_fzn(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    CubeFlags flags;
    std::string error;
    flatzinc::Options o;
    if (!take_cube_flags(args, flags, error) || !parse_fzn_flags("prune split fzn", flags.rest, o, error)) {
        err << "prune: error: " << error << "\nusage: prune split fzn MODEL.fzn --cubes N [-a] [-f] [-s]\n";
        return exit_usage;
    }
    if (o.help) {
        out << "usage: prune split fzn MODEL.fzn --cubes N [-a] [-f] [-s]\n"
               "  writes at least N cubes (subproblems) of the model for prune fzn --cubes;\n"
               "  -a splits on the output variables (for prune fzn -a), -f as free search,\n"
               "  -s prints the split's statistics on stderr (docs/scaling.md)\n";
        return exit_solved;
    }
    std::uint64_t target = 0;
    for (char c : flags.cubes) {
        if (c < '0' || c > '9' || target > 100000000) {
            target = 0;
            break;
        }
        target = target * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (target == 0) {
        err << "prune: error: " << (flags.cubes.empty() ? "'prune split fzn' needs --cubes N (the number of subproblems to write)"
                                                        : "--cubes needs a positive number of cubes, got '" + flags.cubes + "'")
            << "\n";
        return exit_usage;
    }
    if (!flags.range.empty()) {
        err << "prune: error: --range goes with prune fzn --cubes FILE\n";
        return exit_usage;
    }
    LoadedModel loaded;
    if (!load(o, loaded, err)) return exit_usage;
    Solver& solver = *loaded.model.solver;
    if (!solver.error().empty()) {
        err << o.file << ": error: " << solver.error() << "\n";
        return exit_usage;
    }
    const SearchOptions options = flatzinc::search_options(o, loaded.model);
    CubeFile file;
    file.problem = problem_line(o);
    CubeStatistics statistics;
    // Optimisation: the left-weighted split, as prune fzn -p N makes (docs/scaling.md).
    const bool optimising = loaded.model.goal != flatzinc::SolveItem::Goal::satisfy;
    const bool feasible = split_for_search(solver, options, optimising, target, file.cubes, statistics);
    file.model = fzn_fingerprint(loaded);
    out << write_cube_file(file);
    if (o.statistics || o.verbose) {
        err << "cubes:            " << file.cubes.size() << " (asked for " << target << ")\n"
            << "dropped:          " << statistics.dropped << " decisions failed by propagation\n"
            << "split time:       " << statistics.split_seconds << " s\n";
    }
    return feasible ? exit_solved : exit_no_solution;
}

bool has_cubes_flag(const std::vector<std::string>& args) {
    for (const std::string& a : args) {
        if (a == "--cubes" || a.rfind("--cubes=", 0) == 0) return true;
    }
    return false;
}

int run_fzn_cubes(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    CubeFlags flags;
    std::string error;
    flatzinc::Options o;
    if (!take_cube_flags(args, flags, error) || !parse_fzn_flags("prune fzn", flags.rest, o, error)) {
        err << "prune: error: " << error << "\nusage: prune fzn MODEL.fzn --cubes CUBES [--range A:B] [-a] [-p N] [-t MS] [-s]\n";
        return exit_usage;
    }
    if (o.help) {
        out << flatzinc::usage() << "  --cubes FILE      solve the cubes of FILE (prune split fzn), write their results\n"
            << "  --range A:B       with --cubes: only cubes A..B-1 (docs/scaling.md)\n";
        return exit_solved;
    }
    if (o.solutions > 0) {
        err << "prune: error: --cubes writes every cube's solutions (-a) or one (satisfaction): -n does not apply\n";
        return exit_usage;
    }
    LoadedModel loaded;
    if (!load(o, loaded, err)) return exit_usage;
    const flatzinc::BuiltModel& m = loaded.model;
    std::string text;
    {
        std::ifstream in(flags.cubes, std::ios::binary);
        if (!in) {
            err << "prune: error: cannot open " << flags.cubes << "\n";
            return exit_usage;
        }
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    CubeFile file;
    if (!read_cube_file(text, flags.cubes, file, error)) {
        err << error << "\n";
        return exit_usage;
    }
    if (!(fzn_fingerprint(loaded) == file.model)) {
        err << flags.cubes << ": error: these cubes were split from another model (" << file.problem
            << "): give the .fzn file given to prune split fzn, unchanged\n";
        return exit_usage;
    }
    std::size_t first = 0;
    std::size_t last = file.cubes.size();
    if (!flags.range.empty() && !parse_cube_range(flags.range, file.cubes.size(), first, last)) {
        err << "prune: error: --range takes A:B with A <= B (cube indices, B excluded), got '" << flags.range << "'\n";
        return exit_usage;
    }
    const std::vector<Cube> cubes(file.cubes.begin() + static_cast<std::ptrdiff_t>(first), file.cubes.begin() + static_cast<std::ptrdiff_t>(last));
    const SearchOptions options = flatzinc::search_options(o, m);
    ParallelSettings settings{std::max(1, o.threads)};
    settings.cubes = &cubes;
    const flatzinc::ParseResult& parsed = loaded.parsed;
    ParallelSearch search(
        [&parsed, &o] {
            flatzinc::BuiltModel copy;
            std::ostringstream warnings;  // given once already, by the first build
            (void)flatzinc::build(parsed.model, o.file, copy, warnings);
            return std::move(copy.solver);
        },
        options, settings);
    const std::string mode = mode_of(o, m);
    if (m.goal == flatzinc::SolveItem::Goal::minimize) search.minimize(m.objective);
    if (m.goal == flatzinc::SolveItem::Goal::maximize) search.maximize(m.objective);
    const bool optimising = m.goal != flatzinc::SolveItem::Goal::satisfy;
    std::vector<CubeResult> results(cubes.size());
    const support::SignalStop signals;
    const SearchStatus status = search.solve_by_cube([&](const Solver& solver, std::size_t cube) {
        CubeResult& r = results[cube];
        if (optimising) {
            // Only strict improvements come here: the cube's last one is its best.
            r.solutions.assign(1, fzn_solution_line(m, solver));
            r.has_best = true;
            r.best = solver.value(m.objective);
            return true;
        }
        r.solutions.push_back(fzn_solution_line(m, solver));
        return mode == "all";
    });
    if (status == SearchStatus::error) {
        err << o.file << ": error: " << search.error() << "\n";
        return exit_usage;
    }
    out << write_results_header(file.problem, mode, file.cubes.size());
    bool all_done = true;
    for (std::size_t i = 0; i < cubes.size(); ++i) {
        CubeResult& r = results[i];
        r.cube = first + i;
        r.done = search.cube_done()[i] != 0;
        all_done = all_done && r.done;
        out << write_cube_result(r, mode);
    }
    out << std::flush;
    if (o.statistics || o.verbose) {
        const CubeStatistics& c = search.cube_statistics();
        err << "cubes:            " << c.cubes << " (" << c.solved << " searched to the end)\n"
            << "imbalance:        " << c.imbalance() << "\n"
            << "nodes:            " << search.statistics().nodes << "\n";
    }
    if (mode == "first" && status == SearchStatus::solution) return exit_solved;
    return all_done ? exit_solved : exit_limit;
}

}  // namespace prune::cli
