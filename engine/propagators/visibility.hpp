// Visibility: the n variables form a permutation of 1..n (each value once) in which
// `from_start` values are visible from the first variable's end and `from_end` from
// the last one's (a value is visible from an end when it is larger than every value
// between it and that end); a count of 0 leaves that end free. A line of a Towers
// (Skyscrapers) puzzle with its two clues.
//
// Consistency: domain (GAC) on the conjunction (permutation and both counts), as a
// positive table of the permutations would give, without listing them (a 9-cell line
// with one clue of 3 has 118,124 of them). Algorithm: the layered graph of the
// constraint (as in Pesant's regular, CP 2004, and distinct_sum.hpp), whose nodes are
// (set of values used so far, counter): before n is placed the counter is the number
// of values seen from the start, which grows when a value beats the largest used so
// far (the largest of the set); placing n closes the start count, which must then be
// `from_start`, and sets the counter to from_end - 1, the values still to be seen
// from the end; after n a value is seen from the end iff it is the largest of the
// values still unused (all of them come after it), which decrements the counter. A
// node's layer is its set's size; the counters of a set are kept as one bit set, so
// an arc moves all of them at once (a shift). One ascending sweep over the sets finds
// the reachable counters, one descending sweep keeps those that reach the full set
// with counter 0 and marks the values on arcs between kept nodes; the others go.
// Cost per run: O(S * n) word operations for S reachable sets (at most 2^n), plus
// O(2^n) to clear the two arrays.
// Limits: n <= max_values (the post function refuses more). Values outside 1..n are
// removed by each run. Idempotent on distinct variables with bitset domains (a
// variable listed twice: sound, as it then never holds; a bounds-only domain keeps
// interior values the run removed: bounds(Z) on it; neither is idempotent). Entailed once
// every variable is fixed. Nothing allocated in propagate().
//
// Explanation (learning): the removals before the inference, of the values 1..n, that
// leave the inferred values (or, at a failure, every value) off every path, made
// minimal by deletion: each variable's removals are given back at once, then, for
// the variables that cannot give all back, value by value; a removal stays where
// giving it back opens a path (a forward sweep over the domains, the fact's values
// for its own variable). As the MDD explanations of Gange, Stuckey and Szymanek
// ("MDD propagators with explanation", Constraints 2011) keep the edges a cut needs,
// by a sweep per trial here rather than their one pass. Cost: at most 1 + n + n^2
// sweeps; past explain_budget set visits the rest stay (sound, not minimal). A
// bound fact [x >= v] explains the values of 1..v-1 at once; values outside 1..n
// need nothing. Nothing allocated: the sweeps reuse the run's arrays.
#pragma once
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class Visibility final : public Propagator {
public:
    static constexpr int max_values = 16;  // two arrays of 2^16 counter sets

    Visibility(std::vector<IntVar> vars, int from_start, int from_end, bool idempotent);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool explain(Explanation& e) const override;
    bool explains_bound_facts() const override { return true; }
    const char* kind() const override { return "visibility"; }

private:
    static constexpr std::uint64_t explain_budget = std::uint64_t{1} << 22;  // set visits per explanation
    // The counters reachable at each set (reached_), then those that complete (kept_)
    // and the values on arcs between kept nodes (supports_); false when none completes.
    void sweep_forward() const;
    bool sweep_backward();
    // Whether some permutation drawn from domains_ shows both counts (sweep_forward
    // alone); adds the sets it visited to `visits`.
    bool completes(std::uint64_t& visits) const;
    // Minimal removals by deletion (see the header): removed[i] are the removals of
    // position i that domains_ lacks; on return those still needed to close every path.
    void keep_needed_removals(std::uint32_t* removed) const;
    // The counters after placing value bit `bit` on set `m` holding counters `counters`
    // (0 when the arc leads nowhere); and the counters at m that lead into `after`.
    std::uint32_t step(std::uint32_t m, std::uint32_t bit, std::uint32_t counters) const;
    std::uint32_t step_back(std::uint32_t m, std::uint32_t bit, std::uint32_t after) const;

    std::vector<IntVar> vars_;
    int n_;
    int from_start_;
    int from_end_;
    // The run's arrays; reached_ and domains_ also an explanation's (never during a run).
    mutable std::vector<std::uint32_t> reached_;  // per set of used values: its reachable counters (bit c: counter c)
    std::vector<std::uint32_t> kept_;             // per set: the reachable counters that complete
    mutable std::vector<std::uint32_t> domains_;  // one run's domains, bit v-1 for value v
    std::vector<std::uint32_t> supports_;  // one run's supported values
};

}  // namespace prune
