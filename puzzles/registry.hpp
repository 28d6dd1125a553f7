// Registry: the kinds of puzzle prune knows, by name.
//
// The only singleton in the project. It is filled on first use from the list of kinds
// below (PRUNE_PUZZLE_KINDS) rather than by self-registering static objects, which a
// linker may silently drop from a static library.
#pragma once
#include <string_view>
#include <vector>

#include "puzzles/puzzle_kind.hpp"

// The built-in kinds, in the order `prune list` shows them: the one place to name a
// new kind. Kind NAME defines `PuzzleKind NAME_kind()` in puzzles/NAME/register.cpp;
// the declarations below and the registry's list are made from this line.
#define PRUNE_PUZZLE_KINDS(KIND) KIND(seki) KIND(kurosu) KIND(numberworkout) KIND(sudoku) KIND(ostomachion) KIND(bugbyte) KIND(quarto) KIND(pattern) KIND(jigsaw) KIND(killer) KIND(kakuro) KIND(towers) KIND(keen) KIND(unequal)

namespace prune::puzzles {

class Registry {
public:
    // The registry holding every built-in kind.
    static const Registry& global();

    void add(PuzzleKind kind);
    // The kind called `name`, or nullptr.
    const PuzzleKind* find(std::string_view name) const;
    // In registration order.
    const std::vector<PuzzleKind>& kinds() const { return kinds_; }

private:
    std::vector<PuzzleKind> kinds_;
};

// One function per kind module, returning its name, help, options and parser.
#define PRUNE_DECLARE_PUZZLE_KIND(name) PuzzleKind name##_kind();
PRUNE_PUZZLE_KINDS(PRUNE_DECLARE_PUZZLE_KIND)
#undef PRUNE_DECLARE_PUZZLE_KIND

}  // namespace prune::puzzles
