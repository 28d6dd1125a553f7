// InputReader: what the statement-based parsers (ostomachion, bugbyte, quarto) share.
// A parser derives a reader class with one method per statement and per check of the
// whole file; each method returns false after fail() has recorded the first error.
#pragma once
#include <string>

#include "puzzles/common/support_names.hpp"
#include "puzzles/puzzle_kind.hpp"
#include "support/source_text.hpp"

namespace prune::puzzles {

class InputReader {
public:
    // The error that stopped the reading (file:line:col and message).
    const Diagnostic& error() const { return error_; }

protected:
    explicit InputReader(const SourceText& source) : source_(source) {}

    // Records the error at line:column of the source; returns false, so that a step
    // can end with `return fail(...)`.
    bool fail(int line, int column, std::string message) {
        error_ = source_.error_at(line, column, std::move(message));
        return false;
    }

    const SourceText& source_;

private:
    Diagnostic error_;
};

// A kind's parse function from its reader class: Reader(source, flags), whose read()
// returns the puzzle, or null after recording the error.
template <class Reader>
ParseResult read_with(const SourceText& source, const KindFlags& flags) {
    Reader reader(source, flags);
    ParseResult result;
    result.puzzle = reader.read();
    if (!result.puzzle) result.error = reader.error();
    return result;
}

}  // namespace prune::puzzles
