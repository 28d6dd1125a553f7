// A hand-written FlatZinc parser (recursive descent over a small lexer).
//
// Reads the FlatZinc that MiniZinc 2.6+ writes, items in any order (MiniZinc puts
// predicate declarations after the variables). Predicate declarations are skipped.
// Any syntax error gives one message `file:line:col: error: ...`; the parser never
// crashes on malformed input and reports the first error only.
#pragma once
#include <string>
#include <string_view>

#include "ast.hpp"

namespace prune::flatzinc {

struct ParseResult {
    Model model;
    bool ok = false;
    std::string error;  // "file:line:col: error: message" when !ok
};

// `file` names the source in messages.
ParseResult parse(std::string_view text, const std::string& file);

// "file:line:col: error: message" (or "warning").
std::string diagnostic(const std::string& file, Location where, const char* severity, const std::string& message);

}  // namespace prune::flatzinc
