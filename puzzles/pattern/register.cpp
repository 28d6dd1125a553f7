#include "puzzles/pattern/pattern_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {
namespace {

// The instance solved without a file, and the example of the format help (made by
// Tatham's generator: sgt-pattern --generate 1 5x5).
const char* const builtin = R"text(# pattern 5x5 (Tatham ID 5x5:2/2/3/3/3/1/2/3/4/3)
columns
2
2
3
3
3
rows
1
2
3
4
3
)text";

}  // namespace

PuzzleKind pattern_kind() {
    return {
        .name = "pattern",
        .description = "Nonogram: fill cells so each row's and column's runs match its clue",
        .format_help = R"text(Pattern (Nonogram, Griddlers, Paint by numbers): fill a grid with 0 (empty) and
1 (filled) so that the runs of consecutive filled cells of each row (left to
right) and of each column (top to bottom) have exactly the lengths of its clue.

Input: a section 'columns' with one clue line per column, a section 'rows' with
one clue line per row (in either order); a clue line lists the run lengths
separated by blanks, '0' alone for a line with no filled cell. An optional
section 'grid' gives cells: one line per row of '.', '0' and '1' ('X' for 1).
Lines starting with # are comments. Example (5x5):
)text" + indented_example(builtin) +
                       R"text(Or a game ID of Simon Tatham's Pattern (as `sgt-pattern --generate 5 15x15`
writes them), as the argument or alone in the file, e.g. `prune solve pattern
'5x5:2/2/3/3/3/1/2/3/4/3'`.
Names: cells r1c1 (row 1, column 1); rules 'row 1', 'column 2': in check lines,
--explain and traces alike.
Output: the grid, one line of 0/1 per row, and a check line per rule.
)text",
        .example_file = "pattern_10x10.txt",  // in puzzles/pattern/examples/
        .builtin_text = builtin,
        .parse = parse_pattern,
    };
}

}  // namespace prune::puzzles
