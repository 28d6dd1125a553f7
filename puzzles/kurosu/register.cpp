#include "puzzles/kurosu/kurosu_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {
namespace {

// The instance solved without a file, and the example of the format help.
const char* const builtin = R"text(#Kurosu6 DM 01 June 2018
...0.1
0...0.
1.1.1.
..0...
.1.0.1
0....0
)text";

}  // namespace

PuzzleKind kurosu_kind() {
    return {
        .name = "kurosu",
        .description = "0/1 grid: rows and columns balanced, never three equal in a line (Unruly)",
        .format_help = R"text(Kurosu (Unruly; Takuzu without the unique-line rule): fill a grid of even width
and height with 0 and 1 so that every row and every column holds as many 0s as
1s, and no three equal cells are adjacent horizontally or vertically.

Input: one line per row of '.', '0' and '1' ('X' is accepted for 1). Rectangular
grids (e.g. 8x6) are accepted. Lines starting with # are comments.
Example (6x6):
)text" + indented_example(builtin) +
                       R"text(Or a game ID of Simon Tatham's Unruly (as `sgt-unruly --generate 5 14x14dn`
writes them), as the argument or alone in the file, e.g. `prune solve kurosu
'8x6:BAdAaDeBCgaDAECBBa'`; a 'u' in its parameters ("8x8u:...") asks for unique
lines, as --unique-lines does.
Names: cells r1c1 (row 1, column 1); rules 'row 1 balance', 'row 1 runs',
'rows 1,2': in check lines, --explain (--explain r2c3) and traces alike; one
propagator enforces both rules of a line: 'row 1 balance [and runs]'.
Output: the grid of 0/1 and a check line per rule.
)text",
        .options = {{"--unique-lines", "also require all rows and all columns to be pairwise different (Takuzu)"},
                    {"--weak-lines", "model each line as a sum and windows of three instead of one automaton (slower; for comparison)"}},
        .example_file = "kurosu6_dm_2018-06-01.txt",  // in puzzles/kurosu/examples/
        .builtin_text = builtin,
        .parse = parse_kurosu,
    };
}

}  // namespace prune::puzzles
