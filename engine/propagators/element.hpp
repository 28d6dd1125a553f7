// Element: result = array[index] with a 0-based index.
//
// ElementConstant (array of constants) is domain consistent on index and result:
// an index value survives iff its entry is in result's domain, a result value iff
// some surviving index points to it (on a bounds-only index: its bounds are supported,
// interior holes cannot be kept). O(|dom index| + |dom result| log n) per run.
//
// ElementVariable (array of variables) is domain consistent on index and result
// (an index value needs a common value of array[i] and result; a result value needs
// an index whose variable holds it), and once index is fixed it keeps result and
// array[index] equal value by value. O(|dom index| * d / 64) per run: domains are
// compared and OR-ed 64 values at a time (window_bits), removals made a word at a
// time (remove_values). It is not
// idempotent: pruning the result can remove index supports, so it runs again.
// (The classic element filtering; see e.g. Gent, Jefferson, Miguel, "Watched
// Literals for Constraint Propagation in Minion", CP 2006, for its consistency.)
#pragma once
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class ElementConstant final : public Propagator {
public:
    ElementConstant(std::vector<int> array, IntVar index, IntVar result);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "element"; }
    // An index by its entry's absence from result; a result value by the absence of
    // every index pointing to it; a failure by both.
    bool explain(Explanation& e) const override;

private:
    std::vector<int> array_;
    IntVar index_, result_;
    std::vector<int> distinct_;            // the array's values, sorted, once each
    std::vector<int> position_;            // position_[i]: where array_[i] is in distinct_
    std::vector<std::uint8_t> supported_;  // scratch, one flag per distinct value
};

class ElementVariable final : public Propagator {
public:
    ElementVariable(std::vector<IntVar> array, IntVar index, IntVar result);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "element(var)"; }
    // Wakes for a change to array[i] only while i is a live index.
    bool advise(Solver& s, int tag, Event e) override;
    // An index by array[i] and result sharing no value (their bounds, and a removal
    // per value between); a result value by each index being absent or lacking it;
    // array[i]'s by [index == i] and result's absence.
    bool explain(Explanation& e) const override;

private:
    Status propagate_one_word(Solver& s, std::int64_t result_base);
    Status keep_chosen_equal(Solver& s);
    static constexpr int not_an_entry = -1;  // the tag of index and result; array entries': their position
    std::vector<IntVar> array_;
    IntVar index_, result_;
};

}  // namespace prune
