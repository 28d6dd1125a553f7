// Killer sudoku input: a Solo game ID ("3x3k:...", see puzzles/sudoku/solo_game_id.cpp),
// or a file of three parts:
//   aabbccdde       N rows of cage labels (N = 4, 9, 16 or 25; boxes n x n), one
//   ...             character per cell (any but a blank or '='): a cage is the cells
//                   of one label, at most N of them;
//   a=3 b=15 c=22   the sums, LABEL=SUM words, one per cage, on as many lines as wanted;
//   .........       optionally N rows of givens, as sudoku writes them.
#include <algorithm>
#include <map>

#include "puzzles/common/game_id.hpp"
#include "puzzles/common/whole_number.hpp"
#include "puzzles/sudoku/region_sudoku.hpp"
#include "puzzles/sudoku/sudoku_puzzle.hpp"

namespace prune::puzzles {
namespace {

struct CageLabel {
    std::vector<int> cells;
    int line = 0;
    int column = 0;
    int sum = 0;
};

bool read_cage_rows(const SourceText& source, const std::vector<SourceLine>& lines, int side, std::map<std::string, CageLabel>& cages, Diagnostic& error) {
    for (int r = 0; r < side; ++r) {
        if (static_cast<std::size_t>(r) >= lines.size()) {
            error = source.error_at(source.last_line_number(), 1, "expected " + std::to_string(side) + " rows of cage labels, found " + std::to_string(r));
            return false;
        }
        const SourceLine& line = lines[static_cast<std::size_t>(r)];
        const std::vector<Glyph> glyphs = line.glyphs();
        if (glyphs.size() != static_cast<std::size_t>(side) || line.text.find('=') != std::string::npos) {
            const int column = glyphs.size() > static_cast<std::size_t>(side) ? glyphs[static_cast<std::size_t>(side)].column : line.end_column();
            error = source.error_at(line.number, column, "expected " + std::to_string(side) + " cage labels in a row, found " + std::to_string(glyphs.size()));
            return false;
        }
        for (int c = 0; c < side; ++c) {
            const Glyph& g = glyphs[static_cast<std::size_t>(c)];
            CageLabel& cage = cages[line.text.substr(g.offset, static_cast<std::size_t>(g.bytes))];
            if (cage.cells.empty()) cage = CageLabel{{}, line.number, g.column, 0};
            cage.cells.push_back(r * side + c);
            if (cage.cells.size() > static_cast<std::size_t>(side)) {
                error = source.error_at(line.number, g.column, "cage " + line.quoted(g) + " has more than " + std::to_string(side) + " cells");
                return false;
            }
        }
    }
    return true;
}

// LABEL=SUM words from lines[first..] while a line holds '='; `next` is the first line
// after them.
bool read_sums(const SourceText& source, const std::vector<SourceLine>& lines, std::size_t first, std::map<std::string, CageLabel>& cages, std::size_t& next,
               Diagnostic& error) {
    for (next = first; next < lines.size() && lines[next].text.find('=') != std::string::npos; ++next) {
        for (const SourceLine::Word& w : lines[next].words()) {
            const std::size_t eq = w.text.find('=');
            const std::string label = w.text.substr(0, eq);
            auto it = cages.find(label);
            if (eq == std::string::npos || it == cages.end()) {
                error = source.error_at(lines[next].number, w.column, "'" + w.text + "' is not LABEL=SUM for a cage label of the grid");
                return false;
            }
            int sum = 0;
            if (!parse_whole_number(w.text.substr(eq + 1), sum) || sum < 1 || sum > 325) {
                error = source.error_at(lines[next].number, w.column + static_cast<int>(eq) + 1, "a cage sum is a whole number 1..325");
                return false;
            }
            if (it->second.sum != 0) {
                error = source.error_at(lines[next].number, w.column, "a second sum for cage '" + label + "'");
                return false;
            }
            it->second.sum = sum;
        }
    }
    for (const auto& [label, cage] : cages) {
        if (cage.sum == 0) {
            error = source.error_at(cage.line, cage.column, "cage '" + label + "' has no sum (expected " + label + "=SUM after the grid)");
            return false;
        }
    }
    return true;
}

}  // namespace

ParseResult parse_killer(const SourceText& source, const KindFlags& /*flags*/) {
    if (const auto id = read_game_id(source)) return parse_solo_game_id(source, *id, SoloVariant::killer);
    ParseResult result;
    const std::vector<SourceLine> lines = source.content_lines();
    if (lines.empty()) {
        result.error = source.error_at(source.last_line_number(), 1, "no grid found (the input holds only comments or blank lines)");
        return result;
    }
    const int side = static_cast<int>(lines[0].glyphs().size());
    int box = 0;
    for (int n = 2; n <= 5; ++n) box = n * n == side ? n : box;
    if (box == 0) {
        result.error = source.error_at(lines[0].number, lines[0].first_column, "a killer row has 4, 9, 16 or 25 cage labels, this one has " + std::to_string(side));
        return result;
    }
    std::map<std::string, CageLabel> labels;
    std::size_t next = 0;
    std::vector<int> clues(static_cast<std::size_t>(side * side), 0);
    if (!read_cage_rows(source, lines, side, labels, result.error) || !read_sums(source, lines, static_cast<std::size_t>(side), labels, next, result.error) ||
        (next < lines.size() && !read_given_rows(source, lines, next, side, clues, result.error))) {
        return result;
    }
    if (const std::size_t end = next < lines.size() ? next + static_cast<std::size_t>(side) : next; end < lines.size()) {
        result.error = source.error_at(lines[end].number, lines[end].first_column, "unexpected line after the killer grid");
        return result;
    }
    // Cages in the order of their first cell, as the grid shows them.
    std::vector<SudokuCage> cages;
    for (const auto& [label, cage] : labels) cages.push_back(SudokuCage{cage.cells, cage.sum});
    std::sort(cages.begin(), cages.end(), [](const SudokuCage& a, const SudokuCage& b) { return a.cells.front() < b.cells.front(); });
    result.puzzle = std::make_unique<RegionSudokuPuzzle>("killer", side, SudokuRegions{box, box, {}}, std::move(clues), std::move(cages), false);
    return result;
}

}  // namespace prune::puzzles
