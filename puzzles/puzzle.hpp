// Puzzle: one parsed puzzle instance, and everything the command line does with it.
//
// Each kind (seki, kurosu, ...) implements this interface; the command line only
// ever talks to a Puzzle, so adding a kind touches no CLI code. Every instance has
// cells 0..n-1 in a fixed order (the order of the SMT-LIB variables V0..Vn-1 and of
// the JSON output); a solution is one value per cell. Each cell also has a name a
// person can follow (cell_names(): "r1c1" in a grid), used alike by the check lines,
// the engine model (so --explain, --profile and traces) and `prune KIND --help`.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/constraints.hpp"
#include "engine/search.hpp"
#include "engine/solver.hpp"
#include "puzzles/common/support_names.hpp"
#include "puzzles/rule.hpp"

namespace prune::puzzles {

// Choices that change how the engine model is built, not what it means.
struct ModelSettings {
    Consistency alldifferent = Consistency::domain;
    // Not a model choice but carried with them to a kind's own count
    // (Puzzle::count_solutions): the threads that search one problem
    // (parallel/parallel_search.hpp); 1: the sequential search.
    int threads = 1;
};

// What a kind's model builder hands back to the search.
struct PuzzleModel {
    // The variable of each cell, in cell order. Two cells that must be equal may share
    // one variable.
    std::vector<IntVar> cells;
    // The variables to branch on (every cell variable once); auxiliary variables are
    // fixed by propagation once these are.
    std::vector<IntVar> decisions;
    // Probe the decisions' values before searching (engine/probing.hpp: singleton arc
    // consistency at the root): for puzzles made for people, whose hardest levels
    // need "try a digit and see it break" beyond what the propagators see at once.
    // prune solve's sequential search only; a probe is not a search node.
    bool probe_root = false;
};

// A figure a kind adds to a count, e.g. ostomachion's count up to renaming the colours.
struct CountFigure {
    std::string key;    // the JSON member: "count_up_to_renaming"
    std::string label;  // the plain output line's start: "Up to renaming the colours"
    std::uint64_t value = 0;
};

// A clue as an assignment over a shared model: cell `cell` takes `value`.
struct CellClue {
    int cell = 0;
    int value = 0;
};

// The outcome of a kind's own count (see Puzzle::count_solutions).
struct KindCount {
    std::uint64_t count = 0;     // the solutions of the puzzle (all of them, not the canonical ones)
    bool limit_reached = false;  // a limit stopped the count: `count` is a lower bound
    std::vector<CountFigure> figures;
    SearchStatistics statistics;  // summed over the searches the count ran
    int variables = 0;            // of the (last) model searched
    int propagators = 0;
};

class Puzzle {
public:
    virtual ~Puzzle() = default;

    virtual int cell_count() const = 0;
    // The name of each cell, in cell order (see rule.hpp); the model's variables carry
    // them. By default the SMT-LIB names V0..; the kinds override it.
    virtual CellNames cell_names() const {
        CellNames names;
        for (int c = 0; c < cell_count(); ++c) names.push_back(cell_name(c));
        return names;
    }
    // A short description of the instance, e.g. "seki 4x4 (9 rotors)".
    virtual std::string summary() const = 0;

    // The rules, for the checker and the SMT-LIB writer (see rule.hpp). Every kind
    // includes a values_in_range rule covering every cell, so that the rules alone
    // pin the domains.
    virtual std::vector<Rule> rules() const = 0;

    // Posts the kind's constraint model. The solver must be fresh.
    virtual PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const = 0;

    // The solution in the puzzle's own text layout, one line per row, newline-terminated.
    virtual std::string render_plain(const Values& values) const = 0;
    // The solution as one JSON value ({"grid": [...]} for the grid kinds).
    virtual void write_json_solution(JsonWriter& json, const Values& values) const = 0;
    // An HTML fragment (usually inline SVG) drawing the solved puzzle, clues in bold.
    virtual std::string render_html_figure(const Values& values) const = 0;

    // Reads back what render_plain() wrote (the first grid in `text`; other lines
    // such as check lines are skipped). On failure returns nullopt and fills `error`.
    virtual std::optional<Values> read_plain_solution(const SourceText& text, Diagnostic& error) const = 0;

    // The solution on one line, for batch output (prune solve KIND FILE --batch): sudoku's
    // 81 characters, seki's 0/1 string. By default the values separated by blanks.
    virtual std::string render_line(const Values& values) const;

    // Model reuse (batch solving): instances that differ only in their clues can share
    // one model, built once per worker; per instance the batch pushes a level, assigns
    // the clues (clues()), searches and pops back. A kind opts in by returning a
    // non-empty key naming the shared model ("sudoku 9x9": equal keys, equal models);
    // build_shared_model() then posts the model without any clue (fresh solver), and
    // clues() appends this instance's clues to `out`.
    virtual std::string shared_model_key() const { return {}; }
    virtual PuzzleModel build_shared_model(Solver& /*solver*/, const ModelSettings& /*settings*/) const { return {}; }
    virtual void clues(std::vector<CellClue>& /*out*/) const {}

    // --count. By default (nullopt) the engine counts the solutions of build_model().
    // A kind may count its own way instead, e.g. canonical solutions under a symmetry
    // times their orbit sizes, and add figures; `options` carries the limits.
    virtual std::optional<KindCount> count_solutions(const ModelSettings& /*settings*/, const SearchOptions& /*options*/) const {
        return std::nullopt;
    }
};

// {"KEY": [v, ...]}: a solution as one list of values in cell order, the JSON of the
// kinds whose cells form no grid.
inline void write_json_values(JsonWriter& json, const char* key, const Values& values) {
    json.begin_object();
    json.key(key);
    json.begin_array();
    for (int v : values) json.value(v);
    json.end_array();
    json.end_object();
}

}  // namespace prune::puzzles
