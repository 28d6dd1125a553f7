// Unequal (Futoshiki): an n x n Latin square of 1..n with some digits given and
// marks between orthogonal neighbours: '<' / '>' say which of the two is smaller. In
// the adjacent variant (Tatham's Unequal 'a' mode) a mark says that the two
// neighbours differ by exactly 1, and two neighbours without a mark do not.
#pragma once
#include <vector>

#include "puzzles/common/latin_square.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

// A mark between neighbouring cells: smaller < larger, or adjacent (differ by 1).
struct UnequalMark {
    int smaller = 0;  // adjacent: the upper or left cell
    int larger = 0;   // adjacent: the lower or right cell
    bool adjacent = false;
};

class UnequalPuzzle final : public LatinSquarePuzzle {
public:
    static constexpr int max_order = 32;  // as Tatham's Unequal

    UnequalPuzzle(int order, std::vector<int> givens, std::vector<UnequalMark> marks, bool adjacent_mode);

    bool adjacent_mode() const { return adjacent_mode_; }
    const std::vector<UnequalMark>& marks() const { return marks_; }
    // The mark between neighbours a and b (either order), or nullptr.
    const UnequalMark* mark_between(int a, int b) const;
    // The allowed pairs (value of a, value of b) of a relation: a < b, |a-b| = 1, or
    // (adjacent mode, no mark) |a-b| != 1.
    std::vector<std::vector<int>> less_pairs() const;
    std::vector<std::vector<int>> adjacent_pairs(bool adjacent) const;

    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    std::string render_html_figure(const Values& values) const override;

private:
    // Each pair of orthogonal neighbours (upper/left first) once, with its name.
    struct Neighbours {
        int first;
        int second;
    };
    std::vector<Neighbours> neighbour_pairs() const;
    std::string relation_name(int a, int b, const char* relation) const;

    std::vector<UnequalMark> marks_;
    bool adjacent_mode_;
};

ParseResult parse_unequal(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
