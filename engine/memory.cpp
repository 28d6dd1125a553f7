#include "memory.hpp"

#include <atomic>
#include <bit>
#include <cstdlib>

namespace prune {

namespace {

// Rounds p up to a multiple of `alignment` (a power of two).
std::uintptr_t align_up(std::uintptr_t p, std::size_t alignment) {
    return (p + alignment - 1) & ~static_cast<std::uintptr_t>(alignment - 1);
}

// Before every block: who owns it, and for an arena block the size of its storage,
// which starts at the header; for a block from malloc (owner nullptr), the address
// malloc returned. Two words: 8 bytes on a 32-bit target, 16 on a 64-bit one, the
// alignment of max_align_t either way, so a block right after it keeps that
// alignment (what operator new promises).
struct BlockHeader {
    Arena* owner;
    std::uintptr_t storage_bytes_or_address;
};
constexpr std::size_t block_alignment = Arena::granule;
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

int Arena::size_class(std::size_t bytes) {
    constexpr std::size_t exact_limit = 16 * granule;
    if (bytes <= exact_limit) return static_cast<int>((bytes + granule - 1) / granule) - 1;
    constexpr int first_power = std::countr_zero(exact_limit);
    int power = first_power;  // 2^power < bytes
    while (power < 62 && (std::size_t{2} << power) <= bytes) ++power;
    const int upper_half = (bytes >> (power - 1)) & 1;
    const int c = 16 + 2 * (power - first_power) + upper_half;
    return c < size_classes ? c : size_classes - 1;
}

// A free block of at least `bytes` (a multiple of the granule): the first that fits
// in its own class, else any of the next class (all of them fit); nullptr if none.
void* Arena::reuse(std::size_t& bytes) {
    const int c = size_class(bytes);
    for (FreeBlock** link = &free_[c]; *link != nullptr; link = &(*link)->next) {
        if ((*link)->bytes >= bytes) {
            FreeBlock* block = *link;
            *link = block->next;
            bytes = block->bytes;
            return block;
        }
    }
    if (c + 1 < size_classes && free_[c + 1] != nullptr) {
        FreeBlock* block = free_[c + 1];
        free_[c + 1] = block->next;
        bytes = block->bytes;
        return block;
    }
    return nullptr;
}

void* Arena::allocate(std::size_t& bytes, std::size_t alignment) {
    if (alignment <= granule) {
        bytes = (bytes + granule - 1) / granule * granule;
        if (void* block = reuse(bytes)) {
            live_ += bytes;
            return block;
        }
        alignment = granule;  // blocks start and end on granules, so a freed one can serve any
    }
    const std::uintptr_t start = align_up(reinterpret_cast<std::uintptr_t>(top_), alignment);
    if (start > reinterpret_cast<std::uintptr_t>(end_) || bytes > reinterpret_cast<std::uintptr_t>(end_) - start) {
        exhausted_ = true;
        return nullptr;
    }
    top_ = reinterpret_cast<unsigned char*>(start + bytes);
    if (top_ > peak_) peak_ = top_;
    live_ += bytes;
    return reinterpret_cast<void*>(start);
}

void Arena::release(void* p, std::size_t bytes) {
    live_ -= bytes;
    if (static_cast<unsigned char*>(p) + bytes == top_) {
        top_ = static_cast<unsigned char*>(p);
        return;
    }
    if (bytes < sizeof(FreeBlock) || reinterpret_cast<std::uintptr_t>(p) % alignof(FreeBlock) != 0) return;  // too small to list
    FreeBlock* block = static_cast<FreeBlock*>(p);
    const int c = size_class(bytes);
    *block = FreeBlock{free_[c], bytes};
    free_[c] = block;
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
    if (Arena* owner = current) {
        // From the arena: room to align the block after the header when it asks for
        // more than the arena's own alignment (rare: the gap goes back at once).
        std::size_t storage_bytes = header_bytes + bytes + (alignment - block_alignment);
        if (void* storage = owner->allocate(storage_bytes, block_alignment)) {
            const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(storage);
            const std::uintptr_t block = align_up(start + header_bytes, alignment);
            const std::size_t gap = block - header_bytes - start;
            if (gap != 0) owner->release(storage, gap);
            *reinterpret_cast<BlockHeader*>(block - header_bytes) = BlockHeader{owner, storage_bytes - gap};
            return reinterpret_cast<void*>(block);
        }
    }
    // From malloc, which aligns to max_align_t (8 on newlib ARM, 16 on glibc x86-64):
    // room to align only when that is not enough, so that a sanitizer still sees an
    // overflow past the block's end.
    void* storage = std::malloc(header_bytes + bytes + (alignment > alignof(std::max_align_t) ? alignment : 0));
    if (storage == nullptr) return nullptr;
    const std::uintptr_t block = align_up(reinterpret_cast<std::uintptr_t>(storage) + header_bytes, alignment);
    *reinterpret_cast<BlockHeader*>(block - header_bytes) = BlockHeader{nullptr, reinterpret_cast<std::uintptr_t>(storage)};
    return reinterpret_cast<void*>(block);
}

void deallocate(void* p) {
    if (p == nullptr) return;
    unsigned char* const at = static_cast<unsigned char*>(p) - header_bytes;
    const BlockHeader* header = reinterpret_cast<const BlockHeader*>(at);
    if (header->owner != nullptr) {
        header->owner->release(at, header->storage_bytes_or_address);
    } else {
        std::free(reinterpret_cast<void*>(header->storage_bytes_or_address));
    }
}

void note_allocation_functions_replaced() { replaced.store(true, std::memory_order_relaxed); }
bool allocation_functions_replaced() { return replaced.load(std::memory_order_relaxed); }

}  // namespace memory
}  // namespace prune
