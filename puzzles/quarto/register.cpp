#include "puzzles/quarto/quarto_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

PuzzleKind quarto_kind() {
    return {
        .name = "quarto",
        .description = "Quarto draw boards: 16 pieces, no line whose four pieces share an attribute",
        .format_help = R"text(Quarto: place the 16 Quarto pieces on the 4x4 board so that no line holds four
pieces sharing a value of an attribute. Piece p = 0..15 has four binary
attributes, bit 3 down to bit 0: light/dark, tall/short, round/square, hollow/solid
(0 = light tall round hollow, 15 = dark short square solid).

Input (every part optional; no file: the empty board, default families):
  lines rows,columns,diagonals,blocks      the line families (commas or blanks)
  . . . .                                  the board: 4 rows of 4 entries,
  . 5 . .                                  '.' or a given piece 0..15
  . . . .
  . . . 15
Families: rows, columns, diagonals (the two main ones), blocks (the nine 2x2
squares), torus-blocks (the 16 2x2 squares of the wrapped board), broken-diagonals
(the 8 diagonals of the wrapped board). Default: rows,columns,diagonals,blocks.
Names: cells r1c1..r4c4 (holding piece numbers); lines 'row 1', 'block r1c1', ...:
in check lines, --explain and traces alike.
Output: the board of piece numbers, then each row's pieces in words, and the checks.
--count counts the boards through the 384 piece maps (XOR masks x attribute
permutations), which act freely: one count per orbit of the pieces on the first
cells (--reduction=D, D = 0..3; 0 or --plain-count: one plain count; with given
pieces always plain). --up-to-symmetry adds the number of boards up to those maps
and the board symmetries that keep the lines (Burnside's lemma).
)text",
        .options = {{"--lines", "the line families, e.g. rows,columns,diagonals (overrides the file)", "LIST"},
                    {"--model", "permutation (tables, the default), masks (bitmask lines, faster) or attributes (0/1 sums)", "NAME"},
                    {"--reduction", "--count: fix the pieces of the first D cells up to the piece maps (0..3, default 3)", "D"},
                    {"--plain-count", "--count enumerates every board (same as --reduction=0)"},
                    {"--up-to-symmetry", "--count also counts the boards up to symmetry (Burnside's lemma)"}},
        .example_file = "quarto_game.txt",  // in puzzles/quarto/examples/
        .builtin_text = R"text(# The empty Quarto board with the default line families
lines rows,columns,diagonals,blocks
)text",
        .parse = parse_quarto,
    };
}

}  // namespace prune::puzzles
