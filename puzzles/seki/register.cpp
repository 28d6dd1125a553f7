#include "puzzles/registry.hpp"
#include "puzzles/seki/seki_puzzle.hpp"

namespace prune::puzzles {

void register_seki(Registry& registry) {
    PuzzleKind kind;
    kind.name = "seki";
    kind.example_file = "seki_4x4.txt";  // in puzzles/seki/examples/
    kind.description = "black/white grid; a rotor at each inner corner says how its four cells are coloured";
    kind.format_help =
        "Seki: an n x n grid of black (1) and white (0) cells with a rotor at each of the\n"
        "(n-1)^2 inner intersections. Each rotor constrains its four cells:\n"
        "  +  exactly one black          -  exactly three black\n"
        "  o  two black, diagonally opposite\n"
        "  a  two black, side by side\n"
        "\n"
        "Input: the rotors row by row, either as one line of (n-1)^2 characters\n"
        "(the classic 4x4 puzzle: oo+ooaoo-) or as n-1 lines of n-1 characters.\n"
        "Lines starting with # are comments; blank lines are ignored.\n"
        "Names: cells r1c1 (row 1, column 1); 'rotor 1 (o)' (rotors numbered row by row)\n"
        "covers the four cells around its intersection: in check lines, --explain (e.g.\n"
        "--explain r2c3) and traces alike. A grid missing a line is reported by its rows.\n"
        "Output: the n x n grid of 0/1 and one check line per rotor.\n";
    kind.builtin_text = "# The classic 4x4 seki\noo+ooaoo-\n";
    kind.parse = parse_seki;
    kind.one_line_form = true;
    registry.add(std::move(kind));
}

}  // namespace prune::puzzles
