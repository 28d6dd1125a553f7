// Boolean propagators (clause, reified or/and, parity) against brute force.
#include "catch.hpp"
#include "support/propagator_check.hpp"

using namespace prune;
using namespace prune::test;

namespace {

// Polarity of literal i, drawn from the seed.
bool positive(std::uint64_t seed, std::size_t i) { return ((seed >> (i % 60)) & 1) != 0; }

ConstraintSpec boolean_spec(const char* name, int min_arity, int max_arity) {
    ConstraintSpec spec;
    spec.name = name;
    spec.min_arity = min_arity;
    spec.max_arity = max_arity;
    spec.min_value = 0;
    spec.max_value = 1;
    spec.claim = Claim::domain;
    return spec;
}

}  // namespace

TEST_CASE("clause is domain consistent", "[boolean]") {
    ConstraintSpec spec = boolean_spec("clause", 1, 6);
    spec.holds_with_seed = [](const std::vector<int>& v, std::uint64_t seed) {
        for (std::size_t i = 0; i < v.size(); ++i) {
            if ((v[i] == 1) == positive(seed, i)) return true;
        }
        return false;
    };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
        std::vector<BoolVar> pos, neg;
        for (std::size_t i = 0; i < x.size(); ++i) (positive(seed, i) ? pos : neg).push_back(x[i]);
        clause(s, pos, neg);
    };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("clause with repeated variables", "[boolean]") {
    ConstraintSpec spec = boolean_spec("clause(x,x,not y)", 2, 2);
    spec.holds = [](const std::vector<int>& v) { return v[0] == 1 || v[1] == 0; };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) { clause(s, {x[0], x[0]}, {x[1]}); };
    REQUIRE(check_constraint(spec) == "");
    ConstraintSpec taut = boolean_spec("clause(x, not x)", 1, 1);
    taut.holds = [](const std::vector<int>&) { return true; };
    taut.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) { clause(s, {x[0]}, {x[0]}); };
    REQUIRE(check_constraint(taut) == "");
}

TEST_CASE("r <=> OR(literals) is domain consistent", "[boolean]") {
    // The last variable is the result; its polarity comes from the seed too.
    ConstraintSpec spec = boolean_spec("r<=>or", 1, 6);
    spec.holds_with_seed = [](const std::vector<int>& v, std::uint64_t seed) {
        bool any = false;
        for (std::size_t i = 0; i + 1 < v.size(); ++i) any = any || ((v[i] == 1) == positive(seed, i));
        const bool r = (v.back() == 1) == positive(seed, 59);
        return r == any;
    };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
        std::vector<BoolLiteral> lits;
        for (std::size_t i = 0; i + 1 < x.size(); ++i) lits.push_back({x[i], positive(seed, i)});
        or_reified(s, lits, BoolLiteral{x.back(), positive(seed, 59)});
    };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("array_bool_and / array_bool_or / bool_clause_reif are domain consistent", "[boolean]") {
    ConstraintSpec and_spec = boolean_spec("r<=>and", 2, 6);
    and_spec.holds = [](const std::vector<int>& v) {
        bool all = true;
        for (std::size_t i = 0; i + 1 < v.size(); ++i) all = all && v[i] == 1;
        return (v.back() == 1) == all;
    };
    and_spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) {
        and_reified(s, std::vector<BoolVar>(x.begin(), x.end() - 1), x.back());
    };
    REQUIRE(check_constraint(and_spec) == "");

    ConstraintSpec or_spec = boolean_spec("r<=>or(xs)", 2, 6);
    or_spec.holds = [](const std::vector<int>& v) {
        bool any = false;
        for (std::size_t i = 0; i + 1 < v.size(); ++i) any = any || v[i] == 1;
        return (v.back() == 1) == any;
    };
    or_spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) {
        or_reified(s, std::vector<BoolVar>(x.begin(), x.end() - 1), x.back());
    };
    REQUIRE(check_constraint(or_spec) == "");

    ConstraintSpec clause_spec = boolean_spec("r<=>clause", 2, 6);
    clause_spec.holds_with_seed = [](const std::vector<int>& v, std::uint64_t seed) {
        bool any = false;
        for (std::size_t i = 0; i + 1 < v.size(); ++i) any = any || ((v[i] == 1) == positive(seed, i));
        return (v.back() == 1) == any;
    };
    clause_spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
        std::vector<BoolVar> pos, neg;
        for (std::size_t i = 0; i + 1 < x.size(); ++i) (positive(seed, i) ? pos : neg).push_back(x[i]);
        clause_reified(s, pos, neg, x.back());
    };
    REQUIRE(check_constraint(clause_spec) == "");
}

TEST_CASE("r <=> or with the result among the literals stays sound", "[boolean]") {
    ConstraintSpec spec = boolean_spec("r<=>(r or x)", 2, 2);
    spec.holds = [](const std::vector<int>& v) { return (v[0] == 1) == (v[0] == 1 || v[1] == 1); };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) { or_reified(s, {x[0], x[1]}, x[0]); };
    REQUIRE(check_constraint(spec) == "");
}

TEST_CASE("parity, bool_xor, bool_eq_reif and bool_not are domain consistent", "[boolean]") {
    ConstraintSpec spec = boolean_spec("parity", 1, 6);
    spec.holds_with_seed = [](const std::vector<int>& v, std::uint64_t seed) {
        int ones = 0;
        for (int x : v) ones += x;
        return (ones % 2 == 1) == ((seed & 1) != 0);
    };
    spec.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) { parity(s, x, (seed & 1) != 0); };
    REQUIRE(check_constraint(spec) == "");

    ConstraintSpec x3 = boolean_spec("xor", 3, 3);
    x3.holds = [](const std::vector<int>& v) { return v[2] == (v[0] != v[1] ? 1 : 0); };
    x3.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) { bool_xor(s, x[0], x[1], x[2]); };
    REQUIRE(check_constraint(x3) == "");

    ConstraintSpec eq = boolean_spec("eq_reif", 3, 3);
    eq.holds = [](const std::vector<int>& v) { return v[2] == (v[0] == v[1] ? 1 : 0); };
    eq.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) { bool_eq_reified(s, x[0], x[1], x[2]); };
    REQUIRE(check_constraint(eq) == "");

    ConstraintSpec neg = boolean_spec("not", 2, 2);
    neg.holds = [](const std::vector<int>& v) { return v[0] != v[1]; };
    neg.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) { bool_not(s, x[0], x[1]); };
    REQUIRE(check_constraint(neg) == "");

    ConstraintSpec dup = boolean_spec("xor(x,x,y)", 2, 2);
    dup.holds = [](const std::vector<int>& v) { return v[1] == 0; };
    dup.post = [](Solver& s, const std::vector<IntVar>& x, std::uint64_t) { bool_xor(s, x[0], x[0], x[1]); };
    REQUIRE(check_constraint(dup) == "");
}

TEST_CASE("boolean post functions refuse non-0/1 variables", "[boolean]") {
    Solver s;
    IntVar x = s.new_int_var(0, 2);
    BoolVar b = s.new_bool_var();
    REQUIRE_FALSE(clause(s, {x, b}));
    REQUIRE(s.error().find("0/1") != std::string::npos);
}

TEST_CASE("a long clause propagates through its watches", "[boolean]") {
    Solver s;
    std::vector<BoolVar> xs;
    for (int i = 0; i < 50; ++i) xs.push_back(s.new_bool_var());
    REQUIRE(clause(s, xs));
    REQUIRE(s.propagate());
    for (int i = 0; i < 49; ++i) {
        s.push_level();
        REQUIRE(s.assign(xs[i], 0) != Event::failed);
        REQUIRE(s.propagate());
    }
    REQUIRE(s.fixed(xs[49]));
    REQUIRE(s.value(xs[49]) == 1);
    for (int i = 0; i < 49; ++i) s.pop_level();
    REQUIRE_FALSE(s.fixed(xs[49]));
}

TEST_CASE("a clause over 12 variables has 2^12 - 1 solutions", "[boolean]") {
    Solver s;
    std::vector<BoolVar> pos, neg;
    for (int i = 0; i < 12; ++i) (i % 3 ? pos : neg).push_back(s.new_bool_var());
    REQUIRE(clause(s, pos, neg));
    for (const SearchOptions& o : search_configurations()) {
        Solver t;
        std::vector<BoolVar> p2, n2;
        for (int i = 0; i < 12; ++i) (i % 3 ? p2 : n2).push_back(t.new_bool_var());
        REQUIRE(clause(t, p2, n2));
        Search search(t, o);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        REQUIRE(n == 4095);
    }
}

TEST_CASE("bool_sum (=, <=, >=) is bounds consistent and exact", "[boolean]") {
    for (Relation rel : {Relation::equal, Relation::less_equal, Relation::greater_equal}) {
        ConstraintSpec spec;
        spec.name = "bool_sum";
        spec.min_arity = 2;
        spec.max_arity = 7;
        spec.min_value = -1;
        spec.max_value = 5;
        spec.claim = Claim::bounds;
        // x0..x(n-2) are 0/1 (clamped by the post function), the last variable is c.
        spec.holds = [rel](const std::vector<int>& v) {
            int ones = 0;
            for (std::size_t i = 0; i + 1 < v.size(); ++i) {
                if (v[i] != 0 && v[i] != 1) return false;
                ones += v[i];
            }
            const int c = v.back();
            return rel == Relation::equal ? ones == c : (rel == Relation::less_equal ? ones <= c : ones >= c);
        };
        spec.post = [rel](Solver& s, const std::vector<IntVar>& x, std::uint64_t) {
            std::vector<BoolVar> xs(x.begin(), x.end() - 1);
            for (BoolVar b : xs) {
                if (is_failure(s.set_min(b, 0)) || is_failure(s.set_max(b, 1))) {
                    s.fail();
                    return;
                }
            }
            bool_sum(s, xs, rel, x.back());
        };
        REQUIRE(check_constraint(spec) == "");
    }
}

TEST_CASE("bool_sum counts variables fixed before, during and after posting", "[boolean]") {
    Solver s;
    std::vector<BoolVar> xs;
    for (int i = 0; i < 6; ++i) xs.push_back(s.new_bool_var());
    REQUIRE(s.assign(xs[0], 1) != Event::failed);  // fixed before posting
    IntVar c = s.new_int_var(0, 6);
    REQUIRE(bool_sum(s, {xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[1]}, Relation::equal, c));  // x1 twice
    REQUIRE(s.assign(xs[2], 0) != Event::failed);  // fixed at the root after posting
    REQUIRE(s.propagate());
    REQUIRE(s.min(c) == 1);
    REQUIRE(s.max(c) == 6);
    s.push_level();
    REQUIRE(s.assign(xs[1], 1) != Event::failed);
    REQUIRE(s.propagate());
    REQUIRE(s.min(c) == 3);
    s.push_level();
    REQUIRE(s.set_max(c, 3) != Event::failed);
    REQUIRE(s.propagate());
    for (int i = 3; i < 6; ++i) REQUIRE((s.fixed(xs[i]) && s.value(xs[i]) == 0));
    s.pop_level();
    REQUIRE_FALSE(s.fixed(xs[3]));
    s.pop_level();
    REQUIRE(s.min(c) == 1);
    Search search(s);
    std::uint64_t n = 0;
    REQUIRE(search.count(n) == SearchStatus::exhausted);
    REQUIRE(n == 16);  // x1, x3, x4, x5 free; c follows
}
