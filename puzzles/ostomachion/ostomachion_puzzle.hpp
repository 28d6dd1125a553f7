// Ostomachion (and any map of regions): colour the regions with K colours so that
// neighbouring regions differ and every colour covers the same area (total / K).
// Cells are the regions in input order, named by them; a cell holds its colour 0..K-1.
#pragma once
#include <string>
#include <vector>

#include "puzzles/common/model_count.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

struct MapRegion {
    std::string name;
    int area = 0;
    std::vector<int> neighbours;  // region indices, symmetric, sorted, no repeats
};

class OstomachionPuzzle final : public Puzzle {
public:
    OstomachionPuzzle(std::vector<MapRegion> regions, int colours, bool plain_count);

    int colours() const { return colours_; }
    int region_count() const { return static_cast<int>(regions_.size()); }
    const MapRegion& region(int r) const { return regions_[r]; }
    int total_area() const;
    int area_per_colour() const { return total_area() / colours_; }
    // Each border once, as (a, b) with a < b.
    std::vector<std::pair<int, int>> borders() const;
    // "red", "green", ...: the name of colour c in the plain output.
    static std::string colour_name(int c);
    // "border a-b", "area red": rule names in check lines and traces alike.
    std::string border_name(int a, int b) const;
    static std::string area_name(int c);

    // Counts the colourings: all of them, or (break_symmetry) only the canonical ones
    // whose colours first appear in the order 0, 1, 2, ... (region order).
    using Counted = CountRun;
    Counted count_colourings(bool break_symmetry, const SearchOptions& options, int threads = 1) const;
    // The model, optionally with value precedence (colour c > 0 appears only after c-1).
    PuzzleModel build_model_with(Solver& solver, bool break_symmetry) const;

    int cell_count() const override { return region_count(); }
    // A region's cell is named by the region: "north", "7".
    CellNames cell_names() const override;
    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    std::string render_plain(const Values& values) const override;
    void write_json_solution(JsonWriter& json, const Values& values) const override;
    std::string render_html_figure(const Values& values) const override;
    std::optional<Values> read_plain_solution(const SourceText& text, Diagnostic& error) const override;
    std::optional<KindCount> count_solutions(const ModelSettings& settings, const SearchOptions& options) const override;

private:
    std::vector<MapRegion> regions_;
    int colours_;
    bool plain_count_;
};

ParseResult parse_ostomachion(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
