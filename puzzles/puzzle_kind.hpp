// PuzzleKind: what the registry knows about one kind of puzzle before any file is
// read: its name, help texts, options, built-in instance and parser.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/search.hpp"
#include "puzzles/common/support_names.hpp"
#include "puzzles/puzzle.hpp"

namespace prune::puzzles {

// A kind-specific command line flag, e.g. kurosu's --unique-lines.
struct KindOption {
    std::string flag;  // with the dashes: "--unique-lines"
    std::string help;
    // Empty for a flag; else the option takes a value, named so in the help ("LIST").
    std::string value_name = {};
};

// The kind options given on the command line, dashes included: a flag as itself
// ("--unique-lines"), an option with a value as "--lines=rows,columns".
using KindFlags = std::set<std::string>;

// The value given to kind option `flag` ("--lines"), or nullopt when it is absent.
inline std::optional<std::string> kind_option_value(const KindFlags& flags, const std::string& flag) {
    const std::string prefix = flag + "=";
    for (const std::string& given : flags) {
        if (given.rfind(prefix, 0) == 0) return given.substr(prefix.size());
    }
    return std::nullopt;
}

// The lines of a built-in instance other than comments, each indented by two blanks:
// the example a kind's format help shows, so that the two cannot drift apart.
inline std::string indented_example(const std::string& builtin_text) {
    std::string text;
    std::size_t start = 0;
    while (start < builtin_text.size()) {
        std::size_t end = builtin_text.find('\n', start);
        if (end == std::string::npos) end = builtin_text.size();
        if (end > start && builtin_text[start] != '#') text.append("  ").append(builtin_text, start, end - start).append("\n");
        start = end + 1;
    }
    return text;
}

struct ParseResult {
    std::unique_ptr<Puzzle> puzzle;  // null on failure
    Diagnostic error;                // set on failure
};

// A kind module builds its PuzzleKind with designated initializers (see
// puzzles/seki/register.cpp); every member a kind may leave out has a default.
struct PuzzleKind {
    std::string name;          // as typed on the command line: "seki"
    std::string description;   // one line, for `prune list`
    std::string format_help;   // the input format and the rules, for `prune KIND --help`
    std::vector<KindOption> options = {};
    // One file of puzzles/KIND/examples/ (installed: share/prune/examples/KIND/),
    // named by `prune KIND --help`.
    std::string example_file = {};
    std::string builtin_text = {};  // an instance solved when no file is given (may be empty)
    std::function<ParseResult(const SourceText& source, const KindFlags& flags)> parse = {};
    // Batch input (--batch): true when a puzzle fits on one line (sudoku's 81
    // characters), so a batch file holds one puzzle per line; false: puzzles are
    // separated by blank lines. See puzzles/batch.hpp.
    bool one_line_form = false;
    // The variable selection used when the command line gives no --var: the one
    // measured best on the kind's benchmark sets (see the kind's register.cpp).
    VariableSelection default_variable_selection = VariableSelection::smallest_domain;
};

}  // namespace prune::puzzles
