// Bug Byte (Jane Street, 2024) and graph puzzles like it: give each edge of a graph a
// distinct weight in LO..HI so that the node sums and the path clues hold; the answer
// is the lightest route between two nodes, each weight read as a letter (1 = A).
// Cells are the edges in input order, named U-V; a cell holds its edge's weight.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "puzzles/puzzle_kind.hpp"

namespace prune::puzzles {

struct GraphEdge {
    int a = 0, b = 0;   // node indices
    std::string name;   // "U-V" as written in the input
    int fixed = 0;      // the given weight, 0 when none (given_weight tells)
    bool given = false;
};

struct NodeSum {
    int node = 0;
    int sum = 0;
};

struct PathClue {
    int node = 0;
    int total = 0;
};

struct WeightGraph {
    std::vector<std::string> nodes;  // names, in order of first appearance
    std::vector<GraphEdge> edges;
    std::vector<NodeSum> node_sums;
    std::vector<PathClue> path_clues;
    int low = 1, high = 0;           // the weights' range
    int route_from = -1, route_to = -1;  // -1: no route
};

// The simple paths the rules enumerate per node are limited to this many.
inline constexpr int bugbyte_max_paths = 100000;

// The lightest route under a weight assignment.
struct Route {
    bool found = false;
    std::int64_t weight = 0;
    std::uint64_t lightest_paths = 0;  // how many simple paths share that weight (ties)
    std::vector<int> nodes;            // one lightest path, node indices
    std::vector<int> edges;            // its edges
    std::string word;                  // its weights as letters, 1 = A ... 26 = Z ('?' outside)
};

class BugBytePuzzle final : public Puzzle {
public:
    explicit BugBytePuzzle(WeightGraph graph);

    const WeightGraph& graph() const { return graph_; }
    int edge_count() const { return static_cast<int>(graph_.edges.size()); }
    // The edges at each node.
    std::vector<std::vector<int>> incident_edges() const;
    // Every simple path (as edge indices) from `node`, at most bugbyte_max_paths.
    std::vector<std::vector<int>> simple_paths_from(int node) const;
    // Dijkstra from the route's start to its end by the weights (which must be > 0).
    Route lightest_route(const Values& weights) const;

    int cell_count() const override { return edge_count(); }
    // An edge's cell is named by the edge: "A-B".
    CellNames cell_names() const override;
    // "node C", "path from A total 20": rule names in check lines and traces alike.
    std::string node_name(int node) const;
    std::string path_name(const PathClue& clue) const;
    std::string summary() const override;
    std::vector<Rule> rules() const override;
    PuzzleModel build_model(Solver& solver, const ModelSettings& settings) const override;
    std::string render_plain(const Values& values) const override;
    void write_json_solution(JsonWriter& json, const Values& values) const override;
    std::string render_html_figure(const Values& values) const override;
    std::optional<Values> read_plain_solution(const SourceText& text, Diagnostic& error) const override;

private:
    WeightGraph graph_;
};

// "ABC": weights as letters, 1 = A ... 26 = Z, '?' for any other value.
std::string weights_as_letters(const std::vector<int>& weights);

ParseResult parse_bugbyte(const SourceText& source, const KindFlags& flags);

}  // namespace prune::puzzles
