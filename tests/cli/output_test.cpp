// The output a person wants (issue 13): --quiet, -o FILE, files that cannot be
// written failing before the search, --trace -, prune trace view's default page and
// warnings, limit messages that name the limit, batch plain and --json statuses that
// agree, prune check printing the grid it checked, letters sudoku answered in
// letters, a one-screen --help, and a Bug Byte page whose labels can be read.
#include "catch.hpp"

#if defined(PRUNE_CLI_PATH)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/json_reader.hpp"
#include "support/cli_run.hpp"

using namespace prune::cli::testing;
using prune::support::JsonValue;
using prune::test::only_characters;
using prune::test::split;
using prune::test::start_tags;
using prune::test::tag_attribute;

namespace {

const std::string seki_solution = "1010\n0100\n1011\n0101\n";
const std::string empty_sudoku(81, '.');
// A path that cannot be created: its directory does not exist.
const std::string unwritable = "/nonexistent-prune-dir/out.txt";
const std::string digits = "0123456789";

// Whether `line` is a row of a 16x16 sudoku in letters: four boxes of four symbols
// 1-9, A-G, one blank apart, with " | " between boxes.
bool is_letters_row(const std::string& line) {
    if (line.size() != 4 * 7 + 3 * 3) return false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const std::size_t in_box = i % 10;  // a box's 7 characters, then " | "
        const bool ok = in_box >= 7 ? line[i] == " | "[in_box - 7]
                        : in_box % 2 == 0 ? std::string_view("123456789ABCDEFG").find(line[i]) != std::string_view::npos
                                          : line[i] == ' ';
        if (!ok) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("solve --quiet prints the solution only", "[cli][output]") {
    const RunResult r = run_prune("solve seki " + quoted(example("seki", "seki_4x4.txt")) + " --quiet");
    CHECK(r.exit_code == 0);
    CHECK(r.out == seki_solution);

    // --count --quiet: the number only; --all --quiet: the solutions, a blank line apart.
    const RunResult count = run_prune("solve sudoku - --count -q", "12..............\n");
    CHECK(count.exit_code == 0);
    CHECK(only_characters(count.out.substr(0, count.out.size() - 1), digits));
    CHECK(count.out.back() == '\n');
    const RunResult all = run_prune("solve sudoku - --all --quiet", "12..34..........\n");
    CHECK(all.exit_code == 0);
    CHECK(!contains(all.out, "Solution"));
    CHECK(!contains(all.out, "OK"));
    const auto solutions = std::count(all.out.begin(), all.out.end(), '\n') + 1;
    CHECK(solutions % 6 == 0);  // 5 lines a grid and a blank line between grids
    CHECK(std::stoul(run_prune("solve sudoku - --count -q", "12..34..........\n").out) == static_cast<unsigned long>(solutions / 6));

    // No solution: nothing on standard output, exit 1.
    const RunResult none = run_prune("solve sudoku - --quiet", "11..............\n");
    CHECK(none.exit_code == 1);
    CHECK(none.out.empty());
}

TEST_CASE("solve -o FILE writes the output there, and a FILE that cannot be written fails first", "[cli][output]") {
    ScratchDirectory dir;
    const std::string file = (dir.path() / "answer.txt").string();
    const RunResult r = run_prune("solve seki " + quoted(example("seki", "seki_4x4.txt")) + " -o " + quoted(file));
    CHECK(r.exit_code == 0);
    CHECK(r.out.empty());
    CHECK(slurp(file).rfind(seki_solution, 0) == 0);
    CHECK(contains(slurp(file), "The solution is unique."));

    // check and smtlib take -o too.
    const std::string smt = (dir.path() / "p.smt2").string();
    CHECK(run_prune("smtlib seki " + quoted(example("seki", "seki_4x4.txt")) + " -o " + quoted(smt)).exit_code == 0);
    CHECK(contains(slurp(smt), "(check-sat)"));

    // The endless count of the empty sudoku proves the failure comes before the search.
    const auto start = std::chrono::steady_clock::now();
    const RunResult bad = run_prune("solve sudoku - --count -o " + quoted(unwritable), empty_sudoku + "\n");
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 5.0);
    CHECK(bad.exit_code == 2);
    CHECK(contains(bad.err, "error: cannot write " + unwritable + ": No such file or directory"));

    // An input file as FILE is refused before it is emptied.
    const std::string puzzle = (dir.path() / "p.txt").string();
    std::ofstream(puzzle) << slurp(example("seki", "seki_4x4.txt"));
    const RunResult same = run_prune("solve seki " + quoted(puzzle) + " -o " + quoted(puzzle));
    CHECK(same.exit_code == 2);
    CHECK(slurp(puzzle) == slurp(example("seki", "seki_4x4.txt")));
}

TEST_CASE("solve: --html and --trace paths that cannot be written fail before the search", "[cli][output]") {
    for (const char* option : {"--html", "--trace"}) {
        INFO(option);
        const auto start = std::chrono::steady_clock::now();
        const RunResult r = run_prune("solve sudoku - --count " + std::string(option) + " " + quoted(unwritable), empty_sudoku + "\n");
        CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 5.0);
        CHECK(r.exit_code == 2);
        CHECK(r.out.empty());  // no count printed: nothing was searched
        CHECK(contains(r.err, "error: cannot write " + unwritable + ": "));
    }
    // A directory is no file either.
    ScratchDirectory dir;
    const RunResult directory = run_prune("solve seki " + quoted(example("seki", "seki_4x4.txt")) + " --html " + quoted(dir.path().string()));
    CHECK(directory.exit_code == 2);
    CHECK(directory.out.empty());
    CHECK(contains(directory.err, "cannot write " + dir.path().string() + ": it is a directory"));
}

TEST_CASE("solve --trace - writes the trace to standard output and the report to standard error", "[cli][output][trace]") {
    const RunResult r = run_prune("solve seki " + quoted(example("seki", "seki_4x4.txt")) + " --trace -");
    CHECK(r.exit_code == 0);
    const std::vector<std::string> lines = lines_of(r.out);
    REQUIRE(lines.size() > 2);
    CHECK(contains(lines.front(), "\"e\":\"header\""));
    CHECK(contains(lines.back(), "\"e\":\"end\""));
    for (const std::string& line : lines) parse_json_text(line);  // every line is JSON
    CHECK(r.err.rfind(seki_solution, 0) == 0);
    CHECK(contains(r.err, "The solution is unique."));

    // With -o the report goes to the file, the trace still to standard output.
    ScratchDirectory dir;
    const std::string file = (dir.path() / "report.txt").string();
    const RunResult split = run_prune("solve seki " + quoted(example("seki", "seki_4x4.txt")) + " --trace - -o " + quoted(file));
    CHECK(split.exit_code == 0);
    CHECK(split.out == r.out);
    CHECK(slurp(file).rfind(seki_solution, 0) == 0);
}

TEST_CASE("prune trace view: FILE.html by default, warnings on a cut trace, not a prune trace", "[cli][output][trace]") {
    ScratchDirectory dir;
    const std::string trace = (dir.path() / "t.jsonl").string();
    REQUIRE(run_prune("solve seki " + quoted(example("seki", "seki_4x4.txt")) + " --trace " + quoted(trace)).exit_code == 0);
    const RunResult view = run_prune("trace view " + quoted(trace));
    CHECK(view.exit_code == 0);
    CHECK(view.err.empty());
    CHECK(contains(view.out, "wrote " + trace + ".html"));
    CHECK(contains(slurp(trace + ".html"), "<!DOCTYPE html>"));

    // Cut short: the end event missing, then also a partial last line.
    const std::vector<std::string> lines = lines_of(slurp(trace));
    REQUIRE(lines.size() > 3);
    std::string without_end;
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) without_end += lines[i] + "\n";
    const std::string cut = (dir.path() / "cut.jsonl").string();
    std::ofstream(cut, std::ios::binary) << without_end;
    const RunResult no_end = run_prune("trace view " + quoted(cut));
    CHECK(no_end.exit_code == 0);
    CHECK(contains(no_end.err, cut + ": warning: the trace was cut short: it has no 'end' event"));
    CHECK(!contains(no_end.err, "incomplete"));

    std::ofstream(cut, std::ios::binary) << without_end << lines.back().substr(0, lines.back().size() / 2);
    const RunResult partial = run_prune("trace view " + quoted(cut) + " -o " + quoted((dir.path() / "p.html").string()));
    CHECK(partial.exit_code == 0);
    CHECK(contains(partial.err, "its last line is incomplete"));
    CHECK(contains(partial.err, "no 'end' event"));
    CHECK(contains(slurp((dir.path() / "p.html").string()), "<!DOCTYPE html>"));

    // Other files: not a prune trace, exit 2, no page.
    const std::string text = (dir.path() / "notes.txt").string();
    std::ofstream(text) << "shopping list\neggs\n";
    const RunResult other = run_prune("trace view " + quoted(text));
    CHECK(other.exit_code == 2);
    CHECK(contains(other.err, text + ":1:1: error: not a prune trace"));
    CHECK(!std::filesystem::exists(text + ".html"));
    const RunResult puzzle = run_prune("trace view " + quoted(example("seki", "seki_4x4.txt")) + " -o " + quoted((dir.path() / "x.html").string()));
    CHECK(puzzle.exit_code == 2);
    CHECK(contains(puzzle.err, "not a prune trace"));

    // The page path is checked like every output.
    const RunResult bad_page = run_prune("trace view " + quoted(trace) + " -o " + quoted(unwritable));
    CHECK(bad_page.exit_code == 2);
    CHECK(contains(bad_page.err, "cannot write " + unwritable));
}

TEST_CASE("a limit names itself and its value, in plain output and JSON", "[cli][output][limits]") {
    const std::string empty = "- ";
    const std::string hard = quoted(example("sudoku", "top95_25_hard.txt")) + " --var input ";  // 144 failures to count
    struct Case {
        std::string puzzle;
        std::string options;
        std::string plain;  // in the verdict line
        std::string kind;   // JSON limit.kind
        double value;
    };
    const std::vector<Case> cases = {
        {empty, "--node-limit 1000", "node limit 1000 reached", "node", 1000},
        {hard, "--fail-limit 50", "fail limit 50 reached", "fail", 50},
        {empty, "--time-limit 0.3", "time limit 0.3 s reached", "time", 0.3},
        {empty, "--memory-limit 1", "memory limit 1 MB reached: the process used ", "memory", 1},
    };
    for (const Case& c : cases) {
        INFO(c.options);
        const RunResult plain = run_prune("solve sudoku " + c.puzzle + "--count " + c.options, empty_sudoku + "\n");
        CHECK(plain.exit_code == 3);
        CHECK(contains(plain.out, "At least "));
        CHECK(contains(plain.out, c.plain));
        const RunResult json = run_prune("solve sudoku " + c.puzzle + "--count --json " + c.options, empty_sudoku + "\n");
        CHECK(json.exit_code == 3);
        const JsonValue v = parse_json_text(json.out);
        CHECK(v.find("limit_reached")->boolean);
        const JsonValue* limit = v.find("limit");
        REQUIRE(limit != nullptr);
        CHECK(limit->find("kind")->string == c.kind);
        CHECK(limit->find("value")->number == Approx(c.value));
        // --quiet: the count on standard output, the limit on standard error.
        const RunResult quiet = run_prune("solve sudoku " + c.puzzle + "--count --quiet " + c.options, empty_sudoku + "\n");
        CHECK(quiet.exit_code == 3);
        CHECK(contains(quiet.err, "prune: " + c.plain));
    }
    // The memory limit says how much the process held, and that it was before the search.
    const RunResult memory = run_prune("solve sudoku - --count --memory-limit 1", empty_sudoku + "\n");
    const std::string used = "memory limit 1 MB reached: the process used ";
    REQUIRE(contains(memory.out, used));
    const std::string megabytes = memory.out.substr(memory.out.find(used) + used.size());  // "12.3 MB before..."
    const std::vector<std::string> words = split(megabytes.substr(0, megabytes.find('\n')), ' ');
    REQUIRE(words.size() >= 2);
    const std::vector<std::string> number = split(words[0], '.');
    CHECK((number.size() == 2 && only_characters(number[0], digits) && only_characters(number[1], digits) && number[1].size() == 1));
    CHECK(starts_with(megabytes, words[0] + " MB before the search started"));
    // A limit during the uniqueness look and before any solution.
    // (top95 #25 with --var input: the solution at node 4, its uniqueness at node 288.)
    const RunResult unique = run_prune("solve sudoku " + hard + "--node-limit 100");
    CHECK(unique.exit_code == 0);
    CHECK(contains(unique.out, "Uniqueness unknown: a limit stopped the search for a second solution (node limit 100 reached)."));
    const RunResult first = run_prune("solve sudoku " + quoted(example("sudoku", "top95_25_hard.txt")) + " --node-limit 1 --var input");
    CHECK(first.exit_code == 3);
    CHECK(contains(first.out, "No solution found: a limit stopped the search first (node limit 1 reached)."));
}

TEST_CASE("batch: the plain line and the JSON status agree for every puzzle", "[cli][output][batch]") {
    // Unique, several solutions, none, and open grids whose second look a node limit
    // stops (unknown after a first solution).
    std::string top95_25;  // its rows joined: the one-line form
    for (const std::string& row : lines_of(slurp(example("sudoku", "top95_25_hard.txt")))) {
        if (!row.empty() && row[0] != '#') top95_25 += row;
    }
    REQUIRE(top95_25.size() == 81);
    std::string batch;
    batch += top95_25 + "\n";
    batch += "11" + std::string(79, '.') + "\n";
    batch += empty_sudoku + "\n";
    batch += "1" + std::string(80, '.') + "\n";
    batch += "123456789" + std::string(72, '.') + "\n";
    batch += "x\n";
    for (const std::string limit : {"--node-limit 25", "--node-limit 40", "--node-limit 100000"}) {
        INFO(limit);
        const RunResult plain = run_prune("solve sudoku - --batch --unique " + limit, batch);
        const RunResult json = run_prune("solve sudoku - --batch --unique --json " + limit, batch);
        const auto plain_lines = lines_of(plain.out);
        const auto json_lines = lines_of(json.out);
        REQUIRE(plain_lines.size() == 6);
        REQUIRE(json_lines.size() == 6);
        int unknown_with_solution = 0;
        for (std::size_t i = 0; i < plain_lines.size(); ++i) {
            const JsonValue v = parse_json_text(json_lines[i]);
            const std::string status = v.find("status")->string;
            INFO("line " << i + 1 << ": plain '" << plain_lines[i] << "', json " << json_lines[i]);
            if (status == "sat") {
                CHECK(plain_lines[i] == v.find("solution")->string);
            } else {
                CHECK(plain_lines[i] == status);
            }
            if (status == "unknown" && v.find("solution") != nullptr) ++unknown_with_solution;
        }
        CHECK(plain_lines[1] == "unsat");
        CHECK(plain_lines[5] == "error");
        if (limit != "--node-limit 100000") CHECK(unknown_with_solution > 0);  // the case of the issue
    }
}

TEST_CASE("prune check prints the grid it checked", "[cli][output]") {
    // A model as z3 prints it: the grid drawn from it, then the check lines.
    const std::string model = [] {
        const std::string digits = "1010010010110101";
        std::string m = "sat\n(\n";
        for (std::size_t i = 0; i < digits.size(); ++i) m += "  (define-fun V" + std::to_string(i) + " () Int\n    " + digits[i] + ")\n";
        return m + ")\n";
    }();
    const RunResult r = run_prune("check seki " + quoted(example("seki", "seki_4x4.txt")) + " -", model);
    CHECK(r.exit_code == 0);
    CHECK(r.out.rfind(seki_solution, 0) == 0);
    CHECK(contains(r.out, "Puzzle OK: solution successful."));

    // A wrong answer is drawn too, and exit 1.
    std::string wrong = model;
    wrong.replace(wrong.find("Int\n    1"), 9, "Int\n    0");
    const RunResult broken = run_prune("check seki " + quoted(example("seki", "seki_4x4.txt")) + " -", wrong);
    CHECK(broken.exit_code == 1);
    CHECK(broken.out.rfind("0010\n", 0) == 0);
    // Values out of range are not drawn (a drawing may look them up), only checked.
    std::string out_of_range = model;
    out_of_range.replace(out_of_range.find("Int\n    1"), 9, "Int\n    7");
    const RunResult range = run_prune("check seki " + quoted(example("seki", "seki_4x4.txt")) + " -", out_of_range);
    CHECK(range.exit_code == 1);
    CHECK(range.out.rfind("0100\n", 0) != 0);
}

TEST_CASE("a letters sudoku is answered in letters and read back", "[cli][output][sudoku]") {
    ScratchDirectory dir;
    const std::string puzzle = example("sudoku", "sudoku_16x16_letters.txt");
    const RunResult r = run_prune("solve sudoku " + quoted(puzzle) + " --first");
    REQUIRE(r.exit_code == 0);
    const std::vector<std::string> lines = lines_of(r.out);
    // 16 rows of 16 one-character cells (with " | " between boxes) and 3 separators.
    CHECK(lines.at(0).size() == 16 + 15 + 3 * 2);
    CHECK(is_letters_row(lines.at(0)));
    // The grid: 16 rows of letters (every row holds a G, the 16) and 3 separator lines.
    for (std::size_t i = 0; i < 19; ++i) {
        INFO(lines.at(i));
        if (i % 5 == 4) CHECK(lines.at(i).find_first_not_of("-+") == std::string::npos);
        else CHECK((is_letters_row(lines.at(i)) && contains(lines.at(i), "G")));
    }
    const std::string answer = (dir.path() / "answer.txt").string();
    std::ofstream(answer) << r.out;
    const RunResult check = run_prune("check sudoku " + quoted(puzzle) + " " + quoted(answer));
    CHECK(check.exit_code == 0);
    CHECK(contains(check.out, "Puzzle OK"));
    CHECK(check.out.rfind(lines.at(0) + "\n", 0) == 0);  // the grid, in letters again
    // The batch line and --quiet agree on the letters.
    const RunResult quiet = run_prune("solve sudoku " + quoted(puzzle) + " --first --quiet");
    CHECK(r.out.rfind(quiet.out, 0) == 0);
    // The same puzzle in numbers is answered in numbers.
    const RunResult numbers = run_prune("solve sudoku " + quoted(example("sudoku", "sudoku_16x16.txt")) + " --first --quiet");
    CHECK(numbers.exit_code == 0);
    CHECK(contains(numbers.out, "16"));
}

TEST_CASE("prune --help fits one screen, the details are help topics", "[cli][output][help]") {
    const RunResult help = run_prune("--help");
    CHECK(help.exit_code == 0);
    const std::vector<std::string> lines = lines_of(help.out);
    CHECK(lines.size() <= 24);
    for (const std::string& line : lines) {
        INFO(line);
        CHECK(line.size() <= 80);
    }
    for (const char* topic : {"solve", "batch", "trace", "fzn", "xcsp3", "exit-codes", "formats", "parallel"}) {
        INFO(topic);
        const RunResult r = run_prune(std::string("help ") + topic);
        CHECK(r.exit_code == 0);
        CHECK(lines_of(r.out).size() > 3);
        for (const std::string& line : lines_of(r.out)) {
            INFO(line);
            CHECK(line.size() <= 80);
        }
    }
    // The exit-code table lists every limit.
    const RunResult codes = run_prune("help exit-codes");
    for (const char* limit : {"--time-limit", "--memory-limit", "--node-limit", "--fail-limit", "SIGTERM"}) CHECK(contains(codes.out, limit));
    CHECK(contains(run_prune("help sudoku").out, "prune sudoku:"));
    const RunResult unknown = run_prune("help nonsense");
    CHECK(unknown.exit_code == 2);
    CHECK(contains(unknown.err, "topics are solve, batch, trace, fzn, xcsp3, exit-codes, formats"));
}

namespace {

struct Circle {
    double x, y, r;
};
struct Box {
    double x, y, width, height;
};

struct Segment {
    double x1, y1, x2, y2;
};

// Whether the segment passes through the box: sampled finely, which is plenty for
// boxes a dozen pixels high.
bool crosses(const Segment& s, const Box& b) {
    for (int i = 0; i <= 1000; ++i) {
        const double t = i / 1000.0;
        const double x = s.x1 + t * (s.x2 - s.x1);
        const double y = s.y1 + t * (s.y2 - s.y1);
        if (x > b.x && x < b.x + b.width && y > b.y && y < b.y + b.height) return true;
    }
    return false;
}

// An edge label as the page draws it: <g class="edge-label"><rect ...><text ...>TEXT</text></g>.
struct EdgeLabel {
    std::string rect, text, content;
};

std::vector<EdgeLabel> edge_labels(const std::string& html) {
    std::vector<EdgeLabel> labels;
    const std::string group = "<g class=\"edge-label\">";
    for (std::size_t at = html.find(group); at != std::string::npos; at = html.find(group, at + 1)) {
        const std::size_t rect = html.find("<rect ", at);
        REQUIRE(rect != std::string::npos);
        REQUIRE(html.find('>', rect) != std::string::npos);
        const std::size_t text = html.find('>', rect) + 1;
        REQUIRE(html.compare(text, 6, "<text ") == 0);
        const std::size_t content = html.find('>', text) + 1;
        const std::size_t close = html.find('<', content);
        REQUIRE(close != std::string::npos);
        REQUIRE(html.compare(close, 11, "</text></g>") == 0);
        labels.push_back({html.substr(rect, text - rect), html.substr(text, content - text), html.substr(content, close - content)});
    }
    return labels;
}

}  // namespace

TEST_CASE("the Bug Byte page: no edge label overlaps a node or another label", "[cli][output][bugbyte]") {
    ScratchDirectory dir;
    for (const char* file : {"bugbyte.txt", "house.txt"}) {
        INFO(file);
        const std::string page = (dir.path() / (std::string(file) + ".html")).string();
        REQUIRE(run_prune("solve bugbyte " + quoted(example("bugbyte", file)) + " --first --html " + quoted(page)).exit_code == 0);
        const std::string html = slurp(page);
        std::vector<Circle> nodes;
        for (const std::string& circle : start_tags(html, "circle")) {
            nodes.push_back({tag_attribute(circle, "cx"), tag_attribute(circle, "cy"), tag_attribute(circle, "r")});
        }
        // Each label: its box and its text, whose extent must lie inside the box
        // (monospace 12 px: 0.6 em a character).
        std::vector<Box> labels;
        for (const EdgeLabel& label : edge_labels(html)) {
            const std::string& rect = label.rect;
            const std::string& text = label.text;
            const Box box{tag_attribute(rect, "x"), tag_attribute(rect, "y"), tag_attribute(rect, "width"), tag_attribute(rect, "height")};
            const double text_width = 0.6 * tag_attribute(text, "font-size") * static_cast<double>(label.content.length());
            CHECK(tag_attribute(text, "x") - text_width / 2 >= box.x);
            CHECK(tag_attribute(text, "x") + text_width / 2 <= box.x + box.width);
            CHECK(tag_attribute(text, "y") <= box.y + box.height);
            CHECK(tag_attribute(text, "y") - tag_attribute(text, "font-size") * 0.75 >= box.y);  // digits rise 0.75 em
            labels.push_back(box);
        }
        std::vector<Segment> edges;
        for (const std::string& line : start_tags(html, "line")) {
            edges.push_back({tag_attribute(line, "x1"), tag_attribute(line, "y1"), tag_attribute(line, "x2"), tag_attribute(line, "y2")});
        }
        REQUIRE(nodes.size() >= 6);
        REQUIRE(labels.size() >= 6);
        REQUIRE(edges.size() == labels.size());
        // On the small graph there is room for every label on its own edge, clear of
        // the others (on Bug Byte's, where lines converge, some sit beside their edge).
        if (std::string(file) == "house.txt") {
            for (std::size_t i = 0; i < labels.size(); ++i) {
                CHECK(crosses(edges[i], labels[i]));
                for (std::size_t j = 0; j < edges.size(); ++j) {
                    INFO("label " << i << ", edge " << j);
                    if (j != i) CHECK_FALSE(crosses(edges[j], labels[i]));
                }
            }
        }
        for (std::size_t i = 0; i < labels.size(); ++i) {
            const Box& b = labels[i];
            for (const Circle& c : nodes) {
                const double dx = c.x - std::clamp(c.x, b.x, b.x + b.width);
                const double dy = c.y - std::clamp(c.y, b.y, b.y + b.height);
                INFO("label " << i << " at " << b.x << "," << b.y << "; node at " << c.x << "," << c.y);
                CHECK(std::hypot(dx, dy) >= c.r);
            }
            for (std::size_t j = i + 1; j < labels.size(); ++j) {
                const Box& o = labels[j];
                INFO("labels " << i << " and " << j);
                CHECK_FALSE((b.x < o.x + o.width && o.x < b.x + b.width && b.y < o.y + o.height && o.y < b.y + b.height));
            }
        }
    }
}

TEST_CASE("a long --count shows a progress line on a terminal, and only there", "[cli][output][limits]") {
    // script is util-linux's, which every Debian system has (Essential: yes).
    REQUIRE(std::system("command -v script > /dev/null 2>&1") == 0);
    ScratchDirectory dir;
    const std::string puzzle = (dir.path() / "empty.txt").string();
    std::ofstream(puzzle) << empty_sudoku << "\n";
    // script runs prune on a pseudo-terminal; its standard output is the terminal's.
    const std::string command = quoted(prune_binary()) + " solve sudoku " + quoted(puzzle) + " --count --time-limit 1.8";
    const RunResult tty = run_shell("script -qec " + quoted(command) + " /dev/null");
    INFO(tty.out);
    CHECK(contains(tty.out, "engine solutions so far, "));
    CHECK(contains(tty.out, " nodes/s, 1."));
    CHECK(contains(tty.out, "At least "));
    // Not a terminal: no progress line.
    const RunResult piped = run_prune("solve sudoku " + quoted(puzzle) + " --count --time-limit 1.3");
    CHECK(!contains(piped.err, "so far"));
}
#endif

#if defined(PRUNE_CLI_PATH)
TEST_CASE("docs/puzzle-formats.md tells the true solution count of every example it counts", "[cli][output][docs]") {
    struct Example {
        const char* kind;
        const char* file;
        const char* options;
        std::uint64_t count;
    };
    const Example examples[] = {
        {"seki", "seki_4x4.txt", "", 1},
        {"seki", "seki_8x8.txt", "", 1},
        {"kurosu", "kurosu6_dm_2018-06-01.txt", "", 1},
        {"kurosu", "kurosu_8x8.txt", "", 1},
        {"kurosu", "kurosu_6x8.txt", "", 1},
        {"kurosu", "takuzu_6x6_unique_lines.txt", "--unique-lines", 1},
        {"kurosu", "takuzu_6x6_unique_lines.txt", "", 3},
        {"numberworkout", "nw_003.txt", "", 1},
        {"sudoku", "sudoku_4x4.txt", "", 1},
        {"sudoku", "top95_01.txt", "", 1},
        {"sudoku", "top95_25_hard.txt", "", 1},
        {"sudoku", "sudoku_16x16.txt", "", 1},
        {"sudoku", "sudoku_16x16_letters.txt", "", 1},
        {"sudoku", "sudoku_25x25.txt", "", 1},
        {"bugbyte", "bugbyte.txt", "", 1},
        {"bugbyte", "house.txt", "", 1},
        {"ostomachion", "ostomachion.txt", "", 216},
        {"ostomachion", "four_squares.txt", "", 2},
        {"ostomachion", "one_sided.txt", "", 6},
        {"quarto", "given_pieces.txt", "", 988712},
    };
    for (const Example& e : examples) {
        INFO(e.kind << " " << e.file << " " << e.options);
        const RunResult r = run_prune(std::string("solve ") + e.kind + " " + quoted(example(e.kind, e.file)) + " --count --quiet " + e.options);
        CHECK(r.exit_code == 0);
        CHECK(r.out == std::to_string(e.count) + "\n");
    }
    // The page says so, and no longer that every example has one solution.
    const std::string doc = slurp(source_dir() + "/docs/puzzle-formats.md");
    CHECK(!contains(doc, "Every example has exactly one solution"));
    for (const char* claim : {"216 colourings, 9 up to renaming", "2 and 6 colourings", "988,712 boards", "unique with `--unique-lines` (3 solutions without)"}) {
        INFO(claim);
        CHECK(contains(doc, claim));
    }
    // Every exit-code table names every limit.
    for (const char* file : {"/README.md", "/docs/puzzle-formats.md"}) {
        const std::string text = slurp(source_dir() + file);
        const std::size_t row = text.find("\n| 3 |");
        REQUIRE(row != std::string::npos);
        const std::string line = text.substr(row + 1, text.find('\n', row + 1) - row - 1);
        for (const char* limit : {"--time-limit", "--memory-limit", "--node-limit", "--fail-limit", "SIGTERM"}) {
            INFO(file << ": " << limit);
            CHECK(contains(line, limit));
        }
    }
}
#endif

#if defined(PRUNE_CLI_PATH)
TEST_CASE("each kind's one-line batch answer has the documented form", "[cli][output][batch]") {
    // docs/puzzle-formats.md, "Batch lines": sudoku N*N characters, seki 0/1
    // characters, every other kind its cell values separated by one blank.
    // A line is `cells` cells, each one character of `alphabet` (one_character) or
    // a number in it, separated by one blank or by nothing; cells 0: any number of them.
    struct Form {
        const char* kind;
        const char* file;
        const char* alphabet;
        bool one_character;
        bool blank_separated;
        std::size_t cells;
    };
    const Form forms[] = {
        {"sudoku", "top95_01.txt", "123456789", true, false, 81},
        {"sudoku", "sudoku_16x16_letters.txt", "123456789ABCDEFG", true, false, 256},
        {"seki", "seki_4x4.txt", "01", true, false, 16},
        {"kurosu", "kurosu6_dm_2018-06-01.txt", "01", true, true, 36},
        {"numberworkout", "nw_003.txt", "123456", true, true, 78},
        {"ostomachion", "four_squares.txt", "0123456789", false, true, 0},
        {"bugbyte", "house.txt", "0123456789", false, true, 8},
        {"quarto", "given_pieces.txt", "0123456789", false, true, 16},
    };
    for (const Form& f : forms) {
        INFO(f.kind << " " << f.file);
        const RunResult r = run_prune(std::string("solve ") + f.kind + " " + quoted(example(f.kind, f.file)) + " --batch --quiet");
        CHECK(r.exit_code == 0);
        CHECK(r.err.empty());  // --quiet: no summary
        const std::vector<std::string> lines = lines_of(r.out);
        REQUIRE(lines.size() == 1);
        std::vector<std::string> cells;
        if (f.blank_separated) cells = split(lines[0], ' ');
        else
            for (const char c : lines[0]) cells.emplace_back(1, c);
        if (f.cells != 0) CHECK(cells.size() == f.cells);
        for (const std::string& cell : cells) {
            INFO("cell '" << cell << "'");
            CHECK(only_characters(cell, f.alphabet));
            if (f.one_character) CHECK(cell.size() == 1);
        }
    }
}
#endif
