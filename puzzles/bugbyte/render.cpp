// Bug Byte output: 'U-V: W' lines and the answer line, {"weights": {...}, "answer":
// "WORD"}, and an SVG of the graph (nodes on a circle, each edge labelled with its
// weight, the answer route drawn thick and red).
#include <cmath>

#include "puzzles/bugbyte/bugbyte_puzzle.hpp"
#include "puzzles/common/html_page.hpp"

namespace prune::puzzles {
namespace {

std::string route_text(const WeightGraph& graph, const Route& route) {
    std::string text;
    for (std::size_t i = 0; i < route.nodes.size(); ++i) {
        if (i > 0) text += '-';
        text += graph.nodes[static_cast<std::size_t>(route.nodes[i])];
    }
    return text;
}

}  // namespace

std::string BugBytePuzzle::render_plain(const Values& values) const {
    std::string text;
    for (int e = 0; e < edge_count(); ++e) {
        text += graph_.edges[static_cast<std::size_t>(e)].name;
        text += ": ";
        text += std::to_string(values[static_cast<std::size_t>(e)]);
        text += '\n';
    }
    if (graph_.route_from < 0) return text;
    const Route route = lightest_route(values);
    const std::string& from = graph_.nodes[static_cast<std::size_t>(graph_.route_from)];
    const std::string& to = graph_.nodes[static_cast<std::size_t>(graph_.route_to)];
    if (!route.found) {
        text += "Answer: none (no path from ";
        text += from;
        text += " to ";
        text += to;
        text += ")\n";
        return text;
    }
    text += "Answer: ";
    text += route.word;
    text += " (lightest path ";
    text += route_text(graph_, route);
    text += ", weight ";
    text += std::to_string(route.weight);
    if (route.lightest_paths > 1) {
        text += "; ambiguous: ";
        text += std::to_string(route.lightest_paths);
        text += " paths from ";
        text += from;
        text += " to ";
        text += to;
        text += " share that weight";
    }
    text += ")\n";
    return text;
}

void BugBytePuzzle::write_json_solution(JsonWriter& json, const Values& values) const {
    json.begin_object();
    json.key("weights");
    json.begin_object();
    for (int e = 0; e < edge_count(); ++e) {
        json.key(graph_.edges[static_cast<std::size_t>(e)].name);
        json.value(values[static_cast<std::size_t>(e)]);
    }
    json.end_object();
    json.key("answer");
    const Route route = lightest_route(values);
    if (route.found) {
        json.value(route.word);
    } else {
        json.null();
    }
    if (route.found && route.lightest_paths > 1) {
        json.key("answer_ambiguous");
        json.value(true);
    }
    json.end_object();
}

std::string BugBytePuzzle::render_html_figure(const Values& values) const {
    constexpr int side = 480;
    constexpr double radius = 200;
    const int n = static_cast<int>(graph_.nodes.size());
    auto x_of = [&](int v) { return side / 2.0 + radius * std::sin(2 * 3.14159265358979 * v / n); };
    auto y_of = [&](int v) { return side / 2.0 - radius * std::cos(2 * 3.14159265358979 * v / n); };
    auto num = [](double v) { return std::to_string(static_cast<int>(std::lround(v))); };
    const Route route = lightest_route(values);
    std::vector<char> on_route(graph_.edges.size(), 0);
    for (int e : route.edges) on_route[static_cast<std::size_t>(e)] = 1;
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(side) + "\" height=\"" + std::to_string(side) +
                      "\" viewBox=\"0 0 " + std::to_string(side) + " " + std::to_string(side) + "\">\n";
    for (int e = 0; e < edge_count(); ++e) {
        const GraphEdge& edge = graph_.edges[static_cast<std::size_t>(e)];
        const bool red = on_route[static_cast<std::size_t>(e)] != 0;
        svg += "<line x1=\"" + num(x_of(edge.a)) + "\" y1=\"" + num(y_of(edge.a)) + "\" x2=\"" + num(x_of(edge.b)) + "\" y2=\"" +
               num(y_of(edge.b)) + "\" stroke=\"" + (red ? "#c0392b" : "#888") + "\" stroke-width=\"" + (red ? "4" : "1.5") + "\"/>\n";
        const double mx = (x_of(edge.a) + x_of(edge.b)) / 2;
        const double my = (y_of(edge.a) + y_of(edge.b)) / 2;
        svg += "<text x=\"" + num(mx) + "\" y=\"" + num(my + 4) + "\" text-anchor=\"middle\" font-size=\"12\" font-family=\"monospace\"" +
               (edge.given ? " font-weight=\"bold\"" : "") + " fill=\"#1a5276\"><title>" + html_escape(edge.name) + "</title>" +
               std::to_string(values[static_cast<std::size_t>(e)]) + "</text>\n";
    }
    std::vector<std::string> clues(static_cast<std::size_t>(n));
    for (const NodeSum& s : graph_.node_sums) (clues[static_cast<std::size_t>(s.node)] += " sum ") += std::to_string(s.sum);
    for (const PathClue& p : graph_.path_clues) (clues[static_cast<std::size_t>(p.node)] += " path ") += std::to_string(p.total);
    for (int v = 0; v < n; ++v) {
        const std::string& name = graph_.nodes[static_cast<std::size_t>(v)];
        const bool clued = !clues[static_cast<std::size_t>(v)].empty();
        svg += "<circle cx=\"" + num(x_of(v)) + "\" cy=\"" + num(y_of(v)) + "\" r=\"15\" fill=\"" + (clued ? "#f9e79f" : "#fff") +
               "\" stroke=\"#333\"><title>node " + html_escape(name) + html_escape(clues[static_cast<std::size_t>(v)]) + "</title></circle>\n";
        svg += "<text x=\"" + num(x_of(v)) + "\" y=\"" + num(y_of(v) + 5) +
               "\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\" font-family=\"monospace\">" + html_escape(name) + "</text>\n";
    }
    if (route.found) {
        svg += "<text x=\"8\" y=\"" + std::to_string(side - 8) + "\" font-size=\"16\" font-family=\"monospace\">Answer: " + html_escape(route.word) +
               "</text>\n";
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
