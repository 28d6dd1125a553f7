// IntVar: a handle to an integer variable of one Solver (an index, cheap to copy).
// Boolean variables are integer variables over {0, 1}.
#pragma once

namespace prune {

struct IntVar {
    int index = -1;
    friend bool operator==(IntVar, IntVar) = default;
};
using BoolVar = IntVar;

}  // namespace prune
