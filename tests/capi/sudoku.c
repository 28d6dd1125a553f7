/* A C99 program on prune's C API: solves a 9x9 sudoku and says whether it is unique.
 *   c_api_sudoku [81 characters, '.' or '0' for a blank]
 * Prints the 81 digits of the solution and "unique" or "not unique"; exit 0 solved,
 * 1 no solution, 2 bad input or an API error. Built with a C compiler by the tests. */
#include <stdio.h>
#include <string.h>

#include <prune/prune.h>

static int fail(prune_solver* solver, const char* what) {
    fprintf(stderr, "c_api_sudoku: %s: %s\n", what, prune_solver_error(solver));
    prune_solver_free(solver);
    return 2;
}

/* The cells of group k (0-8 rows, 9-17 columns, 18-26 boxes). */
static void group_cells(int k, int cells[9]) {
    for (int j = 0; j < 9; ++j) {
        if (k < 9) cells[j] = 9 * k + j;
        else if (k < 18) cells[j] = 9 * j + (k - 9);
        else {
            const int b = k - 18;
            cells[j] = 9 * (3 * (b / 3) + j / 3) + 3 * (b % 3) + j % 3;
        }
    }
}

int main(int argc, char** argv) {
    const char* puzzle = argc > 1 ? argv[1]
        : "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    if (strlen(puzzle) != 81) {
        fprintf(stderr, "c_api_sudoku: the puzzle must have 81 characters\n");
        return 2;
    }
    prune_solver* solver = prune_solver_new();
    if (solver == NULL) return 2;
    prune_var cell[81];
    for (int i = 0; i < 81; ++i) {
        cell[i] = prune_int_var(solver, 1, 9, NULL);
        if (cell[i] < 0) return fail(solver, "variable");
        if (puzzle[i] >= '1' && puzzle[i] <= '9' &&
            prune_compare_value(solver, cell[i], PRUNE_EQ, puzzle[i] - '0') == PRUNE_ERROR_ARGUMENT)
            return fail(solver, "clue");
    }
    for (int k = 0; k < 27; ++k) {
        int index[9];
        prune_var group[9];
        group_cells(k, index);
        for (int j = 0; j < 9; ++j) group[j] = cell[index[j]];
        if (prune_all_different(solver, group, 9, PRUNE_DOMAIN) == PRUNE_ERROR_ARGUMENT)
            return fail(solver, "all_different");
    }
    prune_search* search = prune_search_new(solver, NULL);
    if (search == NULL) return fail(solver, "search");
    const prune_result first = prune_search_next(search);
    if (first != PRUNE_SOLUTION) {
        printf("%s\n", first == PRUNE_EXHAUSTED ? "no solution" : "stopped");
        prune_search_free(search);
        prune_solver_free(solver);
        return first == PRUNE_EXHAUSTED ? 1 : 2;
    }
    for (int i = 0; i < 81; ++i) printf("%d", (int)prune_value(solver, cell[i]));
    const prune_result second = prune_search_next(search);
    printf("\n%s\n", second == PRUNE_SOLUTION ? "not unique" : second == PRUNE_EXHAUSTED ? "unique" : "unknown");
    const prune_statistics statistics = prune_search_statistics(search);
    printf("%llu nodes\n", (unsigned long long)statistics.nodes);
    prune_search_free(search);
    prune_solver_free(solver);
    return 0;
}
