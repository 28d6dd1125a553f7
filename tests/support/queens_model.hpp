// n-queens as the tests state it for alldifferent: columns q[i] in 0..n-1, and the
// diagonals as offset copies, up[i] = q[i] + i and down[i] = q[i] - i, each of the
// three groups all different at `strength`. 92 solutions for n = 8, 724 for n = 10.
#pragma once
#include <vector>

#include "engine/prune.hpp"

namespace prune::test {

// Posts the model and returns the column variables q.
inline std::vector<IntVar> queens_alldifferent(Solver& s, int n, Consistency strength) {
    std::vector<IntVar> q = s.new_int_vars(n, 0, n - 1);
    std::vector<IntVar> up, down;
    for (int i = 0; i < n; ++i) {
        up.push_back(s.new_int_var(i, n - 1 + i));
        down.push_back(s.new_int_var(-i, n - 1 - i));
        equal_offset(s, up.back(), q[i], i);
        equal_offset(s, down.back(), q[i], -i);
    }
    all_different(s, q, strength);
    all_different(s, up, strength);
    all_different(s, down, strength);
    return q;
}

}  // namespace prune::test
