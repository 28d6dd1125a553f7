// Jigsaw sudoku input: a Solo game ID ("9j:...", see puzzles/sudoku/solo_game_id.cpp),
// or N rows of givens followed by N rows of region symbols:
//   3.......4        '.', '0' or '_' blank, digits, letters A.. for 10..
//   ...              (or blank-separated values, as sudoku reads them)
//   AAABBBCCC        one symbol (any character but a blank) per cell: the cells
//   ...              with one symbol form a region; N regions of N cells.
// N is the number of cells of the first row, 2..25.
#include <map>

#include "puzzles/common/game_id.hpp"
#include "puzzles/sudoku/region_sudoku.hpp"
#include "puzzles/sudoku/sudoku_puzzle.hpp"

namespace prune::puzzles {
namespace {

// Lines [first, first + side) as region symbols; every region N cells.
bool read_region_rows(const SourceText& source, const std::vector<SourceLine>& lines, std::size_t first, int side, SudokuRegions& regions,
                      Diagnostic& error) {
    std::map<std::string, int> index_of_symbol;
    std::map<std::string, std::pair<int, int>> first_seen;  // symbol -> line, column
    std::vector<int> sizes;
    for (int r = 0; r < side; ++r) {
        const std::size_t at = first + static_cast<std::size_t>(r);
        if (at >= lines.size()) {
            error = source.error_at(source.last_line_number(), 1, "expected " + std::to_string(side) + " rows of regions after the givens, found " + std::to_string(r));
            return false;
        }
        const SourceLine& line = lines[at];
        const std::vector<Glyph> glyphs = line.glyphs();
        if (glyphs.size() != static_cast<std::size_t>(side)) {
            const int column = glyphs.size() > static_cast<std::size_t>(side) ? glyphs[static_cast<std::size_t>(side)].column : line.end_column();
            error = source.error_at(line.number, column, "expected " + std::to_string(side) + " region symbols, found " + std::to_string(glyphs.size()));
            return false;
        }
        for (const Glyph& g : glyphs) {
            const std::string symbol = line.text.substr(g.offset, static_cast<std::size_t>(g.bytes));
            auto [it, added] = index_of_symbol.emplace(symbol, static_cast<int>(sizes.size()));
            if (added) {
                sizes.push_back(0);
                first_seen[symbol] = {line.number, g.column};
            }
            if (++sizes[static_cast<std::size_t>(it->second)] > side) {
                error = source.error_at(line.number, g.column, "region " + line.quoted(g) + " has more than " + std::to_string(side) + " cells");
                return false;
            }
            regions.region_of_cell.push_back(it->second);
        }
    }
    for (const auto& [symbol, index] : index_of_symbol) {
        if (sizes[static_cast<std::size_t>(index)] != side) {
            const auto [line, column] = first_seen[symbol];
            error = source.error_at(line, column, "region '" + symbol + "' has " + std::to_string(sizes[static_cast<std::size_t>(index)]) + " cells, not " + std::to_string(side));
            return false;
        }
    }
    return true;
}

}  // namespace

ParseResult parse_jigsaw(const SourceText& source, const KindFlags& /*flags*/) {
    if (const auto id = read_game_id(source)) return parse_solo_game_id(source, *id, SoloVariant::jigsaw);
    ParseResult result;
    const std::vector<SourceLine> lines = source.content_lines();
    if (lines.empty()) {
        result.error = source.error_at(source.last_line_number(), 1, "no grid found (the input holds only comments or blank lines)");
        return result;
    }
    const int side = static_cast<int>(sudoku_entries(lines[0]).size());
    if (side < 2 || side > 25) {
        result.error = source.error_at(lines[0].number, lines[0].first_column, "a jigsaw row has 2..25 cells, this one has " + std::to_string(side));
        return result;
    }
    std::vector<int> clues;
    SudokuRegions regions;
    if (!read_given_rows(source, lines, 0, side, clues, result.error) || !read_region_rows(source, lines, static_cast<std::size_t>(side), side, regions, result.error)) {
        return result;
    }
    if (lines.size() > static_cast<std::size_t>(2 * side)) {
        const SourceLine& extra = lines[static_cast<std::size_t>(2 * side)];
        result.error = source.error_at(extra.number, extra.first_column, "unexpected line after the " + std::to_string(side) + " rows of regions");
        return result;
    }
    result.puzzle = std::make_unique<RegionSudokuPuzzle>("jigsaw", side, std::move(regions), std::move(clues), std::vector<SudokuCage>{}, false);
    return result;
}

}  // namespace prune::puzzles
