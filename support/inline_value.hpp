// "--option=value" on a command line: the option's name and its value, for every
// front end's flag loop (prune solve, fzn, xcsp3, the cube commands).
#pragma once
#include <optional>
#include <string>

namespace prune::support {

// Cuts "--name=value" into `arg` = "--name" and returns "value"; any other argument
// (a short flag, a file, "--name" alone) is left as it is, with no value.
inline std::optional<std::string> take_inline_value(std::string& arg) {
    if (arg.rfind("--", 0) != 0) return std::nullopt;
    const std::size_t equals = arg.find('=');
    if (equals == std::string::npos) return std::nullopt;
    std::string value = arg.substr(equals + 1);
    arg.resize(equals);
    return value;
}

}  // namespace prune::support
