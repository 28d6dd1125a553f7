#include "puzzles/keen/keen_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {
namespace {

// The instance solved without a file, and the example of the format help: the
// Tatham game ID 4:aa_a__a__a_a__a_a,d2m12a5s1s1d2m4a5 (sgt-keen, 4de).
const char* const builtin = R"text(# keen 4x4, easy (sgt-keen --generate 1 4de)
a a b b
c d e e
c d f g
h h f g
a 2/
b 12x
c 5+
d 1-
e 1-
f 2/
g 4x
h 5+
)text";

}  // namespace

PuzzleKind keen_kind() {
    return {
        .name = "keen",
        .description = "Latin square cut into cages with a target and + - x / (KenKen)",
        .format_help = R"text(Keen (KenKen): fill an n x n grid with 1..n, each once in every row and every
column. The grid is cut into cages; the cells of a cage add up to its target (+),
multiply to it (x), or, in a cage of two cells, differ by it (-) or divide to it
(/, the larger by the smaller). A one-cell cage without an operation gives its
digit. Digits may repeat in a cage when they are in different rows and columns.

Input: n lines of n cage labels (a letter or a digit each, blanks ignored, n
from 1 to 9; the cells with one label form one cage), then one line per cage:
the label and the clue, e.g. 'a 12x' ('*' is accepted for x), 'b 6+', 'c 1-',
'd 2/', 'e 3'. Or a game ID of Simon Tatham's Keen, e.g.
4:aa_a__a__a_a__a_a,d2m12a5s1s1d2m4a5 (on the command line, in a file, or one per
line with --batch).
Example (4x4):
)text" + indented_example(builtin) +
                       R"text(Names: cells r1c1 (row 1, column 1); rules 'row 1', 'column 1', 'cage 1 (2/)'
(cages numbered by their first cell, row by row): in check lines, --explain and
traces alike.
Output: the grid and a check line per rule.
)text",
        .example_file = "keen_4x4_easy.txt",  // in puzzles/keen/examples/
        .builtin_text = builtin,
        .parse = parse_keen,
    };
}

}  // namespace prune::puzzles
