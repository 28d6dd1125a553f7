#include "puzzles/registry.hpp"

namespace prune::puzzles {

const Registry& Registry::global() {
    // Built on first use (thread-safe since C++11) and never modified afterwards.
    static const Registry registry = [] {
        Registry r;
#define PRUNE_ADD_PUZZLE_KIND(name) r.add(name##_kind());
        PRUNE_PUZZLE_KINDS(PRUNE_ADD_PUZZLE_KIND)
#undef PRUNE_ADD_PUZZLE_KIND
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
