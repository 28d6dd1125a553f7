#include "puzzles/kakuro/kakuro_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

PuzzleKind kakuro_kind() {
    const std::string builtin = R"text(# Kakuro 7x7: each run of white squares holds distinct digits 1-9 adding up to its clue
# (D\R: the sum of the run below / to the right of a black square)
   X  17\  34\    X    X  23\  16\
 \16    .    .  22\  \17    .    .
 \22    .    .    . 8\16    .    .
   X  \30    .    .    .    .    X
   X 3\15    .    .    .   5\   4\
  \4    .    .    X   \5    4    .
  \3    .    .    X   \4    .    .
)text";
    return {
        .name = "kakuro",
        .description = "runs of white squares hold distinct digits 1-9 adding up to their clues",
        .format_help = R"text(Kakuro: a grid of black and white squares. Each run of two or more white squares
in a row or a column holds distinct digits 1..9 that add up to the clue in the black
square just before it (left of an across run, above a down run).

Input: one row of the grid per line, squares separated by blanks:
  .  (or _)  a white square; a digit 1-9 gives its value
  X          a black square without a clue (X or x: a # would start a comment)
  D\A        a black square with the sum D of the run below it and A of the run
             to its right; either may be left out: 16\ or \24
Every run needs its clue and every clue its run. For example:
)text" + indented_example(builtin) + R"text(
Model: one distinct_sum per run, domain consistent on the digits and the sum
together (engine/propagators/distinct_sum.hpp).
Names: white squares r1c1 by their place in the grid (black squares count); rules
'across r2c2' / 'down r2c2' (distinct digits, named by the run's first square) and
'across r2c2 sum'.
)text",
        .example_file = "kakuro_7x7.txt",  // in puzzles/kakuro/examples/
        .builtin_text = builtin,
        .parse = parse_kakuro,
    };
}

}  // namespace prune::puzzles
