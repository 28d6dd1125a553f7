// Simon Tatham's Solo game IDs, read for the sudoku, jigsaw and killer kinds.
//
// PARAMS is "CxR" (boxes of C rows by R columns, a grid of side C*R; "3x3", "2x3") or
// "N" (boxes N x N), then flags: 'j' jigsaw (irregular regions; "9j", or "3x3j" for
// side 9), 'x' the two diagonals hold 1..N too, 'k' killer cages; 'a', 'm'/'md'/'r'
// with a number (symmetry) and 'd' with a letter (difficulty) only say how the puzzle
// was generated and are skipped. The description is, comma-separated:
//  1. the grid, row by row: a digit string is a given value, a letter a..z that many
//     blank cells, '_' separates two numbers;
//  2. (jigsaw) the regions, as the interior edges that do NOT separate regions: first
//     the N(N-1) edges between horizontal neighbours row by row, then the N(N-1)
//     between vertical neighbours column by column; each letter a..y stands for that
//     many joined edges followed by one separating edge, '_' for a separating edge
//     alone, 'z' for 26 joined edges without one (the sequence ends one edge past the
//     last, a separating edge that is not there);
//  3. (killer) the cages, in the same edge code;
//  4. (killer) the cage sums, as a grid in the code of part 1: each cage has its sum in
//     exactly one of its cells.
#include <numeric>

#include "puzzles/sudoku/region_sudoku.hpp"

namespace prune::puzzles {
namespace {

const char* variant_kind(SoloVariant v) {
    switch (v) {
        case SoloVariant::sudoku: return "sudoku";
        case SoloVariant::jigsaw: return "jigsaw";
        case SoloVariant::killer: return "killer";
    }
    return "sudoku";
}

struct SoloParams {
    int box_rows = 0;     // Tatham's c
    int box_columns = 0;  // Tatham's r; 1 for a jigsaw
    bool diagonals = false;
    bool killer = false;
    int side() const { return box_rows * box_columns; }
    SoloVariant variant() const { return killer ? SoloVariant::killer : (box_columns == 1 ? SoloVariant::jigsaw : SoloVariant::sudoku); }
};

class SoloIdReader {
public:
    SoloIdReader(const SourceText& source, const GameId& id) : source_(source), id_(id) {}

    bool read_params(SoloParams& params);
    // Part 1 or 4: values up to `max_value`, exactly N*N cells; `columns` gets the
    // column of each given value.
    bool read_grid(int side, int max_value, std::vector<int>& values, std::vector<int>& columns);
    // Parts 2 and 3: the groups of cells joined by the edge code.
    bool read_groups(int side, std::vector<std::vector<int>>& groups);
    // Part 2: N regions of N cells each.
    bool read_regions(int side, SudokuRegions& regions);
    // Parts 3 and 4.
    bool read_cages(int side, std::vector<SudokuCage>& cages);
    // A ',' between parts, or the end of the ID after the last one.
    bool expect_comma(const char* what);
    bool expect_end();
    const Diagnostic& error() const { return error_; }

private:
    bool fail_params(std::size_t at, const std::string& message) {
        error_ = source_.error_at(id_.line, id_.params_column + static_cast<int>(at), message);
        return false;
    }
    bool fail(const std::string& message) { return fail_at(at_, message); }
    bool fail_at(std::size_t at, const std::string& message) {
        error_ = source_.error_at(id_.line, id_.description_column + static_cast<int>(at), message);
        return false;
    }
    char peek() const { return at_ < id_.description.size() ? id_.description[at_] : '\0'; }

    const SourceText& source_;
    const GameId& id_;
    std::size_t at_ = 0;  // in the description
    Diagnostic error_;
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A number of at most 6 digits at text[at], moving `at` past it; -1 when too long.
int read_number(const std::string& text, std::size_t& at) {
    int value = 0;
    int digits = 0;
    for (; at < text.size() && is_digit(text[at]); ++at) {
        if (++digits > 6) return -1;
        value = value * 10 + (text[at] - '0');
    }
    return value;
}

bool SoloIdReader::read_params(SoloParams& params) {
    const std::string& p = id_.params;
    std::size_t at = 0;
    params.box_rows = params.box_columns = read_number(p, at);
    if (at == 0) return fail_params(0, "a Solo ID starts with the box size, as in 3x3 or 9j");
    const bool has_columns = at + 1 < p.size() && p[at] == 'x' && is_digit(p[at + 1]);
    if (has_columns) params.box_columns = read_number(p, ++at);
    while (at < p.size()) {
        const char c = p[at++];
        if (c == 'j') {
            if (has_columns) params.box_rows *= params.box_columns;
            params.box_columns = 1;
        } else if (c == 'x') {
            params.diagonals = true;
        } else if (c == 'k') {
            params.killer = true;
        } else if (c == 'a' || c == 'r' || c == 'm') {  // symmetry: a, r2, r4, m2, md2, m4, md4, m8
            if (c == 'm' && at < p.size() && p[at] == 'd') ++at;
            read_number(p, at);
        } else if (c == 'd' && at < p.size() && std::string_view("tbieu").find(p[at]) != std::string_view::npos) {
            ++at;  // difficulty
        } else {
            return fail_params(at - 1, std::string("'") + c + "' is not a Solo parameter (j, x, k, a, m, r, d)");
        }
    }
    if (params.box_rows < 1 || params.box_columns < 1 || params.side() < 2 || params.side() > 25) {
        return fail_params(0, "the grid side (box rows x box columns) must be 2..25, this ID gives " + std::to_string(params.side()));
    }
    return true;
}

bool SoloIdReader::read_grid(int side, int max_value, std::vector<int>& values, std::vector<int>& columns) {
    const std::size_t area = static_cast<std::size_t>(side) * static_cast<std::size_t>(side);
    const std::string& d = id_.description;
    values.clear();
    columns.clear();
    while (at_ < d.size() && d[at_] != ',') {
        const char c = d[at_];
        const std::size_t start = at_;
        std::size_t cells = 0;
        int value = 0;
        if (c >= 'a' && c <= 'z') {
            cells = static_cast<std::size_t>(c - 'a' + 1);
            ++at_;
        } else if (c == '_') {
            ++at_;
        } else if (c >= '1' && c <= '9') {
            value = read_number(d, at_);
            if (value < 1 || value > max_value) return fail_at(start, "value out of range (1.." + std::to_string(max_value) + ")");
            cells = 1;
        } else {
            return fail(std::string("'") + c + "' is not part of a Solo grid (digits, a..z for blanks, _)");
        }
        if (values.size() + cells > area) return fail_at(start, "more than the " + std::to_string(area) + " cells of the grid");
        values.insert(values.end(), cells, value);
        columns.insert(columns.end(), cells, id_.description_column + static_cast<int>(start));
    }
    if (values.size() < area) return fail("the grid has " + std::to_string(area) + " cells, the description gives " + std::to_string(values.size()));
    return true;
}

bool SoloIdReader::read_groups(int side, std::vector<std::vector<int>>& groups) {
    const int n = side;
    const int edges = 2 * n * (n - 1);
    std::vector<int> parent(static_cast<std::size_t>(n * n));
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int x) {
        while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
        return x;
    };
    const std::string& d = id_.description;
    int edge = 0;
    while (at_ < d.size() && d[at_] != ',') {
        const char c = d[at_];
        if (c != '_' && (c < 'a' || c > 'z')) return fail(std::string("'") + c + "' is not part of a Solo region code (a..z, _)");
        for (int joined = c == '_' ? 0 : c - 'a' + 1; joined > 0; --joined, ++edge) {
            if (edge >= edges) return fail("more edges than the grid's " + std::to_string(edges));
            // Edges between horizontal neighbours row by row, then vertical ones column by column.
            const int a = edge < n * (n - 1) ? (edge / (n - 1)) * n + edge % (n - 1) : (edge % (n - 1)) * n + (edge / (n - 1) - n);
            const int b = edge < n * (n - 1) ? a + 1 : a + n;
            parent[static_cast<std::size_t>(find(a))] = find(b);
        }
        if (c != 'z') ++edge;
        ++at_;
    }
    if (edge != edges + 1) return fail("the region code covers " + std::to_string(edge) + " edges, the grid has " + std::to_string(edges) + " (and one past the end)");
    std::vector<int> index_of_root(parent.size(), -1);
    groups.clear();
    for (int cell = 0; cell < n * n; ++cell) {
        int& index = index_of_root[static_cast<std::size_t>(find(cell))];
        if (index < 0) {
            index = static_cast<int>(groups.size());
            groups.emplace_back();
        }
        groups[static_cast<std::size_t>(index)].push_back(cell);
    }
    return true;
}

bool SoloIdReader::read_regions(int side, SudokuRegions& regions) {
    const std::size_t start = at_;
    std::vector<std::vector<int>> groups;
    if (!read_groups(side, groups)) return false;
    regions.region_of_cell.assign(static_cast<std::size_t>(side * side), 0);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (groups.size() != static_cast<std::size_t>(side) || groups[g].size() != static_cast<std::size_t>(side)) {
            return fail_at(start, "a jigsaw has " + std::to_string(side) + " regions of " + std::to_string(side) + " cells; this code gives " +
                                      std::to_string(groups.size()) + " regions, one of " + std::to_string(groups[g].size()) + " cells");
        }
        for (int cell : groups[g]) regions.region_of_cell[static_cast<std::size_t>(cell)] = static_cast<int>(g);
    }
    return true;
}

bool SoloIdReader::read_cages(int side, std::vector<SudokuCage>& cages) {
    const std::size_t cage_start = at_;
    std::vector<std::vector<int>> groups;
    if (!read_groups(side, groups) || !expect_comma("the cage sums")) return false;
    const std::size_t sums_start = at_;
    std::vector<int> sums, columns;
    if (!read_grid(side, side * side * side, sums, columns)) return false;
    cages.clear();
    for (const std::vector<int>& group : groups) {
        if (group.size() > static_cast<std::size_t>(side)) {
            return fail_at(cage_start, "a cage of " + std::to_string(group.size()) + " cells cannot hold distinct digits 1.." + std::to_string(side));
        }
        SudokuCage cage{group, 0};
        for (int cell : group) {
            const int sum = sums[static_cast<std::size_t>(cell)];
            if (sum == 0) continue;
            const int column = columns[static_cast<std::size_t>(cell)];
            if (cage.sum != 0) return fail_at(static_cast<std::size_t>(column - id_.description_column), "a second sum for one cage");
            cage.sum = sum;
        }
        if (cage.sum == 0) return fail_at(sums_start, "the cage of cell " + std::to_string(group.front() + 1) + " has no sum");
        cages.push_back(std::move(cage));
    }
    return true;
}

bool SoloIdReader::expect_comma(const char* what) {
    if (peek() != ',') return fail(std::string("expected ',' and ") + what);
    ++at_;
    return true;
}

bool SoloIdReader::expect_end() { return at_ == id_.description.size() || fail("unexpected text after the end of the Solo ID"); }

}  // namespace

ParseResult parse_solo_game_id(const SourceText& source, const GameId& id, SoloVariant expected) {
    ParseResult result;
    SoloIdReader reader(source, id);
    SoloParams params;
    if (!reader.read_params(params)) {
        result.error = reader.error();
        return result;
    }
    if (params.variant() != expected) {
        result.error = source.error_at(id.line, id.params_column,
                                       "'" + id.params + "' is a Solo " + variant_kind(params.variant()) + " ID; solve it with 'prune solve " +
                                           variant_kind(params.variant()) + "'");
        return result;
    }
    const int side = params.side();
    std::vector<int> clues, columns;
    SudokuRegions regions{params.box_rows, params.box_columns, {}};
    std::vector<SudokuCage> cages;
    const bool jigsaw = params.box_columns == 1;
    if (jigsaw) regions.box_rows = regions.box_columns = 0;
    const bool read = reader.read_grid(side, side, clues, columns) && (!jigsaw || (reader.expect_comma("the jigsaw regions") && reader.read_regions(side, regions))) &&
                      (!params.killer || (reader.expect_comma("the killer cages") && reader.read_cages(side, cages))) && reader.expect_end();
    if (!read) {
        result.error = reader.error();
        return result;
    }
    result.puzzle = std::make_unique<RegionSudokuPuzzle>(variant_kind(expected), side, std::move(regions), std::move(clues), std::move(cages), params.diagonals);
    return result;
}

}  // namespace prune::puzzles
