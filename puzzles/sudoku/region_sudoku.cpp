// RegionSudoku: rules, model and output of jigsaw, killer and rectangular-box sudoku.
#include "puzzles/sudoku/region_sudoku.hpp"

#include <algorithm>

#include "puzzles/common/plain_grid.hpp"
#include "puzzles/common/svg.hpp"
#include "puzzles/sudoku/sudoku_puzzle.hpp"

namespace prune::puzzles {

RegionSudokuPuzzle::RegionSudokuPuzzle(std::string kind, int side, SudokuRegions regions, std::vector<int> clues, std::vector<SudokuCage> cages,
                                       bool diagonals)
    : GridPuzzle(side, side),
      kind_(std::move(kind)),
      regions_(std::move(regions)),
      clues_(std::move(clues)),
      cages_(std::move(cages)),
      diagonals_(diagonals) {
    if (!jigsaw()) {
        regions_.region_of_cell.clear();
        const int across = side / regions_.box_columns;  // boxes in a band
        for (int r = 0; r < side; ++r) {
            for (int c = 0; c < side; ++c) regions_.region_of_cell.push_back((r / regions_.box_rows) * across + c / regions_.box_columns);
        }
    }
}

std::vector<int> RegionSudokuPuzzle::region_cells(int region) const {
    std::vector<int> cells;
    for (int c = 0; c < cell_count(); ++c) {
        if (regions_.region_of_cell[static_cast<std::size_t>(c)] == region) cells.push_back(c);
    }
    return cells;
}

std::string RegionSudokuPuzzle::summary() const {
    int given = 0;
    for (int v : clues_) given += v != unknown ? 1 : 0;
    const std::string size = std::to_string(side()) + "x" + std::to_string(side());
    std::string text = kind_ + " " + size + " (";
    if (!jigsaw() && regions_.box_rows != regions_.box_columns) {
        text += std::to_string(regions_.box_rows) + "x" + std::to_string(regions_.box_columns) + " boxes, ";
    }
    if (jigsaw() && kind_ != "jigsaw") text += "jigsaw regions, ";
    if (diagonals_) text += "diagonals, ";
    if (!cages_.empty()) text += std::to_string(cages_.size()) + " cages, ";
    return text + std::to_string(given) + " given)";
}

namespace {

std::vector<int> diagonal_cells(int side, bool down) {
    std::vector<int> cells;
    for (int i = 0; i < side; ++i) cells.push_back(i * side + (down ? i : side - 1 - i));
    return cells;
}

}  // namespace

std::vector<Rule> RegionSudokuPuzzle::rules() const {
    std::vector<Rule> rules;
    rules.push_back(values_in_range_rule("Cells", cell_count(), 1, side()));
    rules.push_back(clues_rule(clues_, unknown, cell_count()));
    auto add_group = [&](const std::string& label, std::vector<int> cells) {
        rules.push_back(Rule{label, RuleShape::all_different, std::move(cells), {}, 1, side(), {}});
    };
    const char* region = jigsaw() ? "region" : "box";
    for (int i = 0; i < side(); ++i) add_group(numbered_name("row", i), row_cells(i));
    for (int i = 0; i < side(); ++i) add_group(numbered_name("column", i), column_cells(i));
    for (int i = 0; i < side(); ++i) add_group(numbered_name(region, i), region_cells(i));
    if (diagonals_) {
        add_group(numbered_name("diagonal", 0), diagonal_cells(side(), true));
        add_group(numbered_name("diagonal", 1), diagonal_cells(side(), false));
    }
    for (std::size_t k = 0; k < cages_.size(); ++k) {
        const std::string name = numbered_name("cage", static_cast<int>(k));
        add_group(name, cages_[k].cells);
        rules.push_back(Rule{name + " sum", RuleShape::sum_between, cages_[k].cells, {}, cages_[k].sum, cages_[k].sum, {}});
    }
    return rules;
}

// Every row, column, region (and diagonal) an alldifferent at the strength chosen with
// --alldiff; every cage one distinct_sum, domain consistent on digits and sum together.
PuzzleModel RegionSudokuPuzzle::build_model(Solver& solver, const ModelSettings& settings) const {
    PuzzleModel model;
    const CellNames names = cell_names();
    for (int c = 0; c < cell_count(); ++c) {
        const std::string& name = names[static_cast<std::size_t>(c)];
        model.cells.push_back(clues_[c] == unknown ? solver.new_int_var(1, side(), name) : solver.new_int_var(clues_[c], clues_[c], name));
    }
    model.decisions = model.cells;
    // Probing (engine/probing.hpp) up to 9x9: Solo's hardest levels need it; on larger
    // grids a pass costs more than the search it saves. (The plain sudoku model,
    // model.cpp, does not probe: its node counts are compared with other solvers'.)
    model.probe_root = side() <= 9;
    auto group_of = [&](const std::vector<int>& cells) {
        std::vector<IntVar> group;
        for (int c : cells) group.push_back(model.cells[static_cast<std::size_t>(c)]);
        return group;
    };
    auto post = [&](const std::vector<int>& cells, const std::string& name) {
        const int first = solver.propagator_count();
        all_different(solver, group_of(cells), settings.alldifferent);
        solver.name_propagators_from(first, name);
    };
    const char* region = jigsaw() ? "region" : "box";
    for (int i = 0; i < side(); ++i) {
        post(row_cells(i), numbered_name("row", i));
        post(column_cells(i), numbered_name("column", i));
        post(region_cells(i), numbered_name(region, i));
    }
    if (diagonals_) {
        post(diagonal_cells(side(), true), numbered_name("diagonal", 0));
        post(diagonal_cells(side(), false), numbered_name("diagonal", 1));
    }
    for (std::size_t k = 0; k < cages_.size(); ++k) {
        const int first = solver.propagator_count();
        distinct_sum(solver, group_of(cages_[k].cells), cages_[k].sum);
        solver.name_propagators_from(first, numbered_name("cage", static_cast<int>(k)));
    }
    post_house_remainders(solver, model);
    if (jigsaw()) post_intersections(solver, model);
    return model;
}

// Jigsaw regions cross rows and columns irregularly, and a solver of people's puzzles
// reasons on the crossings ("pointing"): where a line L meets a region G in cells I,
// a value that G can hold only inside I is not elsewhere on L, and back. As redundant
// constraints: per crossing, value counts c_v in {0, 1} shared by L \ I and G \ I (each
// side holds v exactly when I does not), through two global_cardinality constraints.
void RegionSudokuPuzzle::post_intersections(Solver& solver, const PuzzleModel& model) const {
    std::vector<int> values;
    for (int v = 1; v <= side(); ++v) values.push_back(v);
    auto post = [&](const std::vector<int>& line, int region, const std::string& name) {
        std::vector<IntVar> line_rest, region_rest;
        int shared = 0;
        for (int c : line) {
            const bool inside = regions_.region_of_cell[static_cast<std::size_t>(c)] == region;
            shared += inside ? 1 : 0;
            if (!inside) line_rest.push_back(model.cells[static_cast<std::size_t>(c)]);
        }
        if (shared == 0 || shared == side()) return;
        for (int c : region_cells(region)) {
            if (std::find(line.begin(), line.end(), c) == line.end()) region_rest.push_back(model.cells[static_cast<std::size_t>(c)]);
        }
        const int first = solver.propagator_count();
        const std::vector<IntVar> counts = solver.new_int_vars(side(), 0, 1);
        global_cardinality(solver, line_rest, values, counts, false);
        global_cardinality(solver, region_rest, values, counts, false);
        solver.name_propagators_from(first, name + " x " + numbered_name("region", region));
    };
    for (int i = 0; i < side(); ++i) {
        for (int g = 0; g < side(); ++g) {
            post(row_cells(i), g, numbered_name("row", i));
            post(column_cells(i), g, numbered_name("column", i));
        }
    }
}

// The killer solver's "rule of 45", as redundant constraints: a house holds 1..N, so
// the cells of a house outside the cages lying wholly inside it hold distinct digits
// adding up to N(N+1)/2 minus those cages' sums. One distinct_sum per house where that
// leaves 1..N-1 cells; the checker does not see them (they follow from the rules).
void RegionSudokuPuzzle::post_house_remainders(Solver& solver, const PuzzleModel& model) const {
    if (cages_.empty()) return;
    std::vector<int> cage_of(static_cast<std::size_t>(cell_count()), -1);
    for (std::size_t k = 0; k < cages_.size(); ++k) {
        for (int c : cages_[k].cells) cage_of[static_cast<std::size_t>(c)] = static_cast<int>(k);
    }
    auto post = [&](const std::vector<int>& house, const std::string& name) {
        std::vector<bool> in_house(static_cast<std::size_t>(cell_count()), false);
        for (int c : house) in_house[static_cast<std::size_t>(c)] = true;
        std::int64_t rest = std::int64_t{side()} * (side() + 1) / 2;
        std::vector<IntVar> remainder;
        for (int c : house) {
            const int k = cage_of[static_cast<std::size_t>(c)];
            const bool inside = k >= 0 && std::all_of(cages_[static_cast<std::size_t>(k)].cells.begin(), cages_[static_cast<std::size_t>(k)].cells.end(),
                                                      [&](int d) { return in_house[static_cast<std::size_t>(d)]; });
            if (!inside) {
                remainder.push_back(model.cells[static_cast<std::size_t>(c)]);
            } else if (cages_[static_cast<std::size_t>(k)].cells.front() == c) {
                rest -= cages_[static_cast<std::size_t>(k)].sum;  // counted once, at its first cell
            }
        }
        if (remainder.empty() || remainder.size() == house.size()) return;
        const int first = solver.propagator_count();
        distinct_sum(solver, remainder, rest);
        solver.name_propagators_from(first, name + " remainder");
    };
    const char* region = jigsaw() ? "region" : "box";
    for (int i = 0; i < side(); ++i) {
        post(row_cells(i), numbered_name("row", i));
        post(column_cells(i), numbered_name("column", i));
        post(region_cells(i), numbered_name(region, i));
    }
}

std::string RegionSudokuPuzzle::render_plain(const Values& values) const {
    std::string text;
    const int rows_per_box = jigsaw() ? side() : regions_.box_rows;
    const int columns_per_box = jigsaw() ? side() : regions_.box_columns;
    std::string separator;
    for (int c = 0; c < side(); ++c) separator += c == 0 ? "-" : (c % columns_per_box == 0 ? "-+--" : "--");
    for (int r = 0; r < side(); ++r) {
        if (r > 0 && r % rows_per_box == 0) text += separator + "\n";
        for (int c = 0; c < side(); ++c) {
            if (c > 0) text += c % columns_per_box == 0 ? " | " : " ";
            text += sudoku_letter(values[static_cast<std::size_t>(r * side() + c)]);
        }
        text += '\n';
    }
    return text;
}

std::string RegionSudokuPuzzle::render_line(const Values& values) const {
    std::string line;
    for (int v : values) line += sudoku_letter(v);
    return line;
}

std::optional<Values> RegionSudokuPuzzle::read_plain_solution(const SourceText& text, Diagnostic& error) const {
    const std::size_t n = static_cast<std::size_t>(side());
    auto is_grid_line = [n](const SourceLine& line) {
        const std::vector<SudokuEntry> entries = sudoku_entries(line);
        if (entries.size() != n && entries.size() != n * n) return false;
        for (const SudokuEntry& e : entries) {
            if (e.text.size() != 1 || sudoku_value(e.text) <= 0) return false;
        }
        return true;
    };
    const std::vector<SourceLine> block = first_grid_block(text, is_grid_line);
    Values values;
    for (const SourceLine& line : block) {
        for (const SudokuEntry& e : sudoku_entries(line)) values.push_back(sudoku_value(e.text));
    }
    if (block.empty() || values.size() != n * n) {
        error = text.error_at(block.empty() ? 1 : block.back().number, 1,
                              "expected a solution grid of " + std::to_string(n * n) + " cells, found " + std::to_string(values.size()));
        return std::nullopt;
    }
    return values;
}

std::string RegionSudokuPuzzle::render_html_figure(const Values& values) const {
    const int cell = side() > 9 ? 30 : 44;
    const int margin = 4;
    const int extent = side() * cell + 2 * margin;
    auto at = [&](int i) { return std::to_string(margin + i * cell); };
    std::string svg = svg_open(extent, extent);
    svg += "<rect x=\"" + at(0) + "\" y=\"" + at(0) + "\" width=\"" + std::to_string(side() * cell) + "\" height=\"" + std::to_string(side() * cell) +
           "\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"2.5\"/>\n";
    // Cage sums in the top-left corner of each cage's first cell, cage borders dashed.
    std::vector<int> cage_of(static_cast<std::size_t>(cell_count()), -1);
    for (std::size_t k = 0; k < cages_.size(); ++k) {
        for (int c : cages_[k].cells) cage_of[static_cast<std::size_t>(c)] = static_cast<int>(k);
        const int first = cages_[k].cells.front();
        svg += "<text x=\"" + std::to_string(margin + (first % side()) * cell + 3) + "\" y=\"" + std::to_string(margin + (first / side()) * cell + cell / 4 + 1) +
               "\" font-size=\"" + std::to_string(cell / 4) + "\" font-family=\"sans-serif\" fill=\"#555\">" + std::to_string(cages_[k].sum) + "</text>\n";
    }
    for (int r = 0; r < side(); ++r) {
        for (int c = 0; c < side(); ++c) {
            const int index = r * side() + c;
            const bool given = clues_[static_cast<std::size_t>(index)] != unknown;
            svg += "<text x=\"" + std::to_string(margin + c * cell + cell / 2) + "\" y=\"" + std::to_string(margin + r * cell + cell / 2 + cell / 5) +
                   "\" text-anchor=\"middle\" font-size=\"" + std::to_string(cell / 2) + "\" font-family=\"sans-serif\"" +
                   (given ? " font-weight=\"bold\" fill=\"#000\"" : " fill=\"#1565c0\"") + ">" + sudoku_letter(values[static_cast<std::size_t>(index)]) + "</text>\n";
        }
    }
    // Each edge between two cells: thick between regions, dashed between cages, thin else.
    auto edge = [&](int a, int b, const std::string& x1, const std::string& y1, const std::string& x2, const std::string& y2) {
        const bool region_border = regions_.region_of_cell[static_cast<std::size_t>(a)] != regions_.region_of_cell[static_cast<std::size_t>(b)];
        const bool cage_border = !cages_.empty() && cage_of[static_cast<std::size_t>(a)] != cage_of[static_cast<std::size_t>(b)];
        const std::string stroke = region_border ? "stroke=\"#000\" stroke-width=\"2.5\""
                                                 : (cage_border ? "stroke=\"#c62828\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"" : "stroke=\"#bbb\" stroke-width=\"1\"");
        svg += "<line x1=\"" + x1 + "\" y1=\"" + y1 + "\" x2=\"" + x2 + "\" y2=\"" + y2 + "\" " + stroke + "/>\n";
    };
    for (int r = 0; r < side(); ++r) {
        for (int c = 0; c + 1 < side(); ++c) edge(r * side() + c, r * side() + c + 1, at(c + 1), at(r), at(c + 1), at(r + 1));
    }
    for (int r = 0; r + 1 < side(); ++r) {
        for (int c = 0; c < side(); ++c) edge(r * side() + c, (r + 1) * side() + c, at(c), at(r + 1), at(c + 1), at(r + 1));
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
