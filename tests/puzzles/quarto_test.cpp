// Quarto: both models against each other and against an independent enumerator, the
// symmetry groups, the reduced counts against the plain count, Burnside against
// canonical forms, the checker, the output round trips and parser errors.
#include <algorithm>
#include <set>

#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/check_report.hpp"
#include "engine/random.hpp"
#include "puzzles/quarto/quarto_line.hpp"
#include "puzzles/quarto/quarto_puzzle.hpp"
#include "puzzles/smtlib_writer.hpp"
#include "puzzles/solution_reader.hpp"
#include "support/learning_check.hpp"
#include "support/propagator_check.hpp"
#include "support/skip.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

namespace {

const QuartoPuzzle& as_quarto(const ParseResult& r) { return dynamic_cast<const QuartoPuzzle&>(*r.puzzle); }

// A line's four pieces share an attribute value: some bit is 1 in all or 0 in all.
bool shares(int a, int b, int c, int d) { return (a & b & c & d) != 0 || (a | b | c | d) != 15; }

// Every completion of the clues, by plain backtracking over the empty cells in
// row-major order; a line is checked once its last cell is placed. Independent of
// the engine and of the rules.
std::set<Values> enumerate_boards(const QuartoPuzzle& puzzle) {
    std::vector<std::vector<std::array<int, 4>>> closing(16);  // the lines whose last cell is c
    for (const QuartoLine& l : puzzle.lines()) closing[l.cells[3]].push_back(l.cells);
    std::set<Values> boards;
    Values board = puzzle.given_pieces();
    std::vector<bool> used(16, false);
    for (int p : board) {
        if (p >= 0) used[p] = true;
    }
    auto lines_ok = [&](int c) {
        for (const auto& l : closing[c]) {
            if (shares(board[l[0]], board[l[1]], board[l[2]], board[l[3]])) return false;
        }
        return true;
    };
    auto place = [&](auto&& self, int c) -> void {
        if (c == 16) {
            boards.insert(board);
            return;
        }
        if (puzzle.given_pieces()[c] >= 0) {
            if (lines_ok(c)) self(self, c + 1);
            return;
        }
        for (int p = 0; p < 16; ++p) {
            if (used[p]) continue;
            used[p] = true;
            board[c] = p;
            if (lines_ok(c)) self(self, c + 1);
            used[p] = false;
        }
        board[c] = -1;
    };
    place(place, 0);
    return boards;
}

std::set<Values> engine_boards(const Puzzle& puzzle) {
    const Solved solved = solve(puzzle, SolveMode::all);
    REQUIRE(solved.outcome.exhausted);
    return {solved.solutions.begin(), solved.solutions.end()};
}

// The orbits of a set of boards under the group (cell maps x piece maps) that keeps
// the set, by canonical forms: the smallest image of each board.
std::uint64_t canonical_forms(const std::set<Values>& boards, const std::vector<std::pair<QuartoMap, QuartoMap>>& group) {
    std::set<Values> canonical;
    Values image(16);
    for (const Values& b : boards) {
        Values best = b;
        for (const auto& [cell_map, piece_map] : group) {
            for (int c = 0; c < 16; ++c) image[cell_map[c]] = piece_map[b[c]];
            if (image < best) best = image;
        }
        canonical.insert(best);
    }
    return canonical.size();
}

// A board of the given families found by the engine, with `keep` cells kept as clues.
std::string clue_text(const std::string& families, const Values& board, const std::vector<int>& keep) {
    std::string text = "lines ";
    text += families;
    text += "\n";
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 4; ++c) {
            const int cell = r * 4 + c;
            text += std::find(keep.begin(), keep.end(), cell) != keep.end() ? std::to_string(board[cell]) : std::string(".");
            text += c < 3 ? " " : "\n";
        }
    }
    return text;
}

void require_error(const std::string& text, int line, int column, const std::string& words, const KindFlags& flags = {}) {
    require_parse_error("quarto", text, line, column, words, flags);
}

}  // namespace

TEST_CASE("quarto: the built-in board is solved by both models and checked", "[puzzles][quarto]") {
    for (const char* model : {"--model=permutation", "--model=masks", "--model=attributes"}) {
        INFO(model);
        const ParseResult r = parse_text("quarto", Registry::global().find("quarto")->builtin_text, KindFlags{model});
        REQUIRE(r.puzzle);
        CHECK(as_quarto(r).families() == quarto_default_families);
        CHECK(as_quarto(r).lines().size() == 4 + 4 + 2 + 9);
        const Solved solved = solve(*r.puzzle, SolveMode::first);
        REQUIRE(solved.solutions.size() == 1);
        const Values& board = solved.solutions[0];
        CHECK(check_solution(*r.puzzle, board).ok());
        CHECK(enumerate_boards(as_quarto(parse_text("quarto", clue_text("rows,columns,diagonals,blocks", board,
                                                                            {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}))))
                  .size() == 1);

        // Plain and JSON output read back to the same board.
        Diagnostic error;
        const std::string plain = r.puzzle->render_plain(board);
        CHECK(plain.find(QuartoPuzzle::piece_words(board[0]).substr(0, 4)) != std::string::npos);
        CHECK(read_solution(*r.puzzle, SourceText{"plain", plain}, error) == std::optional<Values>(board));
        JsonWriter json;
        r.puzzle->write_json_solution(json, board);
        CHECK(json.text().rfind("{\"board\":[[", 0) == 0);
        CHECK(read_solution(*r.puzzle, SourceText{"json", json.text()}, error) == std::optional<Values>(board));
        CHECK(r.puzzle->render_html_figure(board).find("<svg") == 0);

        // Broken boards fail the checker: a repeated piece, and a row of four light pieces.
        Values repeated = board;
        repeated[1] = repeated[0];
        CHECK_FALSE(check_solution(*r.puzzle, repeated).ok());
        Values light_row = board;
        // Put 0, 1, 2, 3 (all light and tall) on row 1 by swapping pieces around.
        for (int p = 0; p < 4; ++p) {
            const auto at = std::find(light_row.begin(), light_row.end(), p) - light_row.begin();
            std::swap(light_row[p], light_row[at]);
        }
        const CheckReport report = check_solution(*r.puzzle, light_row);
        CHECK_FALSE(report.ok());
        CHECK(report.to_text().find("row 1 [r1c1,r1c2,r1c3,r1c4] values [0,1,2,3]: bit 2 is 0 in all") != std::string::npos);
    }
}

TEST_CASE("quarto: piece words, line families and the SMT-LIB statement", "[puzzles][quarto]") {
    CHECK(QuartoPuzzle::piece_words(0) == "light tall round hollow");
    CHECK(QuartoPuzzle::piece_words(15) == "dark short square solid");
    CHECK(QuartoPuzzle::piece_words(8 + 1) == "dark tall round solid");
    CHECK(QuartoPuzzle::lines_of(quarto_rows | quarto_columns | quarto_diagonals).size() == 10);
    CHECK(QuartoPuzzle::lines_of(quarto_blocks | quarto_torus_blocks).size() == 16);
    CHECK(QuartoPuzzle::lines_of(quarto_diagonals | quarto_broken_diagonals).size() == 8);
    CHECK(QuartoPuzzle::lines_of(quarto_all_families).size() == 4 + 4 + 16 + 8);
    // The table: ordered 4-tuples of different pieces sharing no attribute value.
    std::uint64_t expected = 0;
    for (int a = 0; a < 16; ++a)
        for (int b = 0; b < 16; ++b)
            for (int c = 0; c < 16; ++c)
                for (int d = 0; d < 16; ++d) expected += std::set<int>{a, b, c, d}.size() == 4 && !shares(a, b, c, d);
    CHECK(QuartoPuzzle::line_tuples().size() == expected);
    const ParseResult r = parse_example("quarto", "quarto_game.txt");
    REQUIRE(r.puzzle);
    const std::string smt = write_smtlib(*r.puzzle, "quarto", "quarto_game.txt");
    CHECK(smt.find("(distinct V0 V1") != std::string::npos);
    CHECK(smt.find("(+ (mod (div V0 8) 2) (mod (div V1 8) 2) (mod (div V2 8) 2) (mod (div V3 8) 2))") != std::string::npos);
}

TEST_CASE("quarto: both models give the boards of an independent enumerator", "[puzzles][quarto]") {
    // For each family set: a board found by the engine, then several subsets of its
    // pieces as clues; the engine's full solution sets (both models) must equal the
    // enumerator's, and every board must pass the checker.
    const std::vector<std::string> family_sets = {"rows,columns", "rows,columns,diagonals", "rows,columns,diagonals,blocks",
                                                  "torus-blocks,broken-diagonals", "rows,columns,diagonals,blocks,torus-blocks,broken-diagonals"};
    const std::vector<std::vector<int>> keeps = {{0, 1, 2, 3, 4, 5, 6, 7}, {0, 5, 10, 15, 3, 6, 9, 12}, {1, 2, 4, 7, 8, 11, 13, 14, 0}};
    for (const std::string& families : family_sets) {
        const ParseResult base = parse_text("quarto", "lines " + families + "\n");
        REQUIRE(base.puzzle);
        const Solved first = solve(*base.puzzle, SolveMode::first);
        REQUIRE(first.solutions.size() == 1);
        for (const std::vector<int>& keep : keeps) {
            const std::string text = clue_text(families, first.solutions[0], keep);
            INFO(text);
            const ParseResult permutation = parse_text("quarto", text, KindFlags{"--model=permutation"});
            const ParseResult attributes = parse_text("quarto", text, KindFlags{"--model=attributes"});
            const ParseResult masks = parse_text("quarto", text, KindFlags{"--model=masks"});
            REQUIRE(permutation.puzzle);
            REQUIRE(attributes.puzzle);
            REQUIRE(masks.puzzle);
            const std::set<Values> expected = enumerate_boards(as_quarto(permutation));
            CHECK(expected.count(first.solutions[0]) == 1);
            CHECK(engine_boards(*permutation.puzzle) == expected);
            CHECK(engine_boards(*attributes.puzzle) == expected);
            CHECK(engine_boards(*masks.puzzle) == expected);
            CHECK(solve(*attributes.puzzle, SolveMode::count).outcome.solutions == expected.size());
            CHECK(solve(*masks.puzzle, SolveMode::count).outcome.solutions == expected.size());
            for (const Values& b : expected) CHECK(check_solution(*permutation.puzzle, b).ok());
        }
    }
}

TEST_CASE("quarto: the symmetry groups", "[puzzles][quarto]") {
    const std::vector<QuartoMap> g0 = QuartoPuzzle::piece_group();
    CHECK(g0.size() == 384);
    CHECK(std::set<QuartoMap>(g0.begin(), g0.end()).size() == 384);
    const std::set<std::vector<int>> tuples(QuartoPuzzle::line_tuples().begin(), QuartoPuzzle::line_tuples().end());
    for (const QuartoMap& g : g0) {
        // Each map keeps the allowed line tuples (so draw boards stay draw boards) ...
        for (const std::vector<int>& t : QuartoPuzzle::line_tuples()) {
            if (tuples.count({g[t[0]], g[t[1]], g[t[2]], g[t[3]]}) == 0) FAIL("a piece map breaks a line tuple");
        }
        // ... and the set is closed under composition.
        for (const QuartoMap& h : {g0[1], g0[16], g0[100]}) {
            QuartoMap gh{};
            for (int p = 0; p < 16; ++p) gh[p] = g[h[p]];
            if (std::find(g0.begin(), g0.end(), gh) == g0.end()) FAIL("not closed");
        }
    }
    auto order = [](const std::string& families) {
        const ParseResult r = parse_text("quarto", "lines " + families + "\n");
        REQUIRE(r.puzzle);
        return as_quarto(r).geometric_group().size();
    };
    CHECK(order("rows,columns") == 1152);                    // every row and column permutation, transposed or not
    CHECK(order("rows,columns,diagonals") == 32);             // the Quarto board's known 32 symmetries
    CHECK(order("rows") == 576);
    CHECK(order("torus-blocks") == 128);
    const ParseResult rect = parse_example("quarto", "rectangles.txt");
    REQUIRE(rect.puzzle);
    CHECK(as_quarto(rect).geometric_group().size() == 1152);
    const ParseResult own = parse_text("quarto", "lines none\nline 0 1 4 5\n");  // one block: 4 row swaps x 4 column swaps x 2
    REQUIRE(own.puzzle);
    CHECK(as_quarto(own).geometric_group().size() == 32);
}

namespace {

// A board of `families` with the cells holding pieces 0-3 and 12-15 given: those pieces
// have attribute 0 = attribute 1, so the piece map swapping the two attributes fixes
// every given piece (H has order 2) and the reductions have orbits to merge.
std::string symmetric_clues(const std::string& families) {
    const ParseResult base = parse_text("quarto", "lines " + families + "\n");
    REQUIRE(base.puzzle);
    const Solved first = solve(*base.puzzle, SolveMode::first);
    REQUIRE(first.solutions.size() == 1);
    std::vector<int> keep;
    for (int c = 0; c < 16; ++c) {
        const int p = first.solutions[0][c];
        if (p < 4 || p >= 12) keep.push_back(c);
    }
    return clue_text(families, first.solutions[0], keep);
}

}  // namespace

TEST_CASE("quarto: reduced counts equal the plain count", "[puzzles][quarto]") {
    for (const char* families : {"rows,columns,diagonals,blocks", "rows,columns,diagonals,blocks,torus-blocks,broken-diagonals", "rows,columns"}) {
        const std::string text = symmetric_clues(families);
        for (const char* model : {"--model=permutation", "--model=masks", "--model=attributes"}) {
            INFO(text << model);
            const ParseResult r = parse_text("quarto", text, KindFlags{model});
            REQUIRE(r.puzzle);
            const QuartoPuzzle& q = as_quarto(r);
            const auto plain = q.count_boards(q.model(), 0, {});
            REQUIRE_FALSE(plain.limit_reached);
            CHECK(plain.count == enumerate_boards(q).size());
            CHECK(plain.count % 2 == 0);  // H = {identity, swap of attributes 0 and 1} acts freely
            for (int depth = 1; depth <= 3; ++depth) {
                const auto reduced = q.count_boards(q.model(), depth, {});
                CHECK(reduced.count == plain.count);
                CHECK(reduced.searches > 1);
            }
            CHECK(solve(*r.puzzle, SolveMode::count).outcome.solutions == plain.count);
        }
    }
    // Without clues the orbits of G0 on the first cells: 1 (cell 0), 4 (cell 1: the
    // popcount classes of sizes 4, 6, 4, 1), and for three cells a sum of 16 x 15 x 14.
    const ParseResult r = parse_text("quarto", "lines rows\n");
    REQUIRE(r.puzzle);
    prune::SearchOptions one_node;
    one_node.limits.nodes = 1;
    CHECK(as_quarto(r).count_boards(QuartoModel::attributes, 1, one_node).searches == 1);
    CHECK(as_quarto(r).count_boards(QuartoModel::attributes, 2, one_node).searches == 4);
}

TEST_CASE("quarto: Burnside's count equals the canonical-form count", "[puzzles][quarto]") {
    // With clues: the elements of (board maps) x G0 that keep the clues, one by one,
    // against canonical forms of the enumerated boards.
    for (const char* families : {"rows,columns", "rows,columns,diagonals", "rows,columns,diagonals,blocks"}) {
        const std::string text = symmetric_clues(families);
        INFO(text);
        const ParseResult p = parse_text("quarto", text, KindFlags{"--up-to-symmetry", "--model=attributes"});
        REQUIRE(p.puzzle);
        const QuartoPuzzle& pq = as_quarto(p);
        const std::set<Values> boards = enumerate_boards(pq);
        CHECK(engine_boards(pq) == boards);
        std::vector<std::pair<QuartoMap, QuartoMap>> keeping;
        for (const QuartoMap& a : pq.geometric_group()) {
            for (const QuartoMap& b : QuartoPuzzle::piece_group()) {
                bool keeps = true;
                for (int c = 0; c < 16; ++c) {
                    if (pq.given_pieces()[c] >= 0) keeps = keeps && pq.given_pieces()[a[c]] == b[pq.given_pieces()[c]];
                }
                if (keeps) keeping.emplace_back(a, b);
            }
        }
        CHECK(keeping.size() >= 2);
        const auto orbits = pq.count_orbits(pq.model(), 3, {});
        CHECK(orbits.total.count == boards.size());
        CHECK(orbits.group_order == keeping.size());
        CHECK(orbits.orbits == canonical_forms(boards, keeping));
        const Solved counted = solve(*p.puzzle, SolveMode::count);
        CHECK(counted.outcome.solutions == boards.size());
        REQUIRE(counted.outcome.figures.size() == 3);
        CHECK(counted.outcome.figures[0].key == "count_up_to_symmetry");
        CHECK(counted.outcome.figures[0].value == orbits.orbits);
        CHECK(counted.outcome.figures[1].key == "group_order");
        CHECK(counted.outcome.figures[1].value == keeping.size());
    }
    // (Without clues the sum runs over conjugacy classes; comparing it term by term with
    // the element-by-element sum takes minutes, as some |Fix(g)| are large: not in the
    // unit suite.)
}

TEST_CASE("quarto: example files and kind options", "[puzzles][quarto]") {
    for (const char* file : {"empty.txt", "quarto_game.txt", "given_pieces.txt", "torus.txt", "rectangles.txt"}) {
        const ParseResult r = parse_example("quarto", file);
        INFO(file << " " << r.error.to_string());
        REQUIRE(r.puzzle);
        const Solved solved = solve(*r.puzzle, SolveMode::first);
        REQUIRE(solved.solutions.size() == 1);
        CHECK(check_solution(*r.puzzle, solved.solutions[0]).ok());
    }
    const ParseResult given = parse_example("quarto", "given_pieces.txt");
    CHECK(as_quarto(given).given_pieces()[5] == 5);
    CHECK(as_quarto(given).has_clues());
    const ParseResult overridden = parse_example("quarto", "given_pieces.txt", KindFlags{"--lines=rows,broken-diagonals"});
    REQUIRE(overridden.puzzle);
    CHECK(as_quarto(overridden).families() == (quarto_rows | quarto_broken_diagonals));
    const ParseResult none = parse_text("quarto", "lines none\nline 0 1 2 3\nline 3 2 1 0\n");
    REQUIRE(none.puzzle);
    CHECK(as_quarto(none).lines().size() == 1);
    CHECK(as_quarto(parse_example("quarto", "rectangles.txt")).lines().size() == 4 + 4 + 36);
}

TEST_CASE("quarto: bad files give file:line:col errors", "[puzzles][quarto]") {
    require_error("lines rows,colums\n", 1, 12, "unknown line family 'colums'");
    require_error("lines rows columns\nlines rows\n", 2, 1, "given twice");
    require_error("lines\n", 1, 6, "expected 'lines FAMILY");
    require_error(". . . .\n. . x .\n", 2, 5, "expected '.' or a piece number 0..15, found 'x'");
    require_error("0 . . .\n. . 16 .\n", 2, 5, "found '16'");
    require_error(". . . .\n. 3 . .\n. . . 3\n. . . .\n", 3, 7, "piece 3 is given twice (also on line 2, column 3)");
    require_error(". . . .\n. . .\n", 2, 6, "expected 4 entries");
    require_error(". . . . .\n", 1, 9, "a board row has 4 entries");
    require_error(". . . .\n. . . .\n. . . .\n. . . .\n. . . .\n", 5, 1, "only 4 rows");
    require_error("# two rows\n. . . .\n. . . .\n", 3, 1, "the board has 2 rows, expected 4");
    require_error("line 0 1 2\n", 1, 11, "expected 'line C C C C'");
    require_error("line 0 1 2 16\n", 1, 12, "cell number 0..15");
    require_error("line 0 1 2 1\n", 1, 12, "named twice");
    require_error("lines rows\n", 1, 1, "--lines: unknown line family 'diagonal'", KindFlags{"--lines=rows,diagonal"});
    require_error("lines rows\n", 1, 1, "--model", KindFlags{"--model=sat"});
    require_error("lines rows\n", 1, 1, "--reduction", KindFlags{"--reduction=4"});
}

namespace {

// The pieces of each cell that belong to some valid line within the domains, by brute
// force.
std::array<std::set<int>, 4> supported_pieces(const std::array<std::vector<int>, 4>& domains) {
    std::array<std::set<int>, 4> supported;
    for (int a : domains[0])
        for (int b : domains[1])
            for (int c : domains[2])
                for (int d : domains[3]) {
                    if (std::set<int>{a, b, c, d}.size() != 4 || shares(a, b, c, d)) continue;
                    supported[0].insert(a);
                    supported[1].insert(b);
                    supported[2].insert(c);
                    supported[3].insert(d);
                }
    return supported;
}

// One propagation of a QuartoLineMasks on these domains against brute force: the
// same failure, exactly the supported pieces kept, and a fixpoint.
void check_line_propagation(const std::array<std::vector<int>, 4>& domains) {
    const std::array<std::set<int>, 4> supported = supported_pieces(domains);
    prune::Solver s;
    std::array<prune::IntVar, 4> cells;
    for (int i = 0; i < 4; ++i) cells[i] = s.new_int_var(domains[i]);
    s.add(std::make_unique<QuartoLineMasks>(cells));
    const bool consistent = s.propagate();
    REQUIRE(consistent == !supported[0].empty());
    if (!consistent) return;
    for (int i = 0; i < 4; ++i) {
        std::set<int> kept;
        s.for_each_value(cells[i], [&](int v) { kept.insert(v); });
        CHECK(kept == supported[i]);
    }
    s.schedule_all();
    REQUIRE(s.propagate());
    for (int i = 0; i < 4; ++i) CHECK(s.size(cells[i]) == static_cast<std::int64_t>(supported[i].size()));
}

// The line's four pieces as a brute-force statement, and QuartoLineMasks on them.
prune::test::Constraint line_masks_constraint(std::array<int, 4> at) {
    return prune::test::Constraint{[at](const prune::test::Assignment& x) {
                                       const int a = x[at[0]], b = x[at[1]], c = x[at[2]], d = x[at[3]];
                                       return std::set<int>{a, b, c, d}.size() == 4 && !shares(a, b, c, d);
                                   },
                                   [at](prune::Solver& s, const std::vector<prune::IntVar>& x) {
                                       s.add(std::make_unique<QuartoLineMasks>(std::array<prune::IntVar, 4>{x[at[0]], x[at[1]], x[at[2]], x[at[3]]}));
                                   },
                                   {}};
}

// One line over four cells with domains within 0..15 (the bench's draws: intervals
// and random subsets), for the explanations asked about any fact.
prune::test::ConstraintSpec line_masks_spec() {
    prune::test::ConstraintSpec spec;
    spec.name = "quarto line (masks)";
    spec.min_arity = spec.max_arity = 4;
    spec.min_value = 0;
    spec.max_value = 15;
    spec.claim = prune::test::Claim::domain;
    spec.bounds_only = false;  // the cells are bitsets
    spec.wide_values = false;
    spec.in_random_models = false;
    spec.draw = [](prune::Random&, int) { return line_masks_constraint({0, 1, 2, 3}); };
    return spec;
}

// A row and a column of a board sharing their last cell (7 cells), each cell's pieces
// a random set of 0..15 (one piece, a sparse or a denser set; at most 200,000
// boards), with one to three x != y + c beside: a learning search meets conflicts.
prune::test::RandomModel two_lines_model(prune::Random& r) {
    prune::test::RandomModel m;
    std::int64_t boards = 1;
    do {
        m.domains.assign(7, {});
        boards = 1;
        for (auto& d : m.domains) {
            const std::uint64_t kind = r.below(3);
            for (int p = 0; p < 16; ++p) {
                if (kind == 1 ? r.below(4) == 0 : kind == 2 && r.below(2) == 0) d.push_back(p);
            }
            if (d.empty()) d.push_back(static_cast<int>(r.below(16)));
            boards *= static_cast<std::int64_t>(d.size());
        }
    } while (boards > 200000);
    for (const std::array<int, 4> line : {std::array<int, 4>{0, 1, 2, 3}, std::array<int, 4>{4, 5, 6, 3}}) {
        const prune::test::Constraint c = line_masks_constraint(line);
        m.constraints.push_back({"quarto line", c.holds, c.post});
    }
    prune::test::add_random_disequalities(r, m, 7);
    return m;
}

}  // namespace

TEST_CASE("quarto: the bitmask line propagator explains itself (learning, brute force)", "[puzzles][quarto][learning]") {
#if defined(PRUNE_NO_LEARNING)
    PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
#else
    // Every removal, pushed bound and failure in a learning search (beside random
    // x != y + c) by the removals that keep every line out, minimal by deletion; then
    // asked about any fact, a bound fact of each cell among them, on random domains.
    prune::test::ExplanationTally tally;
    prune::Random r(20261207);
    for (int model = 0; model < 400; ++model) {
        const prune::test::RandomModel m = two_lines_model(r);
        INFO("model " << model << m.describe());
        REQUIRE(prune::test::check_model_explanations(m, r, tally, model % 2 == 0) == "");
    }
    const prune::test::ConstraintSpec spec = line_masks_spec();
    const auto& line = tally.kinds["quarto-line"];
    INFO(line.explanations << " explanations, " << line.fallbacks << " fallbacks");
    CHECK(line.explanations > 100);
    CHECK(line.fallbacks == 0);
    std::uint64_t explained = 0, bounds_explained = 0;
    CHECK(prune::test::check_explains_only_what_follows(spec, {"quarto-line"}, 83, 2000, explained, bounds_explained) == "");
    INFO(explained << " asked facts explained, " << bounds_explained << " of them bound facts");
    CHECK(explained > 200);
    CHECK(bounds_explained > 50);
#endif
}

TEST_CASE("quarto: the bitmask line propagator is domain consistent with placed pieces", "[puzzles][quarto]") {
    // Each of its searches (one, two or three open cells beside placed pieces, four
    // open ones): 0..3 cells fixed (sometimes to the same piece), the others dense
    // random domains, where most pieces have supports and a few do not.
    prune::Random random(20261202);
    for (int round = 0; round < 4000; ++round) {
        const int placed = static_cast<int>(random.below(4));
        std::array<std::vector<int>, 4> domains;
        for (int i = 0; i < 4; ++i) {
            if (i < placed) {
                domains[i].push_back(static_cast<int>(random.below(16)));
                continue;
            }
            const std::uint64_t keep = 1 + random.below(4);  // keep a piece with probability keep / 5
            for (int p = 0; p < 16; ++p) {
                if (random.below(5) < keep) domains[i].push_back(p);
            }
            if (domains[i].empty()) domains[i].push_back(static_cast<int>(random.below(16)));
        }
        for (int i = 3; i > 0; --i) std::swap(domains[i], domains[random.below(static_cast<std::uint64_t>(i) + 1)]);  // placed anywhere
        INFO("round " << round);
        check_line_propagation(domains);
    }
}

TEST_CASE("quarto: the bitmask line propagator is domain consistent", "[puzzles][quarto]") {
    // Random domains for the four cells (some fixed, some empty of support): after a
    // run, each cell keeps exactly the pieces of some line tuple within the domains,
    // and the run fails exactly when there is none; a second run changes nothing.
    prune::Random random(20261201);
    for (int round = 0; round < 3000; ++round) {
        std::array<std::vector<int>, 4> domains;
        for (auto& d : domains) {
            const int kind = static_cast<int>(random.below(4));
            for (int p = 0; p < 16; ++p) {
                if (kind == 0 ? random.below(16) == 0 : kind == 1 ? random.below(4) == 0 : random.below(3) != 0) d.push_back(p);
            }
            if (d.empty()) d.push_back(static_cast<int>(random.below(16)));
        }
        INFO("round " << round);
        check_line_propagation(domains);
    }
}
