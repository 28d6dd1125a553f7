#include "puzzles/bugbyte/bugbyte_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

void register_bugbyte(Registry& registry) {
    PuzzleKind kind;
    kind.name = "bugbyte";
    kind.example_file = "bugbyte.txt";  // in puzzles/bugbyte/examples/
    kind.description = "weigh a graph's edges with distinct numbers to meet node sums and path clues (Jane Street's Bug Byte)";
    kind.format_help =
        "Bug Byte (Jane Street, 2024): give every edge of a graph a distinct weight in\n"
        "LO..HI (default 1..the number of edges) so that\n"
        "  - the weights of the edges at each summed node add up to its sum;\n"
        "  - for each path clue, some simple path that starts at its node (one edge or\n"
        "    more, no node twice) has weights adding up to its total (several clues at\n"
        "    one node are separate clues).\n"
        "The answer is the lightest path between the route's two nodes, each weight read\n"
        "as a letter (1 = A ... 26 = Z); if several paths tie, the output says so.\n"
        "\n"
        "Input, one statement per line, in any order ('#' starts a comment line):\n"
        "  edge U V [W]     an edge between nodes U and V (any words), W a given weight\n"
        "  node N SUM       the weights at node N add up to SUM\n"
        "  path N TOTAL     a simple path from N has weights adding up to TOTAL\n"
        "  route A B        the answer route (needs LO >= 1)\n"
        "  weights LO HI    the range of the weights (at least one per edge)\n"
        "Errors: unknown statements, bad numbers, an edge given twice or joining a node\n"
        "to itself, a given weight outside LO..HI or given twice, too few weights, a node\n"
        "that no edge names, a node with two sums, a path clue with too many paths.\n"
        "Names: an edge is named U-V (its cell holds its weight); rules 'node N', 'path\n"
        "from N total T', 'Distinct weights': in check lines, --explain and traces alike.\n"
        "Output: 'U-V: W' per edge, then 'Answer: WORD (lightest path ..., weight N)'.\n"
        "JSON: {\"weights\": {\"U-V\": W, ...}, \"answer\": \"WORD\"}.\n"
        "Without a file: the Bug Byte graph (18 nodes, 24 edges, route 5 -> 15).\n";
    kind.builtin_text =
        "# Jane Street's Bug Byte (puzzle of 2024): 18 nodes, 24 edges, weights 1..24\n"
        "edge 1 2\n"
        "edge 1 4\n"
        "edge 2 5\n"
        "edge 4 5 12\n"
        "edge 4 7\n"
        "edge 3 7\n"
        "edge 5 9\n"
        "edge 6 9\n"
        "edge 7 11\n"
        "edge 8 11\n"
        "edge 9 11\n"
        "edge 7 10\n"
        "edge 10 18\n"
        "edge 10 14 7\n"
        "edge 10 13\n"
        "edge 11 10 24\n"
        "edge 11 12\n"
        "edge 9 12 20\n"
        "edge 13 14\n"
        "edge 12 16\n"
        "edge 12 17\n"
        "edge 13 16\n"
        "edge 14 15\n"
        "edge 16 15\n"
        "# node sums: the weights at the node add up to\n"
        "node 1 17\n"
        "node 2 3\n"
        "node 7 54\n"
        "node 11 60\n"
        "node 9 49\n"
        "node 12 75\n"
        "node 10 79\n"
        "node 13 29\n"
        "node 16 25\n"
        "node 14 39\n"
        "# path clues: a simple path from the node adds up to\n"
        "path 3 31\n"
        "path 6 8\n"
        "path 4 19\n"
        "path 4 23\n"
        "path 8 6\n"
        "path 8 9\n"
        "path 8 16\n"
        "route 5 15\n";
    kind.parse = parse_bugbyte;
    registry.add(std::move(kind));
}

}  // namespace prune::puzzles
