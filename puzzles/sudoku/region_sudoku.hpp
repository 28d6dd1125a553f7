// RegionSudoku: the sudoku family beyond n x n boxes, one class for three kinds:
//  - jigsaw: an N x N grid cut into N irregular regions of N cells;
//  - killer: a sudoku (boxes, or jigsaw regions) with cages, each a set of cells whose
//    digits differ and add up to the cage's sum;
//  - sudoku with rectangular boxes (Simon Tatham's "2x3": boxes 2 rows by 3 columns),
//    which a Solo game ID may give the sudoku kind.
// Every row, column and region holds 1..N once; with `diagonals` (Solo's "X" flag) so
// do the two main diagonals. Cells are r1c1.. row by row; the groups are "row 1",
// "column 1", "box 1" (regular boxes) or "region 1" (jigsaw), "diagonal 1", and per
// cage "cage 1" (distinct digits) and "cage 1 sum".
#pragma once
#include <string>
#include <vector>

#include "puzzles/common/game_id.hpp"
#include "puzzles/common/grid_puzzle.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

struct SudokuCage {
    std::vector<int> cells;  // in cell order
    int sum = 0;
};

// How the grid is cut into regions: boxes of box_rows x box_columns cells, or
// irregular regions (box_rows == 0) given cell by cell.
struct SudokuRegions {
    int box_rows = 0;
    int box_columns = 0;
    std::vector<int> region_of_cell;  // region 0..N-1 of each cell
};

class RegionSudokuPuzzle final : public GridPuzzle {
public:
    static constexpr int unknown = 0;

    // `kind`: "sudoku", "jigsaw" or "killer", as summaries and check lines name it;
    // `clues`: N*N values row by row, 0 for unknown.
    RegionSudokuPuzzle(std::string kind, int side, SudokuRegions regions, std::vector<int> clues, std::vector<SudokuCage> cages, bool diagonals);

    int side() const { return rows(); }
    bool jigsaw() const { return regions_.box_rows == 0; }
    const std::vector<SudokuCage>& cages() const { return cages_; }
    std::vector<int> region_cells(int region) const;

    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    // The digits row by row (letters A.. for 10.. on a grid above 9x9), regular boxes
    // split by '|' and '-' lines as sudoku prints them.
    std::string render_plain(const Values& values) const override;
    std::string render_html_figure(const Values& values) const override;
    std::optional<Values> read_plain_solution(const SourceText& text, Diagnostic& error) const override;
    std::string render_line(const Values& values) const override;

private:
    // Killer: per house, the cells outside the cages inside it (build_model).
    void post_house_remainders(Solver& solver, const PuzzleModel& model) const;
    // Jigsaw: per crossing of a row or column with a region (build_model).
    void post_intersections(Solver& solver, const PuzzleModel& model) const;

    std::string kind_;
    SudokuRegions regions_;
    std::vector<int> clues_;
    std::vector<SudokuCage> cages_;
    bool diagonals_;
};

// The variant a Solo game ID describes, and the kind that solves it.
enum class SoloVariant { sudoku, jigsaw, killer };

// Reads a Simon Tatham Solo game ID ("3x3:...", "9j:...,...", "3x3k:...,...,...") for
// the kind `expected`; an ID of another variant is an error naming the kind to use.
ParseResult parse_solo_game_id(const SourceText& source, const GameId& id, SoloVariant expected);

// Reads `side` rows of givens from lines[first..] ('.', '0' or '_' blank, digits,
// letters A.. for 10..; characters or blank-separated values, as sudoku reads them).
bool read_given_rows(const SourceText& source, const std::vector<SourceLine>& lines, std::size_t first, int side, std::vector<int>& clues,
                     Diagnostic& error);

ParseResult parse_jigsaw(const SourceText& source, const KindFlags& flags);
ParseResult parse_killer(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
