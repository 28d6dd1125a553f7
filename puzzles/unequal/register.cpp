#include "puzzles/registry.hpp"
#include "puzzles/unequal/unequal_puzzle.hpp"

namespace prune::puzzles {
namespace {

// The instance solved without a file, and the example of the format help: the
// Tatham game ID 5:0,0L,4,0,1,0,0U,0,0,0,0D,0,0,0,0,0,0,2,0,0,0,0,0,0L,4U,
// (sgt-unequal, 5de).
const char* const builtin = R"text(# unequal 5x5, easy (sgt-unequal --generate 1 5de)
.<. 4 . 1
  ^
. . . . .
. . . . .
v
. . 2 . .
        ^
. . .<. 4
)text";

}  // namespace

PuzzleKind unequal_kind() {
    return {
        .name = "unequal",
        .description = "Latin square with < and > between neighbours (Futoshiki), or the adjacent variant",
        .format_help = R"text(Unequal (Futoshiki): fill an n x n grid with 1..n, each once in every row and
every column, so that every mark between two neighbours holds: '<' and '>' in a
row, '^' (the upper cell is smaller) and 'v' (it is larger) in a column. The
adjacent variant (first line 'adjacent'): a mark ('|' in a row, '-' in a column)
says that the two neighbours differ by exactly 1; neighbours without a mark do not.

Input: the rows of cells, one character each, two columns apart ('.' empty,
1-9, A-W for 10-32); a mark stands in the column between two cells of a row, or,
on a line of its own below a row, under the upper cell. Lines without marks may
be left out. Or a game ID of Simon Tatham's Unequal, e.g.
5:0,0L,4,0,1,0,0U,0,0,0,0D,0,0,0,0,0,0,2,0,0,0,0,0,0L,4U, ('5a:...' for the
adjacent variant; on the command line, in a file, or one per line with --batch).
Example (5x5):
)text" + indented_example(builtin) +
                       R"text(Names: cells r1c1 (row 1, column 1); rules 'row 1', 'column 1', 'r1c1 < r1c2',
'r1c1 adjacent to r1c2', 'r1c1 not adjacent to r2c1': in check lines, --explain
and traces alike.
Output: the grid (numbers separated by blanks from order 10 on) and a check line
per rule.
)text",
        .example_file = "unequal_5x5_easy.txt",  // in puzzles/unequal/examples/
        .builtin_text = builtin,
        .parse = parse_unequal,
    };
}

}  // namespace prune::puzzles
