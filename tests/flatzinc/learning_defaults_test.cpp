// What --learn changes in the FlatZinc front end. The builder posts all_different,
// and inverse's all_different, at value consistency whatever the model's annotations
// ask, unless --learn-alldifferent annotated (builder_constraints.cpp,
// all_different_level); without learning, at the annotated consistency, else domain.
// The answers do not change: the solution counts agree with each consistency. And
// the model's search restarts under --learn on unless the model annotates its own
// restarts (search_options).
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "engine/prune.hpp"
#include "support.hpp"

namespace {

struct Posted {
    // The alldifferent propagators, "kind xcount, ...": every all_different has a value
    // stage, and domain and bounds consistency add a propagator beside it.
    std::string kinds;
    int value_all_different = 0;
    std::uint64_t solutions = 0;
};

Posted build_and_count(const std::string& text, bool learning, bool as_annotated = false) {
    prune::flatzinc::BuiltModel m;
    REQUIRE(prune::test::fzn::build_text(text, "defaults.fzn", m, prune::flatzinc::BuildSettings{learning, as_annotated})
                .empty());
    Posted p;
    p.value_all_different = m.value_all_different;
    std::map<std::string, int> kinds;
    for (int i = 0; i < m.solver->propagator_count(); ++i) {
        const std::string kind = m.solver->propagator(i).kind();
        if (kind.rfind("alldifferent", 0) == 0) ++kinds[kind];
    }
    std::ostringstream listed;
    for (const auto& [kind, count] : kinds) listed << (listed.tellp() > 0 ? ", " : "") << kind << " x" << count;
    p.kinds = listed.str();
    prune::SearchOptions options;
    options.learn = learning;
    prune::Search search(*m.solver, options);
    while (search.next() == prune::SearchStatus::solution) ++p.solutions;
    return p;
}

// Three all_different, the third annotated; one inverse, annotated or not.
std::string model(const std::string& third, const std::string& inverse) {
    return "predicate prune_all_different(array [int] of var int: x);\n"
           "predicate prune_inverse(array [int] of var int: f, int: f_offset, array [int] of var int: g, int: g_offset);\n"
           "array [1..4] of var 1..4: f :: output_array([1..4]);\n"
           "array [1..4] of var 1..4: g :: output_array([1..4]);\n"
           "var 1..3: a :: output_var;\nvar 1..3: b :: output_var;\nvar 1..3: c :: output_var;\n"
           "constraint prune_all_different([a,b]);\n"
           "constraint prune_all_different([b,c]);\n"
           "constraint prune_all_different([a,c])" + third + ";\n"
           "constraint prune_inverse(f, 1, g, 1)" + inverse + ";\n"
           "constraint int_ne(f[1], 1);\n"
           "solve satisfy;\n";
}

}  // namespace

TEST_CASE("FlatZinc: under learning all_different and inverse default to value consistency", "[flatzinc][learning]") {
    const std::uint64_t expected = 6 * 18;  // a, b, c a permutation of 1..3; inverse.fzn's 18
    const std::string plain = model("", ""), annotated = model(" :: domain_propagation", " :: domain"),
                      bounds = model(" :: bounds_propagation", "");
    SECTION("without learning: domain, or as annotated") {
        const Posted p = build_and_count(plain, false);
        CHECK(p.kinds == "alldifferent(domain) x4, alldifferent(value) x4");
        CHECK(p.value_all_different == 0);
        CHECK(p.solutions == expected);
        CHECK(build_and_count(bounds, false).kinds == "alldifferent(bounds) x1, alldifferent(domain) x3, alldifferent(value) x4");
    }
    SECTION("with learning: value, whatever the annotations") {
        for (const std::string& text : {plain, annotated, bounds}) {
            const Posted p = build_and_count(text, true);
            CHECK(p.kinds == "alldifferent(value) x4");
            CHECK(p.value_all_different == 4);
            CHECK(p.solutions == expected);
        }
    }
    SECTION("with learning and --learn-alldifferent annotated: as annotated, else domain") {
        const Posted p = build_and_count(annotated, true, true);
        CHECK(p.kinds == "alldifferent(domain) x4, alldifferent(value) x4");
        CHECK(p.value_all_different == 0);
        CHECK(p.solutions == expected);
        CHECK(build_and_count(bounds, true, true).kinds == "alldifferent(bounds) x1, alldifferent(domain) x3, alldifferent(value) x4");
    }
}

namespace {
// The search options fzn-prune takes for a small model with this solve item, under
// these command-line flags (a bounds-only variable, var int, when `unbounded`).
prune::SearchOptions options_of(const std::string& solve, std::vector<const char*> flags, bool unbounded = false) {
    const std::string text = std::string(unbounded ? "var int: u;\nconstraint int_le(0, u);\n" : "") +
                             "array [1..3] of var 1..3: x :: output_array([1..3]);\n"
                             "constraint int_lin_le([1,1,1], x, 7);\n" + solve + "\n";
    flags.insert(flags.begin(), "fzn-prune");
    flags.push_back("restarts.fzn");
    prune::flatzinc::Options o;
    std::string error;
    REQUIRE(prune::flatzinc::parse_options(static_cast<int>(flags.size()), flags.data(), o, error));
    prune::flatzinc::BuiltModel m;
    REQUIRE(prune::test::fzn::build_text(text, "restarts.fzn", m, prune::flatzinc::BuildSettings{o.learn, false}).empty());
    return prune::flatzinc::search_options(o, m);
}
}  // namespace

TEST_CASE("FlatZinc: the model's search under learning restarts unless the model says how", "[flatzinc][learning]") {
    // Learning keeps its nogoods over a restart, and a phase's ties go to the most
    // active variable, so a restart decides the first levels again
    // (docs/architecture.md, "The model's search under learning").
    const std::string search = "solve :: int_search(x, first_fail, indomain_min, complete) satisfy;";
    SECTION("with learning: Luby restarts, as free search") {
        const prune::SearchOptions so = options_of(search, {"--learn", "on"});
        REQUIRE(so.phases.size() == 1);
        CHECK(so.learn);
        CHECK(so.restarts.kind == prune::RestartKind::luby);
        CHECK(so.restarts.scale == 100);
        CHECK(options_of(search, {"--learn", "on", "-f"}).restarts.kind == prune::RestartKind::luby);
    }
    SECTION("without learning, learning later (auto), or learning refused: no restarts") {
        CHECK(options_of(search, {}).restarts.kind == prune::RestartKind::none);
        const prune::SearchOptions later = options_of(search, {"--learn", "auto"});
        CHECK(later.learn_after_propagations > 0);
        CHECK(later.restarts.kind == prune::RestartKind::none);
        // A bounds-only variable: learning cannot run, and the search goes on without it.
        CHECK(options_of(search, {"--learn", "on"}, true).restarts.kind == prune::RestartKind::none);
    }
    SECTION("the model's own restart annotation wins") {
        const std::string none = "solve :: int_search(x, first_fail, indomain_min, complete) :: restart_none satisfy;";
        CHECK(options_of(none, {"--learn", "on"}).restarts.kind == prune::RestartKind::none);
        const std::string constant = "solve :: int_search(x, first_fail, indomain_min, complete) :: restart_constant(50) satisfy;";
        const prune::SearchOptions so = options_of(constant, {"--learn", "on"});
        CHECK(so.restarts.kind == prune::RestartKind::geometric);  // (a constant run: factor 1)
        CHECK(so.restarts.scale == 50);
        CHECK(so.restarts.factor == 1.0);
    }
}
