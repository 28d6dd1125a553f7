#include "puzzles/keen/keen_puzzle.hpp"

#include <algorithm>

namespace prune::puzzles {
namespace {

// Whether a complete tuple meets the cage's arithmetic.
bool meets(const KeenCage& cage, const std::vector<int>& tuple) {
    switch (cage.operation) {
        case '+': {
            long long total = 0;
            for (int v : tuple) total += v;
            return total == cage.target;
        }
        case 'x': {
            long long product = 1;
            for (int v : tuple) product *= v;
            return product == cage.target;
        }
        case '-': return tuple.size() == 2 && std::abs(tuple[0] - tuple[1]) == cage.target;
        case '/': {
            if (tuple.size() != 2) return false;
            const int high = std::max(tuple[0], tuple[1]);
            const int low = std::min(tuple[0], tuple[1]);
            return high == low * cage.target;
        }
        default: return tuple.size() == 1 && tuple[0] == cage.target;
    }
}

// The enumeration of a cage's tuples, depth first, cutting sums and products that
// can no longer reach the target.
struct TupleEnumerator {
    const KeenCage& cage;
    int order;
    bool latin;
    std::size_t limit;
    std::vector<int> rows;
    std::vector<int> columns;
    std::vector<int> tuple;
    std::vector<std::vector<int>> tuples;
    bool complete = true;

    void extend(std::size_t i, long long partial) {
        if (tuples.size() >= limit) {
            complete = false;
            return;
        }
        if (i == cage.cells.size()) {
            if (meets(cage, tuple)) tuples.push_back(tuple);
            return;
        }
        const long long remaining = static_cast<long long>(cage.cells.size() - i);
        for (int v = 1; v <= order; ++v) {
            if (cage.operation == '+' && (partial + v + (remaining - 1) > cage.target || partial + v + (remaining - 1) * order < cage.target)) continue;
            if (cage.operation == 'x' && cage.target % (partial * v) != 0) continue;
            if (latin && clashes(i, v)) continue;
            tuple[i] = v;
            extend(i + 1, cage.operation == 'x' ? partial * v : partial + v);
        }
    }
    // Cell i would repeat a value of an earlier cell of the cage in its row or column.
    bool clashes(std::size_t i, int v) const {
        for (std::size_t j = 0; j < i; ++j) {
            if (tuple[j] == v && (rows[j] == rows[i] || columns[j] == columns[i])) return true;
        }
        return false;
    }
};

}  // namespace

KeenPuzzle::KeenPuzzle(int order, std::vector<KeenCage> cages)
    : LatinSquarePuzzle(order, std::vector<int>(static_cast<std::size_t>(order * order), no_given)),
      cages_(std::move(cages)),
      cage_of_(static_cast<std::size_t>(order * order), -1) {
    for (int k = 0; k < cage_count(); ++k) {
        for (int c : cages_[static_cast<std::size_t>(k)].cells) cage_of_[static_cast<std::size_t>(c)] = k;
    }
}

std::string KeenPuzzle::clue_text(const KeenCage& cage) {
    std::string text = std::to_string(cage.target);
    if (cage.operation != '=') text += cage.operation;
    return text;
}

std::string KeenPuzzle::cage_name(int k) const { return numbered_name("cage", k) + " (" + clue_text(cage(k)) + ")"; }

std::vector<std::vector<int>> KeenPuzzle::cage_tuples(const KeenCage& cage, bool latin, std::size_t limit, bool& complete) const {
    TupleEnumerator e{cage, order(), latin, limit, {}, {}, std::vector<int>(cage.cells.size(), 0), {}};
    for (int c : cage.cells) {
        e.rows.push_back(c / order());
        e.columns.push_back(c % order());
    }
    if (cage.operation != 'x' || cage.target > 0) e.extend(0, cage.operation == 'x' ? 1 : 0);
    complete = e.complete;
    return std::move(e.tuples);
}

std::string KeenPuzzle::summary() const {
    return "keen " + std::to_string(order()) + "x" + std::to_string(order()) + " (" + std::to_string(cage_count()) + " cages)";
}

std::vector<Rule> KeenPuzzle::rules() const {
    std::vector<Rule> rules = latin_rules();
    const CellNames names = cell_names();
    for (int k = 0; k < cage_count(); ++k) {
        const KeenCage& c = cage(k);
        Rule rule;
        rule.label = cage_name(k) + " " + bracketed_names(c.cells, names);
        rule.cells = c.cells;
        if (c.operation == '+') {
            rule.shape = RuleShape::sum_between;
            rule.low = rule.high = c.target;
        } else {
            // Products, differences and quotients as the list of what they allow: the
            // arithmetic alone, without the Latin rule (a second statement of the cage).
            bool complete = true;
            rule.shape = RuleShape::allowed_tuples;
            rule.tuples = cage_tuples(c, false, std::size_t(1) << 20, complete);
        }
        rules.push_back(std::move(rule));
    }
    return rules;
}

}  // namespace prune::puzzles
