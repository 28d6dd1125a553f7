// MiniZinc through prune's solver configuration (build-tree prune.msc), and a
// differential test against Gecode on the very same FlatZinc files (prune with and
// without learning). Each test is a counted skip (PRUNE_SKIP) when minizinc (or
// fzn-gecode, or ../shared) is absent.
#include "catch.hpp"

#include <filesystem>
#include <map>

#include "support.hpp"
#include "support/skip.hpp"

using namespace prune::test::fzn;
namespace fs = std::filesystem;

namespace {

fs::path models_dir() { return fs::path(PRUNE_SOURCE_DIR) / "tests" / "flatzinc" / "models"; }

// The build-tree solver configuration next to fzn-prune's directory.
fs::path build_msc() {
#ifdef PRUNE_FZN_PATH
    return fs::path(PRUNE_FZN_PATH).parent_path().parent_path() / "prune.msc";
#else
    return {};
#endif
}

// Why the MiniZinc tests cannot run here, or empty when they can.
std::string minizinc_missing() {
    if (!have_program("minizinc")) return "minizinc is not installed (apt-get install minizinc)";
    if (build_msc().empty() || !fs::exists(build_msc())) return "no build-tree prune.msc (fzn-prune was not built)";
    return {};
}

std::string quote(const fs::path& p) {
    std::string q(1, '\'');  // (built in steps: GCC 12 warns falsely on "'" + string)
    q += p.string();
    q += '\'';
    return q;
}

struct Run {
    int code;
    std::string out;
    std::string err;
};

Run command(const std::string& cmd, const std::string& tag) {
    const fs::path dir = temp_dir();
    const fs::path out = dir / (tag + ".out"), err = dir / (tag + ".err");
    const int code = shell(cmd, out, err);
    return {code, read_file(out), read_file(err)};
}

// Marks the objective of a FlatZinc file as an output variable, so that both
// solvers print its value; returns its name (empty for satisfaction problems).
std::string expose_objective(const fs::path& file) {
    std::string text = read_file(file);
    const std::size_t solve = text.rfind("\nsolve ");
    if (solve == std::string::npos) return {};
    std::size_t goal = text.find("minimize ", solve);
    if (goal == std::string::npos) goal = text.find("maximize ", solve);
    if (goal == std::string::npos) return {};
    const std::size_t start = goal + 9, end = text.find(';', start);
    std::string name = text.substr(start, end - start);
    while (!name.empty() && name.back() == ' ') name.pop_back();
    for (const char* follow : {" ", ";", ":"}) {
        const std::size_t at = text.find(": " + name + follow);
        if (at != std::string::npos && at < solve) {
            text.insert(at + 2 + name.size(), " :: output_var");
            std::ofstream(file, std::ios::binary) << text;
            return name;
        }
    }
    return {};
}

// Solutions with their lines sorted: solvers may print output variables in any order.
std::vector<std::string> normalized(const std::vector<std::string>& blocks) {
    std::vector<std::string> out;
    for (const std::string& b : blocks) {
        std::vector<std::string> l = lines(b);
        std::sort(l.begin(), l.end());
        std::string joined;
        for (const std::string& x : l) joined += x + "\n";
        out.push_back(joined);
    }
    return sorted_unique(out);
}

std::string line_starting(const std::string& block, const std::string& prefix) {
    for (const std::string& line : lines(block)) {
        if (line.rfind(prefix, 0) == 0) return line;
    }
    return {};
}

}  // namespace

TEST_CASE("minizinc -c turns a sudoku into 27 alldifferent constraints", "[minizinc]") {
    if (const std::string missing = minizinc_missing(); !missing.empty()) PRUNE_SKIP(missing);
    const fs::path fzn = temp_dir() / "sudoku.fzn";
    const Run r = command("minizinc --solver " + quote(build_msc()) + " -c " + quote(models_dir() / "sudoku.mzn") +
                              " --fzn " + quote(fzn) + " --ozn " + quote(temp_dir() / "sudoku.ozn"),
                          "sudoku-compile");
    INFO(r.err);
    REQUIRE(r.code == 0);
    int alldiff = 0, not_equal = 0;
    for (const std::string& line : lines(read_file(fzn))) {
        if (line.rfind("constraint prune_all_different(", 0) == 0) ++alldiff;
        if (line.rfind("constraint int_ne", 0) == 0 || line.rfind("constraint int_lin_ne", 0) == 0) ++not_equal;
    }
    REQUIRE(alldiff == 27);
    REQUIRE(not_equal == 0);
}

TEST_CASE("minizinc --solver prune solves small models", "[minizinc]") {
    if (const std::string missing = minizinc_missing(); !missing.empty()) PRUNE_SKIP(missing);
    const std::string mzn = "minizinc --solver " + quote(build_msc()) + " ";

    const Run queens = command(mzn + "-a -D n=8 " + quote(models_dir() / "queens.mzn"), "queens");
    INFO(queens.err);
    REQUIRE(queens.code == 0);
    REQUIRE(solutions(queens.out).size() == 92);
    REQUIRE(contains_line(queens.out, "=========="));

    const Run queens6 = command(mzn + "-a -D n=6 " + quote(models_dir() / "queens.mzn"), "queens6");
    REQUIRE(solutions(queens6.out).size() == 4);

    const Run sudoku = command(mzn + "-a " + quote(models_dir() / "sudoku.mzn"), "sudoku");
    REQUIRE(solutions(sudoku.out).size() == 1);
    REQUIRE(contains_line(sudoku.out, "=========="));

    const Run golomb = command(mzn + "-D m=6 " + quote(models_dir() / "golomb.mzn"), "golomb");
    INFO(golomb.err);
    REQUIRE(contains_line(golomb.out, "length=17"));
    REQUIRE(contains_line(golomb.out, "=========="));

    const Run golomb5 = command(mzn + "-D m=5 -a -s " + quote(models_dir() / "golomb.mzn"), "golomb5");
    REQUIRE(contains_line(golomb5.out, "length=11"));

    // The solver configuration's extra flags reach fzn-prune: a learning portfolio
    // that shares nogoods of at most 4 facts.
    if (prune::test::learning_built) {
        const Run shared = command(mzn + "-D m=6 --learn -p 2 --share-nogoods 4 -s " + quote(models_dir() / "golomb.mzn"), "golomb shared");
        INFO(shared.err);
        REQUIRE(contains_line(shared.out, "length=17"));
        REQUIRE(contains_line(shared.out, "=========="));
    }

    // Set variables, reification, half reification, Booleans, arithmetic, table and
    // decomposed globals: 81 solutions, as Gecode counts them.
    const Run mixed = command(mzn + "-a " + quote(models_dir() / "mixed.mzn"), "mixed");
    INFO(mixed.err);
    REQUIRE(mixed.code == 0);
    REQUIRE(solutions(mixed.out).size() == 81);
    REQUIRE(sorted_unique(solutions(mixed.out)).size() == 81);
}

TEST_CASE("minizinc --solver prune posts the counting, lex and regular globals natively", "[minizinc]") {
    if (const std::string missing = minizinc_missing(); !missing.empty()) PRUNE_SKIP(missing);
    const fs::path model = models_dir() / "counting.mzn";
    const fs::path fzn = temp_dir() / "counting.fzn";
    const Run compile = command("minizinc --solver " + quote(build_msc()) + " -c " + quote(model) + " --fzn " + quote(fzn) +
                                    " --ozn " + quote(temp_dir() / "counting.ozn"),
                                "counting-compile");
    INFO(compile.err);
    REQUIRE(compile.code == 0);
    // Each global of the model reaches the builder as one prune_* builtin.
    std::map<std::string, int> posted;
    for (const std::string& line : lines(read_file(fzn))) {
        const std::string tag = "constraint prune_";
        if (line.rfind(tag, 0) == 0) ++posted[line.substr(11, line.find('(') - 11)];
    }
    CHECK(posted["prune_global_cardinality_closed"] == 1);
    CHECK(posted["prune_global_cardinality"] == 1);
    CHECK(posted["prune_count_eq"] == 5);  // count, count_leq, count_gt, count_geq, count_lt
    CHECK(posted["prune_among"] == 1);
    CHECK(posted["prune_nvalue"] == 1);
    CHECK(posted["prune_lex_lesseq"] == 1);
    CHECK(posted["prune_lex_less"] == 1);
    CHECK(posted["prune_regular"] == 2);
    // 41 solutions, as Gecode counts them on MiniZinc's standard decompositions.
    const Run solved = command("minizinc --solver " + quote(build_msc()) + " -a " + quote(model), "counting");
    INFO(solved.err);
    REQUIRE(solved.code == 0);
    REQUIRE(solutions(solved.out).size() == 41);
    REQUIRE(sorted_unique(solutions(solved.out)).size() == 41);
    REQUIRE(contains_line(solved.out, "=========="));
}

TEST_CASE("prune and Gecode agree on the same FlatZinc files", "[gecode]") {
    if (!have_program("minizinc")) PRUNE_SKIP("minizinc is not installed (apt-get install minizinc)");
    if (!have_program("fzn-gecode")) PRUNE_SKIP("fzn-gecode is not installed (apt-get install flatzinc)");
    const fs::path data = fs::path(PRUNE_SHARED_DIR) / "data" / "minizinc";
    if (!fs::exists(data)) PRUNE_SKIP(data.string() + " is absent (the ../shared data sets)");
#ifndef PRUNE_FZN_PATH
    PRUNE_SKIP("fzn-prune was not built");
#else
    const fs::path dir = temp_dir();
    // A solver configuration without a solver library: the standard decompositions,
    // which both fzn-prune and fzn-gecode read.
    const fs::path std_msc = dir / "std-only.msc";
    std::ofstream(std_msc) << R"({"id": "org.prune.stdonly", "name": "std-only", "version": "1.0",)"
                           << R"( "executable": "/bin/false", "supportsFzn": true, "needsSolns2Out": true})";
    const char* instances[][2] = {
        {"queens/queens.mzn", "queens/008.dzn"},
        {"langford/langford.mzn", "langford/l_2_04.dzn"},
        {"langford/langford.mzn", "langford/l_2_05.dzn"},
        {"langford/langford.mzn", "langford/l_3_09.dzn"},
        {"latin-squares/latin-squares-fd2.mzn", "latin-squares/03.dzn"},
        {"costas-array/CostasArray.mzn", "costas-array/6.dzn"},
        {"schur_numbers/schur.mzn", "schur_numbers/5-3.dzn"},
        {"magicseq/magicseq.mzn", "magicseq/010.dzn"},
        {"kakuro/kakuro.mzn", "kakuro/kakuro_6_6_easy.dzn"},
        {"quasigroup7/quasigroup7.mzn", "quasigroup7/06.dzn"},
        {"knights/knights.mzn", "knights/08_04.dzn"},
        {"market_split/market_split.mzn", "market_split/s3-01.dzn"},
        {"market_split/market_split.mzn", "market_split/u3-01.dzn"},
        {"black-hole/black-hole.mzn", "black-hole/17.dzn"},
        {"golomb/golomb.mzn", "golomb/05.dzn"},
        {"golomb/golomb.mzn", "golomb/07.dzn"},
        {"grid-colouring/GridColoring.mzn", "grid-colouring/5_6.dzn"},
    };
    int compared = 0;
    std::string absent;  // instances missing from ../shared: compared none of them, say so
    for (const auto& [model, instance] : instances) {
        if (!fs::exists(data / model) || !fs::exists(data / instance)) {
            absent += std::string(absent.empty() ? "" : ", ") + instance;
            continue;
        }
        const std::string tag = fs::path(model).stem().string() + "-" + fs::path(instance).stem().string();
        INFO(tag);
        const fs::path fzn = dir / (tag + ".fzn");
        const Run compile = command("minizinc --solver " + quote(std_msc) + " -c " + quote(data / model) + " " +
                                        quote(data / instance) + " --fzn " + quote(fzn) + " --ozn " + quote(dir / (tag + ".ozn")),
                                    tag + "-compile");
        INFO(compile.err);
        REQUIRE(compile.code == 0);
        const std::string objective = expose_objective(fzn);
        const std::string all = objective.empty() ? "-a " : "";
        const Run gecode = command("fzn-gecode " + all + quote(fzn), tag + "-gecode");
        // prune without and with learning (the model's search and free search): the
        // same solution set, or the same optimum, as Gecode.
        for (const char* flags : {"", "--learn ", "--learn -f "}) {
            if (!prune::test::runs_here(flags)) continue;
            INFO("fzn-prune flags: " << flags);
            const Run ours = command(quote(fs::path(PRUNE_FZN_PATH)) + " " + flags + all + quote(fzn), tag + "-prune");
            INFO(ours.err);
            REQUIRE(ours.code == 0);
            REQUIRE(contains_line(gecode.out, "==========") == contains_line(ours.out, "=========="));
            REQUIRE(contains_line(gecode.out, "=====UNSATISFIABLE=====") == contains_line(ours.out, "=====UNSATISFIABLE====="));
            if (objective.empty()) {
                REQUIRE(normalized(solutions(ours.out)) == normalized(solutions(gecode.out)));
            } else {
                REQUIRE_FALSE(solutions(ours.out).empty());
                REQUIRE_FALSE(solutions(gecode.out).empty());
                const std::string mine = line_starting(solutions(ours.out).back(), objective + " = ");
                REQUIRE_FALSE(mine.empty());
                REQUIRE(mine == line_starting(solutions(gecode.out).back(), objective + " = "));
            }
        }
        ++compared;
    }
    REQUIRE(compared > 0);
    if (!absent.empty()) PRUNE_SKIP("compared " + std::to_string(compared) + " instances; absent from " + data.string() + ": " + absent);
#endif
}

// The graph and scheduling globals of the solver library (issue 19): minizinc hands
// each to prune whole (the FlatZinc names prune_<global>), and the native propagators
// find exactly the solutions of MiniZinc's own decompositions, solved by fzn-prune
// through a configuration without prune's library.
TEST_CASE("minizinc --solver prune posts circuit, inverse and the scheduling globals natively", "[minizinc]") {
    if (const std::string missing = minizinc_missing(); !missing.empty()) PRUNE_SKIP(missing);
#ifndef PRUNE_FZN_PATH
    PRUNE_SKIP("fzn-prune was not built");
#else
    const fs::path dir = temp_dir();
    const fs::path decomposed_msc = dir / "prune-decomposed.msc";
    std::ofstream(decomposed_msc) << R"({"id": "org.prune.decomposed", "name": "prune-decomposed", "version": "1.0",)"
                                  << R"( "executable": ")" << fs::path(PRUNE_FZN_PATH).string()
                                  << R"(", "stdFlags": ["-a"], "supportsFzn": true, "needsSolns2Out": true})";
    struct Case {
        const char* model;
        const char* data;
        std::vector<const char*> natives;  // FlatZinc constraints that must appear
        std::size_t solutions;             // (0: only compared with the decomposition)
    };
    const Case cases[] = {
        {"circuit.mzn", "", {"prune_circuit(", "prune_subcircuit("}, 24 * 21},
        {"inverse.mzn", "", {"prune_inverse("}, 24},
        {"cumulative.mzn", "", {"prune_cumulative("}, 0},
        {"disjunctive.mzn", "-D strict=false", {"prune_disjunctive("}, 0},
        {"disjunctive.mzn", "-D strict=true", {"prune_disjunctive_strict("}, 0},
        {"diffn.mzn", "-D strict=true", {"prune_diffn("}, 0},
        {"diffn.mzn", "-D strict=false", {"prune_diffn_nonstrict("}, 0},
    };
    for (const Case& c : cases) {
        const std::string tag = fs::path(c.model).stem().string() + (std::string(c.data).find("true") != std::string::npos ? "-strict" : "");
        INFO(tag);
        const fs::path fzn = dir / (tag + ".fzn");
        const Run compile = command("minizinc --solver " + quote(build_msc()) + " -c " + c.data + " " + quote(models_dir() / c.model) +
                                        " --fzn " + quote(fzn) + " --ozn " + quote(dir / (tag + ".ozn")),
                                    tag + "-compile");
        INFO(compile.err);
        REQUIRE(compile.code == 0);
        const std::string flat = read_file(fzn);
        for (const char* native : c.natives) REQUIRE(flat.find(std::string("constraint ") + native) != std::string::npos);

        const Run ours = command("minizinc --solver " + quote(build_msc()) + " -a " + c.data + " " + quote(models_dir() / c.model), tag);
        INFO(ours.err);
        REQUIRE(ours.code == 0);
        REQUIRE(contains_line(ours.out, "=========="));
        const Run reference = command("minizinc --solver " + quote(decomposed_msc) + " -a " + c.data + " " + quote(models_dir() / c.model),
                                      tag + "-decomposed");
        INFO(reference.err);
        REQUIRE(reference.code == 0);
        REQUIRE_FALSE(solutions(reference.out).empty());
        REQUIRE(normalized(solutions(ours.out)) == normalized(solutions(reference.out)));
        REQUIRE(solutions(ours.out).size() == solutions(reference.out).size());
        if (c.solutions != 0) REQUIRE(solutions(ours.out).size() == c.solutions);
    }
#endif
}

TEST_CASE("minizinc --solver prune proves the ft06 job shop optimum with the native disjunctive", "[minizinc]") {
    if (const std::string missing = minizinc_missing(); !missing.empty()) PRUNE_SKIP(missing);
    // MiniZinc's decomposition into pairwise disjunctions does not prove 55 within two
    // minutes (126 million nodes); the propagator needs a few hundred.
    const Run r = command("minizinc --solver " + quote(build_msc()) + " -s --time-limit 60000 " + quote(models_dir() / "jobshop.mzn") + " " +
                              quote(models_dir() / "ft06.dzn"),
                          "ft06");
    INFO(r.err);
    REQUIRE(r.code == 0);
    REQUIRE(contains_line(r.out, "=========="));
    REQUIRE(solutions(r.out).back().find("makespan=55") != std::string::npos);
}

// Under --learn the model's search restarts and most runs break its ties by
// activity; the 1st, 3rd, 7th, ... run keep the order as written, so an order that
// works keeps working. MiniZinc's packing example (21 squares, listed largest first,
// `smallest` over the x) takes 150 failures as written; with activity in every run
// it took 26,283 (docs/architecture.md, "The runs that keep the model's order").
TEST_CASE("minizinc --solver prune --learn keeps the model's order: MiniZinc's packing example in under 1,000 failures",
          "[minizinc][learning]") {
#if defined(PRUNE_NO_LEARNING)
    PRUNE_SKIP("learning is compiled out (-DPRUNE_LEARNING=OFF)");
#else
    if (const std::string missing = minizinc_missing(); !missing.empty()) PRUNE_SKIP(missing);
    const fs::path model = fs::path(PRUNE_SHARED_DIR) / "data" / "minizinc-spec" / "examples" / "packing.mzn";
    if (!fs::exists(model)) PRUNE_SKIP(model.string() + " is absent (the ../shared data sets)");
    const Run r = command("minizinc --solver " + quote(build_msc()) + " --learn --fail-limit 1000 -s " + quote(model), "packing");
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    CHECK(solutions(r.out).size() == 1);  // (the fail limit would print =====UNKNOWN=====)
    // It did restart: the runs that broke their ties by activity ran too.
    const std::string restarts = "%%%mzn-stat: restarts=";
    const std::size_t at = r.out.find(restarts);
    REQUIRE(at != std::string::npos);
    CHECK(std::stoi(r.out.substr(at + restarts.size())) >= 1);
#endif
}
