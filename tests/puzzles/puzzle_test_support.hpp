// Helpers shared by the puzzle tests: loading example files and parsing text.
#pragma once
#include <fstream>
#include <sstream>
#include <string>

#include "catch.hpp"
#include "puzzles/registry.hpp"
#include "puzzles/solve.hpp"

namespace prune::puzzles::testing {

inline std::string example_path(const std::string& kind, const std::string& file) {
    return std::string(PRUNE_SOURCE_DIR) + "/puzzles/" + kind + "/examples/" + file;
}

inline std::string read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

inline ParseResult parse_text(const std::string& kind, const std::string& text, const KindFlags& flags = {}, const std::string& name = "test.txt") {
    const PuzzleKind* k = Registry::global().find(kind);
    if (k == nullptr) return ParseResult{nullptr, Diagnostic{name, 0, 0, "no such kind " + kind}};
    return k->parse(SourceText{name, text}, flags);
}

inline ParseResult parse_example(const std::string& kind, const std::string& file, const KindFlags& flags = {}) {
    return parse_text(kind, read_text_file(example_path(kind, file)), flags, file);
}

// Parses `text` as a file "bad.txt" of `kind` and expects an error at line:column,
// printed as "bad.txt:LINE:COLUMN: error: ...", whose message contains `words`.
inline void require_parse_error(const std::string& kind, const std::string& text, int line, int column, const std::string& words,
                                const KindFlags& flags = {}) {
    const ParseResult r = parse_text(kind, text, flags, "bad.txt");
    INFO(kind << " input:\n" << text);
    REQUIRE_FALSE(r.puzzle);
    INFO("diagnostic: " << r.error.to_string());
    CHECK(r.error.file == "bad.txt");
    CHECK(r.error.line == line);
    CHECK(r.error.column == column);
    CHECK(r.error.message.find(words) != std::string::npos);
    CHECK(r.error.to_string().rfind("bad.txt:" + std::to_string(line) + ":" + std::to_string(column) + ": error: ", 0) == 0);
}

// Solves in the given mode and returns the outcome and the solutions found.
struct Solved {
    SolveOutcome outcome;
    std::vector<Values> solutions;
};

inline Solved solve(const Puzzle& puzzle, SolveMode mode, std::uint64_t max_solutions = 0) {
    SolveSettings settings;
    settings.mode = mode;
    settings.max_solutions = max_solutions;
    Solved solved;
    solved.outcome = solve_puzzle(puzzle, settings, [&](const Values& v) { solved.solutions.push_back(v); });
    return solved;
}

}  // namespace prune::puzzles::testing
