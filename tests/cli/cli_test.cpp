// The prune command line, run as a separate process: exit codes, output formats,
// error messages, and the smtlib | z3 | check pipeline.
#include "catch.hpp"

#if defined(PRUNE_CLI_PATH)
#include "support/json_reader.hpp"
#include "support/cli_run.hpp"

using namespace prune::cli::testing;
using prune::support::JsonValue;

namespace {

}  // namespace

TEST_CASE("prune list, --help, KIND --help, --version", "[cli]") {
    const RunResult list = run_prune("list");
    CHECK(list.exit_code == 0);
    for (const char* kind : {"seki", "kurosu", "numberworkout", "sudoku"}) CHECK(contains(list.out, kind));

    const RunResult help = run_prune("--help");
    CHECK(help.exit_code == 0);
    CHECK(contains(help.out, "Exit codes:"));
    CHECK(contains(help.out, "--time-limit"));

    const RunResult kind_help = run_prune("kurosu --help");
    CHECK(kind_help.exit_code == 0);
    CHECK(contains(kind_help.out, "--unique-lines"));

    const RunResult version = run_prune("--version");
    CHECK(version.exit_code == 0);
    CHECK(version.out.rfind("prune ", 0) == 0);
}

TEST_CASE("solve prints the solution, the check lines and uniqueness and exits 0", "[cli]") {
    const RunResult r = run_prune("solve seki '" + example("seki", "seki_4x4.txt") + "'");
    CHECK(r.exit_code == 0);
    CHECK(r.out.rfind("1010\n0100\n1011\n0101\n", 0) == 0);
    CHECK(contains(r.out, "rotor 1 (o) [r1c1,r1c2,r2c1,r2c2] sum 2 OK\n"));
    CHECK(contains(r.out, "Puzzle OK: solution successful.\n"));
    CHECK(contains(r.out, "The solution is unique.\n"));

    // No file: the built-in instance.
    const RunResult builtin = run_prune("solve kurosu");
    CHECK(builtin.exit_code == 0);
    CHECK(contains(builtin.out, "The solution is unique."));

    // Standard input.
    const RunResult piped = run_prune("solve seki -", "oo+ooaoo-\n");
    CHECK(piped.exit_code == 0);
    CHECK(piped.out == r.out);
}

TEST_CASE("solve --count, --all, -n and --first", "[cli]") {
    const std::string empty4 = "....\n....\n....\n....\n";
    const RunResult count = run_prune("solve sudoku - --count", empty4);
    CHECK(count.exit_code == 0);
    CHECK(count.out == "288 solutions.\n");

    const RunResult n3 = run_prune("solve sudoku - -n 3", empty4);
    CHECK(n3.exit_code == 0);
    CHECK(contains(n3.out, "Solution 3:"));
    CHECK_FALSE(contains(n3.out, "Solution 4:"));
    CHECK(contains(n3.out, "Stopped after 3 solutions (-n 3)."));

    const RunResult all = run_prune("solve kurosu - --all", "..\n..\n");
    CHECK(all.exit_code == 0);
    CHECK(contains(all.out, "Solution 2:"));
    CHECK(contains(all.out, "2 solutions, all found."));

    const RunResult first = run_prune("solve sudoku - --first", empty4);
    CHECK(first.exit_code == 0);
    CHECK_FALSE(contains(first.out, "unique"));

    const RunResult not_unique = run_prune("solve sudoku -", empty4);
    CHECK(not_unique.exit_code == 0);
    CHECK(contains(not_unique.out, "The solution is not unique"));

    const RunResult takuzu = run_prune("solve kurosu '" + example("kurosu", "takuzu_6x6_unique_lines.txt") + "' --count --unique-lines");
    CHECK(takuzu.out == "1 solution.\n");
    const RunResult unruly = run_prune("solve kurosu '" + example("kurosu", "takuzu_6x6_unique_lines.txt") + "' --count");
    CHECK(unruly.out == "3 solutions.\n");
}

TEST_CASE("exit codes: 1 no solution, 2 usage or input error, 3 limit", "[cli]") {
    const RunResult unsat = run_prune("solve sudoku -", "11..\n....\n....\n....\n");
    CHECK(unsat.exit_code == 1);
    CHECK(contains(unsat.out, "No solution"));
    CHECK(run_prune("solve sudoku - --count", "11..\n....\n....\n....\n").exit_code == 1);

    const RunResult bad_input = run_prune("solve sudoku -", "1.3.\n..x.\n.3..\n...4\n");
    CHECK(bad_input.exit_code == 2);
    CHECK(bad_input.err == "<stdin>:2:3: error: 'x' is not a sudoku value ('.', '_' or 0 for blank, 1..4)\n");
    CHECK(bad_input.out.empty());

    const RunResult missing = run_prune("solve seki /nonexistent/puzzle.txt");
    CHECK(missing.exit_code == 2);
    CHECK(contains(missing.err, "/nonexistent/puzzle.txt: error: cannot open"));

    CHECK(run_prune("").exit_code == 0);  // no arguments: the help
    // Usage errors (--unique-lines is a kurosu option, not seki's).
    for (const char* args : {"frobnicate", "solve", "solve chess", "solve seki --bogus", "solve seki -n 0", "solve seki -n",
                             "solve seki --time-limit soon", "solve seki --var random", "solve seki --first --count",
                             "solve seki a.txt b.txt", "check seki only-one.txt", "smtlib seki --all", "solve seki --unique-lines"}) {
        INFO(args);
        CHECK(run_prune(args).exit_code == 2);
    }
    const RunResult usage = run_prune("solve seki --bogus");
    CHECK(contains(usage.err, "prune: error: unknown option '--bogus'"));

    // A node limit of 1 on an empty 9x9: the search cannot finish its first solution.
    const RunResult limited = run_prune("solve sudoku - --node-limit 1 --alldiff value", std::string(81, '.') + "\n");
    CHECK(limited.exit_code == 3);
    CHECK(contains(limited.out, "a limit stopped the search"));
    const RunResult count_limited = run_prune("solve sudoku - --count --node-limit 50", "....\n....\n....\n....\n");
    CHECK(count_limited.exit_code == 3);
    CHECK(contains(count_limited.out, "At least"));
    // A solution found, then a limit during the uniqueness look: still exit 0. (Top95
    // #65 with the weakest alldifferent: the first solution takes about 5 nodes, the
    // proof that it is unique about 200.)
    const RunResult unknown_uniqueness =
        run_prune("solve sudoku - --node-limit 50 --alldiff value", "...36....85.......9.4..8........68.........17..9..45...1.5...6.4....9..2.....3...\n");
    CHECK(unknown_uniqueness.exit_code == 0);
    CHECK(contains(unknown_uniqueness.out, "Uniqueness unknown"));
}

TEST_CASE("solve --json prints one object of the documented shape", "[cli]") {
    const RunResult r = run_prune("solve seki '" + example("seki", "seki_4x4.txt") + "' --json");
    CHECK(r.exit_code == 0);
    const JsonValue json = parse_json_text(r.out);
    CHECK(json.find("kind")->string == "seki");
    CHECK(json.find("status")->string == "sat");
    REQUIRE(json.find("solutions")->items.size() == 1);
    const JsonValue& grid = *json.find("solutions")->items[0].find("grid");
    REQUIRE(grid.items.size() == 4);
    CHECK(grid.items[0].items.size() == 4);
    CHECK(grid.items[0].items[0].number == 1);
    CHECK(json.find("unique")->boolean);
    CHECK(json.find("count") == nullptr);
    CHECK(json.find("stats")->find("nodes") != nullptr);
    CHECK(json.find("stats")->find("seconds") != nullptr);

    const JsonValue nw = parse_json_text(run_prune("solve numberworkout --json").out);
    CHECK(nw.find("solutions")->items.at(0).find("cells")->items.size() == 78);

    const JsonValue counted = parse_json_text(run_prune("solve sudoku - --count --json", "....\n....\n....\n....\n").out);
    CHECK(counted.find("count")->number == 288);
    CHECK(counted.find("solutions")->items.empty());
    CHECK(counted.find("unique") == nullptr);

    const RunResult unsat = run_prune("solve sudoku - --json", "11..\n....\n....\n....\n");
    CHECK(unsat.exit_code == 1);
    CHECK(parse_json_text(unsat.out).find("status")->string == "unsat");
    const RunResult limited = run_prune("solve sudoku - --json --node-limit 1 --alldiff value", std::string(81, '.') + "\n");
    CHECK(limited.exit_code == 3);
    CHECK(parse_json_text(limited.out).find("status")->string == "unknown");

    const RunResult stats = run_prune("solve seki --stats");
    CHECK(contains(stats.err, "nodes:"));
    // Each kind has its default branching; --var overrides it.
    CHECK(contains(stats.err, "branching:        --var first-fail"));
    CHECK(contains(run_prune("solve sudoku --stats").err, "branching:        --var domwdeg"));
    CHECK(contains(run_prune("solve sudoku --stats --var first-fail").err, "branching:        --var first-fail"));
    CHECK(contains(run_prune("solve seki --stats --var input").err, "branching:        --var input"));
}

TEST_CASE("check reads prune's plain and JSON output and reports rule by rule", "[cli]") {
    ScratchDirectory scratch;
    const std::string puzzle = example("kurosu", "kurosu6_dm_2018-06-01.txt");
    const std::string plain = (scratch.path() / "plain.txt").string();
    const std::string json = (scratch.path() / "solution.json").string();
    REQUIRE(run_shell(quoted(prune_binary()) + " solve kurosu '" + puzzle + "' > '" + plain + "'").exit_code == 0);
    REQUIRE(run_shell(quoted(prune_binary()) + " solve kurosu '" + puzzle + "' --json > '" + json + "'").exit_code == 0);

    const RunResult from_plain = run_prune("check kurosu '" + puzzle + "' '" + plain + "'");
    CHECK(from_plain.exit_code == 0);
    CHECK(contains(from_plain.out, "row 1 balance sum 3 OK"));
    CHECK(contains(from_plain.out, "Puzzle OK: solution successful."));
    CHECK(run_prune("check kurosu '" + puzzle + "' '" + json + "'").exit_code == 0);
    CHECK(run_prune("check kurosu '" + puzzle + "' -", slurp(plain)).exit_code == 0);

    // Corrupt the first cell of the plain solution: the checker names the rules.
    std::string corrupted = slurp(plain);
    corrupted[0] = corrupted[0] == '0' ? '1' : '0';
    const RunResult broken = run_prune("check kurosu '" + puzzle + "' -", corrupted);
    CHECK(broken.exit_code == 1);
    CHECK(contains(broken.out, "(must be 3) ERROR"));
    CHECK((contains(broken.out, "row 1 balance sum 2 (must be 3) ERROR") || contains(broken.out, "row 1 balance sum 4 (must be 3) ERROR")));
    CHECK(contains(broken.out, "Puzzle ERROR:"));

    const RunResult garbage = run_prune("check kurosu '" + puzzle + "' -", "hello\n");
    CHECK(garbage.exit_code == 2);
    CHECK(contains(garbage.err, "<stdin>:1:1: error:"));
}

TEST_CASE("smtlib output: QF_LIA, V0.., check-sat and get-value", "[cli]") {
    const RunResult r = run_prune("smtlib numberworkout");
    CHECK(r.exit_code == 0);
    CHECK(contains(r.out, "(set-logic QF_LIA)\n"));
    CHECK(contains(r.out, "(declare-fun V77 () Int)\n"));
    CHECK(contains(r.out, "(check-sat)\n(get-value (V0 V1 "));
    CHECK(run_prune("smtlib sudoku -", "bad\n").exit_code == 2);
}

TEST_CASE("smtlib | z3 | check: z3's model passes prune check", "[cli]") {
    if (!z3_available()) PRUNE_SKIP("z3 is not installed (apt-get install z3)");
    const std::string prune = quoted(prune_binary());
    for (const auto& [kind, file, flags] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"seki", "seki_4x4.txt", ""}, {"kurosu", "kurosu6_dm_2018-06-01.txt", ""}, {"kurosu", "takuzu_6x6_unique_lines.txt", " --unique-lines"},
             {"numberworkout", "nw_003.txt", ""}, {"sudoku", "top95_01.txt", ""}}) {
        const std::string path = quoted(example(kind, file));
        const RunResult r = run_shell(prune + " smtlib " + kind + " " + path + flags + " | z3 -in | " + prune + " check " + kind + " " + path + " -" + flags);
        INFO(kind << " " << file << "\n" << r.out << r.err);
        CHECK(r.exit_code == 0);
        CHECK(contains(r.out, "Puzzle OK: solution successful."));
    }
    // z3's (get-model) answer, the define-fun form, is read too.
    const std::string path = quoted(example("seki", "seki_4x4.txt"));
    const RunResult model = run_shell(prune + " smtlib seki " + path + " | sed 's/^(get-value.*/(get-model)/' | z3 -in | " + prune + " check seki " + path + " -");
    CHECK(model.exit_code == 0);
    // An unsatisfiable puzzle: z3 says unsat, check says there is nothing to check.
    const RunResult unsat = run_shell(prune + " smtlib sudoku - | z3 -in | " + prune + " check sudoku '" + example("sudoku", "sudoku_4x4.txt") + "' -",
                                      "11..\n....\n....\n....\n");
    CHECK(unsat.exit_code == 2);
    CHECK(contains(unsat.err, "unsat"));
}

TEST_CASE("solve --html writes a self-contained page", "[cli]") {
    ScratchDirectory scratch;
    for (const char* kind : {"seki", "kurosu", "numberworkout", "sudoku"}) {
        const std::string page_path = (scratch.path() / (std::string(kind) + ".html")).string();
        const RunResult r = run_prune(std::string("solve ") + kind + " --html '" + page_path + "'");
        CHECK(r.exit_code == 0);
        const std::string page = slurp(page_path);
        INFO(kind);
        CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
        CHECK(contains(page, "<svg"));
        CHECK(contains(page, "Puzzle OK: solution successful."));
        CHECK_FALSE(contains(page, "src=\"http"));  // nothing loaded from outside
    }
    const std::string nw = slurp(scratch.path() / "numberworkout.html");
    std::size_t polygons = 0;
    for (std::size_t at = nw.find("<polygon"); at != std::string::npos; at = nw.find("<polygon", at + 1)) ++polygons;
    CHECK(polygons == 78);  // 13 hexagons of 6 segments
}

#else
TEST_CASE("prune CLI tests need the prune target", "[cli]") { PRUNE_SKIP("the prune target was not built (PRUNE_CLI_PATH is not defined): no CLI test ran"); }
#endif

TEST_CASE("every option that prune help solve and help batch list is one the parser knows", "[cli][help]") {
    // Options and help come from one table (cli/solve_options.cpp): an option the help
    // shows is accepted, and one it does not show is unknown.
    int options = 0;
    for (const char* topic : {"solve", "batch"}) {
        const RunResult help = run_prune(std::string("help ") + topic);
        REQUIRE(help.exit_code == 0);
        for (const std::string& line : lines_of(help.out)) {
            if (line.rfind("  -", 0) != 0) continue;
            std::string option = line.substr(2, line.find(' ', 2) - 2);
            if (option.back() == ',') option.pop_back();
            INFO(topic << ": " << option);
            ++options;
            const RunResult r = run_prune("solve seki " + option);
            CHECK(!contains(r.err, "unknown option"));
        }
    }
    CHECK(options >= 20);
    CHECK(contains(run_prune("solve seki --no-such-option").err, "unknown option '--no-such-option'"));
}

TEST_CASE("prune solve --count --learn says where the kind's own count did not learn", "[cli][learning]") {
    if (!prune::test::learning_built) PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
    // Quarto counts by symmetry classes, searching at level 1, where learning cannot
    // run: the count as without --learn, and a warning that says so.
    const std::string board = quoted(example("quarto", "given_pieces.txt"));
    const RunResult by_kind = run_prune("solve quarto " + board + " --count --stats");
    const RunResult learn = run_prune("solve quarto " + board + " --count --learn on --stats");
    INFO(learn.err);
    REQUIRE(by_kind.exit_code == 0);
    REQUIRE(learn.exit_code == 0);
    CHECK(contains(by_kind.out, "988712 solutions."));
    CHECK(contains(learn.out, "988712 solutions."));
    CHECK(!contains(by_kind.err, "warning"));
    CHECK(contains(learn.err, "prune: warning: --learn: this kind counts with searches of its own (by symmetry or in parts); the search ran "
                              "without learning"));
    // A count that learns says nothing: the plain search on Towers.
    const RunResult towers = run_prune("solve towers " + quoted(example("towers", "towers_5x5_easy.txt")) + " --count --learn on --stats");
    REQUIRE(towers.exit_code == 0);
    CHECK(contains(towers.err, "learned nogoods:"));
    CHECK(!contains(towers.err, "warning"));
}

TEST_CASE("prune solve --learn, --learn on, --learn off, --learn=off", "[cli][learning]") {
    const std::string puzzle = quoted(example("sudoku", "top95_25_hard.txt"));
#if defined(PRUNE_NO_LEARNING)
    const RunResult refused = run_prune("solve sudoku " + puzzle + " --learn");
    CHECK(refused.exit_code == 2);
    CHECK(contains(refused.err, "compiled out"));
    PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
#else
    for (const char* on : {" --learn", " --learn on", " --learn=on"}) {
        const RunResult r = run_prune("solve sudoku " + puzzle + on + " --stats");
        INFO(on);
        CHECK(r.exit_code == 0);
        CHECK(contains(r.err, "learned nogoods:"));
    }
    for (const char* off : {" --learn off", " --learn=off", " --learn --learn off", ""}) {
        const RunResult r = run_prune("solve sudoku " + puzzle + off + " --stats");
        INFO(off);
        CHECK(r.exit_code == 0);
        CHECK(!contains(r.err, "learned nogoods:"));
    }
    // "on"/"off" after --learn is its value; anything else is the next argument.
    const RunResult bad = run_prune("solve sudoku " + puzzle + " --learn=maybe");
    CHECK(bad.exit_code == 2);
    CHECK(contains(bad.err, "--learn takes on or off, got 'maybe'"));
    CHECK(run_prune("solve sudoku --learn " + puzzle).exit_code == 0);
    // The learned nogoods' mean size and LBD, in --stats and in --json's stats (this
    // puzzle takes a few failures, so learning learns).
    CHECK(contains(run_prune("solve sudoku " + puzzle + " --learn --stats").err, " facts, mean LBD "));
    const JsonValue json = parse_json_text(run_prune("solve sudoku " + puzzle + " --learn --json").out);
    const JsonValue* stats = json.find("stats");
    REQUIRE(stats != nullptr);
    REQUIRE(stats->find("learned_nogoods") != nullptr);
    REQUIRE(stats->find("learned_nogoods")->number > 0);
    REQUIRE(stats->find("mean_nogood_size") != nullptr);
    CHECK(stats->find("mean_nogood_size")->number >= 1);
    REQUIRE(stats->find("mean_nogood_lbd") != nullptr);
    CHECK(stats->find("mean_nogood_lbd")->number >= 1);
    CHECK(stats->find("explanations")->number > 0);
    // Without learning, none of these.
    CHECK(parse_json_text(run_prune("solve sudoku " + puzzle + " --json").out).find("stats")->find("learned_nogoods") == nullptr);
#endif
}
