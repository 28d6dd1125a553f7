// Bug Byte input: one statement per line, in any order.
//   edge U V [W]     an edge between nodes U and V (any words), W its given weight
//   node N SUM       the weights of the edges at N add up to SUM
//   path N TOTAL     some simple path that starts at N has weights adding up to TOTAL
//   route A B        the answer: the lightest path from A to B, read as letters
//   weights LO HI    the weights' range (default 1..the number of edges); all distinct
// Nodes are the ones the edges name; the other statements may come before the edges.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "puzzles/bugbyte/bugbyte_puzzle.hpp"
#include "puzzles/bugbyte/path_sum_propagator.hpp"
#include "puzzles/common/input_reader.hpp"
#include "puzzles/common/whole_number.hpp"

namespace prune::puzzles {
namespace {

// Whole numbers in [-10^6, 10^6] (weights) or [-10^9, 10^9] (sums): plenty, and safe
// from overflow in every sum the model forms.
bool parse_int(const std::string& text, int& out, int limit) { return parse_whole_number(text, out) && out >= -limit && out <= limit; }

constexpr int weight_limit = 1000000;
constexpr int sum_limit = 1000000000;

struct Reference {  // a node named by a statement other than `edge`, resolved at the end
    SourceLine::Word word;
    int line;
};

// Reads the statements one line at a time into a WeightGraph, then checks what needs
// the whole file (the weights' range, the given weights) and resolves the nodes the
// other statements name.
class BugByteReader : public InputReader {
public:
    explicit BugByteReader(const SourceText& source) : InputReader(source) {}

    bool read(WeightGraph& graph);

private:
    struct Statement {
        int line;
        const std::vector<SourceLine::Word>& words;
        int end_column;
        // The column of word i, or the end of the line when there are fewer words.
        int column_of(std::size_t i) const { return i < words.size() ? words[i].column : end_column; }
    };
    struct GivenWeight {
        int edge;
        SourceLine::Word word;
        int line;
    };
    struct Pending {
        char kind;  // 'n' node sum, 'p' path clue
        Reference node;
        int value;
    };

    bool read_statement(const SourceLine& line);
    bool check_node_name(const Statement& s, std::size_t w);
    bool read_edge(const Statement& s);
    bool read_clue(const Statement& s);
    bool read_route(const Statement& s);
    bool read_weights(const Statement& s);
    bool check_weight_range();
    bool check_given_weights();
    bool resolve(const Reference& r, int& node) const;
    bool resolve_clues();
    bool resolve_route();

    WeightGraph graph_;
    std::map<std::string, int> node_index_;
    std::map<std::pair<int, int>, int> edge_at_;  // (min, max) node pair -> edge
    std::vector<GivenWeight> given_;
    std::vector<Pending> pending_;
    std::vector<Reference> route_;
    int weights_line_ = 0, weights_column_ = 0;
    int route_line_ = 0;
};

bool BugByteReader::read(WeightGraph& graph) {
    for (const SourceLine& line : source_.content_lines()) {
        if (!read_statement(line)) return false;
    }
    if (graph_.edges.empty()) return fail(source_.last_line_number(), 1, "no edges found (expected 'edge U V [WEIGHT]' lines)");
    if (!check_weight_range() || !check_given_weights() || !resolve_clues() || !resolve_route()) return false;
    graph = std::move(graph_);
    return true;
}

bool BugByteReader::read_statement(const SourceLine& line) {
    const std::vector<SourceLine::Word> words = line.words();
    const Statement s{line.number, words, line.end_column()};
    const std::string& keyword = words[0].text;
    if (keyword == "edge") return read_edge(s);
    if (keyword == "node" || keyword == "path") return read_clue(s);
    if (keyword == "route") return read_route(s);
    if (keyword == "weights") return read_weights(s);
    return fail(s.line, words[0].column, "unknown statement '" + keyword + "' (expected edge, node, path, route or weights)");
}

// Edge names are written U-V in solutions and read back: a node name is letters,
// digits, '_' and '.', so that '-', ':' and '#' keep their meaning.
bool BugByteReader::check_node_name(const Statement& s, std::size_t w) {
    const std::string& name = s.words[w].text;
    for (std::size_t k = 0; k < name.size(); ++k) {
        const unsigned char c = static_cast<unsigned char>(name[k]);
        if (std::isalnum(c) || c == '_' || c == '.') continue;
        const std::string_view before = std::string_view(name).substr(0, k);
        const int bytes = utf8_length(name, k);
        std::string message = "a node name is letters, digits, '_' and '.', not ";
        message += bytes > 1 ? std::string("'").append(name, k, static_cast<std::size_t>(bytes)).append("'") : quoted_character(name[k]);
        return fail(s.line, s.words[w].column + column_width(before), std::move(message));
    }
    return true;
}

bool BugByteReader::read_edge(const Statement& s) {
    const std::vector<SourceLine::Word>& words = s.words;
    if (words.size() < 3 || words.size() > 4) return fail(s.line, s.column_of(words.size() < 3 ? words.size() : 4), "expected 'edge U V [WEIGHT]'");
    if (!check_node_name(s, 1) || !check_node_name(s, 2)) return false;
    if (words[1].text == words[2].text) return fail(s.line, words[2].column, "an edge cannot join node '" + words[1].text + "' to itself");
    auto node_of = [&](const std::string& name) {
        const auto [it, added] = node_index_.emplace(name, static_cast<int>(graph_.nodes.size()));
        if (added) graph_.nodes.push_back(name);
        return it->second;
    };
    GraphEdge edge;
    edge.a = node_of(words[1].text);
    edge.b = node_of(words[2].text);
    edge.name = words[1].text + "-" + words[2].text;
    const std::pair<int, int> key{std::min(edge.a, edge.b), std::max(edge.a, edge.b)};
    if (const auto it = edge_at_.find(key); it != edge_at_.end()) {
        return fail(s.line, words[1].column, "edge " + edge.name + " is given twice (as " + graph_.edges[static_cast<std::size_t>(it->second)].name + " before)");
    }
    if (words.size() == 4) {
        if (!parse_int(words[3].text, edge.fixed, weight_limit)) {
            return fail(s.line, words[3].column, "the weight must be a whole number, found '" + words[3].text + "'");
        }
        edge.given = true;
        given_.push_back({static_cast<int>(graph_.edges.size()), words[3], s.line});
    }
    edge_at_.emplace(key, static_cast<int>(graph_.edges.size()));
    graph_.edges.push_back(std::move(edge));
    return true;
}

// `node N SUM` or `path N TOTAL`; N is resolved once every edge is known.
bool BugByteReader::read_clue(const Statement& s) {
    const std::vector<SourceLine::Word>& words = s.words;
    const std::string& keyword = words[0].text;
    const std::string usage = keyword == "node" ? "expected 'node N SUM'" : "expected 'path N TOTAL'";
    if (words.size() != 3) return fail(s.line, s.column_of(words.size() < 3 ? words.size() : 3), usage);
    int value = 0;
    if (!parse_int(words[2].text, value, sum_limit)) {
        std::string message = keyword == "node" ? "the sum" : "the total";
        message += " must be a whole number, found '";
        message += words[2].text;
        message += "'";
        return fail(s.line, words[2].column, std::move(message));
    }
    pending_.push_back({keyword[0], {words[1], s.line}, value});
    return true;
}

bool BugByteReader::read_route(const Statement& s) {
    const std::vector<SourceLine::Word>& words = s.words;
    if (route_line_ != 0) return fail(s.line, words[0].column, "'route' given twice");
    if (words.size() != 3) return fail(s.line, s.column_of(words.size() < 3 ? words.size() : 3), "expected 'route A B'");
    if (words[1].text == words[2].text) return fail(s.line, words[2].column, "the route needs two different nodes");
    route_ = {{words[1], s.line}, {words[2], s.line}};
    route_line_ = s.line;
    return true;
}

bool BugByteReader::read_weights(const Statement& s) {
    const std::vector<SourceLine::Word>& words = s.words;
    if (weights_line_ != 0) return fail(s.line, words[0].column, "'weights' given twice");
    if (words.size() != 3) return fail(s.line, s.column_of(words.size() < 3 ? words.size() : 3), "expected 'weights LO HI'");
    if (!parse_int(words[1].text, graph_.low, weight_limit)) return fail(s.line, words[1].column, "LO must be a whole number, found '" + words[1].text + "'");
    if (!parse_int(words[2].text, graph_.high, weight_limit)) return fail(s.line, words[2].column, "HI must be a whole number, found '" + words[2].text + "'");
    if (graph_.high < graph_.low) return fail(s.line, words[2].column, "HI must be at least LO");
    if (graph_.high - graph_.low >= 65536) return fail(s.line, words[2].column, "at most 65536 weights (HI - LO < 65536)");
    weights_line_ = s.line;
    weights_column_ = words[1].column;
    return true;
}

// Without a `weights` line the range is 1..the number of edges; with one, it must
// hold a distinct weight per edge.
bool BugByteReader::check_weight_range() {
    const int edge_count = static_cast<int>(graph_.edges.size());
    if (weights_line_ == 0) {
        graph_.low = 1;
        graph_.high = edge_count;
        return true;
    }
    if (std::int64_t{graph_.high} - graph_.low + 1 >= edge_count) return true;
    std::string message = "too few weights: ";
    message += std::to_string(edge_count);
    message += " edges need distinct weights, ";
    message += std::to_string(graph_.low);
    message += "..";
    message += std::to_string(graph_.high);
    message += " holds ";
    message += std::to_string(std::int64_t{graph_.high} - graph_.low + 1);
    return fail(weights_line_, weights_column_, std::move(message));
}

// Every given weight lies in the range and belongs to one edge only.
bool BugByteReader::check_given_weights() {
    std::map<int, int> weight_owner;
    for (const GivenWeight& g : given_) {
        const GraphEdge& edge = graph_.edges[static_cast<std::size_t>(g.edge)];
        if (edge.fixed < graph_.low || edge.fixed > graph_.high) {
            std::string message = "weight ";
            message += std::to_string(edge.fixed);
            message += " is outside the weights ";
            message += std::to_string(graph_.low);
            message += "..";
            message += std::to_string(graph_.high);
            return fail(g.line, g.word.column, std::move(message));
        }
        const auto [it, added] = weight_owner.emplace(edge.fixed, g.edge);
        if (!added) {
            return fail(g.line, g.word.column,
                        "weight " + g.word.text + " is given twice (edge " + graph_.edges[static_cast<std::size_t>(it->second)].name + " has it too)");
        }
    }
    return true;
}

bool BugByteReader::resolve(const Reference& r, int& node) const {
    const auto it = node_index_.find(r.word.text);
    if (it == node_index_.end()) return false;
    node = it->second;
    return true;
}

// The node sums (one per node) and path clues (no more simple paths than the rules
// enumerate), in input order.
bool BugByteReader::resolve_clues() {
    std::set<int> summed;
    for (const Pending& p : pending_) {
        int node = 0;
        if (!resolve(p.node, node)) return fail(p.node.line, p.node.word.column, "unknown node '" + p.node.word.text + "' (no edge names it)");
        if (p.kind == 'n') {
            if (!summed.insert(node).second) return fail(p.node.line, p.node.word.column, "node '" + p.node.word.text + "' has two sums");
            graph_.node_sums.push_back({node, p.value});
            continue;
        }
        PathTrie trie;
        std::vector<std::pair<int, int>> pairs;
        for (const GraphEdge& e : graph_.edges) pairs.emplace_back(e.a, e.b);
        if (!enumerate_simple_paths(static_cast<int>(graph_.nodes.size()), pairs, node, bugbyte_max_paths, trie)) {
            std::string message = "more than ";
            message += std::to_string(bugbyte_max_paths);
            message += " simple paths start at node '";
            message += p.node.word.text;
            message += "': too many for a path clue";
            return fail(p.node.line, p.node.word.column, std::move(message));
        }
        graph_.path_clues.push_back({node, p.value});
    }
    return true;
}

bool BugByteReader::resolve_route() {
    if (route_line_ == 0) return true;
    if (!resolve(route_[0], graph_.route_from)) return fail(route_[0].line, route_[0].word.column, "unknown node '" + route_[0].word.text + "' (no edge names it)");
    if (!resolve(route_[1], graph_.route_to)) return fail(route_[1].line, route_[1].word.column, "unknown node '" + route_[1].word.text + "' (no edge names it)");
    if (graph_.low < 1) return fail(route_line_, 1, "the route's lightest path needs positive weights (LO >= 1)");
    return true;
}

}  // namespace

ParseResult parse_bugbyte(const SourceText& source, const KindFlags& /*flags*/) {
    ParseResult result;
    BugByteReader reader(source);
    WeightGraph graph;
    if (reader.read(graph)) {
        result.puzzle = std::make_unique<BugBytePuzzle>(std::move(graph));
    } else {
        result.error = reader.error();
    }
    return result;
}

}  // namespace prune::puzzles
