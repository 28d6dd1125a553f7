// The solution checker: evaluates every constraint of an Instance on an assignment,
// from the constraints' definitions in the XCSP3 specification, with none of the
// engine's propagators (or its model). `prune xcsp3 FILE --check SOLUTION` runs it
// on a `v` instantiation; the solver runs it on every solution it prints.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "instance.hpp"

namespace prune::xcsp3 {

struct CheckResult {
    bool ok = true;
    std::string message;                    // the first violation: "file:line:col: <tag> violated: ..."
    std::optional<std::int64_t> objective;  // the objective's value, for a COP
};

CheckResult check_assignment(const Instance& instance, const Assignment& assignment);

// One constraint on a partial assignment: open when it reads a variable without a
// value (the tests' brute-force counter backtracks on `violated`).
enum class Verdict { holds, violated, open };
Verdict constraint_verdict(const Instance& instance, const Constraint& c, const Assignment& assignment);

// The value of `e` (Booleans 0/1) under `assignment`; nullopt when it is undefined
// (division by zero, a variable without a value, a value beyond 64 bits, which also
// sets *overflow). The builder also uses it to tabulate small non-linear intension
// constraints.
std::optional<std::int64_t> evaluate(const Instance& instance, const Expr& e, const Assignment& assignment, bool* overflow = nullptr);

}  // namespace prune::xcsp3
