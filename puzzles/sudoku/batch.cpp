// Sudoku in batch solving: the one-line output, and the model shared by every
// puzzle of one size (the clues become assignments one level below its root).
#include "puzzles/sudoku/sudoku_puzzle.hpp"

namespace prune::puzzles {

// The characters of the input alphabet: 1..9, then A = 10, ..., P = 25.
std::string SudokuPuzzle::render_line(const Values& values) const {
    std::string line(values.size(), '.');
    for (std::size_t i = 0; i < values.size(); ++i) line[i] = values[i] == 0 ? '0' : sudoku_letter(values[i]);
    return line;
}

std::string SudokuPuzzle::shared_model_key() const {
    std::string key = "sudoku ";
    key += std::to_string(side());
    return key;
}

PuzzleModel SudokuPuzzle::build_shared_model(Solver& solver, const ModelSettings& settings) const {
    const SudokuPuzzle blank(box_, std::vector<int>(static_cast<std::size_t>(cell_count()), unknown));
    return blank.build_model(solver, settings);
}

void SudokuPuzzle::clues(std::vector<CellClue>& out) const {
    for (int c = 0; c < cell_count(); ++c) {
        if (clues_[c] != unknown) out.push_back(CellClue{c, clues_[c]});
    }
}

}  // namespace prune::puzzles

namespace prune::puzzles {

std::unique_ptr<SudokuPuzzle> parse_sudoku_one_line(const SourceText& source) {
    const std::string& text = source.text;
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; };
    std::size_t first = 0;
    std::size_t last = text.size();
    while (first < last && blank(text[first])) ++first;
    while (last > first && blank(text[last - 1])) --last;
    const std::size_t cells = last - first;
    int box = 0;
    for (int n = 2; n <= 5; ++n) {
        if (cells == static_cast<std::size_t>(n * n * n * n)) box = n;
    }
    if (box == 0) return nullptr;
    const int side = box * box;
    std::vector<int> clues(cells);
    bool letters = false;
    for (std::size_t i = 0; i < cells; ++i) {
        const char c = text[first + i];
        int value = 0;
        if (c == '.' || c == '0' || c == '_') value = 0;
        else if (c >= '1' && c <= '9') value = c - '0';
        else if (c >= 'A' && c <= 'P') value = 10 + (c - 'A');
        else if (c >= 'a' && c <= 'p') value = 10 + (c - 'a');
        else return nullptr;  // a blank, '|', '#', a bad character: the full parser decides
        if (value > side) return nullptr;
        clues[i] = value;
        letters = letters || value >= 10;
    }
    auto puzzle = std::make_unique<SudokuPuzzle>(box, std::move(clues));
    puzzle->set_letters(letters);
    return puzzle;
}

}  // namespace prune::puzzles
