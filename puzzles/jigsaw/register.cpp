#include "puzzles/registry.hpp"
#include "puzzles/sudoku/region_sudoku.hpp"

namespace prune::puzzles {
namespace {

std::string jigsaw_builtin() {
    return R"text(# Jigsaw sudoku 9x9 from Simon Tatham's Solo (sgt-solo --generate 1 3x3jdb):
# the givens (9 rows), then the regions (9 rows, one letter per region)
.......7.
.5...4.91
.6.91.4.8
9........
...2.7...
........6
6.9.28.5.
78.4...3.
.4.......
AAABBBBBC
AAAABBBCC
ADDABCCCC
DDDEEECCE
DDDFEEEEE
GGDFHHHHH
GFFFHIIHI
GGGFHIIHI
GGGFFFIII
)text";
}

}  // namespace

PuzzleKind jigsaw_kind() {
    return {
        .name = "jigsaw",
        .description = "jigsaw sudoku: every row, column and irregular region holds 1..N once",
        .format_help = R"text(Jigsaw sudoku: an N x N grid (N = 2..25) cut into N irregular regions of N cells;
every row, column and region holds 1..N once.

Input: N rows of givens ('.', '0' or '_' blank, digits, letters A.. for values
above 9, or blank-separated values as for sudoku), then N rows of region symbols,
one character per cell (the cells of one symbol form a region):
)text" + indented_example(jigsaw_builtin()) + R"text(
Or a Simon Tatham Solo game ID of a jigsaw (sgt-solo --generate 5 3x3jdi, the
parameters 9j or 3x3j), in place of FILE or one per line with --batch, e.g.
prune solve jigsaw '9j:...' (examples/solo_jigsaw_id.txt holds a whole one).
An ID with the X flag (9jx) adds the diagonals; a killer jigsaw (9jk) is read by
prune solve killer, a plain sudoku ID by prune solve sudoku.
Model: alldifferent per row, column and region, and per crossing of a row or column
with a region two global_cardinality constraints sharing 0/1 value counts (what the
line holds outside the region, the region holds outside the line).
Names: cells r1c1; rules 'row 1', 'column 1', 'region 1' (regions numbered by their
first cell), 'diagonal 1' and 'diagonal 2' with X.
)text",
        .example_file = "jigsaw_9x9.txt",  // in puzzles/jigsaw/examples/
        .builtin_text = jigsaw_builtin(),
        .parse = parse_jigsaw,
        .default_variable_selection = VariableSelection::dom_wdeg,
    };
}

}  // namespace prune::puzzles
