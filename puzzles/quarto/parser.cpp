// Quarto input: an optional `lines FAMILY,...` line and an optional board of four
// rows of four entries, each '.' (empty) or a given piece 0..15.

#include "puzzles/common/input_reader.hpp"
#include "puzzles/common/whole_number.hpp"
#include "puzzles/quarto/quarto_puzzle.hpp"

namespace prune::puzzles {
namespace {

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

// What a quarto file holds, read one line at a time, then the kind options applied.
class QuartoReader : public InputReader {
public:
    QuartoReader(const SourceText& source, const KindFlags& flags) : InputReader(source), flags_(flags) {}

    std::unique_ptr<QuartoPuzzle> read();

private:
    bool read_families(const SourceLine& line, const std::vector<SourceLine::Word>& words);
    bool read_own_line(const SourceLine& line, const std::vector<SourceLine::Word>& words);
    bool read_board_row(const SourceLine& line, const std::vector<SourceLine::Word>& words);
    bool apply_lines_option();
    bool read_model_options();

    const KindFlags& flags_;
    unsigned families_ = 0;
    int lines_line_ = 0;
    std::vector<int> clues_ = std::vector<int>(QuartoPuzzle::cells, -1);
    std::vector<std::pair<int, int>> where_ = std::vector<std::pair<int, int>>(16, {0, 0});  // line, column of each given piece
    int rows_ = 0;
    std::vector<std::array<int, 4>> extra_lines_;
    QuartoModel model_ = QuartoModel::permutation;
    int reduction_ = 3;
};

std::unique_ptr<QuartoPuzzle> QuartoReader::read() {
    for (const SourceLine& line : source_.content_lines()) {
        const std::vector<SourceLine::Word> words = line.words();
        const bool ok = words[0].text == "lines" ? read_families(line, words)
                          : words[0].text == "line" ? read_own_line(line, words)
                                                    : read_board_row(line, words);
        if (!ok) return nullptr;
    }
    if (rows_ != 0 && rows_ != 4) {
        fail(source_.last_line_number(), 1, "the board has " + std::to_string(rows_) + " rows, expected 4");
        return nullptr;
    }
    if (!apply_lines_option() || !read_model_options()) return nullptr;
    return std::make_unique<QuartoPuzzle>(families_, std::move(clues_), model_, reduction_, flags_.count("--up-to-symmetry") != 0, extra_lines_);
}

// `lines FAMILY,...`
bool QuartoReader::read_families(const SourceLine& line, const std::vector<SourceLine::Word>& words) {
    if (lines_line_ != 0) return fail(line.number, words[0].column, "'lines' given twice (first on line " + std::to_string(lines_line_) + ")");
    int bad_column = 0;
    int named = 0;
    std::string bad;
    if (!parse_families({words.begin() + 1, words.end()}, families_, named, bad_column, bad)) {
        return fail(line.number, bad_column, "unknown line family '" + bad + "' (known: " + family_help + ")");
    }
    if (named == 0) return fail(line.number, line.end_column(), std::string("expected 'lines FAMILY,...' with FAMILY among ") + family_help);
    lines_line_ = line.number;
    return true;
}

// `line C C C C`: a line of the file's own, by its cells.
bool QuartoReader::read_own_line(const SourceLine& line, const std::vector<SourceLine::Word>& words) {
    std::array<int, 4> cells{};
    if (words.size() != 5) {
        return fail(line.number, words.size() > 5 ? words[5].column : line.end_column(), "expected 'line C C C C' with 4 cells 0..15");
    }
    for (int i = 0; i < 4; ++i) {
        const SourceLine::Word& word = words[i + 1];
        if (!parse_whole_number(word.text, cells[i]) || cells[i] < 0 || cells[i] > 15) {
            return fail(line.number, word.column, "expected a cell number 0..15 (row-major), found '" + word.text + "'");
        }
        for (int j = 0; j < i; ++j) {
            if (cells[j] == cells[i]) return fail(line.number, word.column, "cell " + word.text + " is named twice in this line");
        }
    }
    extra_lines_.push_back(cells);
    return true;
}

// A row of the board: four entries, '.' or a piece given once in the whole board.
bool QuartoReader::read_board_row(const SourceLine& line, const std::vector<SourceLine::Word>& words) {
    if (rows_ == 4) return fail(line.number, words[0].column, "the board has only 4 rows");
    if (words.size() > 4) return fail(line.number, words[4].column, "a board row has 4 entries");
    if (words.size() < 4) {
        return fail(line.number, line.end_column(), "expected 4 entries ('.' or a piece 0..15) in a board row, found " + std::to_string(words.size()));
    }
    for (int c = 0; c < 4; ++c) {
        const SourceLine::Word& word = words[c];
        if (word.text == ".") continue;
        int piece = -1;
        if (!parse_whole_number(word.text, piece) || piece < 0 || piece > 15) {
            return fail(line.number, word.column, "expected '.' or a piece number 0..15, found '" + word.text + "'");
        }
        if (where_[piece].first != 0) {
            return fail(line.number, word.column,
                        "piece " + std::to_string(piece) + " is given twice (also on line " + std::to_string(where_[piece].first) + ", column " +
                            std::to_string(where_[piece].second) + ")");
        }
        where_[piece] = {line.number, word.column};
        clues_[rows_ * 4 + c] = piece;
    }
    ++rows_;
    return true;
}

// --lines overrides the file's families; with neither, the default families.
bool QuartoReader::apply_lines_option() {
    const auto given = kind_option_value(flags_, "--lines");
    if (!given) {
        if (lines_line_ == 0) families_ = quarto_default_families;
        return true;
    }
    unsigned from_option = 0;
    int bad_column = 0;
    int named = 0;
    std::string bad;
    if (!parse_families({SourceLine::Word{*given, 1}}, from_option, named, bad_column, bad)) {
        return fail(1, 1, "--lines: unknown line family '" + bad + "' (known: " + family_help + ")");
    }
    if (named == 0) return fail(1, 1, std::string("--lines needs FAMILY,... among ") + family_help);
    families_ = from_option;
    return true;
}

// --model, --reduction and --plain-count.
bool QuartoReader::read_model_options() {
    if (const auto given = kind_option_value(flags_, "--model")) {
        if (*given == "attributes") {
            model_ = QuartoModel::attributes;
        } else if (*given == "masks") {
            model_ = QuartoModel::masks;
        } else if (*given != "permutation") {
            return fail(1, 1, "--model must be 'permutation', 'masks' or 'attributes', found '" + *given + "'");
        }
    }
    if (const auto given = kind_option_value(flags_, "--reduction")) {
        if (!parse_whole_number(*given, reduction_) || reduction_ < 0 || reduction_ > 3) {
            return fail(1, 1, "--reduction must be 0, 1, 2 or 3, found '" + *given + "'");
        }
    }
    if (flags_.count("--plain-count") != 0) reduction_ = 0;
    return true;
}

}  // namespace

ParseResult parse_quarto(const SourceText& source, const KindFlags& flags) { return read_with<QuartoReader>(source, flags); }

}  // namespace prune::puzzles
