#include "puzzles/numberworkout/numberworkout_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {
namespace {

// The instance solved without a file, and the example of the format help.
const char* const builtin = R"text(#nw nw_003.txt DMWeekend 25 May 2020
501
040000050
100000002
200006003
000000000
400600005
000003006
300200006
060000040
401
)text";

}  // namespace

PuzzleKind numberworkout_kind() {
    return {
        .name = "numberworkout",
        .description = "13 touching hexagons of 6 segments; digits 1..6 differ in a hexagon, agree where hexagons touch",
        .format_help = R"text(Number Workout: 13 hexagons stacked in a fixed layout (three columns: 2 5 8 11 |
1 4 7 10 13 | 3 6 9 12), each split into 6 segments. The digits 1..6 go into the
segments, all different within a hexagon; where two hexagons touch, the two
touching segments hold the same digit.

Input: 10 lines of digits holding 3, 9, 9, 9, 9, 9, 9, 9, 9 and 3 digits, 0 for
unknown. Any other line length is an error. Cells are r1c1 (row 1, column 1) by
those rows; the two cells of a touching pair share one variable, named after
the first (--explain takes either name).
Lines starting with # are comments. Example (nw_003):
)text" + indented_example(builtin) +
                       R"text(Output: the digits in the input's layout, a check line per touching pair and per
hexagon. The HTML page draws the 13 hexagons, the touching pairs highlighted.
)text",
        .example_file = "nw_003.txt",  // in puzzles/numberworkout/examples/
        .builtin_text = builtin,
        .parse = parse_numberworkout,
    };
}

}  // namespace prune::puzzles
