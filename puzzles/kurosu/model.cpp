// The Kurosu model: a 0/1 variable per cell (clues fixed), and per line one regular()
// over balanced_line_automaton (puzzles/common/line_automata.hpp): balance and "no
// three equal in a row" together, domain consistent on the whole line. The automaton
// depends only on the line's length, so one is built per length and shared by every
// line of that length. Tatham's Unruly solver deduces line by line, so on its puzzles
// this model needs next to no search (bench/tatham_lines.sh).
//
// --weak-lines keeps the older model, for comparison: per line
//   sum = half its length               (balance)
//   1 <= sum of each window of 3 <= 2   (no three equal in a row)
// each arc consistent on its own (bounds reasoning on 0/1 variables), but weak
// together: a 14x14 Unruly of normal difficulty takes it millions of nodes.
//
// --unique-lines: for each pair of rows (and of columns) a 0/1 indicator per position,
// d = (a != b) stated as a table over (a, b, d), and sum(d) >= 1. The indicators are
// auxiliary: search branches on the cells only.
#include <map>
#include <string>

#include "puzzles/common/line_automata.hpp"
#include "puzzles/kurosu/kurosu_puzzle.hpp"

namespace prune::puzzles {
namespace {

void post_weak_line(Solver& solver, const std::vector<IntVar>& line, const std::string& line_name) {
    int first = solver.propagator_count();
    sum(solver, line, Relation::equal, static_cast<std::int64_t>(line.size() / 2));
    solver.name_propagators_from(first, line_name + " balance");
    for (std::size_t i = 0; i + 3 <= line.size(); ++i) {
        const std::vector<IntVar> window = {line[i], line[i + 1], line[i + 2]};
        const std::string window_name = line_name + " runs window " + std::to_string(i + 1);
        first = solver.propagator_count();
        sum(solver, window, Relation::greater_equal, 1);
        solver.name_propagators_from(first, window_name + " (>=1)");
        first = solver.propagator_count();
        sum(solver, window, Relation::less_equal, 2);
        solver.name_propagators_from(first, window_name + " (<=2)");
    }
}

// One line as a word of balanced_line_automaton(length), built once per length.
void post_line(Solver& solver, const std::vector<IntVar>& line, const std::string& line_name, std::map<std::size_t, Automaton>& automata) {
    auto found = automata.find(line.size());
    if (found == automata.end()) found = automata.emplace(line.size(), balanced_line_automaton(static_cast<int>(line.size()))).first;
    const int first = solver.propagator_count();
    regular(solver, line, found->second);
    // Named after the first of the two check lines it enforces (the bracket, as a
    // stage name, keeps "row 1 balance" a prefix the check lines and --explain share).
    solver.name_propagators_from(first, line_name + " balance [and runs]");
}

// The lines a and b differ in at least one position.
void post_lines_differ(Solver& solver, const std::vector<IntVar>& a, const std::vector<IntVar>& b, const std::string& pair_name) {
    static const std::vector<std::vector<int>> exclusive_or = {{0, 0, 0}, {0, 1, 1}, {1, 0, 1}, {1, 1, 0}};
    std::vector<IntVar> differs;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const IntVar d = solver.new_bool_var(pair_name + " differ " + std::to_string(i + 1));
        const int first = solver.propagator_count();
        table(solver, {a[i], b[i], d}, exclusive_or);
        solver.name_propagators_from(first, pair_name + " xor " + std::to_string(i + 1));
        differs.push_back(d);
    }
    const int first = solver.propagator_count();
    sum(solver, differs, Relation::greater_equal, 1);
    solver.name_propagators_from(first, pair_name + " differ");
}

}  // namespace

PuzzleModel KurosuPuzzle::build_model(Solver& solver, const ModelSettings& /*settings*/) const {
    PuzzleModel model;
    const CellNames names = cell_names();
    for (int c = 0; c < cell_count(); ++c) {
        const std::string& name = names[static_cast<std::size_t>(c)];
        model.cells.push_back(clues_[c] == unknown ? solver.new_int_var(0, 1, name) : solver.new_int_var(clues_[c], clues_[c], name));
    }
    model.decisions = model.cells;

    auto vars_of = [&model](const std::vector<int>& cells) {
        std::vector<IntVar> vars;
        for (int c : cells) vars.push_back(model.cells[c]);
        return vars;
    };
    // Named after the check lines' rules: "row 1 balance [and runs]", (--weak-lines) "row 1
    // balance", "row 1 runs window 2 (<=2)", and "rows 1,2 xor 3".
    std::map<std::size_t, Automaton> automata;  // by line length
    auto post = [&](const std::vector<int>& cells, const std::string& name) {
        if (weak_lines_) {
            post_weak_line(solver, vars_of(cells), name);
        } else {
            post_line(solver, vars_of(cells), name, automata);
        }
    };
    for (int r = 0; r < height(); ++r) post(row_cells(r), numbered_name("row", r));
    for (int c = 0; c < width(); ++c) post(column_cells(c), numbered_name("column", c));
    if (unique_lines_) {
        for (int a = 0; a < height(); ++a) {
            for (int b = a + 1; b < height(); ++b) post_lines_differ(solver, vars_of(row_cells(a)), vars_of(row_cells(b)), pair_name("rows", a, b));
        }
        for (int a = 0; a < width(); ++a) {
            for (int b = a + 1; b < width(); ++b) post_lines_differ(solver, vars_of(column_cells(a)), vars_of(column_cells(b)), pair_name("columns", a, b));
        }
    }
    return model;
}

}  // namespace prune::puzzles
