// Kakuro input: one row of the grid per line, squares separated by blanks:
//   .  or _    a white square (a digit 1-9 gives its value)
//   X          a black square without a clue (X or x: '#' starts a comment line)
//   D\R        a black square with the sum of the run below it (D) and of the run to
//              its right (R); either may be left out: 16\ or \24
// Every run of white squares (two or more in a row; a single white square between
// black ones is in no run that way) needs its clue, and every clue its run.
#include "puzzles/common/whole_number.hpp"
#include "puzzles/kakuro/kakuro_puzzle.hpp"

namespace prune::puzzles {
namespace {

struct ReadSquare {
    KakuroSquare square;
    int clue = 0;  // a given digit of a white square
    int line = 0;
    int column = 0;
};

class KakuroReader {
public:
    explicit KakuroReader(const SourceText& source) : source_(source) {}
    bool read_rows();
    bool make_runs();
    ParseResult finish();
    Diagnostic error;

private:
    bool read_square(const SourceLine& line, const SourceLine::Word& w);
    // The run starting at (r, c) going across or down; the clue square is just before.
    bool add_run(int r, int c, bool across);
    bool fail(int line, int column, std::string message) {
        error = source_.error_at(line, column, std::move(message));
        return false;
    }
    ReadSquare& at(int r, int c) { return squares_[static_cast<std::size_t>(r * columns_ + c)]; }

    const SourceText& source_;
    int rows_ = 0;
    int columns_ = 0;
    std::vector<ReadSquare> squares_;
    std::vector<KakuroRun> runs_;
    int cells_ = 0;
};

bool KakuroReader::read_square(const SourceLine& line, const SourceLine::Word& w) {
    ReadSquare s{{}, 0, line.number, w.column};
    const std::string& t = w.text;
    const std::size_t slash = t.find('\\');
    if (t == "." || t == "_" || (t.size() == 1 && t[0] >= '1' && t[0] <= '9')) {
        s.square.cell = cells_++;
        s.clue = t[0] >= '1' && t[0] <= '9' ? t[0] - '0' : 0;
    } else if (slash != std::string::npos) {
        const std::string down = t.substr(0, slash);
        const std::string across = t.substr(slash + 1);
        if ((!down.empty() && (!parse_whole_number(down, s.square.down) || s.square.down < 1 || s.square.down > 45)) ||
            (!across.empty() && (!parse_whole_number(across, s.square.across) || s.square.across < 1 || s.square.across > 45))) {
            return fail(line.number, w.column, "'" + t + "': a clue is DOWN\\ACROSS with sums 1..45, either left out (16\\ or \\24)");
        }
    } else if (t != "X" && t != "x") {
        return fail(line.number, w.column, "'" + t + "' is not a kakuro square ('.' white, a digit 1-9, 'X' black, D\\A a clue)");
    }
    squares_.push_back(s);
    return true;
}

bool KakuroReader::read_rows() {
    const std::vector<SourceLine> lines = source_.content_lines();
    if (lines.empty()) return fail(source_.last_line_number(), 1, "no grid found (the input holds only comments or blank lines)");
    for (const SourceLine& line : lines) {
        const std::vector<SourceLine::Word> words = line.words();
        if (rows_ == 0) columns_ = static_cast<int>(words.size());
        if (words.size() != static_cast<std::size_t>(columns_)) {
            const int column = words.size() > static_cast<std::size_t>(columns_) ? words[static_cast<std::size_t>(columns_)].column : line.end_column();
            return fail(line.number, column, "expected " + std::to_string(columns_) + " squares as in the first row, found " + std::to_string(words.size()));
        }
        for (const SourceLine::Word& w : words) {
            if (!read_square(line, w)) return false;
        }
        ++rows_;
    }
    return true;
}

bool KakuroReader::add_run(int r, int c, bool across) {
    const int dr = across ? 0 : 1;
    const int dc = across ? 1 : 0;
    const bool edge = across ? c == 0 : r == 0;
    const ReadSquare& first = at(r, c);
    const std::string direction = across ? "across" : "down";
    if (edge) return fail(first.line, first.column, "the " + direction + " run starting here has no clue square before it");
    const ReadSquare& clue = at(r - dr, c - dc);
    const int sum = across ? clue.square.across : clue.square.down;
    KakuroRun run{{}, sum, across};
    for (int i = r, j = c; i < rows_ && j < columns_ && at(i, j).square.cell >= 0; i += dr, j += dc) run.cells.push_back(at(i, j).square.cell);
    const int length = static_cast<int>(run.cells.size());
    if (length < 2) {
        if (sum != 0) return fail(clue.line, clue.column, "the " + direction + " sum " + std::to_string(sum) + " has a run of one square; runs have 2..9");
        return true;  // a lone white square in this direction: no run
    }
    if (sum == 0) return fail(clue.line, clue.column, "the " + direction + " run after this square has no sum");
    const int lowest = length * (length + 1) / 2;
    const int highest = length * (19 - length) / 2;
    if (length > 9 || sum < lowest || sum > highest) {
        return fail(clue.line, clue.column, "no " + std::to_string(length) + " distinct digits add up to " + std::to_string(sum));
    }
    runs_.push_back(std::move(run));
    return true;
}

bool KakuroReader::make_runs() {
    for (int r = 0; r < rows_; ++r) {
        for (int c = 0; c < columns_; ++c) {
            const ReadSquare& s = at(r, c);
            if (s.square.cell >= 0) {
                const bool starts_across = c == 0 || at(r, c - 1).square.cell < 0;
                const bool starts_down = r == 0 || at(r - 1, c).square.cell < 0;
                if (starts_across && !add_run(r, c, true)) return false;
                if (starts_down && !add_run(r, c, false)) return false;
                continue;
            }
            // A clue must have its run: the next square that way is white.
            if (s.square.across != 0 && (c + 1 == columns_ || at(r, c + 1).square.cell < 0)) return fail(s.line, s.column, "an across sum with no run to its right");
            if (s.square.down != 0 && (r + 1 == rows_ || at(r + 1, c).square.cell < 0)) return fail(s.line, s.column, "a down sum with no run below it");
        }
    }
    if (cells_ == 0) return fail(squares_.front().line, squares_.front().column, "the grid has no white square");
    return true;
}

ParseResult KakuroReader::finish() {
    std::vector<KakuroSquare> squares;
    std::vector<int> clues;
    for (const ReadSquare& s : squares_) {
        squares.push_back(s.square);
        if (s.square.cell >= 0) clues.push_back(s.clue);
    }
    return ParseResult{std::make_unique<KakuroPuzzle>(rows_, columns_, std::move(squares), std::move(clues), std::move(runs_)), {}};
}

}  // namespace

ParseResult parse_kakuro(const SourceText& source, const KindFlags& /*flags*/) {
    KakuroReader reader(source);
    if (!reader.read_rows() || !reader.make_runs()) return ParseResult{nullptr, reader.error};
    return reader.finish();
}

}  // namespace prune::puzzles
