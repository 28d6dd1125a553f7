// Explanations: why a propagator removed a value or failed, as facts.
//
// Under learning (docs/architecture.md, "Learning") every domain change is a fact on
// the learning trail: [x != v] (v left the domain of x) or [x == v] (x became fixed
// to v). When conflict analysis reaches a fact a propagator inferred, it asks the
// propagator, lazily, for an explanation: facts that held *before* the inference and
// that, with the constraint, imply it. A propagator answers through
// Propagator::explain() with the view below (the domains as they were just before
// the inference, not as they are now). One that does not answer (explain() returns
// false) gets the fallback explanation: the domains of its scope before the
// inference (each as its fixing, or its bounds and the holes between). That is always
// correct, since a propagator only infers from the current domains of its scope, but
// long; the statistics count it.
//
// Bound facts [x >= v] and [x <= v] are facts of their own (one per bound, however
// many values lie below it): add_lower_bound() adds one. They are not records of
// the trail: [x >= v] became true at the removal that raised x's lower bound to v or
// beyond, and conflict analysis resolves it, at the level being analysed, into that
// removal, the bound just before it and the holes between (docs/architecture.md,
// "Learning", says why this needs nothing of the propagators).
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "../int_var.hpp"

namespace prune {

// The facts a propagator infers are removals and fixings; bound facts appear in
// explanations and nogoods only.
enum class FactKind : std::uint8_t { not_equal, equal, greater_equal, less_equal };

// [var != value], [var == value], [var >= value] or [var <= value].
struct Fact {
    int var = -1;
    int value = 0;
    FactKind kind = FactKind::not_equal;
    bool is_equal() const { return kind == FactKind::equal; }
    bool is_bound() const { return kind == FactKind::greater_equal || kind == FactKind::less_equal; }
};

inline bool operator==(const Fact& a, const Fact& b) { return a.var == b.var && a.value == b.value && a.kind == b.kind; }

// Whether value v of the fact's variable satisfies it.
inline bool fact_admits(const Fact& f, int v) {
    switch (f.kind) {
        case FactKind::not_equal: return v != f.value;
        case FactKind::equal: return v == f.value;
        case FactKind::greater_equal: return v >= f.value;
        case FactKind::less_equal: return v <= f.value;
    }
    return false;
}

// The fact's relation as text: "!=", "=", ">=" or "<=".
inline const char* fact_op(const Fact& f) {
    switch (f.kind) {
        case FactKind::not_equal: return "!=";
        case FactKind::equal: return "=";
        case FactKind::greater_equal: return ">=";
        case FactKind::less_equal: return "<=";
    }
    return "?";
}

// The fact's negation, as a fact ([x >= v] gives [x <= v - 1]).
inline Fact negation(const Fact& f) {
    switch (f.kind) {
        case FactKind::not_equal: return Fact{f.var, f.value, FactKind::equal};
        case FactKind::equal: return Fact{f.var, f.value, FactKind::not_equal};
        case FactKind::greater_equal: return Fact{f.var, f.value - 1, FactKind::less_equal};
        case FactKind::less_equal: return Fact{f.var, f.value + 1, FactKind::greater_equal};
    }
    return f;
}

// The values a removal or a bound fact excludes, from the one next to the values it
// admits: [x != v] excludes v alone; [x >= v] excludes v - 1 and every value below
// (side -1); [x <= v] excludes v + 1 and every value above (side +1). An explainer
// that pushes a bound rules out `nearest` and, where the side is its own, the rest.
struct ExcludedValues {
    std::int64_t nearest = 0;
    int side = 0;
};

// ExcludedValues of f; f must not be an equality (it excludes no single side).
inline ExcludedValues excluded_values(const Fact& f) {
    switch (f.kind) {
        case FactKind::greater_equal: return {std::int64_t{f.value} - 1, -1};
        case FactKind::less_equal: return {std::int64_t{f.value} + 1, 1};
        default: return {f.value, 0};
    }
}

// Bits first..last of a word, the positions clipped to 0..63 (none when first > last
// after clipping): a run of values for the explainers that reason on words.
inline std::uint64_t bits_between(std::int64_t first, std::int64_t last) {
    first = std::max<std::int64_t>(first, 0);
    last = std::min<std::int64_t>(last, 63);
    if (first > last) return 0;
    return (~std::uint64_t{0} >> (63 - last)) & (~std::uint64_t{0} << first);
}

// The values base .. base + count - 1 (count <= 64) that f excludes, as bits (bit k
// for base + k): a removal's value, a bound fact's side.
inline std::uint64_t excluded_bits(const Fact& f, std::int64_t base, int count) {
    const ExcludedValues excluded = excluded_values(f);
    const std::int64_t first = excluded.side < 0 ? 0 : excluded.nearest - base;
    const std::int64_t last = excluded.side > 0 ? count - 1 : excluded.nearest - base;
    return bits_between(first, std::min<std::int64_t>(last, count - 1));
}

class Explanation {
public:
    virtual ~Explanation() = default;
    // The fact to explain; var == -1 when the propagator failed (explain the failure:
    // facts with which the constraint has no solution).
    const Fact& inferred() const { return inferred_; }
    bool explaining_failure() const { return inferred_.var < 0; }

    // The domains just before the inference.
    virtual bool had_value(IntVar x, int v) const = 0;
    virtual bool was_fixed(IntVar x) const = 0;
    virtual int fixed_value(IntVar x) const = 0;  // when was_fixed(x)
    // had_value() for 64 values at once: bit k is set when x had base + k (for the
    // propagators that reason on words; the learning view answers without a call per
    // value).
    virtual std::uint64_t had_values(IntVar x, int base) const {
        std::uint64_t word = 0;
        for (int k = 0; k < 64; ++k) {
            if (had_value(x, static_cast<int>(std::int64_t{base} + k))) word |= std::uint64_t{1} << k;
        }
        return word;
    }

    // The bounds of x just before the inference, and when learning started (a bound
    // literal at or beyond the initial bound costs nothing: it is always true).
    virtual int min_before(IntVar x) const = 0;
    virtual int max_before(IntVar x) const = 0;
    virtual int initial_min(IntVar x) const = 0;
    virtual int initial_max(IntVar x) const = 0;

    // Adds [x != v] (v must have been removed before the inference; a value outside
    // the initial domain adds nothing).
    virtual void add_removed(IntVar x, int v) = 0;
    // add_removed(x, base + k) for each bit k of `mask`, in increasing k (for the
    // propagators that reason on words; the learning view adds them without a call
    // per value).
    virtual void add_removed_values(IntVar x, int base, std::uint64_t mask) {
        for (; mask != 0; mask &= mask - 1) add_removed(x, static_cast<int>(std::int64_t{base} + std::countr_zero(mask)));
    }
    // Adds [x == its fixed value] (x must have been fixed before the inference).
    virtual void add_fixed(IntVar x) = 0;
    // Adds [x >= lb] / [x <= ub] (must have held before the inference: lb <=
    // min_before(x), ub >= max_before(x)); a bound beyond the initial one adds nothing.
    // By default the removals the bound stands for, from the initial domain; learning
    // adds the one bound fact.
    virtual void add_lower_bound(IntVar x, std::int64_t lb) {
        const std::int64_t end = std::min<std::int64_t>(lb, std::int64_t{initial_max(x)} + 1);
        for (std::int64_t v = initial_min(x); v < end; ++v) add_removed(x, static_cast<int>(v));
    }
    virtual void add_upper_bound(IntVar x, std::int64_t ub) {
        const std::int64_t begin = std::max<std::int64_t>(ub + 1, initial_min(x));
        for (std::int64_t v = begin; v <= initial_max(x); ++v) add_removed(x, static_cast<int>(v));
    }

protected:
    Fact inferred_;
};

// The values base .. base + count - 1 (count <= 64) of x's initial range, as bits
// (bit k for base + k): those whose absence before the inference is a removal.
inline std::uint64_t initial_bits(const Explanation& e, IntVar x, std::int64_t base, int count) {
    return bits_between(std::int64_t{e.initial_min(x)} - base, std::min<std::int64_t>(std::int64_t{e.initial_max(x)} - base, count - 1));
}

// Adds facts that say x took none of the sorted values [first, last) before the
// inference (each must have been out of its domain): the removals of those within its
// bounds, and the bound itself where some lie beyond it. The bound as it stands, not
// the weakest bound past them: the fact that other explanations share (the counting
// propagators' choice, docs/architecture.md says by how much).
inline void add_none_of(Explanation& e, IntVar x, const int* first, const int* last) {
    const int lo = e.min_before(x), hi = e.max_before(x);
    first = std::lower_bound(first, last, e.initial_min(x));
    last = std::upper_bound(first, last, e.initial_max(x));
    const int* at_lo = std::lower_bound(first, last, lo);
    const int* past_hi = std::upper_bound(at_lo, last, hi);
    if (at_lo != first) e.add_lower_bound(x, lo);
    for (const int* it = at_lo; it != past_hi; ++it) e.add_removed(x, *it);
    if (past_hi != last) e.add_upper_bound(x, hi);
}

// Where Propagator::add_implied_nogoods() puts its nogoods: each add() is one set of
// facts (at least one) that cannot all hold in a solution, on the root domains.
class ImpliedNogoods {
public:
    virtual ~ImpliedNogoods() = default;
    virtual void add(const std::vector<Fact>& facts) = 0;
};

}  // namespace prune
