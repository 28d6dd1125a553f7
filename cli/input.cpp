#include "cli/input.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace prune::cli {

std::optional<support::SourceText> read_input(const std::string& path, std::string& error) {
    support::SourceText source;
    if (path == "-") {
        source.name = "<stdin>";
        std::ostringstream buffer;
        buffer << std::cin.rdbuf();
        source.text = buffer.str();
        support::strip_byte_order_mark(source.text);
        return source;
    }
    source.name = path;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        error = path + ": error: is a directory, not a puzzle file";
        return std::nullopt;
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        error = path + ": error: cannot open: " + std::strerror(errno);
        return std::nullopt;
    }
    source.text.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    if (file.bad()) {
        error = path + ": error: cannot read: " + std::strerror(errno);
        return std::nullopt;
    }
    support::strip_byte_order_mark(source.text);
    return source;
}

}  // namespace prune::cli
