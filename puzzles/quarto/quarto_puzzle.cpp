// The Quarto models, the line families, the symmetry groups and the counts.
//
// Why the counts are right:
// - G0 (XOR masks x attribute permutations, 384 maps of the pieces) keeps every
//   attribute-sharing relation among pieces, so it maps draw boards to draw boards for
//   any line family. It acts freely: a board is a bijection cells -> pieces, so a map
//   fixing one board fixes all 16 pieces and is the identity.
// - Hence, for the pieces (t_0..t_{d-1}) placed on cells 0..d-1, count(t) depends only
//   on the G0-orbit of the tuple t (g maps the boards with t bijectively onto those
//   with g(t)); with given pieces the same holds for H, the maps fixing every given piece; summing count(rep) x |orbit| over one tuple per orbit gives the count.
//   d = 1 is count = 16 x count(cell 0 = 0); d = 2 adds the four popcount classes of
//   the piece on cell 1 (sizes 4, 6, 4, 1).
// - Up to symmetry, G = geometric x G0 (direct product: they act on cells and on
//   pieces). Burnside: orbits = (1/|G|) sum |Fix(g)|. Conjugate elements fix equally
//   many boards, and the conjugacy classes of a direct product are the products of
//   classes, so the sum runs over (geometric class) x (G0 class).
#include "puzzles/quarto/quarto_puzzle.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include "puzzles/common/grid_name.hpp"
#include "puzzles/common/model_count.hpp"
#include "puzzles/quarto/quarto_line.hpp"

namespace prune::puzzles {
namespace {

struct FamilyName {
    const char* name;
    unsigned bit;
};
constexpr FamilyName family_names[] = {{"rows", quarto_rows},
                                       {"columns", quarto_columns},
                                       {"diagonals", quarto_diagonals},
                                       {"blocks", quarto_blocks},
                                       {"torus-blocks", quarto_torus_blocks},
                                       {"broken-diagonals", quarto_broken_diagonals}};

int at(int row, int column) { return ((row % 4 + 4) % 4) * 4 + (column % 4 + 4) % 4; }

QuartoMap identity_map() {
    QuartoMap m{};
    for (int i = 0; i < 16; ++i) m[i] = i;
    return m;
}

QuartoMap compose(const QuartoMap& a, const QuartoMap& b) {  // a after b
    QuartoMap m{};
    for (int i = 0; i < 16; ++i) m[i] = a[b[i]];
    return m;
}

QuartoMap inverse(const QuartoMap& a) {
    QuartoMap m{};
    for (int i = 0; i < 16; ++i) m[a[i]] = i;
    return m;
}

// One representative per conjugacy class of `group` (closed under composition), with
// the class size.
std::vector<std::pair<QuartoMap, std::uint64_t>> conjugacy_classes(const std::vector<QuartoMap>& group) {
    std::vector<std::pair<QuartoMap, std::uint64_t>> classes;
    std::set<QuartoMap> seen;
    std::vector<QuartoMap> inverses;
    for (const QuartoMap& g : group) inverses.push_back(inverse(g));
    for (const QuartoMap& x : group) {
        if (seen.count(x) != 0) continue;
        std::set<QuartoMap> cls;
        for (std::size_t i = 0; i < group.size(); ++i) cls.insert(compose(group[i], compose(x, inverses[i])));
        seen.insert(cls.begin(), cls.end());
        classes.emplace_back(x, cls.size());
    }
    return classes;
}


}  // namespace

unsigned quarto_family_bit(const std::string& name) {
    for (const FamilyName& f : family_names) {
        if (name == f.name) return f.bit;
    }
    return 0;
}

std::string quarto_family_list(unsigned families) {
    std::string text;
    for (const FamilyName& f : family_names) {
        if ((families & f.bit) == 0) continue;
        if (!text.empty()) text += ',';
        text += f.name;
    }
    return text;
}

QuartoPuzzle::QuartoPuzzle(unsigned families, std::vector<int> clues, QuartoModel model, int reduction, bool up_to_symmetry,
                           const std::vector<std::array<int, 4>>& extra_lines)
    : GridPuzzle(side, side), families_(families), clues_(std::move(clues)), model_(model), reduction_(reduction), up_to_symmetry_(up_to_symmetry),
      lines_(lines_of(families)) {
    for (std::array<int, 4> cells : extra_lines) {
        std::sort(cells.begin(), cells.end());
        if (std::any_of(lines_.begin(), lines_.end(), [&](const QuartoLine& l) { return l.cells == cells; })) continue;
        std::string name = "line ";
        name += std::to_string(lines_.size() + 1);
        lines_.push_back({std::move(name), cells});
        ++extra_lines_;
    }
}

bool QuartoPuzzle::has_clues() const {
    return std::any_of(clues_.begin(), clues_.end(), [](int p) { return p >= 0; });
}

std::vector<QuartoLine> QuartoPuzzle::lines_of(unsigned families) {
    std::vector<QuartoLine> lines;
    auto add = [&](std::string name, std::array<int, 4> cells) {
        std::sort(cells.begin(), cells.end());
        for (const QuartoLine& l : lines) {
            if (l.cells == cells) return;
        }
        lines.push_back({std::move(name), cells});
    };
    auto rc = [](std::string name, int r, int c) {
        name += " r";
        name += std::to_string(r + 1);
        name += 'c';
        name += std::to_string(c + 1);
        return name;
    };
    if (families & quarto_rows) {
        for (int r = 0; r < 4; ++r) add("row " + std::to_string(r + 1), {at(r, 0), at(r, 1), at(r, 2), at(r, 3)});
    }
    if (families & quarto_columns) {
        for (int c = 0; c < 4; ++c) add("column " + std::to_string(c + 1), {at(0, c), at(1, c), at(2, c), at(3, c)});
    }
    if (families & quarto_diagonals) {
        add("diagonal \\", {at(0, 0), at(1, 1), at(2, 2), at(3, 3)});
        add("diagonal /", {at(0, 3), at(1, 2), at(2, 1), at(3, 0)});
    }
    if (families & quarto_blocks) {
        for (int r = 0; r < 3; ++r) {
            for (int c = 0; c < 3; ++c) add(rc("block", r, c), {at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1)});
        }
    }
    if (families & quarto_torus_blocks) {
        for (int r = 0; r < 4; ++r) {
            for (int c = 0; c < 4; ++c) add(rc("torus block", r, c), {at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1)});
        }
    }
    if (families & quarto_broken_diagonals) {
        // Named by the cell they cross in row 1.
        for (int s = 0; s < 4; ++s) add(rc("broken diagonal \\", 0, s), {at(0, s), at(1, s + 1), at(2, s + 2), at(3, s + 3)});
        for (int s = 0; s < 4; ++s) add(rc("broken diagonal /", 0, s), {at(0, s), at(1, s - 1), at(2, s - 2), at(3, s - 3)});
    }
    return lines;
}

std::string QuartoPuzzle::piece_words(int piece) {
    static const char* const words[4][2] = {{"light", "dark"}, {"tall", "short"}, {"round", "square"}, {"hollow", "solid"}};
    std::string text;
    for (int k = 0; k < 4; ++k) {
        if (k > 0) text += ' ';
        text += words[k][attribute(piece, k)];
    }
    return text;
}

const std::vector<std::vector<int>>& QuartoPuzzle::line_tuples() {
    static const std::vector<std::vector<int>> tuples = [] {
        std::vector<std::vector<int>> t;
        for (int a = 0; a < 16; ++a) {
            for (int b = 0; b < 16; ++b) {
                for (int c = 0; c < 16; ++c) {
                    for (int d = 0; d < 16; ++d) {
                        if (a == b || a == c || a == d || b == c || b == d || c == d) continue;
                        if ((a & b & c & d) != 0 || (a | b | c | d) != 15) continue;
                        t.push_back({a, b, c, d});
                    }
                }
            }
        }
        return t;
    }();
    return tuples;
}

const std::shared_ptr<const TupleSet>& QuartoPuzzle::line_tuple_set() {
    static const std::shared_ptr<const TupleSet> set = [] {
        std::vector<int> flat;
        for (const std::vector<int>& t : line_tuples()) flat.insert(flat.end(), t.begin(), t.end());
        return std::make_shared<const TupleSet>(4, std::move(flat));
    }();
    return set;
}

std::string QuartoPuzzle::summary() const {
    std::string text = "quarto 4x4 (";
    text += families_ != 0 || extra_lines_ > 0 ? quarto_family_list(families_) : "no lines";
    if (extra_lines_ > 0) {
        text += families_ != 0 ? "+" : "";
        text += std::to_string(extra_lines_);
        text += " own lines";
    }
    text += ": ";
    text += std::to_string(lines_.size());
    text += " lines";
    if (has_clues()) {
        text += ", ";
        text += std::to_string(std::count_if(clues_.begin(), clues_.end(), [](int p) { return p >= 0; }));
        text += " pieces given";
    }
    text += ", ";
    text += model_ == QuartoModel::permutation ? "permutation" : "attributes";
    text += " model)";
    return text;
}

std::vector<Rule> QuartoPuzzle::rules() const {
    std::vector<Rule> rules;
    const CellNames names = cell_names();
    const Rule range = values_in_range_rule("Pieces", cells, 0, 15);
    rules.push_back(range);
    Rule once = range;
    once.label = "Each piece once";
    once.shape = RuleShape::all_different;
    rules.push_back(once);
    if (has_clues()) {
        Rule given;
        given.label = "Given pieces";
        given.shape = RuleShape::clues;
        for (int c = 0; c < cells; ++c) {
            if (clues_[c] < 0) continue;
            given.cells.push_back(c);
            given.given.push_back(clues_[c]);
        }
        rules.push_back(given);
    }
    for (const QuartoLine& line : lines_) {
        Rule rule;
        rule.label = line.name + " " + bracketed_names(std::vector<int>(line.cells.begin(), line.cells.end()), names);
        rule.shape = RuleShape::bits_differ;
        rule.cells.assign(line.cells.begin(), line.cells.end());
        rule.high = 4;
        rules.push_back(std::move(rule));
    }
    return rules;
}

PuzzleModel QuartoPuzzle::build_model_as(Solver& solver, QuartoModel model, const ModelSettings& settings) const {
    PuzzleModel result;
    const CellNames names = cell_names();
    for (int c = 0; c < cells; ++c) {
        const std::string& name = names[static_cast<std::size_t>(c)];
        result.cells.push_back(clues_[c] >= 0 ? solver.new_int_var(clues_[c], clues_[c], name) : solver.new_int_var(0, 15, name));
    }
    result.decisions = result.cells;
    int first = solver.propagator_count();
    all_different(solver, result.cells, settings.alldifferent);
    solver.name_propagators_from(first, "Each piece once");  // as the check line says
    if (model == QuartoModel::masks) {
        for (const QuartoLine& line : lines_) {
            first = solver.propagator_count();
            solver.add(std::make_unique<QuartoLineMasks>(std::array<IntVar, 4>{result.cells[line.cells[0]], result.cells[line.cells[1]],
                                                                                    result.cells[line.cells[2]], result.cells[line.cells[3]]}));
            solver.name_propagators_from(first, line.name);
        }
        return result;
    }
    if (model == QuartoModel::permutation) {
        for (const QuartoLine& line : lines_) {
            first = solver.propagator_count();
            shared_table(solver, {result.cells[line.cells[0]], result.cells[line.cells[1]], result.cells[line.cells[2]], result.cells[line.cells[3]]},
                  line_tuple_set());
            solver.name_propagators_from(first, line.name);
        }
        return result;
    }
    // attributes[c][k] = attribute k of the piece on cell c.
    std::vector<std::array<IntVar, 4>> attributes(cells);
    for (int k = 0; k < 4; ++k) {
        std::vector<int> bit_of_piece;
        for (int p = 0; p < 16; ++p) bit_of_piece.push_back(attribute(p, k));
        for (int c = 0; c < cells; ++c) {
            attributes[c][k] = solver.new_bool_var();
            element(solver, bit_of_piece, result.cells[c], attributes[c][k]);
        }
    }
    for (const QuartoLine& line : lines_) {
        first = solver.propagator_count();
        for (int k = 0; k < 4; ++k) {
            std::vector<IntVar> bits;
            for (int c : line.cells) bits.push_back(attributes[c][k]);
            sum(solver, bits, Relation::greater_equal, 1);
            sum(solver, bits, Relation::less_equal, 3);
        }
        solver.name_propagators_from(first, line.name);
    }
    return result;
}

PuzzleModel QuartoPuzzle::build_model(Solver& solver, const ModelSettings& settings) const { return build_model_as(solver, model_, settings); }

std::vector<QuartoMap> QuartoPuzzle::piece_group() {
    std::vector<QuartoMap> group;
    std::array<int, 4> order = {0, 1, 2, 3};
    do {
        for (int mask = 0; mask < 16; ++mask) {
            QuartoMap m{};
            for (int p = 0; p < 16; ++p) {
                int q = 0;  // attribute k of q is attribute order[k] of p
                for (int k = 0; k < 4; ++k) q |= attribute(p, order[k]) << (3 - k);
                m[p] = q ^ mask;
            }
            group.push_back(m);
        }
    } while (std::next_permutation(order.begin(), order.end()));
    return group;  // the identity (order 0123, mask 0) comes first
}

std::vector<QuartoMap> QuartoPuzzle::geometric_group() const {
    std::set<std::array<int, 4>> line_set;
    for (const QuartoLine& l : lines_) line_set.insert(l.cells);
    std::vector<QuartoMap> group;
    std::set<QuartoMap> seen;
    std::array<int, 4> rows = {0, 1, 2, 3};
    do {
        std::array<int, 4> columns = {0, 1, 2, 3};
        do {
            for (int transpose = 0; transpose < 2; ++transpose) {
                QuartoMap m{};
                for (int r = 0; r < 4; ++r) {
                    for (int c = 0; c < 4; ++c) m[at(r, c)] = transpose ? at(columns[c], rows[r]) : at(rows[r], columns[c]);
                }
                bool keeps = true;
                for (const QuartoLine& l : lines_) {
                    std::array<int, 4> image = {m[l.cells[0]], m[l.cells[1]], m[l.cells[2]], m[l.cells[3]]};
                    std::sort(image.begin(), image.end());
                    keeps = keeps && line_set.count(image) != 0;
                }
                if (keeps && seen.insert(m).second) group.push_back(m);
            }
        } while (std::next_permutation(columns.begin(), columns.end()));
    } while (std::next_permutation(rows.begin(), rows.end()));
    return group;  // the identity (rows and columns in order, no transposition) comes first
}

// The model the kind's own counts build: with the masks model, value-consistent
// alldifferent. The lines are domain consistent and leave the matching little to
// prune: on the torus with r1c1..r1c3 given it saves 4% of the nodes and costs 8%
// more instructions. The other models keep the default (domain).
ModelSettings QuartoPuzzle::counting_settings(QuartoModel model) {
    ModelSettings settings;
    if (model == QuartoModel::masks) settings.alldifferent = Consistency::value;
    return settings;
}

QuartoPuzzle::Counted QuartoPuzzle::count_boards(QuartoModel model, int depth, const SearchOptions& options, int threads) const {
    Counted counted;
    Solver solver;
    const PuzzleModel m = build_model_as(solver, model, counting_settings(model));
    counted.variables = solver.variable_count();
    counted.propagators = solver.propagator_count();
    // H: the piece maps of G0 that fix every given piece (all of G0 without clues); they
    // keep the clues, so the argument above holds for H.
    std::vector<QuartoMap> h;
    std::vector<bool> given(16, false);
    for (int p : clues_) {
        if (p >= 0) given[p] = true;
    }
    for (const QuartoMap& g : piece_group()) {
        bool fixes = true;
        for (int p = 0; p < 16; ++p) fixes = fixes && (!given[p] || g[p] == p);
        if (fixes) h.push_back(g);
    }
    std::vector<int> prefix;  // the first `depth` cells without a clue
    for (int c = 0; c < cells && static_cast<int>(prefix.size()) < std::min(depth, 3); ++c) {
        if (clues_[c] < 0) prefix.push_back(c);
    }
    // The model with the first `placed` pieces of a tuple at the root of a new
    // solver: what each thread of a parallel count builds.
    auto builder = [this, model, &m, &prefix](const std::vector<int>* placed) -> ModelBuilder {
        return [this, model, &m, &prefix, placed] {
            auto built = std::make_unique<Solver>();
            (void)build_model_as(*built, model, counting_settings(model));
            for (std::size_t i = 0; placed != nullptr && i < placed->size(); ++i) {
                if (built->assign(m.cells[prefix[i]], (*placed)[i]) == Event::failed) built->fail();
            }
            return built;
        };
    };
    if (depth <= 0 || h.size() == 1 || prefix.empty()) {
        if (threads > 1) count_in_parallel(builder(nullptr), m, options, threads, counted);
        else count_below(solver, m, options, counted);
        return counted;
    }
    if (!solver.error().empty() || solver.root_failed() || !solver.propagate()) return counted;
    depth = static_cast<int>(prefix.size());
    // The tuples of different free pieces on the prefix cells, by H-orbit.
    std::set<std::vector<int>> seen;
    std::vector<std::pair<std::vector<int>, std::uint64_t>> orbits;
    std::vector<int> tuple(static_cast<std::size_t>(depth), 0);
    for (int code = 0; code < (1 << (4 * depth)); ++code) {
        bool ok = true;
        for (int i = 0; i < depth; ++i) {
            tuple[i] = (code >> (4 * (depth - 1 - i))) & 15;
            ok = ok && !given[tuple[i]];
        }
        if (!ok || std::set<int>(tuple.begin(), tuple.end()).size() != tuple.size() || seen.count(tuple) != 0) continue;
        std::set<std::vector<int>> orbit;
        for (const QuartoMap& g : h) {
            std::vector<int> image;
            for (int p : tuple) image.push_back(g[p]);
            orbit.insert(image);
        }
        seen.insert(orbit.begin(), orbit.end());
        orbits.emplace_back(tuple, orbit.size());
    }
    // Many orbits (three given pieces make hundreds, each a search of milliseconds):
    // the orbits are the cubes, one thread each. Few (the empty board's 22 take seconds
    // each): every orbit's search is split over the threads.
    if (threads > 1 && orbits.size() >= 30 * static_cast<std::size_t>(threads)) {
        std::vector<std::uint64_t> weights;
        for (const auto& orbit : orbits) weights.push_back(orbit.second);
        const auto enter = [&m, &prefix, &orbits](Solver& s, std::size_t job) {
            const std::vector<int>& rep = orbits[job].first;
            for (std::size_t i = 0; i < rep.size(); ++i) {
                if (s.assign(m.cells[prefix[i]], rep[i]) == Event::failed) return false;
            }
            return true;
        };
        count_jobs_in_parallel(builder(nullptr), m, options, threads, weights, enter, counted);
        return counted;
    }
    const CountBudget budget(options);
    for (const auto& [rep, size] : orbits) {
        SearchOptions run_options;
        if (!budget.next(run_options)) {
            counted.limit_reached = true;
            break;
        }
        if (threads > 1) {
            Counted one;
            count_in_parallel(builder(&rep), m, run_options, threads, one);
            add_count(counted, one, size);
            continue;
        }
        solver.push_level();
        bool ok = true;
        for (int i = 0; i < depth && ok; ++i) ok = solver.assign(m.cells[prefix[i]], rep[i]) != Event::failed;
        if (ok) {
            Counted one;
            count_below(solver, m, run_options, one);
            add_count(counted, one, size);
        }
        solver.clear_queue();
        solver.pop_level();
    }
    return counted;
}

QuartoPuzzle::Counted QuartoPuzzle::count_fixed(QuartoModel model, const QuartoMap& cell_map, const QuartoMap& piece_map,
                                                const SearchOptions& options) const {
    Counted counted;
    Solver solver;
    const PuzzleModel m = build_model_as(solver, model, counting_settings(model));
    const std::vector<int> image(piece_map.begin(), piece_map.end());
    for (int c = 0; c < cells; ++c) {
        if (cell_map[c] == c) {
            for (int p = 0; p < 16; ++p) {
                // A wiped-out cell means no fixed board: fail the model rather than ignore it.
                if (piece_map[p] != p && is_failure(solver.remove(m.cells[c], p))) solver.fail();
            }
        } else {
            element(solver, image, m.cells[c], m.cells[cell_map[c]]);
        }
    }
    counted.variables = solver.variable_count();
    counted.propagators = solver.propagator_count();
    count_below(solver, m, options, counted);
    return counted;
}

QuartoPuzzle::OrbitCount QuartoPuzzle::count_orbits(QuartoModel model, int depth, const SearchOptions& options, bool by_classes,
                                                    bool skip_identity) const {
    OrbitCount result;
    const std::vector<QuartoMap> geometric = geometric_group();
    const std::vector<QuartoMap> g0 = piece_group();
    result.geometric_order = static_cast<int>(geometric.size());
    const QuartoMap identity = identity_map();
    // (cell map, piece map, weight): the group elements, or one per conjugacy class.
    struct Element {
        QuartoMap cell_map;
        QuartoMap piece_map;
        std::uint64_t weight;
    };
    std::vector<Element> elements;
    if (!has_clues() && by_classes) {
        const auto cell_classes = conjugacy_classes(geometric);
        const auto piece_classes = conjugacy_classes(g0);
        for (const auto& [a, a_size] : cell_classes) {
            for (const auto& [b, b_size] : piece_classes) elements.push_back({a, b, a_size * b_size});
        }
        result.group_order = geometric.size() * g0.size();
    } else {
        // Only the elements that keep the clues: clue[cell_map[c]] = piece_map[clue[c]].
        for (const QuartoMap& a : geometric) {
            for (const QuartoMap& b : g0) {
                bool keeps = true;
                for (int c = 0; c < cells && keeps; ++c) {
                    if (clues_[c] >= 0) keeps = clues_[a[c]] == b[clues_[c]];
                }
                if (keeps) elements.push_back({a, b, 1});
            }
        }
        result.group_order = elements.size();
    }
    const CountBudget budget(options);
    std::uint64_t sum = 0;
    for (const Element& e : elements) {
        SearchOptions run_options;
        if (!budget.next(run_options)) {
            result.fixed.limit_reached = true;
            break;
        }
        if (e.cell_map == identity && e.piece_map == identity) {
            if (skip_identity) continue;
            result.total = count_boards(model, depth, run_options);
            sum += e.weight * result.total.count;
        } else {
            const Counted fixed = count_fixed(model, e.cell_map, e.piece_map, run_options);
            add_count(result.fixed, fixed, 1);
            sum += e.weight * fixed.count;
            result.fixed_sum += e.weight * fixed.count;
        }
    }
    result.orbits = result.group_order == 0 ? 0 : sum / result.group_order;
    return result;
}

std::optional<KindCount> QuartoPuzzle::count_solutions(const ModelSettings& settings, const SearchOptions& options) const {
    KindCount result;
    if (!up_to_symmetry_) {
        return kind_count(count_boards(model_, reduction_, options, settings.threads));
    }
    const OrbitCount orbits = count_orbits(model_, reduction_, options);
    result.count = orbits.total.count;
    result.limit_reached = orbits.total.limit_reached || orbits.fixed.limit_reached;
    result.statistics = orbits.total.statistics;
    add_statistics(result.statistics, orbits.fixed.statistics);
    result.variables = orbits.total.variables;
    result.propagators = orbits.total.propagators;
    result.figures.push_back({"count_up_to_symmetry", "Up to symmetry", orbits.orbits});
    result.figures.push_back({"group_order", "Symmetry group order", orbits.group_order});
    result.figures.push_back({"geometric_symmetries", "Board symmetries keeping the lines", static_cast<std::uint64_t>(orbits.geometric_order)});
    return result;
}

}  // namespace prune::puzzles
