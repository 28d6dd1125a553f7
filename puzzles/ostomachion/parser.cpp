// Ostomachion input: `colours K`, then one line per region `REGION AREA : NEIGHBOUR...`.
// Adjacency is made symmetric; naming an unknown region is an error.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>

#include "puzzles/common/input_reader.hpp"
#include "puzzles/common/whole_number.hpp"
#include "puzzles/ostomachion/ostomachion_puzzle.hpp"

namespace prune::puzzles {
namespace {

// "REGION AREA : N..." also written "REGION AREA: N..." or "REGION AREA :N...": the
// words with the ':' as a word of its own.
void separate_colon(std::vector<SourceLine::Word>& words) {
    if (words.size() >= 2 && words[1].text.size() > 1 && words[1].text.back() == ':') {
        words[1].text.pop_back();
        words.insert(words.begin() + 2, SourceLine::Word{":", words[1].column + column_width(words[1].text)});
    }
    if (words.size() >= 3 && words[2].text.size() > 1 && words[2].text.front() == ':') {
        words.insert(words.begin() + 3, SourceLine::Word{words[2].text.substr(1), words[2].column + 1});
        words[2].text.resize(1);  // the ":" it starts with
    }
}

// Reads the `colours` line and the regions, then resolves the neighbours (which may
// name regions listed later) and checks the colours and the areas.
class MapReader : public InputReader {
public:
    MapReader(const SourceText& source, const KindFlags& flags) : InputReader(source), flags_(flags) {}

    std::unique_ptr<OstomachionPuzzle> read();

private:
    struct Pending {
        int region;
        SourceLine::Word word;
        int line;
    };

    bool read_colours(const SourceLine& line, const std::vector<SourceLine::Word>& words);
    bool read_region(const SourceLine& line, std::vector<SourceLine::Word> words);
    bool resolve_neighbours();
    bool settle_colours();
    bool check_total_area();

    const KindFlags& flags_;
    int colours_ = 0;
    int colours_line_ = 0;
    int colours_column_ = 1;
    std::vector<MapRegion> regions_;
    std::map<std::string, int> index_;
    std::vector<Pending> pending_;  // neighbours, resolved once every region is known
};

std::unique_ptr<OstomachionPuzzle> MapReader::read() {
    for (const SourceLine& line : source_.content_lines()) {
        const std::vector<SourceLine::Word> words = line.words();
        const bool ok = words[0].text == "colours" || words[0].text == "colors" ? read_colours(line, words) : read_region(line, words);
        if (!ok) return nullptr;
    }
    if (regions_.empty()) {
        fail(source_.last_line_number(), 1, "no regions found");
        return nullptr;
    }
    if (!resolve_neighbours() || !settle_colours() || !check_total_area()) return nullptr;
    return std::make_unique<OstomachionPuzzle>(std::move(regions_), colours_, flags_.count("--plain-count") != 0);
}

bool MapReader::read_colours(const SourceLine& line, const std::vector<SourceLine::Word>& words) {
    if (colours_line_ != 0) return fail(line.number, words[0].column, "'colours' given twice");
    if (words.size() != 2 || !parse_whole_number(words[1].text, colours_) || colours_ < 1) {
        return fail(line.number, words.size() > 1 ? words[1].column : words[0].column, "expected 'colours K' with K >= 1");
    }
    colours_line_ = line.number;
    colours_column_ = words[1].column;
    return true;
}

bool MapReader::read_region(const SourceLine& line, std::vector<SourceLine::Word> words) {
    separate_colon(words);
    if (words.size() < 3 || words[2].text != ":") {
        return fail(line.number, words.size() < 3 ? line.end_column() : words[2].column, "expected 'REGION AREA : NEIGHBOUR...' or 'colours K'");
    }
    MapRegion region;
    region.name = words[0].text;
    if (index_.count(region.name) != 0) return fail(line.number, words[0].column, "region '" + region.name + "' is listed twice");
    if (!parse_whole_number(words[1].text, region.area) || region.area < 0) {
        return fail(line.number, words[1].column, "the area must be a whole number >= 0, found '" + words[1].text + "'");
    }
    const int id = static_cast<int>(regions_.size());
    index_[region.name] = id;
    regions_.push_back(std::move(region));
    for (std::size_t w = 3; w < words.size(); ++w) pending_.push_back({id, words[w], line.number});
    return true;
}

// Adjacency is made symmetric, each neighbour listed once and in order.
bool MapReader::resolve_neighbours() {
    for (const Pending& p : pending_) {
        const auto it = index_.find(p.word.text);
        if (it == index_.end()) return fail(p.line, p.word.column, "unknown region '" + p.word.text + "'");
        if (it->second == p.region) return fail(p.line, p.word.column, "a region cannot neighbour itself");
        regions_[p.region].neighbours.push_back(it->second);
        regions_[it->second].neighbours.push_back(p.region);
    }
    for (MapRegion& r : regions_) {
        std::sort(r.neighbours.begin(), r.neighbours.end());
        r.neighbours.erase(std::unique(r.neighbours.begin(), r.neighbours.end()), r.neighbours.end());
    }
    return true;
}

// --colours overrides the file's line; one of them is needed.
bool MapReader::settle_colours() {
    if (const auto given = kind_option_value(flags_, "--colours")) {
        if (!parse_whole_number(*given, colours_) || colours_ < 1) return fail(1, 1, "--colours needs a whole number >= 1, found '" + *given + "'");
        colours_line_ = 1;
        colours_column_ = 1;
    }
    if (colours_line_ == 0) return fail(1, 1, "missing 'colours K' line (or --colours K)");
    if (colours_ > 20) return fail(colours_line_, colours_column_, "at most 20 colours");
    return true;
}

// The total area fits an int and splits evenly among the colours.
bool MapReader::check_total_area() {
    std::int64_t total = 0;  // areas are ints; their sum may not be
    for (const MapRegion& r : regions_) total += r.area;
    if (total > std::numeric_limits<int>::max()) {
        std::string message = "the total area ";
        message.append(std::to_string(total)).append(" is too large (at most ").append(std::to_string(std::numeric_limits<int>::max())).append(")");
        return fail(source_.last_line_number(), 1, std::move(message));
    }
    if (total == 0 || total % colours_ != 0) {
        return fail(colours_line_, colours_column_,
                    "the total area " + std::to_string(total) + " cannot be split evenly among " + std::to_string(colours_) + " colours");
    }
    return true;
}

}  // namespace

ParseResult parse_ostomachion(const SourceText& source, const KindFlags& flags) { return read_with<MapReader>(source, flags); }

}  // namespace prune::puzzles
