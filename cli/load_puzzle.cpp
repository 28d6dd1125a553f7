#include <filesystem>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/input.hpp"
#include "puzzles/common/game_id.hpp"
#include "puzzles/registry.hpp"

namespace prune::cli {
namespace {

// The name inline puzzles carry in diagnostics: `<command line>:1:7: error: ...`.
const char* const command_line_name = "<command line>";

// A puzzle given as the argument itself (prune solve sudoku 4.....8.5.3...): the
// argument names no existing file, holds no '/' (a path) unless it has the shape of a
// Tatham game ID ("5:2/3/1/...", see puzzles/common/game_id.hpp), and parses as a
// puzzle of the kind. Anything else is a file name, as before.
bool may_be_inline_puzzle(const std::string& argument) {
    std::error_code ec;
    const bool path_like = argument.find('/') != std::string::npos && !puzzles::looks_like_game_id(argument);
    return !argument.empty() && argument != "-" && !path_like && !std::filesystem::exists(argument, ec);
}

// The puzzles of a one-line kind's file that did not parse as one puzzle, counted
// when each of its (two or more) content lines is a puzzle by itself: the user
// probably meant --batch. 0 otherwise.
std::size_t puzzles_one_per_line(const puzzles::PuzzleKind& kind, const std::vector<support::SourceLine>& lines, const puzzles::KindFlags& flags) {
    if (!kind.one_line_form || lines.size() < 2) return 0;
    for (const support::SourceLine& line : lines) {
        if (!kind.parse(support::SourceText{"", line.text}, flags).puzzle) return 0;
    }
    return lines.size();
}

// The error for a file that does not parse as one puzzle (`error`), or the --batch
// hint when it holds one puzzle per line. A grid missing a row or holding one too
// many (as many lines as cells per line, give or take one) may look like one-line
// puzzles too (seki "oo+o" rows, 16x16 sudoku rows): there the grid error comes
// first and the hint follows as a note.
void report_parse_error(const puzzles::PuzzleKind& kind, const support::SourceText& source, const puzzles::KindFlags& flags, const support::Diagnostic& error,
                        std::ostream& err) {
    const std::vector<support::SourceLine> lines = source.content_lines();
    const std::size_t count = puzzles_one_per_line(kind, lines, flags);
    if (count == 0) {
        err << error.to_string() << "\n";
        return;
    }
    const std::size_t width = lines.front().glyphs().size();
    const bool looks_like_a_grid = count + 1 >= width && count <= width + 1;
    const std::string hint = "this file holds " + std::to_string(count) + " puzzles, one per line: use --batch";
    if (looks_like_a_grid) {
        err << error.to_string() << "\n" << "prune: note: if each line is a puzzle of its own, " << hint << "\n";
    } else {
        err << source.error_at(lines.front().number, lines.front().first_column, hint).to_string() << "\n"
            << "prune: note: read as one puzzle: " << error.to_string() << "\n";
    }
}

}  // namespace

std::unique_ptr<puzzles::Puzzle> load_puzzle(const CommandLine& command, const std::string& path, std::string& origin, std::ostream& err) {
    const puzzles::PuzzleKind* kind = puzzles::Registry::global().find(command.kind);
    if (kind == nullptr) {
        err << "prune: error: unknown puzzle kind '" << command.kind << "'\n";
        return nullptr;
    }
    support::SourceText source;
    if (path.empty() && !kind->builtin_text.empty()) {
        source.name = "<built-in " + kind->name + ">";
        source.text = kind->builtin_text;
    } else if (may_be_inline_puzzle(path)) {
        source.name = command_line_name;
        source.text = path;
        puzzles::ParseResult parsed = kind->parse(source, command.kind_flags);
        if (parsed.puzzle) {
            origin = source.name;
            return std::move(parsed.puzzle);
        }
        // Neither a file nor a puzzle: say both, the file first (the likelier slip).
        std::string error;
        read_input(path, error);
        err << error << "\n" << "prune: note: read as the puzzle itself: " << parsed.error.to_string() << "\n";
        return nullptr;
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
        report_parse_error(*kind, source, command.kind_flags, parsed.error, err);
        return nullptr;
    }
    return std::move(parsed.puzzle);
}

}  // namespace prune::cli
