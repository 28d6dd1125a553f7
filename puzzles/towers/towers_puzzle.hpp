// Towers (Skyscrapers): an n x n Latin square of building heights 1..n with clues
// around the grid: a clue says how many buildings one sees looking along its row or
// column from that side (a building hides every lower one behind it). Some cells may
// be given. Clues are kept in the order of Tatham's game IDs: the n top clues (columns
// left to right), the n bottom clues (columns left to right), the n left clues (rows
// top to bottom), the n right clues (rows top to bottom); 0 where there is none.
#pragma once
#include <vector>

#include "puzzles/common/latin_square.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

class TowersPuzzle final : public LatinSquarePuzzle {
public:
    static constexpr int no_clue = 0;
    static constexpr int max_order = 9;

    // `clues` holds 4*order entries (see above), `givens` order*order.
    TowersPuzzle(int order, std::vector<int> clues, std::vector<int> givens);

    int clue(int k) const { return clues_[static_cast<std::size_t>(k)]; }
    int clue_count() const { return static_cast<int>(clues_.size()); }
    // The cells clue k looks along, nearest first.
    std::vector<int> clue_line(int k) const;
    // "top 3", "bottom 1", "left 2", "right 4": clue k's name in check lines and traces.
    std::string clue_name(int k) const;

    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    std::string render_html_figure(const Values& values) const override;

private:
    std::vector<int> clues_;
};

ParseResult parse_towers(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
