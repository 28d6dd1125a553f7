// Reading solutions back: prune's plain output, its JSON, and SMT models.
#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/check_report.hpp"
#include "puzzles/solution_reader.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

namespace {

std::optional<Values> read(const Puzzle& puzzle, const std::string& text, Diagnostic& error) {
    return read_solution(puzzle, SourceText{"solution.txt", text}, error);
}

}  // namespace

TEST_CASE("plain output of every kind reads back to the same values", "[puzzles]") {
    for (const auto& [kind, file] : std::vector<std::pair<std::string, std::string>>{
             {"seki", "seki_8x8.txt"}, {"kurosu", "kurosu_6x8.txt"}, {"numberworkout", "nw_003.txt"},
             {"sudoku", "sudoku_4x4.txt"}, {"sudoku", "top95_01.txt"}, {"sudoku", "sudoku_16x16.txt"}, {"sudoku", "sudoku_25x25.txt"}}) {
        INFO(kind << " " << file);
        const auto parsed = parse_example(kind, file);
        const Values values = solve(*parsed.puzzle, SolveMode::first).solutions.at(0);
        // The plain output as prune prints it: the grid, then the check lines.
        const std::string plain = parsed.puzzle->render_plain(values) + check_solution(*parsed.puzzle, values).to_text();
        Diagnostic error;
        const auto back = read(*parsed.puzzle, plain, error);
        INFO(error.to_string());
        REQUIRE(back);
        CHECK(*back == values);
        // --all output has "Solution 1:" before the grid.
        const auto numbered = read(*parsed.puzzle, "Solution 1:\n" + plain, error);
        REQUIRE(numbered);
        CHECK(*numbered == values);
        // JSON.
        JsonWriter json;
        json.begin_object();
        json.key("kind");
        json.value(kind);
        json.key("solutions");
        json.begin_array();
        parsed.puzzle->write_json_solution(json, values);
        json.end_array();
        json.end_object();
        const auto from_json = read(*parsed.puzzle, json.text(), error);
        INFO(json.text());
        REQUIRE(from_json);
        CHECK(*from_json == values);
    }
}

TEST_CASE("a sudoku solution in the one-line form reads back", "[puzzles]") {
    const auto parsed = parse_example("sudoku", "top95_01.txt");
    Diagnostic error;
    const auto values = read(*parsed.puzzle, "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n", error);
    REQUIRE(values);
    CHECK(check_solution(*parsed.puzzle, *values).ok());
}

TEST_CASE("SMT models: get-value and define-fun forms, negative numbers", "[puzzles]") {
    const auto parsed = parse_text("sudoku", "....\n....\n....\n....\n");
    std::string get_value = "sat\n(";
    std::string define_fun = "sat\n(model\n";
    std::string bare = "(";
    for (int i = 0; i < 16; ++i) {
        get_value += "(V" + std::to_string(i) + " " + std::to_string(i % 4 + 1) + ")\n ";
        define_fun += "  (define-fun V" + std::to_string(15 - i) + " () Int\n    " + std::to_string((15 - i) % 4 + 1) + ")\n";
        bare += "(define-fun V" + std::to_string(i) + " () Int " + (i == 3 ? std::string("(- 2)") : std::to_string(i % 4 + 1)) + ")";
    }
    get_value += ")\n";
    define_fun += ")\n";
    bare += ")";
    Diagnostic error;
    const auto a = read(*parsed.puzzle, get_value, error);
    REQUIRE(a);
    CHECK((*a)[0] == 1);
    CHECK((*a)[7] == 4);
    const auto b = read(*parsed.puzzle, define_fun, error);
    REQUIRE(b);
    CHECK(*a == *b);
    const auto c = read(*parsed.puzzle, bare, error);
    REQUIRE(c);
    CHECK((*c)[3] == -2);
}

TEST_CASE("unreadable solutions give a positioned error", "[puzzles]") {
    const auto parsed = parse_text("sudoku", "....\n....\n....\n....\n");
    Diagnostic error;
    CHECK_FALSE(read(*parsed.puzzle, "unsat\n", error));
    CHECK(error.message.find("unsat") != std::string::npos);
    CHECK_FALSE(read(*parsed.puzzle, "sat\n((V0 1) (V1 2)\n", error));
    CHECK(error.message.find("missing ')'") != std::string::npos);
    CHECK_FALSE(read(*parsed.puzzle, "sat\n((V0 1) (V1 2))\n", error));
    CHECK(error.message.find("no value for V2") != std::string::npos);
    CHECK_FALSE(read(*parsed.puzzle, "sat\n((V0 1) (V99 2))\n", error));
    CHECK(error.message.find("V99 is not a cell") != std::string::npos);
    CHECK(error.line == 2);
    CHECK(error.column == 9);
    CHECK_FALSE(read(*parsed.puzzle, "{\"solutions\": [}", error));
    CHECK(error.message.find("invalid JSON") != std::string::npos);
    CHECK(error.column == 16);
    CHECK_FALSE(read(*parsed.puzzle, "{\"status\": \"unsat\", \"solutions\": []}", error));
    CHECK(error.message.find("no solution (status unsat)") != std::string::npos);
    CHECK_FALSE(read(*parsed.puzzle, "1 2 | 3 4\n3 4 | 1 2\nPuzzle OK\n", error));
    CHECK(error.message.find("has 8 cells, this puzzle has 16") != std::string::npos);
    CHECK_FALSE(read(*parsed.puzzle, "nothing here\n", error));
    CHECK(error.to_string() == "solution.txt:1:1: error: no solution grid found");
}
