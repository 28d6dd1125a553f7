// Tracing: the JSON Lines trace (golden sequence, consistency with the statistics,
// determinism, --trace-limit), --explain, --profile, --trace-text, and the trace viewer.
#include "catch.hpp"

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "engine/prune.hpp"
#include "support/json_reader.hpp"
#include "support/test_text.hpp"

#include "trace/jsonl_tracer.hpp"
#include "trace/trace_view.hpp"

#if defined(PRUNE_CLI_PATH)
#include "support/cli_run.hpp"
#endif

using prune::support::JsonValue;
using prune::test::contains;
using prune::test::lines_of;
using prune::test::parse_json_text;

namespace {

std::string type_of(const JsonValue& v) {
    const JsonValue* e = v.find("e");
    return e != nullptr ? e->string : "";
}

double number(const JsonValue& v, const char* key) {
    const JsonValue* m = v.find(key);
    REQUIRE(m != nullptr);
    return m->number;
}

}  // namespace

TEST_CASE("golden trace of a three-variable model", "[trace]") {
    using namespace prune;
    Solver s;
    const IntVar x = s.new_int_var(0, 2, "x");
    const IntVar y = s.new_int_var(0, 2, "y");
    const IntVar z = s.new_int_var(0, 2, "z");
    not_equal(s, x, y);
    not_equal(s, y, z);
    less(s, x, z);
    const_cast<Propagator&>(s.propagator(2)).set_name("x<z");
    std::ostringstream out;
    trace::JsonlTracer tracer(out, 0, false);
    std::string error;
    REQUIRE(tracer.begin(s, "golden", error));
    s.set_tracer(&tracer);
    SearchOptions options;
    options.variable = VariableSelection::input_order;
    Search search(s, options);
    std::uint64_t n = 0;
    REQUIRE(search.count(n) == SearchStatus::exhausted);
    tracer.finish(s, search.statistics());
    CHECK(n == 3);
    const std::string golden =
        R"({"e":"header","format":"prune-trace","version":1,"source":"golden","times":false,"variables":[{"name":"x","min":0,"max":2},{"name":"y","min":0,"max":2},{"name":"z","min":0,"max":2}],"propagators":[{"name":"x!=y+c#0","kind":"x!=y+c"},{"name":"x!=y+c#1","kind":"x!=y+c"},{"name":"x<z","kind":"x<=y+c"}]}
{"e":"node","id":0,"parent":0,"depth":0}
{"e":"prop","node":0,"p":0,"changes":[],"status":"ok"}
{"e":"prop","node":0,"p":1,"changes":[],"status":"ok"}
{"e":"prop","node":0,"p":2,"changes":[{"var":0,"removed":[2]},{"var":2,"removed":[0]}],"status":"ok"}
{"e":"node","id":1,"parent":0,"depth":1}
{"e":"decision","node":1,"var":0,"op":"=","value":0}
{"e":"change","node":1,"var":0,"removed":[1]}
{"e":"prop","node":1,"p":2,"changes":[],"status":"entailed"}
{"e":"prop","node":1,"p":0,"changes":[{"var":1,"removed":[0]}],"status":"entailed"}
{"e":"node","id":2,"parent":1,"depth":2}
{"e":"decision","node":2,"var":1,"op":"=","value":1}
{"e":"change","node":2,"var":1,"removed":[2]}
{"e":"prop","node":2,"p":1,"changes":[{"var":2,"removed":[1]}],"status":"entailed"}
{"e":"solution","node":2,"values":[0,1,2]}
{"e":"backtrack","depth":1}
{"e":"node","id":3,"parent":1,"depth":2}
{"e":"decision","node":3,"var":1,"op":"!=","value":1}
{"e":"change","node":3,"var":1,"removed":[1]}
{"e":"prop","node":3,"p":1,"changes":[{"var":2,"removed":[2]}],"status":"entailed"}
{"e":"solution","node":3,"values":[0,2,1]}
{"e":"backtrack","depth":0}
{"e":"node","id":4,"parent":0,"depth":1}
{"e":"decision","node":4,"var":0,"op":"!=","value":0}
{"e":"change","node":4,"var":0,"removed":[0]}
{"e":"prop","node":4,"p":2,"changes":[{"var":2,"removed":[1]}],"status":"entailed"}
{"e":"prop","node":4,"p":0,"changes":[{"var":1,"removed":[1]}],"status":"entailed"}
{"e":"prop","node":4,"p":1,"changes":[{"var":1,"removed":[2]}],"status":"entailed"}
{"e":"solution","node":4,"values":[1,0,2]}
{"e":"end","nodes":4,"failures":0,"solutions":3,"propagations":10,"restarts":0,"max_depth":2,"events":28,"truncated":false}
)";
    // The order of the prop lines follows the wake order: a variable's subscribers to
    // any change, then to bounds, then to fixing (Solver::wake).
    CHECK(out.str() == golden);
}

TEST_CASE("the viewer page carries trace/viewer's script and style, and fills its markers once", "[trace]") {
    // The page is built from trace/viewer/*.{html,css,js}, embedded at build time: what
    // the files say is what the page carries, whole.
    const auto slurp_source = [](const std::string& relative) {
        std::ifstream in(std::string(PRUNE_SOURCE_DIR) + "/" + relative, std::ios::binary);
        REQUIRE(in);
        return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    };
    prune::trace::TraceFile trace;
    trace.lines = {"{\"e\":\"header\",\"format\":\"prune-trace\",\"version\":1}", "{\"e\":\"end\",\"note\":\"</script>\"}"};
    // A title that spells a marker stays a title: the markers are filled in one pass.
    const std::string page = prune::trace::trace_page(trace, "@DATA@ & <b>");
    CHECK(page.find(slurp_source("trace/viewer/viewer.js")) != std::string::npos);
    CHECK(page.find(slurp_source("trace/viewer/viewer.css")) != std::string::npos);
    CHECK(page.find("<title>prune trace: @DATA@ &amp; &lt;b&gt;</title>") != std::string::npos);
    for (const char* marker : {"@STYLE@", "@SCRIPT@", "@NOTE@"}) CHECK(page.find(marker) == std::string::npos);
    CHECK(page.find("\"note\":\"\\u003c/script>\"") != std::string::npos);  // no early end of the data
}

TEST_CASE("a trace limit cuts the events and says so", "[trace]") {
    using namespace prune;
    Solver s;
    std::vector<IntVar> q = s.new_int_vars(6, 0, 5, "q");
    all_different(s, q);
    std::ostringstream out;
    trace::JsonlTracer tracer(out, 5, false);
    std::string error;
    REQUIRE(tracer.begin(s, "limit", error));
    s.set_tracer(&tracer);
    Search search(s);
    std::uint64_t n = 0;
    search.count(n);
    tracer.finish(s, search.statistics());
    const auto lines = lines_of(out.str());
    REQUIRE(lines.size() == 8);  // header, 5 events, truncated, end
    CHECK(type_of(parse_json_text(lines[6])) == "truncated");
    CHECK(contains(lines[7], "\"truncated\":true"));
}

TEST_CASE("a trace written into a string is the one a stream gets", "[trace]") {
    using namespace prune;
    auto run = [](auto& out, std::uint64_t limit) {
        Solver s;
        std::vector<IntVar> q = s.new_int_vars(5, 0, 4, "q");
        all_different(s, q);
        trace::JsonlTracer tracer(out, limit, false);
        std::string error;
        REQUIRE(tracer.begin(s, "string", error));
        s.set_tracer(&tracer);
        Search search(s);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        tracer.finish(s, search.statistics());
    };
    for (const std::uint64_t limit : {std::uint64_t{0}, std::uint64_t{7}}) {
        std::ostringstream stream;
        std::string text = "kept ";  // appended to, not replaced
        run(stream, limit);
        run(text, limit);
        CHECK(text == "kept " + stream.str());
        CHECK(lines_of(stream.str()).size() > (limit == 0 ? 100u : 8u));
        CHECK(contains(text, "{\"e\":\"truncated\",\"limit\":7}\n") == (limit == 7));
    }
}

#if defined(PRUNE_CLI_PATH)
using namespace prune::cli::testing;

namespace {

// The JSON array embedded in a viewer page.
std::string embedded_data(const std::string& page) {
    const std::string open = "id=\"trace-data\">";
    const std::size_t start = page.find(open);
    REQUIRE(start != std::string::npos);
    const std::size_t end = page.find("</script>", start);
    REQUIRE(end != std::string::npos);
    return page.substr(start + open.size(), end - start - open.size());
}

}  // namespace

TEST_CASE("prune solve --trace agrees with the statistics and is deterministic", "[trace][cli]") {
    ScratchDirectory dir;
    const std::string puzzle = quoted(example("sudoku", "top95_25_hard.txt"));
    const std::string t1 = (dir.path() / "t1.jsonl").string();
    const std::string t2 = (dir.path() / "t2.jsonl").string();
    const RunResult r1 = run_prune("solve sudoku " + puzzle + " --json --trace " + quoted(t1));
    REQUIRE(r1.exit_code == 0);
    const RunResult r2 = run_prune("solve sudoku " + puzzle + " --json --trace " + quoted(t2));
    REQUIRE(r2.exit_code == 0);
    const std::string text = slurp(t1);
    CHECK(text == slurp(t2));  // byte-identical
    CHECK(!contains(text, "\"t\":"));

    const JsonValue json = parse_json_text(r1.out);
    const JsonValue* stats = json.find("stats");
    REQUIRE(stats != nullptr);
    const auto lines = lines_of(text);
    REQUIRE(lines.size() > 2);
    std::uint64_t nodes = 0, solutions = 0, failures = 0, props = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const JsonValue v = parse_json_text(lines[i]);  // every line is JSON
        const std::string e = type_of(v);
        if (i == 0) {
            CHECK(e == "header");
            CHECK(v.find("format")->string == "prune-trace");
            CHECK(v.find("grid") != nullptr);
            CHECK(contains(lines[i], "\"name\":\"r3c4\""));
            CHECK(contains(lines[i], "\"name\":\"row 3 [alldifferent(value)]\""));
            CHECK(contains(lines[i], "\"name\":\"row 3 [alldifferent(domain)]\""));
        }
        nodes += e == "node";
        solutions += e == "solution";
        failures += e == "fail";
        props += e == "prop";
    }
    const JsonValue end = parse_json_text(lines.back());
    CHECK(type_of(end) == "end");
    CHECK(nodes == static_cast<std::uint64_t>(number(*stats, "nodes")) + 1);  // + the root
    CHECK(solutions == static_cast<std::uint64_t>(number(*stats, "engine_solutions")));
    CHECK(failures == static_cast<std::uint64_t>(number(*stats, "failures")));
    CHECK(props == static_cast<std::uint64_t>(number(*stats, "propagations")));
    CHECK(number(end, "nodes") == number(*stats, "nodes"));
}

// --explain is tested with the names it prints (input_and_names_test.cpp).
TEST_CASE("solve with profile and trace-text on a seed puzzle", "[trace][cli]") {
    const std::string puzzle = quoted(example("sudoku", "top95_25_hard.txt"));
    const RunResult profile = run_prune("solve sudoku " + puzzle + " --profile");
    REQUIRE(profile.exit_code == 0);
    CHECK(contains(profile.err, "per kind"));
    CHECK(contains(profile.err, "alldifferent(domain)"));

    const RunResult text = run_prune("solve seki " + quoted(example("seki", "seki_4x4.txt")) + " --trace-text");
    REQUIRE(text.exit_code == 0);
    CHECK(contains(text.err, "[n0 d0] root"));
    CHECK(contains(text.err, "rotor 1 ("));
}

TEST_CASE("prune trace view writes a self-contained page with the trace in it", "[trace][cli]") {
    ScratchDirectory dir;
    const std::string trace = (dir.path() / "t.jsonl").string();
    const std::string page = (dir.path() / "t.html").string();
    REQUIRE(run_prune("solve sudoku " + quoted(example("sudoku", "top95_25_hard.txt")) + " --trace " + quoted(trace)).exit_code == 0);
    const RunResult view = run_prune("trace view " + quoted(trace) + " -o " + quoted(page));
    REQUIRE(view.exit_code == 0);
    const std::string html = slurp(page);
    CHECK(!contains(html, "http"));
    CHECK(!contains(html, "<script src"));
    CHECK(!contains(html, "<link"));

    // The embedded data is the trace, line for line.
    std::string data = embedded_data(html);
    std::string error;
    std::size_t offset = 0;
    const auto array = prune::support::parse_json(data, error, offset);
    INFO(error);
    REQUIRE(array);
    const auto lines = lines_of(slurp(trace));
    REQUIRE(array->items.size() == lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const JsonValue v = parse_json_text(lines[i]);
        REQUIRE(type_of(array->items[i]) == type_of(v));
        REQUIRE(array->items[i].members.size() == v.members.size());
    }

    // Bad trace files: file:line:col: error:, exit 2.
    const std::string bad = (dir.path() / "bad.jsonl").string();
    std::ofstream(bad) << lines[0] << "\n" << lines[1] << "\n{\"e\":\"node\",\n";
    const RunResult broken = run_prune("trace view " + quoted(bad) + " -o " + quoted(page));
    CHECK(broken.exit_code == 2);
    CHECK(contains(broken.err, bad + ":3:"));
    CHECK(contains(broken.err, ": error: "));
    std::ofstream(bad) << "{\"hello\":1}\n";
    const RunResult not_trace = run_prune("trace view " + quoted(bad) + " -o " + quoted(page));
    CHECK(not_trace.exit_code == 2);
    CHECK(contains(not_trace.err, bad + ":1:1: error:"));
}

TEST_CASE("the trace viewer loads in headless chromium without a script error", "[trace][cli][chromium]") {
    std::string browser;
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
        if (browser.empty() && prune::test::have_program(name)) browser = name;
    }
    if (browser.empty()) PRUNE_SKIP("chromium is not installed (apt-get install chromium)");
    ScratchDirectory dir;
    const std::string trace = (dir.path() / "t.jsonl").string();
    const std::string page = (dir.path() / "t.html").string();
    REQUIRE(run_prune("solve sudoku " + quoted(example("sudoku", "top95_25_hard.txt")) + " --trace " + quoted(trace)).exit_code == 0);
    REQUIRE(run_prune("trace view " + quoted(trace) + " -o " + quoted(page)).exit_code == 0);
    const std::string profile = (dir.path() / "chromium-profile").string();
    const RunResult dom = run_shell(browser + " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                                    " --disable-background-networking --disable-component-update --disable-sync"
                                    " --user-data-dir=" + quoted(profile) + " --dump-dom " + quoted("file://" + page));
    INFO(dom.err);
    CHECK(contains(dom.out, "data-viewer=\"ok\""));
    // The script's own text names the attribute; an error would set it on an element.
    CHECK(!contains(dom.out, "data-viewer-error=\""));
    CHECK(contains(dom.out, "Decisions on the path"));
}

TEST_CASE("the trace viewer shows learned nogoods at their node (headless chromium)", "[trace][cli][chromium][learning]") {
#if defined(PRUNE_NO_LEARNING)
    PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
#else
    std::string browser;
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
        if (browser.empty() && prune::test::have_program(name)) browser = name;
    }
    if (browser.empty()) PRUNE_SKIP("chromium is not installed (apt-get install chromium)");
    ScratchDirectory dir;
    const std::string model = (dir.path() / "pigeons.fzn").string();
    {
        std::ofstream out(model);
        out << "array [1..6] of var 1..5: p :: output_array([1..6]);\n";
        for (int i = 1; i <= 6; ++i)
            for (int j = i + 1; j <= 6; ++j) out << "constraint int_ne(p[" << i << "], p[" << j << "]);\n";
        out << "solve satisfy;\n";
    }
    const std::string trace = (dir.path() / "t.jsonl").string();
    const std::string page = (dir.path() / "t.html").string();
    REQUIRE(run_prune("fzn " + quoted(model) + " --learn --trace " + quoted(trace)).exit_code == 0);
    REQUIRE(contains(slurp(trace), "\"e\":\"learn\""));
    REQUIRE(run_prune("trace view " + quoted(trace) + " -o " + quoted(page)).exit_code == 0);
    const std::string profile = (dir.path() / "chromium-profile").string();
    // "#learned": the page selects the first node where a nogood was learned.
    const RunResult dom = run_shell(browser + " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                                    " --disable-background-networking --disable-component-update --disable-sync"
                                    " --user-data-dir=" + quoted(profile) + " --dump-dom " + quoted("file://" + page + "#learned"));
    INFO(dom.err);
    CHECK(contains(dom.out, "data-viewer=\"ok\""));
    CHECK(!contains(dom.out, "data-viewer-error=\""));
    CHECK(!contains(dom.out, "data-viewer-learned=\"0\""));
    CHECK(contains(dom.out, "nogoods learned"));
    CHECK(contains(dom.out, "LEARNED not(p["));
#endif
}
#endif

#if defined(PRUNE_FZN_PATH)
namespace {
std::string fzn_case(const std::string& name) { return quoted(std::string(PRUNE_SOURCE_DIR) + "/tests/flatzinc/cases/" + name); }

// The %%%mzn-stat value of `key` in fzn output.
double mzn_stat(const std::string& out, const std::string& key) {
    const std::string marker = "%%%mzn-stat: " + key + "=";
    const std::size_t at = out.find(marker);
    REQUIRE(at != std::string::npos);
    return std::stod(out.substr(at + marker.size()));
}
}  // namespace

TEST_CASE("prune fzn --trace agrees with the statistics and is deterministic", "[trace][cli][fzn]") {
    ScratchDirectory dir;
    const std::string t1 = (dir.path() / "t1.jsonl").string();
    const std::string t2 = (dir.path() / "t2.jsonl").string();
    // All solutions of a reified model: nodes, failures and solutions are all non-zero.
    const RunResult r1 = run_prune("fzn " + fzn_case("int_lin_reif.fzn") + " -a -s --trace " + quoted(t1));
    REQUIRE(r1.exit_code == 0);
    const RunResult r2 = run_prune("fzn -a --trace " + quoted(t2) + " " + fzn_case("int_lin_reif.fzn") + " -s");
    REQUIRE(r2.exit_code == 0);
    const std::string text = slurp(t1);
    CHECK(text == slurp(t2));

    const auto lines = lines_of(text);
    REQUIRE(lines.size() > 2);
    std::uint64_t nodes = 0, solutions = 0, failures = 0, props = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const JsonValue v = parse_json_text(lines[i]);
        const std::string e = type_of(v);
        if (i == 0) {
            CHECK(e == "header");
            // Variables keep their FlatZinc names; propagators name their constraint and line.
            CHECK(contains(lines[i], "\"name\":\"x\""));
            CHECK(contains(lines[i], "\"name\":\"int_lin_le_reif@"));
        }
        nodes += e == "node";
        solutions += e == "solution";
        failures += e == "fail";
        props += e == "prop";
    }
    CHECK(type_of(parse_json_text(lines.back())) == "end");
    CHECK(solutions > 1);
    CHECK(failures > 0);
    CHECK(nodes == static_cast<std::uint64_t>(mzn_stat(r1.out, "nodes")) + 1);  // + the root
    CHECK(solutions == static_cast<std::uint64_t>(mzn_stat(r1.out, "solutions")));
    CHECK(failures == static_cast<std::uint64_t>(mzn_stat(r1.out, "failures")));
    CHECK(props == static_cast<std::uint64_t>(mzn_stat(r1.out, "propagations")));
}

TEST_CASE("prune fzn with explain, profile and trace-text", "[trace][cli][fzn]") {
    const RunResult explain = run_prune("fzn " + fzn_case("maximize.fzn") + " --explain c");
    REQUIRE(explain.exit_code == 0);
    CHECK(contains(explain.out, "obj = 11;"));  // tracing changes nothing in the answer
    CHECK(contains(explain.err, "Why is c = "));
    CHECK(contains(explain.err, "int_lin_le@10"));

    const RunResult missing = run_prune("fzn " + fzn_case("maximize.fzn") + " --explain nosuch");
    CHECK(missing.exit_code == 2);
    CHECK(contains(missing.err, "no variable called 'nosuch'"));

    const RunResult profile = run_prune("fzn " + fzn_case("maximize.fzn") + " --profile");
    REQUIRE(profile.exit_code == 0);
    CHECK(contains(profile.err, "per kind"));
    CHECK(contains(profile.err, "int_lin_eq@13"));

    const RunResult text = run_prune("fzn " + fzn_case("maximize.fzn") + " --trace-text --trace-limit 5");
    REQUIRE(text.exit_code == 0);
    CHECK(contains(text.err, "[n0 d0] root"));

    const RunResult bad_limit = run_prune("fzn " + fzn_case("maximize.fzn") + " --trace-limit 0");
    CHECK(bad_limit.exit_code == 2);
    CHECK(contains(bad_limit.err, "--trace-limit needs a positive whole number"));

    const RunResult help = run_prune("fzn --help");
    CHECK(help.exit_code == 0);
    CHECK(contains(help.out, "--explain VAR"));
}

#if !defined(PRUNE_NO_LEARNING)
namespace {
// n + 1 pigeons, n holes, as pairwise int_ne: UNSAT, found by search (with conflicts).
std::string pigeons_fzn(const ScratchDirectory& dir, int holes) {
    const int pigeons = holes + 1;
    std::ostringstream text;
    text << "array [1.." << pigeons << "] of var 1.." << holes << ": p :: output_array([1.." << pigeons << "]);\n";
    for (int i = 1; i <= pigeons; ++i) {
        for (int j = i + 1; j <= pigeons; ++j) text << "constraint int_ne(p[" << i << "], p[" << j << "]);\n";
    }
    text << "solve satisfy;\n";
    const std::string file = (dir.path() / ("pigeons" + std::to_string(holes) + ".fzn")).string();
    std::ofstream(file) << text.str();
    return file;
}
}  // namespace
#endif

TEST_CASE("prune fzn --learn on|off, and learning in --trace, --trace-text, --profile and --explain", "[trace][cli][fzn][learning]") {
#if defined(PRUNE_NO_LEARNING)
    PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
#else
    ScratchDirectory dir;
    const std::string model = quoted(pigeons_fzn(dir, 5));
    const std::string trace = (dir.path() / "learn.jsonl").string();
    const RunResult on = run_prune("fzn " + model + " --learn on -s --trace " + quoted(trace));
    REQUIRE(on.exit_code == 0);
    CHECK(contains(on.out, "=====UNSATISFIABLE====="));
    const double learned = mzn_stat(on.out, "learnedNogoods");
    CHECK(learned > 0);
    CHECK(mzn_stat(on.out, "fallbackExplanations") == 0);  // int_ne explains itself
    std::uint64_t learn_events = 0;
    double facts = 0, lbds = 0;
    for (const std::string& line : lines_of(slurp(trace))) {
        const JsonValue v = parse_json_text(line);
        if (type_of(v) != "learn") continue;
        ++learn_events;
        const JsonValue* nogood = v.find("nogood");
        REQUIRE(nogood != nullptr);
        CHECK(!nogood->items.empty());
        CHECK(number(v, "lbd") >= 1);
        CHECK(number(v, "jump") < number(v, "level"));
        facts += static_cast<double>(nogood->items.size());
        lbds += number(v, "lbd");
    }
    CHECK(learn_events == static_cast<std::uint64_t>(learned));
    // The means -s reports are those of the nogoods the trace shows.
    CHECK(mzn_stat(on.out, "meanNogoodSize") == Approx(facts / learned).epsilon(1e-4));
    CHECK(mzn_stat(on.out, "meanNogoodLbd") == Approx(lbds / learned).epsilon(1e-4));
    // Plain --learn is on; --learn off and no flag learn nothing.
    CHECK(mzn_stat(run_prune("fzn " + model + " --learn -s").out, "learnedNogoods") == learned);
    for (const std::string flags : {" --learn off -s", " --learn=off -s", " -s"}) {
        const RunResult off = run_prune("fzn " + model + flags);
        CHECK(off.exit_code == 0);
        CHECK(!contains(off.out, "learnedNogoods"));
    }
    const RunResult bad = run_prune("fzn " + model + " --learn=maybe");
    CHECK(bad.exit_code != 0);
    CHECK(contains(bad.err, "--learn takes on or off"));

    const RunResult text = run_prune("fzn " + model + " --learn --trace-text");
    CHECK(contains(text.err, "LEARN not(p["));
    CHECK(contains(text.err, ", back to level "));
    const RunResult profile = run_prune("fzn " + model + " --learn --profile");
    CHECK(contains(profile.err, "explained"));
    CHECK(contains(profile.err, "fallback"));
    // Without learning the profile keeps its columns.
    CHECK(!contains(run_prune("fzn " + model + " --profile").err, "explained"));

    // --explain on a model without solution says so (and the learned nogoods do not crash it).
    const RunResult explain = run_prune("fzn " + model + " --learn --explain p[1]");
    REQUIRE(explain.exit_code == 0);
    CHECK(contains(explain.err, "no solution was found"));
#endif
}

TEST_CASE("prune fzn --explain gives the reason of each removal as facts", "[trace][cli][fzn]") {
    // Queens-like: 4 variables over 1..4, pairwise different: the first solution's
    // history of p[4] has removals by int_ne, each because another p is fixed.
    ScratchDirectory dir;
    const std::string file = (dir.path() / "perm.fzn").string();
    std::ofstream(file) << "array [1..4] of var 1..4: p :: output_array([1..4]);\n"
                           "constraint int_ne(p[1], p[2]);\nconstraint int_ne(p[1], p[3]);\nconstraint int_ne(p[1], p[4]);\n"
                           "constraint int_ne(p[2], p[3]);\nconstraint int_ne(p[2], p[4]);\nconstraint int_ne(p[3], p[4]);\n"
                           "solve satisfy;\n";
    for (const char* learn : {"", " --learn"}) {
        if (!prune::test::runs_here(learn)) continue;
        const RunResult explain = run_prune("fzn " + quoted(file) + learn + " --explain p[4]");
        INFO(explain.err);
        REQUIRE(explain.exit_code == 0);
        CHECK(contains(explain.err, "Why is p[4] = "));
        CHECK(contains(explain.err, "p[4] != 1 because p[1] = 1"));
    }
}
#endif
