// What the kinds share: the one list of kinds, GridPuzzle, the help's example taken
// from the built-in instance.
#include <set>

#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/numberworkout/numberworkout_puzzle.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

TEST_CASE("the registry holds the kinds of PRUNE_PUZZLE_KINDS, in order, each complete", "[puzzles]") {
#define PRUNE_KIND_NAME(name) #name,
    const std::vector<std::string> listed = {PRUNE_PUZZLE_KINDS(PRUNE_KIND_NAME)};
#undef PRUNE_KIND_NAME
    std::vector<std::string> registered;
    for (const PuzzleKind& kind : Registry::global().kinds()) {
        INFO(kind.name);
        registered.push_back(kind.name);
        CHECK(kind.parse);
        CHECK_FALSE(kind.description.empty());
        CHECK(kind.format_help.back() == '\n');
        CHECK_FALSE(kind.example_file.empty());
        const ParseResult builtin = parse_text(kind.name, kind.builtin_text);
        CHECK(builtin.puzzle);
    }
    CHECK(registered == listed);
    CHECK(std::set<std::string>(listed.begin(), listed.end()).size() == listed.size());
}

TEST_CASE("a format help's example is its built-in instance, indented", "[puzzles]") {
    CHECK(indented_example("# comment\n12\n 3\n") == "  12\n   3\n");
    for (const char* name : {"kurosu", "numberworkout"}) {
        const PuzzleKind& kind = *Registry::global().find(name);
        INFO(name);
        CHECK(kind.format_help.find(indented_example(kind.builtin_text)) != std::string::npos);
    }
}

TEST_CASE("GridPuzzle: rows of different lengths, centred in the plain output and read back", "[puzzles]") {
    const ParseResult r = parse_example("numberworkout", "nw_003.txt");
    REQUIRE(r.puzzle);
    const auto& grid = dynamic_cast<const GridPuzzle&>(*r.puzzle);
    CHECK(grid.rows() == 10);
    CHECK(grid.columns() == 9);
    CHECK(grid.cell_count() == 78);
    CHECK(grid.cell_at(1, 0) == 3);
    CHECK(grid.row_cells(9) == std::vector<int>{75, 76, 77});
    const CellNames names = grid.cell_names();
    CHECK(names[2] == "r1c3");
    CHECK(names[3] == "r2c1");
    CHECK(names[77] == "r10c3");
    Values values(78);
    for (int c = 0; c < 78; ++c) values[static_cast<std::size_t>(c)] = 1 + c % 6;
    const std::string plain = grid.render_plain(values);
    CHECK(plain.rfind("   123\n456123456\n", 0) == 0);
    Diagnostic error;
    const std::optional<Values> back = grid.read_plain_solution(SourceText{"plain.txt", plain}, error);
    REQUIRE(back);
    CHECK(*back == values);
}
