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

TEST_CASE("prune solve -p: a time limit stops a count of many small searches", "[parallel][cli]") {
    // Four given pieces: hundreds of orbit searches, shared out whole over the threads
    // (count_jobs_in_parallel). The whole count takes seconds; 0.1 s stops it.
    const RunResult r = run_prune("solve quarto " + quoted(example("quarto", "given_pieces.txt")) + " --count -p 2 --time-limit 0.1");
    CHECK(r.exit_code == 3);
    CHECK(contains(r.out, "a limit stopped the count (time limit 0.1 s reached)"));
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

namespace {

std::string fzn_input(const std::string& name) { return quoted(source_dir() + "/tests/inputs/fzn/" + name); }

// The lines of `out` that start with `prefix` (FlatZinc output items), as a set.
std::set<std::string> lines_starting(const std::string& out, const std::string& prefix) {
    std::set<std::string> set;
    for (const std::string& line : lines_of(out)) {
        if (starts_with(line, prefix)) set.insert(line);
    }
    return set;
}

// The last value of the last `mark = array1d(...)` line: a Golomb ruler's length.
std::string ruler_length(const std::string& out) {
    std::string last;
    for (const std::string& line : lines_of(out)) {
        if (starts_with(line, "mark = ")) last = line;
    }
    const std::size_t comma = last.rfind(", ");
    if (comma == std::string::npos) return "(no ruler in: " + out + ")";
    return last.substr(comma + 2, last.find(']', comma) - comma - 2);
}

// prune split fzn MODEL --cubes N FLAGS, written to DIR/NAME.
std::string split_fzn(const ScratchDirectory& dir, const std::string& name, const std::string& model, const std::string& n,
                      const std::string& flags = "") {
    const RunResult split = run_prune("split fzn " + model + " --cubes " + n + flags);
    REQUIRE(split.exit_code == 0);
    REQUIRE(starts_with(split.out, "prune-cubes 1\nproblem fzn "));
    return write_file(dir, name, split.out);
}

}  // namespace

TEST_CASE("prune split fzn, fzn --cubes by ranges and merge: the optimum of prune fzn", "[parallel][cli][cubes]") {
    ScratchDirectory dir;
    const std::string golomb = fzn_input("golomb7.fzn");
    const RunResult whole = run_prune("fzn " + golomb);
    REQUIRE(whole.exit_code == 0);
    REQUIRE(contains(whole.out, "==========\n"));
    CHECK(ruler_length(whole.out) == "25");
    const std::string cubes = split_fzn(dir, "cubes.txt", golomb, "30");
    const RunResult first = run_prune("fzn " + golomb + " --cubes " + quoted(cubes) + " --range :10");
    const RunResult rest = run_prune("fzn " + golomb + " --cubes " + quoted(cubes) + " --range 10: -p 2");
    REQUIRE(first.exit_code == 0);
    REQUIRE(rest.exit_code == 0);
    CHECK(contains(first.out, "\nmode minimize\n"));
    const std::string r1 = write_file(dir, "r1.txt", first.out);
    const std::string r2 = write_file(dir, "r2.txt", rest.out);
    const RunResult merged = run_prune("merge " + quoted(r1) + " " + quoted(r2));
    CHECK(merged.exit_code == 0);
    CHECK(ruler_length(merged.out) == ruler_length(whole.out));
    CHECK(contains(merged.out, "----------\n==========\n% best 25 (optimal)\n"));
    CHECK_FALSE(contains(merged.out, "UNKNOWN"));
    // One range missing: the best of the cubes solved so far, not proved optimal,
    // the missing cubes listed, exit code 3.
    const RunResult partial = run_prune("merge " + quoted(r1));
    CHECK(partial.exit_code == 3);
    CHECK_FALSE(contains(partial.out, "=========="));
    CHECK(contains(partial.out, " cubes: 10 11 12"));
    CHECK(starts_with(lines_of(partial.out).back(), "% UNKNOWN "));
    if (contains(partial.out, "mark = ")) CHECK(contains(partial.out, "(not proved optimal)"));
    else CHECK(contains(partial.out, "=====UNKNOWN=====\n"));
    // Maximisation: the merge keeps the largest objective.
    const std::string maximize = quoted(source_dir() + "/tests/flatzinc/cases/maximize.fzn");
    const std::string max_cubes = split_fzn(dir, "max-cubes.txt", maximize, "8");
    const RunResult max_solved = run_prune("fzn " + maximize + " --cubes " + quoted(max_cubes) + " -p 2");
    REQUIRE(max_solved.exit_code == 0);
    CHECK(contains(max_solved.out, "\nmode maximize\n"));
    const RunResult max_merged = run_prune("merge " + quoted(write_file(dir, "max.txt", max_solved.out)));
    CHECK(max_merged.exit_code == 0);
    CHECK(contains(max_merged.out, "obj = 11;\n----------\n==========\n% best 11 (optimal)\n"));
}

TEST_CASE("prune split fzn -a and merge: the solution set of prune fzn -a, and one solution without -a", "[parallel][cli][cubes]") {
    ScratchDirectory dir;
    const std::string queens = fzn_input("queens8.fzn");
    const RunResult whole = run_prune("fzn " + queens + " -a");
    REQUIRE(whole.exit_code == 0);
    const std::set<std::string> expected = lines_starting(whole.out, "q = ");
    CHECK(expected.size() == 92);
    const std::string cubes = split_fzn(dir, "cubes.txt", queens, "20", " -a");
    CHECK(contains(slurp(cubes), "\nproblem fzn " + source_dir() + "/tests/inputs/fzn/queens8.fzn -a\n"));
    const RunResult a = run_prune("fzn " + queens + " -a --cubes " + quoted(cubes) + " --range :7");
    const RunResult b = run_prune("fzn " + queens + " -a --cubes " + quoted(cubes) + " --range 7: -p 3");
    REQUIRE(a.exit_code == 0);
    REQUIRE(b.exit_code == 0);
    const RunResult merged = run_prune("merge " + quoted(write_file(dir, "a.txt", a.out)) + " " + quoted(write_file(dir, "b.txt", b.out)));
    CHECK(merged.exit_code == 0);
    CHECK(lines_starting(merged.out, "q = ") == expected);
    CHECK(contains(merged.out, "==========\n% solutions 92\n% cubes "));
    // Without -a: one solution, which prune fzn -a has too; not all of them, so no
    // ==========.
    const RunResult one = run_prune("fzn " + queens + " --cubes " + quoted(cubes) + " -p 2");
    REQUIRE(one.exit_code == 0);
    CHECK(contains(one.out, "\nmode first\n"));
    const RunResult first = run_prune("merge " + quoted(write_file(dir, "one.txt", one.out)));
    CHECK(first.exit_code == 0);
    const std::set<std::string> found = lines_starting(first.out, "q = ");
    REQUIRE(found.size() == 1);
    CHECK(expected.count(*found.begin()) == 1);
    CHECK_FALSE(contains(first.out, "=========="));
}

TEST_CASE("prune fzn --cubes: unsatisfiable, another model refused, bad flags", "[parallel][cli][cubes]") {
    ScratchDirectory dir;
    const std::string unsat = quoted(source_dir() + "/tests/flatzinc/cases/unsat.fzn");
    const RunResult split = run_prune("split fzn " + unsat + " --cubes 4");
    REQUIRE((split.exit_code == 0 || split.exit_code == 1));  // 1: it fails at the root (no cube)
    const std::string cubes = write_file(dir, "unsat-cubes.txt", split.out);
    const RunResult solved = run_prune("fzn " + unsat + " --cubes " + quoted(cubes));
    REQUIRE(solved.exit_code == 0);
    const RunResult merged = run_prune("merge " + quoted(write_file(dir, "u.txt", solved.out)));
    CHECK(merged.exit_code == 1);
    CHECK(contains(merged.out, "=====UNSATISFIABLE=====\n"));
    // The cube file names its model by a fingerprint of the root domains and of the
    // .fzn bytes: another model, or the same one with one more comment, is refused.
    const std::string golomb = fzn_input("golomb7.fzn");
    const std::string golomb_cubes = write_file(dir, "g.txt", run_prune("split fzn " + golomb + " --cubes 10").out);
    const RunResult other = run_prune("fzn " + fzn_input("golomb9.fzn") + " --cubes " + quoted(golomb_cubes));
    CHECK(other.exit_code == 2);
    CHECK(contains(other.err, "another model"));
    const std::string edited = write_file(dir, "edited.fzn", "% one more comment\n" + slurp(source_dir() + "/tests/inputs/fzn/golomb7.fzn"));
    const RunResult changed = run_prune("fzn " + quoted(edited) + " --cubes " + quoted(golomb_cubes));
    CHECK(changed.exit_code == 2);
    CHECK(contains(changed.err, "another model"));
    // Flags that do not go with cubes.
    CHECK(run_prune("fzn " + golomb + " --cubes " + quoted(golomb_cubes) + " -n 3").exit_code == 2);
    CHECK(run_prune("fzn " + golomb + " --cubes " + quoted(golomb_cubes) + " --trace t.jsonl").exit_code == 2);
    CHECK(run_prune("split fzn " + golomb).exit_code == 2);
    CHECK(run_prune("split fzn " + golomb + " --cubes many").exit_code == 2);
    CHECK(run_prune("fzn " + golomb + " --cubes " + quoted(golomb_cubes) + " --range 5:2").exit_code == 2);
    // Results of a puzzle and of a FlatZinc model do not merge.
    const std::string puzzle_cubes = write_file(dir, "p.txt", run_prune("split ostomachion --cubes 4").out);
    const std::string puzzle_results = write_file(dir, "pr.txt", run_prune("solve ostomachion --cubes " + quoted(puzzle_cubes) + " --all").out);
    const std::string fzn_results = write_file(dir, "fr.txt", run_prune("fzn " + golomb + " --cubes " + quoted(golomb_cubes)).out);
    CHECK(run_prune("merge " + quoted(puzzle_results) + " " + quoted(fzn_results)).exit_code == 2);
}
