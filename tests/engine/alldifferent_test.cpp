// alldifferent at value, bounds(Z) and domain consistency: the catalog's specs on
// the propagator bench (the constraint, and each propagator alone), and hand-made cases.
#include "catch.hpp"
#include "support/queens_model.hpp"
#include "engine/propagators/alldifferent_bounds.hpp"
#include "engine/propagators/alldifferent_domain.hpp"
#include "engine/propagators/alldifferent_small.hpp"
#include "support/constraint_catalog.hpp"

#include <memory>
#include <string>
#include <vector>

using namespace prune;
using namespace prune::test;

namespace {

using Values = std::vector<int>;

constexpr int wide = 100000;  // a domain this wide is bounds-only (domain.hpp)

constexpr Consistency strengths[] = {Consistency::value, Consistency::bounds, Consistency::domain};

}  // namespace

TEST_CASE("alldifferent: the constraint at each strength passes the bench", "[alldifferent]") {
    CheckOptions options;
    options.instances = 600;
    REQUIRE(catalog::check({"all_different(value)", "all_different(bounds)", "all_different(domain)"}, options) == "");
}

TEST_CASE("alldifferent: each propagator alone reaches its claim", "[alldifferent]") {
    // No value stage beside them: they must detect equal fixed values themselves.
    const ConstraintSpec& bounds = catalog::spec("all_different(bounds)");
    const ConstraintSpec& domain = catalog::spec("all_different(domain)");
    CheckOptions options;
    options.instances = 600;
    // Bounds(Z) alone: interior values stay (the value stage removes them).
    ConstraintSpec bounds_alone = catalog::with_post(bounds, "AllDifferentBounds alone", [](Solver& s, const std::vector<IntVar>& x) {
        s.add(std::make_unique<AllDifferentBounds>(x));
    });
    bounds_alone.claim = Claim::bounds;
    REQUIRE(check_constraint(bounds_alone, options) == "");
    // With a bounds-only domain it runs as bounds(Z) (alldifferent_domain.hpp).
    ConstraintSpec domain_alone = catalog::with_post(domain, "AllDifferentDomain alone", [](Solver& s, const std::vector<IntVar>& x) {
        s.add(std::make_unique<AllDifferentDomain>(s, x));
    });
    domain_alone.bounds_only_claim = Claim::bounds;
    REQUIRE(check_constraint(domain_alone, options) == "");
    ConstraintSpec small = catalog::with_post(domain, "AllDifferentSmall alone", [](Solver& s, const std::vector<IntVar>& x) {
        REQUIRE(AllDifferentSmall::fits(s, x));
        s.add(std::make_unique<AllDifferentSmall>(s, x));
    });
    small.bounds_only = false;  // it needs bitsets within one 64-value window
    small.wide_values = false;
    small.max_value = 5;
    REQUIRE(check_constraint(small, options) == "");
}

TEST_CASE("alldifferent: pigeonhole fails at the root for bounds and domain", "[alldifferent]") {
    for (int n = 2; n <= 9; ++n) {
        for (Consistency c : strengths) {
            Solver s;
            const std::vector<IntVar> x = s.new_int_vars(n, 1, n - 1);
            const bool posted = all_different(s, x, c);
            const bool ok = posted && s.propagate();
            if (c == Consistency::value && n > 2) {
                CHECK(ok);  // forward checking sees nothing before a variable is fixed
            } else {
                CHECK_FALSE(ok);
            }
        }
        // Holes do not fool the matching: n variables over n-1 scattered values.
        Values scattered;
        for (int k = 0; k < n - 1; ++k) scattered.push_back(3 * k);
        Solver s;
        std::vector<IntVar> x;
        for (int i = 0; i < n; ++i) x.push_back(s.new_int_var(scattered));
        CHECK_FALSE((all_different(s, x, Consistency::domain) && s.propagate()));
    }
}

TEST_CASE("alldifferent: domain prunes a Hall set that bounds cannot see", "[alldifferent]") {
    // x0, x1 in {1, 3}, x2 in {1, 2, 3}: {1, 3} is a Hall set, so x2 = 2. The
    // intervals are all [1, 3], which holds three values: no Hall interval.
    for (Consistency c : strengths) {
        Solver s;
        std::vector<IntVar> x{s.new_int_var(Values{1, 3}), s.new_int_var(Values{1, 3}), s.new_int_var(1, 3)};
        REQUIRE(all_different(s, x, c));
        REQUIRE(s.propagate());
        if (c == Consistency::domain) {
            CHECK(s.fixed(x[2]));
            CHECK(s.value(x[2]) == 2);
        } else {
            CHECK(s.size(x[2]) == 3);
        }
    }
}

TEST_CASE("alldifferent: bounds prunes a Hall interval that value cannot see", "[alldifferent]") {
    // x0, x1 in [1, 2], x2 in [1, 4], x3 in [2, 5]: [1, 2] is a Hall interval.
    for (Consistency c : strengths) {
        Solver s;
        std::vector<IntVar> x{s.new_int_var(1, 2), s.new_int_var(1, 2), s.new_int_var(1, 4), s.new_int_var(2, 5)};
        REQUIRE(all_different(s, x, c));
        REQUIRE(s.propagate());
        if (c == Consistency::value) {
            CHECK(s.min(x[2]) == 1);
            CHECK(s.min(x[3]) == 2);
        } else {
            CHECK(s.min(x[2]) == 3);
            CHECK(s.max(x[2]) == 4);
            CHECK(s.min(x[3]) == 3);
            CHECK(s.max(x[3]) == 5);
        }
    }
}

TEST_CASE("alldifferent: Hall intervals at both ends and nested", "[alldifferent]") {
    // [0,1] and [8,9] are Hall intervals; [0,4] becomes one once x2..x4 are counted.
    Solver s;
    std::vector<IntVar> x{s.new_int_var(0, 1), s.new_int_var(0, 1), s.new_int_var(0, 4), s.new_int_var(0, 4),
                          s.new_int_var(2, 4), s.new_int_var(8, 9), s.new_int_var(8, 9), s.new_int_var(0, 9)};
    REQUIRE(all_different(s, x, Consistency::bounds));
    REQUIRE(s.propagate());
    CHECK(s.min(x[2]) == 2);
    CHECK(s.min(x[3]) == 2);
    CHECK(s.min(x[7]) == 5);
    CHECK(s.max(x[7]) == 7);
}

TEST_CASE("alldifferent: bounds-only domains and huge value ranges", "[alldifferent]") {
    for (Consistency c : {Consistency::bounds, Consistency::domain}) {
        Solver s;
        std::vector<IntVar> x{s.new_int_var(0, 1), s.new_int_var(0, 1), s.new_int_var(0, wide)};
        REQUIRE_FALSE(s.is_bitset(x[2]));
        REQUIRE(all_different(s, x, c));
        REQUIRE(s.propagate());
        CHECK(s.min(x[2]) == 2);
        CHECK(s.max(x[2]) == wide);
    }
    {
        // Every domain is a bitset but the hull is too wide for the value tables: the
        // domain propagator falls back to bounds; a bound landing on a hole reruns it.
        Solver s;
        std::vector<IntVar> x{s.new_int_var(0, 1), s.new_int_var(0, 1), s.new_int_var(Values{0, 1, 60000}),
                              s.new_int_var(Values{60000, 100000})};
        AllDifferentDomain* p = s.add(std::make_unique<AllDifferentDomain>(s, x));
        CHECK(p->uses_bounds_fallback());
        CHECK(std::string(p->kind()) == "alldifferent(bounds)");
        CHECK(p->cost() == PropagatorCost::linear);
        REQUIRE(s.propagate());
        CHECK(s.fixed(x[2]));
        CHECK(s.value(x[2]) == 60000);
        CHECK(s.fixed(x[3]));
        CHECK(s.value(x[3]) == 100000);
    }
    {
        Solver s;
        std::vector<IntVar> x{s.new_int_var(0, 3), s.new_int_var(Values{0, 3})};
        AllDifferentDomain* p = s.add(std::make_unique<AllDifferentDomain>(s, x));
        CHECK_FALSE(p->uses_bounds_fallback());
        CHECK(std::string(p->kind()) == "alldifferent(domain)");
        CHECK(p->cost() == PropagatorCost::quadratic);
    }
    {
        // Two bounds-only variables fixed to the same value: the bounds propagator
        // alone must fail (remove() of an interior value does nothing there).
        Solver s;
        std::vector<IntVar> x{s.new_int_var(-wide, wide), s.new_int_var(-wide, wide), s.new_int_var(-wide, wide)};
        s.add(std::make_unique<AllDifferentBounds>(x));
        REQUIRE(s.propagate());
        s.push_level();
        REQUIRE_FALSE(is_failure(s.assign(x[0], 7)));
        REQUIRE_FALSE(is_failure(s.assign(x[2], 7)));
        CHECK_FALSE(s.propagate());
        s.clear_queue();
        s.pop_level();
        CHECK(s.min(x[0]) == -wide);
        CHECK(s.max(x[2]) == wide);
    }
}

TEST_CASE("alldifferent: trivial and malformed calls", "[alldifferent]") {
    for (Consistency c : strengths) {
        Solver s;
        const IntVar a = s.new_int_var(0, 3);
        CHECK(all_different(s, {}, c));
        CHECK(all_different(s, {a}, c));
        CHECK(s.propagate());
        CHECK(s.propagator_count() == 0);
        CHECK_FALSE(all_different(s, {a, s.new_int_var(0, 3), a}, c));  // a != a
        CHECK(s.root_failed());
    }
    Solver s;
    CHECK_FALSE(all_different(s, {IntVar{0}}, Consistency::domain));
    CHECK_FALSE(s.error().empty());
}

TEST_CASE("alldifferent: disjoint domains entail the propagators", "[alldifferent]") {
    for (Consistency c : {Consistency::bounds, Consistency::domain}) {
        Solver s;
        std::vector<IntVar> x{s.new_int_var(0, 2), s.new_int_var(Values{3, 5}), s.new_int_var(6, 6)};
        REQUIRE(all_different(s, x, c));
        REQUIRE(s.propagate());
        CHECK_FALSE(s.propagator(1).active());  // 0 is the value stage, waiting for fixed variables
    }
    // Not entailed while two domains meet.
    Solver s;
    std::vector<IntVar> x{s.new_int_var(0, 2), s.new_int_var(2, 4)};
    REQUIRE(all_different(s, x, Consistency::domain));
    REQUIRE(s.propagate());
    CHECK(s.propagator(1).active());
}

TEST_CASE("alldifferent: queens with every strength", "[alldifferent]") {
    // x_i, x_i + i, x_i - i all different: 92 solutions for n = 8, 724 for n = 10.
    const std::pair<int, std::uint64_t> cases[] = {{6, 4}, {8, 92}, {10, 724}};
    for (auto [n, expected] : cases) {
        for (Consistency c : strengths) {
            Solver s;
            const std::vector<IntVar> q = queens_alldifferent(s, n, c);
            SearchOptions o;
            o.decision_variables = q;
            Search search(s, o);
            std::uint64_t found = 0;
            REQUIRE(search.count(found) == SearchStatus::exhausted);
            CHECK(found == expected);
        }
    }
}

TEST_CASE("all_different(domain) picks the word-parallel propagator only when it fits", "[alldifferent]") {
    prune::Solver s;
    std::vector<prune::IntVar> small = s.new_int_vars(9, 1, 9);
    std::vector<prune::IntVar> wide = s.new_int_vars(3, 0, 100);
    REQUIRE(prune::all_different(s, small, prune::Consistency::domain));
    REQUIRE(prune::all_different(s, wide, prune::Consistency::domain));
    REQUIRE(s.propagator_count() == 4);  // a value stage and a GAC propagator each
    CHECK(std::string(s.propagator(1).kind()) == "alldifferent(domain)");
    CHECK(dynamic_cast<const prune::AllDifferentSmall*>(&s.propagator(1)) != nullptr);
    CHECK(dynamic_cast<const prune::AllDifferentSmall*>(&s.propagator(3)) == nullptr);
}

TEST_CASE("word-parallel GAC propagators of different sizes share the solver's scratch", "[alldifferent]") {
    // Their working arrays are scratch in one buffer (Solver::reserve_scratch()), laid
    // out by each run's own arity and value window: a 4-variable one over 1..4 and a
    // 3-variable one over 1..9, on shared variables, keep exactly their solutions.
    prune::Solver s;
    std::vector<prune::IntVar> x = s.new_int_vars(4, 1, 4);
    const prune::IntVar e = s.new_int_var(1, 9);
    REQUIRE(prune::all_different(s, x, prune::Consistency::domain));
    REQUIRE(prune::all_different(s, {x[0], x[1], e}, prune::Consistency::domain));
    REQUIRE(dynamic_cast<const prune::AllDifferentSmall*>(&s.propagator(1)) != nullptr);
    REQUIRE(dynamic_cast<const prune::AllDifferentSmall*>(&s.propagator(3)) != nullptr);
    // The GAC propagator's variables are its declared scope, in order.
    CHECK(s.propagator(1).scope() == x);
    CHECK(s.propagator(3).scope() == std::vector<prune::IntVar>{x[0], x[1], e});
    for (const prune::ValueSelection value : {prune::ValueSelection::min, prune::ValueSelection::max}) {
        prune::SearchOptions o;
        o.value = value;
        prune::Search search(s, o);
        std::uint64_t found = 0;
        REQUIRE(search.count(found) == prune::SearchStatus::exhausted);
        CHECK(found == 24 * 7);  // the permutations of x, then e apart from x[0] and x[1]
    }
}
