// prune solve: runs the search and reports in plain text, JSON and/or HTML.
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/json_field.hpp"
#include "cli/progress_line.hpp"
#include "cli/solve_exit_code.hpp"
#include "support/output_file.hpp"
#include "support/signal_stop.hpp"
#include "trace/trace_session.hpp"
#include "puzzles/check_report.hpp"
#include "cli/html_page.hpp"

namespace prune::cli {
namespace {

using puzzles::SolveMode;
using puzzles::SolveOutcome;
using puzzles::Values;

std::string plural(std::uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// " (time limit 2 s reached)": which limit stopped the search, for the verdict.
std::string limit_note(const SolveOutcome& outcome) {
    const std::string limit = puzzles::describe_limit(outcome.limit);
    return limit.empty() ? "" : " (" + limit + ")";
}

// The closing line of the plain output.
std::string plain_verdict(const CommandLine& command, const SolveOutcome& outcome) {
    const SolveMode mode = command.solve.mode;
    if (mode == SolveMode::count) {
        if (outcome.limit_reached) return "At least " + plural(outcome.solutions, "solution") + ": a limit stopped the count" + limit_note(outcome) + ".";
        return plural(outcome.solutions, "solution") + ".";
    }
    if (outcome.solutions == 0) {
        return outcome.limit_reached ? "No solution found: a limit stopped the search first" + limit_note(outcome) + "." : "No solution: the puzzle has none.";
    }
    if (mode == SolveMode::all) {
        if (command.solve.max_solutions != 0 && outcome.solutions >= command.solve.max_solutions) {
            return "Stopped after " + plural(outcome.solutions, "solution") + " (-n " + std::to_string(command.solve.max_solutions) + ").";
        }
        if (outcome.limit_reached) return plural(outcome.solutions, "solution") + " found before a limit stopped the search" + limit_note(outcome) + ".";
        return plural(outcome.solutions, "solution") + ", all found.";
    }
    if (mode == SolveMode::first_and_unique) {
        if (!outcome.unique_checked) return "Uniqueness unknown: a limit stopped the search for a second solution" + limit_note(outcome) + ".";
        return outcome.unique ? "The solution is unique." : "The solution is not unique: there is another one.";
    }
    return "";
}

const char* variable_selection_name(VariableSelection v) {
    switch (v) {
        case VariableSelection::input_order: return "input";
        case VariableSelection::smallest_domain: return "first-fail";
        case VariableSelection::dom_wdeg: return "domwdeg";
        case VariableSelection::smallest_value: return "smallest";
        case VariableSelection::largest_value: return "largest";
        case VariableSelection::largest_domain: return "anti-first-fail";
    }
    return "?";
}

void write_stats(std::ostream& err, const SolveOutcome& outcome, const SearchOptions& search) {
    const SearchStatistics& s = outcome.statistics;
    // "engine solutions": what the search found; a kind's count (quarto, ostomachion)
    // may multiply them by a symmetry factor, so they can differ from the count.
    err << "branching:        --var " << variable_selection_name(search.variable) << "\n"
        << "variables:        " << outcome.variables << "\n"
        << "propagators:      " << outcome.propagators << "\n"
        << "nodes:            " << s.nodes << "\n"
        << "failures:         " << s.failures << "\n"
        << "propagations:     " << s.propagations << "\n"
        << "engine solutions: " << s.solutions << "\n"
        << "restarts:         " << s.restarts << "\n";
    if (s.nogoods_dropped != 0) err << "nogoods dropped:  " << s.nogoods_dropped << "\n";
    if (s.bulk_nodes != 0) err << "counted in bulk:  " << s.bulk_solutions << " solutions at " << s.bulk_nodes << " nodes\n";
    err << "max depth:        " << s.max_depth << "\n"
        << "search time:      " << s.seconds << " s\n";
    if (outcome.probing.passes != 0) {
        err << "probes:           " << outcome.probing.probes << " (" << outcome.probing.removed << " values removed, " << outcome.probing.passes
            << " passes, " << outcome.probing.seconds << " s)\n";
    }
    if (outcome.threads > 1) {
        const CubeStatistics& c = outcome.cubes;
        err << "threads:          " << outcome.threads << "\n";
        // A kind's own count runs several parallel searches: no one decomposition.
        if (c.cubes != 0) {
            err << "cubes:            " << c.cubes << " (" << c.solved << " searched to the end, split in " << c.split_seconds << " s)\n"
                << "imbalance:        " << c.imbalance() << " (busiest worker's time / mean)\n";
        }
    }
    if (search.learn) {
        err << "learned nogoods:  " << s.learned << " (" << s.deleted << " deleted";
        if (s.learned != 0) err << "; mean size " << s.mean_nogood_size() << " facts, mean LBD " << s.mean_nogood_lbd();
        err << ")\n"
            << "implied nogoods:  " << s.implied << " (stated by the constraints, never deleted)\n"
            << "explanations:     " << s.explanations << " (" << s.fallback_explanations << " fallback, " << s.bound_explanations
            << " of a pushed bound as one fact)\n";
    }
}

void write_json_stats(support::JsonWriter& json, const SolveOutcome& outcome) {
    const SearchStatistics& s = outcome.statistics;
    json.begin_object();
    json_field(json, "variables", outcome.variables);
    json_field(json, "propagators", outcome.propagators);
    json_field(json, "nodes", s.nodes);
    json_field(json, "failures", s.failures);
    json_field(json, "propagations", s.propagations);
    json_field(json, "engine_solutions", s.solutions);  // found by the search, before any symmetry factor of a count
    json_field(json, "restarts", s.restarts);
    if (s.nogoods_dropped != 0) json_field(json, "nogoods_dropped", s.nogoods_dropped);  // the restart nogood store was full
    json_field(json, "max_depth", s.max_depth);
    json_field(json, "seconds", s.seconds);
    if (s.learned != 0 || s.explanations != 0) {  // --learn
        json_field(json, "learned_nogoods", s.learned);
        json_field(json, "deleted_nogoods", s.deleted);
        json_field(json, "implied_nogoods", s.implied);
        json_field(json, "explanations", s.explanations);
        json_field(json, "fallback_explanations", s.fallback_explanations);
        json_field(json, "bound_explanations", s.bound_explanations);
        if (s.learned != 0) {
            json_field(json, "mean_nogood_size", s.mean_nogood_size());
            json_field(json, "mean_nogood_lbd", s.mean_nogood_lbd());
        }
    }
    if (outcome.probing.passes != 0) {  // root probing (prune solve of a kind that asks for it)
        json_field(json, "probes", outcome.probing.probes);
        json_field(json, "probe_removed", outcome.probing.removed);
        json_field(json, "probe_seconds", outcome.probing.seconds);
    }
    if (outcome.threads > 1) {
        json_field(json, "threads", outcome.threads);
        json_field(json, "cubes", outcome.cubes.cubes);
        json_field(json, "imbalance", outcome.cubes.imbalance());
    }
    json.end_object();
}

void write_json_limit(support::JsonWriter& json, const puzzles::LimitStop& limit) {
    json.begin_object();
    json_field(json, "kind", puzzles::limit_kind_name(limit.kind));
    if (limit.kind != puzzles::LimitStop::Kind::interrupt) {
        json_field(json, "value", limit.value);
    }
    if (limit.kind == puzzles::LimitStop::Kind::memory) {
        json_field(json, "used_mb", limit.memory_used_mb);
        json_field(json, "before_search", limit.before_search);
    }
    json.end_object();
}

void write_json_outcome(std::ostream& out, const CommandLine& command, const std::string& origin, const puzzles::Puzzle& puzzle,
                        const std::vector<Values>& kept, const SolveOutcome& outcome) {
    support::JsonWriter json;
    json.begin_object();
    json_field(json, "kind", command.kind);
    json_field(json, "file", origin);
    json_field(json, "status", outcome.solutions > 0 ? "sat" : outcome.exhausted ? "unsat" : "unknown");
    json.key("solutions");
    json.begin_array();
    for (const Values& values : kept) puzzle.write_json_solution(json, values);
    json.end_array();
    if (command.solve.mode == SolveMode::count || command.solve.mode == SolveMode::all) {
        json_field(json, "count", outcome.solutions);
        for (const puzzles::CountFigure& figure : outcome.figures) {
            json.key(figure.key);
            json.value(figure.value);
        }
    }
    if (outcome.unique_checked) {
        json_field(json, "unique", outcome.unique);
    }
    json_field(json, "limit_reached", outcome.limit_reached);
    if (outcome.limit_reached) {
        json.key("limit");
        write_json_limit(json, outcome.limit);
    }
    json.key("stats");
    write_json_stats(json, outcome);
    json.end_object();
    out << json.text() << "\n";
}

// After the solutions: the verdict and a count's figures; --quiet: a count's number
// alone, and the limit that stopped the search (a diagnostic) on `err`.
void write_plain_closing(std::ostream& report, std::ostream& err, const CommandLine& command, const SolveOutcome& outcome) {
    if (command.quiet) {
        if (command.solve.mode == SolveMode::count) report << outcome.solutions << "\n";
        if (outcome.limit_reached && outcome.limit.kind != puzzles::LimitStop::Kind::interrupt) err << "prune: " << puzzles::describe_limit(outcome.limit) << "\n";
        return;
    }
    const std::string verdict = plain_verdict(command, outcome);
    if (!verdict.empty()) report << verdict << "\n";
    for (const puzzles::CountFigure& figure : outcome.figures) report << figure.label << ": " << figure.value << "\n";
}

// The progress line of a long --count or --all on a terminal: what the engine has
// found so far, its speed and the time since the start. A kind's count may run one
// search after another (quarto, ostomachion), each counting from 0 again: their
// figures are summed (to within the 1,024 nodes between two reports).
std::function<void(const SearchStatistics&)> progress_reporter(ProgressLine& line) {
    struct Totals {
        std::uint64_t earlier_nodes = 0;      // of the searches before this one
        std::uint64_t earlier_solutions = 0;
        SearchStatistics last;                // the last report of this one
    };
    return [&line, totals = Totals{}](const SearchStatistics& statistics) mutable {
        if (statistics.nodes < totals.last.nodes) {  // a new search began
            totals.earlier_nodes += totals.last.nodes;
            totals.earlier_solutions += totals.last.solutions;
        }
        totals.last = statistics;
        const auto now = ProgressLine::Clock::now();
        if (!line.due(now)) return;
        const double elapsed = line.elapsed(now);
        const std::uint64_t nodes = totals.earlier_nodes + statistics.nodes;
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.1f", elapsed);
        line.show("prune: " + plural(totals.earlier_solutions + statistics.solutions, "engine solution") + " so far, " +
                  rate_text(static_cast<double>(nodes) / elapsed) + " nodes/s, " + seconds + " s");
    };
}

// The HTML page of the first solution (--html), into the file opened before the search.
bool write_html_page(std::ofstream& file, const CommandLine& command, const std::string& origin, const puzzles::Puzzle& puzzle,
                     const std::optional<Values>& first, const std::optional<puzzles::CheckReport>& first_report, const SolveOutcome& outcome) {
    const std::string subtitle = origin + " - " + plain_verdict(command, outcome);
    const std::string title = "prune: " + puzzle.summary();
    file << (first ? html_page(title, subtitle, puzzle.render_html_figure(*first), &*first_report)
                   : html_page(title, subtitle, "<p>No solution to show.</p>", nullptr));
    file.flush();
    return static_cast<bool>(file);
}

// Reports each solution as the search finds it (plain text at once; --json keeps
// them for the closing object) and keeps the first for --html.
class SolutionReporter {
public:
    SolutionReporter(const CommandLine& command, const puzzles::Puzzle& puzzle, std::ostream& report, ProgressLine& progress)
        : command_(command), puzzle_(puzzle), report_(report), progress_(progress) {}

    void operator()(const Values& values) {
        ++index_;
        puzzles::CheckReport check = puzzles::check_solution(puzzle_, values);
        all_hold_ = all_hold_ && check.ok();
        if (command_.json) {
            kept_.push_back(values);
        } else {
            write_plain(values, check);
        }
        if (!first_) {
            first_ = values;
            first_report_ = std::move(check);
        }
    }

    bool all_hold() const { return all_hold_; }
    const std::vector<Values>& kept() const { return kept_; }
    const std::optional<Values>& first() const { return first_; }
    const std::optional<puzzles::CheckReport>& first_report() const { return first_report_; }

private:
    void write_plain(const Values& values, const puzzles::CheckReport& check) {
        progress_.clear();
        if (command_.quiet) {
            report_ << (index_ > 1 ? "\n" : "") << puzzle_.render_plain(values);
        } else {
            if (command_.solve.mode == SolveMode::all) report_ << (index_ > 1 ? "\n" : "") << "Solution " << index_ << ":\n";
            report_ << puzzle_.render_plain(values) << check.to_text();
        }
        report_.flush();
    }

    const CommandLine& command_;
    const puzzles::Puzzle& puzzle_;
    std::ostream& report_;
    ProgressLine& progress_;
    std::uint64_t index_ = 0;
    bool all_hold_ = true;
    std::vector<Values> kept_;                          // for --json
    std::optional<Values> first_;                       // for --html
    std::optional<puzzles::CheckReport> first_report_;
};

bool is_long_run(const CommandLine& command) { return command.solve.mode == SolveMode::count || command.solve.mode == SolveMode::all; }

// After the search: the closing output, the HTML page and the exit code.
int finish_solve(const CommandLine& command, const std::string& origin, const puzzles::Puzzle& puzzle, const SolutionReporter& solutions,
                 const SolveOutcome& outcome, std::ostream& report, std::ostream& err, std::ofstream& html_file, const support::SignalStop& signals) {
    if (!outcome.trace_error.empty()) {
        err << "prune: error: " << outcome.trace_error << "\n";
        return exit_usage;
    }
    if (!outcome.error.empty()) {
        err << "prune: error: invalid model: " << outcome.error << "\n";
        return exit_usage;
    }
    if (!outcome.learning_unavailable.empty()) {
        err << "prune: warning: --learn: " << outcome.learning_unavailable << "; the search ran without learning\n";
    }
    if (!solutions.all_hold()) err << "prune: internal error: a solution found by the engine breaks a rule (see the check lines)\n";

    if (command.json) write_json_outcome(report, command, origin, puzzle, solutions.kept(), outcome);
    else write_plain_closing(report, err, command, outcome);
    if (html_file.is_open() && !write_html_page(html_file, command, origin, puzzle, solutions.first(), solutions.first_report(), outcome)) {
        err << "prune: error: cannot write " << command.html_file << ": the write failed\n";
        return exit_usage;
    }
    if (const int signal = signals.raised(); signal != 0 && outcome.limit_reached) {
        err << "prune: stopped by " << support::SignalStop::name(signal) << "\n";
        write_stats(err, outcome, command.solve.search);
        return solutions.all_hold() ? exit_limit : exit_internal_error;
    }
    if (command.stats) write_stats(err, outcome, command.solve.search);
    return solve_exit_code(command.solve, outcome, solutions.all_hold());
}

}  // namespace

int run_solve(const CommandLine& command, std::ostream& out, std::ostream& err) {
    if (command.batch) return run_batch(command, out, err);
    if (!command.cubes.empty()) return run_solve_cubes(command, out, err);
    std::string origin;
    const auto puzzle = load_puzzle(command, command.files.empty() ? "" : command.files[0], origin, err);
    if (!puzzle) return exit_usage;

    // Every file is opened before the search: one that cannot be written fails now.
    std::ofstream html_file;
    trace::TraceSession trace_session(command.trace, err, &std::cout);
    std::string error;
    if ((!command.html_file.empty() && !support::open_output_file(command.html_file, html_file, error)) || !trace_session.open(error)) {
        err << error << "\n";
        return exit_usage;
    }
    // --trace -: the trace is standard output, so the report goes to standard error
    // (unless -o sent it to a file).
    std::ostream& report = command.trace.trace_file == "-" && &out == &std::cout ? err : out;
    const bool show_progress = is_long_run(command) && ProgressLine::stderr_is_terminal(err);
    ProgressLine progress(err, show_progress);
    SolutionReporter solutions(command, *puzzle, report, progress);

    // Ctrl-C or SIGTERM stops the search like a limit: what was found is still printed.
    const support::SignalStop signals;
    puzzles::SolveSettings settings = command.solve;
    settings.search.stop = signals.flag();
    settings.tracer = trace_session.tracer();
    settings.trace_source = command.kind + " " + origin;
    if (show_progress) settings.search.progress = progress_reporter(progress);
    const SolveOutcome outcome = puzzles::solve_puzzle(*puzzle, settings, [&](const Values& values) { solutions(values); });
    progress.clear();
    return finish_solve(command, origin, *puzzle, solutions, outcome, report, err, html_file, signals);
}

}  // namespace prune::cli
