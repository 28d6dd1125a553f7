// The web page's solver built natively, for the speed comparison with the wasm module
// (bench/wasm_vs_native.sh; node_sudoku.mjs is its Node twin):
//   web_sudoku_native FILE
// solves each line of FILE (81 characters; blank lines and # comments skipped) with
// solve_sudoku() and prints one line per puzzle: the 81 digits, or the status. The
// process CPU time of the solving loop goes to standard error as "cpu_seconds S".
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "examples/web/web_sudoku.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: web_sudoku_native FILE\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << argv[1] << ": cannot read\n";
        return 2;
    }
    std::vector<std::string> puzzles;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line[0] != '#') puzzles.push_back(line);
    }
    std::vector<std::string> lines;
    const std::clock_t start = std::clock();
    for (const std::string& puzzle : puzzles) {
        const prune::web::SudokuAnswer answer = prune::web::solve_sudoku(puzzle, nullptr, 0);
        lines.push_back(answer.grid.empty() ? answer.status : answer.grid);
    }
    const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    for (const std::string& line : lines) std::cout << line << '\n';
    std::cerr << "cpu_seconds " << seconds << '\n';
    return 0;
}
