#include "puzzles/quarto/quarto_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

void register_quarto(Registry& registry) {
    PuzzleKind kind;
    kind.name = "quarto";
    kind.example_file = "quarto_game.txt";  // in puzzles/quarto/examples/
    kind.description = "Quarto draw boards: 16 pieces, no line whose four pieces share an attribute";
    kind.format_help =
        "Quarto: place the 16 Quarto pieces on the 4x4 board so that no line holds four\n"
        "pieces sharing a value of an attribute. Piece p = 0..15 has four binary\n"
        "attributes, bit 3 down to bit 0: light/dark, tall/short, round/square, hollow/solid\n"
        "(0 = light tall round hollow, 15 = dark short square solid).\n"
        "\n"
        "Input (every part optional; no file: the empty board, default families):\n"
        "  lines rows,columns,diagonals,blocks      the line families (commas or blanks)\n"
        "  . . . .                                  the board: 4 rows of 4 entries,\n"
        "  . 5 . .                                  '.' or a given piece 0..15\n"
        "  . . . .\n"
        "  . . . 15\n"
        "Families: rows, columns, diagonals (the two main ones), blocks (the nine 2x2\n"
        "squares), torus-blocks (the 16 2x2 squares of the wrapped board), broken-diagonals\n"
        "(the 8 diagonals of the wrapped board). Default: rows,columns,diagonals,blocks.\n"
        "Names: cells r1c1..r4c4 (holding piece numbers); lines 'row 1', 'block r1c1', ...:\n"
        "in check lines, --explain and traces alike.\n"
        "Output: the board of piece numbers, then each row's pieces in words, and the checks.\n"
        "--count counts the boards through the 384 piece maps (XOR masks x attribute\n"
        "permutations), which act freely: one count per orbit of the pieces on the first\n"
        "cells (--reduction=D, D = 0..3; 0 or --plain-count: one plain count; with given\n"
        "pieces always plain). --up-to-symmetry adds the number of boards up to those maps\n"
        "and the board symmetries that keep the lines (Burnside's lemma).\n";
    kind.options = {{"--lines", "the line families, e.g. rows,columns,diagonals (overrides the file)", "LIST"},
                    {"--model", "permutation (a table per line, the default) or attributes (0/1 attributes, sums)", "NAME"},
                    {"--reduction", "--count: fix the pieces of the first D cells up to the piece maps (0..3, default 3)", "D"},
                    {"--plain-count", "--count enumerates every board (same as --reduction=0)"},
                    {"--up-to-symmetry", "--count also counts the boards up to symmetry (Burnside's lemma)"}};
    kind.builtin_text =
        "# The empty Quarto board with the default line families\n"
        "lines rows,columns,diagonals,blocks\n";
    kind.parse = parse_quarto;
    registry.add(std::move(kind));
}

}  // namespace prune::puzzles
