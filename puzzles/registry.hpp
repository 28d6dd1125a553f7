// Registry: the kinds of puzzle prune knows, by name.
//
// The only singleton in the project. It is filled on first use by an explicit list of
// register_xxx() calls (registry.cpp) rather than by self-registering static objects,
// which a linker may silently drop from a static library.
#pragma once
#include <string_view>
#include <vector>

#include "puzzles/puzzle_kind.hpp"

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

// One function per kind module; each adds its kind to the registry.
void register_seki(Registry& registry);
void register_kurosu(Registry& registry);
void register_numberworkout(Registry& registry);
void register_sudoku(Registry& registry);
void register_ostomachion(Registry& registry);
void register_bugbyte(Registry& registry);
void register_quarto(Registry& registry);

}  // namespace prune::puzzles
