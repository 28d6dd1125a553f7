// Pattern (Nonogram, Griddlers, Paint by numbers; Simon Tatham's "Pattern"): fill a
// grid with 0 (empty) and 1 (filled) so that the runs of consecutive filled cells of
// each row, left to right, and of each column, top to bottom, have exactly the
// lengths its clue lists. Some cells may be given. Cells are r1c1.. row by row.
#pragma once
#include <vector>

#include "puzzles/common/grid_puzzle.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

// Cells, plain output (rows of 0/1), JSON and reading back: GridPuzzle.
class PatternPuzzle final : public GridPuzzle {
public:
    static constexpr int unknown = -1;
    using Clue = std::vector<int>;  // the run lengths of one line, each >= 1, in order

    // One clue per row and per column; `given` holds height*width entries, row by
    // row: 0, 1 or `unknown` (empty: nothing given).
    PatternPuzzle(std::vector<Clue> row_clues, std::vector<Clue> column_clues, std::vector<int> given);

    int height() const { return rows(); }
    int width() const { return columns(); }
    const Clue& row_clue(int r) const { return row_clues_[static_cast<std::size_t>(r)]; }
    const Clue& column_clue(int c) const { return column_clues_[static_cast<std::size_t>(c)]; }

    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    std::string render_html_figure(const Values& values) const override;

private:
    std::vector<Clue> row_clues_;
    std::vector<Clue> column_clues_;
    std::vector<int> given_;
};

ParseResult parse_pattern(const SourceText& source, const KindFlags& flags);
// A Tatham Pattern game ID ("5x5:2/2/3/1.1/3/3/3/3/1/2"; game_id.cpp), found by parse_pattern.
struct GameId;
ParseResult parse_pattern_game_id(const SourceText& source, const GameId& id);

}  // namespace prune::puzzles
