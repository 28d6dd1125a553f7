// PropagationQueue: the propagators waiting to run, one FIFO per cost class.
//
// Each class is a ring whose capacity is a power of two no smaller than the number
// of propagators of that class; a propagator is queued at most once (its `queued`
// flag), so the rings never overflow and never grow during search.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "propagator.hpp"

namespace prune {

class PropagationQueue {
public:
    // Makes room for `propagators` entries in a class (at the root, never in search).
    void reserve(int cost_class, std::size_t propagators) {
        Ring& r = rings_[cost_class];
        if (r.slots.size() >= propagators) return;
        std::size_t capacity = 4;
        while (capacity < propagators) capacity *= 2;
        std::vector<Propagator*> bigger(capacity, nullptr);
        for (std::size_t i = 0; i < r.count; ++i) bigger[i] = r.slots[(r.head + i) & r.mask];
        r.slots.swap(bigger);
        r.head = 0;
        r.mask = capacity - 1;
    }
    void push(Propagator* p, int cost_class) {
        Ring& r = rings_[cost_class];
        r.slots[(r.head + r.count) & r.mask] = p;
        ++r.count;
        nonempty_ |= 1u << cost_class;
    }
    // The oldest entry of the cheapest non-empty class, or nullptr.
    Propagator* pop() {
        if (nonempty_ == 0) return nullptr;
        const int c = __builtin_ctz(nonempty_);
        Ring& r = rings_[c];
        Propagator* p = r.slots[r.head];
        r.head = (r.head + 1) & r.mask;
        if (--r.count == 0) nonempty_ &= ~(1u << c);
        return p;
    }
    bool empty() const { return nonempty_ == 0; }
    // Calls f on every queued propagator and empties the queue.
    template <class F>
    void drain(F&& f) {
        for (Ring& r : rings_) {
            for (std::size_t i = 0; i < r.count; ++i) f(r.slots[(r.head + i) & r.mask]);
            r.head = 0;
            r.count = 0;
        }
        nonempty_ = 0;
    }

private:
    struct Ring {
        std::vector<Propagator*> slots;
        std::size_t head = 0;
        std::size_t count = 0;
        std::size_t mask = 0;
    };
    std::array<Ring, propagator_cost_classes> rings_;
    unsigned nonempty_ = 0;
};

}  // namespace prune
