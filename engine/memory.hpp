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
// Each block carries a two-word header naming its owner (8 bytes on a 32-bit target),
// so a block is always freed to the arena or heap it came from, whichever arena is
// current then. The hot path
// is untouched: the engine never allocates during search (tests/engine/
// allocation_test.cpp), so the arena only serves model building and search setup.
//
// The arena hands out blocks from the bottom of the buffer up (a bump pointer) and
// keeps freed blocks in free lists by size class (exact classes up to 16 granules,
// then two classes per power of two), so that the buffers a vector drops
// when it grows during model building serve later blocks of a similar size instead
// of being lost. A block freed at the top lowers the bump pointer instead. Blocks are
// never split or merged: model building allocates many blocks of a few sizes, and
// search allocates none, so simple classes keep the waste small (`peak()` tells the
// real need). When the arena runs out, the block is
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
    // fit (the arena is then exhausted). With an alignment of at most a granule, a freed
    // block of the size class may serve, and `bytes` is set to the block's real size
    // (at least the request), which release() must be given. A block of a larger
    // alignment comes from the bump pointer.
    void* allocate(std::size_t& bytes, std::size_t alignment);
    // Takes back the block [p, p + bytes): the bump pointer goes down when it is the
    // last one handed out, else the block joins its size class's free list.
    void release(void* p, std::size_t bytes);

    std::size_t capacity() const { return static_cast<std::size_t>(end_ - begin_); }
    std::size_t used() const { return static_cast<std::size_t>(top_ - begin_); }
    std::size_t peak() const { return static_cast<std::size_t>(peak_ - begin_); }
    // Bytes in blocks handed out and not yet released (used() less the free lists).
    std::size_t live() const { return live_; }
    // Whether an allocation did not fit (it was served by the heap).
    bool exhausted() const { return exhausted_; }

    // Blocks start and end on granules, the alignment of max_align_t (8 bytes on a
    // Cortex-M, 16 on x86-64). Free blocks come in size classes: 16 exact ones (1 to
    // 16 granules), then two per power of two ([2^k, 1.5 * 2^k), [1.5 * 2^k, 2^(k+1))).
    static constexpr int size_classes = 64;
    static constexpr std::size_t granule = alignof(std::max_align_t);

private:
    struct FreeBlock {
        FreeBlock* next;
        std::size_t bytes;
    };
    static int size_class(std::size_t bytes);
    void* reuse(std::size_t& bytes);

    FreeBlock* free_[size_classes] = {};
    std::size_t live_ = 0;
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
