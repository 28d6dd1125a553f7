#include "puzzles/sudoku/sudoku_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

PuzzleKind sudoku_kind() {
    return {
        .name = "sudoku",
        .description = "N x N grid (4x4 to 25x25): every row, column and box holds 1..N once",
        .format_help = R"text(Sudoku: an N x N grid, N = n^2 for n = 2..5 (4x4, 9x9, 16x16, 25x25); every row,
column and n x n box holds 1..N once. The size follows from the input.

Input, one of:
  - one line of N*N characters: '.', '0' or '_' blank, digits, letters A.. for
    values above 9 (A = 10, ..., P = 25);
  - N lines of N such characters, which may be split into boxes by blanks or
    '|' (4.. ... 8.5 or 4..|...|8.5);
  - N lines of N values separated by blanks ('.', '0' or '_' blank), e.g. a 16x16
    row . 11 . . 13 5 . . . 2 16 14 . . 10 .
Lines of '-', '+', '|' (box drawings: ------+-------) and an .sdk [Puzzle] header
are ignored; lines starting with # are comments. The puzzle may also be given in
place of FILE, all 81 characters: prune solve sudoku 4.....8.5.3..........7...
Names: cells r1c1 (row 1, column 1); rules 'row 1', 'column 1', 'box 1' (boxes
row by row): in check lines, --explain r3c4, --profile and traces alike.
A Simon Tatham Solo game ID is read too (sgt-solo --generate 5 3x3db, or Game >
Specific in the game), including boxes of C rows by R columns (2x3: a 6x6 grid) and
the X variant (diagonals): prune solve sudoku '2x3:c2f6_5c5a3_5a2c1_5f6c'. A jigsaw
or killer ID is refused with the kind to use (prune solve jigsaw / killer).
The alldifferent strength is chosen with --alldiff value|bounds|domain (default domain).
)text",
        .example_file = "top95_01.txt",  // in puzzles/sudoku/examples/
        .builtin_text = R"text(# Top95 #1 (magictour.free.fr/top95)
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
)text",
        .parse = parse_sudoku,
        .one_line_form = true,
        // dom/wdeg against first-fail (instructions, callgrind, batch of the first N
        // puzzles): forum_hardest 200 -26%, top1465 1000 -5%, 17-clue 2000 -1%.
        .default_variable_selection = VariableSelection::dom_wdeg,
    };
}

}  // namespace prune::puzzles
