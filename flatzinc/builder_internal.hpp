// The Builder behind flatzinc::build, shared by its three source files:
//   builder_symbols.cpp      values, variables and declarations (the symbol table)
//   builder_constraints.cpp  the builtins table and the posting of each constraint
//   builder_search.cpp       the solve item, search annotations, output names, build()
// Nothing here is part of the front end's interface (builder.hpp is).
#pragma once
#include <climits>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "builder.hpp"
#include "engine/tuple_set.hpp"
#include "parser.hpp"

namespace prune::flatzinc::detail {

struct BuildError {
    Location where;
    std::string message;
};

// The domain of `var int` without bounds: the 32-bit range less a margin, so that
// x + 1 and -x of any value stay representable.
constexpr std::int64_t unbounded = std::int64_t{INT32_MAX} - 1;

inline bool fits_int(std::int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

struct Symbol {
    enum class Kind : std::uint8_t { scalar, set, array, set_array, floating };
    Kind kind = Kind::scalar;
    Value value;
    Ranges set;
    std::vector<Value> elements;
    std::vector<Ranges> sets;
};

// Sorted, disjoint, non-adjacent ranges; empty ranges dropped.
Ranges normalized(Ranges r);
// The ranges of `set` that meet the 32-bit domains, clipped to them.
IntRanges clipped_to_int(const Ranges& set);
// Annotations that carry no meaning for prune and are ignored without a warning.
bool known_annotation(const std::string& name);

// How a builtin ties its truth to a Boolean argument r: not at all (int_le),
// r <-> c (int_le_reif) or r -> c (int_le_imp).
enum class Form : std::uint8_t { plain, reif, imp };

class Builder;

// One FlatZinc builtin: its name, the method that posts it and the data that method
// reads. The comparison and linear families are one method each, told apart here.
struct Builtin {
    std::string_view name;
    void (Builder::*post)(const Constraint&, const Builtin&);
    std::size_t arity = 0;                 // 0: the method checks the arguments (variadic forms)
    Relation relation = Relation::equal;   // comparisons, int_lin_*, bool_lin_*
    std::int64_t offset = 0;               // strict relations: x < y is x - y <= -1
    Form form = Form::plain;
};

class Builder {
public:
    Builder(const std::string& file, BuiltModel& out, std::ostream& warnings, BuildSettings settings)
        : file_(file), out_(out), warnings_(warnings), settings_(settings) {}

    // builder_symbols.cpp
    void declare(const Declaration& d);
    // builder_constraints.cpp
    void constrain(const Constraint& c);
    // builder_search.cpp
    void solve(const SolveItem& item);
    // builder_distinct_sum.cpp: after the declarations, before the constraints.
    void find_distinct_sums(const std::vector<Constraint>& constraints);
    void find_offset_indices(const std::vector<Constraint>& constraints);
    // builder_half_reification.cpp: after the declarations, before the constraints.
    void find_half_reifications(const Model& model);

private:
    Solver& s() { return *out_.solver; }

    void warn(Location where, const std::string& key, const std::string& message);
    void check_annotations(const std::vector<Expr>& annotations);

    // ---- values and declarations (builder_symbols.cpp) ----
    Value scalar(const Expr& e);
    std::vector<Value> array(const Expr& e);
    const Symbol& symbol(const Expr& e);
    IntVar var(const Value& v, Location where);
    std::vector<IntVar> vars(const std::vector<Value>& values, Location where);
    std::int64_t par(const Expr& e);
    std::vector<std::int64_t> pars(const Expr& e);
    Ranges par_set(const Expr& e);
    IntVar constant_var(std::int64_t c, Location where);
    IntVar make_var(const Type& t, const std::string& name, Location where);
    void restrict(IntVar x, const Type& t, Location where);
    bool in_domain(std::int64_t v, const Type& t) const;
    void fail_if(Event e) {
        if (is_failure(e)) s().fail();
    }
    void add_array_output(const std::string& name, const Expr& dims, const std::vector<Value>& values, bool is_bool);
    void add_scalar_output(const std::string& name, const Value& value, bool is_bool);
    Symbol declare_set(const Declaration& d);
    Symbol declare_parameter(const Declaration& d);
    Symbol declare_variable_array(const Declaration& d, bool introduced, const Expr* output_dims);
    Symbol declare_variable(const Declaration& d, bool introduced, bool output);
    void bind_alias(Value& v, const Type& t, Location where);

    // ---- posting helpers (builder_constraints.cpp) ----
    void post_linear(std::vector<std::int64_t> coefficients, const std::vector<Value>& values, Relation relation,
                     std::int64_t rhs, Location where);
    void post_linear_reified(std::vector<std::int64_t> coefficients, const std::vector<Value>& values, Relation relation,
                             std::int64_t rhs, const Value& r, Reification mode, Location where);
    bool post_bool_sum(const std::vector<std::int64_t>& a, const std::vector<IntVar>& x, Relation rel, std::int64_t rhs,
                       Location where);
    // Folds constants into the right-hand side and merges repeated variables.
    void collect_terms(const std::vector<std::int64_t>& coefficients, const std::vector<Value>& values, std::int64_t& rhs,
                       std::vector<std::int64_t>& a, std::vector<IntVar>& x, Location where);
    void arguments(const Constraint& c, std::size_t n);
    std::vector<BoolVar> bools(const Expr& e, Location where) { return vars(array(e), where); }
    BoolVar bvar(const Expr& e) { return var(scalar(e), e.where); }
    IntVar ivar(const Expr& e) { return var(scalar(e), e.where); }

    // ---- the builtins (builder_constraints.cpp) ----
    static std::span<const Builtin> builtins();
    static const Builtin* find_builtin(std::string_view name);
    void compare(const Constraint& c, const Builtin& b);  // int_eq, int_le_reif, bool_le, bool2int, ...
    void lin(const Constraint& c, const Builtin& b);      // int_lin_*
    void bool_lin(const Constraint& c, const Builtin& b); // bool_lin_*
    void int_plus(const Constraint& c, const Builtin& b);
    void int_minus(const Constraint& c, const Builtin& b);
    void int_negate(const Constraint& c, const Builtin& b);
    void int_times(const Constraint& c, const Builtin& b);
    void int_div(const Constraint& c, const Builtin& b);
    void int_mod(const Constraint& c, const Builtin& b);
    void int_pow(const Constraint& c, const Builtin& b);
    void int_abs(const Constraint& c, const Builtin& b);
    void int_min(const Constraint& c, const Builtin& b);
    void int_max(const Constraint& c, const Builtin& b);
    void array_int_minimum(const Constraint& c, const Builtin& b);
    void array_int_maximum(const Constraint& c, const Builtin& b);
    void array_element(const Constraint& c, const Builtin& b);
    bool element_by_base(const std::vector<IntVar>& xs, IntVar index, IntVar result);
    void bool_not(const Constraint& c, const Builtin& b);
    void bool_eq_reif(const Constraint& c, const Builtin& b);
    void bool_xor(const Constraint& c, const Builtin& b);
    void bool_le_reif(const Constraint& c, const Builtin& b);
    void bool_lt_reif(const Constraint& c, const Builtin& b);
    void bool_and(const Constraint& c, const Builtin& b);
    void bool_or(const Constraint& c, const Builtin& b);
    void array_bool_and(const Constraint& c, const Builtin& b);
    void array_bool_or(const Constraint& c, const Builtin& b);
    void array_bool_xor(const Constraint& c, const Builtin& b);
    void bool_clause(const Constraint& c, const Builtin& b);
    void bool_clause_reif(const Constraint& c, const Builtin& b);
    void bool_imp(const Constraint& c, const Builtin& b);  // the *_imp forms of the Boolean builtins
    void set_in(const Constraint& c, const Builtin& b);
    void set_in_reif(const Constraint& c, const Builtin& b);
    void all_different(const Constraint& c, const Builtin& b);
    // The consistency of an all_different (also inverse's): the annotations', else the default.
    Consistency all_different_level(const std::vector<Expr>& annotations);
    void table(const Constraint& c, const Builtin& b);
    // Graph and scheduling globals (builder_scheduling.cpp; issue 19).
    void circuit(const Constraint& c, const Builtin& b);      // prune_circuit, prune_subcircuit
    void inverse(const Constraint& c, const Builtin& b);      // prune_inverse
    void cumulative(const Constraint& c, const Builtin& b);   // prune_cumulative
    void disjunctive(const Constraint& c, const Builtin& b);  // prune_disjunctive, prune_disjunctive_strict
    void diffn(const Constraint& c, const Builtin& b);        // prune_diffn, prune_diffn_nonstrict
    // Counting, cardinality, ordering and automaton globals (mznlib fzn_count_eq, ...).
    void count_eq(const Constraint& c, const Builtin& b);
    void among(const Constraint& c, const Builtin& b);
    void global_cardinality(const Constraint& c, const Builtin& b);
    void nvalue(const Constraint& c, const Builtin& b);
    void lex(const Constraint& c, const Builtin& b);
    void regular(const Constraint& c, const Builtin& b);
    // Kakuro runs and Killer cages (builder_distinct_sum.cpp): all_different and
    // int_lin_eq with unit coefficients over the same variables, found before posting
    // and posted as one distinct_sum by post_merged (true when c was one of them).
    bool post_merged(const Constraint& c);
    std::vector<int> distinct_var_set(const std::vector<Value>& values);
    // The `*_reif` constraints whose control Boolean only a clause's positive literal
    // reads are posted as their `*_imp` form (builder_half_reification.cpp).
    static const Builtin* implication_form(const std::string& name);
    void variables_of(const Expr& e, std::vector<int>& out);

    // ---- search (builder_search.cpp) ----
    void search_annotation(const Expr& a, std::vector<const Expr*>& pending);
    SearchGroup search_group(const Expr& a);
    void restart_annotation(const Expr& a);

    const std::string& file_;
    BuiltModel& out_;
    std::ostream& warnings_;
    BuildSettings settings_;
    std::unordered_map<std::string, Symbol> symbols_;
    std::unordered_map<std::int64_t, IntVar> constants_;
    // Tables whose tuples are a named parameter array share one TupleSet per (name,
    // arity): MiniZinc names the array once and passes it to every table call.
    std::map<std::pair<std::string, std::size_t>, std::shared_ptr<const TupleSet>> tuple_sets_;
    std::unordered_set<std::string> warned_;
    std::unordered_set<const Constraint*> merged_all_differents_;
    std::unordered_map<const Constraint*, std::int64_t> distinct_sum_totals_;  // int_lin_eq -> total
    // A variable y with an int_lin_eq saying y = x + offset (unit coefficients): its
    // x and offset, so that element can index by x (find_offset_indices).
    struct OffsetOf {
        IntVar base;
        std::int64_t offset = 0;
    };
    std::unordered_map<int, OffsetOf> offset_of_;
    std::unordered_map<const Constraint*, const Builtin*> half_forms_;  // a *_reif -> its *_imp
};

}  // namespace prune::flatzinc::detail
