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

#include "../propagator.hpp"
#include "../solver.hpp"

namespace prune {

class TernaryArithmetic : public Propagator {
public:
    enum class Op : std::uint8_t { times, divide, modulo, power };
    static constexpr std::int64_t walk_budget = 16384;
    static constexpr std::int64_t scan_limit = 256;

    TernaryArithmetic(Op op, IntVar x, IntVar y, IntVar z);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override;

    // f(x, y) for fixed values; false when undefined (y = 0 for div/mod, 0^negative).
    static bool evaluate(Op op, std::int64_t x, std::int64_t y, std::int64_t& z);

private:
    bool intervals(Solver& s);
    bool supported_x(const Solver& s, std::int64_t v) const;
    bool supported_y(const Solver& s, std::int64_t v) const;
    bool supported_z(const Solver& s, std::int64_t v) const;

    Op op_;
    IntVar x_, y_, z_;
};

class Absolute final : public Propagator {
public:
    Absolute(IntVar x, IntVar z) : Propagator(PropagatorCost::linear), x_(x), z_(z) {}
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    const char* kind() const override { return "z=|x|"; }

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

private:
    // The bounds of sign * v: maximum is computed as the minimum of the negations.
    std::int64_t lo(const Solver& s, IntVar v) const { return sign_ > 0 ? s.min(v) : -std::int64_t{s.max(v)}; }
    std::int64_t hi(const Solver& s, IntVar v) const { return sign_ > 0 ? s.max(v) : -std::int64_t{s.min(v)}; }
    Event raise(Solver& s, IntVar v, std::int64_t bound) { return sign_ > 0 ? s.set_min(v, bound) : s.set_max(v, -bound); }
    Event lower(Solver& s, IntVar v, std::int64_t bound) { return sign_ > 0 ? s.set_max(v, bound) : s.set_min(v, -bound); }

    std::vector<IntVar> xs_;
    IntVar z_;
    std::int64_t sign_;
};

}  // namespace prune
