// The Bug Byte model: a weight variable per edge (a given weight is a one-value
// domain), alldifferent over the weights, one linear equality per node sum, and one
// PathSum propagator per path clue (path_sum_propagator.hpp). The rules state the
// same puzzle independently: a path clue is the disjunction "one of the simple paths
// from the node sums to the total", the paths enumerated once here.
#include "puzzles/bugbyte/bugbyte_puzzle.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <queue>

#include "puzzles/bugbyte/path_sum_propagator.hpp"

namespace prune::puzzles {

std::string weights_as_letters(const std::vector<int>& weights) {
    std::string word;
    for (int w : weights) word += (w >= 1 && w <= 26) ? static_cast<char>('A' + w - 1) : '?';
    return word;
}

BugBytePuzzle::BugBytePuzzle(WeightGraph graph) : graph_(std::move(graph)) {}

std::vector<std::vector<int>> BugBytePuzzle::incident_edges() const {
    std::vector<std::vector<int>> at(graph_.nodes.size());
    for (int e = 0; e < edge_count(); ++e) {
        at[static_cast<std::size_t>(graph_.edges[static_cast<std::size_t>(e)].a)].push_back(e);
        at[static_cast<std::size_t>(graph_.edges[static_cast<std::size_t>(e)].b)].push_back(e);
    }
    return at;
}

namespace {

std::vector<std::pair<int, int>> edge_pairs(const WeightGraph& graph) {
    std::vector<std::pair<int, int>> pairs;
    for (const GraphEdge& e : graph.edges) pairs.emplace_back(e.a, e.b);
    return pairs;
}

}  // namespace

std::vector<std::vector<int>> BugBytePuzzle::simple_paths_from(int node) const {
    PathTrie trie;
    enumerate_simple_paths(static_cast<int>(graph_.nodes.size()), edge_pairs(graph_), node, bugbyte_max_paths, trie);
    std::vector<std::vector<int>> paths;
    for (int k = 1; k < trie.size(); ++k) {
        std::vector<int> path;
        for (int at = k; at != 0; at = trie.parent[static_cast<std::size_t>(at)]) path.push_back(trie.edge[static_cast<std::size_t>(at)]);
        std::reverse(path.begin(), path.end());
        paths.push_back(std::move(path));
    }
    return paths;
}

Route BugBytePuzzle::lightest_route(const Values& weights) const {
    Route route;
    if (graph_.route_from < 0) return route;
    const std::size_t n = graph_.nodes.size();
    constexpr std::int64_t infinity = std::numeric_limits<std::int64_t>::max();
    std::vector<std::int64_t> distance(n, infinity);
    std::vector<std::uint64_t> ways(n, 0);  // lightest paths from the start (saturating)
    std::vector<int> via(n, -1);            // the edge a lightest path arrives by
    std::vector<char> done(n, 0);
    const std::vector<std::vector<int>> at = incident_edges();
    using Entry = std::pair<std::int64_t, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    distance[static_cast<std::size_t>(graph_.route_from)] = 0;
    ways[static_cast<std::size_t>(graph_.route_from)] = 1;
    queue.emplace(0, graph_.route_from);
    while (!queue.empty()) {
        const auto [d, u] = queue.top();
        queue.pop();
        if (done[static_cast<std::size_t>(u)]) continue;
        done[static_cast<std::size_t>(u)] = 1;
        for (int e : at[static_cast<std::size_t>(u)]) {
            const GraphEdge& edge = graph_.edges[static_cast<std::size_t>(e)];
            const int v = edge.a == u ? edge.b : edge.a;
            const std::int64_t through = d + weights[static_cast<std::size_t>(e)];
            std::int64_t& best = distance[static_cast<std::size_t>(v)];
            std::uint64_t& count = ways[static_cast<std::size_t>(v)];
            const std::uint64_t add = ways[static_cast<std::size_t>(u)];
            if (through < best) {
                best = through;
                count = add;
                via[static_cast<std::size_t>(v)] = e;
                queue.emplace(through, v);
            } else if (through == best) {
                count = count > std::numeric_limits<std::uint64_t>::max() - add ? std::numeric_limits<std::uint64_t>::max() : count + add;
            }
        }
    }
    const std::size_t to = static_cast<std::size_t>(graph_.route_to);
    if (distance[to] == infinity) return route;
    route.found = true;
    route.weight = distance[to];
    route.lightest_paths = ways[to];
    std::vector<int> letters;
    for (int u = graph_.route_to; u != graph_.route_from;) {
        const int e = via[static_cast<std::size_t>(u)];
        route.edges.push_back(e);
        route.nodes.push_back(u);
        const GraphEdge& edge = graph_.edges[static_cast<std::size_t>(e)];
        u = edge.a == u ? edge.b : edge.a;
    }
    route.nodes.push_back(graph_.route_from);
    std::reverse(route.nodes.begin(), route.nodes.end());
    std::reverse(route.edges.begin(), route.edges.end());
    for (int e : route.edges) letters.push_back(weights[static_cast<std::size_t>(e)]);
    route.word = weights_as_letters(letters);
    return route;
}

std::string BugBytePuzzle::summary() const {
    std::string text = "bugbyte graph (";
    text += std::to_string(graph_.nodes.size());
    text += " nodes, ";
    text += std::to_string(graph_.edges.size());
    text += " edges, weights ";
    text += std::to_string(graph_.low);
    text += "..";
    text += std::to_string(graph_.high);
    text += ", ";
    text += std::to_string(graph_.node_sums.size());
    text += " node sums, ";
    text += std::to_string(graph_.path_clues.size());
    text += " path clues)";
    return text;
}

CellNames BugBytePuzzle::cell_names() const {
    CellNames names;
    for (const GraphEdge& e : graph_.edges) names.push_back(e.name);
    return names;
}

std::string BugBytePuzzle::node_name(int node) const {
    std::string name = "node ";
    name += graph_.nodes[static_cast<std::size_t>(node)];
    return name;
}

std::string BugBytePuzzle::path_name(const PathClue& clue) const {
    std::string name = "path from ";
    name += graph_.nodes[static_cast<std::size_t>(clue.node)];
    name += " total ";
    name += std::to_string(clue.total);
    return name;
}

std::vector<Rule> BugBytePuzzle::rules() const {
    std::vector<Rule> rules;
    const CellNames names = cell_names();
    const Rule range = values_in_range_rule("Weights", edge_count(), graph_.low, graph_.high);
    rules.push_back(range);
    Rule distinct = range;
    distinct.label = "Distinct weights";
    distinct.shape = RuleShape::all_different;
    rules.push_back(distinct);
    Rule given;
    given.label = "Given weights";
    given.shape = RuleShape::clues;
    for (int e = 0; e < edge_count(); ++e) {
        if (!graph_.edges[static_cast<std::size_t>(e)].given) continue;
        given.cells.push_back(e);
        given.given.push_back(graph_.edges[static_cast<std::size_t>(e)].fixed);
    }
    if (!given.cells.empty()) rules.push_back(given);
    const std::vector<std::vector<int>> at = incident_edges();
    for (const NodeSum& clue : graph_.node_sums) {
        Rule rule;
        rule.label = node_name(clue.node);
        rule.label += " edges ";
        rule.label += bracketed_names(at[static_cast<std::size_t>(clue.node)], names);
        rule.shape = RuleShape::sum_between;
        rule.cells = at[static_cast<std::size_t>(clue.node)];
        rule.low = rule.high = clue.sum;
        rules.push_back(std::move(rule));
    }
    for (const PathClue& clue : graph_.path_clues) {
        Rule rule;
        rule.shape = RuleShape::some_sum;
        rule.tuples = simple_paths_from(clue.node);
        rule.low = rule.high = clue.total;
        // In SMT-LIB the rule is a disjunction over these paths, one sum per path.
        rule.label = path_name(clue);
        rule.label += " (any of the ";
        rule.label += std::to_string(rule.tuples.size());
        rule.label += " simple paths from the node: a disjunction)";
        rules.push_back(std::move(rule));
    }
    return rules;
}

PuzzleModel BugBytePuzzle::build_model(Solver& solver, const ModelSettings& settings) const {
    PuzzleModel model;
    for (const GraphEdge& e : graph_.edges) {
        model.cells.push_back(e.given ? solver.new_int_var(e.fixed, e.fixed, e.name) : solver.new_int_var(graph_.low, graph_.high, e.name));
    }
    model.decisions = model.cells;
    int first = solver.propagator_count();
    all_different(solver, model.cells, settings.alldifferent);
    solver.name_propagators_from(first, "Distinct weights");  // propagators are named as the check lines name the rules
    const std::vector<std::vector<int>> at = incident_edges();
    for (const NodeSum& clue : graph_.node_sums) {
        std::vector<IntVar> vars;
        for (int e : at[static_cast<std::size_t>(clue.node)]) vars.push_back(model.cells[static_cast<std::size_t>(e)]);
        first = solver.propagator_count();
        sum(solver, vars, Relation::equal, clue.sum);
        solver.name_propagators_from(first, node_name(clue.node));
    }
    const std::vector<std::pair<int, int>> pairs = edge_pairs(graph_);
    for (const PathClue& clue : graph_.path_clues) {
        first = solver.propagator_count();
        path_sum(solver, static_cast<int>(graph_.nodes.size()), pairs, model.cells, clue.node, clue.total);
        solver.name_propagators_from(first, path_name(clue));
    }
    return model;
}

std::optional<Values> BugBytePuzzle::read_plain_solution(const SourceText& text, Diagnostic& error) const {
    // Lines "U-V: W", one per edge in order; other lines are skipped.
    Values values;
    for (const SourceLine& line : text.content_lines()) {
        const std::vector<SourceLine::Word> words = line.words();
        if (words.size() < 2 || values.size() >= graph_.edges.size()) continue;
        if (words[0].text != graph_.edges[values.size()].name + ":") continue;
        int weight = 0;
        const std::string& w = words[1].text;
        const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), weight);
        if (ec != std::errc() || end != w.data() + w.size()) {
            error = text.error_at(line.number, words[1].column, "expected a whole-number weight, found '" + words[1].text + "'");
            return std::nullopt;
        }
        values.push_back(weight);
    }
    if (values.size() != graph_.edges.size()) {
        std::string message = "expected one line 'U-V: WEIGHT' per edge (";
        message += std::to_string(graph_.edges.size());
        message += "), found ";
        message += std::to_string(values.size());
        error = text.error_at(text.last_line_number(), 1, std::move(message));
        return std::nullopt;
    }
    return values;
}

}  // namespace prune::puzzles
