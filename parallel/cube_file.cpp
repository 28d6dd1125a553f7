#include "parallel/cube_file.hpp"

#include <charconv>
#include <cstdio>
#include <sstream>

namespace prune {
namespace {

// The lines of `text`, without their ends.
std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::string line;
    std::istringstream in(text);
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

std::string located(const std::string& name, std::size_t line, std::size_t column, const std::string& message) {
    return name + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: " + message;
}

template <typename T>
bool number(std::string_view text, T& out) {
    if (text.empty()) return false;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

// "I=V", "I<=V", "I>=V".
bool parse_decision(std::string_view word, Literal& decision) {
    std::size_t at = word.find_first_of("<>=");
    if (at == std::string_view::npos || at == 0) return false;
    int index = 0;
    if (!number(word.substr(0, at), index) || index < 0) return false;
    std::string_view rest = word.substr(at);
    if (rest.starts_with("<=")) {
        decision.kind = LiteralKind::less_equal;
        rest.remove_prefix(2);
    } else if (rest.starts_with(">=")) {
        decision.kind = LiteralKind::greater_equal;
        rest.remove_prefix(2);
    } else if (rest.starts_with("=")) {
        decision.kind = LiteralKind::equal;
        rest.remove_prefix(1);
    } else {
        return false;
    }
    decision.var = IntVar{index};
    return number(rest, decision.value);
}

std::string decision_text(const Literal& d) {
    const char* relation = d.kind == LiteralKind::equal ? "=" : d.kind == LiteralKind::less_equal ? "<=" : ">=";
    return std::to_string(d.var.index) + relation + std::to_string(d.value);
}

// "N: rest" -> N and rest; false when the line does not start so.
bool numbered(const std::string& line, std::size_t& index, std::string& rest) {
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos || !number(std::string_view(line).substr(0, colon), index)) return false;
    rest = line.substr(colon + 1);
    if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
    return true;
}

// One step of the fingerprint's hash (64-bit FNV-1a) over a byte.
constexpr std::uint64_t fnv1a(std::uint64_t h, std::uint64_t byte) { return (h ^ (byte & 0xff)) * 1099511628211ULL; }

}  // namespace

ModelFingerprint fingerprint_of(const Solver& solver) {
    ModelFingerprint f;
    f.variables = solver.variable_count();
    f.propagators = solver.propagator_count();
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](std::int64_t v) {
        for (int i = 0; i < 8; ++i) h = fnv1a(h, static_cast<std::uint64_t>(v >> (8 * i)));
    };
    for (int i = 0; i < f.variables; ++i) {
        const IntVar x{i};
        mix(solver.min(x));
        mix(solver.max(x));
        mix(solver.size(x));
    }
    f.hash = h;
    return f;
}

void mix_into(ModelFingerprint& f, std::string_view bytes) {
    std::uint64_t h = f.hash;
    for (const char c : bytes) h = fnv1a(h, static_cast<unsigned char>(c));
    f.hash = h;
}

std::string write_cube_file(const CubeFile& file) {
    std::ostringstream out;
    char hash[32];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(file.model.hash));
    out << "prune-cubes 1\n"
        << "problem " << file.problem << '\n'
        << "model " << file.model.variables << " variables " << file.model.propagators << " propagators fingerprint " << hash << '\n'
        << "cubes " << file.cubes.size() << '\n';
    for (std::size_t i = 0; i < file.cubes.size(); ++i) {
        out << i << ':';
        for (const Literal& d : file.cubes[i]) out << ' ' << decision_text(d);
        out << '\n';
    }
    return out.str();
}

bool read_cube_file(const std::string& text, const std::string& name, CubeFile& file, std::string& error) {
    const std::vector<std::string> lines = lines_of(text);
    if (lines.size() < 4 || lines[0] != "prune-cubes 1") {
        error = located(name, 1, 1, "not a cube file (expected 'prune-cubes 1', then problem, model and cubes lines)");
        return false;
    }
    if (!lines[1].starts_with("problem ")) {
        error = located(name, 2, 1, "expected 'problem ...'");
        return false;
    }
    file.problem = lines[1].substr(8);
    std::istringstream model(lines[2]);
    std::string word[4];
    std::string hash;
    model >> word[0] >> file.model.variables >> word[1] >> file.model.propagators >> word[2] >> word[3] >> hash;
    if (!model || word[0] != "model" || word[1] != "variables" || word[2] != "propagators" || word[3] != "fingerprint" ||
        !std::from_chars(hash.data(), hash.data() + hash.size(), file.model.hash, 16).ptr) {
        error = located(name, 3, 1, "expected 'model N variables M propagators fingerprint HEX'");
        return false;
    }
    std::size_t count = 0;
    if (!lines[3].starts_with("cubes ") || !number(std::string_view(lines[3]).substr(6), count)) {
        error = located(name, 4, 1, "expected 'cubes N'");
        return false;
    }
    file.cubes.clear();
    for (std::size_t l = 4; l < lines.size(); ++l) {
        if (lines[l].empty()) continue;
        std::size_t index = 0;
        std::string rest;
        if (!numbered(lines[l], index, rest) || index != file.cubes.size()) {
            error = located(name, l + 1, 1, "expected cube " + std::to_string(file.cubes.size()) + " as 'N: DECISION ...'");
            return false;
        }
        Cube cube;
        std::istringstream words(rest);
        std::string w;
        while (words >> w) {
            Literal d;
            if (!parse_decision(w, d)) {
                error = located(name, l + 1, lines[l].find(w) + 1, "bad decision '" + w + "' (expected I=V, I<=V or I>=V)");
                return false;
            }
            cube.push_back(d);
        }
        file.cubes.push_back(std::move(cube));
    }
    if (file.cubes.size() != count) {
        error = located(name, lines.size(), 1, "the file announces " + std::to_string(count) + " cubes and holds " + std::to_string(file.cubes.size()));
        return false;
    }
    return true;
}

std::string write_results_header(const std::string& problem, const std::string& mode, std::size_t cubes) {
    return "prune-results 1\nproblem " + problem + "\nmode " + mode + "\ncubes " + std::to_string(cubes) + "\n";
}

std::string write_cube_result(const CubeResult& r, const std::string& mode) {
    const std::string prefix = std::to_string(r.cube) + ": ";
    std::string text;
    for (const std::string& s : r.solutions) text += prefix + "solution " + s + "\n";
    if (r.has_best) text += prefix + "best " + std::to_string(r.best) + "\n";
    if (!r.done) return text + prefix + "unknown\n";
    if (mode == "count") return text + prefix + "count " + std::to_string(r.count) + "\n";
    return text + prefix + "done\n";
}

bool read_results_file(const std::string& text, const std::string& name, ResultsFile& file, std::string& error) {
    const std::vector<std::string> lines = lines_of(text);
    if (lines.size() < 4 || lines[0] != "prune-results 1" || !lines[1].starts_with("problem ") || !lines[2].starts_with("mode ") ||
        !lines[3].starts_with("cubes ") || !number(std::string_view(lines[3]).substr(6), file.cubes)) {
        error = located(name, 1, 1, "not a cube results file (expected 'prune-results 1', then problem, mode and cubes lines)");
        return false;
    }
    file.problem = lines[1].substr(8);
    file.mode = lines[2].substr(5);
    for (std::size_t l = 4; l < lines.size(); ++l) {
        if (lines[l].empty()) continue;
        std::size_t index = 0;
        std::string rest;
        if (!numbered(lines[l], index, rest)) {
            error = located(name, l + 1, 1, "expected 'N: count C', 'N: solution ...', 'N: best V', 'N: done' or 'N: unknown'");
            return false;
        }
        if (index >= file.cubes) {
            error = located(name, l + 1, 1, "cube " + std::to_string(index) + " of " + std::to_string(file.cubes));
            return false;
        }
        if (file.results.empty() || file.results.back().cube != index) {
            file.results.emplace_back();
            file.results.back().cube = index;
        }
        CubeResult& r = file.results.back();
        if (rest.starts_with("count ") && number(std::string_view(rest).substr(6), r.count)) {
            r.done = true;
        } else if (rest.starts_with("solution ")) {
            r.solutions.push_back(rest.substr(9));
        } else if (rest.starts_with("best ") && number(std::string_view(rest).substr(5), r.best)) {
            r.has_best = true;
        } else if (rest == "done") {
            r.done = true;
        } else if (rest != "unknown") {
            error = located(name, l + 1, lines[l].find(':') + 3, "unknown cube result '" + rest + "'");
            return false;
        }
    }
    return true;
}

bool parse_cube_range(const std::string& text, std::size_t cubes, std::size_t& first, std::size_t& last) {
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos) return false;
    const std::string_view a = std::string_view(text).substr(0, colon);
    const std::string_view b = std::string_view(text).substr(colon + 1);
    first = 0;
    last = cubes;
    if (!a.empty() && !number(a, first)) return false;
    if (!b.empty() && !number(b, last)) return false;
    last = std::min(last, cubes);
    return first <= last;
}

}  // namespace prune
