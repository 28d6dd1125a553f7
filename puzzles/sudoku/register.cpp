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
        "  - one line of N*N characters: '.', '0' or '_' blank, digits, letters A.. for\n"
        "    values above 9 (A = 10, ..., P = 25);\n"
        "  - N lines of N such characters, which may be split into boxes by blanks or\n"
        "    '|' (4.. ... 8.5 or 4..|...|8.5);\n"
        "  - N lines of N values separated by blanks ('.', '0' or '_' blank), e.g. a 16x16\n"
        "    row . 11 . . 13 5 . . . 2 16 14 . . 10 .\n"
        "Lines of '-', '+', '|' (box drawings: ------+-------) and an .sdk [Puzzle] header\n"
        "are ignored; lines starting with # are comments. The puzzle may also be given in\n"
        "place of FILE, all 81 characters: prune solve sudoku 4.....8.5.3..........7...\n"
        "Names: cells r1c1 (row 1, column 1); rules 'row 1', 'column 1', 'box 1' (boxes\n"
        "row by row): in check lines, --explain r3c4, --profile and traces alike.\n"
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
