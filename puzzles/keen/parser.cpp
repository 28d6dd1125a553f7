// Keen input: either a game ID of Simon Tatham's Keen ("4:_a3b_...,a6m12s1d2"; see
// game_id.cpp) or the plain format: n lines of n cage labels (a letter or a digit
// each, blanks ignored; the cells with one label form one cage), then one line per
// cage, "LABEL CLUE", the clue a target and an operation: 6+, 12x (or 12*), 1-, 2/,
// or a bare number for a cage of one cell.
#include <algorithm>
#include <map>

#include "puzzles/common/game_id.hpp"
#include "puzzles/keen/keen_puzzle.hpp"

namespace prune::puzzles {

ParseResult parse_keen_game_id(const SourceText& source, const GameId& id);

namespace {

bool is_label(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

struct CageLine {
    int line = 0;
    int column = 0;
    char operation = '=';
    int target = 0;
};

// "12x" -> target 12, operation 'x'. False with a message when the clue is malformed.
bool read_clue(const std::string& text, CageLine& cage, std::string& message) {
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
    if (digits == 0 || digits > 9 || digits + 1 < text.size()) {
        message = "expected a clue such as 6+, 12x, 1-, 2/ or 3, found '" + text + "'";
        return false;
    }
    cage.target = std::stoi(text.substr(0, digits));
    const char op = digits < text.size() ? text[digits] : '=';
    if (op != '+' && op != '-' && op != 'x' && op != 'X' && op != '*' && op != '/' && op != '=') {
        message = "unknown operation '" + std::string(1, op) + "' (expected +, -, x, * or /)";
        return false;
    }
    cage.operation = (op == 'X' || op == '*') ? 'x' : op;
    if (cage.target < 1 || (cage.operation == '-' && cage.target < 1)) {
        message = "a cage's target must be at least 1";
        return false;
    }
    return true;
}

// The size rule of each operation: '-' and '/' take two cells, a bare number one.
std::string size_error(char operation, std::size_t cells) {
    if ((operation == '-' || operation == '/') && cells != 2) return std::string("a ") + operation + " cage has two cells, this one has " + std::to_string(cells);
    if (operation == '=' && cells != 1) return "a clue without an operation needs a cage of one cell, this one has " + std::to_string(cells);
    return {};
}

}  // namespace

ParseResult parse_keen(const SourceText& source, const KindFlags& /*flags*/) {
    if (const std::optional<GameId> id = read_game_id(source)) return parse_keen_game_id(source, *id);
    ParseResult result;
    const std::vector<SourceLine> lines = source.content_lines();
    if (lines.empty()) {
        result.error = source.error_at(source.last_line_number(), 1, "no grid found (the input holds only comments or blank lines)");
        return result;
    }
    const int order = static_cast<int>(lines.front().glyphs().size());
    if (order < 1 || order > KeenPuzzle::max_order) {
        result.error = source.error_at(lines.front().number, lines.front().first_column, "the first line should hold n cage labels for n in 1..9, found " + std::to_string(order));
        return result;
    }
    if (static_cast<int>(lines.size()) < order) {
        result.error = source.error_at(lines.back().number, lines.back().end_column(),
                                       "expected " + std::to_string(order) + " grid lines, found " + std::to_string(lines.size()));
        return result;
    }
    std::map<char, std::vector<int>> cells_of;  // by label
    for (int r = 0; r < order; ++r) {
        const SourceLine& line = lines[static_cast<std::size_t>(r)];
        const std::vector<Glyph> glyphs = line.glyphs();
        if (static_cast<int>(glyphs.size()) != order) {
            const int column = static_cast<int>(glyphs.size()) > order ? glyphs[static_cast<std::size_t>(order)].column : line.end_column();
            result.error = source.error_at(line.number, column, "expected " + std::to_string(order) + " cage labels as on the first line, found " + std::to_string(glyphs.size()));
            return result;
        }
        for (int c = 0; c < order; ++c) {
            const Glyph& g = glyphs[static_cast<std::size_t>(c)];
            if (!is_label(g.character)) {
                result.error = source.error_at(line.number, g.column, std::string("unexpected ").append(line.quoted(g)).append(" (a cage label is a letter or a digit)"));
                return result;
            }
            cells_of[g.character].push_back(r * order + c);
        }
    }
    std::map<char, CageLine> clues;
    for (std::size_t i = static_cast<std::size_t>(order); i < lines.size(); ++i) {
        const SourceLine& line = lines[i];
        const std::vector<SourceLine::Word> words = line.words();
        if (words.size() != 2 || words[0].text.size() != 1 || !is_label(words[0].text[0])) {
            result.error = source.error_at(line.number, line.first_column, "expected a cage line 'LABEL CLUE' such as 'a 12x'");
            return result;
        }
        const char label = words[0].text[0];
        if (cells_of.count(label) == 0) {
            result.error = source.error_at(line.number, words[0].column, "no cage '" + words[0].text + "' in the grid");
            return result;
        }
        if (clues.count(label) != 0) {
            result.error = source.error_at(line.number, words[0].column, "cage '" + words[0].text + "' has a clue already (line " + std::to_string(clues[label].line) + ")");
            return result;
        }
        CageLine cage{line.number, words[1].column};
        std::string message;
        if (!read_clue(words[1].text, cage, message) || !(message = size_error(cage.operation, cells_of[label].size())).empty()) {
            result.error = source.error_at(line.number, words[1].column, message);
            return result;
        }
        clues[label] = cage;
    }
    for (const auto& [label, cells] : cells_of) {
        if (clues.count(label) == 0) {
            result.error = source.error_at(lines.back().number, lines.back().end_column(), "cage '" + std::string(1, label) + "' has no clue line");
            return result;
        }
    }
    // Cages numbered by their first cell, as the game IDs order them.
    std::vector<KeenCage> cages;
    for (const auto& [label, cells] : cells_of) cages.push_back(KeenCage{clues[label].operation, clues[label].target, cells});
    std::sort(cages.begin(), cages.end(), [](const KeenCage& a, const KeenCage& b) { return a.cells.front() < b.cells.front(); });
    result.puzzle = std::make_unique<KeenPuzzle>(order, std::move(cages));
    return result;
}

}  // namespace prune::puzzles
