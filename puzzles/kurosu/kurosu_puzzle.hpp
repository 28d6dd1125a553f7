// Kurosu (Unruly; Takuzu without the unique-line rule): fill a grid of even width and
// height with 0 and 1 so that every row and every column holds as many 0s as 1s and
// no three equal cells are adjacent in a row or a column. With --unique-lines, no
// two rows and no two columns are equal either (Takuzu / Binairo).
// Cells are r1c1.. row by row.
#pragma once
#include <vector>

#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

class KurosuPuzzle final : public Puzzle {
public:
    static constexpr int unknown = -1;

    // `clues` holds height*width entries, row by row: 0, 1 or `unknown`.
    KurosuPuzzle(int height, int width, std::vector<int> clues, bool unique_lines);

    int height() const { return height_; }
    int width() const { return width_; }
    bool unique_lines() const { return unique_lines_; }
    int clue(int cell) const { return clues_[cell]; }
    std::vector<int> row_cells(int r) const;
    std::vector<int> column_cells(int c) const;

    int cell_count() const override { return height_ * width_; }
    CellNames cell_names() const override;
    // "row 2", "columns 1,3": the names of lines and pairs of lines (1-based) in check
    // lines and traces alike.
    static std::string line_name(const char* what, int i);
    static std::string pair_name(const char* what, int a, int b);
    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    std::string render_plain(const Values& values) const override;
    void write_json_solution(JsonWriter& json, const Values& values) const override;
    std::string render_html_figure(const Values& values) const override;
    std::optional<Values> read_plain_solution(const SourceText& text, Diagnostic& error) const override;

private:
    int height_;
    int width_;
    std::vector<int> clues_;
    bool unique_lines_;
};

ParseResult parse_kurosu(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
