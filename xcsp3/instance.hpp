// An XCSP3-core instance as the reader leaves it: the integer variables, and the
// constraints with every structure element (group, block, slide) expanded, every
// template argument substituted and every compact list (x[], x[1..3][]) written out.
// The engine model (builder.cpp) and the solution checker (checker.cpp) both start
// from here and from nothing else, so they agree on what the file says while the
// checker shares no code with the propagators.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "xml.hpp"

namespace prune::xcsp3 {

// The operators of intension expressions (and of conditions: eq .. notin).
enum class Op : std::uint8_t {
    neg, abs, add, sub, mul, div, mod, sqr, pow, dist, min, max,
    eq, ne, lt, le, gt, ge, and_, or_, xor_, iff, imp, not_, if_, in, notin, set,
};
const char* op_name(Op op);

// A node of an integer or Boolean expression (Booleans are 0/1).
struct Expr {
    enum class Kind : std::uint8_t { constant, variable, call } kind = Kind::constant;
    Op op = Op::add;            // call
    std::int64_t value = 0;     // constant
    int var = -1;               // variable: index into Instance::variables
    std::vector<Expr> args;     // call
    Position at;

    static Expr constant_of(std::int64_t v, Position where = {}) {
        Expr e;
        e.value = v;
        e.at = where;
        return e;
    }
    static Expr variable_of(int index, Position where = {}) {
        Expr e;
        e.kind = Kind::variable;
        e.var = index;
        e.at = where;
        return e;
    }
    bool is_constant() const { return kind == Kind::constant; }
    bool is_variable() const { return kind == Kind::variable; }
};

struct Variable {
    std::string name;                 // "x[2][3]" or "z"
    std::vector<int> values;          // the domain, sorted and distinct
};

struct Array {
    std::string id;
    std::vector<int> sizes;
    std::vector<int> cells;           // row-major; -1: an undefined cell
};

// A condition `(op, operand)`: operand an expression (variable or constant), or for
// in/notin a set of values (`lo..hi` or listed).
struct Condition {
    Op op = Op::eq;                   // eq ne lt le gt ge in notin
    Expr operand;
    std::vector<std::int64_t> set;    // in / notin: the values, sorted
};

// A finite automaton (regular): transitions (from, value, to) over named states.
struct Automaton {
    int states = 0;
    int start = 0;
    std::vector<int> finals;
    struct Transition {
        int from;
        std::int64_t value;
        int to;
    };
    std::vector<Transition> transitions;
    std::vector<std::string> state_names;
};

enum class Kind : std::uint8_t {
    intension, extension, all_different, all_different_matrix, all_equal, sum, count, n_values, cardinality,
    element, channel, minimum, maximum, ordered, lex, lex_matrix, regular, circuit, no_overlap, cumulative,
    instantiation, clause, element_matrix,
};
const char* kind_name(Kind kind);

struct Constraint {
    Kind kind = Kind::intension;
    Position at;                              // the element, for messages
    std::string tag;                          // the XML element's name
    Expr expression;                          // intension
    std::vector<std::vector<Expr>> lists;     // list(s), matrix rows, origins/lengths
    std::vector<Expr> values;                 // values, coeffs, occurs, heights ...
    std::vector<Expr> coefficients;           // sum coeffs (constants or variables)
    std::vector<Expr> occurs;                 // cardinality
    std::vector<std::int64_t> except;         // allDifferent / nValues except
    bool has_condition = false;
    Condition condition;
    Expr index, value;                        // element / minimum / maximum / channel
    Expr index2;                              // element_matrix: the column index (index: the row)
    bool has_index = false, has_value = false;
    std::int64_t start_index = 0, start_index2 = 0;
    // extension: tuples, `star` marks a '*' entry; supports or conflicts
    std::vector<std::vector<std::int64_t>> tuples;
    bool supports = true;
    static constexpr std::int64_t star = INT64_MIN;
    Op relation = Op::le;                     // ordered / lex operator
    bool closed = false;                      // cardinality
    bool zero_ignored = true;                 // noOverlap
    std::vector<bool> negated;                // clause: not(x) literals
    Automaton automaton;                      // regular
};

struct Objective {
    bool minimize = true;
    enum class Type : std::uint8_t { expression, sum, minimum, maximum, n_values } type = Type::expression;
    Expr expression;                          // type expression
    std::vector<Expr> list;                   // the others
    std::vector<Expr> coefficients;           // sum
    Position at;
};

struct Instance {
    std::string file;
    bool optimisation = false;                // type="COP"
    std::vector<Variable> variables;
    std::vector<Array> arrays;
    std::map<std::string, int> variable_index;  // "x[1][2]" -> index
    std::map<std::string, int> array_index;     // "x" -> index into arrays
    std::vector<std::string> singles;           // ids of <var> in file order, for output
    std::vector<std::string> declaration_order; // arrays and singles, as declared
    std::vector<Constraint> constraints;
    bool has_objective = false;
    Objective objective;
    std::vector<int> decision;                  // <annotations><decision>
};

// Reads an XCSP3 document. Throws InputError (bad XML or XCSP3, or an element that
// is not supported).
Instance read_instance(std::string_view text, const std::string& file);

// Which variables occur in some constraint or in the objective. The others are free:
// counting and enumeration (as ACE, the XCSP3 team's solver, whose counts the
// competition instances come with) treat assignments that differ only on free
// variables as one solution, and free variables are printed with their smallest value.
std::vector<bool> used_variables(const Instance& instance);

// Reads `<instantiation>` (a `v` line, with or without "v " prefixes) against
// `instance`: the value of every variable (absent ones unset). Throws InputError.
struct Assignment {
    std::vector<std::int64_t> values;
    std::vector<bool> given;
};
Assignment read_instantiation(std::string_view text, const Instance& instance);

}  // namespace prune::xcsp3
