// NValues: n = |{x_i : i} \ E|, the number of distinct values the variables take,
// values in E (the exceptions) not counted.
//
// Bound reasoning after Bessiere, Hebrard, Hnich, Kiziltan, Walsh, "Filtering
// algorithms for the NValue constraint" (Constraints 11, 2006), without their
// NP-hard domain filtering:
//  - lower bound: the variables that cannot take an exception need at least as many
//    values as the fewest points hitting all their intervals [min, max] (greedy by
//    increasing max: exact on intervals, a lower bound with holes);
//  - upper bound: with F the fixed values outside E and k the unfixed variables that
//    can take a value outside F and E, n <= |F| + min(k, |U \ F|), U the union of the
//    domains minus E (U counted when the values span at most 2^20, else k alone);
//  - n's maximum at |F|: every unfixed variable takes a value of F or E;
//  - n's minimum at |F| + k (k <= |U \ F|): each of the k variables must bring a new
//    value, so it leaves F and E.
// Value consistent (exact once all but one variable are fixed), sound always; not
// bounds(Z) on n. O(n log n + sum of domain sizes) per run; not idempotent.
// Under learning each rule is read again on the domains before the inference:
// n's lower bound by as many variables fixed to distinct values, or by the
// variables whose disjoint intervals the greedy chose (each by its bounds and the
// absence of the exceptions between); n's upper bound by the fixings and, for the
// variables that bring no new value, their confinement to F and E (or every
// variable's to the union); a value leaving x at n's maximum by that maximum and F's
// fixings; F or E leaving x at n's minimum by that minimum, the fixings and the
// others' confinements. An inference made on domains that, with the changes of the
// same run, no longer admit a solution (the propagator is not idempotent) is
// explained as that failure would be. O(n log n + the explained variables' ranges).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class NValues final : public Propagator {
public:
    // `except` sorted and distinct.
    NValues(std::vector<IntVar> vars, IntVar n, std::vector<int> except, const Solver& s);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "nvalue"; }
    bool explain(Explanation& e) const override;

private:
    bool excepted(std::int64_t v) const { return std::binary_search(except_.begin(), except_.end(), v); }
    bool fixed_value(std::int64_t v) const { return std::binary_search(fixed_.begin(), fixed_.end(), v); }
    bool in_fixed_or_except(std::int64_t v) const { return excepted(v) || fixed_value(v); }
    // Whether x can take a value outside `E` (and outside F too when `new_only`).
    bool has_value_outside(const Solver& s, IntVar x, bool new_only) const;
    std::int64_t hitting_points(const Solver& s);
    std::int64_t union_outside(const Solver& s);
    bool keep_fixed_or_except(Solver& s, IntVar x) const;
    bool leave_fixed_and_except(Solver& s, IntVar x) const;

    std::vector<IntVar> vars_;
    IntVar n_;
    std::vector<int> except_;
    // Scratch.
    std::vector<int> fixed_;             // F, sorted and distinct after tallying
    std::vector<int> order_;             // variables sorted by max for the greedy
    std::vector<std::uint8_t> brings_;   // per variable: can bring a new value
    std::int64_t base_ = 0;              // the values span [base_, base_ + seen_.size())
    std::vector<std::uint8_t> seen_;     // union marks, empty when the span is too wide

    // explain(): the rules on the domains before the inference.
    bool in_fixed_or_except_before(std::int64_t v) const {
        return excepted(v) || std::binary_search(fixed_before_.begin(), fixed_before_.end(), v);
    }
    void tally_fixed_before(const Explanation& e) const;
    bool brings_before(const Explanation& e, IntVar x) const;
    template <class Keeps>
    void add_confined(Explanation& e, IntVar x, Keeps keeps) const;
    bool add_at_least(Explanation& e, std::int64_t m) const;
    bool add_at_most(Explanation& e, std::int64_t m) const;
    void add_fixed_values(Explanation& e) const;
    bool explain_failure(Explanation& e) const;
    bool explain_rule(Explanation& e) const;
    mutable std::vector<int> fixed_before_, union_before_, order_before_;
};

}  // namespace prune
