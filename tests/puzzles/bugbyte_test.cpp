// Bug Byte: the built-in instance solved and checked, the answer route recomputed
// independently, counts against brute force on small random graphs, output round
// trips, parser errors, and the command line.
#include <algorithm>
#include <functional>
#include <random>

#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "puzzles/bugbyte/bugbyte_puzzle.hpp"
#include "puzzles/check_report.hpp"
#include "support/json_reader.hpp"
#include "puzzles/solution_reader.hpp"
#include "support/test_text.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;
using prune::test::parse_json_text;

namespace {

const BugBytePuzzle& as_graph(const ParseResult& r) { return dynamic_cast<const BugBytePuzzle&>(*r.puzzle); }

bool all_rules_hold(const std::vector<Rule>& rules, const Values& values) {
    for (const Rule& rule : rules) {
        if (!evaluate(rule, values).holds) return false;
    }
    return true;
}

// Every assignment of distinct weights low..high to the edges, checked by the rules.
std::uint64_t brute_force_count(const Puzzle& puzzle, int low, int high) {
    const int n = puzzle.cell_count();
    const std::vector<Rule> rules = puzzle.rules();
    std::vector<char> used(static_cast<std::size_t>(high - low + 1), 0);
    Values values(static_cast<std::size_t>(n), 0);
    std::uint64_t count = 0;
    std::function<void(int)> place = [&](int i) {
        if (i == n) {
            count += all_rules_hold(rules, values) ? 1 : 0;
            return;
        }
        for (int w = low; w <= high; ++w) {
            if (used[static_cast<std::size_t>(w - low)]) continue;
            used[static_cast<std::size_t>(w - low)] = 1;
            values[static_cast<std::size_t>(i)] = w;
            place(i + 1);
            used[static_cast<std::size_t>(w - low)] = 0;
        }
    };
    place(0);
    return count;
}

// The lightest route by walking every simple path from the route's start (no
// Dijkstra): its weight and how many paths have it.
std::pair<long long, int> lightest_by_enumeration(const WeightGraph& g, const Values& w) {
    long long best = -1;
    int ties = 0;
    std::vector<char> on_path(g.nodes.size(), 0);
    std::function<void(int, long long)> walk = [&](int at, long long sum) {
        if (at == g.route_to) {
            if (best < 0 || sum < best) {
                best = sum;
                ties = 1;
            } else if (sum == best) {
                ++ties;
            }
            return;
        }
        on_path[static_cast<std::size_t>(at)] = 1;
        for (std::size_t e = 0; e < g.edges.size(); ++e) {
            const GraphEdge& edge = g.edges[e];
            if (edge.a != at && edge.b != at) continue;
            const int to = edge.a == at ? edge.b : edge.a;
            if (!on_path[static_cast<std::size_t>(to)]) walk(to, sum + w[e]);
        }
        on_path[static_cast<std::size_t>(at)] = 0;
    };
    walk(g.route_from, 0);
    return {best, ties};
}


}  // namespace

TEST_CASE("bugbyte: the built-in graph is solved, checked and answered", "[puzzles][bugbyte]") {
    const ParseResult r = parse_text("bugbyte", Registry::global().find("bugbyte")->builtin_text);
    REQUIRE(r.puzzle);
    const BugBytePuzzle& puzzle = as_graph(r);
    CHECK(puzzle.graph().nodes.size() == 18);
    CHECK(puzzle.edge_count() == 24);
    CHECK(puzzle.graph().node_sums.size() == 10);
    CHECK(puzzle.graph().path_clues.size() == 7);
    CHECK(puzzle.graph().low == 1);
    CHECK(puzzle.graph().high == 24);

    const Solved solved = solve(*r.puzzle, SolveMode::first_and_unique);
    REQUIRE(solved.solutions.size() == 1);
    CHECK(solved.outcome.unique_checked);
    const Values& w = solved.solutions[0];
    CHECK(check_solution(*r.puzzle, w).ok());

    // The answer: Dijkstra's route agrees with walking every simple path from 5 to 15.
    const Route route = puzzle.lightest_route(w);
    REQUIRE(route.found);
    const auto [best, ties] = lightest_by_enumeration(puzzle.graph(), w);
    CHECK(route.weight == best);
    CHECK(route.lightest_paths == static_cast<std::uint64_t>(ties));
    CHECK(puzzle.graph().nodes[static_cast<std::size_t>(route.nodes.front())] == "5");
    CHECK(puzzle.graph().nodes[static_cast<std::size_t>(route.nodes.back())] == "15");
    REQUIRE(route.word.size() == route.edges.size());
    long long total = 0;
    for (std::size_t i = 0; i < route.edges.size(); ++i) {
        const int weight = w[static_cast<std::size_t>(route.edges[i])];
        total += weight;
        CHECK(route.word[i] == static_cast<char>('A' + weight - 1));
    }
    CHECK(total == route.weight);

    // Plain and JSON output read back to the same weights.
    Diagnostic error;
    const std::string plain = r.puzzle->render_plain(w);
    CHECK(plain.rfind("1-2: ", 0) == 0);
    CHECK(plain.find("Answer: " + route.word + " (lightest path 5-") != std::string::npos);
    CHECK(read_solution(*r.puzzle, SourceText{"plain", plain}, error) == std::optional<Values>(w));
    JsonWriter json;
    r.puzzle->write_json_solution(json, w);
    const JsonValue doc = parse_json_text(json.text());
    REQUIRE(doc.type == JsonValue::Type::object);
    REQUIRE(doc.members.size() == 2);
    CHECK(doc.members[0].first == "weights");
    CHECK(doc.members[1].first == "answer");
    const JsonValue& weights = doc.members[0].second;
    REQUIRE(weights.members.size() == 24);
    CHECK(weights.members[0].first == "1-2");
    CHECK(weights.members[3].first == "4-5");
    CHECK(weights.members[3].second.number == 12);  // a given weight
    CHECK(weights.members[15].first == "11-10");
    CHECK(doc.members[1].second.string == route.word);
    CHECK(read_solution(*r.puzzle, SourceText{"json", json.text()}, error) == std::optional<Values>(w));

    // Swapping two weights breaks node sums: the checker says so.
    Values wrong = w;
    std::swap(wrong[0], wrong[1]);
    CHECK_FALSE(check_solution(*r.puzzle, wrong).ok());
    // A path clue on its own: no path from 8 sums to 6 once every weight is large.
    const std::vector<Rule> rules = r.puzzle->rules();
    const auto clue = std::find_if(rules.begin(), rules.end(), [](const Rule& rule) { return rule.label.rfind("path from 8 total 6 ", 0) == 0; });
    REQUIRE(clue != rules.end());
    CHECK(clue->shape == RuleShape::some_sum);
    CHECK(evaluate(*clue, w).holds);
    CHECK_FALSE(evaluate(*clue, Values(24, 7)).holds);
}

TEST_CASE("bugbyte: the count is the same with every alldifferent strength and equals the solutions listed", "[puzzles][bugbyte]") {
    const ParseResult r = parse_example("bugbyte", "bugbyte.txt");
    REQUIRE(r.puzzle);
    const Solved all = solve(*r.puzzle, SolveMode::all);
    REQUIRE(all.outcome.exhausted);
    CHECK(all.outcome.solutions > 0);
    for (const Values& v : all.solutions) CHECK(check_solution(*r.puzzle, v).ok());
    for (prune::Consistency c : {prune::Consistency::value, prune::Consistency::bounds, prune::Consistency::domain}) {
        SolveSettings settings;
        settings.mode = SolveMode::count;
        settings.model.alldifferent = c;
        const SolveOutcome counted = solve_puzzle(*r.puzzle, settings, [](const Values&) {});
        CHECK(counted.exhausted);
        CHECK(counted.solutions == all.outcome.solutions);
    }
    // The example file is the built-in instance.
    const ParseResult builtin = parse_text("bugbyte", Registry::global().find("bugbyte")->builtin_text);
    CHECK(solve(*builtin.puzzle, SolveMode::count).outcome.solutions == all.outcome.solutions);
}

TEST_CASE("bugbyte: counts agree with brute force on small random graphs", "[puzzles][bugbyte]") {
    std::mt19937 random(11);
    int with_solutions = 0;
    for (int trial = 0; trial < 25; ++trial) {
        const int nodes = 4 + static_cast<int>(random() % 3);     // 4..6
        const int edges = nodes + static_cast<int>(random() % 2);  // a cycle or two
        const int high = edges + static_cast<int>(random() % 2);   // weights 1..high
        // A random connected graph: a spanning path plus extra edges, no repeats.
        std::vector<std::pair<int, int>> list;
        for (int v = 1; v < nodes; ++v) list.emplace_back(static_cast<int>(random() % static_cast<unsigned>(v)), v);
        while (static_cast<int>(list.size()) < edges) {
            const int a = static_cast<int>(random() % static_cast<unsigned>(nodes));
            const int b = static_cast<int>(random() % static_cast<unsigned>(nodes));
            if (a == b) continue;
            const auto same = [&](const std::pair<int, int>& e) { return (e.first == a && e.second == b) || (e.first == b && e.second == a); };
            if (std::find_if(list.begin(), list.end(), same) != list.end()) continue;
            list.emplace_back(a, b);
        }
        // Clues from a hidden assignment, so most instances have solutions.
        std::vector<int> hidden(static_cast<std::size_t>(high));
        for (int i = 0; i < high; ++i) hidden[static_cast<std::size_t>(i)] = i + 1;
        std::shuffle(hidden.begin(), hidden.end(), random);
        std::string text = "weights 1 ";
        (text += std::to_string(high)) += '\n';
        for (std::size_t e = 0; e < list.size(); ++e) {
            ((((text += "edge n") += std::to_string(list[e].first)) += " n") += std::to_string(list[e].second));
            if (random() % 5 == 0) (text += ' ') += std::to_string(hidden[e]);
            text += '\n';
        }
        for (int v = 0; v < nodes; ++v) {
            if (random() % 2 == 0) continue;
            int sum = 0;
            for (std::size_t e = 0; e < list.size(); ++e) {
                if (list[e].first == v || list[e].second == v) sum += hidden[e];
            }
            (((text += "node n") += std::to_string(v)) += ' ') += std::to_string(sum);
            text += '\n';
        }
        for (int clue = 0; clue < 2; ++clue) {
            // The sum of a random walk's first steps from a random node (a simple path
            // while it does not come back), or a random total.
            const int start = static_cast<int>(random() % static_cast<unsigned>(nodes));
            int total = 1 + static_cast<int>(random() % 12);
            int at = start;
            std::vector<char> seen(static_cast<std::size_t>(nodes), 0);
            seen[static_cast<std::size_t>(at)] = 1;
            int walked = 0;
            for (int step = 0; step < 3; ++step) {
                const std::size_t e = random() % list.size();
                if (list[e].first != at && list[e].second != at) continue;
                const int to = list[e].first == at ? list[e].second : list[e].first;
                if (seen[static_cast<std::size_t>(to)]) break;
                seen[static_cast<std::size_t>(to)] = 1;
                walked += hidden[e];
                at = to;
            }
            if (walked > 0 && random() % 4 != 0) total = walked;
            (((text += "path n") += std::to_string(start)) += ' ') += std::to_string(total);
            text += '\n';
        }
        const ParseResult r = parse_text("bugbyte", text);
        INFO(text);
        REQUIRE(r.puzzle);
        const std::uint64_t expected = brute_force_count(*r.puzzle, 1, high);
        const Solved counted = solve(*r.puzzle, SolveMode::count);
        CHECK(counted.outcome.solutions == expected);
        with_solutions += expected > 0 ? 1 : 0;
        for (const Values& v : solve(*r.puzzle, SolveMode::all).solutions) CHECK(check_solution(*r.puzzle, v).ok());
    }
    CHECK(with_solutions > 5);  // the cross-check is not only about empty sets
}

TEST_CASE("bugbyte: the small example is unique, and ties in the answer are reported", "[puzzles][bugbyte]") {
    const ParseResult house = parse_example("bugbyte", "house.txt");
    INFO(house.error.to_string());
    REQUIRE(house.puzzle);
    const Solved solved = solve(*house.puzzle, SolveMode::all);
    REQUIRE(solved.solutions.size() == 1);
    CHECK(check_solution(*house.puzzle, solved.solutions[0]).ok());
#if defined(NDEBUG)
    // An independent check that the example is unique: all 10!/2! assignments against
    // the rules (seconds in Release, too slow for the sanitizer build).
    CHECK(brute_force_count(*house.puzzle, 1, 10) == 1);
#endif
    const Route route = as_graph(house).lightest_route(solved.solutions[0]);
    REQUIRE(route.found);
    CHECK(route.lightest_paths == 1);
    CHECK(route.weight == lightest_by_enumeration(as_graph(house).graph(), solved.solutions[0]).first);

    // A square a-b-d / a-c-d with 1 + 4 = 2 + 3: two lightest paths.
    const ParseResult square = parse_text("bugbyte", "edge a b 1\nedge b d 4\nedge a c 2\nedge c d 3\nroute a d\n");
    REQUIRE(square.puzzle);
    const Solved one = solve(*square.puzzle, SolveMode::first);
    REQUIRE(one.solutions.size() == 1);
    const Route tie = as_graph(square).lightest_route(one.solutions[0]);
    CHECK(tie.found);
    CHECK(tie.weight == 5);
    CHECK(tie.lightest_paths == 2);
    CHECK(square.puzzle->render_plain(one.solutions[0]).find("ambiguous: 2 paths from a to d") != std::string::npos);
    JsonWriter json;
    square.puzzle->write_json_solution(json, one.solutions[0]);
    CHECK(json.text().find("\"answer_ambiguous\":true") != std::string::npos);
    // No route line: no answer line, "answer": null.
    const ParseResult plain = parse_text("bugbyte", "edge a b\nedge b c\nnode b 3\n");
    REQUIRE(plain.puzzle);
    const Solved two = solve(*plain.puzzle, SolveMode::all);
    CHECK(two.solutions.size() == 2);
    CHECK(plain.puzzle->render_plain(two.solutions[0]).find("Answer") == std::string::npos);
    JsonWriter none;
    plain.puzzle->write_json_solution(none, two.solutions[0]);
    CHECK(none.text().find("\"answer\":null") != std::string::npos);
}

TEST_CASE("bugbyte: bad files give file:line:col errors", "[puzzles][bugbyte]") {
    require_parse_error("bugbyte", "edge a b\nfoo x\n", 2, 1, "unknown statement 'foo'");
    require_parse_error("bugbyte", "edge a b x\n", 1, 10, "whole number");
    require_parse_error("bugbyte", "edge a b\nedge b a\n", 2, 6, "given twice");
    require_parse_error("bugbyte", "edge a a\n", 1, 8, "itself");
    require_parse_error("bugbyte", "weights 1 3\nedge a b 5\nedge b c\n", 2, 10, "outside the weights 1..3");
    require_parse_error("bugbyte", "weights 1 2\nedge a b\nedge b c\nedge c d\n", 1, 9, "too few weights");
    require_parse_error("bugbyte", "edge a b 1\nedge b c 1\n", 2, 10, "weight 1 is given twice");
    require_parse_error("bugbyte", "edge a b\nroute a z\n", 2, 9, "unknown node 'z'");
    require_parse_error("bugbyte", "edge a b\nroute a a\n", 2, 9, "two different nodes");
    require_parse_error("bugbyte", "edge a b\nnode q 3\n", 2, 6, "unknown node 'q'");
    require_parse_error("bugbyte", "edge a b\nnode a x\n", 2, 8, "sum must be a whole number");
    require_parse_error("bugbyte", "edge a b\nnode a 3\nnode a 4\n", 3, 6, "two sums");
    require_parse_error("bugbyte", "edge a b\npath a\n", 2, 7, "expected 'path N TOTAL'");
    require_parse_error("bugbyte", "edge a b\npath a 99999999999\n", 2, 8, "total must be a whole number");
    require_parse_error("bugbyte", "edge a b\nedge\n", 2, 5, "expected 'edge U V [WEIGHT]'");
    require_parse_error("bugbyte", "edge a b 1 2\n", 1, 12, "expected 'edge U V [WEIGHT]'");
    require_parse_error("bugbyte", "weights 3 1\nedge a b\n", 1, 11, "at least LO");
    require_parse_error("bugbyte", "weights 1 x\nedge a b\n", 1, 11, "HI must be a whole number");
    require_parse_error("bugbyte", "weights 1 2\nweights 1 3\nedge a b\n", 2, 1, "twice");
    require_parse_error("bugbyte", "weights 0 5\nedge a b\nroute a b\n", 3, 1, "positive weights");
    require_parse_error("bugbyte", "# nothing but a comment\n", 1, 1, "no edges");
    require_parse_error("bugbyte", "edge a b\n  route a b c\n", 2, 13, "expected 'route A B'");
}

#if defined(PRUNE_CLI_PATH)
#include "support/cli_run.hpp"

TEST_CASE("bugbyte: the command line solves, counts, checks and writes SMT-LIB", "[puzzles][bugbyte][cli]") {
    using namespace prune::cli::testing;
    const RunResult solved = run_prune("solve bugbyte");
    CHECK(solved.exit_code == 0);
    CHECK(solved.out.find("Answer: ") != std::string::npos);
    CHECK(solved.out.find("Puzzle OK: solution successful.") != std::string::npos);
    const RunResult counted = run_prune("solve bugbyte --count");
    CHECK(counted.exit_code == 0);
    const RunResult json = run_prune("solve bugbyte --json");
    CHECK(json.exit_code == 0);
    CHECK(json.out.find("\"weights\":{\"1-2\":") != std::string::npos);
    CHECK(json.out.find("\"answer\":\"") != std::string::npos);
    const std::string puzzle = quoted(example("bugbyte", "bugbyte.txt"));
    CHECK(run_prune("check bugbyte " + puzzle + " -", json.out).exit_code == 0);
    CHECK(run_prune("check bugbyte " + puzzle + " -", solved.out).exit_code == 0);
    const RunResult smt = run_prune("smtlib bugbyte");
    CHECK(smt.exit_code == 0);
    CHECK(smt.out.find("; path from 3 total 31 (any of the ") != std::string::npos);
    CHECK(smt.out.find("(assert (or ") != std::string::npos);
    const RunResult bad = run_prune("solve bugbyte -", "edge a b\nnode c 3\n");
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("<stdin>:2:6: error: unknown node 'c'") != std::string::npos);
}

TEST_CASE("bugbyte: z3's model of the SMT-LIB passes prune check", "[puzzles][bugbyte][cli]") {
    using namespace prune::cli::testing;
    if (!z3_available()) PRUNE_SKIP("z3 is not installed (apt-get install z3)");
    const std::string house = quoted(example("bugbyte", "house.txt"));
    const std::string prune = quoted(prune_binary());
    const RunResult r = run_shell(prune + " smtlib bugbyte " + house + " | z3 -in | " + prune + " check bugbyte " + house + " -");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("Puzzle OK: solution successful.") != std::string::npos);
}
#endif
