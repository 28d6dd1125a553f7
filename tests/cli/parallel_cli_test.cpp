// prune solve -p N, prune fzn -p N, and the cube commands (split, solve --cubes,
// merge): the same counts, solution sets and optima as one thread. Tagged
// [parallel] (scripts/test.sh runs them under ThreadSanitizer too).
#include "catch.hpp"
#include "support/cli_run.hpp"

#include <set>

using namespace prune::cli::testing;

namespace {

std::string count_in(const RunResult& r) {
    const std::string key = "\"count\":";
    const std::size_t at = r.out.find(key);
    if (at == std::string::npos) return "(no count in: " + r.out + r.err + ")";
    return r.out.substr(at + key.size(), r.out.find_first_of(",}", at) - at - key.size());
}

// The solutions of `args` (--all --quiet: blocks separated by blank lines), as a
// set, and how many blocks there were.
std::set<std::string> solution_blocks(const std::string& args, std::size_t& blocks) {
    const RunResult r = run_prune(args);
    REQUIRE(r.exit_code == 0);
    std::set<std::string> set;
    std::string block;
    blocks = 0;
    for (const std::string& line : lines_of(r.out + "\n")) {
        if (!line.empty()) {
            block += line + "\n";
            continue;
        }
        if (block.empty()) continue;
        set.insert(block);
        ++blocks;
        block.clear();
    }
    return set;
}

// The small Quarto board of the tests (2,154 boards): the seed with two more pieces.
std::string given_five() { return quoted(source_dir() + "/tests/inputs/quarto/given_five.txt"); }

}  // namespace

TEST_CASE("prune solve -p: counts equal for 1, 2 and 4 threads", "[parallel][cli]") {
    const std::string given = given_five();
    const std::string cases[] = {"ostomachion --count", "ostomachion --count --plain-count", "quarto " + given + " --count",
                                 "quarto " + given + " --count --plain-count", "sudoku " + quoted(example("sudoku", "sudoku_4x4.txt")) + " --count"};
    for (const std::string& c : cases) {
        const std::string one = count_in(run_prune("solve " + c + " --json"));
        INFO(c << ": " << one);
        CHECK(one.find_first_not_of("0123456789") == std::string::npos);
        for (const char* threads : {"2", "4"}) {
            const RunResult r = run_prune("solve " + c + " --json -p " + threads);
            CHECK(r.exit_code == 0);
            CHECK(count_in(r) == one);
        }
    }
    CHECK(count_in(run_prune("solve ostomachion --count --json -p 2")) == "216");
    // The seed: the Quarto board with given pieces, whose count docs/puzzle-formats.md gives.
    CHECK(count_in(run_prune("solve quarto " + quoted(example("quarto", "given_pieces.txt")) + " --count --json -p 2")) == "988712");
}

TEST_CASE("prune solve -p: --all gives the same solution set, uniqueness the same verdict", "[parallel][cli]") {
    std::size_t parallel_blocks = 0;
    std::size_t sequential_blocks = 0;
    const std::set<std::string> parallel = solution_blocks("solve ostomachion --all --quiet -p 3", parallel_blocks);
    const std::set<std::string> sequential = solution_blocks("solve ostomachion --all --quiet", sequential_blocks);
    CHECK(sequential_blocks == 216);
    CHECK(parallel_blocks == 216);
    CHECK(parallel == sequential);
    const RunResult unique = run_prune("solve sudoku " + quoted(example("sudoku", "top95_01.txt")) + " --json -p 2");
    CHECK(unique.exit_code == 0);
    CHECK(contains(unique.out, "\"unique\":true"));
    const RunResult stats = run_prune("solve sudoku " + quoted(example("sudoku", "top95_01.txt")) + " --count -p 2 --stats");
    CHECK(contains(stats.err, "threads:          2"));
    CHECK(contains(stats.err, "cubes:"));
    CHECK(contains(stats.err, "imbalance:"));
    CHECK(run_prune("solve sudoku - --batch -p 2").exit_code == 2);
    CHECK(run_prune("solve ostomachion -p many").exit_code == 2);
}

TEST_CASE("prune fzn -p: the same optimum and solution count", "[parallel][cli]") {
    ScratchDirectory dir;
    const std::string model = write_file(dir, "m.fzn",
                                         "var 0..9: a :: output_var;\nvar 0..9: b :: output_var;\nvar 0..9: c :: output_var;\n"
                                         "var 0..200: cost :: output_var;\n"
                                         "constraint int_lin_eq([3, 5, 7, -1], [a, b, c, cost], 0);\n"
                                         "constraint int_lin_le([-1, -1, -1], [a, b, c], -7);\n"
                                         "constraint int_ne(a, b);\nconstraint int_ne(b, c);\nsolve minimize cost;\n");
    const RunResult one = run_prune("fzn " + quoted(model));
    const RunResult two = run_prune("fzn " + quoted(model) + " -p 2");
    REQUIRE(one.exit_code == 0);
    REQUIRE(two.exit_code == 0);
    const std::vector<std::string> a = lines_of(one.out);
    const std::vector<std::string> b = lines_of(two.out);
    REQUIRE(a.size() >= 6);
    REQUIRE(b.size() >= 6);
    CHECK(a[a.size() - 3] == b[b.size() - 3]);  // cost = ...; of the optimum
    CHECK(b.back() == "==========");
    const std::string all = write_file(dir, "all.fzn",
                                       "var 1..6: x :: output_var;\nvar 1..6: y :: output_var;\nconstraint int_lt(x, y);\nsolve satisfy;\n");
    const auto solutions = [](const RunResult& r) {
        std::size_t n = 0;
        for (const std::string& line : lines_of(r.out)) n += line == "----------" ? 1 : 0;
        return n;
    };
    CHECK(solutions(run_prune("fzn " + quoted(all) + " -a -p 3")) == 15);
    CHECK(solutions(run_prune("fzn " + quoted(all) + " -a")) == 15);
}

TEST_CASE("prune split, solve --cubes and merge: the count of the whole", "[parallel][cli]") {
    ScratchDirectory dir;
    const std::string given = given_five();
    const RunResult split = run_prune("split quarto " + given + " --cubes 40");
    REQUIRE(split.exit_code == 0);
    REQUIRE(starts_with(split.out, "prune-cubes 1\n"));
    const std::string cubes = write_file(dir, "cubes.txt", split.out);
    const RunResult first = run_prune("solve quarto " + given + " --cubes " + quoted(cubes) + " --range :17 --count");
    const RunResult rest = run_prune("solve quarto " + given + " --cubes " + quoted(cubes) + " --range 17: --count -p 2");
    REQUIRE(first.exit_code == 0);
    REQUIRE(rest.exit_code == 0);
    const std::string r1 = write_file(dir, "r1.txt", first.out);
    const std::string r2 = write_file(dir, "r2.txt", rest.out);
    const RunResult merged = run_prune("merge " + quoted(r1) + " " + quoted(r2));
    CHECK(merged.exit_code == 0);
    const std::string plain = count_in(run_prune("solve quarto " + given + " --count --plain-count --json"));
    CHECK(contains(merged.out, "count " + plain + "\n"));
    // One range missing: the merge says which cubes are unknown, exit code 3.
    const RunResult partial = run_prune("merge " + quoted(r1));
    CHECK(partial.exit_code == 3);
    CHECK(contains(partial.out, "UNKNOWN"));
    // Another model: refused.
    const RunResult other = run_prune("solve quarto " + quoted(example("quarto", "torus.txt")) + " --cubes " + quoted(cubes) + " --count");
    CHECK(other.exit_code == 2);
    CHECK(contains(other.err, "another model"));
    // A malformed cube file: file:line:col.
    const std::string bad = write_file(dir, "bad.txt", "prune-cubes 1\nproblem x\nmodel 1 variables 1 propagators fingerprint 0\ncubes 1\n0: 3~4\n");
    const RunResult malformed = run_prune("solve quarto " + given + " --cubes " + quoted(bad) + " --count");
    CHECK(malformed.exit_code == 2);
    CHECK(contains(malformed.err, "bad.txt:5:4: error: bad decision '3~4'"));
}

TEST_CASE("prune split and merge: --all over cubes gives the solution set", "[parallel][cli]") {
    ScratchDirectory dir;
    const std::string cubes = write_file(dir, "cubes.txt", run_prune("split ostomachion --cubes 25").out);
    const RunResult solved = run_prune("solve ostomachion --cubes " + quoted(cubes) + " --all -p 2");
    REQUIRE(solved.exit_code == 0);
    const std::string results = write_file(dir, "r.txt", solved.out);
    const RunResult merged = run_prune("merge " + quoted(results));
    CHECK(merged.exit_code == 0);
    CHECK(contains(merged.out, "solutions 216\n"));
}
