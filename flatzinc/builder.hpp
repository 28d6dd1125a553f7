// From a FlatZinc syntax tree to a prune Solver: variables, constraints, the output
// specification and the search annotations.
#pragma once
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "ast.hpp"
#include "engine/prune.hpp"

namespace prune::flatzinc {

// A model value: a constant or a solver variable (Booleans are 0/1).
struct Value {
    bool is_var = false;
    bool is_bool = false;
    std::int64_t constant = 0;
    IntVar var;
};

// One output_var or output_array declaration, in declaration order.
struct OutputItem {
    std::string name;
    bool is_array = false;
    bool is_bool = false;
    std::vector<std::pair<std::int64_t, std::int64_t>> dimensions;  // output_array([1..2, 1..3])
    std::vector<Value> values;                                      // one for a scalar
};

// One int_search / bool_search of the solve annotations (seq_search flattened).
struct SearchGroup {
    std::vector<IntVar> variables;
    VariableSelection variable = VariableSelection::input_order;
    ValueSelection value = ValueSelection::min;
};

struct BuiltModel {
    std::unique_ptr<Solver> solver = std::make_unique<Solver>();
    std::vector<OutputItem> outputs;
    SolveItem::Goal goal = SolveItem::Goal::satisfy;
    IntVar objective;
    // The model's own variables (declared without var_is_introduced), in declaration
    // order: the default search branches on them first, as Gecode's does.
    std::vector<IntVar> primary;
    std::vector<SearchGroup> search;  // empty: no search annotation
    bool has_restart_annotation = false;
    RestartPolicy restarts;
    int int_variables = 0;
    int bool_variables = 0;
    int constraints = 0;
    int distinct_sums = 0;  // all_different + int_lin_eq pairs posted as one distinct_sum
    int half_reified = 0;   // *_reif constraints posted as *_imp (builder_half_reification.cpp)
    int elements_by_base = 0;  // array_var_int_element indexed through y = x + k, posted on x
    int value_all_different = 0;  // all_different and inverse posted at value for learning
};

// What the build needs to know of the run ahead.
struct BuildSettings {
    // The search will learn (--learn): all_different and inverse's all_different are
    // posted at value consistency, whatever the model's consistency annotations ask
    // (hints, which MiniZinc lets a solver ignore), as their one-fact reasons make
    // the shorter nogoods (docs/architecture.md, "Alldifferent under learning").
    bool learning = false;
    // --learn-alldifferent annotated: under learning too, the annotated consistency
    // (else domain).
    bool alldifferent_as_annotated = false;
};

struct BuildResult {
    bool ok = false;
    std::string error;  // "file:line:col: error: ..." when !ok
};

// Builds `model` into `out`. Unknown annotations produce at most one warning each
// on `warnings`; unsupported constraints, float or set variables are errors.
BuildResult build(const Model& model, const std::string& file, BuiltModel& out, std::ostream& warnings,
                  BuildSettings settings = {});

struct Options;
// The solution `s` stands on as FlatZinc output, `----------` included. `s` is the
// model's solver or another built from the same model (a parallel worker's).
void print_solution(const BuiltModel& m, const Solver& s, std::ostream& out);
// The search the model's annotations and the flags ask for (flatzinc.cpp).
SearchOptions search_options(const Options& o, const BuiltModel& m);

}  // namespace prune::flatzinc
