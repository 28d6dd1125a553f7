// n-queens with prune: count (or print) the placements of n non-attacking queens.
//   queens [N] [--print]      (default N = 8)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <prune/prune.hpp>

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 8;
    const bool print = argc > 2 && std::strcmp(argv[2], "--print") == 0;
    if (n < 1 || n > 1000) {
        std::fprintf(stderr, "queens: N must be in 1..1000\n");
        return 2;
    }
    prune::Solver solver;
    // q[i] is the column of the queen in row i; columns and both diagonals differ.
    std::vector<prune::IntVar> q = solver.new_int_vars(n, 0, n - 1, "q");
    std::vector<prune::IntVar> up, down;
    for (int i = 0; i < n; ++i) {
        up.push_back(solver.new_int_var(i, n - 1 + i));
        down.push_back(solver.new_int_var(-i, n - 1 - i));
        prune::equal_offset(solver, up[i], q[i], i);
        prune::equal_offset(solver, down[i], q[i], -i);
    }
    prune::all_different(solver, q, prune::Consistency::value);
    prune::all_different(solver, up, prune::Consistency::value);
    prune::all_different(solver, down, prune::Consistency::value);

    prune::SearchOptions options;
    options.decision_variables = q;
    options.variable = prune::VariableSelection::input_order;
    prune::Search search(solver, options);
    std::uint64_t count = 0;
    while (search.next() == prune::SearchStatus::solution) {
        ++count;
        if (print && count == 1) {
            for (int i = 0; i < n; ++i) std::printf("%d%c", solver.value(q[i]), i + 1 < n ? ' ' : '\n');
        }
    }
    const prune::SearchStatistics& st = search.statistics();
    std::printf("%d-queens: %llu solutions, %llu nodes, %llu failures, %.3f s\n", n,
                static_cast<unsigned long long>(count), static_cast<unsigned long long>(st.nodes),
                static_cast<unsigned long long>(st.failures), st.seconds);
    return 0;
}
