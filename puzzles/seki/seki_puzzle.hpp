// Seki: an n x n grid of black (1) and white (0) cells with a rotor at each of the
// (n-1)^2 inner intersections. The rotor says how many of its four cells are black,
// and for two, how they sit:
//   '+' exactly one black      '-' exactly three black
//   'o' two black, diagonally opposite      'a' two black, side by side
// Cells are r1c1.. row by row; rotor k (row by row) covers the four cells around its
// intersection, listed top-left, top-right, bottom-left, bottom-right.
#pragma once
#include <array>
#include <vector>

#include "puzzles/common/grid_puzzle.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

// Cells, plain output, JSON and reading back: GridPuzzle.
class SekiPuzzle final : public GridPuzzle {
public:
    // `rotors` holds (size-1)^2 rotor characters, row by row.
    SekiPuzzle(int size, std::vector<char> rotors);

    int size() const { return size_; }
    int rotor_count() const { return static_cast<int>(rotors_.size()); }
    char rotor(int k) const { return rotors_[k]; }
    std::array<int, 4> rotor_cells(int k) const;

    // The black/white patterns (top-left, top-right, bottom-left, bottom-right) a rotor allows.
    static const std::vector<std::vector<int>>& allowed_patterns(char rotor);
    static bool is_rotor(char c);

    // "rotor 3 (o)": rotor k's name in check lines and traces (numbered from 1, row by row).
    std::string rotor_name(int k) const;

    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    std::string render_html_figure(const Values& values) const override;
    // Batch output (batch.cpp): the n*n cells as 0/1 digits, row by row.
    std::string render_line(const Values& values) const override;

private:
    int size_;
    std::vector<char> rotors_;
};

ParseResult parse_seki(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
