// Ostomachion input: `colours K`, then one line per region `REGION AREA : NEIGHBOUR...`.
// Adjacency is made symmetric; naming an unknown region is an error.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>

#include "puzzles/common/whole_number.hpp"
#include "puzzles/ostomachion/ostomachion_puzzle.hpp"

namespace prune::puzzles {
namespace {

}  // namespace

ParseResult parse_ostomachion(const SourceText& source, const KindFlags& flags) {
    ParseResult result;
    auto fail = [&](int line, int column, std::string message) {
        result.error = source.error_at(line, column, std::move(message));
        return std::move(result);
    };
    int colours = 0;
    int colours_line = 0;
    int colours_column = 1;
    std::vector<MapRegion> regions;
    std::map<std::string, int> index;
    struct Pending {
        int region;
        SourceLine::Word word;
        int line;
    };
    std::vector<Pending> pending;  // neighbours, resolved once every region is known
    for (const SourceLine& line : source.content_lines()) {
        std::vector<SourceLine::Word> words = line.words();
        if (words[0].text == "colours" || words[0].text == "colors") {
            if (colours_line != 0) return fail(line.number, words[0].column, "'colours' given twice");
            if (words.size() != 2 || !parse_whole_number(words[1].text, colours) || colours < 1) {
                return fail(line.number, words.size() > 1 ? words[1].column : words[0].column, "expected 'colours K' with K >= 1");
            }
            colours_line = line.number;
            colours_column = words[1].column;
            continue;
        }
        // "REGION AREA : N..." or "REGION AREA: N..." or "REGION AREA :N...".
        if (words.size() >= 2 && words[1].text.size() > 1 && words[1].text.back() == ':') {
            words[1].text.pop_back();
            words.insert(words.begin() + 2, SourceLine::Word{":", words[1].column + column_width(words[1].text)});
        }
        if (words.size() >= 3 && words[2].text.size() > 1 && words[2].text.front() == ':') {
            words.insert(words.begin() + 3, SourceLine::Word{words[2].text.substr(1), words[2].column + 1});
            words[2].text = ":";
        }
        if (words.size() < 3 || words[2].text != ":") {
            return fail(line.number, words.size() < 3 ? line.end_column() : words[2].column,
                        "expected 'REGION AREA : NEIGHBOUR...' or 'colours K'");
        }
        MapRegion region;
        region.name = words[0].text;
        if (index.count(region.name) != 0) return fail(line.number, words[0].column, "region '" + region.name + "' is listed twice");
        if (!parse_whole_number(words[1].text, region.area) || region.area < 0) {
            return fail(line.number, words[1].column, "the area must be a whole number >= 0, found '" + words[1].text + "'");
        }
        const int id = static_cast<int>(regions.size());
        index[region.name] = id;
        regions.push_back(std::move(region));
        for (std::size_t w = 3; w < words.size(); ++w) pending.push_back({id, words[w], line.number});
    }
    if (regions.empty()) return fail(source.last_line_number(), 1, "no regions found");
    for (const Pending& p : pending) {
        const auto it = index.find(p.word.text);
        if (it == index.end()) return fail(p.line, p.word.column, "unknown region '" + p.word.text + "'");
        if (it->second == p.region) return fail(p.line, p.word.column, "a region cannot neighbour itself");
        regions[p.region].neighbours.push_back(it->second);
        regions[it->second].neighbours.push_back(p.region);
    }
    for (MapRegion& r : regions) {
        std::sort(r.neighbours.begin(), r.neighbours.end());
        r.neighbours.erase(std::unique(r.neighbours.begin(), r.neighbours.end()), r.neighbours.end());
    }
    if (const auto given = kind_option_value(flags, "--colours")) {
        if (!parse_whole_number(*given, colours) || colours < 1) return fail(1, 1, "--colours needs a whole number >= 1, found '" + *given + "'");
        colours_line = 1;
        colours_column = 1;
    }
    if (colours_line == 0) return fail(1, 1, "missing 'colours K' line (or --colours K)");
    if (colours > 20) return fail(colours_line, colours_column, "at most 20 colours");
    std::int64_t total = 0;  // areas are ints; their sum may not be
    for (const MapRegion& r : regions) total += r.area;
    if (total > std::numeric_limits<int>::max()) {
        std::string message = "the total area ";
        message.append(std::to_string(total)).append(" is too large (at most ").append(std::to_string(std::numeric_limits<int>::max())).append(")");
        return fail(source.last_line_number(), 1, std::move(message));
    }
    if (total == 0 || total % colours != 0) {
        return fail(colours_line, colours_column,
                    "the total area " + std::to_string(total) + " cannot be split evenly among " + std::to_string(colours) + " colours");
    }
    result.puzzle = std::make_unique<OstomachionPuzzle>(std::move(regions), colours, flags.count("--plain-count") != 0);
    return result;
}

}  // namespace prune::puzzles
