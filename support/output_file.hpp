// Files prune writes (-o, --html, --trace, trace view's page): opened before any
// work, so that a path that cannot be written fails at once (exit 2) instead of
// after a long search. (Inline: the test binary builds trace_view.cpp alone.)
#pragma once
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

namespace prune::cli {

// Opens `path` for writing (truncated, binary). False, with `error` set to
// "prune: error: cannot write PATH: REASON", when it cannot be.
inline bool open_output_file(const std::string& path, std::ofstream& file, std::string& error) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        error = "prune: error: cannot write " + path + ": it is a directory";
        return false;
    }
    errno = 0;
    file.open(path, std::ios::binary | std::ios::trunc);
    if (file) return true;
    const int reason = errno;
    error = "prune: error: cannot write " + path + ": " + (reason != 0 ? std::strerror(reason) : "cannot open the file");
    return false;
}

}  // namespace prune::cli
