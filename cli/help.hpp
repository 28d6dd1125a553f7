// The help texts of the prune command.
#pragma once
#include <string>

#include "puzzles/puzzle_kind.hpp"

namespace prune::cli {

std::string main_help();
std::string kind_help(const puzzles::PuzzleKind& kind);
std::string version_text();

}  // namespace prune::cli
