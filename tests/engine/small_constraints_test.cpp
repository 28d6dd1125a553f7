// Linear, binary, membership and element constraints: the catalog's specs on the
// propagator bench (their reified forms included), and the cases it cannot draw.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <algorithm>
#include <climits>
#include <random>
#include <set>

using namespace prune;
using namespace prune::test;

TEST_CASE("linear =, <=, >= and != are sound and forward checking", "[linear]") {
    REQUIRE(catalog::check({"linear=", "linear<=", "linear>=", "linear!="}) == "");
}

TEST_CASE("linear with unit coefficients and sum() are bounds consistent", "[linear]") {
    REQUIRE(catalog::check({"sum<=", "sum>=", "sum(x)<=", "sum(x)>="}) == "");
}

TEST_CASE("repeated variables in a linear are merged", "[linear]") {
    REQUIRE(catalog::check({"2x-2x+y<=c"}) == "");
}

TEST_CASE("linear refuses sums that could overflow 64 bits", "[linear]") {
    Solver s;
    std::vector<IntVar> x = s.new_int_vars(4, INT32_MIN, INT32_MAX);
    REQUIRE_FALSE(linear(s, {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}, x, Relation::equal, 0));
    REQUIRE(s.error().find("2^62") != std::string::npos);
    Solver t;
    std::vector<IntVar> y = t.new_int_vars(2, 0, 1);
    REQUIRE_FALSE(linear(t, {1}, y, Relation::equal, 0));
    REQUIRE(t.error().find("coefficients") != std::string::npos);
}

TEST_CASE("linear is exact near the ends of the int range", "[linear]") {
    Solver s;
    IntVar x = s.new_int_var(INT32_MIN, INT32_MAX);
    IntVar y = s.new_int_var(INT32_MIN, INT32_MAX);
    REQUIRE(linear(s, {1, -1}, {x, y}, Relation::equal, std::int64_t{INT32_MAX} - INT32_MIN));
    REQUIRE(s.propagate());
    REQUIRE(s.fixed(x));
    REQUIRE(s.value(x) == INT32_MAX);
    REQUIRE(s.value(y) == INT32_MIN);
}

TEST_CASE("x = y + c and x != y + c are domain consistent, x <= y + c bounds consistent", "[binary]") {
    REQUIRE(catalog::check({"x=y+c", "x!=y+c", "x<=y+c"}) == "");
}

TEST_CASE("x = y, x != y, x <= y and x < y, plain and reified", "[binary]") {
    REQUIRE(catalog::check({"x=y", "x!=y", "x<=y", "x<y"}) == "");
}

TEST_CASE("x in S, x = c and x != c are domain consistent, plain and reified", "[binary]") {
    REQUIRE(catalog::check({"x in S", "x=c", "x!=c"}) == "");
}

TEST_CASE("element over constants is domain consistent", "[element]") {
    REQUIRE(catalog::check({"element"}) == "");
}

TEST_CASE("element over variables is sound and finds every solution", "[element]") {
    REQUIRE(catalog::check({"element(var)"}) == "");
}

// The catalog draws values in [-1, 3]; here the index has 70 entries and the values
// span [-100, 100], so the word-parallel propagation meets several words, offsets that
// differ between variables and (70 entries) an index over two words. Every third
// trial draws result and the entries from a window of 61 values, so that result's
// values fit in one word (the propagator's one-word path) while the entries' words
// start elsewhere. The expected
// domains are the fixpoint of the definition: an index survives iff its variable and
// result share a value, a result value iff a surviving index's variable holds it, and
// once the index is fixed, result and that variable keep their common values.
TEST_CASE("element over variables is domain consistent on index and result over wide domains", "[element]") {
    std::mt19937 random(20261202);
    auto draw = [&](int lo, int hi, int count) {
        std::set<int> values;
        std::uniform_int_distribution<int> pick(lo, hi);
        while (static_cast<int>(values.size()) < count) values.insert(pick(random));
        return std::vector<int>(values.begin(), values.end());
    };
    int fixed_index_cases = 0, failures = 0, one_word_cases = 0;
    for (int trial = 0; trial < 600; ++trial) {
        const int n = trial % 2 == 0 ? 70 : 6;
        const bool one_word = trial % 3 == 2;
        const int window = std::uniform_int_distribution<int>(-60, 60)(random);
        std::vector<std::set<int>> a(static_cast<std::size_t>(n));
        for (auto& d : a) {
            const int centre = std::uniform_int_distribution<int>(one_word ? window - 25 : -90, one_word ? window + 25 : 90)(random);
            for (int v : draw(centre - 10, centre + 10, 1 + trial % 3)) d.insert(v);
        }
        const std::vector<int> index_values = draw(-2, n + 1, 1 + trial % (n / 2 + 1));
        const std::vector<int> result_values = one_word ? draw(window - 30, window + 30, 5 + trial % 40) : draw(-100, 100, 5 + trial % 40);
        Solver s;
        std::vector<IntVar> array;
        for (const auto& d : a) array.push_back(s.new_int_var(std::vector<int>(d.begin(), d.end())));
        const IntVar index = s.new_int_var(index_values);
        const IntVar result = s.new_int_var(result_values);
        REQUIRE(element(s, array, index, result));
        // The definition's fixpoint.
        std::set<int> idx, res(result_values.begin(), result_values.end());
        for (int i : index_values) {
            if (i >= 0 && i < n) idx.insert(i);
        }
        for (bool changed = true; changed;) {
            changed = false;
            std::set<int> held;
            for (auto it = idx.begin(); it != idx.end();) {
                const auto& d = a[static_cast<std::size_t>(*it)];
                const bool shares = std::any_of(d.begin(), d.end(), [&](int v) { return res.count(v) != 0; });
                if (!shares) {
                    it = idx.erase(it);
                    changed = true;
                    continue;
                }
                held.insert(d.begin(), d.end());
                ++it;
            }
            for (auto it = res.begin(); it != res.end();) {
                if (held.count(*it) == 0) {
                    it = res.erase(it);
                    changed = true;
                } else {
                    ++it;
                }
            }
            if (idx.size() == 1) {
                auto& d = a[static_cast<std::size_t>(*idx.begin())];
                std::set<int> common;
                for (int v : d) {
                    if (res.count(v) != 0) common.insert(v);
                }
                if (common != res || common != d) changed = true;
                res = common;
                d = common;
            }
            if (idx.empty() || res.empty()) break;
        }
        const bool expect_failure = idx.empty() || res.empty();
        const bool propagated = s.propagate();
        REQUIRE(propagated == !expect_failure);
        if (expect_failure) {
            ++failures;
            continue;
        }
        auto domain = [&](IntVar x) {
            std::set<int> d;
            s.for_each_value(x, [&](int v) { d.insert(v); });
            return d;
        };
        REQUIRE(domain(index) == idx);
        REQUIRE(domain(result) == res);
        if (one_word) ++one_word_cases;
        if (idx.size() == 1) {
            ++fixed_index_cases;
            REQUIRE(domain(array[static_cast<std::size_t>(*idx.begin())]) == res);
        }
    }
    // Every branch of the definition was met.
    REQUIRE(fixed_index_cases > 10);
    REQUIRE(failures > 10);
    REQUIRE(one_word_cases > 50);
}
