// A self-contained HTML page (inline CSS and SVG, no external files): a title, the
// drawing of a solved puzzle and its check lines.
#pragma once
#include <string>
#include <string_view>

namespace prune::puzzles {
struct CheckReport;
}

namespace prune::cli {

// `figure` is trusted HTML from a kind's renderer; `report` may be null (no solution).
std::string html_page(std::string_view title, std::string_view subtitle, std::string_view figure, const puzzles::CheckReport* report);

}  // namespace prune::cli
