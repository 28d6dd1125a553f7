// Text placed in an HTML page (a title, an SVG <title>, a puzzle's names): the five
// characters that HTML reads as markup are written as entities, so no input can
// open a tag or end an attribute.
#pragma once
#include <string>
#include <string_view>

namespace prune::support {

std::string html_escape(std::string_view text);

}  // namespace prune::support
