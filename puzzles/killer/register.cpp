#include "puzzles/registry.hpp"
#include "puzzles/sudoku/region_sudoku.hpp"

namespace prune::puzzles {
namespace {

std::string killer_builtin() {
    return R"text(# Killer sudoku 9x9 from Simon Tatham's Solo (sgt-solo --generate 1 3x3kdb):
# the cages (one label per cage), then LABEL=SUM per cage
AABBCDDEE
FGHHCIIJE
FGKKLMMJN
OPPQLMMRN
OSSQTUURV
SSSWTXYYV
ZZaWXXbcc
ddaaefbgh
iijjefggh
A=11 B=13 C=16 D=9 E=10 F=13 G=7 H=3 I=12 J=16
K=6 L=8 M=21 N=4 O=9 P=16 Q=7 R=10 S=20 T=13
U=12 V=16 W=13 X=12 Y=10 Z=12 a=15 b=8 c=13 d=13
e=4 f=7 g=16 h=8 i=7 j=15
)text";
}

}  // namespace

PuzzleKind killer_kind() {
    return {
        .name = "killer",
        .description = "killer sudoku: a sudoku with cages whose distinct digits add up to their sums",
        .format_help = R"text(Killer sudoku: an N x N sudoku (N = 4, 9, 16, 25; every row, column and box holds
1..N once) whose cells are split into cages: the digits of a cage differ and add up
to the cage's sum. Givens are optional.

Input: N rows of cage labels, one character per cell (the cells of one label form a
cage, at most N cells), then the sums as LABEL=SUM words (any number per line, one
per cage), then optionally N rows of givens as for sudoku:
)text" + indented_example(killer_builtin()) + R"text(
Or a Simon Tatham Solo game ID of a killer (sgt-solo --generate 5 3x3kdu, the
parameters 3x3k; 2x3k for boxes of 2 rows by 3 columns, 9jk for jigsaw regions),
in place of FILE or one per line with --batch, e.g. prune solve killer '3x3k:...'
(examples/solo_killer_id.txt holds a whole one). A sudoku or jigsaw ID without 'k'
is refused with the kind to use.
Model: the sudoku alldifferents, one distinct_sum per cage (domain consistent on
the digits and the sum together), and per house one redundant distinct_sum over
the cells outside the cages inside it (the 'rule of 45').
Names: cells r1c1; rules 'row 1', 'column 1', 'box 1' ('region 1' for jigsaw
regions), 'cage 1' (distinct digits) and 'cage 1 sum', cages numbered by their first
cell.
)text",
        .example_file = "killer_9x9.txt",  // in puzzles/killer/examples/
        .builtin_text = killer_builtin(),
        .parse = parse_killer,
        .default_variable_selection = VariableSelection::dom_wdeg,
    };
}

}  // namespace prune::puzzles
