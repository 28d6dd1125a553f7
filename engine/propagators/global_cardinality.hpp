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
// Under learning it explains itself by the same counts (explain()): a count's bound by
// the variables fixed to its value (or lacking it); a value closed by its count's upper
// bound and the variables fixed to it, claimed by its lower bound and the variables
// lacking it; the sums across values by the other counts' bounds (and the variables
// that can take no listed value). A closed gcc removes unlisted values on its own say:
// an empty explanation.
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
    bool explain(Explanation& e) const override;

private:
    // Index of v in values_, or -1.
    int index_of(std::int64_t v) const;
    bool tally(const Solver& s);
    bool restrict_to_listed(Solver& s, IntVar x) const;
    // Under learning, on the domains before an inference (explain()).
    enum class Held : std::uint8_t { fixed_to, lacks, unlisted };
    bool holds(const Explanation& e, IntVar x, Held what, int v) const;
    void add_held(Explanation& e, IntVar x, Held what, int v) const;
    // Finds `wanted` variables other than `skipped` for which `what` holds, into
    // found_; adds their facts and returns true when there are that many.
    bool add_variables(Explanation& e, Held what, int v, std::int64_t wanted, int skipped) const;
    bool explain_failure(Explanation& e) const;
    bool explain_count(Explanation& e, std::size_t j, int removed) const;
    bool explain_claim(Explanation& e, std::size_t j, int x) const;
    // The other counts' lower (upper) bounds, as bound facts, and their sum.
    std::int64_t other_minima(const Explanation& e, std::size_t j) const;
    std::int64_t other_maxima(const Explanation& e, std::size_t j) const;
    void add_other_minima(Explanation& e, std::size_t j) const;
    void add_other_maxima(Explanation& e, std::size_t j) const;

    std::vector<IntVar> vars_;
    std::vector<int> values_;
    std::vector<IntVar> counts_;
    bool closed_;
    // Scratch per value: variables fixed to it, variables containing it.
    std::vector<std::int64_t> sure_, possible_;
    std::int64_t can_list_ = 0;  // scratch: variables that can take some listed value
    mutable std::vector<IntVar> found_;  // explain()'s scratch, reserved for every variable
};

}  // namespace prune
