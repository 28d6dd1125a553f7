// The FlatZinc builder posts a *_reif constraint as its *_imp form when its Boolean
// is read only as a positive literal of clauses (builder_half_reification.cpp), and
// no answer changes: solution sets (projected onto the shown variables), counts and
// optima of random clause models agree with brute force, with and without learning.
#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "engine/prune.hpp"
#include "support.hpp"

namespace {

int half_reified_in(const std::string& text) {
    prune::flatzinc::BuiltModel m;
    REQUIRE(prune::test::fzn::build_text(text, "half.fzn", m).empty());
    return m.half_reified;
}

// x != y \/ y != z as MiniZinc flattens it, with `extra` constraints added.
std::string disjunction(const std::string& b1_annotation, const std::string& extra, const std::string& solve = "solve satisfy;\n") {
    return "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\nvar 1..3: z :: output_var;\n"
           "var bool: b1" + b1_annotation + ";\nvar bool: b2 :: var_is_introduced :: is_defined_var;\n"
           "var bool: x_is_1;\nvar 0..1: i;\narray [1..2] of var bool: bs = [b1, x_is_1];\n"
           "constraint int_ne_reif(x, y, b1) :: defines_var(b1);\n"
           "constraint int_lin_ne_reif([1,-1], [y,z], 0, b2) :: defines_var(b2);\n"
           "constraint array_bool_or([b1, b2], true);\n" + extra + solve;
}

}  // namespace

TEST_CASE("FlatZinc: a reification read only by clauses' positive literals is posted half-reified", "[flatzinc][half-reification]") {
    CHECK(half_reified_in(disjunction(" :: var_is_introduced", "")) == 2);
    CHECK(half_reified_in(disjunction(" :: var_is_introduced", "constraint bool_clause([b1], [x_is_1]);\n")) == 2);
    // b1 is shown, negated in a clause, read by another constraint, reified twice, in
    // the search or in an array the model names: b1 stays fully reified, b2 does not.
    CHECK(half_reified_in(disjunction(" :: output_var", "")) == 1);
    CHECK(half_reified_in(disjunction("", "constraint bool_clause([b2], [b1]);\n")) == 1);
    CHECK(half_reified_in(disjunction("", "constraint bool2int(b1, i);\n")) == 1);
    CHECK(half_reified_in(disjunction("", "constraint int_le_reif(x, z, b1);\n")) == 1);
    CHECK(half_reified_in(disjunction("", "", "solve :: bool_search([b1], input_order, indomain_max, complete) satisfy;\n")) == 1);
    CHECK(half_reified_in(disjunction("", "constraint array_bool_and(bs, true);\n")) == 1);
    // A clause reified itself (array_bool_or(.., r) with r a variable) is not a clause.
    CHECK(half_reified_in("var 1..3: x;\nvar 1..3: y;\nvar bool: b;\nvar bool: r;\nconstraint int_ne_reif(x, y, b);\n"
                          "constraint array_bool_or([b], r);\nsolve satisfy;\n") == 0);
}

TEST_CASE("FlatZinc: a malformed reification is an error at its line, not a crash of the half-reification pass", "[flatzinc][half-reification]") {
    for (const std::string constraint : {"int_le_reif()", "int_le_reif(1)", "bool_eq_reif(p, q, [p])", "bool_clause([p])"}) {
        const std::string text = "var bool: p;\nvar bool: q;\nconstraint " + constraint + ";\nsolve satisfy;\n";
        prune::flatzinc::BuiltModel m;
        const std::string error = prune::test::fzn::build_text(text, "bad.fzn", m);
        INFO(constraint);
        REQUIRE_FALSE(error.empty());
        CHECK(error.rfind("bad.fzn:3:", 0) == 0);
    }
}

namespace {

// A random model: four variables over 1..3 and two Booleans (all shown), clauses
// whose literals are reified comparisons, sums, set membership and Boolean
// relations (every *_reif with an *_imp form), some shared by clauses, some negated.
struct RandomClauseModel {
    // Over x0..x3 (values[0..3]) and the Booleans p, q (values[4], values[5]).
    struct Atom {
        int kind;  // 0: x != y, 1: x == y, 2: x <= y, 3: x + y <= k, 4: x in {1,3}, 5: p == q, 6: p != q, 7: p -> q, 8: p < q, 9: p \/ !q
        int a, b, k;
        bool holds(const std::vector<int>& v) const {
            switch (kind) {
                case 0: return v[a] != v[b];
                case 1: return v[a] == v[b];
                case 2: return v[a] <= v[b];
                case 3: return v[a] + v[b] <= k;
                case 4: return v[a] != 2;
                case 5: return v[4] == v[5];
                case 6: return v[4] != v[5];
                case 7: return v[4] <= v[5];
                case 8: return v[4] < v[5];
                default: return v[4] == 1 || v[5] == 0;
            }
        }
    };
    std::vector<Atom> atoms;
    std::vector<std::vector<int>> positive, negative;  // per clause, atom indices

    std::string fzn(bool minimise) const {
        std::ostringstream m;
        for (int i = 0; i < 4; ++i) m << "var 1..3: x" << i << " :: output_var;\n";
        m << "var bool: p :: output_var;\nvar bool: q :: output_var;\n";
        for (std::size_t j = 0; j < atoms.size(); ++j) m << "var bool: b" << j << " :: var_is_introduced :: is_defined_var;\n";
        for (std::size_t j = 0; j < atoms.size(); ++j) {
            const Atom& t = atoms[j];
            std::ostringstream args;
            args << 'x' << t.a << ", x" << t.b;
            switch (t.kind) {
                case 0: m << "constraint int_ne_reif(" << args.str() << ", b" << j << ");\n"; break;
                case 1: m << "constraint int_eq_reif(" << args.str() << ", b" << j << ");\n"; break;
                case 2: m << "constraint int_le_reif(" << args.str() << ", b" << j << ");\n"; break;
                case 3: m << "constraint int_lin_le_reif([1,1], [" << args.str() << "], " << t.k << ", b" << j << ");\n"; break;
                case 4: m << "constraint set_in_reif(x" << t.a << ", {1,3}, b" << j << ");\n"; break;
                case 5: m << "constraint bool_eq_reif(p, q, b" << j << ");\n"; break;
                case 6: m << "constraint bool_ne_reif(p, q, b" << j << ");\n"; break;
                case 7: m << "constraint bool_le_reif(p, q, b" << j << ");\n"; break;
                case 8: m << "constraint bool_lt_reif(p, q, b" << j << ");\n"; break;
                default: m << "constraint bool_clause_reif([p], [q], b" << j << ");\n"; break;
            }
        }
        const auto list = [](const std::vector<int>& atoms_of) {
            std::string s = "[";
            for (std::size_t i = 0; i < atoms_of.size(); ++i) {
                if (i > 0) s += ", ";
                s += 'b';
                s += std::to_string(atoms_of[i]);
            }
            return s + "]";
        };
        for (std::size_t c = 0; c < positive.size(); ++c) {
            if (negative[c].empty()) {
                m << "constraint array_bool_or(" << list(positive[c]) << ", true);\n";
            } else {
                m << "constraint bool_clause(" << list(positive[c]) << ", " << list(negative[c]) << ");\n";
            }
        }
        m << (minimise ? "solve minimize x0;\n" : "solve satisfy;\n");
        return m.str();
    }

    bool satisfied(const std::vector<int>& v) const {
        for (std::size_t c = 0; c < positive.size(); ++c) {
            const bool any = std::any_of(positive[c].begin(), positive[c].end(), [&](int j) { return atoms[j].holds(v); }) ||
                             std::any_of(negative[c].begin(), negative[c].end(), [&](int j) { return !atoms[j].holds(v); });
            if (!any) return false;
        }
        return true;
    }
};

RandomClauseModel random_clause_model(std::mt19937& rng) {
    RandomClauseModel m;
    const int atoms = 4 + static_cast<int>(rng() % 5);
    for (int j = 0; j < atoms; ++j) {
        const int a = static_cast<int>(rng() % 4);
        const int b = (a + 1 + static_cast<int>(rng() % 3)) % 4;
        m.atoms.push_back({static_cast<int>(rng() % 10), a, b, 2 + static_cast<int>(rng() % 4)});
    }
    const int clauses = 2 + static_cast<int>(rng() % 4);
    for (int c = 0; c < clauses; ++c) {
        m.positive.emplace_back();
        m.negative.emplace_back();
        const int size = 1 + static_cast<int>(rng() % 3);
        for (int l = 0; l < size; ++l) {
            const int j = static_cast<int>(rng() % static_cast<unsigned>(atoms));
            (rng() % 5 == 0 ? m.negative : m.positive).back().push_back(j);
        }
        if (m.positive.back().empty()) m.positive.back().push_back(static_cast<int>(rng() % static_cast<unsigned>(atoms)));
    }
    return m;
}

std::string shown(const std::vector<int>& v) {
    std::string s;
    for (int i = 0; i < 4; ++i) {
        s += 'x';
        s += std::to_string(i);
        s += " = ";
        s += std::to_string(v[i]);
        s += ";\n";
    }
    s += v[4] ? "p = true;\n" : "p = false;\n";
    s += v[5] ? "q = true;\n" : "q = false;\n";
    return s;
}

}  // namespace

TEST_CASE("FlatZinc: half reification keeps every solution set, count and optimum (brute force)", "[flatzinc][half-reification]") {
    using namespace prune::test::fzn;
    std::mt19937 rng(20261203);
    const std::filesystem::path file = temp_dir() / "half_reification.fzn";
    int half_reified = 0, models_with_solutions = 0;
    for (int round = 0; round < 150; ++round) {
        const RandomClauseModel model = random_clause_model(rng);
        std::vector<std::string> expected;
        int best = 4;
        for (int code = 0; code < 81 * 4; ++code) {
            const std::vector<int> v{1 + code % 3, 1 + code / 3 % 3, 1 + code / 9 % 3, 1 + code / 27 % 3, code / 81 % 2, code / 162};
            if (!model.satisfied(v)) continue;
            expected.push_back(shown(v));
            best = std::min(best, v[0]);
        }
        std::sort(expected.begin(), expected.end());
        if (!expected.empty()) ++models_with_solutions;
        half_reified += half_reified_in(model.fzn(false));
        INFO(model.fzn(false));
        for (const std::vector<std::string>& flags : {std::vector<std::string>{}, {"--learn"}, {"--learn", "-f", "-r", "7"}}) {
            if (!prune::test::runs_here(flags)) continue;
            std::ofstream(file) << model.fzn(false);
            const Output all = run_file("-a", flags, file);
            REQUIRE(all.code == 0);
            REQUIRE(sorted_solutions(all.out) == expected);
            std::ofstream(file) << model.fzn(true);
            const Output optimum = run_file("-s", flags, file);
            REQUIRE(optimum.code == 0);
            if (expected.empty()) {
                REQUIRE(contains_line(optimum.out, "=====UNSATISFIABLE====="));
            } else {
                REQUIRE(contains_line(optimum.out, "=========="));
                REQUIRE(contains_line(optimum.out, "x0 = " + std::to_string(best) + ";"));
            }
        }
    }
    // The rounds are not vacuous: most reifications were posted half, and the models
    // have solutions to lose.
    CHECK(half_reified > 300);
    CHECK(models_with_solutions > 50);
}
