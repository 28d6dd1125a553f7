#include "puzzles/unequal/unequal_puzzle.hpp"

#include <cstdlib>

#include "puzzles/common/grid_name.hpp"

namespace prune::puzzles {

UnequalPuzzle::UnequalPuzzle(int order, std::vector<int> givens, std::vector<UnequalMark> marks, bool adjacent_mode)
    : LatinSquarePuzzle(order, std::move(givens)), marks_(std::move(marks)), adjacent_mode_(adjacent_mode) {}

const UnequalMark* UnequalPuzzle::mark_between(int a, int b) const {
    for (const UnequalMark& m : marks_) {
        if ((m.smaller == a && m.larger == b) || (m.smaller == b && m.larger == a)) return &m;
    }
    return nullptr;
}

std::vector<std::vector<int>> UnequalPuzzle::less_pairs() const {
    std::vector<std::vector<int>> pairs;
    for (int a = 1; a <= order(); ++a) {
        for (int b = a + 1; b <= order(); ++b) pairs.push_back({a, b});
    }
    return pairs;
}

std::vector<std::vector<int>> UnequalPuzzle::adjacent_pairs(bool adjacent) const {
    std::vector<std::vector<int>> pairs;
    for (int a = 1; a <= order(); ++a) {
        for (int b = 1; b <= order(); ++b) {
            if ((std::abs(a - b) == 1) == adjacent) pairs.push_back({a, b});
        }
    }
    return pairs;
}

std::vector<UnequalPuzzle::Neighbours> UnequalPuzzle::neighbour_pairs() const {
    std::vector<Neighbours> pairs;
    for (int r = 0; r < order(); ++r) {
        for (int c = 0; c < order(); ++c) {
            if (c + 1 < order()) pairs.push_back({cell_at(r, c), cell_at(r, c + 1)});
            if (r + 1 < order()) pairs.push_back({cell_at(r, c), cell_at(r + 1, c)});
        }
    }
    return pairs;
}

std::string UnequalPuzzle::relation_name(int a, int b, const char* relation) const {
    return grid_name(a / order(), a % order()) + " " + relation + " " + grid_name(b / order(), b % order());
}

std::string UnequalPuzzle::summary() const {
    int given_count = 0;
    for (int g : givens()) given_count += g != no_given ? 1 : 0;
    return "unequal " + std::to_string(order()) + "x" + std::to_string(order()) + (adjacent_mode_ ? " adjacent" : "") + " (" +
           std::to_string(marks_.size()) + " marks, " + std::to_string(given_count) + " given)";
}

std::vector<Rule> UnequalPuzzle::rules() const {
    std::vector<Rule> rules = latin_rules();
    auto add = [&rules](std::string label, int a, int b, std::vector<std::vector<int>> pairs) {
        Rule rule;
        rule.label = std::move(label);
        rule.shape = RuleShape::allowed_tuples;
        rule.cells = {a, b};
        rule.tuples = std::move(pairs);
        rules.push_back(std::move(rule));
    };
    if (!adjacent_mode_) {
        for (const UnequalMark& m : marks_) add(relation_name(m.smaller, m.larger, "<"), m.smaller, m.larger, less_pairs());
        return rules;
    }
    for (const Neighbours& p : neighbour_pairs()) {
        const bool marked = mark_between(p.first, p.second) != nullptr;
        add(relation_name(p.first, p.second, marked ? "adjacent to" : "not adjacent to"), p.first, p.second, adjacent_pairs(marked));
    }
    return rules;
}

// The Unequal model: the Latin square and one binary table per relation (a < b,
// |a-b| = 1, or in adjacent mode |a-b| != 1 for unmarked neighbours). A binary table
// is domain consistent (arc consistency), so each relation is propagated in full.
PuzzleModel UnequalPuzzle::build_model(Solver& solver, const ModelSettings& settings) const {
    PuzzleModel model = post_latin_model(solver, settings);
    auto post = [&](int a, int b, const std::vector<std::vector<int>>& pairs, const std::string& name) {
        const int first = solver.propagator_count();
        table(solver, {model.cells[static_cast<std::size_t>(a)], model.cells[static_cast<std::size_t>(b)]}, pairs);
        solver.name_propagators_from(first, name);
    };
    if (!adjacent_mode_) {
        const std::vector<std::vector<int>> less = less_pairs();
        for (const UnequalMark& m : marks_) post(m.smaller, m.larger, less, relation_name(m.smaller, m.larger, "<"));
        return model;
    }
    const std::vector<std::vector<int>> adjacent = adjacent_pairs(true);
    const std::vector<std::vector<int>> apart = adjacent_pairs(false);
    for (const Neighbours& p : neighbour_pairs()) {
        const bool marked = mark_between(p.first, p.second) != nullptr;
        post(p.first, p.second, marked ? adjacent : apart, relation_name(p.first, p.second, marked ? "adjacent to" : "not adjacent to"));
    }
    return model;
}

}  // namespace prune::puzzles
