// The small value types that post functions take and propagators keep: how a
// constraint compares, how it is reified, a Boolean literal, a set of integer ranges.
// Propagators include this header, not the modelling API (constraints*.hpp).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "int_var.hpp"

namespace prune {

enum class Relation : std::uint8_t { equal, not_equal, less_equal, greater_equal };

// Whether lhs (relation) rhs holds: the meaning of a Relation, for checkers and tests.
constexpr bool relation_holds(std::int64_t lhs, Relation relation, std::int64_t rhs) {
    switch (relation) {
        case Relation::equal: return lhs == rhs;
        case Relation::not_equal: return lhs != rhs;
        case Relation::less_equal: return lhs <= rhs;
        case Relation::greater_equal: return lhs >= rhs;
    }
    return false;
}

// How hard alldifferent works; see the headers in engine/propagators/.
enum class Consistency : std::uint8_t { value, bounds, domain };

//   Reification::equivalence   b = 1 <=> the constraint holds
//   Reification::implication   b = 1  => the constraint holds (half reification;
//                              b = 0 says nothing)
enum class Reification : std::uint8_t { equivalence, implication /* b -> c */ };

// A 0/1 variable or its negation.
struct BoolLiteral {
    BoolVar var;
    bool positive = true;
};

// A set of integers as sorted, disjoint, non-adjacent closed ranges [first, second].
using IntRanges = std::vector<std::pair<int, int>>;

// A finite automaton over integer values for regular(): states 0..states-1; a
// transition reads `value` and goes from `from` to `to`. Several transitions may leave
// a state on one value (nondeterministic). A word is accepted when some run from
// `initial` reads all of it and ends in an accepting state.
struct Automaton {
    int states = 0;
    int initial = 0;
    std::vector<int> accepting;
    struct Transition {
        int from;
        int value;
        int to;
    };
    std::vector<Transition> transitions;
};

}  // namespace prune
