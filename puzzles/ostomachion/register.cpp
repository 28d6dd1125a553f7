#include "puzzles/ostomachion/ostomachion_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

PuzzleKind ostomachion_kind() {
    return {
        .name = "ostomachion",
        .description = "colour a map's regions: neighbours differ, every colour covers the same area",
        .format_help = R"text(Ostomachion: colour the regions of a map (Archimedes' 12x12 square cut into 14
regions by default) with K colours so that neighbouring regions differ and every
colour covers the same area (the total area / K).

Input: a line 'colours K', then one line per region:
  REGION AREA : NEIGHBOUR...
Adjacency is symmetric (a one-sided listing is completed); naming an unknown
region is an error, and so is a total area not divisible by K.
Names: a region's cell is named by the region (it holds a colour 0..K-1); rules
'border A-B', 'area red': in check lines, --explain and traces alike.
Output: 'REGION: COLOUR' per region (red, green, blue, yellow, ...) and the checks.
--count prints the number of colourings and the number up to renaming the colours;
it counts the canonical colourings (colours first used in the order 0, 1, ...) and
multiplies by K! (with --plain-count: every colouring, then divides).
)text",
        .options = {{"--colours", "the number of colours (overrides the file's 'colours' line)", "K"},
                    {"--plain-count", "--count enumerates every colouring instead of the canonical ones"}},
        .example_file = "ostomachion.txt",  // in puzzles/ostomachion/examples/
        .builtin_text = R"text(# Archimedes' Ostomachion: 14 regions of a 12x12 square (area: neighbours)
colours 4
0 12 : 1 5 6
1 6 : 0 2 13
2 21 : 1 12 3 5
3 3 : 2 4 5
4 6 : 3 5
5 12 : 0 2 3 4 6
6 12 : 0 5
7 24 : 8 13
8 3 : 7 9
9 9 : 8 10
10 6 : 9 11 13
11 12 : 10 12
12 6 : 11 13 2
13 12 : 1 7 10 12
)text",
        .parse = parse_ostomachion,
    };
}

}  // namespace prune::puzzles
