#include "xcsp3.hpp"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include "builder.hpp"
#include "checker.hpp"
#include "engine/search.hpp"
#include "instance.hpp"
#include "support/inline_value.hpp"
#include "support/signal_stop.hpp"

namespace prune::xcsp3 {

const char* usage() {
    return "usage: prune xcsp3 FILE.xml [options]\n"
           "  Solves an XCSP3-core instance (CSP or COP); output as in the XCSP3 competitions:\n"
           "  s/o/v/d/c lines (docs/xcsp3.md).\n"
           "  --all              every solution (optimisation: every improving solution)\n"
           "  --solutions N      with --all: stop after N solutions\n"
           "  --count            the number of solutions (d COUNT; an objective is ignored)\n"
           "  --check SOLUTION   check a solution (a file with the <instantiation>, `v` lines or\n"
           "                     plain XML) against every constraint; exit 0 when it holds, 1 if not\n"
           "  --time-limit S     stop after S seconds (a decimal number)\n"
           "  --node-limit N     stop after N search nodes\n"
           "  --fail-limit N     stop after N failures\n"
           "  --memory-limit MB  stop when the process holds more than MB MiB\n"
           "  --seed N           random seed\n"
           "  --no-restarts      search without restarts (default: Luby restarts with nogoods)\n"
           "  --learn [on|off]   learn nogoods from conflicts (lazy clause generation; default\n"
           "                     off); the search then chooses by activity, not dom/wdeg\n"
           "Exit codes: 0 solved, 1 no solution (or the checked solution is wrong), 2 input or\n"
           "usage error (including `... not supported`), 3 a limit stopped the search first,\n"
           "4 a solution failed the checker (a bug in prune).\n";
}

namespace {

bool unsigned_value(const std::string& text, std::uint64_t& v) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos) return false;
    v = std::strtoull(text.c_str(), nullptr, 10);
    return true;
}

}  // namespace

bool parse_options(int argc, const char* const* argv, Options& o, std::string& error) {
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        const std::optional<std::string> given = support::take_inline_value(a);
        const bool has_value = given.has_value();
        std::string value = given.value_or("");
        auto take = [&]() {
            if (has_value) return true;
            if (i + 1 >= argc) {
                error = "option " + a + " needs a value";
                return false;
            }
            value = argv[++i];
            return true;
        };
        auto number = [&](std::uint64_t& target, bool positive) {
            if (!take()) return false;
            if (!unsigned_value(value, target) || (positive && target == 0)) {
                error = "option " + a + " needs a " + (positive ? "positive " : "") + "whole number, got '" + value + "'";
                return false;
            }
            return true;
        };
        const bool flag = a == "--all" || a == "-a" || a == "--count" || a == "--no-restarts" || a == "-h" || a == "--help";
        if (flag && has_value) {
            error = "option " + a + " takes no value";
            return false;
        }
        if (a == "--learn") {
            // --learn alone, or followed by on / off (--learn=on, --learn=off too).
            bool took_next = false;
            const std::string word = support::optional_value(given, i + 1 < argc ? argv[i + 1] : nullptr, {"on", "off"}, "on", took_next);
            if (took_next) ++i;
            if (word != "on" && word != "off") {
                error = "option --learn takes on or off, got '" + word + "'";
                return false;
            }
            o.learn = word == "on";
#if defined(PRUNE_NO_LEARNING)
            if (o.learn) {
                error = std::string("option --learn: ") + Search::learning_compiled_out;
                return false;
            }
#endif
        } else if (a == "--all" || a == "-a") o.all = true;
        else if (a == "--count") o.count = true;
        else if (a == "--no-restarts") o.no_restarts = true;
        else if (a == "-h" || a == "--help") o.help = true;
        else if (a == "--solutions") { if (!number(o.max_solutions, true)) return false; }
        else if (a == "--node-limit") { if (!number(o.node_limit, true)) return false; }
        else if (a == "--fail-limit") { if (!number(o.fail_limit, true)) return false; }
        else if (a == "--memory-limit") { if (!number(o.memory_limit, true)) return false; }
        else if (a == "--seed") { if (!number(o.seed, false)) return false; }
        else if (a == "--time-limit") {
            if (!take()) return false;
            char* end = nullptr;
            o.time_limit = std::strtod(value.c_str(), &end);
            if (value.empty() || *end != '\0' || !(o.time_limit > 0) || o.time_limit > 1e9) {
                error = "option --time-limit needs a positive number of seconds, got '" + value + "'";
                return false;
            }
        } else if (a == "--check") {
            if (!take()) return false;
            o.check = value;
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
    if (o.all && o.count) {
        error = "--all and --count do not go together";
        return false;
    }
    if (o.max_solutions != 0 && !o.all) {
        error = "--solutions goes with --all";
        return false;
    }
    if (!o.check.empty() && (o.all || o.count)) {
        error = "--check does not search: it goes without --all and --count";
        return false;
    }
    if (o.file.empty() && !o.help) {
        error = "no XCSP3 file given";
        return false;
    }
    return true;
}

namespace {

bool read_file(const std::string& path, std::string& text, std::ostream& err) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        err << path << ": error: cannot open the file\n";
        return false;
    }
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return true;
}

void print_error(const std::string& file, const InputError& e, std::ostream& err) {
    err << file << ':' << e.at.line << ':' << e.at.column << ": error: " << e.what() << '\n';
}

// The solution as the competition prints it: `v` lines holding an <instantiation>
// over the arrays (x[] for all the defined cells of x) and single variables, in the
// order they were declared.
std::string instantiation_text(const Instance& in, const Assignment& a, const std::int64_t* cost) {
    std::ostringstream list, values;
    for (const std::string& id : in.declaration_order) {
        if (const auto arr = in.array_index.find(id); arr != in.array_index.end()) {
            const Array& array = in.arrays[static_cast<std::size_t>(arr->second)];
            list << ' ' << id;
            for (std::size_t d = 0; d < array.sizes.size(); ++d) list << "[]";
            for (const int v : array.cells) {
                if (v >= 0) values << ' ' << a.values[static_cast<std::size_t>(v)];
            }
        } else {
            list << ' ' << id;
            values << ' ' << a.values[static_cast<std::size_t>(in.variable_index.at(id))];
        }
    }
    std::ostringstream out;
    out << "v <instantiation type=\"solution\"";
    if (cost != nullptr) out << " cost=\"" << *cost << '"';
    out << ">\n"
        << "v   <list>" << list.str() << " </list>\n"
        << "v   <values>" << values.str() << " </values>\n"
        << "v </instantiation>\n";
    return out.str();
}

Assignment current_assignment(const Instance& in, const Model& m) {
    Assignment a;
    for (std::size_t v = 0; v < in.variables.size(); ++v) {
        a.values.push_back(m.solver->value(m.variables[v]));
        a.given.push_back(true);
    }
    return a;
}

int run_check(const Options& o, const Instance& instance, std::ostream& out, std::ostream& err) {
    std::string text;
    if (!read_file(o.check, text, err)) return 2;
    Assignment a;
    try {
        a = read_instantiation(text, instance);
    } catch (const InputError& e) {
        print_error(o.check, e, err);
        return 2;
    }
    const CheckResult r = check_assignment(instance, a);
    if (!r.ok) {
        out << "c the solution does not hold\n";
        err << r.message << '\n';
        return 1;
    }
    out << "c the solution holds: " << instance.constraints.size() << " constraints checked\n";
    if (r.objective) out << "d OBJECTIVE " << *r.objective << '\n';
    return 0;
}

SearchOptions search_options(const Options& o, const Instance& in, const Model& m) {
    SearchOptions so;
    so.variable = VariableSelection::dom_wdeg;
    so.value = ValueSelection::min;
    if (!o.no_restarts) so.restarts = RestartPolicy{RestartKind::luby, 100, 1.5};
    // The decision annotation's variables first, then every variable that occurs in
    // a constraint or the objective; free variables (in none) are left to the end,
    // where the search gives them their smallest value.
    const std::vector<bool> used = used_variables(in);
    for (const int v : in.decision) so.decision_variables.push_back(m.variables[static_cast<std::size_t>(v)]);
    std::vector<IntVar> used_vars;
    for (std::size_t v = 0; v < used.size(); ++v) {
        if (used[v]) used_vars.push_back(m.variables[v]);
    }
    so.decision_variables.insert(so.decision_variables.end(), used_vars.begin(), used_vars.end());
    if (o.count || (o.all && !m.has_objective)) {
        // Distinct solutions are distinct assignments of the variables the constraints
        // use; auxiliary and free variables get one witness each.
        so.project = true;
        so.projection = used_vars;
    }
    // Learning: the activity of the variables in conflicts chooses, over every
    // variable (XCSP3 has no search order to follow), with phase saving.
    so.learn = o.learn;
    so.learning_frees_search = true;
    so.seed = o.seed;
    so.stop = support::SignalStop::flag();
    so.limits.seconds = o.time_limit;
    so.limits.nodes = o.node_limit;
    so.limits.failures = o.fail_limit;
    so.limits.memory_mb = o.memory_limit;
    return so;
}

void print_statistics(const Model& m, const SearchStatistics& st, double total_seconds, std::ostream& out) {
    out << "d VARIABLES " << m.solver->variable_count() << '\n'
        << "d PROPAGATORS " << m.solver->propagator_count() << '\n'
        << "d NODES " << st.nodes << '\n'
        << "d FAILURES " << st.failures << '\n'
        << "d RESTARTS " << st.restarts << '\n'
        << "d PROPAGATIONS " << st.propagations << '\n';
    if (st.learned != 0 || st.explanations != 0) {  // --learn
        out << "d LEARNED NOGOODS " << st.learned << '\n'
            << "d EXPLANATIONS " << st.explanations << '\n'
            << "d FALLBACK EXPLANATIONS " << st.fallback_explanations << '\n';
    }
    out << "d SEARCH TIME " << st.seconds << '\n'
        << "d WALL TIME " << total_seconds << '\n';
}

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

int solve(const Options& o, std::ostream& out, std::ostream& err, RunTracer* tracer) {
    const auto start = std::chrono::steady_clock::now();
    std::string text;
    if (!read_file(o.file, text, err)) return 2;
    Instance instance;
    Model m;
    try {
        instance = read_instance(text, o.file);
        if (!o.check.empty()) return run_check(o, instance, out, err);
        m = build_model(instance);
    } catch (const InputError& e) {
        print_error(o.file, e, err);
        return 2;
    }
    Solver& solver = *m.solver;
    if (m.unsatisfiable) {
        out << "c the model fails while it is posted\ns UNSATISFIABLE\n";
        if (o.count) out << "d COUNT 0\n";
        out << "d WALL TIME " << seconds_since(start) << '\n';
        return 1;
    }
    if (tracer != nullptr) {
        std::string error;
        if (!tracer->begin(solver, o.file, error)) {
            err << o.file << ": error: " << error << '\n';
            return 2;
        }
        solver.set_tracer(tracer);
    }
    Search search(solver, search_options(o, instance, m));
    if (o.learn && !search.learning_active()) out << "c learning is not available: " << search.learning_unavailable() << '\n';
    const bool optimising = m.has_objective && !o.count;
    if (optimising) {
        if (m.minimize) search.minimize(m.objective);
        else search.maximize(m.objective);
    }
    const support::SignalStop signals;
    SearchStatus status = SearchStatus::exhausted;
    std::uint64_t found = 0;
    std::string last;
    std::int64_t best_cost = 0;
    bool checks_hold = true;
    std::string check_failure;
    if (o.count) {
        status = search.count(found);
    } else {
        const std::uint64_t wanted = o.all ? (o.max_solutions != 0 ? o.max_solutions : UINT64_MAX) : optimising ? UINT64_MAX : 1;
        while (found < wanted) {
            status = search.next();
            if (status != SearchStatus::solution) break;
            ++found;
            const Assignment a = current_assignment(instance, m);
            const CheckResult r = check_assignment(instance, a);
            std::int64_t cost = 0;
            if (optimising) cost = r.objective.value_or(solver.value(m.objective));
            if (!r.ok || (optimising && r.objective && *r.objective != solver.value(m.objective))) {
                checks_hold = false;
                check_failure = r.ok ? "the objective's value differs from the model's" : r.message;
                break;
            }
            if (optimising) out << "o " << cost << '\n' << std::flush;
            best_cost = cost;
            last = instantiation_text(instance, a, optimising ? &cost : nullptr);
            if (o.all) out << last << std::flush;
        }
    }
    if (tracer != nullptr) {
        tracer->finish(solver, search.statistics());
        solver.set_tracer(nullptr);
    }
    if (status == SearchStatus::error) {
        err << o.file << ": error: " << solver.error() << '\n';
        return 2;
    }
    if (!checks_hold) {
        err << o.file << ": error: internal: a solution of the engine fails the checker: " << check_failure << '\n';
        out << "s UNKNOWN\n";
        return 4;
    }
    const bool limited = status == SearchStatus::limit;
    const bool stopped_at_n = o.all && o.max_solutions != 0 && found >= o.max_solutions;
    if (status == SearchStatus::limit) {
        out << "c stopped by " << (signals.raised() != 0 ? support::SignalStop::name(signals.raised()) : search.memory_limit_hit() ? "the memory limit" : "a limit") << '\n';
    }
    int code = 0;
    if (found == 0) {
        out << (status == SearchStatus::exhausted ? "s UNSATISFIABLE\n" : "s UNKNOWN\n");
        code = status == SearchStatus::exhausted ? 1 : 3;
    } else if (optimising && status == SearchStatus::exhausted) {
        out << "s OPTIMUM FOUND\n";
    } else {
        out << "s SATISFIABLE\n";
        if ((optimising || o.count || o.all) && limited && !stopped_at_n) code = 3;
    }
    if (!o.all && !last.empty()) out << last;
    if (o.count) out << "d COUNT " << found << (status == SearchStatus::exhausted ? "" : " (incomplete: the search stopped first)") << '\n';
    if (o.all) out << "d SOLUTIONS " << found << '\n';
    if (optimising && found > 0) out << "d OBJECTIVE " << best_cost << '\n';
    print_statistics(m, search.statistics(), seconds_since(start), out);
    out << std::flush;
    return code;
}

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err, RunTracer* tracer) {
    Options o;
    std::string error;
    if (!parse_options(argc, argv, o, error)) {
        err << "prune xcsp3: error: " << error << '\n' << usage();
        return 2;
    }
    if (o.help) {
        out << usage();
        return 0;
    }
    return solve(o, out, err, tracer);
}

}  // namespace prune::xcsp3
