// The hand-written FlatZinc files under tests/flatzinc/cases, each headed by
//   % expect: solutions=N | optimum=V | unsat | error=MESSAGE
// run with -a (and again with -f, free search with restarts, which must find the
// very same solutions; and learning on threads, by cubes and by a portfolio), plus
// the command-line options and a fuzzing pass.
#include "catch.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "engine/prune.hpp"
#include "flatzinc/builder.hpp"
#include "flatzinc/parser.hpp"
#include "support.hpp"

using namespace prune::test::fzn;
namespace fs = std::filesystem;

namespace {

fs::path cases_dir() { return fs::path(PRUNE_SOURCE_DIR) / "tests" / "flatzinc" / "cases"; }

std::vector<fs::path> case_files() {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(cases_dir())) {
        if (e.path().extension() == ".fzn") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string expectation(const fs::path& file) {
    const std::string first = lines(read_file(file)).front();
    const std::string tag = "% expect: ";
    return first.rfind(tag, 0) == 0 ? first.substr(tag.size()) : "";
}

// The objective values reported by -s, in order.
std::vector<long long> objectives(const std::string& out) {
    std::vector<long long> v;
    for (const std::string& line : lines(out)) {
        const std::string tag = "%%%mzn-stat: objective=";
        if (line.rfind(tag, 0) == 0) v.push_back(std::stoll(line.substr(tag.size())));
    }
    return v;
}

}  // namespace

TEST_CASE("every FlatZinc case gives its expected answer", "[flatzinc]") {
    const std::vector<fs::path> files = case_files();
    REQUIRE(files.size() >= 20);
    for (const fs::path& file : files) {
        const std::string expect = expectation(file);
        const std::string path = file.string();
        INFO(file.filename().string() << ": expect " << expect);
        REQUIRE_FALSE(expect.empty());
        if (expect.rfind("solutions=", 0) == 0) {
            const std::size_t n = std::stoul(expect.substr(10));
            const Output a = run({"-a", path});
            INFO(a.err);
            REQUIRE(a.code == 0);
            const std::vector<std::string> found = solutions(a.out);
            REQUIRE(found.size() == n);
            REQUIRE(lines(a.out).back() == "==========");
            REQUIRE(sorted_unique(found).size() == n);
            // Free search (dom/wdeg, Luby restarts, nogoods) must enumerate the same set.
            const Output f = run({"-a", "-f", "-r", "3", path});
            REQUIRE(f.code == 0);
            REQUIRE(sorted_unique(solutions(f.out)) == sorted_unique(found));
            REQUIRE(solutions(f.out).size() == n);
            // Learning on two threads: every solution by cubes; one by a portfolio.
            if (!prune::test::learning_built) continue;
            const Output cubes = run({"-a", "--learn", "-p", "2", path});
            REQUIRE(cubes.code == 0);
            REQUIRE(sorted_unique(solutions(cubes.out)) == sorted_unique(found));
            REQUIRE(solutions(cubes.out).size() == n);
            const Output first = run({"--learn", "-p", "2", path});
            REQUIRE(first.code == 0);
            REQUIRE(solutions(first.out).size() == std::min<std::size_t>(n, 1));
            if (n > 0) REQUIRE(std::find(found.begin(), found.end(), solutions(first.out)[0]) != found.end());
        } else if (expect.rfind("optimum=", 0) == 0) {
            const long long best = std::stoll(expect.substr(8));
            // (--learn -p 2: a portfolio of the model's search and activity; -p 3 -f:
            // three activity searches, with seeds 0, 1 and 2.)
            for (const auto& flags : {std::vector<std::string>{"-s"}, {"-a", "-s"}, {"-f", "-s"}, {"-i", "-s", "-f", "-r", "9"},
                                      {"--learn", "-p", "2", "-s"}, {"--learn", "-p", "3", "-f", "-a", "-s"}}) {
                if (!prune::test::runs_here(flags)) continue;
                std::vector<std::string> args = flags;
                args.push_back(path);
                const Output r = run(args);
                INFO(r.err);
                REQUIRE(r.code == 0);
                REQUIRE(contains_line(r.out, "=========="));
                const std::vector<long long> obj = objectives(r.out);
                REQUIRE_FALSE(obj.empty());
                REQUIRE(obj.back() == best);
            }
            // Intermediate solutions improve strictly.
            const Output all = run({"-a", "-s", path});
            std::vector<long long> seen;
            for (const std::string& line : lines(all.out)) {
                if (line.rfind("%%%mzn-stat: objective=", 0) == 0) seen.push_back(std::stoll(line.substr(23)));
                if (line.rfind("%%%mzn-stat: initTime", 0) == 0) break;  // the final block repeats the optimum
            }
            REQUIRE(seen.size() == solutions(all.out).size());
            for (std::size_t i = 1; i < seen.size(); ++i) REQUIRE(seen[i] != seen[i - 1]);
        } else if (expect == "unsat") {
            for (const auto& flags : {std::vector<std::string>{"-a"}, {"--learn", "-p", "2"}}) {
                if (!prune::test::runs_here(flags)) continue;
                std::vector<std::string> args = flags;
                args.push_back(path);
                const Output r = run(args);
                REQUIRE(r.code == 0);
                REQUIRE(solutions(r.out).empty());
                REQUIRE(lines(r.out).back() == "=====UNSATISFIABLE=====");
            }
        } else if (expect.rfind("error=", 0) == 0) {
            const std::string message = expect.substr(6);
            const Output r = run({"-a", path});
            REQUIRE(r.code == 2);
            REQUIRE(r.err.find(path + message) != std::string::npos);
            REQUIRE(r.out.find("----------") == std::string::npos);
        } else {
            FAIL("unknown expectation " << expect);
        }
    }
}

TEST_CASE("unknown annotations are warned about once each", "[flatzinc]") {
    const Output r = run({"-a", (cases_dir() / "parse_features.fzn").string()});
    REQUIRE(r.code == 0);
    std::size_t count = 0;
    for (std::size_t at = r.err.find("'my_unknown_annotation'"); at != std::string::npos;
         at = r.err.find("'my_unknown_annotation'", at + 1)) {
        ++count;
    }
    REQUIRE(count == 1);
    REQUIRE(r.err.find("warning: ignoring unknown annotation 'another'") != std::string::npos);
    REQUIRE(r.err.find("parse_features.fzn:13:31: warning:") != std::string::npos);
    REQUIRE(contains_line(r.out, "grid = array2d(1..2, 1..2, [1, 5, 1, 0]);"));
    REQUIRE(contains_line(r.out, "b = true;"));
}

TEST_CASE("odd search annotations are warnings, empty arrays print, -a projects onto the output", "[flatzinc]") {
    const Output odd = run({"-a", (cases_dir() / "annotations_odd.fzn").string()});
    REQUIRE(odd.code == 0);
    REQUIRE(odd.err.find("warning: ignoring the search annotation 'int_search': undefined identifier 'no_such_array'") !=
            std::string::npos);
    REQUIRE(odd.err.find("warning: ignoring the search annotation 'restart_luby'") != std::string::npos);
    // The array1d(2..3, ...) group is used: `smallest` with indomain_max starts at x = [2, 2].
    REQUIRE(solutions(odd.out).front().find("x = array1d(1..2, [2, 2]);") != std::string::npos);

    const Output empty = run({"-a", (cases_dir() / "empty_arrays.fzn").string()});
    REQUIRE(empty.code == 0);
    REQUIRE(contains_line(empty.out, "empty = array1d(1..0, []);"));

    // The witness for y and z comes from the search annotation (largest y first).
    const Output projected = run({"-a", "-s", (cases_dir() / "projection.fzn").string()});
    REQUIRE(projected.code == 0);
    REQUIRE(contains_line(projected.out, "%%%mzn-stat: solutions=2"));
}

TEST_CASE("fzn-prune options: -n, default, -i, -s, -p, -r, --learn-alldifferent, --learn-branching, errors", "[flatzinc]") {
    const std::string alldiff = (cases_dir() / "alldifferent.fzn").string();
    const std::string minimize = (cases_dir() / "minimize.fzn").string();

    const Output three = run({"-n", "3", alldiff});
    REQUIRE(three.code == 0);
    REQUIRE(solutions(three.out).size() == 3);
    REQUIRE_FALSE(contains_line(three.out, "=========="));

    const Output one = run({alldiff, "-p", "2", "-r", "12"});
    REQUIRE(one.code == 0);
    REQUIRE(solutions(one.out).size() == 1);
    REQUIRE_FALSE(contains_line(one.out, "=========="));
    if (prune::test::learning_built) {
        // With learning, -p runs a portfolio for one solution or an optimum, else cubes.
        const Output portfolio = run({"-v", "--learn", "-p", "2", minimize});
        REQUIRE(portfolio.code == 0);
        CHECK(portfolio.err.find("a portfolio of 2 searches") != std::string::npos);
        CHECK(contains_line(portfolio.out, "obj = 4;"));
        const Output cubes = run({"-v", "--learn", "-p", "2", "-a", alldiff});
        REQUIRE(cubes.code == 0);
        CHECK(cubes.err.find("a portfolio") == std::string::npos);
        CHECK(cubes.err.find("2 threads,") != std::string::npos);
    }

    const Output best = run({minimize});
    REQUIRE(solutions(best.out).size() == 1);  // only the optimum
    REQUIRE(contains_line(best.out, "obj = 4;"));
    REQUIRE(lines(best.out).back() == "==========");

    const Output steps = run({"-i", minimize});
    REQUIRE(solutions(steps.out).size() > 1);
    REQUIRE(contains_line(steps.out, "obj = 4;"));

    const Output stats = run({"-s", alldiff});
    for (const char* name : {"nodes", "failures", "propagations", "solveTime", "initTime", "variables", "peakDepth"}) {
        REQUIRE(stats.out.find(std::string("%%%mzn-stat: ") + name + "=") != std::string::npos);
    }
    REQUIRE(lines(stats.out).back() == "%%%mzn-stat-end");

    if (prune::test::learning_built) {  // (-DPRUNE_LEARNING=OFF refuses --learn: tests/support/skip.hpp)
        // With --learn its three all_different are posted at value consistency (their
        // value stage alone), with --learn-alldifferent annotated at domain, bounds and
        // domain (a propagator more each).
        auto propagators = [](const Output& o) {
            const std::size_t at = o.out.find("%%%mzn-stat: propagators=");
            return at == std::string::npos ? -1 : std::stoi(o.out.substr(at + 25));
        };
        const Output value = run({"-s", "--learn", alldiff});
        const Output annotated = run({"-s", "--learn", "--learn-alldifferent", "annotated", alldiff});
        REQUIRE(value.code == 0);
        REQUIRE(annotated.code == 0);
        REQUIRE(solutions(value.out) == solutions(annotated.out));
        CHECK(propagators(value) >= 1);
        CHECK(propagators(annotated) == propagators(value) + 3);
        const Output bad_word = run({"--learn", "--learn-alldifferent", "bounds", alldiff});
        REQUIRE(bad_word.code == 2);
        CHECK(bad_word.err.find("option --learn-alldifferent takes value or annotated, got 'bounds'") != std::string::npos);

        // Every --learn-branching finds the same solutions (all of them, -a); a word it
        // does not know is refused.
        const Output by_default = run({"-a", "--learn", "-f", alldiff});
        REQUIRE(by_default.code == 0);
        REQUIRE_FALSE(solutions(by_default.out).empty());
        for (const char* branching : {"variables", "literals", "negated-literals", "literals-up"}) {
            const Output branched = run({"-a", "--learn", "-f", "--learn-branching", branching, alldiff});
            INFO("--learn-branching " << branching);
            REQUIRE(branched.code == 0);
            CHECK(solutions(branched.out).size() == solutions(by_default.out).size());
            CHECK(sorted_unique(solutions(branched.out)) == sorted_unique(solutions(by_default.out)));
        }
        const Output bad_branching = run({"--learn", "--learn-branching", "chuffed", alldiff});
        REQUIRE(bad_branching.code == 2);
        CHECK(bad_branching.err.find("option --learn-branching takes variables, literals, negated-literals or literals-up, got 'chuffed'") !=
              std::string::npos);
    }

    const Output bad = run({"-q", alldiff});
    REQUIRE(bad.code == 2);
    REQUIRE(bad.err.find("unknown option -q") != std::string::npos);
    REQUIRE(run({"-n", "x", alldiff}).code == 2);
    REQUIRE(run({}).code == 2);
    const Output missing = run({"/nonexistent/model.fzn"});
    REQUIRE(missing.code == 2);
    REQUIRE(missing.err.find("cannot open") != std::string::npos);
    const Output help = run({"--help"});
    REQUIRE(help.code == 0);
    REQUIRE(help.out.find("usage: fzn-prune") != std::string::npos);
}

namespace {
// n pigeons in `holes` holes (n - 1 by default: no solution), pairwise int_ne, as a
// FlatZinc file in the test directory.
fs::path pigeonhole_fzn(int n, int holes = 0) {
    if (holes == 0) holes = n - 1;
    std::ostringstream m;
    for (int i = 0; i < n; ++i) m << "var 1.." << holes << ": p" << i << " :: output_var;\n";
    for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) m << "constraint int_ne(p" << i << ", p" << j << ");\n";
    }
    m << "solve satisfy;\n";
    const fs::path file = temp_dir() / ("pigeons" + std::to_string(n) + "_" + std::to_string(holes) + ".fzn");
    std::ofstream(file) << m.str();
    return file;
}

// The statistic named `name` in the -s output.
long long statistic(const std::string& out, const std::string& name) {
    const std::string key = "%%%mzn-stat: " + name + "=";
    const std::size_t at = out.find(key);
    REQUIRE(at != std::string::npos);
    return std::stoll(out.substr(at + key.size()));
}
}  // namespace

TEST_CASE("fzn-prune --learn says when learning cannot run, and solves without it", "[flatzinc]") {
    if (!prune::test::learning_built) PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
    // A var int without bounds is kept as bounds only, which learning's facts per
    // value cannot cover: a warning on standard error, before the search, on one
    // thread and on two, and the optimum all the same.
    const std::string bounds_only = (cases_dir() / "bounds_only_objective.fzn").string();
    for (const auto& flags : {std::vector<std::string>{"--learn", "-s"}, {"--learn", "-p", "2", "-s"}}) {
        std::vector<std::string> args = flags;
        args.push_back(bounds_only);
        const Output r = run(args);
        INFO(r.err);
        REQUIRE(r.code == 0);
        CHECK(r.err.find(bounds_only + ": warning: --learn: learning needs bitset domains; x keeps bounds only; the search runs without learning") !=
              std::string::npos);
        CHECK(contains_line(r.out, "x = 5;"));
        CHECK(r.out.find("learnedNogoods") == std::string::npos);
    }
    // Where learning runs, no warning.
    const Output learning = run({"--learn", "-a", "-s", (cases_dir() / "alldifferent.fzn").string()});
    REQUIRE(learning.code == 0);
    CHECK(learning.err.find("warning") == std::string::npos);
    CHECK(learning.out.find("learnedNogoods") != std::string::npos);
}

TEST_CASE("the -t flag stops a hard search and reports UNKNOWN", "[flatzinc]") {
    // Pigeonhole 12 into 11 with pairwise !=: no solution, exponential for DFS.
    const fs::path file = pigeonhole_fzn(12);
    const auto start = std::chrono::steady_clock::now();
    const Output r = run({"-t", "200", "-s", file.string()});
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    REQUIRE(r.code == 0);
    REQUIRE(contains_line(r.out, "=====UNKNOWN====="));
    REQUIRE(elapsed < 3.0);
}

TEST_CASE("fzn-prune's node and fail limits stop the search at exactly that many", "[flatzinc]") {
    // Pigeonhole 10 into 9: UNSAT, far more than 500 nodes for any search.
    const fs::path file = pigeonhole_fzn(10);
    for (const std::vector<std::string>& search : {std::vector<std::string>{}, {"-f"}, {"--learn", "on"}, {"-f", "--learn", "on"}}) {
        if (!prune::test::runs_here(search)) continue;
        INFO("search flags: " << search.size());
        std::vector<std::string> args = search;
        for (const char* a : {"--node-limit", "500", "-s"}) args.emplace_back(a);
        args.push_back(file.string());
        const Output nodes = run(args);
        REQUIRE(nodes.code == 0);
        CHECK(contains_line(nodes.out, "=====UNKNOWN====="));
        CHECK(statistic(nodes.out, "nodes") == 500);
        args[search.size()] = "--fail-limit";
        const Output failures = run(args);
        REQUIRE(failures.code == 0);
        CHECK(contains_line(failures.out, "=====UNKNOWN====="));
        CHECK(statistic(failures.out, "failures") == 500);
        // The same limit gives the same run (no clock involved).
        const Output again = run(args);
        CHECK(statistic(again.out, "nodes") == statistic(failures.out, "nodes"));
        CHECK(statistic(again.out, "propagations") == statistic(failures.out, "propagations"));
    }
    // A limit that is never reached changes nothing: 3 pigeons, 3 holes, all 6 solutions.
    const fs::path small = pigeonhole_fzn(3, 3);
    const Output all = run({"-a", "--node-limit", "1000", small.string()});
    CHECK(all.code == 0);
    CHECK(contains_line(all.out, "=========="));
    const Output bad = run({"--node-limit", "-1", small.string()});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("--node-limit expects a number (0: no limit)") != std::string::npos);
}

// A learning portfolio's searches pass each other their short nogoods: -s counts
// those offered and those taken; --share-nogoods 0 passes none.
TEST_CASE("fzn-prune --learn -p 2 shares nogoods unless --share-nogoods 0", "[flatzinc]") {
    if (!prune::test::learning_built) PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
    // Pigeonhole 10 into 9: UNSAT, about 20,000 conflicts (0.3 s), so -f restarts
    // (and takes the other search's nogoods) dozens of times, even when one thread
    // waits a while for a core.
    const fs::path file = pigeonhole_fzn(10);
    const Output shared = run({"--learn", "-f", "-p", "2", "-s", file.string()});
    REQUIRE(shared.code == 0);
    CHECK(contains_line(shared.out, "=====UNSATISFIABLE====="));
    CHECK(statistic(shared.out, "sharedNogoods") > 0);
    CHECK(statistic(shared.out, "importedNogoods") > 0);
    const Output alone = run({"--learn", "-f", "-p", "2", "-s", "--share-nogoods", "0", file.string()});
    REQUIRE(alone.code == 0);
    CHECK(contains_line(alone.out, "=====UNSATISFIABLE====="));
    CHECK(alone.out.find("sharedNogoods") == std::string::npos);
    CHECK(alone.out.find("importedNogoods") == std::string::npos);
    const Output bad = run({"--share-nogoods", "-3", file.string()});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("--share-nogoods expects a number of facts (0: share none)") != std::string::npos);
}

TEST_CASE("the parser and builder survive damaged files", "[flatzinc]") {
    prune::Random random(2024);
    int parsed = 0, built = 0;
    for (const fs::path& file : case_files()) {
        const std::string original = read_file(file);
        for (int k = 0; k < 40; ++k) {
            std::string text = original;
            switch (random.below(4)) {
                case 0: text.resize(random.below(text.size() + 1)); break;
                case 1:
                    for (int i = 0; i < 3; ++i) text[random.below(text.size())] = "();,[]{}:=.-x0\"%\n"[random.below(17)];
                    break;
                case 2: text.erase(random.below(text.size()), 1 + random.below(12)); break;
                default: {
                    const std::size_t at = random.below(text.size());
                    text.insert(at, text.substr(random.below(text.size()), 1 + random.below(30)));
                }
            }
            prune::flatzinc::ParseResult p = prune::flatzinc::parse(text, "fuzz.fzn");
            if (!p.ok) {
                REQUIRE(p.error.rfind("fuzz.fzn:", 0) == 0);
                REQUIRE(p.error.find(": error: ") != std::string::npos);
                continue;
            }
            ++parsed;
            prune::flatzinc::BuiltModel m;
            std::ostringstream warnings;
            const prune::flatzinc::BuildResult b = prune::flatzinc::build(p.model, "fuzz.fzn", m, warnings);
            if (!b.ok) {
                REQUIRE(b.error.rfind("fuzz.fzn:", 0) == 0);
                continue;
            }
            ++built;
            prune::SearchOptions o;
            o.limits.nodes = 500;
            prune::Search search(*m.solver, o);
            for (int i = 0; i < 3 && search.next() == prune::SearchStatus::solution; ++i) {
            }
        }
    }
    REQUIRE(parsed > 0);
    REQUIRE(built > 0);
}
