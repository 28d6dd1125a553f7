// Quarto draw boards: place the 16 Quarto pieces on the 4x4 board so that no line of
// the chosen families holds four pieces sharing a value of any attribute.
//
// Piece p (0..15) has attribute k (0 light/dark, 1 tall/short, 2 round/square,
// 3 hollow/solid) equal to bit (3 - k) of p. Cells are r1c1..r4c4 row by row,
// each holding a piece number.
//
// Three engine models (--model): `permutation`, one table constraint per line over the
// four piece variables (the allowed 4-tuples) and alldifferent; `masks`, the same
// with a QuartoLineMasks propagator per line (quarto_line.hpp: the table's pruning on
// 16-bit masks, several times faster); `attributes`, 0/1 attribute variables tied
// to the pieces by element constraints and, per line and attribute, 1 <= sum <= 3.
//
// Counting uses the group G0 = (16 XOR masks) x (24 attribute permutations), which
// acts on the pieces, maps draw boards to draw boards for any line family and acts
// freely on boards; and, up to symmetry, G0 x the geometric maps of the board that
// keep the set of lines (Burnside's lemma). See quarto_puzzle.cpp.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/tuple_set.hpp"
#include "puzzles/common/grid_puzzle.hpp"
#include "puzzles/common/model_count.hpp"
#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

// The line families, as bits of a mask.
inline constexpr unsigned quarto_rows = 1;
inline constexpr unsigned quarto_columns = 2;
inline constexpr unsigned quarto_diagonals = 4;
inline constexpr unsigned quarto_blocks = 8;
inline constexpr unsigned quarto_torus_blocks = 16;
inline constexpr unsigned quarto_broken_diagonals = 32;
inline constexpr unsigned quarto_all_families = 63;
inline constexpr unsigned quarto_default_families = quarto_rows | quarto_columns | quarto_diagonals | quarto_blocks;

// "rows" -> quarto_rows, ...; 0 for an unknown name.
unsigned quarto_family_bit(const std::string& name);
// "rows,columns,diagonals,blocks": the families of a mask, in the order above.
std::string quarto_family_list(unsigned families);

// A permutation of the 16 cells, or of the 16 pieces: map[i] is the image of i.
using QuartoMap = std::array<int, 16>;

struct QuartoLine {
    std::string name;         // "row 1", "block r2c3", ...
    std::array<int, 4> cells; // sorted
};

enum class QuartoModel { permutation, attributes, masks };

// Cells r1c1..r4c4: GridPuzzle.
class QuartoPuzzle final : public GridPuzzle {
public:
    static constexpr int side = 4;
    static constexpr int cells = 16;

    // clues: one entry per cell, -1 for an empty cell.
    // extra_lines: lines of the file's own (`line a b c d`), beside the families.
    QuartoPuzzle(unsigned families, std::vector<int> clues, QuartoModel model, int reduction, bool up_to_symmetry,
                 const std::vector<std::array<int, 4>>& extra_lines = {});

    unsigned families() const { return families_; }
    const std::vector<int>& given_pieces() const { return clues_; }
    bool has_clues() const;
    QuartoModel model() const { return model_; }
    const std::vector<QuartoLine>& lines() const { return lines_; }

    // The lines of a set of families, each line once (the two main diagonals are also
    // broken diagonals, the nine blocks also torus blocks).
    static std::vector<QuartoLine> lines_of(unsigned families);
    static int attribute(int piece, int k) { return (piece >> (3 - k)) & 1; }
    // "light tall round hollow".
    static std::string piece_words(int piece);
    // The ordered 4-tuples of different pieces sharing no attribute value.
    static const std::vector<std::vector<int>>& line_tuples();
    // The same as one shared TupleSet: every line's table uses it, so a board of 44
    // lines builds the supports of its ~40,000 tuples once.
    static const std::shared_ptr<const TupleSet>& line_tuple_set();

    PuzzleModel build_model_as(Solver& solver, QuartoModel model, const ModelSettings& settings) const;

    // ---- Symmetry ----
    // G0: the 384 piece maps p -> bitperm(p) ^ mask, identity first.
    static std::vector<QuartoMap> piece_group();
    // The cell maps among row permutation x column permutation x transposition (1152)
    // that map the set of lines onto itself, identity first.
    std::vector<QuartoMap> geometric_group() const;

    using Counted = CountRun;
    // Counts the boards. depth 0: one plain count. depth d = 1..3: the tuples of pieces
    // on the first d cells without a clue fall into orbits under H, the maps of G0 that
    // fix every given piece (G0 itself without clues); the count is the sum over one
    // tuple per orbit of (orbit size) x (count with that tuple placed). A plain count
    // when H is the identity alone. threads > 1: each count on that many threads.
    static ModelSettings counting_settings(QuartoModel model);
    Counted count_boards(QuartoModel model, int depth, const SearchOptions& options, int threads = 1) const;
    // |Fix(g)| for g = (cell map, piece map): the boards B with B[cell_map[c]] = piece_map[B[c]].
    Counted count_fixed(QuartoModel model, const QuartoMap& cell_map, const QuartoMap& piece_map, const SearchOptions& options) const;

    struct OrbitCount {
        Counted total;               // all boards (|Fix(identity)|)
        std::uint64_t orbits = 0;    // boards up to symmetry
        std::uint64_t group_order = 0;
        int geometric_order = 0;
        Counted fixed;               // the searches for the other group elements
        std::uint64_t fixed_sum = 0; // sum of |Fix(g)| over the other elements
    };
    // Burnside: orbits = sum over g in G of |Fix(g)| / |G|, G = geometric x G0 (with
    // clues: only the elements that keep the clues). Without clues the sum runs over
    // conjugacy classes (of the geometric group, times those of G0), weighted by size.
    // by_classes false: one |Fix(g)| per element even without clues; skip_identity: leave
    // out the identity (for tests comparing the other terms).
    OrbitCount count_orbits(QuartoModel model, int depth, const SearchOptions& options, bool by_classes = true,
                            bool skip_identity = false) const;

    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    // The board of piece numbers, then each row's pieces in words.
    std::string render_plain(const Values& values) const override;
    // {"board": [[...], ...]}.
    void write_json_solution(JsonWriter& json, const Values& values) const override;
    std::string render_html_figure(const Values& values) const override;
    std::optional<Values> read_plain_solution(const SourceText& text, Diagnostic& error) const override;
    std::optional<KindCount> count_solutions(const ModelSettings& settings, const SearchOptions& options) const override;

private:
    unsigned families_;
    std::vector<int> clues_;
    QuartoModel model_;
    int reduction_;
    bool up_to_symmetry_;
    std::vector<QuartoLine> lines_;
    int extra_lines_ = 0;
};

ParseResult parse_quarto(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
