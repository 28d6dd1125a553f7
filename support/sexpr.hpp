// S-expressions: enough of SMT-LIB's concrete syntax to read a solver's answer
// (`sat`, `((V0 1) (V1 0))`, `(model (define-fun V0 () Int 1))`) and to check that
// prune's own SMT-LIB output is well formed.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace prune::support {

struct SExpr {
    bool is_list = false;
    std::string atom;             // a symbol, numeral or string literal (quotes kept)
    std::vector<SExpr> items;     // the elements of a list
    int line = 1;                 // where the expression starts
    int column = 1;
};

struct SExprError {
    std::string message;
    int line = 1;
    int column = 1;
};

// Parses a sequence of top-level expressions. ';' starts a comment up to the end of
// the line; |quoted symbols| and "strings" are single atoms. On failure returns
// nullopt and fills `error`.
std::optional<std::vector<SExpr>> parse_sexprs(std::string_view text, SExprError& error);

}  // namespace prune::support
