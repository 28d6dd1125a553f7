// The Pattern model: a 0/1 variable per cell (given cells fixed) and one regular() per
// row and per column over runs_automaton(clue) (puzzles/common/line_automata.hpp),
// domain consistent on the whole line: exactly the line-by-line deduction a person
// (and Tatham's generator, which keeps only puzzles its line solver finishes) does,
// so the propagation alone solves Tatham's puzzles. Lines with equal clues share
// one automaton.
#include <map>

#include "puzzles/common/line_automata.hpp"
#include "puzzles/pattern/pattern_puzzle.hpp"

namespace prune::puzzles {

PuzzleModel PatternPuzzle::build_model(Solver& solver, const ModelSettings& /*settings*/) const {
    PuzzleModel model;
    const CellNames names = cell_names();
    for (int c = 0; c < cell_count(); ++c) {
        const std::string& name = names[static_cast<std::size_t>(c)];
        const int value = given_[static_cast<std::size_t>(c)];
        model.cells.push_back(value == unknown ? solver.new_int_var(0, 1, name) : solver.new_int_var(value, value, name));
    }
    model.decisions = model.cells;

    std::map<Clue, Automaton> automata;
    auto post_line = [&](const std::vector<int>& cells, const Clue& clue, const std::string& name) {
        auto found = automata.find(clue);
        if (found == automata.end()) found = automata.emplace(clue, runs_automaton(clue)).first;
        std::vector<IntVar> line;
        for (int c : cells) line.push_back(model.cells[static_cast<std::size_t>(c)]);
        const int first = solver.propagator_count();
        regular(solver, line, found->second);
        solver.name_propagators_from(first, name);  // as the check line: "row 3"
    };
    for (int r = 0; r < height(); ++r) post_line(row_cells(r), row_clue(r), numbered_name("row", r));
    for (int c = 0; c < width(); ++c) post_line(column_cells(c), column_clue(c), numbered_name("column", c));
    return model;
}

}  // namespace prune::puzzles
