// NogoodExchange: how searches that learn the same problem side by side (a parallel
// portfolio, parallel/parallel_search.hpp) pass each other their short nogoods.
//
// A learned nogood is implied by the model (and, under optimisation, by the bound
// the search held at its root when it learned it), so it prunes any other search of
// the same model with at least that bound: the facts name variables by index and
// values as they are, and every worker's solver has the same variables. Short
// nogoods are the ones worth the copy (ManySAT shares clauses of at most 8
// literals: Hamadi, Jabbour and Sais, "ManySAT: a parallel SAT solver", JSAT 2009).
// A learning search offers each nogood it learns of at most max_size() facts, and
// takes the others' whenever it stands at the root (a restart, a new bound, a jump
// back there), where a nogood of one open fact is asserted for good and an empty one
// ends the search (nothing is left under that bound).
//
// The engine only calls this interface from its one thread; the parallel layer's
// implementation does the locking. Neither call may allocate (the search's hot path).
#pragma once
#include <cstddef>
#include <cstdint>

#include "explanation.hpp"

namespace prune {

class NogoodExchange {
public:
    virtual ~NogoodExchange() = default;

    // The longest nogood worth offering, in facts (0: offer none).
    virtual std::size_t max_size() const = 0;

    // A nogood this search learned: `bound` is the objective bound it held at its
    // root then (LearningSearch's root bound: the value every later solution must
    // beat; INT64_MAX minimising, INT64_MIN maximising, when it had none).
    virtual void offer(const Fact* facts, std::size_t size, std::uint32_t lbd, std::int64_t bound) = 0;

    class Receiver {
    public:
        virtual void take(const Fact* facts, std::size_t size, std::uint32_t lbd, std::int64_t bound) = 0;

    protected:
        ~Receiver() = default;
    };
    // Hands `to` each nogood the other searches offered since the last call (those
    // that did not fit the exchange's buffer meanwhile are lost), oldest first.
    virtual void receive(Receiver& to) = 0;
};

}  // namespace prune
