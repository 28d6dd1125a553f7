#include "puzzles/common/game_id.hpp"

#include "catch.hpp"

using prune::puzzles::all_lines_game_ids;
using prune::puzzles::looks_like_game_id;
using prune::puzzles::read_game_id;
using prune::support::SourceText;

TEST_CASE("game IDs are told apart from paths and puzzle text", "[game_id]") {
    CHECK(looks_like_game_id("5:2/3/1/2/3/3/1/3/2/2/1/2/3/2/3/1/2/2/3/1,a4b"));
    CHECK(looks_like_game_id("3x3:a9b1_c"));
    CHECK(looks_like_game_id("  10x10:4/1.1/3  "));
    CHECK_FALSE(looks_like_game_id("examples/towers.txt"));
    CHECK_FALSE(looks_like_game_id(":5/3"));           // no parameters
    CHECK_FALSE(looks_like_game_id("5:"));             // no description
    CHECK_FALSE(looks_like_game_id("C:/puzzles/a b"));  // a blank in the rest
    CHECK_FALSE(looks_like_game_id("4.....8.5.3"));    // a sudoku line
    CHECK_FALSE(looks_like_game_id("a/b:c"));          // '/' in the parameters
}

TEST_CASE("read_game_id cuts the ID and keeps the columns", "[game_id]") {
    const SourceText source{"t.txt", "# a towers puzzle\n  5:2/3/1,a4b\n"};
    const auto id = read_game_id(source);
    REQUIRE(id);
    CHECK(id->params == "5");
    CHECK(id->description == "2/3/1,a4b");
    CHECK(id->line == 2);
    CHECK(id->params_column == 3);
    CHECK(id->description_column == 5);
    CHECK_FALSE(read_game_id(SourceText{"t.txt", "5:1/2\n6:1/2\n"}));
    CHECK_FALSE(read_game_id(SourceText{"t.txt", "1 2 3\n"}));
    CHECK(all_lines_game_ids(SourceText{"ids.txt", "# towers\n5:1/2\n\n6:1/2\n"}));
    CHECK_FALSE(all_lines_game_ids(SourceText{"ids.txt", "5:1/2\n1 2 3\n"}));
    CHECK_FALSE(all_lines_game_ids(SourceText{"ids.txt", "# nothing\n"}));
}
