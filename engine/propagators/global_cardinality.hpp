// GlobalCardinality: counts[j] = |{i : x_i = values[j]}| over distinct values; closed:
// every x_i takes a listed value.
//
// Value-level counting both ways, per value v_j: with sure_j the variables fixed to
// v_j and possible_j those containing it, counts[j] is narrowed to [sure_j,
// possible_j]; counts[j] at its maximum sure_j removes v_j from the other variables,
// at its minimum possible_j fixes every variable containing v_j to it. Across values,
// sum_j counts[j] <= (the variables that can take a listed value), = n when closed,
// narrows each count from the others' bounds. Closed: each x_i keeps listed values
// only. This is the counting part of the decompositions (Gecode's "value"
// consistency for gcc, after Régin's "Generalized arc consistency for global
// cardinality constraint", AAAI 1996, without its flow): value consistent, neither
// bounds(Z) nor domain consistent. O(sum_i min(|D(x_i)|, m) log m + m) per run for m
// values; not idempotent (a pruned variable changes the other values' counts).
#pragma once
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class GlobalCardinality final : public Propagator {
public:
    // `values` sorted and distinct, counts in the same order.
    GlobalCardinality(std::vector<IntVar> vars, std::vector<int> values, std::vector<IntVar> counts, bool closed);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return closed_ ? "global_cardinality(closed)" : "global_cardinality"; }

private:
    // Index of v in values_, or -1.
    int index_of(std::int64_t v) const;
    bool tally(const Solver& s);
    bool restrict_to_listed(Solver& s, IntVar x) const;

    std::vector<IntVar> vars_;
    std::vector<int> values_;
    std::vector<IntVar> counts_;
    bool closed_;
    // Scratch per value: variables fixed to it, variables containing it.
    std::vector<std::int64_t> sure_, possible_;
    std::int64_t can_list_ = 0;  // scratch: variables that can take some listed value
};

}  // namespace prune
