// Kakuro: rules, model and output.
#include "puzzles/kakuro/kakuro_puzzle.hpp"

#include "puzzles/common/grid_name.hpp"
#include "puzzles/common/plain_grid.hpp"
#include "puzzles/common/svg.hpp"

namespace prune::puzzles {

KakuroPuzzle::KakuroPuzzle(int rows, int columns, std::vector<KakuroSquare> squares, std::vector<int> clues, std::vector<KakuroRun> runs)
    : rows_(rows), columns_(columns), squares_(std::move(squares)), clues_(std::move(clues)), runs_(std::move(runs)) {}

CellNames KakuroPuzzle::cell_names() const {
    CellNames names(clues_.size());
    for (std::size_t i = 0; i < squares_.size(); ++i) {
        const int cell = squares_[i].cell;
        if (cell >= 0) names[static_cast<std::size_t>(cell)] = grid_name(static_cast<int>(i) / columns_, static_cast<int>(i) % columns_);
    }
    return names;
}

std::string KakuroPuzzle::summary() const {
    int given = 0;
    for (int v : clues_) given += v != unknown ? 1 : 0;
    return "kakuro " + std::to_string(rows_) + "x" + std::to_string(columns_) + " (" + std::to_string(clues_.size()) + " white cells, " +
           std::to_string(runs_.size()) + " runs" + (given > 0 ? ", " + std::to_string(given) + " given)" : ")");
}

std::vector<Rule> KakuroPuzzle::rules() const {
    const CellNames names = cell_names();
    std::vector<Rule> rules;
    rules.push_back(values_in_range_rule("Cells", cell_count(), 1, 9));
    rules.push_back(clues_rule(clues_, unknown, cell_count()));
    for (const KakuroRun& run : runs_) {
        const std::string name = std::string(run.across ? "across " : "down ") + names[static_cast<std::size_t>(run.cells.front())];
        rules.push_back(Rule{name, RuleShape::all_different, run.cells, {}, 1, 9, {}});
        rules.push_back(Rule{name + " sum", RuleShape::sum_between, run.cells, {}, run.sum, run.sum, {}});
    }
    return rules;
}

// One distinct_sum per run: domain consistent on the digits and the sum together, so
// most human puzzles need no search.
PuzzleModel KakuroPuzzle::build_model(Solver& solver, const ModelSettings& /*settings*/) const {
    const CellNames names = cell_names();
    PuzzleModel model;
    for (int c = 0; c < cell_count(); ++c) {
        const int clue = clues_[static_cast<std::size_t>(c)];
        model.cells.push_back(clue == unknown ? solver.new_int_var(1, 9, names[static_cast<std::size_t>(c)]) : solver.new_int_var(clue, clue, names[static_cast<std::size_t>(c)]));
    }
    model.decisions = model.cells;
    for (const KakuroRun& run : runs_) {
        std::vector<IntVar> vars;
        for (int c : run.cells) vars.push_back(model.cells[static_cast<std::size_t>(c)]);
        const int first = solver.propagator_count();
        distinct_sum(solver, vars, run.sum);
        solver.name_propagators_from(first, std::string(run.across ? "across " : "down ") + names[static_cast<std::size_t>(run.cells.front())]);
    }
    return model;
}

std::string KakuroPuzzle::render_plain(const Values& values) const {
    std::string text;
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < columns_; ++c) {
            const int cell = squares_[static_cast<std::size_t>(r * columns_ + c)].cell;
            if (c > 0) text += ' ';
            text += cell < 0 ? 'X' : static_cast<char>('0' + values[static_cast<std::size_t>(cell)]);
        }
        text += '\n';
    }
    return text;
}

void KakuroPuzzle::write_json_solution(JsonWriter& json, const Values& values) const {
    json.begin_object();
    json.key("grid");
    json.begin_array();
    for (int r = 0; r < rows_; ++r) {
        json.begin_array();
        for (int c = 0; c < columns_; ++c) {
            const int cell = squares_[static_cast<std::size_t>(r * columns_ + c)].cell;
            json.value(cell < 0 ? 0 : values[static_cast<std::size_t>(cell)]);
        }
        json.end_array();
    }
    json.end_array();
    json.end_object();
}

std::optional<Values> KakuroPuzzle::read_plain_solution(const SourceText& text, Diagnostic& error) const {
    auto is_grid_line = [](const SourceLine& line) {
        bool any = false;
        for (const Glyph& g : line.glyphs()) {
            if (g.character != 'X' && (g.character < '1' || g.character > '9')) return false;
            any = true;
        }
        return any;
    };
    Values values;
    const std::vector<SourceLine> block = first_grid_block(text, is_grid_line);
    for (const SourceLine& line : block) {
        for (const Glyph& g : line.glyphs()) {
            if (g.character != 'X') values.push_back(g.character - '0');
        }
    }
    if (values.size() != clues_.size()) {
        error = text.error_at(block.empty() ? 1 : block.back().number, 1,
                              "expected a kakuro grid of " + std::to_string(clues_.size()) + " white cells, found " + std::to_string(values.size()));
        return std::nullopt;
    }
    return values;
}

std::string KakuroPuzzle::render_html_figure(const Values& values) const {
    const int cell = 40;
    const int margin = 4;
    std::string svg = svg_open(columns_ * cell + 2 * margin, rows_ * cell + 2 * margin);
    auto number = [](int x, int y, int size, const std::string& attributes, const std::string& text) {
        return "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" font-size=\"" + std::to_string(size) + "\" font-family=\"sans-serif\" " +
               attributes + ">" + text + "</text>\n";
    };
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < columns_; ++c) {
            const KakuroSquare& sq = squares_[static_cast<std::size_t>(r * columns_ + c)];
            const int x = margin + c * cell;
            const int y = margin + r * cell;
            const std::string fill = sq.cell < 0 ? "#333" : "#fff";
            svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" + std::to_string(cell) + "\" height=\"" + std::to_string(cell) +
                   "\" fill=\"" + fill + "\" stroke=\"#000\"/>\n";
            if (sq.cell >= 0) {
                const bool given = clues_[static_cast<std::size_t>(sq.cell)] != unknown;
                svg += number(x + cell / 2, y + cell * 2 / 3, cell / 2, std::string("text-anchor=\"middle\" ") + (given ? "font-weight=\"bold\"" : "fill=\"#1565c0\""),
                              std::to_string(values[static_cast<std::size_t>(sq.cell)]));
                continue;
            }
            if (sq.down == 0 && sq.across == 0) continue;
            svg += "<line x1=\"" + std::to_string(x) + "\" y1=\"" + std::to_string(y) + "\" x2=\"" + std::to_string(x + cell) + "\" y2=\"" + std::to_string(y + cell) +
                   "\" stroke=\"#fff\"/>\n";
            if (sq.down > 0) svg += number(x + 4, y + cell - 5, cell / 3, "fill=\"#fff\"", std::to_string(sq.down));
            if (sq.across > 0) svg += number(x + cell - 4, y + cell / 3, cell / 3, "fill=\"#fff\" text-anchor=\"end\"", std::to_string(sq.across));
        }
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
