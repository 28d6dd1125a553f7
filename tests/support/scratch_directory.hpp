// A scratch directory under the system's temporary directory, removed with
// everything in it when the object goes out of scope, so tests leave nothing behind.
#pragma once
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>

namespace prune::test {

class ScratchDirectory {
public:
    // Named prefix-PID-N: unique per process and per directory made in it.
    explicit ScratchDirectory(const std::string& prefix = "prune-test") {
        static std::atomic<int> counter{0};
        path_ = std::filesystem::temp_directory_path() / (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::create_directories(path_);
    }
    ~ScratchDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

}  // namespace prune::test
