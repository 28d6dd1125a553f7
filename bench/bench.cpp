// prune_bench: timings of the kernel on standard problems.
//
//   prune_bench [--repeat R] queens [N...]          all solutions of n-queens (default 10..13)
//   prune_bench [--repeat R] sudoku FILE [--alldiff value|bounds|domain] [--limit K] [--reuse]
//                                                   every 81-character line of FILE; --reuse
//                                                   builds the model once for all puzzles
//   prune_bench [--repeat R] table FILE.dzn...      random table CSPs in the peers' .dzn form
//
// Each measurement is repeated R times (default 3); the median is reported. Times
// are CPU seconds of this process (std::clock), so that a busy machine does not
// distort them, as for the peers' "user" times; model building is included for
// sudoku and table, excluded for queens (Gecode's solveTime excludes parsing too).
#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/prune.hpp"

using namespace prune;
// CPU time, measured like the peers' user time.
struct Clock {
    using time_point = std::clock_t;
    static time_point now() { return std::clock(); }
};
double seconds_between(std::clock_t from, std::clock_t to) { return static_cast<double>(to - from) / CLOCKS_PER_SEC; }

namespace {

struct Measure {
    std::string name;
    std::string result;
    std::uint64_t nodes = 0;
    std::uint64_t failures = 0;
    std::uint64_t propagations = 0;
    double seconds = 0;
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void print_header() {
    std::printf("%-34s %14s %12s %12s %14s %10s %12s\n", "benchmark", "result", "nodes", "failures", "propagations", "median cpu s", "nodes/s");
}
void print(const Measure& m) {
    std::printf("%-34s %14s %12llu %12llu %14llu %10.4f %12.0f\n", m.name.c_str(), m.result.c_str(),
                static_cast<unsigned long long>(m.nodes), static_cast<unsigned long long>(m.failures),
                static_cast<unsigned long long>(m.propagations), m.seconds,
                m.seconds > 0 ? static_cast<double>(m.nodes) / m.seconds : 0.0);
    std::fflush(stdout);
}

// n-queens as in the peers' queens.mzn: alldifferent on q, q+i and q-i (value strength).
Measure queens(int n, int repeat, Consistency strength) {
    Measure m;
    m.name = "queens " + std::to_string(n) + " all (" + (strength == Consistency::value ? "value" : strength == Consistency::bounds ? "bounds" : "domain") + ")";
    std::vector<double> times;
    for (int r = 0; r < repeat; ++r) {
        Solver s;
        std::vector<IntVar> q = s.new_int_vars(n, 0, n - 1);
        std::vector<IntVar> up, down;
        for (int i = 0; i < n; ++i) {
            up.push_back(s.new_int_var(i, n - 1 + i));
            down.push_back(s.new_int_var(-i, n - 1 - i));
            equal_offset(s, up[i], q[i], i);
            equal_offset(s, down[i], q[i], -i);
        }
        all_different(s, q, strength);
        all_different(s, up, strength);
        all_different(s, down, strength);
        SearchOptions o;
        o.decision_variables = q;
        o.variable = VariableSelection::input_order;
        Search search(s, o);
        const auto start = Clock::now();
        std::uint64_t count = 0;
        search.count(count);
        times.push_back(seconds_between(start, Clock::now()));
        m.result = std::to_string(count);
        m.nodes = search.statistics().nodes;
        m.failures = search.statistics().failures;
        m.propagations = search.statistics().propagations;
    }
    m.seconds = median(times);
    return m;
}

std::vector<std::string> read_lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (line.size() >= 81) lines.push_back(line.substr(0, 81));
    }
    return lines;
}

// The sudoku model: 81 cells, 27 alldifferent.
std::vector<IntVar> sudoku_model(Solver& s, Consistency strength) {
    std::vector<IntVar> cell = s.new_int_vars(81, 1, 9);
    for (int k = 0; k < 9; ++k) {
        std::vector<IntVar> row, column, box;
        for (int j = 0; j < 9; ++j) {
            row.push_back(cell[9 * k + j]);
            column.push_back(cell[9 * j + k]);
            box.push_back(cell[9 * (3 * (k / 3) + j / 3) + 3 * (k % 3) + j % 3]);
        }
        all_different(s, row, strength);
        all_different(s, column, strength);
        all_different(s, box, strength);
    }
    return cell;
}

// Solves each puzzle; with `reuse`, one model is built once and each puzzle's clues
// are fixed one level below its root (Search pops back after each puzzle).
int sudoku(const std::string& path, int repeat, Consistency strength, std::size_t limit, bool reuse) {
    std::vector<std::string> puzzles = read_lines(path);
    if (puzzles.empty()) {
        std::fprintf(stderr, "prune_bench: %s: no 81-character puzzle lines\n", path.c_str());
        return 2;
    }
    if (limit != 0 && puzzles.size() > limit) puzzles.resize(limit);
    std::vector<double> totals;
    std::vector<double> per_puzzle;
    std::uint64_t nodes = 0, failures = 0, propagations = 0, solved = 0;
    for (int r = 0; r < repeat; ++r) {
        nodes = failures = propagations = solved = 0;
        per_puzzle.clear();
        const auto start = Clock::now();
        Solver shared;
        std::vector<IntVar> shared_cells;
        if (reuse) {
            shared_cells = sudoku_model(shared, strength);
            if (!shared.propagate()) return 1;  // the empty grid cannot fail; the model would be wrong
        }
        for (const std::string& p : puzzles) {
            const auto t0 = Clock::now();
            Solver fresh;
            Solver& s = reuse ? shared : fresh;
            const std::vector<IntVar> cell = reuse ? shared_cells : sudoku_model(s, strength);
            if (reuse) s.push_level();
            bool consistent = true;
            for (int i = 0; i < 81; ++i)
                if (p[i] >= '1' && p[i] <= '9' && s.assign(cell[i], p[i] - '0') == Event::failed) consistent = false;
            if (consistent) {
                Search search(s);
                if (search.next() == SearchStatus::solution) ++solved;
                nodes += search.statistics().nodes;
                failures += search.statistics().failures;
                propagations += search.statistics().propagations;
            }
            if (reuse) {
                s.clear_queue();
                s.pop_level();
            }
            per_puzzle.push_back(seconds_between(t0, Clock::now()));
        }
        totals.push_back(seconds_between(start, Clock::now()));
    }
    const double total = median(totals);
    const std::string base = path.substr(path.find_last_of('/') + 1);
    Measure m{"sudoku " + base + (reuse ? " (reused model)" : ""), std::to_string(solved) + "/" + std::to_string(puzzles.size()), nodes, failures, propagations, total};
    print(m);
    std::printf("    %zu puzzles: %.0f puzzles/s, median %.1f us, max %.1f us per puzzle\n", puzzles.size(),
                static_cast<double>(puzzles.size()) / total, median(per_puzzle) * 1e6,
                *std::max_element(per_puzzle.begin(), per_puzzle.end()) * 1e6);
    return 0;
}

// Reads `name = value;` items of a .dzn as flat lists of integers.
bool read_dzn(const std::string& path, std::vector<std::pair<std::string, std::vector<long>>>& items) {
    std::ifstream in(path);
    if (!in) return false;
    std::stringstream buffer;
    for (std::string line; std::getline(in, line);) {
        const auto c = line.find('%');
        buffer << (c == std::string::npos ? line : line.substr(0, c)) << '\n';
    }
    std::string text = buffer.str();
    std::size_t at = 0;
    while (true) {
        const std::size_t eq = text.find('=', at);
        if (eq == std::string::npos) break;
        const std::size_t end = text.find(';', eq);
        std::string name = text.substr(at, eq - at);
        name.erase(std::remove_if(name.begin(), name.end(), [](char ch) { return std::isspace(static_cast<unsigned char>(ch)); }), name.end());
        std::vector<long> values;
        const std::string body = text.substr(eq + 1, end - eq - 1);
        for (std::size_t i = 0; i < body.size();) {
            if (std::isdigit(static_cast<unsigned char>(body[i])) || (body[i] == '-' && i + 1 < body.size() && std::isdigit(static_cast<unsigned char>(body[i + 1])))) {
                std::size_t used = 0;
                values.push_back(std::stol(body.substr(i), &used));
                i += used;
            } else {
                ++i;
            }
        }
        items.emplace_back(name, values);
        at = end + 1;
    }
    return true;
}

int table_csp(const std::string& path, int repeat) {
    std::vector<std::pair<std::string, std::vector<long>>> items;
    if (!read_dzn(path, items)) {
        std::fprintf(stderr, "prune_bench: cannot read %s\n", path.c_str());
        return 2;
    }
    auto get = [&](const char* name) -> const std::vector<long>& {
        for (auto& item : items)
            if (item.first == name) return item.second;
        static const std::vector<long> none;
        return none;
    };
    const int nv = static_cast<int>(get("nv").at(0)), d = static_cast<int>(get("d").at(0));
    const int nt = static_cast<int>(get("nt").at(0)), k = static_cast<int>(get("k").at(0));
    const int ntup = static_cast<int>(get("ntup").at(0));
    const std::vector<long>& scope = get("scope");
    const std::vector<long>& tuples = get("tuples");
    Measure m;
    m.name = "table " + path.substr(path.find_last_of('/') + 1);
    std::vector<double> times;
    for (int r = 0; r < repeat; ++r) {
        const auto start = Clock::now();
        Solver s;
        std::vector<IntVar> x = s.new_int_vars(nv, 0, d - 1);
        for (int c = 0; c < nt; ++c) {
            std::vector<IntVar> vars;
            for (int a = 0; a < k; ++a) vars.push_back(x[scope[c * k + a] - 1]);
            std::vector<std::vector<int>> rows;
            for (int t = 0; t < ntup; ++t) {
                std::vector<int> row;
                for (int a = 0; a < k; ++a) row.push_back(static_cast<int>(tuples[static_cast<std::size_t>(c) * ntup * k + t * k + a]));
                rows.push_back(row);
            }
            table(s, vars, rows);
        }
        Search search(s);  // first-fail, min: the peers' model uses first_fail, indomain_min
        const SearchStatus st = search.next();
        times.push_back(seconds_between(start, Clock::now()));
        m.result = st == SearchStatus::solution ? "SAT" : st == SearchStatus::exhausted ? "UNSAT" : "unknown";
        m.nodes = search.statistics().nodes;
        m.failures = search.statistics().failures;
        m.propagations = search.statistics().propagations;
    }
    m.seconds = median(times);
    print(m);
    return 0;
}

Consistency parse_strength(const char* s) {
    if (std::strcmp(s, "value") == 0) return Consistency::value;
    if (std::strcmp(s, "bounds") == 0) return Consistency::bounds;
    return Consistency::domain;
}

}  // namespace

int main(int argc, char** argv) {
    int repeat = 3;
    int i = 1;
    if (i + 1 < argc && std::strcmp(argv[i], "--repeat") == 0) {
        repeat = std::max(1, std::atoi(argv[i + 1]));
        i += 2;
    }
    if (i >= argc) {
        std::fprintf(stderr, "usage: prune_bench [--repeat R] queens [N...] | sudoku FILE [--alldiff S] [--limit K] [--reuse] | table FILE.dzn...\n");
        return 2;
    }
    const std::string what = argv[i++];
    print_header();
    if (what == "queens") {
        std::vector<int> sizes;
        Consistency strength = Consistency::value;
        for (; i < argc; ++i) {
            if (std::strcmp(argv[i], "--alldiff") == 0 && i + 1 < argc) strength = parse_strength(argv[++i]);
            else sizes.push_back(std::atoi(argv[i]));
        }
        if (sizes.empty()) sizes = {10, 11, 12, 13};
        for (int n : sizes) print(queens(n, repeat, strength));
        return 0;
    }
    if (what == "sudoku" && i < argc) {
        const std::string path = argv[i++];
        Consistency strength = Consistency::domain;
        std::size_t limit = 0;
        bool reuse = false;
        for (; i < argc; ++i) {
            if (std::strcmp(argv[i], "--reuse") == 0) reuse = true;
            else if (std::strcmp(argv[i], "--alldiff") == 0 && i + 1 < argc) strength = parse_strength(argv[++i]);
            else if (std::strcmp(argv[i], "--limit") == 0 && i + 1 < argc) limit = static_cast<std::size_t>(std::atol(argv[++i]));
        }
        return sudoku(path, repeat, strength, limit, reuse);
    }
    if (what == "table") {
        int status = 0;
        for (; i < argc; ++i) status |= table_csp(argv[i], repeat);
        return status;
    }
    std::fprintf(stderr, "prune_bench: unknown benchmark '%s'\n", what.c_str());
    return 2;
}
