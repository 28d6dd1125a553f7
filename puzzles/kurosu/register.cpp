#include "puzzles/kurosu/kurosu_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

void register_kurosu(Registry& registry) {
    PuzzleKind kind;
    kind.name = "kurosu";
    kind.example_file = "kurosu6_dm_2018-06-01.txt";  // in puzzles/kurosu/examples/
    kind.description = "0/1 grid: rows and columns balanced, never three equal in a line (Unruly)";
    kind.format_help =
        "Kurosu (Unruly; Takuzu without the unique-line rule): fill a grid of even width\n"
        "and height with 0 and 1 so that every row and every column holds as many 0s as\n"
        "1s, and no three equal cells are adjacent horizontally or vertically.\n"
        "\n"
        "Input: one line per row of '.', '0' and '1' ('X' is accepted for 1). Rectangular\n"
        "grids (e.g. 8x6) are accepted. Lines starting with # are comments.\n"
        "Example (6x6):\n"
        "  ...0.1\n"
        "  0...0.\n"
        "  1.1.1.\n"
        "  ..0...\n"
        "  .1.0.1\n"
        "  0....0\n"
        "Names: cells r1c1 (row 1, column 1); rules 'row 1 balance', 'row 1 runs',\n"
        "'rows 1,2': in check lines, --explain (--explain r2c3) and traces alike.\n"
        "Output: the grid of 0/1 and a check line per rule.\n";
    kind.options = {{"--unique-lines", "also require all rows and all columns to be pairwise different (Takuzu)"}};
    kind.builtin_text =
        "#Kurosu6 DM 01 June 2018\n"
        "...0.1\n"
        "0...0.\n"
        "1.1.1.\n"
        "..0...\n"
        ".1.0.1\n"
        "0....0\n";
    kind.parse = parse_kurosu;
    registry.add(std::move(kind));
}

}  // namespace prune::puzzles
