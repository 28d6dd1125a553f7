#include "flatzinc.hpp"

#include <chrono>
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include "builder.hpp"
#include "engine/prune.hpp"
#include "support/inline_value.hpp"
#include "parallel/parallel_search.hpp"
#include "parser.hpp"
#include "support/signal_stop.hpp"

namespace prune::flatzinc {
namespace {

bool integer_argument(const char* text, std::int64_t& value) {
    if (text == nullptr || *text == '\0') return false;
    char* end = nullptr;
    const long long v = std::strtoll(text, &end, 10);
    if (*end != '\0') return false;
    value = v;
    return true;
}

std::string format(const Solver& s, const Value& v) {
    const std::int64_t x = v.is_var ? s.value(v.var) : v.constant;
    if (v.is_bool) return x != 0 ? "true" : "false";
    return std::to_string(x);
}

}  // namespace

void print_solution(const BuiltModel& m, const Solver& s, std::ostream& out) {
    for (const OutputItem& item : m.outputs) {
        out << item.name << " = ";
        if (!item.is_array) {
            out << format(s, item.values[0]) << ";\n";
            continue;
        }
        out << "array" << item.dimensions.size() << "d(";
        for (const auto& [lo, hi] : item.dimensions) out << lo << ".." << hi << ", ";
        out << '[';
        for (std::size_t i = 0; i < item.values.size(); ++i) out << (i ? ", " : "") << format(s, item.values[i]);
        out << "]);\n";
    }
    out << "----------\n";
}

namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

const char* usage() {
    return "usage: fzn-prune [-a] [-n N] [-i] [-f] [-s] [-v] [-p N] [-r SEED] [-t MS] FILE.fzn\n"
           "  -a       all solutions (satisfaction) / all improving solutions (optimisation)\n"
           "  -n N     stop after N solutions\n"
           "  -i       print intermediate solutions when optimising\n"
           "  -f       free search: ignore search annotations (dom/wdeg with Luby restarts)\n"
           "  -s       print statistics (%%%mzn-stat lines)\n"
           "  -v       verbose progress on stderr\n"
           "  -p N     search on N threads (0: one per core); the same optimum, count and\n"
           "           solution set for any N (-a: the order may differ); with --learn,\n"
           "           for one solution or an optimum, a portfolio: thread 1 searches as\n"
           "           asked, thread k > 1 by activity with seed SEED + k - 1, passing\n"
           "           each other the nogoods they learn of at most --share-nogoods N\n"
           "           facts (default 8; 0: none)\n"
           "  -r SEED  random seed (with --learn: ties between equally active literals\n"
           "           and variables)\n"
           "  -t MS    time limit in milliseconds (the search; it stops within milliseconds)\n"
           "  --memory-limit MB  stop when the process holds more than MB MiB\n"
           "  --node-limit N / --fail-limit N  stop after N search nodes / failures (0:\n"
           "           none; unlike -t, the same run on any machine)\n"
           "  --learn [on|off|auto]  learn nogoods from conflicts (lazy clause\n"
           "           generation; default off); with -f, activity-based choice of each\n"
           "           decision; on: from the start (the model's search, if it has one,\n"
           "           then restarts, Luby, unless the model annotates its own, and its\n"
           "           ties go to the most active variable, but in the 1st, 3rd, 7th,\n"
           "           15th... run to the first, as written); auto: search without\n"
           "           learning, and go on with it from the root after 10,000,000\n"
           "           propagator runs (for one solution or an optimum, on one thread)\n"
           "  --learn-after N  as auto, after N propagator runs (0: never)\n"
           "  --learn-branching variables|literals|negated-literals|literals-up  with\n"
           "           --learn, what the activity ranks (default literals: the most active\n"
           "           [x = v] or [x <= v], decided true; variables: the most active\n"
           "           variable, set to its saved value; negated-literals: decided false;\n"
           "           literals-up: x = v, or x >= v + 1 for a bound, as Chuffed decides)\n"
           "  --learn-alldifferent value|annotated  with --learn, the consistency of\n"
           "           all_different and inverse's (default value, whatever the model's\n"
           "           annotations: shorter reasons, shorter nogoods; annotated: the\n"
           "           model's :: domain / :: bounds, else domain, as without learning)\n"
           "SIGINT / SIGTERM stop the search: the best solution so far is printed, then\n"
           "=====UNKNOWN===== if there was none.\n";
}

bool parse_options(int argc, const char* const* argv, Options& o, std::string& error) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        // The integer after option `a`, at least `minimum` (else `too_small` is the error).
        auto value = [&](std::int64_t& v, std::int64_t minimum = INT64_MIN, const std::string& too_small = "") {
            if (i + 1 >= argc || !integer_argument(argv[i + 1], v)) {
                error = "option " + a + " expects an integer";
                return false;
            }
            ++i;
            if (v < minimum) error = too_small;
            return v >= minimum;
        };
        std::int64_t v = 0;
        if (a == "-a" || a == "--all-solutions" || a == "--all") {
            o.all = true;
        } else if (a == "-n" || a == "--num-solutions") {
            if (!value(v, 1, "option -n expects a positive number")) return false;
            o.solutions = v;
        } else if (a == "-i" || a == "--intermediate") {
            o.intermediate = true;
        } else if (a == "-f" || a == "--free-search") {
            o.free_search = true;
        } else if (a == "--learn" || a.rfind("--learn=", 0) == 0) {
            // --learn alone, or followed by on / off / auto (--learn=WORD too).
            std::string name = a;
            const std::optional<std::string> given = support::take_inline_value(name);
            bool took_next = false;
            const std::string word =
                support::optional_value(given, i + 1 < argc ? argv[i + 1] : nullptr, {"on", "off", "auto"}, "on", took_next);
            if (took_next) ++i;
            if (word != "on" && word != "off" && word != "auto") {
                error = "option --learn takes on or off, got '" + word + "'";
                return false;
            }
            o.learn = word == "on";
            o.learn_after = word == "auto" ? learn_after_default : 0;
#if defined(PRUNE_NO_LEARNING)
            if (o.learn || o.learn_after != 0) {
                error = std::string("option --learn: ") + Search::learning_compiled_out;
                return false;
            }
#endif
        } else if (a == "--learn-after") {
            if (!value(v, 0, "option --learn-after expects a number of propagator runs, 0 or more")) return false;
            o.learn = false;
            o.learn_after = v;
#if defined(PRUNE_NO_LEARNING)
            if (o.learn_after != 0) {
                error = std::string("option --learn-after: ") + Search::learning_compiled_out;
                return false;
            }
#endif
        } else if (a == "--learn-branching") {
            const std::string word = i + 1 < argc ? argv[++i] : "";
            if (word == "variables") o.learning_branching = prune::LearningBranching::variables;
            else if (word == "literals") o.learning_branching = prune::LearningBranching::literals;
            else if (word == "negated-literals") o.learning_branching = prune::LearningBranching::negated_literals;
            else if (word == "literals-up") o.learning_branching = prune::LearningBranching::literals_up;
            else {
                error = "option --learn-branching takes variables, literals, negated-literals or literals-up, got '" + word + "'";
                return false;
            }
        } else if (a == "--learn-alldifferent") {
            const std::string word = i + 1 < argc ? argv[++i] : "";
            if (word != "value" && word != "annotated") {
                error = "option --learn-alldifferent takes value or annotated, got '" + word + "'";
                return false;
            }
            o.learn_alldifferent_annotated = word == "annotated";
        } else if (a == "-s" || a == "--statistics") {
            o.statistics = true;
        } else if (a == "-v" || a == "--verbose") {
            o.verbose = true;
        } else if (a == "-p" || a == "--parallel" || a == "--threads") {
            if (!value(v, 0, "option -p expects a number of threads (0: one per core)")) return false;
            o.threads = threads_for(static_cast<int>(std::min<std::int64_t>(v, 4096)));
        } else if (a == "--share-nogoods") {
            if (!value(v, 0, "option --share-nogoods expects a number of facts (0: share none)")) return false;
            o.share_nogoods = v;
        } else if (a == "-r" || a == "--seed" || a == "--random-seed") {
            if (!value(v)) return false;
            o.seed = static_cast<std::uint64_t>(v);
        } else if (a == "-t" || a == "--time-limit") {
            if (!value(v, 0, "option -t expects a non-negative number of milliseconds")) return false;
            o.time_limit_ms = v;
        } else if (a == "--memory-limit") {
            if (!value(v, 1, "option --memory-limit expects a positive number of MiB")) return false;
            o.memory_limit_mb = v;
        } else if (a == "--node-limit" || a == "--fail-limit") {
            if (!value(v, 0, "option " + a + " expects a number (0: no limit)")) return false;
            (a == "--node-limit" ? o.node_limit : o.fail_limit) = v;
        } else if (a == "-h" || a == "--help") {
            o.help = true;
        } else if (a == "--version") {
            o.version = true;
        } else if (a.size() > 1 && a[0] == '-') {
            error = "unknown option " + a;
            return false;
        } else if (o.file.empty()) {
            o.file = a;
        } else {
            error = "more than one input file (" + o.file + ", " + a + ")";
            return false;
        }
    }
    if (o.file.empty() && !o.help && !o.version) {
        error = "no FlatZinc file given";
        return false;
    }
    return true;
}

namespace {

// What the build needs of the options (both builds, the first and each parallel
// worker's, take the same).
BuildSettings build_settings(const Options& o) { return BuildSettings{o.learn, o.learn_alldifferent_annotated}; }

// Reads, parses and builds o.file into `m`; on failure prints the diagnostic and
// returns false.

bool load_model(const Options& o, ParseResult& parsed, BuiltModel& m, std::ostream& err) {
    // A MiniZinc model is compiled to FlatZinc by minizinc, which then runs this front
    // end: say how, rather than fail on the first line of MiniZinc syntax.
    if (o.file.size() > 4 && o.file.compare(o.file.size() - 4, 4, ".mzn") == 0) {
        err << o.file << ": error: this is a MiniZinc model and prune reads FlatZinc; run it with `minizinc --solver prune " << o.file
            << "` (the solver configuration is installed with prune: see README.md)\n";
        return false;
    }
    std::ifstream in(o.file, std::ios::binary);
    if (!in) {
        err << o.file << ": error: cannot open the file\n";
        return false;
    }
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    parsed = parse(text, o.file);
    if (!parsed.ok) {
        err << parsed.error << '\n';
        return false;
    }
    const BuildResult built = build(parsed.model, o.file, m, err, build_settings(o));
    if (!built.ok) {
        err << built.error << '\n';
        return false;
    }
    return true;
}

}  // namespace

SearchOptions search_options(const Options& o, const BuiltModel& m) {
    SearchOptions so;
    const RestartPolicy luby{RestartKind::luby, 100, 1.5};
    if (!o.free_search && !m.search.empty()) {
        // seq_search: each int_search / bool_search is a phase of its own, searched
        // with its heuristics before the next (then every other variable, in input
        // order, smallest value first).
        for (const SearchGroup& g : m.search) so.phases.push_back(SearchPhase{g.variables, g.variable, g.value});
        // With learning from the start it restarts, as free search, unless the model
        // says how (below): the nogoods stay, and the first levels, whose ties the
        // activity then breaks (but in the 1st, 3rd, 7th, ... run, which keep the
        // model's order), are decided again (docs/architecture.md, "The model's
        // search under learning"). Not where learning cannot run (the search then
        // goes on without it, where restarts would only replay the same path).
        if (o.learn && Search::why_no_learning(*m.solver).empty()) so.restarts = luby;
    } else {
        // The default search: dom/wdeg over the model's own variables (then the
        // introduced ones, in input order), Luby restarts with nogoods.
        so.variable = VariableSelection::dom_wdeg;
        so.value = ValueSelection::min;
        so.restarts = luby;
        so.decision_variables = m.primary;
    }
    if (m.has_restart_annotation && !o.free_search) so.restarts = m.restarts;
    if (m.goal == SolveItem::Goal::satisfy && (o.all || o.solutions > 1)) {
        // Several solutions of a satisfaction model: all distinct assignments of the
        // output variables, each with one witness for the rest (FlatZinc semantics).
        so.project = true;
        for (const OutputItem& item : m.outputs) {
            for (const Value& v : item.values) {
                if (v.is_var) so.projection.push_back(v.var);
            }
        }
    }
    so.seed = o.seed;
    so.learn = o.learn;
    // (One thread: the parallel search's workers each search a part or a portfolio
    // member, whose length says nothing of the whole search's.)
    if (o.threads == 1) so.learn_after_propagations = static_cast<std::uint64_t>(o.learn_after);
    so.learning_branching = o.learning_branching;
    // Free search with learning: the activity of the variables in conflicts chooses
    // (over all variables), not dom/wdeg over the model's own ones.
    so.learning_frees_search = o.free_search || m.search.empty();
    // Raised by SIGINT or SIGTERM while `signals` below lives; the search polls it (also
    // between propagator runs), stops as at a limit and the output reports what it
    // has, as the specification asks.
    so.stop = support::SignalStop::flag();
    if (o.time_limit_ms > 0) so.limits.seconds = static_cast<double>(o.time_limit_ms) / 1000.0;
    so.limits.memory_mb = static_cast<std::uint64_t>(o.memory_limit_mb);
    so.limits.nodes = static_cast<std::uint64_t>(o.node_limit);
    so.limits.failures = static_cast<std::uint64_t>(o.fail_limit);
    return so;
}

namespace {

// What the solution loop found.
struct SolveRun {
    std::int64_t found = 0;
    SearchStatus status = SearchStatus::exhausted;
    std::int64_t objective = 0;
    std::string unprinted;  // the last solution, when optimising without printing each one
};

// One solution found: counted, printed now (-a, -i, satisfaction) or kept as the
// last one of an optimisation, printed when the search ends.
void report_solution(const Options& o, const BuiltModel& m, const Solver& solver, SolveRun& run, std::ostream& out) {
    const bool optimising = m.goal != SolveItem::Goal::satisfy;
    const bool print_all = o.all || (optimising && o.intermediate);
    ++run.found;
    if (optimising) run.objective = solver.value(m.objective);
    std::ostringstream text_out;
    print_solution(m, solver, text_out);
    if (o.statistics && optimising) {
        // Statistics before the separator, as MiniZinc expects them.
        std::string s = text_out.str();
        s.insert(s.size() - 11, "%%%mzn-stat: objective=" + std::to_string(run.objective) + "\n%%%mzn-stat-end\n");
        text_out.str(s);
    }
    if (!optimising || print_all) {
        out << text_out.str() << std::flush;
        run.unprinted.clear();
    } else {
        run.unprinted = text_out.str();
    }
}

// How many solutions the flags ask for: -n, else all (-a, or optimising), else one.
std::int64_t solution_limit(const Options& o, const BuiltModel& m) {
    if (o.solutions > 0) return o.solutions;
    return o.all || m.goal != SolveItem::Goal::satisfy ? INT64_MAX : 1;
}

// Asks the search for solutions until the flags have enough (-a, -n, -i), printing
// each as FlatZinc output (or keeping the last one of an optimisation).
SolveRun solution_loop(const Options& o, const BuiltModel& m, Search& search, std::ostream& out) {
    const Solver& solver = *m.solver;
    const std::int64_t limit = solution_limit(o, m);
    SolveRun run;
    while (run.found < limit) {
        run.status = search.next();
        if (run.status != SearchStatus::solution) break;
        report_solution(o, m, solver, run, out);
    }
    return run;
}

void print_statistics(const BuiltModel& m, const SearchStatistics& st, const SolveRun& run, double init_time, std::ostream& out) {
    const Solver& solver = *m.solver;
    out << "%%%mzn-stat: initTime=" << init_time << '\n'
        << "%%%mzn-stat: solveTime=" << st.seconds << '\n'
        << "%%%mzn-stat: solutions=" << run.found << '\n'
        << "%%%mzn-stat: variables=" << solver.variable_count() << '\n'
        << "%%%mzn-stat: intVariables=" << m.int_variables << '\n'
        << "%%%mzn-stat: boolVariables=" << m.bool_variables << '\n'
        << "%%%mzn-stat: propagators=" << solver.propagator_count() << '\n'
        << "%%%mzn-stat: propagations=" << st.propagations << '\n'
        << "%%%mzn-stat: nodes=" << st.nodes << '\n'
        << "%%%mzn-stat: failures=" << st.failures << '\n'
        << "%%%mzn-stat: restarts=" << st.restarts << '\n'
        << "%%%mzn-stat: peakDepth=" << st.max_depth << '\n';
    // --learn auto: the propagator runs after which the search learned.
    if (st.learning_from != 0) out << "%%%mzn-stat: learningFrom=" << st.learning_from << '\n';
    if (st.learned != 0 || st.explanations != 0) {
        out << "%%%mzn-stat: learnedNogoods=" << st.learned << '\n'
            << "%%%mzn-stat: deletedNogoods=" << st.deleted << '\n'
            << "%%%mzn-stat: impliedNogoods=" << st.implied << '\n'
            << "%%%mzn-stat: explanations=" << st.explanations << '\n'
            << "%%%mzn-stat: fallbackExplanations=" << st.fallback_explanations << '\n'
            << "%%%mzn-stat: boundExplanations=" << st.bound_explanations << '\n';
        if (st.nogoods_offered != 0 || st.nogoods_imported != 0) {
            out << "%%%mzn-stat: sharedNogoods=" << st.nogoods_offered << '\n'
                << "%%%mzn-stat: importedNogoods=" << st.nogoods_imported << '\n';
        }
        if (st.learned != 0) {
            out << "%%%mzn-stat: meanNogoodSize=" << st.mean_nogood_size() << '\n'
                << "%%%mzn-stat: meanNogoodLbd=" << st.mean_nogood_lbd() << '\n';
        }
    }
    if (m.goal != SolveItem::Goal::satisfy && run.found > 0) out << "%%%mzn-stat: objective=" << run.objective << '\n';
    out << "%%%mzn-stat-end\n";
}

// The search on o.threads threads (parallel/parallel_search.hpp): every worker
// builds the model from the syntax tree into its own solver. Solutions are printed
// as the workers report them, one at a time; optimisation reports only strict
// improvements, so the output still improves monotonically.
SolveRun parallel_solution_loop(const Options& o, const BuiltModel& m, ParallelSearch& search, std::ostream& out) {
    const std::int64_t limit = solution_limit(o, m);
    SolveRun run;
    if (m.goal == SolveItem::Goal::minimize) search.minimize(m.objective);
    if (m.goal == SolveItem::Goal::maximize) search.maximize(m.objective);
    run.status = search.solve([&](const Solver& solver) {
        report_solution(o, m, solver, run, out);
        return run.found < limit;
    });
    return run;
}

// Prints the end of the output (the last solution kept, the status line, the
// statistics); returns the exit code.
int finish_output(const Options& o, const BuiltModel& m, const SolveRun& run, const std::string& error,
                  const SearchStatistics& statistics, double init_time, std::ostream& out, std::ostream& err) {
    if (run.status == SearchStatus::error) {
        err << o.file << ": error: " << error << '\n';
        return 2;
    }
    out << run.unprinted;
    if (run.status == SearchStatus::exhausted) {
        out << (run.found == 0 ? "=====UNSATISFIABLE=====\n" : "==========\n");
    } else if (run.status == SearchStatus::limit && run.found == 0) {
        out << "=====UNKNOWN=====\n";
    }
    if (o.statistics) print_statistics(m, statistics, run, init_time, out);
    out << std::flush;
    return 0;
}

// With learning, -p N runs a portfolio when each solution reported is new (one
// solution, or optimisation): worker 0 searches as asked, and worker k >= 1 by
// activity (-f) with seed SEED + k. Why: a learning search's nogoods are worth more
// over the whole problem than over many fresh cubes (EPS hands each cube a new
// solver), and its run time varies widely with the order; the model's search and
// activity side by side is also what Chuffed's -f alternates in time.
std::vector<SearchOptions> portfolio_options(const Options& o, const BuiltModel& m, const SearchOptions& so) {
    if (!so.learn || (m.goal == SolveItem::Goal::satisfy && solution_limit(o, m) != 1)) return {};
    std::vector<SearchOptions> portfolio{so};
    for (int k = 1; k < o.threads; ++k) {
        Options free = o;
        free.free_search = true;
        free.seed = o.seed + static_cast<std::uint64_t>(k);
        portfolio.push_back(search_options(free, m));
    }
    return portfolio;
}

int solve_in_parallel(const Options& o, const ParseResult& parsed, const BuiltModel& m, const SearchOptions& so, double init_time,
                      std::ostream& out, std::ostream& err) {
    ModelBuilder builder = [&] {
        BuiltModel copy;
        std::ostringstream warnings;  // given once already, by the first build
        (void)build(parsed.model, o.file, copy, warnings, build_settings(o));
        return std::move(copy.solver);
    };
    ParallelSettings settings{o.threads};
    settings.portfolio = portfolio_options(o, m, so);
    if (o.share_nogoods >= 0) settings.share_nogoods = static_cast<std::size_t>(o.share_nogoods);
    ParallelSearch search(std::move(builder), so, settings);
    const support::SignalStop signals;
    const SolveRun run = parallel_solution_loop(o, m, search, out);
    if (o.verbose && !settings.portfolio.empty()) {
        err << "% prune: a portfolio of " << o.threads << " searches (learning)\n";
    } else if (o.verbose) {
        const CubeStatistics& c = search.cube_statistics();
        err << "% prune: " << o.threads << " threads, " << c.cubes << " cubes (split in " << c.split_seconds
            << " s), imbalance " << c.imbalance() << '\n';
    }
    return finish_output(o, m, run, search.error(), search.statistics(), init_time, out, err);
}

}  // namespace

int solve(const Options& o, std::ostream& out, std::ostream& err, RunTracer* tracer) {
    const auto start = std::chrono::steady_clock::now();
    BuiltModel m;
    ParseResult parsed;
    if (!load_model(o, parsed, m, err)) return 2;
    Solver& solver = *m.solver;
    const SearchOptions so = search_options(o, m);

    const double init_time = seconds_since(start);
    if (o.verbose) {
        err << "% prune: " << solver.variable_count() << " variables (" << m.int_variables << " int, " << m.bool_variables
            << " bool declared), " << m.constraints << " constraints, " << solver.propagator_count() << " propagators, "
            << "built in " << init_time << " s\n";
        if (m.distinct_sums > 0) err << "% prune: " << m.distinct_sums << " all_different + int_lin_eq pairs posted as distinct_sum\n";
        if (m.elements_by_base > 0) err << "% prune: " << m.elements_by_base << " array_var_int_element indexed through y = x + k posted on x\n";
        if (m.half_reified > 0) err << "% prune: " << m.half_reified << " reified constraints posted half-reified (their Boolean only in clauses)\n";
    }

    // --learn where learning cannot run (a domain kept as bounds only, say): said
    // before searching, here at the root, also for the threads' searches.
    if (so.learn) {
        const std::string why = Search::why_no_learning(solver);
        if (!why.empty()) err << o.file << ": warning: --learn: " << why << "; the search runs without learning\n";
    }
    if (o.threads > 1 && tracer == nullptr) return solve_in_parallel(o, parsed, m, so, init_time, out, err);

    if (tracer != nullptr) {
        std::string error;
        if (!tracer->begin(solver, o.file, error)) {
            err << o.file << ": error: " << error << '\n';
            return 2;
        }
        solver.set_tracer(tracer);
    }

    Search search(solver, so);
    if (m.goal == SolveItem::Goal::minimize) search.minimize(m.objective);
    if (m.goal == SolveItem::Goal::maximize) search.maximize(m.objective);

    const support::SignalStop signals;
    const SolveRun run = solution_loop(o, m, search, out);

    if (tracer != nullptr) {
        tracer->finish(solver, search.statistics());
        solver.set_tracer(nullptr);
    }
    return finish_output(o, m, run, solver.error(), search.statistics(), init_time, out, err);
}

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err, RunTracer* tracer) {
    Options o;
    std::string error;
    if (!parse_options(argc, argv, o, error)) {
        err << "fzn-prune: " << error << '\n' << usage();
        return 2;
    }
    if (o.help) {
        out << usage();
        return 0;
    }
    if (o.version) {
        out << "fzn-prune (prune FlatZinc front end) 0.1.0\n";
        return 0;
    }
    return solve(o, out, err, tracer);
}

}  // namespace prune::flatzinc
