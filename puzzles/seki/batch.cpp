// Seki in batch solving: the grid on one line.
#include "puzzles/seki/seki_puzzle.hpp"

namespace prune::puzzles {

std::string SekiPuzzle::render_line(const Values& values) const {
    std::string line;
    line.reserve(values.size());
    for (int v : values) line.push_back(v == 0 ? '0' : '1');
    return line;
}

}  // namespace prune::puzzles
