// Builds against an installed prune and counts the 92 solutions of 8-queens twice:
// on the heap, and in a buffer of its own through prune::arena_new (engine/memory.hpp).
#include <cstdio>

#include <prune/prune.hpp>

namespace {

std::uint64_t count_queens(prune::Solver& s) {
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
    return n;
}

alignas(16) unsigned char arena[128 * 1024];

}  // namespace

int main() {
    prune::Solver heap_solver;
    const std::uint64_t on_heap = count_queens(heap_solver);
    prune::Solver arena_solver(arena, sizeof arena);
    if (!arena_solver.error().empty()) {
        std::printf("arena solver: %s\n", arena_solver.error().c_str());
        return 1;
    }
    const std::uint64_t in_arena = count_queens(arena_solver);
    const bool all_in_arena = !arena_solver.memory_exhausted() && arena_solver.arena()->peak() > 0;
    std::printf("%llu %llu\n", static_cast<unsigned long long>(on_heap), static_cast<unsigned long long>(in_arena));
    return on_heap == 92 && in_arena == 92 && all_in_arena ? 0 : 1;
}
