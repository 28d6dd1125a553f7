#include "memory.hpp"

#include <atomic>
#include <cstdlib>

namespace prune {

namespace {

// Rounds p up to a multiple of `alignment` (a power of two).
std::uintptr_t align_up(std::uintptr_t p, std::size_t alignment) {
    return (p + alignment - 1) & ~static_cast<std::uintptr_t>(alignment - 1);
}

// Before every block: where its storage starts and who owns it (nullptr: malloc).
// The header is padded to 16 bytes (32-bit targets) or 32 (64-bit), so that a block
// right after it keeps the 16-byte alignment of its storage.
struct BlockHeader {
    void* storage;
    Arena* owner;
    std::size_t storage_bytes;
};
constexpr std::size_t block_alignment = 16;
constexpr std::size_t header_bytes = (sizeof(BlockHeader) + block_alignment - 1) / block_alignment * block_alignment;

// Per thread; a bare-metal build without thread support (no thread pointer to read)
// defines PRUNE_NO_THREADS and has one.
#if defined(PRUNE_NO_THREADS)
Arena* current = nullptr;
#else
thread_local Arena* current = nullptr;
#endif
std::atomic<bool> replaced{false};

}  // namespace

Arena::Arena(void* buffer, std::size_t bytes)
    : begin_(static_cast<unsigned char*>(buffer)), end_(begin_ + bytes), top_(begin_), peak_(begin_) {}

void* Arena::allocate(std::size_t bytes, std::size_t alignment) {
    const std::uintptr_t start = align_up(reinterpret_cast<std::uintptr_t>(top_), alignment);
    if (start > reinterpret_cast<std::uintptr_t>(end_) || bytes > reinterpret_cast<std::uintptr_t>(end_) - start) {
        exhausted_ = true;
        return nullptr;
    }
    top_ = reinterpret_cast<unsigned char*>(start + bytes);
    if (top_ > peak_) peak_ = top_;
    return reinterpret_cast<void*>(start);
}

void Arena::release(void* p, std::size_t bytes) {
    if (static_cast<unsigned char*>(p) + bytes == top_) top_ = static_cast<unsigned char*>(p);
}

namespace memory {

Arena* current_arena() { return current; }

Arena* make_current(Arena* arena) {
    Arena* previous = current;
    current = arena;
    return previous;
}

void* allocate(std::size_t bytes, std::size_t alignment) {
    if (alignment < block_alignment) alignment = block_alignment;
    Arena* owner = current;
    // From the arena: storage aligned so that the block after the header is aligned.
    std::size_t storage_bytes = header_bytes + bytes + (alignment - block_alignment);
    void* storage = owner != nullptr ? owner->allocate(storage_bytes, block_alignment) : nullptr;
    if (storage == nullptr) {
        // From malloc, which aligns to max_align_t (8 on newlib ARM, 16 on glibc
        // x86-64): room to align only when that is not enough, so that a sanitizer
        // still sees an overflow past the block's end.
        owner = nullptr;
        storage_bytes = header_bytes + bytes + (alignment > alignof(std::max_align_t) ? alignment : 0);
        storage = std::malloc(storage_bytes);
        if (storage == nullptr) return nullptr;
    }
    const std::uintptr_t block = align_up(reinterpret_cast<std::uintptr_t>(storage) + header_bytes, alignment);
    BlockHeader* header = reinterpret_cast<BlockHeader*>(block - header_bytes);
    *header = BlockHeader{storage, owner, storage_bytes};
    return reinterpret_cast<void*>(block);
}

void deallocate(void* p) {
    if (p == nullptr) return;
    const BlockHeader* header = reinterpret_cast<const BlockHeader*>(static_cast<unsigned char*>(p) - header_bytes);
    if (header->owner != nullptr) {
        header->owner->release(header->storage, header->storage_bytes);
    } else {
        std::free(header->storage);
    }
}

void note_allocation_functions_replaced() { replaced.store(true, std::memory_order_relaxed); }
bool allocation_functions_replaced() { return replaced.load(std::memory_order_relaxed); }

}  // namespace memory
}  // namespace prune
