#include "puzzles/seki/seki_puzzle.hpp"

namespace prune::puzzles {

SekiPuzzle::SekiPuzzle(int size, std::vector<char> rotors) : GridPuzzle(size, size), size_(size), rotors_(std::move(rotors)) {}

std::array<int, 4> SekiPuzzle::rotor_cells(int k) const {
    const int row = k / (size_ - 1);
    const int col = k % (size_ - 1);
    const int top_left = row * size_ + col;
    return {top_left, top_left + 1, top_left + size_, top_left + size_ + 1};
}

bool SekiPuzzle::is_rotor(char c) { return c == '+' || c == '-' || c == 'o' || c == 'a'; }

const std::vector<std::vector<int>>& SekiPuzzle::allowed_patterns(char rotor) {
    static const std::vector<std::vector<int>> one_black = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    static const std::vector<std::vector<int>> three_black = {{0, 1, 1, 1}, {1, 0, 1, 1}, {1, 1, 0, 1}, {1, 1, 1, 0}};
    static const std::vector<std::vector<int>> diagonal = {{1, 0, 0, 1}, {0, 1, 1, 0}};
    static const std::vector<std::vector<int>> side_by_side = {{1, 1, 0, 0}, {0, 0, 1, 1}, {1, 0, 1, 0}, {0, 1, 0, 1}};
    switch (rotor) {
        case '+': return one_black;
        case '-': return three_black;
        case 'o': return diagonal;
        default: return side_by_side;
    }
}

std::string SekiPuzzle::rotor_name(int k) const {
    std::string name = "rotor ";
    name += std::to_string(k + 1);
    name += " (";
    name += rotors_[static_cast<std::size_t>(k)];
    name += ')';
    return name;
}

std::string SekiPuzzle::summary() const {
    return "seki " + std::to_string(size_) + "x" + std::to_string(size_) + " (" + std::to_string(rotor_count()) + " rotors)";
}

std::vector<Rule> SekiPuzzle::rules() const {
    std::vector<Rule> rules;
    const CellNames names = cell_names();
    rules.push_back(values_in_range_rule("Cells", cell_count(), 0, 1));
    for (int k = 0; k < rotor_count(); ++k) {
        const std::array<int, 4> around = rotor_cells(k);
        Rule rule;
        rule.cells.assign(around.begin(), around.end());
        rule.label = rotor_name(k) + " " + bracketed_names(rule.cells, names);
        rule.shape = RuleShape::allowed_tuples;
        rule.tuples = allowed_patterns(rotors_[k]);
        rules.push_back(std::move(rule));
    }
    return rules;
}

}  // namespace prune::puzzles
