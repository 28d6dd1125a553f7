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

TEST_CASE("an arena serves a freed block again to a request of its size class", "[memory][arena]") {
    alignas(16) static unsigned char buffer[4096];
    Arena a(buffer, sizeof buffer);
    std::size_t first_bytes = 100, second_bytes = 40;
    void* first = a.allocate(first_bytes, 8);
    void* second = a.allocate(second_bytes, 8);
    REQUIRE(first != nullptr);
    REQUIRE(second != nullptr);
    CHECK(first_bytes % Arena::granule == 0);
    CHECK(first_bytes >= 100);
    const std::size_t peak = a.peak();
    CHECK(a.live() == first_bytes + second_bytes);
    // Not the last block: it joins its class's free list and serves the next request
    // that fits, with no growth of the arena.
    a.release(first, first_bytes);
    CHECK(a.live() == second_bytes);
    std::size_t again_bytes = 90;
    void* again = a.allocate(again_bytes, 8);
    CHECK(again == first);
    CHECK(again_bytes == first_bytes);
    CHECK(a.peak() == peak);
    // The last block goes back to the bump pointer.
    a.release(second, second_bytes);
    CHECK(a.used() + second_bytes == peak);
    // A request of a bigger class comes from the bump pointer.
    std::size_t big_bytes = 1000;
    void* big = a.allocate(big_bytes, 8);
    CHECK(big != first);
    CHECK(a.peak() > peak);
}

TEST_CASE("vectors growing in an arena reuse what they drop", "[memory][arena]") {
    // Ten vectors grown by push_back in turn: with free lists the dropped buffers of
    // one serve the next one's growth, so the arena ends well below the sum of every
    // buffer ever allocated (a bump allocator alone would need that sum).
    alignas(16) static unsigned char buffer[64 * 1024];
    Solver s(buffer, sizeof buffer);
    REQUIRE(s.error().empty());
    std::size_t allocated = 0;
    {
        std::vector<std::vector<int>> lists(10);
        for (std::vector<int>& list : lists) {
            std::size_t capacity = 0;
            for (int i = 0; i < 200; ++i) {
                list.push_back(i);
                if (list.capacity() != capacity) allocated += list.capacity() * sizeof(int);
                capacity = list.capacity();
            }
        }
        CHECK(s.arena()->live() > 10 * 200 * sizeof(int));
    }
    INFO("peak " << s.arena()->peak() << " bytes, " << allocated << " bytes allocated in all");
    CHECK(s.arena()->peak() < allocated * 3 / 4);
}

TEST_CASE("a propagator's scope is kept at its exact size", "[memory][arena]") {
    // Gathered while attach() subscribes and copied once (or declared by the
    // propagator): no room past the last variable, which an embedded model pays for
    // once per propagator.
    Solver s;
    queens_alldifferent(s, 8, Consistency::value);
    const std::vector<IntVar> cells = s.new_int_vars(9, 1, 9);
    REQUIRE(all_different(s, cells, Consistency::domain));
    REQUIRE(s.propagator_count() > 3);
    for (int id = 0; id < s.propagator_count(); ++id) {
        const Propagator& p = s.propagator(id);
        INFO(p.kind() << " #" << id);
        CHECK(!p.scope().empty());
        CHECK(p.scope().capacity() == p.scope().size());
    }
}
