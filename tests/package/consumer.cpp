// Builds against an installed prune and counts the 92 solutions of 8-queens.
#include <cstdio>

#include <prune/prune.hpp>

int main() {
    prune::Solver s;
    std::vector<prune::IntVar> q = s.new_int_vars(8, 0, 7);
    for (int i = 0; i < 8; ++i)
        for (int j = i + 1; j < 8; ++j) {
            prune::not_equal(s, q[i], q[j]);
            prune::not_equal_offset(s, q[i], q[j], j - i);
            prune::not_equal_offset(s, q[i], q[j], i - j);
        }
    prune::Search search(s);
    std::uint64_t n = 0;
    search.count(n);
    std::printf("%llu\n", static_cast<unsigned long long>(n));
    return n == 92 ? 0 : 1;
}
