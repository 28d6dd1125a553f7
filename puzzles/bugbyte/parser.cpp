// Bug Byte input: one statement per line, in any order.
//   edge U V [W]     an edge between nodes U and V (any words), W its given weight
//   node N SUM       the weights of the edges at N add up to SUM
//   path N TOTAL     some simple path that starts at N has weights adding up to TOTAL
//   route A B        the answer: the lightest path from A to B, read as letters
//   weights LO HI    the weights' range (default 1..the number of edges); all distinct
// Nodes are the ones the edges name; the other statements may come before the edges.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <set>

#include "puzzles/bugbyte/bugbyte_puzzle.hpp"
#include "puzzles/bugbyte/path_sum_propagator.hpp"

namespace prune::puzzles {
namespace {

// Whole numbers in [-10^6, 10^6] (weights) or [-10^9, 10^9] (sums): plenty, and safe
// from overflow in every sum the model forms.
bool parse_int(const std::string& text, int& out, int limit) {
    if (text.empty()) return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && out >= -limit && out <= limit;
}

constexpr int weight_limit = 1000000;
constexpr int sum_limit = 1000000000;

struct Reference {  // a node named by a statement other than `edge`, resolved at the end
    SourceLine::Word word;
    int line;
};

}  // namespace

ParseResult parse_bugbyte(const SourceText& source, const KindFlags& /*flags*/) {
    ParseResult result;
    auto fail = [&](int line, int column, std::string message) {
        result.error = source.error_at(line, column, std::move(message));
        return std::move(result);
    };
    WeightGraph graph;
    std::map<std::string, int> node_index;
    std::map<std::pair<int, int>, int> edge_at;  // (min, max) node pair -> edge
    struct GivenWeight {
        int edge;
        SourceLine::Word word;
        int line;
    };
    std::vector<GivenWeight> given;
    struct Pending {
        char kind;  // 'n' node sum, 'p' path clue
        Reference node;
        int value;
    };
    std::vector<Pending> pending;
    std::vector<Reference> route;
    int weights_line = 0, weights_column = 0;
    int route_line = 0;

    for (const SourceLine& line : source.content_lines()) {
        const std::vector<SourceLine::Word> words = line.words();
        const std::string& keyword = words[0].text;
        const int end_column = line.end_column();
        auto column_of = [&](std::size_t i) { return i < words.size() ? words[i].column : end_column; };
        if (keyword == "edge") {
            if (words.size() < 3 || words.size() > 4) return fail(line.number, column_of(words.size() < 3 ? words.size() : 4), "expected 'edge U V [WEIGHT]'");
            auto node_of = [&](const std::string& name) {
                const auto [it, added] = node_index.emplace(name, static_cast<int>(graph.nodes.size()));
                if (added) graph.nodes.push_back(name);
                return it->second;
            };
            // Edge names are written U-V in solutions and read back: a node name is
            // letters, digits, '_' and '.', so that '-', ':' and '#' keep their meaning.
            for (std::size_t w = 1; w <= 2; ++w) {
                for (std::size_t k = 0; k < words[w].text.size(); ++k) {
                    const unsigned char c = static_cast<unsigned char>(words[w].text[k]);
                    if (!std::isalnum(c) && c != '_' && c != '.') {
                        const std::string_view before = std::string_view(words[w].text).substr(0, k);
                        const int bytes = utf8_length(words[w].text, k);
                        std::string message = "a node name is letters, digits, '_' and '.', not ";
                        message += bytes > 1 ? std::string("'").append(words[w].text, k, static_cast<std::size_t>(bytes)).append("'") : quoted_character(words[w].text[k]);
                        return fail(line.number, words[w].column + column_width(before), std::move(message));
                    }
                }
            }
            if (words[1].text == words[2].text) return fail(line.number, words[2].column, "an edge cannot join node '" + words[1].text + "' to itself");
            GraphEdge edge;
            edge.a = node_of(words[1].text);
            edge.b = node_of(words[2].text);
            edge.name = words[1].text + "-" + words[2].text;
            const std::pair<int, int> key{std::min(edge.a, edge.b), std::max(edge.a, edge.b)};
            if (const auto it = edge_at.find(key); it != edge_at.end()) {
                return fail(line.number, words[1].column, "edge " + edge.name + " is given twice (as " + graph.edges[static_cast<std::size_t>(it->second)].name + " before)");
            }
            if (words.size() == 4) {
                if (!parse_int(words[3].text, edge.fixed, weight_limit)) {
                    return fail(line.number, words[3].column, "the weight must be a whole number, found '" + words[3].text + "'");
                }
                edge.given = true;
                given.push_back({static_cast<int>(graph.edges.size()), words[3], line.number});
            }
            edge_at.emplace(key, static_cast<int>(graph.edges.size()));
            graph.edges.push_back(std::move(edge));
        } else if (keyword == "node" || keyword == "path") {
            const std::string usage = keyword == "node" ? "expected 'node N SUM'" : "expected 'path N TOTAL'";
            if (words.size() != 3) return fail(line.number, column_of(words.size() < 3 ? words.size() : 3), usage);
            int value = 0;
            if (!parse_int(words[2].text, value, sum_limit)) {
                std::string message = keyword == "node" ? "the sum" : "the total";
                message += " must be a whole number, found '";
                message += words[2].text;
                message += "'";
                return fail(line.number, words[2].column, std::move(message));
            }
            pending.push_back({keyword[0], {words[1], line.number}, value});
        } else if (keyword == "route") {
            if (route_line != 0) return fail(line.number, words[0].column, "'route' given twice");
            if (words.size() != 3) return fail(line.number, column_of(words.size() < 3 ? words.size() : 3), "expected 'route A B'");
            if (words[1].text == words[2].text) return fail(line.number, words[2].column, "the route needs two different nodes");
            route = {{words[1], line.number}, {words[2], line.number}};
            route_line = line.number;
        } else if (keyword == "weights") {
            if (weights_line != 0) return fail(line.number, words[0].column, "'weights' given twice");
            if (words.size() != 3) return fail(line.number, column_of(words.size() < 3 ? words.size() : 3), "expected 'weights LO HI'");
            if (!parse_int(words[1].text, graph.low, weight_limit)) return fail(line.number, words[1].column, "LO must be a whole number, found '" + words[1].text + "'");
            if (!parse_int(words[2].text, graph.high, weight_limit)) return fail(line.number, words[2].column, "HI must be a whole number, found '" + words[2].text + "'");
            if (graph.high < graph.low) return fail(line.number, words[2].column, "HI must be at least LO");
            if (graph.high - graph.low >= 65536) return fail(line.number, words[2].column, "at most 65536 weights (HI - LO < 65536)");
            weights_line = line.number;
            weights_column = words[1].column;
        } else {
            return fail(line.number, words[0].column, "unknown statement '" + keyword + "' (expected edge, node, path, route or weights)");
        }
    }
    if (graph.edges.empty()) return fail(source.last_line_number(), 1, "no edges found (expected 'edge U V [WEIGHT]' lines)");
    const int edge_count = static_cast<int>(graph.edges.size());
    if (weights_line == 0) {
        graph.low = 1;
        graph.high = edge_count;
    } else if (std::int64_t{graph.high} - graph.low + 1 < edge_count) {
        std::string message = "too few weights: ";
        message += std::to_string(edge_count);
        message += " edges need distinct weights, ";
        message += std::to_string(graph.low);
        message += "..";
        message += std::to_string(graph.high);
        message += " holds ";
        message += std::to_string(std::int64_t{graph.high} - graph.low + 1);
        return fail(weights_line, weights_column, std::move(message));
    }
    std::map<int, int> weight_owner;
    for (const GivenWeight& g : given) {
        const GraphEdge& edge = graph.edges[static_cast<std::size_t>(g.edge)];
        if (edge.fixed < graph.low || edge.fixed > graph.high) {
            std::string message = "weight ";
            message += std::to_string(edge.fixed);
            message += " is outside the weights ";
            message += std::to_string(graph.low);
            message += "..";
            message += std::to_string(graph.high);
            return fail(g.line, g.word.column, std::move(message));
        }
        const auto [it, added] = weight_owner.emplace(edge.fixed, g.edge);
        if (!added) {
            return fail(g.line, g.word.column,
                        "weight " + g.word.text + " is given twice (edge " + graph.edges[static_cast<std::size_t>(it->second)].name + " has it too)");
        }
    }
    auto resolve = [&](const Reference& r, int& node) {
        const auto it = node_index.find(r.word.text);
        if (it == node_index.end()) return false;
        node = it->second;
        return true;
    };
    std::set<int> summed;
    for (const Pending& p : pending) {
        int node = 0;
        if (!resolve(p.node, node)) return fail(p.node.line, p.node.word.column, "unknown node '" + p.node.word.text + "' (no edge names it)");
        if (p.kind == 'n') {
            if (!summed.insert(node).second) return fail(p.node.line, p.node.word.column, "node '" + p.node.word.text + "' has two sums");
            graph.node_sums.push_back({node, p.value});
        } else {
            PathTrie trie;
            std::vector<std::pair<int, int>> pairs;
            for (const GraphEdge& e : graph.edges) pairs.emplace_back(e.a, e.b);
            if (!enumerate_simple_paths(static_cast<int>(graph.nodes.size()), pairs, node, bugbyte_max_paths, trie)) {
                std::string message = "more than ";
                message += std::to_string(bugbyte_max_paths);
                message += " simple paths start at node '";
                message += p.node.word.text;
                message += "': too many for a path clue";
                return fail(p.node.line, p.node.word.column, std::move(message));
            }
            graph.path_clues.push_back({node, p.value});
        }
    }
    if (route_line != 0) {
        if (!resolve(route[0], graph.route_from)) return fail(route[0].line, route[0].word.column, "unknown node '" + route[0].word.text + "' (no edge names it)");
        if (!resolve(route[1], graph.route_to)) return fail(route[1].line, route[1].word.column, "unknown node '" + route[1].word.text + "' (no edge names it)");
        if (graph.low < 1) return fail(route_line, 1, "the route's lightest path needs positive weights (LO >= 1)");
    }
    result.puzzle = std::make_unique<BugBytePuzzle>(std::move(graph));
    return result;
}

}  // namespace prune::puzzles
