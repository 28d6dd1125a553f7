// Posting arithmetic constraints: z = f(x, y) with the result last, as in FlatZinc.
//
// Every function returns false when the model is known unsatisfiable or the call is
// invalid (then Solver::error() says why). All propagators compute in 64 bits; since
// domains are 32-bit, |x * y| <= 2^62 always fits, and power() saturates. See
// engine/propagators/arithmetic.hpp for the consistency of each propagator.
#pragma once
#include <vector>

#include "solver.hpp"

namespace prune {

bool times(Solver& s, IntVar x, IntVar y, IntVar z);     // z = x * y
bool divide(Solver& s, IntVar x, IntVar y, IntVar z);    // z = x div y, truncating; y != 0
bool modulo(Solver& s, IntVar x, IntVar y, IntVar z);    // z = x mod y, sign of x (as C++ % and MiniZinc); y != 0
bool power(Solver& s, IntVar x, IntVar y, IntVar z);     // z = x ^ y (y < 0: 1 div x^-y, x != 0, as MiniZinc)
bool absolute(Solver& s, IntVar x, IntVar z);            // z = |x|
bool minimum(Solver& s, IntVar x, IntVar y, IntVar z);   // z = min(x, y)
bool maximum(Solver& s, IntVar x, IntVar y, IntVar z);   // z = max(x, y)
bool minimum(Solver& s, const std::vector<IntVar>& xs, IntVar z);  // z = min(xs), xs non-empty
bool maximum(Solver& s, const std::vector<IntVar>& xs, IntVar z);  // z = max(xs), xs non-empty

}  // namespace prune
