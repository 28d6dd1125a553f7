// One libFuzzer target: PRUNE_FUZZ_TARGET names what it fuzzes (see fuzz_one.hpp).
#include <cstdlib>

#include "fuzz/fuzz_one.hpp"

#ifndef PRUNE_FUZZ_TARGET
#error "PRUNE_FUZZ_TARGET must name the target, e.g. -DPRUNE_FUZZ_TARGET=\"seki\""
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (!prune::fuzz::fuzz_one(PRUNE_FUZZ_TARGET, data, size)) std::abort();
    return 0;
}
