#include "puzzles/generate.hpp"

#include <algorithm>
#include <memory>

#include "engine/random.hpp"
#include "puzzles/registry.hpp"
#include "puzzles/solve.hpp"

namespace prune::puzzles {
namespace {

// A clue the solution offers: a given digit in `cell`, or a kind's own clue (a towers
// side clue, an unequal mark) numbered `index`.
struct Clue {
    bool digit = false;
    int index = 0;  // the cell of a digit, else the kind's clue number
};

// What one kind contributes: its empty instance, the clues of a solution and the text
// of a puzzle keeping some of them.
class KindRecipe {
public:
    virtual ~KindRecipe() = default;
    // The plain text of the puzzle with no clue at all (to fill a random solution).
    virtual std::string empty_text() const = 0;
    // The kind's own clues of `solution` (not the digits), all of them.
    virtual std::vector<Clue> own_clues(const Values& solution) const = 0;
    // The plain text of the puzzle holding `clues` of `solution`.
    virtual std::string text(const Values& solution, const std::vector<Clue>& clues) const = 0;
};

int cell_digit_value(const Values& solution, const std::vector<Clue>& clues, int cell) {
    for (const Clue& c : clues) {
        if (c.digit && c.index == cell) return solution[static_cast<std::size_t>(cell)];
    }
    return 0;
}

// One character per value: 1-9, then A, B, ... (sudoku's and unequal's alphabet).
char value_char(int v) { return v == 0 ? '.' : v < 10 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10); }

class SudokuRecipe final : public KindRecipe {
public:
    explicit SudokuRecipe(int side) : side_(side) {}
    std::string empty_text() const override { return std::string(static_cast<std::size_t>(side_ * side_), '.') + "\n"; }
    std::vector<Clue> own_clues(const Values& /*solution*/) const override { return {}; }
    std::string text(const Values& solution, const std::vector<Clue>& clues) const override {
        std::string line;
        for (int cell = 0; cell < side_ * side_; ++cell) line += value_char(cell_digit_value(solution, clues, cell));
        return line + "\n";
    }

private:
    int side_;
};

// Towers: clue k of 4n as towers_puzzle.hpp orders them (top, bottom, left, right).
class TowersRecipe final : public KindRecipe {
public:
    explicit TowersRecipe(int order) : n_(order) {}
    std::string empty_text() const override { return text({}, {}); }
    std::vector<Clue> own_clues(const Values& /*solution*/) const override {
        std::vector<Clue> clues;
        for (int k = 0; k < 4 * n_; ++k) clues.push_back({false, k});
        return clues;
    }
    std::string text(const Values& solution, const std::vector<Clue>& clues) const override {
        std::vector<std::string> rows(static_cast<std::size_t>(n_ + 2), std::string(static_cast<std::size_t>(n_ + 2), '.'));
        for (const Clue& c : clues) {
            if (c.digit) {
                rows[static_cast<std::size_t>(c.index / n_ + 1)][static_cast<std::size_t>(c.index % n_ + 1)] = value_char(solution[static_cast<std::size_t>(c.index)]);
                continue;
            }
            const int side = c.index / n_;
            const int i = c.index % n_;
            const char seen = value_char(visible(solution, side, i));
            if (side == 0) rows[0][static_cast<std::size_t>(i + 1)] = seen;
            if (side == 1) rows[static_cast<std::size_t>(n_ + 1)][static_cast<std::size_t>(i + 1)] = seen;
            if (side == 2) rows[static_cast<std::size_t>(i + 1)][0] = seen;
            if (side == 3) rows[static_cast<std::size_t>(i + 1)][static_cast<std::size_t>(n_ + 1)] = seen;
        }
        std::string text;
        for (const std::string& row : rows) {
            for (std::size_t i = 0; i < row.size(); ++i) (text += i == 0 ? "" : " ") += row[i];
            text += '\n';
        }
        return text;
    }

private:
    // How many towers one sees from side `side` along line i.
    int visible(const Values& solution, int side, int i) const {
        int seen = 0;
        int tallest = 0;
        for (int step = 0; step < n_; ++step) {
            const int r = side == 0 ? step : side == 1 ? n_ - 1 - step : i;
            const int c = side == 2 ? step : side == 3 ? n_ - 1 - step : i;
            const int v = solution[static_cast<std::size_t>(r * n_ + c)];
            if (v > tallest) {
                ++seen;
                tallest = v;
            }
        }
        return seen;
    }
    int n_;
};

// Unequal: clue k is the pair of neighbours k (row by row: right, then down), its mark
// taken from the solution.
class UnequalRecipe final : public KindRecipe {
public:
    explicit UnequalRecipe(int order) : n_(order) {}
    std::string empty_text() const override { return text({}, {}); }
    std::vector<Clue> own_clues(const Values& /*solution*/) const override {
        std::vector<Clue> clues;
        for (int k = 0; k < 2 * n_ * n_; ++k) {
            const bool right = k % 2 == 0;
            const int cell = k / 2;
            if ((right && cell % n_ + 1 < n_) || (!right && cell / n_ + 1 < n_)) clues.push_back({false, k});
        }
        return clues;
    }
    std::string text(const Values& solution, const std::vector<Clue>& clues) const override {
        const std::size_t width = static_cast<std::size_t>(2 * n_ - 1);
        std::vector<std::string> lines(static_cast<std::size_t>(2 * n_ - 1), std::string(width, ' '));
        for (int cell = 0; cell < n_ * n_; ++cell) lines[static_cast<std::size_t>(2 * (cell / n_))][static_cast<std::size_t>(2 * (cell % n_))] = '.';
        for (const Clue& c : clues) {
            if (c.digit) {
                lines[static_cast<std::size_t>(2 * (c.index / n_))][static_cast<std::size_t>(2 * (c.index % n_))] = value_char(solution[static_cast<std::size_t>(c.index)]);
                continue;
            }
            const int cell = c.index / 2;
            const bool right = c.index % 2 == 0;
            const int other = right ? cell + 1 : cell + n_;
            const bool less = solution[static_cast<std::size_t>(cell)] < solution[static_cast<std::size_t>(other)];
            const std::size_t line = static_cast<std::size_t>(2 * (cell / n_) + (right ? 0 : 1));
            const std::size_t column = static_cast<std::size_t>(2 * (cell % n_) + (right ? 1 : 0));
            lines[line][column] = right ? (less ? '<' : '>') : (less ? '^' : 'v');
        }
        std::string text;
        for (std::string& line : lines) {
            while (!line.empty() && line.back() == ' ') line.pop_back();
            if (!line.empty()) text += line + "\n";
        }
        return text;
    }

private:
    int n_;
};

std::unique_ptr<KindRecipe> recipe_for(const GenerateSettings& settings, std::string& error) {
    const int n = settings.size;
    if (settings.kind == "sudoku" && (n == 4 || n == 9 || n == 16)) return std::make_unique<SudokuRecipe>(n);
    if (settings.kind == "towers" && n >= 3 && n <= 9) return std::make_unique<TowersRecipe>(n);
    if (settings.kind == "unequal" && n >= 3 && n <= 9) return std::make_unique<UnequalRecipe>(n);
    const auto& kinds = generator_kinds();
    if (std::find(kinds.begin(), kinds.end(), settings.kind) == kinds.end()) {
        error = "prune generate knows no kind '" + settings.kind + "' (it generates sudoku, towers and unequal)";
    } else {
        error = "prune generate " + settings.kind + " takes the size " + generator_sizes(settings.kind) + ", not " + std::to_string(n);
    }
    return nullptr;
}

std::unique_ptr<Puzzle> parse_kind_text(const std::string& kind, const std::string& text) {
    const PuzzleKind* k = Registry::global().find(kind);
    ParseResult parsed = k->parse(SourceText{"<generated>", text}, {});
    return std::move(parsed.puzzle);
}

// A random solution: the empty puzzle searched with random values.
Values random_solution(const std::string& kind, const KindRecipe& recipe, std::uint64_t seed) {
    const std::unique_ptr<Puzzle> empty = parse_kind_text(kind, recipe.empty_text());
    SolveSettings settings;
    settings.mode = SolveMode::first;
    settings.search.value = ValueSelection::random;
    settings.search.seed = seed;
    Values solution;
    solve_puzzle(*empty, settings, [&solution](const Values& v) { solution = v; });
    return solution;
}

// Whether the text is a puzzle with exactly one solution (and, for easy, one that
// propagation alone solves).
bool acceptable(const std::string& kind, const std::string& text, GenerateDifficulty difficulty) {
    const std::unique_ptr<Puzzle> puzzle = parse_kind_text(kind, text);
    if (!puzzle) return false;
    SolveSettings settings;
    settings.mode = SolveMode::first_and_unique;
    const SolveOutcome outcome = solve_puzzle(*puzzle, settings, [](const Values&) {});
    if (!(outcome.solutions == 1 && outcome.unique_checked && outcome.unique)) return false;
    return difficulty == GenerateDifficulty::hard || outcome.statistics.nodes == 0;
}

}  // namespace

const std::vector<std::string>& generator_kinds() {
    static const std::vector<std::string> kinds = {"sudoku", "towers", "unequal"};
    return kinds;
}

std::string generator_sizes(const std::string& kind) {
    if (kind == "sudoku") return "4, 9 or 16";
    return "3 to 9";
}

GenerateResult generate_puzzle(const GenerateSettings& settings) {
    GenerateResult result;
    const std::unique_ptr<KindRecipe> recipe = recipe_for(settings, result.error);
    if (!recipe) return result;
    Random random(settings.seed);
    const Values solution = random_solution(settings.kind, *recipe, random.next());
    // Start from the kind's own clues; add digits in random order until unique.
    std::vector<Clue> kept = recipe->own_clues(solution);
    std::vector<Clue> digits;
    for (int cell = 0; cell < static_cast<int>(solution.size()); ++cell) digits.push_back({true, cell});
    shuffle(digits, random);
    std::size_t next_digit = 0;
    ++result.tries;
    while (!acceptable(settings.kind, recipe->text(solution, kept), settings.difficulty) && next_digit < digits.size()) {
        kept.push_back(digits[next_digit++]);
        ++result.tries;
    }
    // Take clues away in random order while the puzzle stays acceptable.
    std::vector<Clue> order = kept;
    shuffle(order, random);
    for (const Clue& candidate : order) {
        std::vector<Clue> without;
        for (const Clue& c : kept) {
            if (c.digit != candidate.digit || c.index != candidate.index) without.push_back(c);
        }
        ++result.tries;
        if (acceptable(settings.kind, recipe->text(solution, without), settings.difficulty)) kept = std::move(without);
    }
    result.clues = static_cast<int>(kept.size());
    result.text = "# prune generate " + settings.kind + " " + std::to_string(settings.size) + " --seed " + std::to_string(settings.seed) +
                  " --difficulty " + (settings.difficulty == GenerateDifficulty::easy ? "easy" : "hard") + " (" + std::to_string(result.clues) +
                  " clues)\n" + recipe->text(solution, kept);
    return result;
}

}  // namespace prune::puzzles
