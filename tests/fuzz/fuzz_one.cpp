#include "fuzz/fuzz_one.hpp"

#include <map>
#include <memory>
#include <sstream>

#include "trace/trace_view.hpp"
#include "engine/prune.hpp"
#include "flatzinc/builder.hpp"
#include "flatzinc/parser.hpp"
#include "puzzles/check_report.hpp"
#include "puzzles/registry.hpp"
#include "puzzles/smtlib_writer.hpp"
#include "puzzles/solution_reader.hpp"
#include "puzzles/solve.hpp"
#include "xcsp3/builder.hpp"
#include "xcsp3/checker.hpp"
#include "xcsp3/instance.hpp"

namespace prune::fuzz {
namespace {

// Each execution stays in the milliseconds: searches are cut after this many nodes.
constexpr std::uint64_t node_budget = 300;

// The kind's flags (options without a value), for inputs of odd length: half of the
// executions parse and build with them.
puzzles::KindFlags flags_for(const puzzles::PuzzleKind& kind, std::size_t size) {
    puzzles::KindFlags flags;
    if (size % 2 == 1) {
        for (const puzzles::KindOption& option : kind.options) {
            if (option.value_name.empty()) flags.insert(option.flag);
        }
    }
    return flags;
}

void exercise_solution(const puzzles::Puzzle& puzzle, const puzzles::Values& values) {
    const puzzles::CheckReport report = puzzles::check_solution(puzzle, values);
    (void)report.to_text();
    const std::string plain = puzzle.render_plain(values);
    support::Diagnostic error;
    const auto back = puzzle.read_plain_solution(support::SourceText{"plain", plain}, error);
    if (!back || *back != values) __builtin_trap();  // the kind cannot read its own output
    support::JsonWriter json;
    puzzle.write_json_solution(json, values);
    (void)puzzle.render_html_figure(values);
}

void fuzz_puzzle(const puzzles::PuzzleKind& kind, std::string_view text, std::size_t size) {
    const support::SourceText source{"fuzz.txt", std::string(text)};
    const puzzles::ParseResult parsed = kind.parse(source, flags_for(kind, size));
    if (!parsed.puzzle) {
        (void)parsed.error.to_string();
        return;
    }
    const puzzles::Puzzle& puzzle = *parsed.puzzle;
    (void)puzzle.summary();
    (void)puzzles::write_smtlib(puzzle, kind.name, "fuzz.txt");
    puzzles::SolveSettings settings;
    settings.mode = puzzles::SolveMode::first;
    settings.search.limits.nodes = node_budget;
    const puzzles::SolveOutcome outcome = puzzles::solve_puzzle(puzzle, settings, [&](const puzzles::Values& values) {
        const puzzles::CheckReport report = puzzles::check_solution(puzzle, values);
        if (!report.ok()) __builtin_trap();  // the engine model and the rules disagree
        exercise_solution(puzzle, values);
    });
    (void)outcome;
}

void fuzz_solution(std::string_view text) {
    const puzzles::Registry& registry = puzzles::Registry::global();
    const std::size_t newline = text.find('\n');
    const std::string_view first = text.substr(0, newline);
    const std::string_view rest = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    const puzzles::PuzzleKind* kind = registry.find(first);
    if (kind == nullptr) {
        std::size_t hash = 0;
        for (const char c : first) hash = hash * 31 + static_cast<unsigned char>(c);
        kind = &registry.kinds()[hash % registry.kinds().size()];
    }
    if (kind->builtin_text.empty()) return;
    // The built-in instances, parsed once.
    static std::map<std::string, std::unique_ptr<puzzles::Puzzle>> builtins;
    std::unique_ptr<puzzles::Puzzle>& puzzle = builtins[kind->name];
    if (!puzzle) {
        puzzle = kind->parse(support::SourceText{"builtin", kind->builtin_text}, {}).puzzle;
        if (!puzzle) __builtin_trap();  // a kind's own built-in instance must parse
    }
    support::Diagnostic error;
    const auto values = puzzles::read_solution(*puzzle, support::SourceText{"fuzz.sol", std::string(rest)}, error);
    if (!values) {
        (void)error.to_string();
        return;
    }
    if (static_cast<int>(values->size()) != puzzle->cell_count()) __builtin_trap();
    (void)puzzles::check_solution(*puzzle, *values).to_text();
}

void fuzz_flatzinc(std::string_view text) {
    flatzinc::ParseResult parsed = flatzinc::parse(text, "fuzz.fzn");
    if (!parsed.ok) return;
    flatzinc::BuiltModel built;
    std::ostringstream warnings;
    const flatzinc::BuildResult result = flatzinc::build(parsed.model, "fuzz.fzn", built, warnings);
    if (!result.ok) return;
    SearchOptions options;
    options.variable = VariableSelection::dom_wdeg;
    options.restarts = RestartPolicy{RestartKind::luby, 10, 1.5};
    options.limits.nodes = node_budget;
    for (const flatzinc::SearchGroup& group : built.search) {
        options.decision_variables.insert(options.decision_variables.end(), group.variables.begin(), group.variables.end());
    }
    Search search(*built.solver, options);
    if (built.goal == flatzinc::SolveItem::Goal::minimize) search.minimize(built.objective);
    if (built.goal == flatzinc::SolveItem::Goal::maximize) search.maximize(built.objective);
    for (int i = 0; i < 3; ++i) {
        if (search.next() != SearchStatus::solution) break;
    }
}

void fuzz_trace(std::string_view text) {
    trace::ViewBudget budget;
    budget.nodes = 20;
    budget.events = 100;
    std::string error;
    const auto trace = trace::read_trace("fuzz.jsonl", std::string(text), budget, error);
    if (!trace) return;
    (void)trace::trace_page(*trace, "fuzz <trace>");
}

// The XCSP3 reader (XML, then instance), the model builder, a short search whose
// solutions must pass the checker, and the instantiation reader on the same text.
void fuzz_xcsp3(std::string_view text) {
    xcsp3::Instance instance;
    try {
        instance = xcsp3::read_instance(text, "fuzz.xml");
    } catch (const xcsp3::InputError&) {
        return;
    }
    try {
        (void)xcsp3::read_instantiation(text, instance);
    } catch (const xcsp3::InputError&) {
    }
    xcsp3::Model model;
    try {
        model = xcsp3::build_model(instance);
    } catch (const xcsp3::InputError&) {
        return;
    }
    if (model.unsatisfiable) return;
    SearchOptions options;
    options.variable = VariableSelection::dom_wdeg;
    options.restarts = RestartPolicy{RestartKind::luby, 10, 1.5};
    options.limits.nodes = node_budget;
    Search search(*model.solver, options);
    if (model.has_objective) {
        if (model.minimize) search.minimize(model.objective);
        else search.maximize(model.objective);
    }
    for (int i = 0; i < 3; ++i) {
        if (search.next() != SearchStatus::solution) break;
        xcsp3::Assignment a;
        for (const IntVar x : model.variables) {
            a.values.push_back(model.solver->value(x));
            a.given.push_back(true);
        }
        if (!xcsp3::check_assignment(instance, a).ok) __builtin_trap();  // the model and the checker disagree
    }
}

}  // namespace

std::vector<std::string> fuzz_targets() {
    std::vector<std::string> names;
    for (const puzzles::PuzzleKind& kind : puzzles::Registry::global().kinds()) names.push_back(kind.name);
    names.push_back("flatzinc");
    names.push_back("solution");
    names.push_back("trace");
    names.push_back("xcsp3");
    return names;
}

bool fuzz_one(std::string_view target, const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (target == "flatzinc") {
        fuzz_flatzinc(text);
    } else if (target == "solution") {
        fuzz_solution(text);
    } else if (target == "trace") {
        fuzz_trace(text);
    } else if (target == "xcsp3") {
        fuzz_xcsp3(text);
    } else if (const puzzles::PuzzleKind* kind = puzzles::Registry::global().find(target)) {
        fuzz_puzzle(*kind, text, size);
    } else {
        return false;
    }
    return true;
}

}  // namespace prune::fuzz
