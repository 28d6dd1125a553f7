// prune: a finite-domain constraint solver. Include this one header to model and solve.
#pragma once
#include "constraints.hpp"
#include "search.hpp"
#include "solver.hpp"
