// LexLessEqual: x <=lex y (strict: x <lex y) over the first m = min(|x|, |y|)
// positions; when those are all equal the constraint holds iff `equal_ok` (MiniZinc:
// a proper prefix is smaller, so |x| <= |y| for <=, |x| < |y| for <).
//
// Domain consistent (GAC), after Frisch, Hnich, Kiziltan, Miguel, Walsh, "Global
// constraints for lexicographic orderings", CP 2002. Lex order is monotone in every
// position, so a value has a support iff it has one with the other x at their minima
// and the other y at their maxima; only bounds move. alpha (trailed) is the first
// position not fixed to equal values; from alpha, gamma is the first position where
// min x != max y. Positions alpha..gamma-1 must be equal (fixed to that value); at
// gamma, x <= max y and y >= min x, strictly when the rest (x at minima, y at
// maxima) cannot be <=lex; the positions after gamma are free. O(m) per run, O(1)
// amortised for alpha's advance; idempotent when x and y share no variable.
// Under learning it explains a bound at position k by the bounds before it, each pair
// [x_i >= min x_i], [y_i <= max y_i] with min x_i >= max y_i (so x_i = y_i is forced),
// y_k's upper bound (x_k's lower), and, where the bound is strict, the bounds of the
// positions after k up to the one that makes the rest fail.
#pragma once
#include <cstdint>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class LexLessEqual final : public Propagator {
public:
    LexLessEqual(std::vector<IntVar> x, std::vector<IntVar> y, bool equal_ok, bool shared_variables);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return equal_ok_ ? "lex<=" : "lex<"; }
    bool explain(Explanation& e) const override;

private:
    // Whether x[i..] <=lex y[i..] (the end rule included) with x at minima, y at maxima.
    bool rest_can_hold(const Solver& s, std::size_t i) const;
    // Under learning, on the bounds before an inference: whether positions [0, k)
    // force equality (min x_i >= max y_i each), and where the rest from k on stops
    // tying (min x != max y; m when it ties to the end). add_bounds adds the pairs of
    // bound facts of positions [from, to).
    bool prefix_forced(const Explanation& e, std::size_t k) const;
    std::size_t tie_end(const Explanation& e, std::size_t k) const;
    void add_bounds(Explanation& e, std::size_t from, std::size_t to) const;
    // The largest value x_k can take (the smallest y_k can) with the prefix forced,
    // one tighter when the rest after k cannot be <=lex with them tied; `rest_used`
    // says whether it is.
    std::int64_t x_limit(const Explanation& e, std::size_t k, bool& rest_used) const;
    std::int64_t y_limit(const Explanation& e, std::size_t k, bool& rest_used) const;
    bool rest_fails(const Explanation& e, std::size_t k) const;

    std::vector<IntVar> x_, y_;
    bool equal_ok_;
    TrailedInt alpha_{0};
};

}  // namespace prune
