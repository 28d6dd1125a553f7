// The models against brute force: on small grids, the number of solutions the engine
// counts equals the number of assignments that satisfy the rules written out directly
// here (and the checker accepts exactly those).
#include <random>

#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/check_report.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

namespace {

// Kurosu rules stated directly on a height x width 0/1 grid given as a bit mask.
bool kurosu_holds(std::uint32_t bits, int height, int width, bool unique_lines, const std::string& clues) {
    auto at = [&](int r, int c) { return static_cast<int>((bits >> (r * width + c)) & 1u); };
    for (int i = 0; i < height * width; ++i) {
        if (clues[i] != '.' && clues[i] - '0' != static_cast<int>((bits >> i) & 1u)) return false;
    }
    for (int r = 0; r < height; ++r) {
        int ones = 0;
        for (int c = 0; c < width; ++c) ones += at(r, c);
        if (ones * 2 != width) return false;
        for (int c = 2; c < width; ++c) {
            if (at(r, c) == at(r, c - 1) && at(r, c) == at(r, c - 2)) return false;
        }
    }
    for (int c = 0; c < width; ++c) {
        int ones = 0;
        for (int r = 0; r < height; ++r) ones += at(r, c);
        if (ones * 2 != height) return false;
        for (int r = 2; r < height; ++r) {
            if (at(r, c) == at(r - 1, c) && at(r, c) == at(r - 2, c)) return false;
        }
    }
    if (unique_lines) {
        for (int a = 0; a < height; ++a) {
            for (int b = a + 1; b < height; ++b) {
                bool same = true;
                for (int c = 0; c < width; ++c) same = same && at(a, c) == at(b, c);
                if (same) return false;
            }
        }
        for (int a = 0; a < width; ++a) {
            for (int b = a + 1; b < width; ++b) {
                bool same = true;
                for (int r = 0; r < height; ++r) same = same && at(r, a) == at(r, b);
                if (same) return false;
            }
        }
    }
    return true;
}

// Seki rules stated directly: count the black cells around each rotor, and for two,
// whether they are diagonal.
bool seki_holds(std::uint32_t bits, int size, const std::string& rotors) {
    auto at = [&](int r, int c) { return static_cast<int>((bits >> (r * size + c)) & 1u); };
    for (int r = 0; r + 1 < size; ++r) {
        for (int c = 0; c + 1 < size; ++c) {
            const int tl = at(r, c), tr = at(r, c + 1), bl = at(r + 1, c), br = at(r + 1, c + 1);
            const int black = tl + tr + bl + br;
            const bool diagonal = black == 2 && tl == br;
            switch (rotors[r * (size - 1) + c]) {
                case '+': if (black != 1) return false; break;
                case '-': if (black != 3) return false; break;
                case 'o': if (black != 2 || !diagonal) return false; break;
                case 'a': if (black != 2 || diagonal) return false; break;
                default: return false;
            }
        }
    }
    return true;
}

Values values_of(std::uint32_t bits, int cells) {
    Values v;
    for (int i = 0; i < cells; ++i) v.push_back(static_cast<int>((bits >> i) & 1u));
    return v;
}

std::string grid_text(const std::string& cells, int width) {
    std::string text;
    for (std::size_t i = 0; i < cells.size(); i += static_cast<std::size_t>(width)) text += cells.substr(i, static_cast<std::size_t>(width)) + "\n";
    return text;
}

}  // namespace

TEST_CASE("kurosu model and checker agree with brute force on small grids", "[puzzles]") {
    std::mt19937 random(7);
    for (const auto& [height, width] : std::vector<std::pair<int, int>>{{2, 2}, {2, 4}, {4, 2}, {4, 4}, {2, 6}, {6, 2}, {4, 4}, {4, 4}}) {
        for (const bool unique_lines : {false, true}) {
            // Random clues on about a fifth of the cells (none on the first pass).
            for (int pass = 0; pass < 3; ++pass) {
                std::string clues(static_cast<std::size_t>(height * width), '.');
                if (pass > 0) {
                    for (char& c : clues) {
                        if (random() % 5 == 0) c = static_cast<char>('0' + random() % 2);
                    }
                }
                const int cells = height * width;
                const auto parsed = parse_text("kurosu", grid_text(clues, width), unique_lines ? KindFlags{"--unique-lines"} : KindFlags{});
                REQUIRE(parsed.puzzle);
                std::uint64_t expected = 0;
                for (std::uint32_t bits = 0; bits < (1u << cells); ++bits) {
                    const bool holds = kurosu_holds(bits, height, width, unique_lines, clues);
                    expected += holds ? 1 : 0;
                    if (cells <= 8 || holds) REQUIRE(check_solution(*parsed.puzzle, values_of(bits, cells)).ok() == holds);
                }
                INFO(height << "x" << width << (unique_lines ? " unique lines" : "") << " clues " << clues);
                const Solved all = solve(*parsed.puzzle, SolveMode::all);
                CHECK(all.solutions.size() == expected);
                for (const Values& v : all.solutions) CHECK(check_solution(*parsed.puzzle, v).ok());
            }
        }
    }
}

TEST_CASE("seki model and checker agree with brute force on small grids", "[puzzles]") {
    std::mt19937 random(11);
    const std::string kinds = "+-oa";
    for (int size = 2; size <= 4; ++size) {
        for (int trial = 0; trial < 12; ++trial) {
            std::string rotors;
            for (int k = 0; k < (size - 1) * (size - 1); ++k) rotors += kinds[random() % 4];
            const auto parsed = parse_text("seki", rotors + "\n");
            REQUIRE(parsed.puzzle);
            const int cells = size * size;
            std::uint64_t expected = 0;
            for (std::uint32_t bits = 0; bits < (1u << cells); ++bits) {
                const bool holds = seki_holds(bits, size, rotors);
                expected += holds ? 1 : 0;
                if (size <= 3 || holds) REQUIRE(check_solution(*parsed.puzzle, values_of(bits, cells)).ok() == holds);
            }
            INFO("seki " << rotors);
            CHECK(solve(*parsed.puzzle, SolveMode::count).outcome.solutions == expected);
        }
    }
}
