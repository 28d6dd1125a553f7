// Arena solvers (engine/memory.hpp): a solver living in the caller's buffer builds,
// searches and frees there, reports running out as a limit, and hands the thread's
// allocations back to the previous arena (or the heap) when it goes.
#include <cstdint>
#include <memory>
#include <vector>

#include "catch.hpp"
#include "engine/prune.hpp"
#include "support/queens_model.hpp"

using namespace prune;
using prune::test::queens_alldifferent;

namespace {

std::uint64_t count_queens(Solver& s, int n, SearchStatus& status) {
    queens_alldifferent(s, n, Consistency::value);
    Search search(s);
    std::uint64_t count = 0;
    status = search.count(count);
    return count;
}

}  // namespace

TEST_CASE("an arena solver builds and searches inside the caller's buffer", "[memory][arena]") {
    alignas(16) static unsigned char buffer[256 * 1024];
    Solver s(buffer, sizeof buffer);
    REQUIRE(s.error().empty());
    REQUIRE(s.arena() != nullptr);
    CHECK(memory::current_arena() == s.arena());
    SearchStatus status = SearchStatus::error;
    CHECK(count_queens(s, 8, status) == 92);
    CHECK(status == SearchStatus::exhausted);
    CHECK_FALSE(s.memory_exhausted());
    const std::size_t peak = s.arena()->peak();
    INFO("8-queens in an arena: peak " << peak << " bytes");
    CHECK(peak > 0);
    CHECK(peak < sizeof buffer);
    // Memory made outside the arena, freed inside it, and the other way round, goes
    // back where it came from.
    auto outside = std::make_unique<std::vector<int>>(100, 1);
    memory::make_current(nullptr);
    auto inside_freed_outside = std::make_unique<std::vector<int>>(100, 2);
    memory::make_current(const_cast<Arena*>(s.arena()));
    inside_freed_outside.reset();
    outside.reset();
}

TEST_CASE("an arena too small for the model makes search stop with a limit, not a crash", "[memory][arena]") {
    for (std::size_t bytes : {std::size_t{64}, std::size_t{1024}, std::size_t{4096}}) {
        std::vector<unsigned char> buffer(bytes);
        Solver s(buffer.data(), buffer.size());
        if (!s.error().empty()) {
            CHECK(bytes < 256);  // not even the arena's own bookkeeping fits
            continue;
        }
        queens_alldifferent(s, 8, Consistency::value);
        Search search(s);
        CHECK(search.next() == SearchStatus::limit);
        CHECK(search.memory_limit_hit());
        CHECK(s.memory_exhausted());
    }
}

TEST_CASE("arena solvers nest: the thread's arena is restored when one goes", "[memory][arena]") {
    alignas(16) static unsigned char outer_buffer[128 * 1024];
    alignas(16) static unsigned char inner_buffer[128 * 1024];
    CHECK(memory::current_arena() == nullptr);
    {
        Solver outer(outer_buffer, sizeof outer_buffer);
        const Arena* outer_arena = outer.arena();
        {
            Solver inner(inner_buffer, sizeof inner_buffer);
            CHECK(memory::current_arena() == inner.arena());
            SearchStatus status = SearchStatus::error;
            CHECK(count_queens(inner, 6, status) == 4);
        }
        CHECK(memory::current_arena() == outer_arena);
        SearchStatus status = SearchStatus::error;
        CHECK(count_queens(outer, 6, status) == 4);
    }
    CHECK(memory::current_arena() == nullptr);
}
