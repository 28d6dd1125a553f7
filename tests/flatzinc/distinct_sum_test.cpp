// The FlatZinc builder posts an all_different and an int_lin_eq with unit coefficients
// over the same variables (a Kakuro run, a Killer cage as MiniZinc flattens them) as
// one distinct_sum, and the answers do not change.
#include <string>

#include "catch.hpp"
#include "engine/prune.hpp"
#include "support.hpp"

namespace {

struct Built {
    int distinct_sums = 0;
    int distinct_sum_propagators = 0;
    std::uint64_t solutions = 0;
};

Built build_and_count(const std::string& text) {
    prune::flatzinc::BuiltModel m;
    REQUIRE(prune::test::fzn::build_text(text, "runs.fzn", m).empty());
    Built b;
    b.distinct_sums = m.distinct_sums;
    for (int i = 0; i < m.solver->propagator_count(); ++i) {
        b.distinct_sum_propagators += std::string(m.solver->propagator(i).kind()) == "distinct_sum" ? 1 : 0;
    }
    prune::Search search(*m.solver, prune::SearchOptions{});
    while (search.next() == prune::SearchStatus::solution) ++b.solutions;
    return b;
}

// Two runs, the second written negated; `unit` false states each sum with
// coefficients 2 (the same constraint, which the builder must not merge).
std::string runs_model(bool unit) {
    const std::string k = unit ? "1" : "2";
    const std::string m = unit ? "-1" : "-2";
    return "var 1..9: a :: output_var;\nvar 1..9: b :: output_var;\nvar 1..9: c :: output_var;\n"
           "var 1..9: d :: output_var;\nvar 1..9: e :: output_var;\n"
           "constraint fzn_all_different_int([a,b,c]);\n"
           "constraint int_lin_eq([" + k + "," + k + "," + k + "],[c,a,b]," + (unit ? "12" : "24") + ");\n"
           "constraint fzn_all_different_int([d,e]);\n"
           "constraint int_lin_eq([" + m + "," + m + "],[e,d]," + (unit ? "-11" : "-22") + ");\n"
           "constraint int_lin_le([1,-1],[a,d],0);\n"
           "solve satisfy;\n";
}

}  // namespace

TEST_CASE("FlatZinc: all_different + int_lin_eq over the same variables becomes distinct_sum", "[flatzinc][distinct_sum]") {
    const Built merged = build_and_count(runs_model(true));
    const Built apart = build_and_count(runs_model(false));
    CHECK(merged.distinct_sums == 2);
    CHECK(merged.distinct_sum_propagators == 2);
    CHECK(apart.distinct_sums == 0);
    CHECK(apart.distinct_sum_propagators == 0);
    CHECK(merged.solutions == apart.solutions);
    CHECK(merged.solutions > 0);
}

TEST_CASE("FlatZinc: a sum over other variables than the all_different is left alone", "[flatzinc][distinct_sum]") {
    const std::string text =
        "var 1..4: a;\nvar 1..4: b;\nvar 1..4: c;\n"
        "constraint fzn_all_different_int([a,b,c]);\n"
        "constraint int_lin_eq([1,1],[a,b],5);\n"
        "solve satisfy;\n";
    const Built b = build_and_count(text);
    CHECK(b.distinct_sums == 0);
    CHECK(b.solutions == 8);  // {a,b} = {1,4} or {2,3}, both orders, c one of the other two
}
