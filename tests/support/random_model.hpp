// Random whole models drawn from the constraint catalog, for the differential tests
// (random_models_test.cpp, solving_fuzz_test.cpp): variables with small domains
// (some 0/1), constraints from constraint_catalog.hpp on random scopes, plain,
// reified or half-reified, each with its predicate for brute force.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "propagator_check.hpp"

namespace prune::test {

struct ModelConstraint {
    std::string text;  // the catalog name, the scope and the indicator, for failure reports
    std::function<bool(const Assignment&)> holds;
    std::function<void(Solver&, const std::vector<IntVar>&)> post;
};

struct RandomModel {
    std::vector<std::vector<int>> domains;  // sorted values of each variable
    std::vector<int> booleans;              // the variables whose domain is within {0, 1}
    std::vector<ModelConstraint> constraints;

    // The variables, then the constraints posted on them.
    std::vector<IntVar> build(Solver& s) const;
    // Every solution by brute force, sorted.
    std::vector<Assignment> solutions() const;
    std::string describe() const;
};

// Adds one catalog constraint on a random scope (of 0/1 variables for a Boolean
// spec), reified or half-reified on a 0/1 variable now and then; false when the
// model has too few variables for the spec drawn.
bool add_random_constraint(Random& r, RandomModel& m);
// Adds `count` of them, giving up after 100 draws in all.
void add_random_constraints(Random& r, RandomModel& m, int count);
// The same with the spec given (its parameters, scope and reification drawn).
bool add_constraint(Random& r, RandomModel& m, const ConstraintSpec& spec);

// A random scope: between min_size and max_size (at most all) of `eligible`, shuffled.
std::vector<int> pick_scope(Random& r, std::vector<int> eligible, int min_size, int max_size);

// A fuzzing campaign's number from the environment (its models, its first seed), or
// `fallback` when the variable is unset or empty.
std::uint64_t env_number(const char* name, std::uint64_t fallback);

}  // namespace prune::test
