// Reading a solution to check: prune's plain output, prune's JSON output, or an SMT
// solver's model, told apart by their first characters.
//
//   {...}                                    prune --json (the first solution)
//   sat ((V0 1) (V1 0) ...)                  (get-value ...) answer
//   sat (model (define-fun V0 () Int 1) ...) (get-model) answer, with or without "model"
//   anything else                            prune's plain output (the kind reads its grid)
#pragma once
#include <optional>

#include "puzzles/puzzle.hpp"

namespace prune::puzzles {

std::optional<Values> read_solution(const Puzzle& puzzle, const SourceText& text, Diagnostic& error);

// The SMT and JSON readers on their own, for tests.
std::optional<Values> read_smt_model(int cells, const SourceText& text, Diagnostic& error);
std::optional<Values> read_json_solution(int cells, const SourceText& text, Diagnostic& error);

}  // namespace prune::puzzles
