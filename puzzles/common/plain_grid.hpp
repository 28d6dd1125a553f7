// Reading a grid back from prune's plain output (or from a hand-written solution).
//
// Plain output is the grid in the puzzle's layout followed by check lines; a grid
// line is made of digits, blanks and '|', and lines of '-', '+' and '|' may separate
// boxes. The first run of such lines is the grid; everything else is skipped.
#pragma once
#include <functional>
#include <optional>
#include <vector>

#include "puzzles/common/support_names.hpp"
#include "puzzles/rule.hpp"

namespace prune::puzzles {

// True for a line of digits, blanks and '|' holding at least one digit.
bool is_digit_grid_line(const SourceLine& line);
// True for a line of '-', '+', '|' and blanks holding at least one '-'.
bool is_separator_line(const SourceLine& line);

// The first block of lines for which `is_grid_line` holds (separator lines inside the
// block are dropped). Empty when there is none.
std::vector<SourceLine> first_grid_block(const SourceText& text, const std::function<bool(const SourceLine&)>& is_grid_line);

// Reads one value per digit of the first digit grid (blanks and '|' ignored), and
// checks that there are exactly `cells` of them.
std::optional<Values> read_digit_grid(const SourceText& text, int cells, Diagnostic& error);

}  // namespace prune::puzzles
