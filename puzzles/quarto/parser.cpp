// Quarto input: an optional `lines FAMILY,...` line and an optional board of four
// rows of four entries, each '.' (empty) or a given piece 0..15.
#include <charconv>

#include "puzzles/quarto/quarto_puzzle.hpp"

namespace prune::puzzles {
namespace {

bool parse_int(const std::string& text, int& out) {
    if (text.empty()) return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

const char* const family_help = "rows, columns, diagonals, blocks, torus-blocks, broken-diagonals, none";

// The families named in `words` (separated by commas and/or blanks). On an unknown
// name returns false with its column in `bad_column` and the name in `bad`.
// `named` counts the names read ("none" included: only the file's own lines).
bool parse_families(const std::vector<SourceLine::Word>& words, unsigned& families, int& named, int& bad_column, std::string& bad) {
    for (const SourceLine::Word& word : words) {
        std::size_t start = 0;
        while (start <= word.text.size()) {
            std::size_t end = word.text.find(',', start);
            if (end == std::string::npos) end = word.text.size();
            const std::string name = word.text.substr(start, end - start);
            if (!name.empty()) ++named;
            if (!name.empty() && name != "none") {
                const unsigned bit = quarto_family_bit(name);
                if (bit == 0) {
                    bad_column = word.column + column_width(std::string_view(word.text).substr(0, start));
                    bad = name;
                    return false;
                }
                families |= bit;
            }
            start = end + 1;
        }
    }
    return true;
}

}  // namespace

ParseResult parse_quarto(const SourceText& source, const KindFlags& flags) {
    ParseResult result;
    auto fail = [&](int line, int column, std::string message) {
        result.error = source.error_at(line, column, std::move(message));
        return std::move(result);
    };
    unsigned families = 0;
    int lines_line = 0;
    std::vector<int> clues(QuartoPuzzle::cells, -1);
    std::vector<std::pair<int, int>> where(16, {0, 0});  // line, column of each given piece
    int rows = 0;
    std::vector<std::array<int, 4>> extra_lines;
    for (const SourceLine& line : source.content_lines()) {
        const std::vector<SourceLine::Word> words = line.words();
        const int end_column = line.end_column();
        if (words[0].text == "lines") {
            if (lines_line != 0) return fail(line.number, words[0].column, "'lines' given twice (first on line " + std::to_string(lines_line) + ")");
            int bad_column = 0;
            int named = 0;
            std::string bad;
            if (!parse_families({words.begin() + 1, words.end()}, families, named, bad_column, bad)) {
                return fail(line.number, bad_column, "unknown line family '" + bad + "' (known: " + family_help + ")");
            }
            if (named == 0) return fail(line.number, end_column, std::string("expected 'lines FAMILY,...' with FAMILY among ") + family_help);
            lines_line = line.number;
            continue;
        }
        if (words[0].text == "line") {
            std::array<int, 4> cells{};
            if (words.size() != 5) {
                return fail(line.number, words.size() > 5 ? words[5].column : end_column, "expected 'line C C C C' with 4 cells 0..15");
            }
            for (int i = 0; i < 4; ++i) {
                const SourceLine::Word& word = words[i + 1];
                if (!parse_int(word.text, cells[i]) || cells[i] < 0 || cells[i] > 15) {
                    return fail(line.number, word.column, "expected a cell number 0..15 (row-major), found '" + word.text + "'");
                }
                for (int j = 0; j < i; ++j) {
                    if (cells[j] == cells[i]) return fail(line.number, word.column, "cell " + word.text + " is named twice in this line");
                }
            }
            extra_lines.push_back(cells);
            continue;
        }
        if (rows == 4) return fail(line.number, words[0].column, "the board has only 4 rows");
        if (words.size() > 4) return fail(line.number, words[4].column, "a board row has 4 entries");
        if (words.size() < 4) {
            return fail(line.number, end_column,
                        "expected 4 entries ('.' or a piece 0..15) in a board row, found " + std::to_string(words.size()));
        }
        for (int c = 0; c < 4; ++c) {
            const SourceLine::Word& word = words[c];
            if (word.text == ".") continue;
            int piece = -1;
            if (!parse_int(word.text, piece) || piece < 0 || piece > 15) {
                return fail(line.number, word.column, "expected '.' or a piece number 0..15, found '" + word.text + "'");
            }
            if (where[piece].first != 0) {
                return fail(line.number, word.column,
                            "piece " + std::to_string(piece) + " is given twice (also on line " + std::to_string(where[piece].first) + ", column " +
                                std::to_string(where[piece].second) + ")");
            }
            where[piece] = {line.number, word.column};
            clues[rows * 4 + c] = piece;
        }
        ++rows;
    }
    if (rows != 0 && rows != 4) {
        return fail(source.last_line_number(), 1, "the board has " + std::to_string(rows) + " rows, expected 4");
    }
    if (const auto given = kind_option_value(flags, "--lines")) {
        unsigned from_option = 0;
        int bad_column = 0;
        int named = 0;
        std::string bad;
        if (!parse_families({SourceLine::Word{*given, 1}}, from_option, named, bad_column, bad)) {
            return fail(1, 1, "--lines: unknown line family '" + bad + "' (known: " + family_help + ")");
        }
        if (named == 0) return fail(1, 1, std::string("--lines needs FAMILY,... among ") + family_help);
        families = from_option;
    }
    if (lines_line == 0 && !kind_option_value(flags, "--lines")) families = quarto_default_families;
    QuartoModel model = QuartoModel::permutation;
    if (const auto given = kind_option_value(flags, "--model")) {
        if (*given == "attributes") {
            model = QuartoModel::attributes;
        } else if (*given != "permutation") {
            return fail(1, 1, "--model must be 'permutation' or 'attributes', found '" + *given + "'");
        }
    }
    int reduction = 3;
    if (const auto given = kind_option_value(flags, "--reduction")) {
        if (!parse_int(*given, reduction) || reduction < 0 || reduction > 3) {
            return fail(1, 1, "--reduction must be 0, 1, 2 or 3, found '" + *given + "'");
        }
    }
    if (flags.count("--plain-count") != 0) reduction = 0;
    result.puzzle = std::make_unique<QuartoPuzzle>(families, std::move(clues), model, reduction, flags.count("--up-to-symmetry") != 0,
                                                   extra_lines);
    return result;
}

}  // namespace prune::puzzles
