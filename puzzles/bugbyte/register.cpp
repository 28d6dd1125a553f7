#include "puzzles/bugbyte/bugbyte_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

PuzzleKind bugbyte_kind() {
    return {
        .name = "bugbyte",
        .description = "weigh a graph's edges with distinct numbers to meet node sums and path clues (Jane Street's Bug Byte)",
        .format_help = R"text(Bug Byte (Jane Street, 2024): give every edge of a graph a distinct weight in
LO..HI (default 1..the number of edges) so that
  - the weights of the edges at each summed node add up to its sum;
  - for each path clue, some simple path that starts at its node (one edge or
    more, no node twice) has weights adding up to its total (several clues at
    one node are separate clues).
The answer is the lightest path between the route's two nodes, each weight read
as a letter (1 = A ... 26 = Z); if several paths tie, the output says so.

Input, one statement per line, in any order ('#' starts a comment line):
  edge U V [W]     an edge between nodes U and V (any words), W a given weight
  node N SUM       the weights at node N add up to SUM
  path N TOTAL     a simple path from N has weights adding up to TOTAL
  route A B        the answer route (needs LO >= 1)
  weights LO HI    the range of the weights (at least one per edge)
Errors: unknown statements, bad numbers, an edge given twice or joining a node
to itself, a given weight outside LO..HI or given twice, too few weights, a node
that no edge names, a node with two sums, a path clue with too many paths.
Names: an edge is named U-V (its cell holds its weight); rules 'node N', 'path
from N total T', 'Distinct weights': in check lines, --explain and traces alike.
Output: 'U-V: W' per edge, then 'Answer: WORD (lightest path ..., weight N)'.
JSON: {"weights": {"U-V": W, ...}, "answer": "WORD"}.
Without a file: the Bug Byte graph (18 nodes, 24 edges, route 5 -> 15).
)text",
        .example_file = "bugbyte.txt",  // in puzzles/bugbyte/examples/
        .builtin_text = R"text(# Jane Street's Bug Byte (puzzle of 2024): 18 nodes, 24 edges, weights 1..24
edge 1 2
edge 1 4
edge 2 5
edge 4 5 12
edge 4 7
edge 3 7
edge 5 9
edge 6 9
edge 7 11
edge 8 11
edge 9 11
edge 7 10
edge 10 18
edge 10 14 7
edge 10 13
edge 11 10 24
edge 11 12
edge 9 12 20
edge 13 14
edge 12 16
edge 12 17
edge 13 16
edge 14 15
edge 16 15
# node sums: the weights at the node add up to
node 1 17
node 2 3
node 7 54
node 11 60
node 9 49
node 12 75
node 10 79
node 13 29
node 16 25
node 14 39
# path clues: a simple path from the node adds up to
path 3 31
path 6 8
path 4 19
path 4 23
path 8 6
path 8 9
path 8 16
route 5 15
)text",
        .parse = parse_bugbyte,
    };
}

}  // namespace prune::puzzles
