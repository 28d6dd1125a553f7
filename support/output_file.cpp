#include "support/output_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace prune::support {

bool open_output_file(const std::string& path, std::ofstream& file, std::string& error) {
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

}  // namespace prune::support
