// The bare-metal side of the embedded demo, for QEMU's mps2-an386 (Cortex-M4):
// the vector table and reset handler, output and exit through Arm semihosting, a
// heap for malloc with a high-water mark, a painted stack to measure its peak, and
// the few C++ runtime hooks that would otherwise pull in exception support.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include "engine/memory.hpp"

#include "platform.hpp"

extern "C" {
extern std::uint32_t __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[];
extern char __heap_start[], __stack_bottom[], __stack_top[];
extern void (*__init_array_start[])();
extern void (*__init_array_end[])();
int main();
void reset_handler();
}

namespace {

// Arm semihosting (the debugger, here QEMU, serves the call at a BKPT 0xAB).
int semihost(int operation, const void* argument) {
    register int r0 asm("r0") = operation;
    register const void* r1 asm("r1") = argument;
    asm volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}
constexpr int sys_write0 = 0x04;
constexpr int sys_exit = 0x18;
constexpr int application_exit = 0x20026;     // QEMU exits with status 0
constexpr int run_time_error = 0x20023;       // QEMU exits with status 1

[[noreturn]] void exit_with(bool success) {
    semihost(sys_exit, reinterpret_cast<const void*>(success ? application_exit : run_time_error));
    for (;;) {
    }
}

char* heap_end = __heap_start;
char* heap_peak = __heap_start;
constexpr std::uint32_t stack_paint = 0xA5A5A5A5u;


[[noreturn]] void fatal(const char* why) {
    platform_write("fatal: ");
    platform_write(why);
    platform_write("\n");
    exit_with(false);
}

}  // namespace

void platform_write(const char* text) { semihost(sys_write0, text); }

MemoryFigures platform_memory() {
    const std::uint32_t* p = reinterpret_cast<const std::uint32_t*>(__stack_bottom);
    while (p < reinterpret_cast<const std::uint32_t*>(__stack_top) && *p == stack_paint) ++p;
    MemoryFigures figures;
    figures.known = true;
    figures.static_bytes = static_cast<std::size_t>(reinterpret_cast<char*>(__bss_end) - reinterpret_cast<char*>(__data_start));
    figures.heap_peak = static_cast<std::size_t>(heap_peak - __heap_start);
    figures.stack_peak = static_cast<std::size_t>(__stack_top - reinterpret_cast<const char*>(p));
    return figures;
}

extern "C" {

// newlib's malloc asks for memory here; running into the stack is fatal.
void* _sbrk(std::ptrdiff_t increment) {
    if (heap_end + increment > __stack_bottom) fatal("out of heap");
    char* previous = heap_end;
    heap_end += increment;
    if (heap_end > heap_peak) heap_peak = heap_end;
    return previous;
}

// The engine reads a clock only for time limits, which the demo does not set.
int _gettimeofday(void* tv, void*) {
    std::memset(tv, 0, 2 * sizeof(long));
    return 0;
}

void _exit(int status) { exit_with(status == 0); }
void __cxa_pure_virtual() { fatal("pure virtual call"); }

void reset_handler() {
    // The code is built for the FPU (-mfloat-abi=hard): enable coprocessors 10 and 11
    // (full access) before any floating-point instruction runs.
    volatile std::uint32_t* const cpacr = reinterpret_cast<volatile std::uint32_t*>(0xE000ED88u);
    *cpacr = *cpacr | (0xFu << 20);
    asm volatile("dsb\n\tisb" ::: "memory");
    std::memcpy(__data_start, __data_load, static_cast<std::size_t>(__data_end - __data_start) * 4);
    std::memset(__bss_start, 0, static_cast<std::size_t>(__bss_end - __bss_start) * 4);
    // Paint the stack below this frame, to find its peak use afterwards.
    const std::uintptr_t paint_end = reinterpret_cast<std::uintptr_t>(__stack_top) - 256;
    for (std::uintptr_t a = reinterpret_cast<std::uintptr_t>(__stack_bottom); a < paint_end; a += 4)
        *reinterpret_cast<std::uint32_t*>(a) = stack_paint;
    for (void (**f)() = __init_array_start; f < __init_array_end; ++f) (*f)();
    exit_with(main() == 0);
}

// The vector table: the initial stack pointer, then the reset handler. A fault
// handler is not needed: under QEMU a fault stops the run, which the test sees.
__attribute__((section(".vectors"), used)) const void* const vector_table[2] = {
    __stack_top, reinterpret_cast<const void*>(&reset_handler)};

}  // extern "C"

// Allocation through the engine's arena functions (engine/memory.hpp): an arena
// solver's memory comes from its static buffer, anything else from newlib's malloc.
// Without exceptions failure is fatal and said so.
namespace {
const bool arena_functions_registered = [] {
    prune::memory::note_allocation_functions_replaced();
    return true;
}();
}  // namespace

void* operator new(std::size_t size) {
    void* p = prune::memory::allocate(size);
    if (p == nullptr) fatal("out of memory");
    return p;
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { prune::memory::deallocate(p); }
void operator delete[](void* p) noexcept { prune::memory::deallocate(p); }
void operator delete(void* p, std::size_t) noexcept { prune::memory::deallocate(p); }
void operator delete[](void* p, std::size_t) noexcept { prune::memory::deallocate(p); }

// The standard library reports misuse through these; libstdc++'s versions throw, which
// would link the whole exception runtime into a program built without exceptions.
namespace std {
void __throw_bad_alloc() { fatal("bad_alloc"); }
void __throw_bad_array_new_length() { fatal("bad_array_new_length"); }
void __throw_length_error(const char* what) { fatal(what); }
void __throw_out_of_range(const char* what) { fatal(what); }
void __throw_out_of_range_fmt(const char* what, ...) { fatal(what); }
void __throw_logic_error(const char* what) { fatal(what); }
void __throw_invalid_argument(const char* what) { fatal(what); }
void __throw_bad_function_call() { fatal("bad_function_call"); }
}  // namespace std
