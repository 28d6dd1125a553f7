// The FlatZinc syntax tree: what the parser reads, before any solver exists.
//
// FlatZinc (MiniZinc 2.6+ "fzn-spec") is a flat list of items: predicate
// declarations, parameter and variable declarations, constraints and one solve item.
// Expressions are literals, identifiers, array accesses x[i], array literals, set
// literals and (in annotations only) calls and strings.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace prune::flatzinc {

struct Location {
    int line = 0;
    int column = 0;
};

// A set of integers as closed ranges, in source order (normalised by the builder).
using Ranges = std::vector<std::pair<std::int64_t, std::int64_t>>;

struct Expr {
    enum class Kind : std::uint8_t {
        boolean,     // true / false
        integer,     // 42, -7, 0x1f, 0o17
        floating,    // 1.5, 2e3
        set,         // {1, 3, 5}, 1..9, {}
        float_range, // 1.0..2.5 (only as a domain)
        identifier,  // x
        access,      // x[3] (integer in `integer`)
        array,       // [e, e, ...]
        string,      // "text" (annotations)
        call,        // f(e, ...) (annotations)
    };
    Kind kind = Kind::integer;
    Location where;
    bool boolean = false;
    std::int64_t integer = 0;
    double floating = 0;
    Ranges set;
    std::string text;         // identifier, called name or string
    std::vector<Expr> items;  // array elements or call arguments
};

struct Type {
    enum class Base : std::uint8_t { boolean, integer, floating, set_of_int };
    Base base = Base::integer;
    bool is_var = false;
    bool is_array = false;
    std::int64_t array_size = 0;  // is_array: the index set is 1..array_size
    bool has_domain = false;      // var 1..9, var {1,3}, set of 1..5, var 0.0..1.0
    Expr domain;                  // a set, or a float_range for floats
};

struct Declaration {
    Type type;
    std::string name;
    std::vector<Expr> annotations;
    bool has_value = false;
    Expr value;
    Location where;
};

struct Constraint {
    std::string name;
    std::vector<Expr> arguments;
    std::vector<Expr> annotations;
    Location where;
};

struct SolveItem {
    enum class Goal : std::uint8_t { satisfy, minimize, maximize };
    Goal goal = Goal::satisfy;
    Expr objective;
    std::vector<Expr> annotations;
    Location where;
};

struct Model {
    std::vector<Declaration> declarations;
    std::vector<Constraint> constraints;
    SolveItem solve;
    bool has_solve = false;
};

}  // namespace prune::flatzinc
