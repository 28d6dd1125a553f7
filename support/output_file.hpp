// Files prune writes (-o, --html, --trace, trace view's page): opened before any
// work, so that a path that cannot be written fails at once (exit 2) instead of
// after a long search.
#pragma once
#include <fstream>
#include <string>

namespace prune::support {

// Opens `path` for writing (truncated, binary). False, with `error` set to
// "prune: error: cannot write PATH: REASON", when it cannot be.
bool open_output_file(const std::string& path, std::ofstream& file, std::string& error);

}  // namespace prune::support
