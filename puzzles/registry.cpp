#include "puzzles/registry.hpp"

namespace prune::puzzles {

const Registry& Registry::global() {
    // Built on first use (thread-safe since C++11) and never modified afterwards.
    static const Registry registry = [] {
        Registry r;
        // The list of kinds: add a new kind here (and nowhere in the CLI).
        register_seki(r);
        register_kurosu(r);
        register_numberworkout(r);
        register_sudoku(r);
        register_ostomachion(r);
        register_bugbyte(r);
        register_quarto(r);
        return r;
    }();
    return registry;
}

void Registry::add(PuzzleKind kind) { kinds_.push_back(std::move(kind)); }

const PuzzleKind* Registry::find(std::string_view name) const {
    for (const PuzzleKind& kind : kinds_) {
        if (kind.name == name) return &kind;
    }
    return nullptr;
}

}  // namespace prune::puzzles
