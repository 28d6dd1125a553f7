// Rule: one rule of a puzzle instance, stated as data over the cells 0..n-1.
//
// The same list of rules drives the checker (each rule gives one OK/ERROR line) and
// the SMT-LIB writer (each rule gives one assertion). It is deliberately independent
// of the constraint model a kind builds for the engine: the checker is a second,
// simpler statement of the puzzle, so a wrong model shows up as a failed check.
#pragma once
#include <string>
#include <vector>

namespace prune::puzzles {

// A complete assignment: the value of every cell, in cell order.
using Values = std::vector<int>;

enum class RuleShape {
    values_in_range,  // every cell in `cells` lies in [low, high]
    clues,            // cells[i] == given[i] for each i
    sum_between,      // low <= sum of cells <= high
    all_different,    // the cells hold pairwise different values, each in [low, high]
    equal,            // cells[0] == cells[1]
    allowed_tuples,   // (cells) is one of `tuples`; reported through the sum of the cells
    no_long_run,      // no more than `high` consecutive cells hold the same value
    lines_differ,     // (cells) differs from (given) in at least one position; `given` names cells
    weighted_count,   // low <= the sum of given[i] over the cells[i] holding `value` <= high
    some_sum,         // for some group in `tuples` (each a list of cells), low <= the group's sum <= high
    bits_differ,      // for each bit k < high, between 1 and n-1 of the n cells' values (>= 0) have bit k set
    line_runs,        // the maximal runs of cells holding 1, in order, have exactly the lengths `given` (nonogram)
    visible_count,    // low <= the count of cells higher than every cell before them in `cells` <= high (towers)
};

struct Rule {
    std::string label;  // the start of the check line, e.g. "rotor 1 (o) [r1c1,r1c2,r2c1,r2c2]"
    RuleShape shape = RuleShape::values_in_range;
    std::vector<int> cells;                  // cell indices
    std::vector<int> given;                  // clues: the clue values; lines_differ: the other line's cells; line_runs: the lengths
    int low = 0;
    int high = 0;
    std::vector<std::vector<int>> tuples;    // allowed_tuples; some_sum: the groups of cells
    int value = 0;                           // weighted_count only
};

struct RuleOutcome {
    bool holds = false;
    std::string detail;  // what was measured, e.g. "sum 2", and on failure why it breaks
};

// The names of the cells, in cell order, as a person reads them: "r1c1" in a grid,
// an edge "A-B" in a graph (Puzzle::cell_names). The same names are the engine's
// variable names, so check lines, --explain, --profile and traces agree.
using CellNames = std::vector<std::string>;

// Evaluates one rule on a complete assignment (values.size() covers every cell);
// `names` name the cells in the detail of a broken rule (cell_name() when empty).
RuleOutcome evaluate(const Rule& rule, const Values& values, const CellNames& names = {});

// "V12": the SMT-LIB variable of cell 12 (cells in cell order from V0), where a name
// must be a plain symbol whatever the kind. (Built with append: GCC 12 warns falsely
// (-Wrestrict) about "V" + std::to_string(cell).)
std::string cell_name(int cell);

// "[r1c1,r1c2]": cells by their names, as rule labels list them.
std::string bracketed_names(const std::vector<int>& cells, const CellNames& names);

// The rule every kind states first: each of the cells 0..cells-1 lies in [low, high].
Rule values_in_range_rule(const char* label, int cells, int low, int high);

// "row 3" for ("row", 2): a numbered part of a puzzle (1-based), as check lines and
// traces name it.
std::string numbered_name(const char* what, int index);

// The clues rule of a grid: every cell among the first `cells` whose value is not
// `unknown` must keep it.
Rule clues_rule(const std::vector<int>& clues, int unknown, int cells);

// "[0,1,4,5]": a list of numbers as check lines print them.
std::string bracketed(const std::vector<int>& numbers);

}  // namespace prune::puzzles
