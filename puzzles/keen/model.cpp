// The Keen model: the Latin square (puzzles/common/latin_square.hpp) and one positive
// table per cage, listing the tuples its arithmetic allows with two cells of one row
// or column kept apart (the Latin rule inside the cage, folded in). The table
// propagator is domain consistent on the cage (generalised arc consistency), so a
// cage is propagated as far as it goes on its own, which linear sums and products are
// not: "3 cells, 6+" in one row rules out 4 at once.
//
// The tuples are enumerated at post time, cutting sums and products that can no
// longer reach the target; Tatham's cages (at most 6 cells of 1..9) give at most a few
// thousand. A cage whose list would pass `table_limit` tuples (a big hand-made cage)
// falls back to a linear sum (bounds consistent) or a chain of binary products over
// auxiliary partial products.
#include "engine/constraints_arithmetic.hpp"
#include "puzzles/keen/keen_puzzle.hpp"

namespace prune::puzzles {
namespace {

constexpr std::size_t table_limit = 100000;

void post_product_chain(Solver& solver, const std::vector<IntVar>& cells, int target, int order, const std::string& name) {
    IntVar partial = cells.front();
    long long bound = order;
    for (std::size_t i = 1; i < cells.size(); ++i) {
        bound = std::min<long long>(bound * order, target);
        const IntVar next = i + 1 == cells.size() ? solver.new_int_var(target, target, name + " product")
                                                   : solver.new_int_var(1, static_cast<int>(bound), name + " product " + std::to_string(i + 1));
        times(solver, partial, cells[i], next);
        partial = next;
    }
}

}  // namespace

PuzzleModel KeenPuzzle::build_model(Solver& solver, const ModelSettings& settings) const {
    PuzzleModel model = post_latin_model(solver, settings);
    for (int k = 0; k < cage_count(); ++k) {
        const KeenCage& c = cage(k);
        const std::vector<IntVar> cells = vars_of(model, c.cells);
        const int first = solver.propagator_count();
        bool complete = true;
        const std::vector<std::vector<int>> tuples = cage_tuples(c, true, table_limit, complete);
        if (complete) {
            table(solver, cells, tuples);
        } else if (c.operation == '+') {
            sum(solver, cells, Relation::equal, c.target);
        } else {
            post_product_chain(solver, cells, c.target, order(), cage_name(k));
        }
        solver.name_propagators_from(first, cage_name(k));
    }
    return model;
}

}  // namespace prune::puzzles
