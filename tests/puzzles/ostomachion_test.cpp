// Ostomachion: solving, counting with and without value-symmetry breaking, the
// checker, the JSON and plain round trips, and parser errors.
#include <algorithm>
#include <random>

#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/check_report.hpp"
#include "puzzles/ostomachion/ostomachion_puzzle.hpp"
#include "puzzles/solution_reader.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

namespace {

const OstomachionPuzzle& as_map(const ParseResult& r) { return dynamic_cast<const OstomachionPuzzle&>(*r.puzzle); }

std::uint64_t factorial(int k) {
    std::uint64_t f = 1;
    for (int i = 2; i <= k; ++i) f *= static_cast<std::uint64_t>(i);
    return f;
}

// Every assignment of K colours, checked by the rules alone.
std::uint64_t brute_force_count(const Puzzle& puzzle, int colours) {
    const int n = puzzle.cell_count();
    const std::vector<Rule> rules = puzzle.rules();
    Values values(n, 0);
    std::uint64_t count = 0;
    for (;;) {
        bool ok = true;
        for (const Rule& rule : rules) ok = ok && evaluate(rule, values).holds;
        if (ok) ++count;
        int i = 0;
        while (i < n && ++values[i] == colours) values[i++] = 0;
        if (i == n) return count;
    }
}

void require_error(const std::string& text, int line, int column, const std::string& words, const KindFlags& flags = {}) {
    require_parse_error("ostomachion", text, line, column, words, flags);
}

}  // namespace

TEST_CASE("ostomachion: the built-in map is coloured and checked", "[puzzles][ostomachion]") {
    const ParseResult r = parse_text("ostomachion", Registry::global().find("ostomachion")->builtin_text);
    REQUIRE(r.puzzle);
    const OstomachionPuzzle& map = as_map(r);
    CHECK(map.region_count() == 14);
    CHECK(map.total_area() == 144);
    CHECK(map.borders().size() == 20);
    const Solved solved = solve(*r.puzzle, SolveMode::first);
    REQUIRE(solved.solutions.size() == 1);
    CHECK(check_solution(*r.puzzle, solved.solutions[0]).ok());

    // Plain and JSON output read back to the same colouring.
    Diagnostic error;
    const std::string plain = r.puzzle->render_plain(solved.solutions[0]);
    CHECK(read_solution(*r.puzzle, SourceText{"plain", plain}, error) == std::optional<Values>(solved.solutions[0]));
    JsonWriter json;
    r.puzzle->write_json_solution(json, solved.solutions[0]);
    CHECK(json.text().rfind("{\"colours\":[", 0) == 0);
    CHECK(read_solution(*r.puzzle, SourceText{"json", json.text()}, error) == std::optional<Values>(solved.solutions[0]));

    // A broken colouring fails the checker.
    Values wrong = solved.solutions[0];
    wrong[0] = (wrong[0] + 1) % 4;
    CHECK_FALSE(check_solution(*r.puzzle, wrong).ok());
}

TEST_CASE("ostomachion: plain count = canonical count * K!", "[puzzles][ostomachion]") {
    const ParseResult r = parse_text("ostomachion", Registry::global().find("ostomachion")->builtin_text);
    REQUIRE(r.puzzle);
    const OstomachionPuzzle& map = as_map(r);
    const auto plain = map.count_colourings(false, {});
    const auto canonical = map.count_colourings(true, {});
    REQUIRE_FALSE(plain.limit_reached);
    REQUIRE_FALSE(canonical.limit_reached);
    CHECK(plain.count > 0);
    CHECK(plain.count == canonical.count * 24);
    // The generic count through solve_puzzle uses the canonical count and adds the figure.
    const Solved counted = solve(*r.puzzle, SolveMode::count);
    CHECK(counted.outcome.solutions == plain.count);
    REQUIRE(counted.outcome.figures.size() == 1);
    CHECK(counted.outcome.figures[0].key == "count_up_to_renaming");
    CHECK(counted.outcome.figures[0].value == canonical.count);
    // (The engine's counts are cross-checked against brute force on small maps below.)
}

TEST_CASE("ostomachion: counts agree with brute force on small random maps", "[puzzles][ostomachion]") {
    std::mt19937 random(4);
    for (int trial = 0; trial < 30; ++trial) {
        const int regions = 4 + static_cast<int>(random() % 4);  // 4..7
        const int colours = 2 + static_cast<int>(random() % 2);  // 2..3
        std::string text = "colours " + std::to_string(colours) + "\n";
        std::vector<int> areas(regions);
        int total = 0;
        for (int& a : areas) total += (a = 1 + static_cast<int>(random() % 4));
        areas[0] += (colours - total % colours) % colours;
        for (int i = 0; i < regions; ++i) {
            text += 'r';
            text += std::to_string(i) + " " + std::to_string(areas[i]) + " :";
            for (int j = i + 1; j < regions; ++j) {
                if (random() % 3 == 0) (text += " r") += std::to_string(j);
            }
            text += "\n";
        }
        const ParseResult r = parse_text("ostomachion", text);
        INFO(text);
        REQUIRE(r.puzzle);
        const OstomachionPuzzle& map = as_map(r);
        const std::uint64_t expected = brute_force_count(*r.puzzle, colours);
        CHECK(map.count_colourings(false, {}).count == expected);
        CHECK(map.count_colourings(true, {}).count * factorial(colours) == expected);
        for (const Values& v : solve(*r.puzzle, SolveMode::all).solutions) CHECK(check_solution(*r.puzzle, v).ok());
    }
}

TEST_CASE("ostomachion: example files and --colours", "[puzzles][ostomachion]") {
    for (const char* file : {"ostomachion.txt", "four_squares.txt", "one_sided.txt"}) {
        const ParseResult r = parse_example("ostomachion", file);
        INFO(file << " " << r.error.to_string());
        REQUIRE(r.puzzle);
        const Solved solved = solve(*r.puzzle, SolveMode::first);
        REQUIRE(solved.solutions.size() == 1);
        CHECK(check_solution(*r.puzzle, solved.solutions[0]).ok());
    }
    const ParseResult squares = parse_example("ostomachion", "four_squares.txt");
    CHECK(solve(*squares.puzzle, SolveMode::count).outcome.solutions == 2);  // the two chessboards
    CHECK(as_map(parse_example("ostomachion", "one_sided.txt")).region(3).neighbours == std::vector<int>{0, 2, 4});
    // --colours overrides the file's 'colours' line.
    const ParseResult two = parse_example("ostomachion", "ostomachion.txt", KindFlags{"--colours=2"});
    REQUIRE(two.puzzle);
    CHECK(as_map(two).colours() == 2);
    CHECK(as_map(two).area_per_colour() == 72);
    const ParseResult plain = parse_example("ostomachion", "ostomachion.txt", KindFlags{"--plain-count"});
    REQUIRE(plain.puzzle);
    const Solved counted = solve(*plain.puzzle, SolveMode::count);
    CHECK(counted.outcome.figures[0].value * 24 == counted.outcome.solutions);
}

TEST_CASE("ostomachion: bad files give file:line:col errors", "[puzzles][ostomachion]") {
    require_error("colours 2\na 1 : b\nb 1 : c\n", 3, 7, "unknown region 'c'");
    require_error("colours 2\na 1 : b\nb 2 : a\n", 1, 9, "cannot be split evenly");
    require_error("colours two\na 1 : b\n", 1, 9, "colours K");
    require_error("colours 2\na x : b\nb 1 :\n", 2, 3, "area");
    require_error("colours 2\na 1 b\n", 2, 5, "REGION AREA");
    require_error("colours 2\na 1 : a\n", 2, 7, "itself");
    require_error("colours 2\na 1 :\na 1 :\n", 3, 1, "twice");
    require_error("a 1 : b\nb 1 :\n", 1, 1, "missing 'colours K'");
    require_error("colours 2\na 1 : b\nb 1 :\n", 1, 1, "--colours", KindFlags{"--colours=0"});
}
