// HallExplainer: explanations for alldifferent at bounds and domain consistency,
// computed lazily when conflict analysis asks (learning/explanation.hpp).
//
// A value v leaves x only when the other variables cannot all take distinct values
// other than v; a failure, when the variables cannot all take distinct values. By
// Hall's theorem that is witnessed by a Hall set: variables H (x not among them) whose
// domains, without v, hold fewer than |H| values. The explanation is "every
// variable of H has its domain inside those values and v": per variable, the bounds
// of those values in its range and the removals between (add_inside_reached). A
// maximum matching on the domains as they
// were just before the inference (augmenting paths, greedy start) leaves a variable
// u unmatched; the variables and values its alternating BFS reaches are H and the
// values (Katsirelos and Bacchus, "Generalized nogoods in CSPs", AAAI 2005; Downing,
// Feydy and Stuckey, "Explaining alldifferent", ACSC 2012).
//
// With `intervals` the domains are taken as their hulls [min, max] (the relaxation
// AllDifferentBounds reasons on): the values reached then form Hall intervals and
// the facts are removals below and above them, i.e. bounds.
//
// Cost per explanation: O(n * e) for the matching in the worst case (e the edges),
// usually O(e) with the greedy start; when the values fit a 64-bit word (and so do
// the variables), O(n) word operations to read the domains and O(n^2) for the
// matching, as in AllDifferentSmall. Scratch memory is sized at the first
// explanation (nothing is allocated when learning is off) and reused.
#pragma once
#include <cstdint>
#include <vector>

#include "../learning/explanation.hpp"
#include "../solver.hpp"

namespace prune {

#if defined(PRUNE_MINIMAL) || defined(PRUNE_NO_LEARNING)
// Without learning nothing asks for an explanation: no ranges kept, no bytes taken
// (an embedded sudoku has 27 of these).
class HallExplainer {
public:
    void remember_ranges(const Solver&, const std::vector<IntVar>&) {}
    bool explain(Explanation&, const std::vector<IntVar>&, bool) const { return false; }
};
#else
class HallExplainer {
public:
    // The ranges of `vars` at posting time: the values an explanation may mention.
    void remember_ranges(const Solver& s, const std::vector<IntVar>& vars);
    // Explains e's removal or failure for alldifferent(vars); false when no Hall set
    // is found (not expected) or the value range is too wide for scratch memory.
    bool explain(Explanation& e, const std::vector<IntVar>& vars, bool intervals) const;

private:
    static constexpr std::int64_t max_width = std::int64_t{1} << 20;
    bool in_domain(const Explanation& e, IntVar x, std::size_t i, int w) const;
    bool reached(int w) const;
    bool add_inside_reached(Explanation& e, IntVar x, std::size_t i) const;
    bool augment(const Explanation& e, const std::vector<IntVar>& vars, int root) const;
    // The same search when the values fit one word (and the variables too): the
    // domains are read once, 64 values a call, and the matching and BFS run on bits,
    // visiting values in the same order, so the explanation is the same.
    bool explain_in_words(Explanation& e, const std::vector<IntVar>& vars, int skip) const;
    bool augment_in_words(int root, std::uint64_t& reached_vars, std::uint64_t& reached_values) const;
    void flip_path(int root, int y, int value) const;
    std::uint64_t posted_bits(std::size_t i) const;

    std::vector<int> low_, high_;  // per variable, at posting time
    int base_ = 0;
    std::int64_t width_ = 0;
    // Scratch (mutable: explain() is const, asked between propagation runs).
    mutable std::vector<int> hull_low_, hull_high_;  // per variable: the view's hull
    mutable std::vector<int> var_value_;   // matched value - base_, or -1
    mutable std::vector<int> value_var_;   // per value: matched variable, or -1
    mutable std::vector<std::uint32_t> value_seen_, var_seen_;
    mutable std::uint32_t stamp_ = 0;
    mutable std::vector<int> value_parent_;  // BFS: the variable a value was reached from
    mutable std::vector<int> queue_;
    mutable std::vector<std::uint64_t> words_;  // the word path: per variable, its domain's bits
    mutable int excluded_ = 0;        // the value being explained away (x's removed value)
    mutable bool has_excluded_ = false;
    mutable bool intervals_ = false;
};
#endif

}  // namespace prune
