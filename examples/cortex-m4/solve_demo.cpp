// The embedded demo: the Easter Monster sudoku and 8-queens, solved by the engine and
// printed through a platform's write function. The same file runs on the host
// (host_platform.cpp) and on a bare-metal Cortex-M4 (mps2_an386_platform.cpp, under
// QEMU); the test compares the two outputs' answer lines.
#include <cstdint>
#include <vector>

#include "engine/prune.hpp"
#include "platform.hpp"

namespace {

// Each problem's solver lives in this buffer (engine/memory.hpp): its model, search
// and state, with a peak reported on the memory line. Sized from that peak with some
// headroom; too small a buffer ends the search with a limit, printed as FAILED.
#if !defined(PRUNE_DEMO_ARENA_BYTES)
#define PRUNE_DEMO_ARENA_BYTES (256 * 1024)
#endif
alignas(16) unsigned char arena[PRUNE_DEMO_ARENA_BYTES];
std::size_t arena_peak = 0;

void write_field(const char* label, std::uint64_t n);
void note_peak(const prune::Solver& s, const prune::Search& search, const char* problem) {
    if (s.arena() != nullptr && s.arena()->peak() > arena_peak) arena_peak = s.arena()->peak();
    // What the search's reservations (SearchOptions::trail_reserve, depth_reserve)
    // must hold for this run not to grow them: how the figures below were chosen.
    platform_write(problem);
    write_field("trail-peak", s.trail().high_water());
    write_field("depth-peak", search.statistics().max_depth);
    platform_write("\n");
}

// Writes " label n" (no printf: it would cost more flash than the engine's search).
void write_field(const char* label, std::uint64_t n) {
    char text[24];
    int i = 23;
    text[i] = '\0';
    do {
        text[--i] = static_cast<char>('0' + n % 10);
        n /= 10;
    } while (n != 0);
    platform_write(" ");
    platform_write(label);
    platform_write(" ");
    platform_write(text + i);
}

// The Easter Monster (Stertenbrink), one of the hardest known 9x9 sudokus.
constexpr char easter_monster[] =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

[[maybe_unused]] bool solve_sudoku() {
    prune::Solver s(arena, sizeof arena);
    std::vector<prune::IntVar> cell = s.new_int_vars(81, 1, 9);
    for (int i = 0; i < 81; ++i)
        if (easter_monster[i] != '.' && prune::is_failure(s.assign(cell[i], easter_monster[i] - '0'))) return false;
    std::vector<prune::IntVar> row(9), column(9), box(9);
    for (int k = 0; k < 9; ++k) {
        for (int j = 0; j < 9; ++j) {
            row[j] = cell[9 * k + j];
            column[j] = cell[9 * j + k];
            box[j] = cell[9 * (3 * (k / 3) + j / 3) + 3 * (k % 3) + j % 3];
        }
        for (const auto* group : {&row, &column, &box})
            if (!prune::all_different(s, *group, prune::Consistency::domain)) return false;
    }
    // The undo log and the depth this run needs (the sudoku-reserves line: 438 entries
    // and 12 choice points), not the engine's estimates from the model (3,859 entries
    // and 388 choice points: 56 KB here).
    prune::SearchOptions options;
    options.trail_reserve = 512;
    options.depth_reserve = 32;
    prune::Search search(s, options);
    const bool solved = search.next() == prune::SearchStatus::solution;
    note_peak(s, search, "sudoku-reserves");
    if (!solved) return false;
    char digits[82];
    for (int i = 0; i < 81; ++i) digits[i] = static_cast<char>('0' + s.value(cell[i]));
    digits[81] = '\0';
    platform_write("sudoku ");
    platform_write(digits);
    write_field("nodes", search.statistics().nodes);
    platform_write("\n");
    return true;
}

[[maybe_unused]] bool solve_queens(int n) {
    prune::Solver s(arena, sizeof arena);
    std::vector<prune::IntVar> q = s.new_int_vars(n, 0, n - 1);
    // One queen per column (alldifferent by value: the image links no stronger
    // alldifferent, which the test checks), none sharing a diagonal.
    if (!prune::all_different(s, q, prune::Consistency::value)) return false;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (!prune::not_equal_offset(s, q[i], q[j], j - i) || !prune::not_equal_offset(s, q[i], q[j], i - j))
                return false;
    prune::SearchOptions options;  // measured as above: 172 entries, depth 16
    options.trail_reserve = 256;
    options.depth_reserve = 32;
    prune::Search search(s, options);
    std::uint64_t count = 0;
    const bool counted = search.count(count) == prune::SearchStatus::exhausted;
    note_peak(s, search, "queens-reserves");
    if (!counted) return false;
    platform_write("queens");
    write_field("n", static_cast<std::uint64_t>(n));
    write_field("solutions", count);
    write_field("nodes", search.statistics().nodes);
    platform_write("\n");
    return true;
}

}  // namespace

// PRUNE_DEMO_SUDOKU / PRUNE_DEMO_QUEENS build an image with one problem only, to
// measure each one's flash and RAM; with neither, both are solved.
#if !defined(PRUNE_DEMO_SUDOKU) && !defined(PRUNE_DEMO_QUEENS)
#define PRUNE_DEMO_SUDOKU
#define PRUNE_DEMO_QUEENS
#endif

int main() {
    bool ok = true;
#ifdef PRUNE_DEMO_SUDOKU
    ok = ok && solve_sudoku();
#endif
#ifdef PRUNE_DEMO_QUEENS
    ok = ok && solve_queens(8);
#endif
    if (const MemoryFigures memory = platform_memory(); memory.known) {
        platform_write("memory");
        write_field("static", memory.static_bytes);
        write_field("arena", sizeof arena);
        write_field("arena-peak", arena_peak);
        // The RAM the problems need: static data other than the arena, and its peak.
        write_field("ram", memory.static_bytes - sizeof arena + arena_peak);
        write_field("heap-peak", memory.heap_peak);
        write_field("stack-peak", memory.stack_peak);
        platform_write("\n");
    }
    platform_write(ok ? "done\n" : "FAILED\n");
    return ok ? 0 : 1;
}
