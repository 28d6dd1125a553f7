#include "puzzles/registry.hpp"
#include "puzzles/towers/towers_puzzle.hpp"

namespace prune::puzzles {
namespace {

// The instance solved without a file, and the example of the format help: the
// Tatham game ID 5:2/2/3/1/4/3/4/2/2/1/3/2/1/2/4/2/4/2/2/1 (sgt-towers, 5de).
const char* const builtin = R"text(# towers 5x5, easy (sgt-towers --generate 1 5de)
. 2 2 3 1 4 .
3 . . . . . 2
2 . . . . . 4
1 . . . . . 2
2 . . . . . 2
4 . . . . . 1
. 3 4 2 2 1 .
)text";

}  // namespace

PuzzleKind towers_kind() {
    return {
        .name = "towers",
        .description = "Latin square of heights; clues count the towers seen from each side (Skyscrapers)",
        .format_help = R"text(Towers (Skyscrapers): fill an n x n grid with heights 1..n, each once in every
row and every column. A clue outside the grid says how many towers one sees looking
along that row or column from there: a tower hides every lower one behind it.

Input: n+2 lines of n+2 characters (blanks ignored, n from 1 to 9): the first
and last lines hold the top and bottom clues, the first and last character of
the lines between them the left and right clues, the rest the grid. '.' is no
clue, an empty cell, and each corner; a digit in the grid is given.
Or a game ID of Simon Tatham's Towers, e.g. 5:2/2/3/1/4/3/4/2/2/1/3/2/1/2/4/2/4/2/2/1
(on the command line, in a file, or one per line with --batch).
Example (5x5):
)text" + indented_example(builtin) +
                       R"text(Names: cells r1c1 (row 1, column 1); rules 'row 1', 'column 1', 'top 2 sees 3'
(the clue above column 2), 'bottom 2', 'left 1', 'right 1': in check lines,
--explain and traces alike.
Output: the grid of heights and a check line per rule.
)text",
        .example_file = "towers_5x5_easy.txt",  // in puzzles/towers/examples/
        .builtin_text = builtin,
        .parse = parse_towers,
    };
}

}  // namespace prune::puzzles
