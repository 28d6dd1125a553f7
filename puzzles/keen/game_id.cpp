// Keen game IDs (Simon Tatham's Keen): "N:BLOCKS,CLUES", parameters N, NdX (X the
// difficulty e, n, h, x or u) and an optional 'm' (multiplication only), all but N
// ignored. BLOCKS walks the 2N(N-1) inner edges, first the vertical ones (between
// (r,c) and (r,c+1)) row by row, then the horizontal ones (between (r,c) and (r+1,c))
// column by column, plus one closing edge: '_' is a cage wall, a letter a..y is 1..25
// open edges then a wall, 'z' 25 open edges and no wall; a letter followed by a number
// k stands for k copies of it. CLUES give each cage, in the order of its first cell,
// an operation a (+), s (-), m (x) or d (/) and the target. The format as learnt from
// keen.c's parse_block_structure and validate_desc (read, not copied).
#include <numeric>

#include "puzzles/common/game_id_reader.hpp"
#include "puzzles/keen/keen_puzzle.hpp"

namespace prune::puzzles {
namespace {

struct UnionFind {
    std::vector<int> parent;
    explicit UnionFind(int n) : parent(static_cast<std::size_t>(n)) { std::iota(parent.begin(), parent.end(), 0); }
    int find(int x) {
        while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
        return x;
    }
    void merge(int a, int b) {
        a = find(a);
        b = find(b);
        if (a != b) parent[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);  // the root is the class's first cell
    }
};

// The two cells on either side of inner edge `edge`.
std::pair<int, int> edge_cells(int edge, int w) {
    if (edge < w * (w - 1)) {
        const int y = edge / (w - 1);
        const int x = edge % (w - 1);
        return {y * w + x, y * w + x + 1};
    }
    const int x = edge / (w - 1) - w;
    const int y = edge % (w - 1);
    return {y * w + x, (y + 1) * w + x};
}

bool read_blocks(GameIdReader& in, int w, UnionFind& cages, Diagnostic& error) {
    const int edges = 2 * w * (w - 1);
    int pos = 0;
    while (!in.at_end() && in.peek() != ',') {
        const char c = in.peek();
        const std::size_t at = in.position();
        if (c != '_' && (c < 'a' || c > 'z')) {
            error = in.error("unexpected " + in.here() + " in the cage walls (expected '_', a letter a..z or ',')");
            return false;
        }
        in.advance();
        long long copies = 1;
        if (in.digit_next()) copies = in.number();
        if (copies < 1 || copies > edges + 1) {
            error = in.error_at(at, "repeat count out of range");
            return false;
        }
        const int open = c == '_' ? 0 : (c == 'z' ? 25 : c - 'a' + 1);
        for (long long copy = 0; copy < copies; ++copy) {
            for (int k = 0; k < open; ++k, ++pos) {
                if (pos >= edges) {
                    error = in.error_at(at, "the cage walls cover more than the " + std::to_string(edges) + " inner edges");
                    return false;
                }
                const auto [a, b] = edge_cells(pos, w);
                cages.merge(a, b);
            }
            if (c != 'z') ++pos;  // the wall
            if (pos > edges + 1) {
                error = in.error_at(at, "the cage walls cover more than the " + std::to_string(edges) + " inner edges");
                return false;
            }
        }
    }
    if (pos != edges + 1) {
        error = in.error("the cage walls cover " + std::to_string(std::min(pos, edges)) + " of the " + std::to_string(edges) + " inner edges");
        return false;
    }
    return true;
}

bool read_clues(GameIdReader& in, std::vector<KeenCage>& cages, Diagnostic& error) {
    for (std::size_t k = 0; k < cages.size(); ++k) {
        KeenCage& cage = cages[k];
        const char c = in.peek();
        const std::size_t at = in.position();
        const std::string which = "cage " + std::to_string(k + 1) + " of " + std::to_string(cages.size());
        switch (c) {
            case 'a': cage.operation = '+'; break;
            case 's': cage.operation = '-'; break;
            case 'm': cage.operation = 'x'; break;
            case 'd': cage.operation = '/'; break;
            default:
                error = in.error("expected the clue of " + which + " (a, s, m or d and a number), found " + in.here());
                return false;
        }
        in.advance();
        if (!in.digit_next()) {
            error = in.error("expected the target of " + which + ", found " + in.here());
            return false;
        }
        const long long target = in.number();
        if (target < 1 || target > 1000000000) {
            error = in.error_at(at + 1, "target out of range");
            return false;
        }
        cage.target = static_cast<int>(target);
        if ((cage.operation == '-' || cage.operation == '/') && cage.cells.size() != 2) {
            error = in.error_at(at, "a subtraction or division cage has two cells, " + which + " has " + std::to_string(cage.cells.size()));
            return false;
        }
    }
    if (!in.at_end()) {
        error = in.error("unexpected " + in.here() + " after the clues of the " + std::to_string(cages.size()) + " cages");
        return false;
    }
    return true;
}

}  // namespace

ParseResult parse_keen_game_id(const SourceText& source, const GameId& id) {
    ParseResult result;
    GameIdReader in(source, id);
    std::string rest;
    const std::optional<int> order = in.order(2, KeenPuzzle::max_order, rest, result.error);
    if (!order) return result;
    if (!valid_difficulty(rest, "enhxu", "m")) {
        result.error = in.params_error(id.params.size() - rest.size(), "unknown parameters '" + rest + "' (expected a difficulty de, dn, dh, dx or du, and m)");
        return result;
    }
    const int w = *order;
    UnionFind classes(w * w);
    if (!read_blocks(in, w, classes, result.error)) return result;
    if (!in.accept(',')) {
        result.error = in.error("expected ',' after the cage walls, found " + in.here());
        return result;
    }
    std::vector<KeenCage> cages;
    std::vector<int> cage_of_root(static_cast<std::size_t>(w * w), -1);
    for (int cell = 0; cell < w * w; ++cell) {
        const int root = classes.find(cell);
        if (cage_of_root[static_cast<std::size_t>(root)] < 0) {
            cage_of_root[static_cast<std::size_t>(root)] = static_cast<int>(cages.size());
            cages.emplace_back();
        }
        cages[static_cast<std::size_t>(cage_of_root[static_cast<std::size_t>(root)])].cells.push_back(cell);
    }
    if (!read_clues(in, cages, result.error)) return result;
    result.puzzle = std::make_unique<KeenPuzzle>(w, std::move(cages));
    return result;
}

}  // namespace prune::puzzles
