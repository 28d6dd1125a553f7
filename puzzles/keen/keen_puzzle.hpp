// Keen (KenKen): an n x n Latin square of 1..n cut into cages; each cage has an
// operation and a target: its cells add up to the target (+), multiply to it (x), or,
// for a cage of two cells, differ by it (-) or divide to it (/, the larger by the
// smaller). A cage of one cell with no operation gives its digit. Digits may repeat
// in a cage when they are in different rows and columns.
#pragma once
#include <vector>

#include "puzzles/common/latin_square.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

struct KeenCage {
    char operation = '+';   // '+', '-', 'x', '/' or '=' (one cell, no operation)
    int target = 0;
    std::vector<int> cells;  // in cell order, so cells.front() holds the clue
};

class KeenPuzzle final : public LatinSquarePuzzle {
public:
    static constexpr int max_order = 9;

    KeenPuzzle(int order, std::vector<KeenCage> cages);

    int cage_count() const { return static_cast<int>(cages_.size()); }
    const KeenCage& cage(int k) const { return cages_[static_cast<std::size_t>(k)]; }
    // The cage of each cell.
    int cage_of(int cell) const { return cage_of_[static_cast<std::size_t>(cell)]; }
    // "cage 3 (12x)": cage k's name in check lines and traces (numbered from 1 by first cell).
    std::string cage_name(int k) const;
    // "12x", "3-", "5" (for '='): how the clue is written.
    static std::string clue_text(const KeenCage& cage);

    // The tuples of values 1..order the cage's arithmetic allows, in the order of its
    // cells; with `latin`, only those that keep two cells of one row or column apart.
    // Stops (returns what it has, `complete` false) past `limit` tuples.
    std::vector<std::vector<int>> cage_tuples(const KeenCage& cage, bool latin, std::size_t limit, bool& complete) const;

    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    std::string render_html_figure(const Values& values) const override;

private:
    std::vector<KeenCage> cages_;
    std::vector<int> cage_of_;
};

ParseResult parse_keen(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
