// "--option=value" on a command line: the option's name and its value, for every
// front end's flag loop (prune solve, fzn, xcsp3, the cube commands).
#pragma once
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

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

// The value of an option that may go without one (`--learn`, `--learn on`,
// `--learn=off`): the inline value when there was one; else `next` (the argument
// after the option, nullptr at the end) when it is one of `words`, and then
// `took_next` is set (the caller skips it); else `absent`.
inline std::string optional_value(const std::optional<std::string>& inline_value, const char* next,
                                  std::initializer_list<std::string_view> words, const std::string& absent, bool& took_next) {
    took_next = false;
    if (inline_value) return *inline_value;
    for (const std::string_view word : words) {
        if (next != nullptr && word == next) {
            took_next = true;
            return std::string(word);
        }
    }
    return absent;
}

}  // namespace prune::support
