// Counting replacements of the global allocation functions, for the bench's "no
// allocation in propagate()" check (propagator_check.hpp) and the search's allocation
// tests. They count, then serve the block through prune::memory::allocate (as the
// engine's own prune::arena_new does), so the tests can also run arena solvers;
// outside an arena that is malloc with a header in front, and sanitizers still see
// every block. Every replaceable form is replaced (plain, array, nothrow, aligned).
#include <cstdint>
#include <cstdlib>
#include <new>

#include "engine/memory.hpp"
#include "propagator_check.hpp"

namespace {
thread_local std::uint64_t allocations = 0;
thread_local bool trapping = false;

const bool registered = [] {
    prune::memory::note_allocation_functions_replaced();
    return true;
}();

void* allocate(std::size_t size, std::size_t alignment = alignof(std::max_align_t)) {
    ++allocations;
    if (trapping) std::abort();  // PRUNE_BENCH_ALLOCATION_TRAP: a debugger shows the caller
    if (void* p = prune::memory::allocate(size, alignment)) return p;
    throw std::bad_alloc();
}

void* allocate_nothrow(std::size_t size, std::size_t alignment = alignof(std::max_align_t)) noexcept {
    ++allocations;
    return prune::memory::allocate(size, alignment);
}
}  // namespace

std::uint64_t prune::test::allocation_count() { return allocations; }
void prune::test::trap_allocations(bool on) { trapping = on; }

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void* operator new(std::size_t size, std::align_val_t a) { return allocate(size, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t size, std::align_val_t a) { return allocate(size, static_cast<std::size_t>(a)); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return allocate_nothrow(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return allocate_nothrow(size); }
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    return allocate_nothrow(size, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
    return allocate_nothrow(size, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { prune::memory::deallocate(p); }
void operator delete[](void* p) noexcept { prune::memory::deallocate(p); }
void operator delete(void* p, std::size_t) noexcept { prune::memory::deallocate(p); }
void operator delete[](void* p, std::size_t) noexcept { prune::memory::deallocate(p); }
void operator delete(void* p, std::align_val_t) noexcept { prune::memory::deallocate(p); }
void operator delete[](void* p, std::align_val_t) noexcept { prune::memory::deallocate(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { prune::memory::deallocate(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { prune::memory::deallocate(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { prune::memory::deallocate(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { prune::memory::deallocate(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { prune::memory::deallocate(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { prune::memory::deallocate(p); }
