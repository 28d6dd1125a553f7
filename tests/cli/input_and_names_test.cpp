// Input a user actually has (a byte-order mark, non-ASCII characters, a puzzle on the
// command line, common sudoku layouts, a batch file without --batch, a MiniZinc
// model) and the names a person can follow (one scheme per kind across the check
// lines, --explain, --profile and traces), through the real prune binary.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "catch.hpp"

#if defined(PRUNE_CLI_PATH)
#include "support/json_reader.hpp"
#include "support/cli_run.hpp"

using namespace prune::cli::testing;
using prune::support::JsonValue;

namespace {

const std::string bom = "\xEF\xBB\xBF";

std::string input(const std::string& path) { return source_dir() + "/tests/inputs/" + path; }

// The kinds `prune list` names (the first word of each line).
std::vector<std::string> listed_kinds() {
    std::vector<std::string> kinds;
    for (const std::string& line : lines_of(run_prune("list").out)) {
        const std::string word = line.substr(0, line.find(' '));
        if (!word.empty()) kinds.push_back(word);
    }
    return kinds;
}

}  // namespace

TEST_CASE("a UTF-8 byte-order mark is skipped in every kind of input", "[cli][input]") {
    ScratchDirectory dir;
    // Puzzle files whose first line is a '#' comment: with the mark in front it must
    // stay a comment, and the answer must not change.
    const std::vector<std::pair<std::string, std::string>> puzzles = {
        {"seki", "seki_4x4.txt"}, {"sudoku", "top95_01.txt"}, {"kurosu", "kurosu6_dm_2018-06-01.txt"},
        {"numberworkout", "nw_003.txt"}, {"ostomachion", "four_squares.txt"}, {"bugbyte", "house.txt"}, {"quarto", "given_pieces.txt"}};
    for (const auto& [kind, file] : puzzles) {
        INFO(kind << " " << file);
        const std::string text = slurp(example(kind, file));
        REQUIRE(text.rfind(bom, 0) != 0);
        const RunResult plain = run_prune("solve " + kind + " " + quoted(example(kind, file)) + " --first");
        REQUIRE(plain.exit_code == 0);
        const std::string marked = write_file(dir, kind + "_bom.txt", bom + text);
        const RunResult from_file = run_prune("solve " + kind + " " + quoted(marked) + " --first");
        CHECK(from_file.exit_code == 0);
        CHECK(from_file.err.empty());
        CHECK(from_file.out == plain.out);
        const RunResult from_stdin = run_prune("solve " + kind + " - --first", bom + text);
        CHECK(from_stdin.exit_code == 0);
        CHECK(from_stdin.out == plain.out);
    }

    SECTION("FlatZinc") {
        const std::string model = source_dir() + "/tests/flatzinc/cases/maximize.fzn";
        const RunResult plain = run_prune("fzn " + quoted(model));
        REQUIRE(plain.exit_code == 0);
        const RunResult marked = run_prune("fzn " + quoted(write_file(dir, "model.fzn", bom + slurp(model))));
        CHECK(marked.exit_code == 0);
        CHECK(marked.out == plain.out);
    }
    SECTION("a solution file, plain and JSON") {
        const std::string puzzle = quoted(example("seki", "seki_4x4.txt"));
        const std::string solution = run_prune("solve seki " + puzzle).out;
        const RunResult plain = run_prune("check seki " + puzzle + " " + quoted(write_file(dir, "solution.txt", bom + solution)));
        CHECK(plain.exit_code == 0);
        CHECK(contains(plain.out, "Puzzle OK"));
        const std::string json = run_prune("solve seki " + puzzle + " --json").out;
        const RunResult from_json = run_prune("check seki " + puzzle + " -", bom + json);
        CHECK(from_json.exit_code == 0);
    }
    SECTION("a batch file") {
        const std::string batch = input("batch/sudoku_batch.txt");
        const RunResult plain = run_prune("solve sudoku " + quoted(batch) + " --batch");
        REQUIRE(plain.exit_code == 0);
        const RunResult marked = run_prune("solve sudoku " + quoted(write_file(dir, "batch.txt", bom + slurp(batch))) + " --batch");
        CHECK(marked.exit_code == 0);
        CHECK(marked.out == plain.out);
    }
    SECTION("a trace") {
        const std::string trace = (dir.path() / "t.jsonl").string();
        REQUIRE(run_prune("solve seki " + quoted(example("seki", "seki_4x4.txt")) + " --trace " + quoted(trace)).exit_code == 0);
        const std::string marked = write_file(dir, "marked.jsonl", bom + slurp(trace));
        const RunResult view = run_prune("trace view " + quoted(marked) + " -o " + quoted((dir.path() / "t.html").string()));
        CHECK(view.exit_code == 0);
        CHECK(view.err.empty());
    }
}

TEST_CASE("columns count characters, not bytes", "[cli][input]") {
    // 81 characters, one of them the two-byte 'é' at column 10: 81 cells, and the
    // error points at the 'é' (not "82 cells").
    std::string line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    line.replace(9, 1, "\xC3\xA9");
    const RunResult sudoku = run_prune("solve sudoku -", line + "\n");
    CHECK(sudoku.exit_code == 2);
    CHECK(sudoku.err.rfind("<stdin>:1:10: error: '\xC3\xA9' is not a sudoku value", 0) == 0);
    CHECK_FALSE(contains(sudoku.err, "82"));

    // A seki rotor line: 'é' is one unknown rotor at its column, quoted whole.
    CHECK(starts_with(input_error("solve seki -", "oo+o\xC3\xA9\x61oo-\n"), "<stdin>:1:5: error: unknown rotor '\xC3\xA9'"));

    // A column after a non-ASCII character on the same line: the unknown neighbour
    // 'zz' of region 'é' starts at character 7 (byte 8).
    CHECK(starts_with(input_error("solve ostomachion -", "colours 2\n\xC3\xA9 1 : zz\n"), "<stdin>:2:7: error:"));

    // FlatZinc counts the same way.
    ScratchDirectory dir;
    const std::string model = (dir.path() / "m.fzn").string();
    std::ofstream(model, std::ios::binary) << "array [1..1] of var 1..3: a :: output_array([1..1]) :: mzn_path(\"\xC3\xA9\") = [@];\nsolve satisfy;\n";
    CHECK(starts_with(input_error("fzn " + quoted(model)), model + ":1:73: error: unexpected character '@'"));
}

TEST_CASE("a puzzle given on the command line", "[cli][input]") {
    const std::string top95_01 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const RunResult from_file = run_prune("solve sudoku " + quoted(example("sudoku", "top95_01.txt")));
    REQUIRE(from_file.exit_code == 0);
    const RunResult inline_puzzle = run_prune("solve sudoku " + top95_01);
    CHECK(inline_puzzle.exit_code == 0);
    CHECK(inline_puzzle.out == from_file.out);

    const RunResult seki = run_prune("solve seki oo+ooaoo-");
    CHECK(seki.exit_code == 0);
    CHECK(seki.out == run_prune("solve seki " + quoted(example("seki", "seki_4x4.txt"))).out);
    CHECK(run_prune("check seki oo+ooaoo- -", seki.out).exit_code == 0);

    // Neither a file nor a puzzle: the file error, then what the puzzle reading said.
    const RunResult typo = run_prune("solve sudoku " + top95_01.substr(0, 80) + "x");
    CHECK(typo.exit_code == 2);
    const auto lines = lines_of(typo.err);
    REQUIRE(lines.size() == 2);
    CHECK(contains(lines[0], "cannot open"));
    CHECK(lines[1] == "prune: note: read as the puzzle itself: <command line>:1:81: error: 'x' is not a sudoku value ('.', '_' or 0 for blank, 1..9)");

    // An existing file of the same spelling is a file (a puzzle is never looked for).
    ScratchDirectory dir;
    std::ofstream(dir.path() / "oo+ooaoo-") << "zz\n";
    const RunResult file = run_shell("cd " + quoted(dir.path().string()) + " && " + quoted(prune_binary()) + " solve seki oo+ooaoo-");
    CHECK(file.exit_code == 2);
    CHECK(file.err.rfind("oo+ooaoo-:1:1: error: unknown rotor 'z'", 0) == 0);
}

TEST_CASE("common sudoku layouts are read", "[cli][input]") {
    // Each layout holds top95 #1: the same solution, the same check lines.
    const RunResult reference = run_prune("solve sudoku " + quoted(example("sudoku", "top95_01.txt")) + " --first");
    REQUIRE(reference.exit_code == 0);
    for (const char* file : {"boxed_spaces.txt", "boxed_bars.txt", "spaced_cells.txt", "top95_01.sdk"}) {
        INFO(file);
        const RunResult r = run_prune("solve sudoku " + quoted(input(std::string("sudoku_layouts/") + file)) + " --first");
        CHECK(r.exit_code == 0);
        CHECK(r.err.empty());
        CHECK(r.out == reference.out);
    }
    // '_' blanks in the one-line form; an .sdk [Solution] section ends the grid.
    const RunResult underscores = run_prune("solve sudoku 4_____8_5_3__________7______2_____6_____8_4______1_______6_3_7_5__2_____1_4______ --first");
    CHECK(underscores.exit_code == 0);
    const std::string sdk = slurp(input("sudoku_layouts/top95_01.sdk")) + "[Solution]\n" + std::string(9, '1') + "\n";
    CHECK(run_prune("solve sudoku - --first", sdk).exit_code == 0);
}

TEST_CASE("a file of one-line puzzles without --batch says to use --batch", "[cli][input]") {
    const std::string file = input("sudoku_layouts/three_puzzles.txt");
    CHECK(starts_with(input_error("solve sudoku " + quoted(file)), file + ":1:1: error: this file holds 3 puzzles, one per line: use --batch\n"));
    CHECK(run_prune("solve sudoku " + quoted(file) + " --batch").exit_code == 0);

    // Standard input alike; seki's one-line form too.
    const RunResult seki = run_prune("solve seki -", "oo+ooaoo-\noo+ooaoo-\n");
    CHECK(seki.exit_code == 2);
    CHECK(seki.err.rfind("<stdin>:1:1: error: this file holds 2 puzzles, one per line: use --batch", 0) == 0);

    // A seki grid with its 4th row missing also reads as three one-line sekis of 4
    // rotors: the grid's error comes first, the hint as a note.
    const RunResult grid = run_prune("solve seki -", "oo+o\naoo-\n+-oa\n");
    CHECK(grid.exit_code == 2);
    CHECK(grid.err.rfind("<stdin>:3:5: error: expected 4 rows of 4 rotors", 0) == 0);
    CHECK(contains(grid.err, "note: if each line is a puzzle of its own, this file holds 3 puzzles"));
}

TEST_CASE("prune fzn on a MiniZinc model says how to run it", "[cli][input][fzn]") {
    ScratchDirectory dir;
    const std::string model = write_file(dir, "queens.mzn", "int: n = 4;\narray[1..n] of var 1..n: q;\nsolve satisfy;\n");
    const RunResult r = run_prune("fzn " + quoted(model));
    CHECK(r.exit_code == 2);
    CHECK(contains(r.err, "minizinc --solver prune " + model));
}

TEST_CASE("seki with a missing or extra line names the count of rows", "[cli][input]") {
    CHECK(starts_with(input_error("solve seki -", "# 3 rotors a row\n+o-\noao\n"), "<stdin>:3:4: error: expected 3 rows of 3 rotors (as many rows as the first row has rotors), found 2\n"));
    CHECK(starts_with(input_error("solve seki -", "+o-\noao\n+-o\n\naa+\n"), "<stdin>:5:1: error: expected 3 rows of 3 rotors (as many rows as the first row has rotors), found 4; this line is one too many\n"));
}

TEST_CASE("sudoku: one naming scheme across check lines, --explain, --profile and traces", "[cli][names]") {
    const std::string puzzle = quoted(example("sudoku", "top95_25_hard.txt"));
    const RunResult solved = run_prune("solve sudoku " + puzzle);
    REQUIRE(solved.exit_code == 0);
    CHECK(contains(solved.out, "\nrow 3 values "));
    CHECK(contains(solved.out, "\ncolumn 4 values "));
    CHECK(contains(solved.out, "\nbox 9 values "));
    CHECK_FALSE(contains(solved.out, "Row 0"));

    const RunResult explain = run_prune("solve sudoku " + puzzle + " --explain r3c4");
    REQUIRE(explain.exit_code == 0);
    CHECK(contains(explain.err, "Why is r3c4 = "));
    CHECK(contains(explain.err, "row 3 [alldifferent("));  // the check line's rule name
    CHECK(contains(explain.err, "column 4 [alldifferent("));
    CHECK(contains(explain.err, "-{7}"));
    const RunResult unknown = run_prune("solve sudoku " + puzzle + " --explain V21");
    CHECK(unknown.exit_code == 2);
    CHECK(contains(unknown.err, "no variable called 'V21'"));

    // The two stages of one alldifferent are two propagators with two names.
    const RunResult profile = run_prune("solve sudoku " + puzzle + " --profile");
    REQUIRE(profile.exit_code == 0);
    CHECK(contains(profile.err, "\nrow "));  // the busiest propagators, by their rules' names
    CHECK(contains(profile.err, " [alldifferent(value)]  "));
    CHECK(contains(profile.err, " [alldifferent(domain)]  "));
    const RunResult value_only = run_prune("solve sudoku " + puzzle + " --profile --alldiff value");
    CHECK(contains(value_only.err, "row 3 "));
    CHECK_FALSE(contains(value_only.err, "row 3 ["));

    const RunResult text = run_prune("solve sudoku " + puzzle + " --trace-text --trace-limit 200");
    CHECK(contains(text.err, "[alldifferent("));
    CHECK(contains(text.err, "r1c"));

    ScratchDirectory dir;
    const std::string trace = (dir.path() / "t.jsonl").string();
    REQUIRE(run_prune("solve sudoku " + puzzle + " --trace " + quoted(trace)).exit_code == 0);
    const std::string header = lines_of(slurp(trace)).at(0);
    CHECK(contains(header, "\"name\":\"r3c4\""));
    CHECK(contains(header, "\"name\":\"box 9 [alldifferent(domain)]\""));

    const RunResult help = run_prune("sudoku --help");
    CHECK(contains(help.out, "r1c1"));
    CHECK(contains(help.out, "'row 1'"));
}

TEST_CASE("every kind: check lines, propagators and --explain share the kind's names", "[cli][names]") {
    const std::vector<std::string> kinds = listed_kinds();
    REQUIRE(kinds.size() >= 7);
    for (const std::string& kind : kinds) {
        INFO(kind);
        const RunResult help = run_prune(kind + " --help");
        CHECK(help.exit_code == 0);
        CHECK_FALSE(contains(help.out, "V0"));

        ScratchDirectory dir;
        const std::string trace = (dir.path() / "t.jsonl").string();
        const RunResult solved = run_prune("solve " + kind + " --first --trace " + quoted(trace));
        REQUIRE(solved.exit_code == 0);
        const JsonValue header = parse_json_text(lines_of(slurp(trace)).at(0));
        const JsonValue* variables = header.find("variables");
        const JsonValue* propagators = header.find("propagators");
        REQUIRE(variables != nullptr);
        REQUIRE(propagators != nullptr);

        // Some check line starts with a propagator's name (its "[kind]" stage aside),
        // and no name is an anonymous "kind#id" but for auxiliary propagators.
        bool shared = false;
        for (const JsonValue& p : propagators->items) {
            std::string name = p.find("name")->string;
            if (const auto stage = name.find(" ["); stage != std::string::npos) name.resize(stage);
            if (contains(solved.out, "\n" + name + " ")) shared = true;
        }
        CHECK(shared);

        // The first cell by the name the trace gives it: --explain accepts it.
        const std::string first = variables->items.at(0).find("name")->string;
        CHECK_FALSE((first.size() > 1 && first[0] == 'V' && std::isdigit(static_cast<unsigned char>(first[1]))));
        const RunResult explain = run_prune("solve " + kind + " --first --explain " + quoted(first));
        CHECK(explain.exit_code == 0);
        CHECK(contains(explain.err, "Why is " + first + " = "));
    }
    // The grid kinds name cells r1c1 alike.
    const RunResult kurosu = run_prune("solve kurosu --first");
    CHECK(contains(kurosu.out, "\nrow 1 balance sum "));
    CHECK(run_prune("solve kurosu --first --explain r2c3").exit_code == 0);
    const RunResult seki = run_prune("solve seki --first");
    CHECK(contains(seki.out, "\nrotor 1 (o) [r1c1,r1c2,r2c1,r2c2] sum 2 OK"));
    CHECK(contains(run_prune("solve seki --first --profile").err, "rotor 1 (o)"));
    // Number workout: the two cells of a touching pair share one variable; both names answer.
    const RunResult pair = run_prune("solve numberworkout --first --explain r2c4");
    CHECK(pair.exit_code == 0);
    CHECK(contains(pair.err, "Why is r2c4 = "));
}

TEST_CASE("FlatZinc: --explain and --profile use the model's names", "[cli][names][fzn]") {
    const std::string model = quoted(input("names/queens4.fzn"));
    const RunResult explain = run_prune("fzn " + model + " --explain 'q[3]'");
    REQUIRE(explain.exit_code == 0);
    CHECK(contains(explain.out, "q = array1d(1..4, ["));
    CHECK(contains(explain.err, "Why is q[3] = "));
    // The FlatZinc name of the same variable still answers.
    const RunResult introduced = run_prune("fzn " + model + " --explain X_INTRODUCED_2_");
    CHECK(introduced.exit_code == 0);
    CHECK(contains(introduced.err, "Why is X_INTRODUCED_2_ = "));
    CHECK(run_prune("fzn " + model + " --explain 'q[5]'").exit_code == 2);

    ScratchDirectory dir;
    const std::string trace = (dir.path() / "t.jsonl").string();
    REQUIRE(run_prune("fzn " + model + " --trace " + quoted(trace)).exit_code == 0);
    const std::string header = lines_of(slurp(trace)).at(0);
    CHECK(contains(header, "\"name\":\"q[3]\""));
    CHECK_FALSE(contains(header, "X_INTRODUCED_2_"));
    // One all_different_int posts a value stage and a domain stage: two names.
    CHECK(contains(header, "\"name\":\"fzn_all_different_int@8 [alldifferent(value)]\""));
    CHECK(contains(header, "\"name\":\"fzn_all_different_int@8 [alldifferent(domain)]\""));

    const RunResult text = run_prune("fzn " + model + " --trace-text");
    CHECK(contains(text.err, "q[1]"));
    const RunResult profile = run_prune("fzn " + model + " --profile");
    CHECK(profile.exit_code == 0);
    CHECK(contains(profile.err, "fzn_all_different_int@8 [alldifferent(domain)]"));
}
#endif
