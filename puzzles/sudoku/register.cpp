#include "puzzles/registry.hpp"
#include "puzzles/sudoku/sudoku_puzzle.hpp"

namespace prune::puzzles {

void register_sudoku(Registry& registry) {
    PuzzleKind kind;
    kind.name = "sudoku";
    kind.example_file = "top95_01.txt";  // in puzzles/sudoku/examples/
    kind.description = "N x N grid (4x4 to 25x25): every row, column and box holds 1..N once";
    kind.format_help =
        "Sudoku: an N x N grid, N = n^2 for n = 2..5 (4x4, 9x9, 16x16, 25x25); every row,\n"
        "column and n x n box holds 1..N once. The size follows from the input.\n"
        "\n"
        "Input, one of:\n"
        "  - one line of N*N characters: '.' or '0' blank, digits, letters A.. for\n"
        "    values above 9 (A = 10, ..., P = 25);\n"
        "  - N lines of N such characters;\n"
        "  - N lines of N values separated by blanks ('.' or '0' blank), e.g. a 16x16 row\n"
        "    . 11 . . 13 5 . . . 2 16 14 . . 10 .\n"
        "'|' and lines of '-', '+', '|' (box drawings) are ignored; lines starting with #\n"
        "are comments. Cells are V0.. row by row.\n"
        "The alldifferent strength is chosen with --alldiff value|bounds|domain (default domain).\n";
    kind.builtin_text =
        "# Top95 #1 (magictour.free.fr/top95)\n"
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    kind.parse = parse_sudoku;
    kind.one_line_form = true;
    // dom/wdeg against first-fail (instructions, callgrind, batch of the first N
    // puzzles): forum_hardest 200 -26%, top1465 1000 -5%, 17-clue 2000 -1%.
    kind.default_variable_selection = VariableSelection::dom_wdeg;
    registry.add(std::move(kind));
}

}  // namespace prune::puzzles
