// Arithmetic propagators: z = x * y, x div y, x mod y, x ^ y, |x|, min, max.
//
// Times, Divide, Modulo, Power (z = f(x, y)) reach bounds(Z) consistency on x, y
// and z: every bound left has a support in the boxes of the other two variables.
// Each run alternates two steps until nothing moves:
//   1. interval reasoning (bounds(R) on the real relaxation, split at y = 0 where
//      the function is discontinuous), O(1);
//   2. a support walk: each bound is moved to the nearest domain value that has a
//      support in the other boxes. The support test is O(1) for x and y of Times
//      and Divide and for y of Power, and O(min box width) otherwise.
// The walk is capped (walk_budget tests and scanned values per run; a test that
// would scan more than scan_limit values counts as supported). A run that spends
// its budget while still narrowing schedules itself again when all three domains
// are bitsets (at most 2^16 values), so a fixpoint is reached; on bounds-only
// domains it stops there instead, so that no run is ever long. A test that gives up
// only weakens the pruning, never its soundness. On every domain of up to
// scan_limit values the result is exactly bounds(Z). (Interval reasoning after
// Apt, "Principles of Constraint Programming", 2003, ch. 6; bounds(Z) as defined by
// Bessiere, "Constraint propagation", Handbook of CP, 2006.)
//
// Absolute (z = |x|) is domain consistent on bitset domains, bounds(Z) otherwise;
// O(d) per run.
//
// ArrayMinMax (z = min(xs) or max(xs)) is bounds(Z) consistent: z within
// [min lo_i, min hi_i], every x_i >= min z, and the only x_i that can reach max z
// is bounded by it. O(n) per pass, looped to the fixpoint.
//
// All arithmetic is 64-bit: domain values are 32-bit, so products of two values and
// the quotients derived from them fit; Power saturates at +-2^62.
#pragma once
#include <cstdint>
#include <vector>

#include "../learning/explanation.hpp"
#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

// The run shared by Times, Divide, Modulo and Power (CRTP: Function supplies
// intervals(), supported_x/y/z() and evaluate(); the body is in
// ternary_arithmetic.hpp and instantiated once per operator, in its own file).
template <class Function>
class TernaryArithmetic : public Propagator {
public:
    static constexpr std::int64_t walk_budget = 16384;
    static constexpr std::int64_t scan_limit = 256;

    TernaryArithmetic(IntVar x, IntVar y, IntVar z) : Propagator(PropagatorCost::linear), x_(x), y_(y), z_(z) {}
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    // A removal by the bounds of the other two (every step reasons on their boxes).
    // A failure by the first of these parts of the domains before it that leaves no
    // solution, found by enumeration: the three boxes; else the boxes with the holes
    // of one variable (a walk's wipe-out), of two, of all three. The
    // enumeration (of x and y; z = f(x, y)) spends at most explain_budget pairs;
    // past it the failure gets the fallback.
    bool explain(Explanation& e) const override;
    static constexpr std::int64_t explain_budget = std::int64_t{1} << 18;

protected:
    IntVar x_, y_, z_;

private:
    // Interval reasoning repeated to its own fixpoint; false on wipe-out.
    bool settle(Solver& s);
    // The support walk on the six bounds, spending `work`; false on wipe-out.
    bool walk_bounds(Solver& s, std::int64_t& work);
    Function& self() { return static_cast<Function&>(*this); }
    bool explain_failure(Explanation& e) const;
};

// What each operator tells the shared run: f(x, y) for fixed values (false when
// undefined: y = 0 for div and mod, 0 to a negative power), one pass of interval
// reasoning (false on wipe-out), and whether value v of x, y or z has a support in
// the boxes of the other two.
#define PRUNE_TERNARY_FUNCTION(Name, kind_text)                                            \
    class Name final : public TernaryArithmetic<Name> {                                    \
    public:                                                                                \
        using TernaryArithmetic::TernaryArithmetic;                                        \
        const char* kind() const override { return kind_text; }                            \
        static bool evaluate(std::int64_t x, std::int64_t y, std::int64_t& z);             \
                                                                                           \
    private:                                                                               \
        friend class TernaryArithmetic<Name>;                                              \
        bool intervals(Solver& s);                                                         \
        bool supported_x(const Solver& s, std::int64_t v) const;                           \
        bool supported_y(const Solver& s, std::int64_t v) const;                           \
        bool supported_z(const Solver& s, std::int64_t v) const;                           \
    }

PRUNE_TERNARY_FUNCTION(Times, "z=x*y");     // engine/propagators/times.cpp
PRUNE_TERNARY_FUNCTION(Divide, "z=x/y");    // engine/propagators/divide.cpp
PRUNE_TERNARY_FUNCTION(Modulo, "z=x%y");    // engine/propagators/modulo.cpp
PRUNE_TERNARY_FUNCTION(Power, "z=x^y");     // engine/propagators/power.cpp
#undef PRUNE_TERNARY_FUNCTION

class Absolute final : public Propagator {
public:
    Absolute(IntVar x, IntVar z) : Propagator(PropagatorCost::linear), x_(x), z_(z) {}
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "z=|x|"; }
    // Value by value: x's v by z's lack of |v|, z's w by x's lack of w and -w.
    bool explain(Explanation& e) const override;

private:
    IntVar x_, z_;
};

class ArrayMinMax final : public Propagator {
public:
    // maximum = false: z = min(xs); true: z = max(xs).
    ArrayMinMax(std::vector<IntVar> xs, IntVar z, bool maximum);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return sign_ > 0 ? "z=min(xs)" : "z=max(xs)"; }
    // Bound literals: the bounds each inference compared; a pushed bound as one fact.
    bool explain(Explanation& e) const override;
    bool explains_bound_facts() const override { return true; }

private:
    // The bounds of sign * v: maximum is computed as the minimum of the negations.
    std::int64_t lo(const Solver& s, IntVar v) const { return sign_ > 0 ? s.min(v) : -std::int64_t{s.max(v)}; }
    std::int64_t hi(const Solver& s, IntVar v) const { return sign_ > 0 ? s.max(v) : -std::int64_t{s.min(v)}; }
    [[nodiscard]] Event raise(Solver& s, IntVar v, std::int64_t bound) { return sign_ > 0 ? s.set_min(v, bound) : s.set_max(v, -bound); }
    [[nodiscard]] Event lower(Solver& s, IntVar v, std::int64_t bound) { return sign_ > 0 ? s.set_max(v, bound) : s.set_min(v, -bound); }

    std::vector<IntVar> xs_;
    IntVar z_;
    std::int64_t sign_;
};

}  // namespace prune
