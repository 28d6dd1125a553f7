#include "puzzles/numberworkout/numberworkout_puzzle.hpp"
#include "puzzles/registry.hpp"

namespace prune::puzzles {

void register_numberworkout(Registry& registry) {
    PuzzleKind kind;
    kind.name = "numberworkout";
    kind.example_file = "nw_003.txt";  // in puzzles/numberworkout/examples/
    kind.description = "13 touching hexagons of 6 segments; digits 1..6 differ in a hexagon, agree where hexagons touch";
    kind.format_help =
        "Number Workout: 13 hexagons stacked in a fixed layout (three columns: 2 5 8 11 |\n"
        "1 4 7 10 13 | 3 6 9 12), each split into 6 segments. The digits 1..6 go into the\n"
        "segments, all different within a hexagon; where two hexagons touch, the two\n"
        "touching segments hold the same digit.\n"
        "\n"
        "Input: 10 lines of digits holding 3, 9, 9, 9, 9, 9, 9, 9, 9 and 3 digits, 0 for\n"
        "unknown. Any other line length is an error. Cells are r1c1 (row 1, column 1) by\n"
        "those rows; the two cells of a touching pair share one variable, named after\n"
        "the first (--explain takes either name).\n"
        "Lines starting with # are comments. Example (nw_003):\n"
        "  501\n  040000050\n  100000002\n  200006003\n  000000000\n"
        "  400600005\n  000003006\n  300200006\n  060000040\n  401\n"
        "Output: the digits in the input's layout, a check line per touching pair and per\n"
        "hexagon. The HTML page draws the 13 hexagons, the touching pairs highlighted.\n";
    kind.builtin_text =
        "#nw nw_003.txt DMWeekend 25 May 2020\n"
        "501\n040000050\n100000002\n200006003\n000000000\n400600005\n000003006\n300200006\n060000040\n401\n";
    kind.parse = parse_numberworkout;
    registry.add(std::move(kind));
}

}  // namespace prune::puzzles
