// A 9x9 sudoku with prune, the whole model in a dozen lines.
//   sudoku_example [81 characters, '.' or '0' for a blank]
#include <cstdio>
#include <cstring>
#include <vector>

#include <prune/prune.hpp>

int main(int argc, char** argv) {
    const char* puzzle = argc > 1 ? argv[1]
        : "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    if (std::strlen(puzzle) != 81) {
        std::fprintf(stderr, "sudoku_example: the puzzle must have 81 characters\n");
        return 2;
    }
    prune::Solver s;
    std::vector<prune::IntVar> cell = s.new_int_vars(81, 1, 9, "c");
    for (int i = 0; i < 81; ++i) {
        // A given fixes its cell; a failed update (never on a fresh cell) means no solution.
        if (puzzle[i] >= '1' && puzzle[i] <= '9' && prune::is_failure(s.assign(cell[i], puzzle[i] - '0'))) s.fail();
    }
    for (int k = 0; k < 9; ++k) {
        std::vector<prune::IntVar> row, column, box;
        for (int j = 0; j < 9; ++j) {
            row.push_back(cell[9 * k + j]);
            column.push_back(cell[9 * j + k]);
            box.push_back(cell[9 * (3 * (k / 3) + j / 3) + 3 * (k % 3) + j % 3]);
        }
        for (auto* group : {&row, &column, &box}) prune::all_different(s, *group, prune::Consistency::domain);
    }
    prune::Search search(s);
    if (search.next() != prune::SearchStatus::solution) {
        std::puts("no solution");
        return 1;
    }
    for (int i = 0; i < 81; ++i) std::printf("%d%s", s.value(cell[i]), i % 9 == 8 ? "\n" : "");
    std::printf("%llu nodes, %llu failures\n", static_cast<unsigned long long>(search.statistics().nodes),
                static_cast<unsigned long long>(search.statistics().failures));
    return 0;
}
