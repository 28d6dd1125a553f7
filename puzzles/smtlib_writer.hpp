// The SMT-LIB 2 (QF_LIA) form of a puzzle, written from its rules.
//
// One Int per cell named V0, V1, ... in cell order, one assertion per rule (with the
// rule's label as a comment), then (check-sat) and (get-value (V0 V1 ...)), so that a
// solver's answer can be fed back to `prune check`. A rule that needs auxiliary Ints
// (a nonogram line's run starts) declares them, named R<rule>_<k>, just before its
// assertion; they are not in the get-value list.
#pragma once
#include <string>
#include <string_view>

#include "puzzles/puzzle.hpp"

namespace prune::puzzles {

// `origin` goes into the header comment (e.g. the input file name).
std::string write_smtlib(const Puzzle& puzzle, std::string_view kind, std::string_view origin);

}  // namespace prune::puzzles
