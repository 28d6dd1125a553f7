// prune: a finite-domain constraint solver. Include this one header to model and solve.
#pragma once
#include "constraints.hpp"
#include "search.hpp"
#include "solver.hpp"
#include "constraints_arithmetic.hpp"
#include "constraints_boolean.hpp"
#include "constraints_reified.hpp"
