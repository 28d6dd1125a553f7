// prune solve: runs the search and reports in plain text, JSON and/or HTML.
#include <fstream>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/signal_stop.hpp"
#include "cli/trace/trace_session.hpp"
#include "puzzles/check_report.hpp"
#include "puzzles/common/html_page.hpp"

namespace prune::cli {
namespace {

using puzzles::SolveMode;
using puzzles::SolveOutcome;
using puzzles::Values;

std::string plural(std::uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

int exit_code_of(const CommandLine& command, const SolveOutcome& outcome) {
    if (!outcome.error.empty()) return exit_usage;
    const SolveMode mode = command.solve.mode;
    if (mode == SolveMode::count || mode == SolveMode::all) {
        const bool stopped_at_n = mode == SolveMode::all && command.solve.max_solutions != 0 && outcome.solutions >= command.solve.max_solutions;
        if (outcome.limit_reached && !stopped_at_n) return exit_limit;
        return outcome.solutions > 0 ? exit_solved : exit_no_solution;
    }
    if (outcome.solutions > 0) return exit_solved;
    return outcome.limit_reached ? exit_limit : exit_no_solution;
}

// The closing line of the plain output.
std::string plain_verdict(const CommandLine& command, const SolveOutcome& outcome) {
    const SolveMode mode = command.solve.mode;
    if (mode == SolveMode::count) {
        if (outcome.limit_reached) return "At least " + plural(outcome.solutions, "solution") + " (a limit stopped the count).";
        return plural(outcome.solutions, "solution") + ".";
    }
    if (outcome.solutions == 0) {
        return outcome.limit_reached ? "No solution found: a limit stopped the search first." : "No solution: the puzzle has none.";
    }
    if (mode == SolveMode::all) {
        if (command.solve.max_solutions != 0 && outcome.solutions >= command.solve.max_solutions) {
            return "Stopped after " + plural(outcome.solutions, "solution") + " (-n " + std::to_string(command.solve.max_solutions) + ").";
        }
        if (outcome.limit_reached) return plural(outcome.solutions, "solution") + " found before a limit stopped the search.";
        return plural(outcome.solutions, "solution") + ", all found.";
    }
    if (mode == SolveMode::first_and_unique) {
        if (!outcome.unique_checked) return "Uniqueness unknown: a limit stopped the search for a second solution.";
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
    err << "branching:    --var " << variable_selection_name(search.variable) << "\n"
        << "variables:    " << outcome.variables << "\n"
        << "propagators:  " << outcome.propagators << "\n"
        << "nodes:        " << s.nodes << "\n"
        << "failures:     " << s.failures << "\n"
        << "propagations: " << s.propagations << "\n"
        << "solutions:    " << s.solutions << "\n"
        << "restarts:     " << s.restarts << "\n"
        << "max depth:    " << s.max_depth << "\n"
        << "search time:  " << s.seconds << " s\n";
}

void write_json_stats(puzzles::JsonWriter& json, const SolveOutcome& outcome) {
    const SearchStatistics& s = outcome.statistics;
    json.begin_object();
    json.key("variables");
    json.value(outcome.variables);
    json.key("propagators");
    json.value(outcome.propagators);
    json.key("nodes");
    json.value(s.nodes);
    json.key("failures");
    json.value(s.failures);
    json.key("propagations");
    json.value(s.propagations);
    json.key("solutions");
    json.value(s.solutions);
    json.key("restarts");
    json.value(s.restarts);
    json.key("max_depth");
    json.value(s.max_depth);
    json.key("seconds");
    json.value(s.seconds);
    json.end_object();
}

}  // namespace

int run_solve(const CommandLine& command, std::ostream& out, std::ostream& err) {
    if (command.batch) return run_batch(command, out, err);
    std::string origin;
    const auto puzzle = load_puzzle(command, command.files.empty() ? "" : command.files[0], origin, err);
    if (!puzzle) return exit_usage;

    const bool numbered = command.solve.mode == SolveMode::all;
    std::vector<Values> kept;          // for --json
    std::optional<Values> first;       // for --html
    std::optional<puzzles::CheckReport> first_report;
    std::uint64_t index = 0;
    bool all_checked = true;

    trace::TraceSession trace_session(command.trace, err);
    std::string trace_error;
    if (!trace_session.open(trace_error)) {
        err << trace_error << "\n";
        return exit_usage;
    }
    const auto report_solution = [&](const Values& values) {
        ++index;
        puzzles::CheckReport report = puzzles::check_solution(*puzzle, values);
        all_checked = all_checked && report.ok();
        if (command.json) {
            kept.push_back(values);
        } else {
            if (numbered) out << (index > 1 ? "\n" : "") << "Solution " << index << ":\n";
            out << puzzle->render_plain(values) << report.to_text();
            out.flush();
        }
        if (!first) {
            first = values;
            first_report = std::move(report);
        }
    };
    RunTracer* tracer = trace_session.tracer();
    // Ctrl-C or SIGTERM stops the search like a limit: what was found is still printed.
    const SignalStop signals;
    puzzles::SolveSettings settings = command.solve;
    settings.search.stop = signals.flag();
    settings.tracer = tracer;
    settings.trace_source = command.kind + " " + origin;
    const SolveOutcome outcome = puzzles::solve_puzzle(*puzzle, settings, report_solution);
    if (!outcome.trace_error.empty()) {
        err << "prune: error: " << outcome.trace_error << "\n";
        return exit_usage;
    }

    if (!outcome.error.empty()) {
        err << "prune: error: invalid model: " << outcome.error << "\n";
        return exit_usage;
    }
    if (!all_checked) err << "prune: internal error: a solution found by the engine breaks a rule (see the check lines)\n";

    if (command.json) {
        puzzles::JsonWriter json;
        json.begin_object();
        json.key("kind");
        json.value(command.kind);
        json.key("file");
        json.value(origin);
        json.key("status");
        json.value(outcome.solutions > 0 ? "sat" : outcome.exhausted ? "unsat" : "unknown");
        json.key("solutions");
        json.begin_array();
        for (const Values& values : kept) puzzle->write_json_solution(json, values);
        json.end_array();
        if (command.solve.mode == SolveMode::count || command.solve.mode == SolveMode::all) {
            json.key("count");
            json.value(outcome.solutions);
            for (const puzzles::CountFigure& figure : outcome.figures) {
                json.key(figure.key);
                json.value(figure.value);
            }
        }
        if (outcome.unique_checked) {
            json.key("unique");
            json.value(outcome.unique);
        }
        json.key("limit_reached");
        json.value(outcome.limit_reached);
        json.key("stats");
        write_json_stats(json, outcome);
        json.end_object();
        out << json.text() << "\n";
    } else {
        const std::string verdict = plain_verdict(command, outcome);
        if (!verdict.empty()) out << verdict << "\n";
        for (const puzzles::CountFigure& figure : outcome.figures) out << figure.label << ": " << figure.value << "\n";
    }

    if (!command.html_file.empty()) {
        const std::string subtitle = origin + " - " + plain_verdict(command, outcome);
        const std::string title = "prune: " + puzzle->summary();
        const std::string page = first ? puzzles::html_page(title, subtitle, puzzle->render_html_figure(*first), &*first_report)
                                       : puzzles::html_page(title, subtitle, "<p>No solution to show.</p>", nullptr);
        std::ofstream file(command.html_file, std::ios::binary);
        file << page;
        if (!file) {
            err << command.html_file << ": error: cannot write the HTML page\n";
            return exit_usage;
        }
    }
    if (const int signal = signals.raised(); signal != 0 && outcome.limit_reached) {
        err << "prune: stopped by " << SignalStop::name(signal) << "\n";
        write_stats(err, outcome, command.solve.search);
        return exit_limit;
    }
    if (command.stats) write_stats(err, outcome, command.solve.search);
    return exit_code_of(command, outcome);
}

}  // namespace prune::cli
