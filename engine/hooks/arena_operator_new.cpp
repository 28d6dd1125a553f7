// Replacement allocation functions that make arenas work (engine/memory.hpp): every
// operator new and delete of the program goes through prune::memory::allocate and
// deallocate, which serve the thread's current arena and fall back to malloc.
//
// Linked only into programs that ask for it (CMake target prune::arena_new, an
// object library, so the linker cannot leave it out); the engine library itself
// replaces nothing, so libprune.so never takes over a host process's allocator.
// Without exceptions a failed allocation cannot throw: it aborts, as operator new
// must not return null.
#include <cstdlib>
#include <new>

#include "../memory.hpp"

namespace {

// Registers the replacement before main() runs, so Solver(buffer, bytes) can tell.
const bool registered = [] {
    prune::memory::note_allocation_functions_replaced();
    return true;
}();

void* allocate_or_fail(std::size_t bytes, std::size_t alignment) {
    if (void* p = prune::memory::allocate(bytes, alignment)) return p;
#if defined(__cpp_exceptions)
    throw std::bad_alloc();
#else
    std::abort();
#endif
}

}  // namespace

void* operator new(std::size_t bytes) { return allocate_or_fail(bytes, alignof(std::max_align_t)); }
void* operator new[](std::size_t bytes) { return allocate_or_fail(bytes, alignof(std::max_align_t)); }
void* operator new(std::size_t bytes, std::align_val_t a) { return allocate_or_fail(bytes, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t bytes, std::align_val_t a) { return allocate_or_fail(bytes, static_cast<std::size_t>(a)); }
void* operator new(std::size_t bytes, const std::nothrow_t&) noexcept { return prune::memory::allocate(bytes); }
void* operator new[](std::size_t bytes, const std::nothrow_t&) noexcept { return prune::memory::allocate(bytes); }
void* operator new(std::size_t bytes, std::align_val_t a, const std::nothrow_t&) noexcept {
    return prune::memory::allocate(bytes, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t bytes, std::align_val_t a, const std::nothrow_t&) noexcept {
    return prune::memory::allocate(bytes, static_cast<std::size_t>(a));
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
