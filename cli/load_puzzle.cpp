#include <ostream>

#include "cli/commands.hpp"
#include "cli/input.hpp"
#include "puzzles/registry.hpp"

namespace prune::cli {

std::unique_ptr<puzzles::Puzzle> load_puzzle(const CommandLine& command, const std::string& path, std::string& origin, std::ostream& err) {
    const puzzles::PuzzleKind* kind = puzzles::Registry::global().find(command.kind);
    if (kind == nullptr) {
        err << "prune: error: unknown puzzle kind '" << command.kind << "'\n";
        return nullptr;
    }
    puzzles::SourceText source;
    if (path.empty() && !kind->builtin_text.empty()) {
        source.name = "<built-in " + kind->name + ">";
        source.text = kind->builtin_text;
    } else {
        std::string error;
        auto read = read_input(path.empty() ? "-" : path, error);
        if (!read) {
            err << error << "\n";
            return nullptr;
        }
        source = std::move(*read);
    }
    origin = source.name;
    puzzles::ParseResult parsed = kind->parse(source, command.kind_flags);
    if (!parsed.puzzle) {
        err << parsed.error.to_string() << "\n";
        return nullptr;
    }
    return std::move(parsed.puzzle);
}

}  // namespace prune::cli
