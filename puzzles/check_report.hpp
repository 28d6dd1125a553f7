// The checker: every rule of a puzzle evaluated on a solution, one line each.
//
//     rotor 1 (o) [r1c1,r1c2,r2c1,r2c2] sum 2 OK
//     ...
//     Puzzle OK: solution successful.
#pragma once
#include <string>
#include <vector>

#include "puzzles/puzzle.hpp"

namespace prune::puzzles {

struct CheckLine {
    std::string text;  // label and detail, without the verdict
    bool ok = false;
};

struct CheckReport {
    std::vector<CheckLine> lines;
    int broken = 0;

    bool ok() const { return broken == 0; }
    // The lines with their verdicts and the closing summary line, newline-terminated.
    std::string to_text() const;
    // The closing line: "Puzzle OK: solution successful." or "Puzzle ERROR: ...".
    std::string summary() const;
};

// `values` must hold one value per cell.
CheckReport check_solution(const Puzzle& puzzle, const Values& values);

}  // namespace prune::puzzles
