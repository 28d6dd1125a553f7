// The help texts of the prune command.
#pragma once
#include <string>

#include "puzzles/puzzle_kind.hpp"

namespace prune::cli {

std::string main_help();
// The text of `prune help TOPIC` (solve, batch, trace, fzn, exit-codes, formats);
// null for an unknown topic.
const char* help_topic(const std::string& name);
std::string help_topic_names();  // "solve, batch, ..."
// The usage of `prune generate` (its --help and `prune help generate`).
std::string generate_help();
std::string kind_help(const puzzles::PuzzleKind& kind);
std::string version_text();
// Where example `file` of `kind` is: under share/prune/examples/KIND/ next to an
// installed prune (found from the executable's own path), else
// puzzles/KIND/examples/FILE, relative to the top of the source tree.
std::string example_path(const std::string& kind, const std::string& file);

}  // namespace prune::cli
