// The catalog: every constraint of the engine's modelling API stated once, as a
// predicate over full assignments plus its post functions (and its reified post,
// when it has one), with the consistency its propagator documents.
//
// The propagator bench (propagator_check.hpp) checks each spec; the random-model and
// solving-fuzz tests draw their constraints from here, so a predicate is never
// restated. To add a constraint: add its spec in constraint_catalog.cpp and a
// TEST_CASE that runs the bench on it.
#pragma once
#include <initializer_list>
#include <string>
#include <vector>

#include "propagator_check.hpp"

namespace prune::test::catalog {

// Every spec, in a fixed order.
const std::vector<ConstraintSpec>& all();
// The spec of that name (a test failure when there is none).
const ConstraintSpec& spec(const std::string& name);
// The specs whose names start with `prefix`.
std::vector<const ConstraintSpec*> starting_with(const std::string& prefix);

// Whether the automaton (deterministic or not) accepts the word: regular's meaning,
// by simulating the set of current states.
bool automaton_accepts(const Automaton& a, const std::vector<int>& word);

// Runs the bench on each named spec: empty when all pass, else the first failure.
std::string check(std::initializer_list<const char*> names, const CheckOptions& options = {});

// The same spec with its constraint posted another way (a propagator alone, say):
// the predicate and the parameters stay the catalog's.
ConstraintSpec with_post(const ConstraintSpec& spec, std::string name,
                         std::function<void(Solver&, const std::vector<IntVar>&)> post);

// circuit (sub false) or subcircuit without the empty circuit (sub true) posted as
// the no-sub-tour propagator alone, without the all_different the post functions
// add: sound only, not in the catalog (so that the random models' draws stay as
// they are); for the explanation checks, where it meets shared arcs and more
// failures itself.
ConstraintSpec circuit_propagator_alone_spec(bool sub);

// b <-> C (implication: b -> C) for the spec's C, which must have a reified form,
// with b its last variable (restricted to 0..1 when posted): sound only; for the
// explanation checks, which then ask about b's facts and the others' with b fixed.
ConstraintSpec reified_with_variable(const ConstraintSpec& spec, bool implication);

// Reference semantics shared with the tests (MiniZinc's integer arithmetic).
bool all_distinct(const Assignment& a);
// x^y as MiniZinc: y < 0 gives 1 div x^-y (x != 0); saturated at +-2^50.
bool int_pow(std::int64_t x, std::int64_t y, std::int64_t& z);

}  // namespace prune::test::catalog
