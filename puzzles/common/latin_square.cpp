#include "puzzles/common/latin_square.hpp"

#include <cstdlib>

#include "puzzles/common/plain_grid.hpp"

namespace prune::puzzles {

LatinSquarePuzzle::LatinSquarePuzzle(int order, std::vector<int> givens) : GridPuzzle(order, order), order_(order), givens_(std::move(givens)) {}

std::vector<Rule> LatinSquarePuzzle::latin_rules() const {
    std::vector<Rule> rules;
    rules.push_back(values_in_range_rule("Cells", cell_count(), 1, order_));
    const Rule clues = clues_rule(givens_, no_given, cell_count());
    if (!clues.cells.empty()) rules.push_back(clues);
    const CellNames names = cell_names();
    auto add_all_different = [&](const std::string& name, std::vector<int> cells) {
        Rule rule;
        rule.label = name + " " + bracketed_names(cells, names);
        rule.shape = RuleShape::all_different;
        rule.cells = std::move(cells);
        rule.low = 1;
        rule.high = order_;
        rules.push_back(std::move(rule));
    };
    for (int r = 0; r < order_; ++r) add_all_different(numbered_name("row", r), row_cells(r));
    for (int c = 0; c < order_; ++c) add_all_different(numbered_name("column", c), column_cells(c));
    return rules;
}

std::vector<IntVar> LatinSquarePuzzle::vars_of(const PuzzleModel& model, const std::vector<int>& cells) {
    std::vector<IntVar> vars;
    vars.reserve(cells.size());
    for (int c : cells) vars.push_back(model.cells[static_cast<std::size_t>(c)]);
    return vars;
}

PuzzleModel LatinSquarePuzzle::post_latin_model(Solver& solver, const ModelSettings& settings) const {
    PuzzleModel model;
    const CellNames names = cell_names();
    for (int c = 0; c < cell_count(); ++c) {
        const std::string& name = names[static_cast<std::size_t>(c)];
        const int g = given(c);
        model.cells.push_back(g == no_given ? solver.new_int_var(1, order_, name) : solver.new_int_var(g, g, name));
    }
    model.decisions = model.cells;
    model.probe_root = true;  // Tatham's hardest levels need more than the propagators' fixpoint
    for (int r = 0; r < order_; ++r) {
        const int first = solver.propagator_count();
        all_different(solver, vars_of(model, row_cells(r)), settings.alldifferent);
        solver.name_propagators_from(first, numbered_name("row", r));
    }
    for (int c = 0; c < order_; ++c) {
        const int first = solver.propagator_count();
        all_different(solver, vars_of(model, column_cells(c)), settings.alldifferent);
        solver.name_propagators_from(first, numbered_name("column", c));
    }
    return model;
}

std::string LatinSquarePuzzle::render_plain(const Values& values) const {
    if (order_ <= 9) return GridPuzzle::render_plain(values);
    std::string text;
    for (int r = 0; r < order_; ++r) {
        for (int c = 0; c < order_; ++c) {
            const std::string number = std::to_string(values[static_cast<std::size_t>(cell_at(r, c))]);
            if (c > 0) text += ' ';
            if (number.size() < 2) text += ' ';  // columns line up
            text += number;
        }
        text += '\n';
    }
    return text;
}

std::string LatinSquarePuzzle::render_line(const Values& values) const {
    if (order_ > 9) return Puzzle::render_line(values);
    std::string line;
    for (int v : values) line += static_cast<char>('0' + v);
    return line;
}

std::optional<Values> LatinSquarePuzzle::read_plain_solution(const SourceText& text, Diagnostic& error) const {
    if (order_ <= 9) return GridPuzzle::read_plain_solution(text, error);
    // Rows of numbers separated by blanks: read by words, not digits.
    const std::vector<SourceLine> block = first_grid_block(text, is_digit_grid_line);
    if (block.empty()) {
        error = text.error_at(1, 1, "no solution grid found (expected rows of numbers)");
        return std::nullopt;
    }
    Values values;
    for (const SourceLine& line : block) {
        for (const SourceLine::Word& word : line.words()) {
            if (word.text == "|") continue;
            if (static_cast<int>(values.size()) == cell_count() || word.text.size() > 3) {
                error = text.error_at(line.number, word.column, "unexpected number '" + word.text + "' (the grid has " + std::to_string(cell_count()) + " cells)");
                return std::nullopt;
            }
            values.push_back(std::atoi(word.text.c_str()));
        }
    }
    if (static_cast<int>(values.size()) != cell_count()) {
        error = text.error_at(block.back().number, 1, "the grid has " + std::to_string(values.size()) + " cells, this puzzle has " + std::to_string(cell_count()));
        return std::nullopt;
    }
    return values;
}

std::string LatinSquarePuzzle::svg_cells(const Values& values, int cell, int left, int top) const {
    std::string svg;
    const int font = cell / 2;
    for (int r = 0; r < order_; ++r) {
        for (int c = 0; c < order_; ++c) {
            const int index = cell_at(r, c);
            const int x = left + c * cell;
            const int y = top + r * cell;
            svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" + std::to_string(cell) + "\" height=\"" +
                   std::to_string(cell) + "\" fill=\"#fff\" stroke=\"#555\"/>\n";
            svg += "<text x=\"" + std::to_string(x + cell / 2) + "\" y=\"" + std::to_string(y + cell / 2 + font / 3) +
                   "\" text-anchor=\"middle\" font-size=\"" + std::to_string(font) + "\" font-family=\"sans-serif\"" +
                   (given(index) != no_given ? " font-weight=\"bold\"" : " fill=\"#1a5fb4\"") + ">" +
                   std::to_string(values[static_cast<std::size_t>(index)]) + "</text>\n";
        }
    }
    return svg;
}

}  // namespace prune::puzzles
