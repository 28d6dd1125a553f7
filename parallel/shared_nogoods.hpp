// SharedNogoods: the exchange of short learned nogoods among the workers of a
// portfolio (ParallelSettings::share_nogoods; the engine's side is
// engine/learning/nogood_exchange.hpp). One log for all, behind a mutex: a
// worker's offer appends its nogood; at each restart a worker copies out, under the
// lock, what the others appended since its last visit, and takes it into its store
// after unlocking. The log is two fixed rings (facts and entries) allocated once:
// an offer never allocates, and a worker that falls behind by a whole ring loses the
// oldest nogoods (they were only ever hints: every one is implied by the model).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/learning/nogood_exchange.hpp"

namespace prune {

class SharedNogoods {
public:
    // For `workers` searches, nogoods of at most `max_size` facts; the rings hold
    // `capacity` facts and capacity / 4 nogoods.
    SharedNogoods(std::size_t workers, std::size_t max_size, std::size_t capacity = std::size_t{1} << 16);
    ~SharedNogoods();
    SharedNogoods(const SharedNogoods&) = delete;
    SharedNogoods& operator=(const SharedNogoods&) = delete;

    // Worker k's side of the exchange (SearchOptions::nogood_exchange).
    NogoodExchange& port(std::size_t worker);

private:
    struct Entry {
        std::uint64_t start;  // its first fact's position in the log (ring index: modulo)
        std::uint32_t size;
        std::uint32_t lbd;
        std::int64_t bound;
        std::size_t worker;
    };
    class Port;
    void append(std::size_t worker, const Fact* facts, std::size_t size, std::uint32_t lbd, std::int64_t bound);

    std::size_t max_size_;
    std::mutex mutex_;
    std::vector<Fact> facts_;      // ring
    std::vector<Entry> entries_;   // ring
    std::uint64_t facts_written_ = 0, entries_written_ = 0;
    std::vector<std::unique_ptr<Port>> ports_;
};

}  // namespace prune
