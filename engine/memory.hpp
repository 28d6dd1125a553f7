// Memory the caller controls: a Solver can live entirely inside a buffer the caller
// gives it (an "arena"), for devices without a heap and services with a budget.
//
//     alignas(16) static unsigned char memory[32 * 1024];
//     prune::Solver s(memory, sizeof memory);   // everything below comes from `memory`
//
// How: the engine's containers are the standard ones, so the arena is reached through
// the allocation functions. A program that wants arenas links `prune::arena_new`
// (engine/hooks/arena_operator_new.cpp), whose replacement `operator new`/`delete`
// forward to allocate()/deallocate() below. While an arena Solver lives, it is its
// thread's current arena and every allocation the thread makes (model building,
// search, the caller's own) comes from it; otherwise allocations come from malloc.
// Each block carries a 16-byte header naming its owner, so a block is always freed
// to the arena or heap it came from, whichever arena is current then. The hot path
// is untouched: the engine never allocates during search (tests/engine/
// allocation_test.cpp), so the arena only serves model building and search setup.
//
// The arena is a bump allocator: a freed block is reclaimed only when it is the last
// one (vector growth during model building frees the old buffer after copying, so
// some is lost; `peak()` tells the real need). When the arena runs out, the block is
// served from the heap instead, the arena marks itself exhausted, and a search on
// its solver stops at once with the `limit` status (never an abort); a device with
// no heap should size its arena from `peak()` of a test run.
#pragma once
#include <cstddef>
#include <cstdint>

namespace prune {

class Arena {
public:
    Arena(void* buffer, std::size_t bytes);
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;

    // `bytes` aligned to `alignment` (a power of two), or nullptr when they do not
    // fit (the arena is then exhausted).
    void* allocate(std::size_t bytes, std::size_t alignment);
    // Takes back the block [p, p + bytes) when it is the last one handed out.
    void release(void* p, std::size_t bytes);

    std::size_t capacity() const { return static_cast<std::size_t>(end_ - begin_); }
    std::size_t used() const { return static_cast<std::size_t>(top_ - begin_); }
    std::size_t peak() const { return static_cast<std::size_t>(peak_ - begin_); }
    // Whether an allocation did not fit (it was served by the heap).
    bool exhausted() const { return exhausted_; }

private:
    unsigned char* begin_;
    unsigned char* end_;
    unsigned char* top_;
    unsigned char* peak_;
    bool exhausted_ = false;
};

namespace memory {

// The calling thread's current arena (nullptr: the heap).
Arena* current_arena();
// Makes `arena` current on this thread and returns the one it replaces.
Arena* make_current(Arena* arena);

// The allocation functions the replacement operators call: from the current arena,
// else (or when it is full) from malloc; nullptr only when malloc fails too. Every
// block has a header naming where it came from, for deallocate().
void* allocate(std::size_t bytes, std::size_t alignment = alignof(std::max_align_t));
void deallocate(void* p);

// Set by the replacement operators (engine/hooks/arena_operator_new.cpp) when they are
// linked in: without them an arena would receive nothing, so Solver(buffer, bytes)
// reports an error instead.
void note_allocation_functions_replaced();
bool allocation_functions_replaced();

}  // namespace memory
}  // namespace prune
