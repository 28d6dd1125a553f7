// Bug Byte output: 'U-V: W' lines and the answer line, {"weights": {...}, "answer":
// "WORD"}, and an SVG of the graph (nodes on a circle, each edge labelled with its
// weight, the answer route drawn thick and red).
#include <algorithm>
#include <cmath>
#include <iterator>

#include "puzzles/bugbyte/bugbyte_puzzle.hpp"
#include "puzzles/common/svg.hpp"
#include "puzzles/common/support_names.hpp"

namespace prune::puzzles {
namespace {

using Point = SvgPoint;

// A label's box in the SVG: the white rectangle its text sits on.
struct LabelBox {
    double x = 0;
    double y = 0;
    double width = 0;
    double height = 0;
};

constexpr double label_font_size = 12;
// Monospace digits advance 0.6 em; the box adds 3 px each side.
double label_width(const std::string& text) { return 0.6 * label_font_size * static_cast<double>(text.size()) + 6; }
constexpr double label_height = 15;

bool boxes_overlap(const LabelBox& a, const LabelBox& b, double gap) {
    return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

// Whether the box comes within `gap` of the circle at `c` with radius r.
bool box_touches_circle(const LabelBox& box, const Point& c, double r, double gap) {
    const double nearest_x = std::clamp(c.x, box.x, box.x + box.width);
    const double nearest_y = std::clamp(c.y, box.y, box.y + box.height);
    const double dx = c.x - nearest_x;
    const double dy = c.y - nearest_y;
    return dx * dx + dy * dy < (r + gap) * (r + gap);
}

// Whether the segment a-b passes through the box (Liang-Barsky clipping).
bool segment_crosses_box(const Point& a, const Point& b, const LabelBox& box) {
    double t0 = 0;
    double t1 = 1;
    const double dx = b.x - a.x;
    const double dy = b.y - a.y;
    const double p[] = {-dx, dx, -dy, dy};
    const double q[] = {a.x - box.x, box.x + box.width - a.x, a.y - box.y, box.y + box.height - a.y};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0) return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0) t0 = std::max(t0, t);
        else t1 = std::min(t1, t);
        if (t0 > t1) return false;
    }
    return true;
}

// Where each edge's weight goes: on its edge, as near the middle as it can be, at the
// first position (along the edge, then a little to either side of it) whose box keeps
// clear of every node and of the labels placed before, and preferably of the other
// edges (a label on a crossing could belong to either line). Deterministic, so the
// same puzzle draws the same page.
std::vector<LabelBox> place_edge_labels(const WeightGraph& graph, const std::vector<Point>& at, double node_radius, const std::vector<std::string>& texts,
                                        double side) {
    static const double along[] = {0.5, 0.42, 0.58, 0.34, 0.66, 0.27, 0.73, 0.46, 0.54, 0.38, 0.62, 0.3, 0.7, 0.22, 0.78};
    static const double across[] = {0, 9, -9, 17, -17, 25, -25};
    std::vector<LabelBox> placed;
    for (std::size_t e = 0; e < graph.edges.size(); ++e) {
        const Point& a = at[static_cast<std::size_t>(graph.edges[e].a)];
        const Point& b = at[static_cast<std::size_t>(graph.edges[e].b)];
        const double length = std::max(1.0, std::hypot(b.x - a.x, b.y - a.y));
        const Point normal{-(b.y - a.y) / length, (b.x - a.x) / length};
        const double width = label_width(texts[e]);
        auto candidate = [&](double t, double offset) {
            return LabelBox{a.x + t * (b.x - a.x) + offset * normal.x - width / 2, a.y + t * (b.y - a.y) + offset * normal.y - label_height / 2, width, label_height};
        };
        auto clear = [&](const LabelBox& box, bool of_other_edges) {
            for (std::size_t other = 0; of_other_edges && other < graph.edges.size(); ++other) {
                if (other != e && segment_crosses_box(at[static_cast<std::size_t>(graph.edges[other].a)], at[static_cast<std::size_t>(graph.edges[other].b)], box)) return false;
            }
            if (box.x < 0 || box.y < 0 || box.x + box.width > side || box.y + box.height > side) return false;
            for (const Point& node : at) {
                if (box_touches_circle(box, node, node_radius, 2)) return false;
            }
            for (const LabelBox& other : placed) {
                if (boxes_overlap(box, other, 1)) return false;
            }
            return true;
        };
        LabelBox best = candidate(0.5, 0);  // the middle, if nothing is free
        bool found = false;
        for (const bool strict : {true, false}) {
            for (std::size_t i = 0; i < std::size(across) && !found; ++i) {
                for (std::size_t j = 0; j < std::size(along) && !found; ++j) {
                    const LabelBox box = candidate(along[j], across[i]);
                    if (clear(box, strict)) {
                        best = box;
                        found = true;
                    }
                }
            }
        }
        placed.push_back(best);
    }
    return placed;
}

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
    constexpr int side = 560;
    constexpr double radius = 230;
    constexpr double node_radius = 15;
    const int n = static_cast<int>(graph_.nodes.size());
    std::vector<Point> at(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) {
        at[static_cast<std::size_t>(v)] = on_circle(v, n, side / 2.0, radius);
    }
    auto num = svg_whole;
    const Route route = lightest_route(values);
    std::vector<char> on_route(graph_.edges.size(), 0);
    for (int e : route.edges) on_route[static_cast<std::size_t>(e)] = 1;
    std::vector<std::string> texts;
    for (int e = 0; e < edge_count(); ++e) texts.push_back(std::to_string(values[static_cast<std::size_t>(e)]));
    const std::vector<LabelBox> boxes = place_edge_labels(graph_, at, node_radius, texts, side);

    std::string svg = svg_open(side, side);
    for (int e = 0; e < edge_count(); ++e) {
        const GraphEdge& edge = graph_.edges[static_cast<std::size_t>(e)];
        const Point& a = at[static_cast<std::size_t>(edge.a)];
        const Point& b = at[static_cast<std::size_t>(edge.b)];
        const bool red = on_route[static_cast<std::size_t>(e)] != 0;
        svg += "<line x1=\"" + num(a.x) + "\" y1=\"" + num(a.y) + "\" x2=\"" + num(b.x) + "\" y2=\"" + num(b.y) + "\" stroke=\"" + (red ? "#c0392b" : "#888") +
               "\" stroke-width=\"" + (red ? "4" : "1.5") + "\"/>\n";
    }
    // The labels over the lines, each on a white box that no node and no other box
    // overlaps (place_edge_labels), so every weight can be read.
    for (int e = 0; e < edge_count(); ++e) {
        const GraphEdge& edge = graph_.edges[static_cast<std::size_t>(e)];
        const LabelBox& box = boxes[static_cast<std::size_t>(e)];
        svg += "<g class=\"edge-label\"><title>" + html_escape(edge.name) + "</title><rect x=\"" + svg_one_decimal(box.x) + "\" y=\"" + svg_one_decimal(box.y) + "\" width=\"" +
               svg_one_decimal(box.width) + "\" height=\"" + svg_one_decimal(box.height) + "\" rx=\"3\" fill=\"#fff\" fill-opacity=\"0.9\" stroke=\"" +
               (on_route[static_cast<std::size_t>(e)] != 0 ? "#c0392b" : "#bbb") + "\" stroke-width=\"0.8\"/><text x=\"" + svg_one_decimal(box.x + box.width / 2) +
               "\" y=\"" + svg_one_decimal(box.y + box.height - 3.5) + "\" text-anchor=\"middle\" font-size=\"" + num(label_font_size) + "\" font-family=\"monospace\"" +
               (edge.given ? " font-weight=\"bold\"" : "") + " fill=\"#1a5276\">" + texts[static_cast<std::size_t>(e)] + "</text></g>\n";
    }
    std::vector<std::string> clues(static_cast<std::size_t>(n));
    for (const NodeSum& s : graph_.node_sums) (clues[static_cast<std::size_t>(s.node)] += " sum ") += std::to_string(s.sum);
    for (const PathClue& p : graph_.path_clues) (clues[static_cast<std::size_t>(p.node)] += " path ") += std::to_string(p.total);
    for (int v = 0; v < n; ++v) {
        const std::string& name = graph_.nodes[static_cast<std::size_t>(v)];
        const Point& p = at[static_cast<std::size_t>(v)];
        const bool clued = !clues[static_cast<std::size_t>(v)].empty();
        svg += "<circle cx=\"" + num(p.x) + "\" cy=\"" + num(p.y) + "\" r=\"" + num(node_radius) + "\" fill=\"" + (clued ? "#f9e79f" : "#fff") +
               "\" stroke=\"#333\"><title>node " + html_escape(name) + html_escape(clues[static_cast<std::size_t>(v)]) + "</title></circle>\n";
        svg += "<text x=\"" + num(p.x) + "\" y=\"" + num(p.y + 5) + "\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\" font-family=\"monospace\">" +
               html_escape(name) + "</text>\n";
    }
    if (route.found) {
        svg += "<text x=\"8\" y=\"" + std::to_string(side - 8) + "\" font-size=\"16\" font-family=\"monospace\">Answer: " + html_escape(route.word) + "</text>\n";
    }
    svg += "</svg>";
    return svg;
}

}  // namespace prune::puzzles
