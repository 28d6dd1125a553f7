// Counting replacements of the global allocation functions, for the bench's "no
// allocation in propagate()" check (propagator_check.hpp). They only count and then
// forward to malloc/free, so sanitizers still see every block. Every replaceable
// form is replaced (plain, array, nothrow, aligned), so that memory from any of them
// is freed by the matching function: ASan checks that pairing.
#include <cstdint>
#include <cstdlib>
#include <new>

#include "propagator_check.hpp"

namespace {
thread_local std::uint64_t allocations = 0;
thread_local bool trapping = false;

void* allocate(std::size_t size) {
    ++allocations;
    if (trapping) std::abort();  // PRUNE_BENCH_ALLOCATION_TRAP: a debugger shows the caller
    if (size == 0) size = 1;
    if (void* p = std::malloc(size)) return p;
    throw std::bad_alloc();
}

void* allocate_aligned(std::size_t size, std::align_val_t alignment) {
    ++allocations;
    const std::size_t a = static_cast<std::size_t>(alignment);
    const std::size_t rounded = (size + a - 1) / a * a;
    if (void* p = std::aligned_alloc(a, rounded == 0 ? a : rounded)) return p;
    throw std::bad_alloc();
}
}  // namespace

std::uint64_t prune::test::allocation_count() { return allocations; }
void prune::test::trap_allocations(bool on) { trapping = on; }

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void* operator new(std::size_t size, std::align_val_t a) { return allocate_aligned(size, a); }
void* operator new[](std::size_t size, std::align_val_t a) { return allocate_aligned(size, a); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    ++allocations;
    return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    ++allocations;
    return std::malloc(size == 0 ? 1 : size);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
