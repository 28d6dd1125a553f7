// Literal: an elementary statement about one variable, x = v, x <= v or x >= v.
// Search decisions are literals; nogoods are conjunctions of literals.
#pragma once
#include <cstdint>

#include "solver.hpp"

namespace prune {

enum class LiteralKind : std::uint8_t { equal, less_equal, greater_equal };

struct Literal {
    IntVar var;
    int value = 0;
    LiteralKind kind = LiteralKind::equal;
};

// True in every remaining assignment.
inline bool is_true(const Solver& s, const Literal& l) {
    switch (l.kind) {
        case LiteralKind::equal: return s.fixed(l.var) && s.value(l.var) == l.value;
        case LiteralKind::less_equal: return s.max(l.var) <= l.value;
        case LiteralKind::greater_equal: return s.min(l.var) >= l.value;
    }
    return false;
}

// False in every remaining assignment.
inline bool is_false(const Solver& s, const Literal& l) {
    switch (l.kind) {
        case LiteralKind::equal: return !s.contains(l.var, l.value);
        case LiteralKind::less_equal: return s.min(l.var) > l.value;
        case LiteralKind::greater_equal: return s.max(l.var) < l.value;
    }
    return false;
}

// The split of x's domain at the floor of its midpoint: x <= m, or (reverse) x >= m + 1
// (indomain_split / indomain_reverse_split).
inline Literal split_literal(const Solver& s, IntVar x, bool reverse) {
    const std::int64_t lo = s.min(x), hi = s.max(x);
    const int middle = static_cast<int>(lo + ((hi - lo) >> 1));
    return reverse ? Literal{x, middle + 1, LiteralKind::greater_equal} : Literal{x, middle, LiteralKind::less_equal};
}

// Makes the literal true (when `negate` is false) or false.
[[nodiscard]] inline Event enforce(Solver& s, const Literal& l, bool negate) {
    switch (l.kind) {
        case LiteralKind::equal: return negate ? s.remove(l.var, l.value) : s.assign(l.var, l.value);
        case LiteralKind::less_equal:
            return negate ? s.set_min(l.var, std::int64_t{l.value} + 1) : s.set_max(l.var, l.value);
        case LiteralKind::greater_equal:
            return negate ? s.set_max(l.var, std::int64_t{l.value} - 1) : s.set_min(l.var, l.value);
    }
    return Event::failed;
}

}  // namespace prune
