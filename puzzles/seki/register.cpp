#include "puzzles/seki/seki_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

PuzzleKind seki_kind() {
    return {
        .name = "seki",
        .description = "black/white grid; a rotor at each inner corner says how its four cells are coloured",
        .format_help = R"text(Seki: an n x n grid of black (1) and white (0) cells with a rotor at each of the
(n-1)^2 inner intersections. Each rotor constrains its four cells:
  +  exactly one black          -  exactly three black
  o  two black, diagonally opposite
  a  two black, side by side

Input: the rotors row by row, either as one line of (n-1)^2 characters
(the classic 4x4 puzzle: oo+ooaoo-) or as n-1 lines of n-1 characters.
Lines starting with # are comments; blank lines are ignored.
Names: cells r1c1 (row 1, column 1); 'rotor 1 (o)' (rotors numbered row by row)
covers the four cells around its intersection: in check lines, --explain (e.g.
--explain r2c3) and traces alike. A grid missing a line is reported by its rows.
Output: the n x n grid of 0/1 and one check line per rotor.
)text",
        .example_file = "seki_4x4.txt",  // in puzzles/seki/examples/
        .builtin_text = R"text(# The classic 4x4 seki
oo+ooaoo-
)text",
        .parse = parse_seki,
        .one_line_form = true,
    };
}

}  // namespace prune::puzzles
