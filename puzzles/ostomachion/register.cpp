#include "puzzles/ostomachion/ostomachion_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

void register_ostomachion(Registry& registry) {
    PuzzleKind kind;
    kind.name = "ostomachion";
    kind.example_file = "ostomachion.txt";  // in puzzles/ostomachion/examples/
    kind.description = "colour a map's regions: neighbours differ, every colour covers the same area";
    kind.format_help =
        "Ostomachion: colour the regions of a map (Archimedes' 12x12 square cut into 14\n"
        "regions by default) with K colours so that neighbouring regions differ and every\n"
        "colour covers the same area (the total area / K).\n"
        "\n"
        "Input: a line 'colours K', then one line per region:\n"
        "  REGION AREA : NEIGHBOUR...\n"
        "Adjacency is symmetric (a one-sided listing is completed); naming an unknown\n"
        "region is an error, and so is a total area not divisible by K.\n"
        "Names: a region's cell is named by the region (it holds a colour 0..K-1); rules\n"
        "'border A-B', 'area red': in check lines, --explain and traces alike.\n"
        "Output: 'REGION: COLOUR' per region (red, green, blue, yellow, ...) and the checks.\n"
        "--count prints the number of colourings and the number up to renaming the colours;\n"
        "it counts the canonical colourings (colours first used in the order 0, 1, ...) and\n"
        "multiplies by K! (with --plain-count: every colouring, then divides).\n";
    kind.options = {{"--colours", "the number of colours (overrides the file's 'colours' line)", "K"},
                    {"--plain-count", "--count enumerates every colouring instead of the canonical ones"}};
    kind.builtin_text =
        "# Archimedes' Ostomachion: 14 regions of a 12x12 square (area: neighbours)\n"
        "colours 4\n"
        "0 12 : 1 5 6\n"
        "1 6 : 0 2 13\n"
        "2 21 : 1 12 3 5\n"
        "3 3 : 2 4 5\n"
        "4 6 : 3 5\n"
        "5 12 : 0 2 3 4 6\n"
        "6 12 : 0 5\n"
        "7 24 : 8 13\n"
        "8 3 : 7 9\n"
        "9 9 : 8 10\n"
        "10 6 : 9 11 13\n"
        "11 12 : 10 12\n"
        "12 6 : 11 13 2\n"
        "13 12 : 1 7 10 12\n";
    kind.parse = parse_ostomachion;
    registry.add(std::move(kind));
}

}  // namespace prune::puzzles
