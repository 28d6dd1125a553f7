// The web page's solver built natively, for the speed comparison with the wasm module
// (bench/wasm_vs_native.sh; node_sudoku.mjs is its Node twin):
//   web_sudoku_native FILE [PASSES]
// solves each line of FILE (81 characters; blank lines and # comments skipped) with
// solve_sudoku() and prints one line per puzzle: the 81 digits, or the status. It
// solves the whole file PASSES times (default 1) and writes the process CPU time of
// each pass to standard error: "pass_cpu_seconds 1 S".
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "examples/web/web_sudoku.hpp"

int main(int argc, char** argv) {
    const int passes = argc == 3 ? std::atoi(argv[2]) : 1;
    if (argc < 2 || argc > 3 || passes < 1) {
        std::cerr << "usage: web_sudoku_native FILE [PASSES]\n";
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
    for (int pass = 1; pass <= passes; ++pass) {
        const std::clock_t start = std::clock();
        std::vector<std::string> answers;
        for (const std::string& puzzle : puzzles) {
            const prune::web::SudokuAnswer answer = prune::web::solve_sudoku(puzzle, nullptr, 0);
            answers.push_back(answer.grid.empty() ? answer.status : answer.grid);
        }
        const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        std::cerr << "pass_cpu_seconds " << pass << ' ' << seconds << '\n';
        if (pass == 1) lines = std::move(answers);
    }
    for (const std::string& line : lines) std::cout << line << '\n';
    return 0;
}
