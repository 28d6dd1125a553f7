// Generating puzzles with exactly one solution: `prune generate KIND SIZE`.
//
// The same recipe for every kind it knows (sudoku, towers, unequal): the engine fills
// a random solution (an empty grid searched with random values, from the seed), the
// kind lists every clue that solution offers (sudoku: each digit; towers: the 4n
// visibility counts, then digits; unequal: the mark between each pair of neighbours,
// then digits), a starting set of clues is grown until the engine proves the
// solution unique, and then clues are taken away one by one in random order, each
// removal kept only while the puzzle stays unique. The difficulty decides what else
// a removal must keep:
//   easy    the puzzle still solves by propagation alone (0 search nodes)
//   hard    nothing more: the clues left are a minimal unique set
// Everything follows from the seed (prune's own SplitMix64, no std:: distribution),
// so a seed gives the same puzzle on every platform.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace prune::puzzles {

enum class GenerateDifficulty { easy, hard };

struct GenerateSettings {
    std::string kind;  // "sudoku", "towers", "unequal"
    int size = 0;      // sudoku: 4, 9 or 16; towers 3..9; unequal 3..9
    std::uint64_t seed = 1;
    GenerateDifficulty difficulty = GenerateDifficulty::easy;
};

struct GenerateResult {
    std::string text;   // the puzzle in the kind's plain format, with a comment header
    std::string error;  // set when the settings are refused
    int clues = 0;      // clues (and digits) left
    int tries = 0;      // uniqueness checks run
};

// The kinds `generate` knows, and the sizes each accepts ("4, 9 or 16").
const std::vector<std::string>& generator_kinds();
std::string generator_sizes(const std::string& kind);

GenerateResult generate_puzzle(const GenerateSettings& settings);

}  // namespace prune::puzzles
