// Kakuro: a grid of black and white cells; every maximal horizontal or vertical run of
// white cells holds distinct digits 1..9 adding up to the clue in the black cell
// before it (left of an across run, above a down run). Cells are the white cells only,
// row by row, named r1c1.. by their place in the grid; the rules are per run "across
// r2c3" / "down r2c3" (named by the run's first cell: distinct digits) and "... sum".
#pragma once
#include <string>
#include <vector>

#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

struct KakuroRun {
    std::vector<int> cells;  // white cells, in order
    int sum = 0;
    bool across = true;
};

// One square of the grid: white (cell >= 0, its cell index) or black, with the sum
// of the run below (down) and to the right (across), 0 for none.
struct KakuroSquare {
    int cell = -1;
    int down = 0;
    int across = 0;
};

class KakuroPuzzle final : public Puzzle {
public:
    static constexpr int unknown = 0;

    KakuroPuzzle(int rows, int columns, std::vector<KakuroSquare> squares, std::vector<int> clues, std::vector<KakuroRun> runs);

    int cell_count() const override { return static_cast<int>(clues_.size()); }
    CellNames cell_names() const override;
    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    // The grid, one row per line: digits in the white squares, 'X' in the black ones.
    std::string render_plain(const Values& values) const override;
    // {"grid": [[0, 9, 7], ...]}: 0 for a black square.
    void write_json_solution(JsonWriter& json, const Values& values) const override;
    std::string render_html_figure(const Values& values) const override;
    std::optional<Values> read_plain_solution(const SourceText& text, Diagnostic& error) const override;

private:
    int rows_;
    int columns_;
    std::vector<KakuroSquare> squares_;  // row by row
    std::vector<int> clues_;             // per cell, 0 for unknown
    std::vector<KakuroRun> runs_;
};

ParseResult parse_kakuro(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
