// The text of trace/viewer/: the page skeleton, its style and its script, built into
// the library by cmake/embed_text.cmake (trace/CMakeLists.txt) so that they are edited
// as HTML, CSS and JavaScript and still need no file at run time.
#pragma once
#include <string_view>

namespace prune::trace {

// trace/viewer/page.html: markers @TITLE@, @NOTE@, @DATA@, @STYLE@ and @SCRIPT@.
extern const std::string_view viewer_page;
extern const std::string_view viewer_style;   // trace/viewer/viewer.css
extern const std::string_view viewer_script;  // trace/viewer/viewer.js

}  // namespace prune::trace
