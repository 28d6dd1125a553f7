// The Ostomachion model: a colour variable per region, x != y per border, and per
// colour c the area it covers, sum(area_i * [x_i = c]) = total / K, stated with a
// value channel b_ic <=> (x_i = c) and one linear equality over the b_ic.
//
// Counting: every colour covers total/K > 0, so every colouring uses all K colours
// and renaming the colours (K! ways) acts freely on the colourings. The canonical
// colourings are those whose colours first appear, in region order, as 0, 1, 2, ...
// (value precedence, stated linearly on the channels: b_jc <= sum_{i<j} b_i(c-1));
// the count is canonical * K!.
#include "puzzles/ostomachion/ostomachion_puzzle.hpp"

#include <numeric>

namespace prune::puzzles {

OstomachionPuzzle::OstomachionPuzzle(std::vector<MapRegion> regions, int colours, bool plain_count)
    : regions_(std::move(regions)), colours_(colours), plain_count_(plain_count) {}

int OstomachionPuzzle::total_area() const {
    int total = 0;
    for (const MapRegion& r : regions_) total += r.area;
    return total;
}

std::vector<std::pair<int, int>> OstomachionPuzzle::borders() const {
    std::vector<std::pair<int, int>> result;
    for (int a = 0; a < region_count(); ++a) {
        for (int b : regions_[a].neighbours) {
            if (a < b) result.emplace_back(a, b);
        }
    }
    return result;
}

std::string OstomachionPuzzle::colour_name(int c) {
    static const char* const names[] = {"red", "green", "blue", "yellow", "orange", "purple", "cyan", "magenta", "brown", "grey"};
    if (c >= 0 && c < 10) return names[c];
    return "colour" + std::to_string(c);
}

CellNames OstomachionPuzzle::cell_names() const {
    CellNames names;
    for (const MapRegion& r : regions_) names.push_back(r.name);
    return names;
}

std::string OstomachionPuzzle::border_name(int a, int b) const {
    std::string name = "border ";
    name += regions_[static_cast<std::size_t>(a)].name;
    name += '-';
    name += regions_[static_cast<std::size_t>(b)].name;
    return name;
}

std::string OstomachionPuzzle::area_name(int c) {
    std::string name = "area ";
    name += colour_name(c);
    return name;
}

std::string OstomachionPuzzle::summary() const {
    return "ostomachion map (" + std::to_string(region_count()) + " regions, " + std::to_string(colours_) + " colours, area " +
           std::to_string(area_per_colour()) + " each)";
}

std::vector<Rule> OstomachionPuzzle::rules() const {
    std::vector<Rule> rules;
    const Rule range = values_in_range_rule("Colours", region_count(), 0, colours_ - 1);
    rules.push_back(range);
    for (const auto& [a, b] : borders()) {
        Rule rule;
        rule.label = border_name(a, b);
        rule.shape = RuleShape::all_different;
        rule.cells = {a, b};
        rule.low = 0;
        rule.high = colours_ - 1;
        rules.push_back(std::move(rule));
    }
    for (int c = 0; c < colours_; ++c) {
        Rule rule;
        rule.label = area_name(c);
        rule.shape = RuleShape::weighted_count;
        rule.cells = range.cells;
        for (const MapRegion& r : regions_) rule.given.push_back(r.area);
        rule.value = c;
        rule.low = rule.high = area_per_colour();
        rules.push_back(std::move(rule));
    }
    return rules;
}

PuzzleModel OstomachionPuzzle::build_model_with(Solver& solver, bool break_symmetry) const {
    PuzzleModel model;
    for (const std::string& name : cell_names()) model.cells.push_back(solver.new_int_var(0, colours_ - 1, name));
    model.decisions = model.cells;
    // Propagators are named as the check lines name the rules.
    for (const auto& [a, b] : borders()) {
        const int first = solver.propagator_count();
        not_equal(solver, model.cells[a], model.cells[b]);
        solver.name_propagators_from(first, border_name(a, b));
    }
    std::vector<std::vector<IntVar>> has(colours_);  // has[c][i] <=> region i has colour c
    std::vector<std::int64_t> areas;
    for (const MapRegion& r : regions_) areas.push_back(r.area);
    for (int c = 0; c < colours_; ++c) {
        for (int i = 0; i < region_count(); ++i) {
            const BoolVar b = solver.new_bool_var();
            value_channel(solver, model.cells[i], c, b);
            has[c].push_back(b);
        }
        const int first = solver.propagator_count();
        linear(solver, areas, has[c], Relation::equal, area_per_colour());
        solver.name_propagators_from(first, area_name(c));
    }
    if (break_symmetry) {
        // Colour c may appear at region j only if colour c-1 appears before j.
        for (int c = 1; c < colours_; ++c) {
            for (int j = 0; j < region_count(); ++j) {
                std::vector<std::int64_t> coefficients = {1};
                std::vector<IntVar> vars = {has[c][j]};
                for (int i = 0; i < j; ++i) {
                    coefficients.push_back(-1);
                    vars.push_back(has[c - 1][i]);
                }
                linear(solver, coefficients, vars, Relation::less_equal, 0);
            }
        }
    }
    return model;
}

PuzzleModel OstomachionPuzzle::build_model(Solver& solver, const ModelSettings& /*settings*/) const {
    return build_model_with(solver, false);
}

OstomachionPuzzle::Counted OstomachionPuzzle::count_colourings(bool break_symmetry, const SearchOptions& options, int threads) const {
    Solver solver;
    const PuzzleModel model = build_model_with(solver, break_symmetry);
    Counted counted;
    if (threads > 1) {
        count_in_parallel(
            [this, break_symmetry] {
                auto built = std::make_unique<Solver>();
                (void)build_model_with(*built, break_symmetry);
                return built;
            },
            model, options, threads, counted);
    } else {
        count_below(solver, model, options, counted);
    }
    counted.variables = solver.variable_count();
    counted.propagators = solver.propagator_count();
    return counted;
}

std::optional<KindCount> OstomachionPuzzle::count_solutions(const ModelSettings& settings, const SearchOptions& options) const {
    std::uint64_t factorial = 1;
    for (int k = 2; k <= colours_; ++k) factorial *= static_cast<std::uint64_t>(k);
    const Counted counted = count_colourings(!plain_count_, options, settings.threads);
    KindCount result = kind_count(counted);
    result.count = plain_count_ ? counted.count : counted.count * factorial;
    result.figures.push_back({"count_up_to_renaming", "Up to renaming the colours", plain_count_ ? counted.count / factorial : counted.count});
    return result;
}

std::optional<Values> OstomachionPuzzle::read_plain_solution(const SourceText& text, Diagnostic& error) const {
    // Lines "REGION: COLOUR", one per region in order; other lines are skipped.
    Values values;
    for (const SourceLine& line : text.content_lines()) {
        const std::vector<SourceLine::Word> words = line.words();
        if (words.size() != 2 || static_cast<int>(values.size()) >= region_count()) continue;
        if (words[0].text != regions_[values.size()].name + ":") continue;
        int colour = -1;
        for (int c = 0; c < colours_; ++c) {
            if (words[1].text == colour_name(c) || words[1].text == std::to_string(c)) colour = c;
        }
        if (colour < 0) {
            error = text.error_at(line.number, words[1].column, "unknown colour '" + words[1].text + "'");
            return std::nullopt;
        }
        values.push_back(colour);
    }
    if (static_cast<int>(values.size()) != region_count()) {
        error = text.error_at(text.last_line_number(), 1,
                              "expected one line 'REGION: COLOUR' per region (" + std::to_string(region_count()) + "), found " +
                                  std::to_string(values.size()));
        return std::nullopt;
    }
    return values;
}

}  // namespace prune::puzzles
