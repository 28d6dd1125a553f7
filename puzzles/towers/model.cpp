// The Towers model: the Latin square (puzzles/common/latin_square.hpp) and, for each
// row and column with a clue at one end or both, one positive table over the line:
// every permutation of 1..n that shows the clued counts from its ends. The table
// propagator (Compact-Table) is domain consistent, so each line is propagated as far
// as its clues and its own alldifferent allow together: "3 seen from the left, 2 from
// the right" prunes what the two clues and the permutation allow jointly, which one
// automaton per clue (a `regular` over (tallest so far, towers seen), the first model)
// does not: on sgt-towers 9dh sets it needed a median of ~12,000 nodes, this one far
// fewer (bench/tatham_sets.sh).
//
// The tuples of a pair of counts come from a depth-first walk over the permutations
// that cuts hopeless prefixes; the table is built once per process and shared
// (TupleSet) by every line and every puzzle that needs it, so a batch pays once.
#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>

#include "engine/tuple_set.hpp"
#include "puzzles/towers/towers_puzzle.hpp"

namespace prune::puzzles {
namespace {

// The permutations of 1..n, in lexicographic order, that show `start` towers from
// their first cell's side and `end` from the other (0: either count), appended to
// `flat`: a depth-first walk that cuts a prefix once the towers seen from the start
// can no longer come to `start` (each tower still to be seen is higher than the
// tallest so far, so at most the count of higher values left can be).
struct LineEnumerator {
    int n;
    int start;
    int end;
    std::vector<int> line;
    std::vector<int>& flat;

    void extend(int position, unsigned used, int tallest, int seen) {
        if (position == n) {
            if (end == 0 || seen_from_end() == end) flat.insert(flat.end(), line.begin(), line.end());
            return;
        }
        for (int v = 1; v <= n; ++v) {
            if ((used & (1u << v)) != 0) continue;
            const int now_seen = seen + (v > tallest ? 1 : 0);
            const int now_tallest = std::max(v, tallest);
            if (start != 0) {
                const int higher_left = n - now_tallest;  // the values above the tallest are all unused
                if (now_seen > start || now_seen + higher_left < start) continue;
            }
            line[static_cast<std::size_t>(position)] = v;
            extend(position + 1, used | (1u << v), now_tallest, now_seen);
        }
    }
    int seen_from_end() const {
        int seen = 0;
        int tallest = 0;
        for (auto it = line.rbegin(); it != line.rend(); ++it) {
            if (*it > tallest) ++seen, tallest = *it;
        }
        return seen;
    }
};

// The shared table of the lines of n cells seen `start` from the start and `end`
// from the end (0: no clue on that side). Thread safe: a batch solves on many threads.
std::shared_ptr<const TupleSet> line_table(int n, int start, int end) {
    static std::mutex mutex;
    static std::map<std::tuple<int, int, int>, std::shared_ptr<const TupleSet>> tables;
    const std::lock_guard<std::mutex> lock(mutex);
    std::shared_ptr<const TupleSet>& table = tables[{n, start, end}];
    if (table) return table;
    std::vector<int> flat;
    LineEnumerator walk{n, start, end, std::vector<int>(static_cast<std::size_t>(n), 0), flat};
    walk.extend(0, 0, 0, 0);
    if (flat.empty()) flat.assign(static_cast<std::size_t>(n), 0);  // no permutation: a tuple outside 1..n fails at once
    table = std::make_shared<const TupleSet>(n, std::move(flat));
    return table;
}

}  // namespace

PuzzleModel TowersPuzzle::build_model(Solver& solver, const ModelSettings& settings) const {
    PuzzleModel model = post_latin_model(solver, settings);
    const int n = order();
    // Line i of the columns (i < n) and of the rows: the clue at its start and its end.
    for (int k = 0; k < 2 * n; ++k) {
        const bool column = k < n;
        const int index = k % n;
        const int start_clue = column ? index : 2 * n + index;  // top, left
        const int end_clue = column ? n + index : 3 * n + index;  // bottom, right
        if (clue(start_clue) == no_clue && clue(end_clue) == no_clue) continue;
        const std::vector<int> cells = column ? column_cells(index) : row_cells(index);
        std::string name = clue(start_clue) != no_clue ? clue_name(start_clue) : clue_name(end_clue);
        if (clue(start_clue) != no_clue && clue(end_clue) != no_clue) name += " and " + clue_name(end_clue);
        // One table per pair of counts, whichever end they stand at: the line is turned
        // around so that the larger count (a missing clue counting as 0) comes first.
        std::vector<IntVar> line = vars_of(model, cells);
        int from_start = clue(start_clue);
        int from_end = clue(end_clue);
        if (from_start < from_end) {
            std::reverse(line.begin(), line.end());
            std::swap(from_start, from_end);
        }
        const int first = solver.propagator_count();
        shared_table(solver, line, line_table(n, from_start, from_end));
        solver.name_propagators_from(first, name);
    }
    return model;
}

}  // namespace prune::puzzles
