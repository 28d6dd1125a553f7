// GameIdReader: reading the description of a Tatham game ID character by character,
// with errors at the column of the character in the source (file:line:col). Also
// reads the parameter word's leading order ("5de" -> 5, rest "de"). Used by the
// Latin-square kinds (towers, keen, unequal).
#pragma once
#include <optional>
#include <string>

#include "puzzles/common/game_id.hpp"

namespace prune::puzzles {

class GameIdReader {
public:
    GameIdReader(const support::SourceText& source, const GameId& id) : source_(source), id_(id) {}

    bool at_end() const { return pos_ >= id_.description.size(); }
    char peek() const { return at_end() ? '\0' : id_.description[pos_]; }
    void advance() { ++pos_; }
    std::size_t position() const { return pos_; }
    bool accept(char c) {
        if (peek() != c) return false;
        ++pos_;
        return true;
    }
    bool digit_next() const { return peek() >= '0' && peek() <= '9'; }
    // A decimal number at the cursor (the caller checks digit_next()); numbers too long
    // to be a clue come back as -1.
    long long number() {
        long long value = 0;
        while (digit_next()) {
            value = value > 1000000000LL ? value : value * 10 + (peek() - '0');
            ++pos_;
        }
        return value > 1000000000LL ? -1 : value;
    }

    // An error at description character `at` (default: the cursor).
    support::Diagnostic error(const std::string& message) const { return error_at(pos_, message); }
    support::Diagnostic error_at(std::size_t at, const std::string& message) const {
        return source_.error_at(id_.line, id_.description_column + static_cast<int>(at), "game ID: " + message);
    }
    // What to call the character at the cursor in a message: 'x' or "the end".
    std::string here() const { return at_end() ? std::string("the end of the ID") : support::quoted_character(peek()); }

    // The order at the start of the parameters, in [low, high]; `rest` gets what follows.
    // On failure nullopt and `error` set at the parameters.
    std::optional<int> order(int low, int high, std::string& rest, support::Diagnostic& error) const {
        std::size_t digits = 0;
        while (digits < id_.params.size() && digits < 4 && id_.params[digits] >= '0' && id_.params[digits] <= '9') ++digits;
        const int value = digits == 0 ? 0 : std::stoi(id_.params.substr(0, digits));
        if (digits == 0 || value < low || value > high) {
            error = source_.error_at(id_.line, id_.params_column,
                                     "game ID: the parameters should start with the grid size " + std::to_string(low) + ".." + std::to_string(high) +
                                         ", found '" + id_.params + "'");
            return std::nullopt;
        }
        rest = id_.params.substr(digits);
        return value;
    }
    // An error at the parameters' character `at`.
    support::Diagnostic params_error(std::size_t at, const std::string& message) const {
        return source_.error_at(id_.line, id_.params_column + static_cast<int>(at), "game ID: " + message);
    }

private:
    const support::SourceText& source_;
    const GameId& id_;
    std::size_t pos_ = 0;
};

// True when `rest` (the parameters after the size) is empty or a difficulty "dX"
// with X one of `letters`, optionally followed by one of the `flags` characters.
inline bool valid_difficulty(const std::string& rest, const std::string& letters, const std::string& flags = "") {
    std::string tail = rest;
    if (!tail.empty() && tail[0] == 'd') {
        if (tail.size() < 2 || letters.find(tail[1]) == std::string::npos) return false;
        tail = tail.substr(2);
    }
    return tail.empty() || (tail.size() == 1 && flags.find(tail[0]) != std::string::npos);
}

}  // namespace prune::puzzles
