// Instance -> engine model. Intension expressions are compiled, not interpreted:
// linear parts become `linear` (or `linear_reified` under a Boolean operator),
// comparisons of linear terms one linear constraint, non-linear operators the
// arithmetic propagators (times, divide, modulo, power, absolute, minimum, maximum,
// element for `if`) on auxiliary variables, Boolean connectives clauses and
// reified or/and. Globals map to engine constraints or to decompositions that are
// exact (each is the constraint's definition, stated with engine constraints);
// what has neither is refused with "... not supported".
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "engine/solver.hpp"
#include "instance.hpp"

namespace prune::xcsp3 {

struct Model {
    std::unique_ptr<Solver> solver;
    std::vector<IntVar> variables;     // one per Instance::variables, same order
    bool has_objective = false;
    bool minimize = true;
    IntVar objective;
    bool unsatisfiable = false;        // posting already failed at the root
    std::size_t constraints = 0;       // engine-level constraints posted
};

// Builds the model; throws InputError for what is not supported (or an engine
// refusal, at the constraint's position).
Model build_model(const Instance& instance);

}  // namespace prune::xcsp3
