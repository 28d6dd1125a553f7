// Counting: among (count = |{i : x_i in S}|) and count (count = |{i : x_i = y}|).
//
// Among is domain consistent: with `sure` the variables whose domain lies inside S
// and `possible` those that meet S, every count in [sure, possible] has a support
// (each undecided variable chooses in or out on its own), so count is narrowed to
// that interval; when count's maximum equals `sure` the undecided variables leave S,
// when its minimum equals `possible` they enter it. Bessiere, Hebrard, Hnich,
// Kiziltan, Walsh, "Among, common and disjoint constraints", CSCLP 2005. On a
// bounds-only variable "enter S" moves only its bounds. O(sum of min(|D(x_i)|, |S|)
// log |S|) per run; idempotent (after its pruning, sure = possible or count is free).
// Under learning it explains itself by counting (explain()): a bound of count by as
// many variables inside S (or outside it) as the bound needs; a variable leaving S by
// count's upper bound and that many others inside S, entering it likewise by the lower
// bound and the others outside. Each "inside" is the variable's fixing or its bounds
// and the holes outside S between them; each "outside" the removals of S's values from
// its range, and its bound where S's values lie beyond it.
//
// CountVariable is count with a variable value y: for each v in D(y), the counts
// [sure_v, possible_v] as above; y keeps the v whose interval meets D(count), count
// keeps the values inside some interval (domain consistent on count and y), and once
// y is fixed the run is Among's on {y}. Before that, the x_i are not pruned (value
// consistency). O(|D(y)| * n) per run; on a bounds-only y only its bounds are tested.
// Under learning it explains itself by the same intervals: y losing v by the
// variables fixed to v (sure_v of them) and lacking it (n - possible_v) and count's
// lack of every value between; count losing c by, for each value of y, y's lack of it
// or the variables that put c outside its interval; with y fixed, as among on {y}
// with y's fixing. A failure: y's values all explained so, or count's.
#pragma once
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class Among final : public Propagator {
public:
    // `values` sorted, without duplicates; the variables' states are read from s.
    Among(std::vector<IntVar> vars, std::vector<int> values, IntVar count, const Solver& s);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool advise(Solver& s, int tag, Event e) override;
    const char* kind() const override { return "among"; }
    bool explain(Explanation& e) const override;

private:
    enum : std::int64_t { out = 0, undecided = 1, inside = 2 };
    static constexpr int count_tag = -1;
    bool in_set(std::int64_t v) const;
    bool meets_set(const Solver& s, IntVar x) const;
    bool inside_set(const Solver& s, IntVar x) const;
    std::int64_t classify(const Solver& s, IntVar x) const;
    // Re-reads x_i's state and updates the trailed counters; true when it changed.
    bool update(Solver& s, std::size_t i);
    bool leave_set(Solver& s, IntVar x) const;
    bool enter_set(Solver& s, IntVar x) const;
    // Under learning, on the domains before an inference: x's state, and the facts
    // that say x lies inside S / outside S; find_states() finds `wanted` variables in
    // a state (into found_), add_found() adds their facts.
    std::int64_t state_before(const Explanation& e, IntVar x) const;
    void add_inside(Explanation& e, IntVar x) const;
    void add_outside(Explanation& e, IntVar x) const;
    bool find_states(const Explanation& e, std::int64_t state, std::int64_t wanted, int skipped) const;
    bool add_found(Explanation& e, std::int64_t state) const;

    std::vector<IntVar> vars_;
    std::vector<int> values_;
    IntVar count_;
    // Trailed: each variable's state, and how many are inside S / meet S.
    std::vector<TrailedInt> state_;
    TrailedInt sure_, possible_;
    mutable std::vector<IntVar> found_;  // explain()'s scratch, reserved for every variable
};

class CountVariable final : public Propagator {
public:
    CountVariable(std::vector<IntVar> vars, IntVar value, IntVar count);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "count"; }
    bool explain(Explanation& e) const override;

private:
    void interval(const Solver& s, int v, std::int64_t& sure, std::int64_t& possible) const;
    bool meets_count(const Solver& s, std::int64_t sure, std::int64_t possible) const;
    // Under learning, on the domains before an inference (explain()): the variables
    // other than `skipped` fixed to v / lacking v, and the facts of `wanted` of them.
    std::int64_t fixed_to(const Explanation& e, int v, int skipped) const;
    std::int64_t lacking(const Explanation& e, int v, int skipped) const;
    void add_fixed_to(Explanation& e, int v, std::int64_t wanted, int skipped) const;
    void add_lacking(Explanation& e, int v, std::int64_t wanted, int skipped) const;
    // Count cannot be c with y = v: facts for it, or false.
    bool count_excluded(Explanation& e, int v, std::int64_t c, bool add) const;
    // y cannot be v: v's interval [sure, possible] misses count's domain.
    bool value_excluded(Explanation& e, int v, bool add) const;
    bool explain_with_y_fixed(Explanation& e) const;

    std::vector<IntVar> vars_;
    IntVar value_, count_;
    std::vector<std::uint8_t> covered_;  // scratch: covered_[c], c in 0..n, some y = v allows c
};

}  // namespace prune
