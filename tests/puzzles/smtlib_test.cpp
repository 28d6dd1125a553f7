// The SMT-LIB export: well formed, one Int per cell, and the rules as assertions that
// hold for prune's own solution (checked by evaluating them here) .
#include <map>

#include "catch.hpp"
#include "puzzle_test_support.hpp"
#include "support/sexpr.hpp"
#include "puzzles/smtlib_writer.hpp"

using namespace prune::puzzles;
using namespace prune::puzzles::testing;

namespace {

// A tiny evaluator for the QF_LIA subset the writer uses, so the export can be tested
// without an SMT solver: integers and booleans as long long.
long long evaluate(const SExpr& e, const std::map<std::string, long long>& model) {
    if (!e.is_list) {
        if (e.atom == "true") return 1;
        if (e.atom == "false") return 0;
        if (auto it = model.find(e.atom); it != model.end()) return it->second;
        return std::stoll(e.atom);
    }
    const std::string& op = e.items.at(0).atom;
    std::vector<long long> args;
    for (std::size_t i = 1; i < e.items.size(); ++i) args.push_back(evaluate(e.items[i], model));
    if (op == "+") {
        long long s = 0;
        for (long long a : args) s += a;
        return s;
    }
    if (op == "-") return args.size() == 1 ? -args[0] : args[0] - args[1];
    if (op == "<=") return args[0] <= args[1];
    if (op == "=") return args[0] == args[1];
    if (op == "not") return !args[0];
    if (op == "and") {
        for (long long a : args) if (!a) return 0;
        return 1;
    }
    if (op == "or") {
        for (long long a : args) if (a) return 1;
        return 0;
    }
    if (op == "distinct") {
        for (std::size_t i = 0; i < args.size(); ++i)
            for (std::size_t j = 0; j < i; ++j) if (args[i] == args[j]) return 0;
        return 1;
    }
    FAIL("operator not expected in prune's SMT-LIB: " << op);
    return 0;
}

}  // namespace

TEST_CASE("SMT-LIB export parses back and its assertions hold for the solution", "[puzzles]") {
    for (const auto& [kind, file, flags] : std::vector<std::tuple<std::string, std::string, KindFlags>>{
             {"seki", "seki_4x4.txt", {}}, {"kurosu", "kurosu6_dm_2018-06-01.txt", {}}, {"kurosu", "takuzu_6x6_unique_lines.txt", {"--unique-lines"}},
             {"numberworkout", "nw_003.txt", {}}, {"sudoku", "top95_01.txt", {}}, {"sudoku", "sudoku_16x16.txt", {}}}) {
        INFO(kind << " " << file);
        const auto parsed = parse_example(kind, file, flags);
        const std::string smt = write_smtlib(*parsed.puzzle, kind, file);
        SExprError error;
        const auto exprs = parse_sexprs(smt, error);
        INFO(error.message);
        REQUIRE(exprs);

        const Values solution = solve(*parsed.puzzle, SolveMode::first).solutions.at(0);
        std::map<std::string, long long> model;
        for (int c = 0; c < parsed.puzzle->cell_count(); ++c) model[cell_name(c)] = solution[c];
        Values wrong = solution;
        wrong[0] = wrong[0] == 1 ? 2 : 1;
        std::map<std::string, long long> wrong_model = model;
        wrong_model["V0"] = wrong[0];

        int declared = 0;
        int assertions = 0;
        bool wrong_fails = false;
        REQUIRE(exprs->front().items.at(0).atom == "set-logic");
        CHECK(exprs->front().items.at(1).atom == "QF_LIA");
        for (const SExpr& e : *exprs) {
            const std::string& head = e.items.at(0).atom;
            if (head == "declare-fun") {
                CHECK(e.items.at(1).atom == cell_name(declared));
                CHECK(e.items.at(3).atom == "Int");
                ++declared;
            } else if (head == "assert") {
                ++assertions;
                CHECK(evaluate(e.items.at(1), model) == 1);
                wrong_fails = wrong_fails || evaluate(e.items.at(1), wrong_model) == 0;
            }
        }
        CHECK(declared == parsed.puzzle->cell_count());
        CHECK(assertions == static_cast<int>(parsed.puzzle->rules().size()));
        CHECK(wrong_fails);
        CHECK(exprs->at(exprs->size() - 2).items.at(0).atom == "check-sat");
        CHECK(exprs->back().items.at(0).atom == "get-value");
        CHECK(static_cast<int>(exprs->back().items.at(1).items.size()) == parsed.puzzle->cell_count());
    }
}
