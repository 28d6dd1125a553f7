// Kurosu (Unruly; Takuzu without the unique-line rule): fill a grid of even width and
// height with 0 and 1 so that every row and every column holds as many 0s as 1s and
// no three equal cells are adjacent in a row or a column. With --unique-lines, no
// two rows and no two columns are equal either (Takuzu / Binairo).
// Cells are r1c1.. row by row.
#pragma once
#include <vector>

#include "puzzles/common/grid_puzzle.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

// Cells, plain output, JSON and reading back: GridPuzzle.
class KurosuPuzzle final : public GridPuzzle {
public:
    static constexpr int unknown = -1;

    // `clues` holds height*width entries, row by row: 0, 1 or `unknown`. `weak_lines`
    // chooses the older line model (a sum and windows of three; see model.cpp).
    KurosuPuzzle(int height, int width, std::vector<int> clues, bool unique_lines, bool weak_lines = false);

    int height() const { return rows(); }
    int width() const { return columns(); }
    bool unique_lines() const { return unique_lines_; }
    int clue(int cell) const { return clues_[cell]; }

    // "columns 1,3": the name of a pair of lines (1-based) in check lines and traces
    // alike; a line is numbered_name("row", 1): "row 2".
    static std::string pair_name(const char* what, int a, int b);
    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    std::string render_html_figure(const Values& values) const override;

private:
    std::vector<int> clues_;
    bool unique_lines_;
    bool weak_lines_;
};

ParseResult parse_kurosu(const SourceText& source, const KindFlags& flags);
// A Tatham Unruly game ID ("8x8:cCFfbd..."; game_id.cpp), found by parse_kurosu.
struct GameId;
ParseResult parse_unruly_game_id(const SourceText& source, const GameId& id, const KindFlags& flags);

}  // namespace prune::puzzles
