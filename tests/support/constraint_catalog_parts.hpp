// What the catalog's source files share: the spec constructor, the random draw, and
// the parts each file contributes to make_catalog(). Not for tests: they use
// constraint_catalog.hpp.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "constraint_catalog.hpp"

namespace prune::test::catalog {

// An integer drawn uniformly from [lo, hi].
int uniform(Random& r, int lo, int hi);
ConstraintSpec make(std::string name, int min_arity, int max_arity, Claim claim,
                    std::function<Constraint(Random&, int)> draw);

// Circuit, inverse and the scheduling globals (constraint_catalog_graphs.cpp).
std::vector<ConstraintSpec> graph_and_scheduling_specs();
// The Towers line, visibility (constraint_catalog_visibility.cpp).
std::vector<ConstraintSpec> visibility_specs();

}  // namespace prune::test::catalog
