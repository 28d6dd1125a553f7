// Table constraints (CompactTable, NegativeTable) and the ReversibleSparseBitset,
// against brute force.
#include "catch.hpp"
#include "support/propagator_check.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "engine/propagators/reversible_sparse_bitset.hpp"
#include "engine/propagators/table.hpp"

using namespace prune;
using namespace prune::test;

namespace {

using Tuple = std::vector<int>;
using Tuples = std::vector<Tuple>;
using Domains = std::vector<std::vector<int>>;

// The framework's random domains live in [-2, 4]; tables draw from the same range
// (plus a tuple outside it, dropped at post).
constexpr int table_lo = -2;
constexpr int table_hi = 4;

// Calls f on every tuple of [lo, hi]^arity.
template <class F>
void for_each_tuple(int arity, int lo, int hi, F&& f) {
    Tuple t(static_cast<std::size_t>(arity), lo);
    for (;;) {
        f(t);
        int i = 0;
        while (i < arity && ++t[i] > hi) t[i++] = lo;
        if (i == arity) return;
    }
}

// A random table over [lo, hi]^arity: empty, full, or of a random density, with some
// duplicates and some tuples outside [lo, hi] (dropped by the post function).
Tuples random_tuples(std::uint64_t seed, int arity, int lo, int hi) {
    Random r(seed);
    Tuples out;
    const int kind = static_cast<int>(r.below(8));
    if (kind == 0) return out;
    const std::uint64_t per_mille[] = {1000, 20, 100, 300, 500, 800, 950};
    const std::uint64_t density = per_mille[kind - 1];
    for_each_tuple(arity, lo, hi, [&](const Tuple& t) {
        if (r.below(1000) < density) out.push_back(t);
    });
    if (!out.empty() && r.below(2) == 0) {
        for (int k = 0; k < 3; ++k) out.push_back(out[r.below(out.size())]);
        Tuple outside(static_cast<std::size_t>(arity), hi + 1);
        out.push_back(outside);
        std::swap(out.front(), out.back());
    }
    return out;
}

// The sorted table of (seed, arity), memoised: the predicates ask for it per assignment.
const Tuples& sorted_tuples(std::uint64_t seed, int arity) {
    static std::uint64_t cached_seed = 0;
    static int cached_arity = -1;
    static Tuples cached;
    if (seed != cached_seed || arity != cached_arity) {
        cached = random_tuples(seed, arity, table_lo, table_hi);
        std::sort(cached.begin(), cached.end());
        cached_seed = seed;
        cached_arity = arity;
    }
    return cached;
}

bool member(const Tuples& sorted, const Tuple& t) { return std::binary_search(sorted.begin(), sorted.end(), t); }


// Posts through the vector form, or through a TupleSet (shared_table), which keeps the
// tuples invalid at the root and drops them in the first run instead of at post.
void post_table(Solver& s, const std::vector<IntVar>& x, const Tuples& t, bool positive, bool shared) {
    if (!shared) {
        positive ? table(s, x, t) : forbidden_table(s, x, t);
        return;
    }
    std::string error;
    std::shared_ptr<const TupleSet> set = TupleSet::make(static_cast<int>(x.size()), t, error);
    REQUIRE(set);
    positive ? shared_table(s, x, set) : shared_forbidden_table(s, x, set);
}

ConstraintSpec table_spec(bool positive, bool shared = false) {
    ConstraintSpec spec;
    spec.name = positive ? "table" : "forbidden_table";
    if (shared) spec.name = "shared_" + spec.name;
    spec.min_arity = 1;
    spec.max_arity = 5;
    spec.min_value = table_lo;
    spec.max_value = table_hi;
    spec.claim = Claim::domain;
    spec.holds_with_seed = [positive](const std::vector<int>& x, std::uint64_t seed) {
        return member(sorted_tuples(seed, static_cast<int>(x.size())), x) == positive;
    };
    spec.post = [positive, shared](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
        const Tuples t = random_tuples(seed, static_cast<int>(x.size()), table_lo, table_hi);
        post_table(s, x, t, positive, shared);
    };
    return spec;
}

// The same with a repeated variable: the scope is (x0, ..., xn-1, x0).
ConstraintSpec repeated_spec(bool positive, bool shared = false) {
    ConstraintSpec spec = table_spec(positive, shared);
    spec.name += " with a repeated variable";
    spec.max_arity = 4;
    spec.holds_with_seed = [positive](const std::vector<int>& x, std::uint64_t seed) {
        Tuple y = x;
        y.push_back(x[0]);
        return member(sorted_tuples(seed, static_cast<int>(y.size())), y) == positive;
    };
    spec.post = [positive, shared](Solver& s, const std::vector<IntVar>& x, std::uint64_t seed) {
        std::vector<IntVar> y = x;
        y.push_back(x[0]);
        const Tuples t = random_tuples(seed, static_cast<int>(y.size()), table_lo, table_hi);
        post_table(s, y, t, positive, shared);
    };
    return spec;
}

// ---- A self-contained model of several tables, checked against brute force ----

struct TableModel {
    int variables = 0;
    Domains domains;
    struct Constraint {
        std::vector<int> scope;  // may repeat a variable
        Tuples tuples;           // sorted
        bool positive;
    };
    std::vector<Constraint> constraints;
};

bool allows(const TableModel::Constraint& c, const Tuple& full) {
    Tuple t;
    for (int v : c.scope) t.push_back(full[v]);
    return member(c.tuples, t) == c.positive;
}

template <class F>
void for_each_assignment(const Domains& d, F&& f) {
    const std::size_t n = d.size();
    for (const auto& values : d) {
        if (values.empty()) return;
    }
    std::vector<std::size_t> at(n, 0);
    Tuple a(n);
    for (std::size_t i = 0; i < n; ++i) a[i] = d[i][0];
    for (;;) {
        f(a);
        std::size_t i = 0;
        while (i < n) {
            if (++at[i] < d[i].size()) {
                a[i] = d[i][at[i]];
                break;
            }
            at[i] = 0;
            a[i] = d[i][0];
            ++i;
        }
        if (i == n) return;
    }
}

TableModel random_model(Random& r) {
    TableModel m;
    m.variables = 3 + static_cast<int>(r.below(4));  // 3..6
    for (int i = 0; i < m.variables; ++i) {
        std::vector<int> values;
        for (int v = 0; v <= 4; ++v) {
            if (r.below(4) != 0) values.push_back(v);
        }
        if (values.empty()) values.push_back(static_cast<int>(r.below(5)));
        m.domains.push_back(values);
    }
    const int count = 2 + static_cast<int>(r.below(3));
    for (int c = 0; c < count; ++c) {
        TableModel::Constraint k;
        if (c > 0 && r.below(3) == 0) {
            // The same relation on another scope (shared_table posts both on one set).
            k = m.constraints[r.below(m.constraints.size())];
            for (int& v : k.scope) v = static_cast<int>(r.below(static_cast<std::uint64_t>(m.variables)));
            m.constraints.push_back(k);
            continue;
        }
        const int arity = 2 + static_cast<int>(r.below(3));
        for (int i = 0; i < arity; ++i) k.scope.push_back(static_cast<int>(r.below(static_cast<std::uint64_t>(m.variables))));
        k.positive = r.below(3) != 0;
        const int kind = static_cast<int>(r.below(10));
        const std::uint64_t density = kind == 0 ? 0 : (k.positive ? 150 + r.below(600) : 100 + r.below(800));
        for_each_tuple(arity, 0, 4, [&](const Tuple& t) {
            if (r.below(1000) < density) k.tuples.push_back(t);
        });
        std::sort(k.tuples.begin(), k.tuples.end());
        m.constraints.push_back(k);
    }
    return m;
}

// With `shared`, constraints with equal tuples are posted on one TupleSet.
std::vector<IntVar> post(Solver& s, const TableModel& m, bool shared = false) {
    std::vector<IntVar> vars;
    for (const auto& d : m.domains) vars.push_back(s.new_int_var(d));
    std::vector<std::shared_ptr<const TupleSet>> sets;
    for (std::size_t ci = 0; ci < m.constraints.size(); ++ci) {
        const auto& c = m.constraints[ci];
        std::vector<IntVar> scope;
        for (int v : c.scope) scope.push_back(vars[v]);
        if (!shared) {
            c.positive ? table(s, scope, c.tuples) : forbidden_table(s, scope, c.tuples);
            continue;
        }
        std::shared_ptr<const TupleSet> set;
        for (std::size_t e = 0; e < ci && !set; ++e) {
            if (m.constraints[e].tuples == c.tuples && m.constraints[e].scope.size() == c.scope.size()) set = sets[e];
        }
        std::string error;
        if (!set) set = TupleSet::make(static_cast<int>(scope.size()), c.tuples, error);
        sets.push_back(set);
        c.positive ? shared_table(s, scope, set) : shared_forbidden_table(s, scope, set);
    }
    return vars;
}

Domains domains_of(const Solver& s, const std::vector<IntVar>& vars) {
    Domains d;
    for (IntVar x : vars) {
        d.emplace_back();
        s.for_each_value(x, [&](int v) { d.back().push_back(v); });
    }
    return d;
}

// Soundness against `before` (every solution of the model inside `before` survives;
// failure only without one) and GAC of each table on `now`. Empty when all is well.
std::string check_node(const TableModel& m, const Domains& before, const Domains& now, bool failed) {
    std::string error;
    for_each_assignment(before, [&](const Tuple& a) {
        if (!error.empty()) return;
        for (const auto& c : m.constraints) {
            if (!allows(c, a)) return;
        }
        if (failed) {
            error = "failed with a solution left";
            return;
        }
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (!std::binary_search(now[i].begin(), now[i].end(), a[i])) error = "lost a solution value of x" + std::to_string(i);
        }
    });
    if (!error.empty() || failed) return error;
    for (std::size_t ci = 0; ci < m.constraints.size(); ++ci) {
        const auto& c = m.constraints[ci];
        // Each value of each scope variable needs a support within `now`.
        Domains local = now;
        for (int v = 0; v < m.variables; ++v) {
            if (std::find(c.scope.begin(), c.scope.end(), v) == c.scope.end()) local[v] = {now[v].front()};
        }
        std::vector<std::set<int>> supported(static_cast<std::size_t>(m.variables));
        for_each_assignment(local, [&](const Tuple& a) {
            if (!allows(c, a)) return;
            for (int v : c.scope) supported[v].insert(a[v]);
        });
        for (int v : c.scope) {
            for (int value : now[v]) {
                if (!supported[v].count(value)) {
                    return "table " + std::to_string(ci) + " not GAC: x" + std::to_string(v) + " = " + std::to_string(value);
                }
            }
        }
    }
    return {};
}

// Applies 1..3 random domain changes; false when one of them wiped a domain out.
bool mutate(Random& r, Solver& s, const std::vector<IntVar>& vars) {
    const int changes = 1 + static_cast<int>(r.below(3));
    for (int k = 0; k < changes; ++k) {
        const IntVar x = vars[r.below(vars.size())];
        const int v = s.nth_value(x, static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(s.size(x)))));
        Event e;
        switch (r.below(4)) {
            case 0: e = s.assign(x, v); break;
            case 1: e = s.set_max(x, v); break;
            case 2: e = s.set_min(x, v); break;
            default: e = s.remove(x, v); break;
        }
        if (is_failure(e)) return false;
    }
    return true;
}

std::uint64_t brute_force_count(const TableModel& m) {
    std::uint64_t n = 0;
    for_each_assignment(m.domains, [&](const Tuple& a) {
        for (const auto& c : m.constraints) {
            if (!allows(c, a)) return;
        }
        ++n;
    });
    return n;
}

}  // namespace

TEST_CASE("ReversibleSparseBitset follows a reference set through push and pop", "[table]") {
    Random r(7);
    for (int round = 0; round < 200; ++round) {
        const int bits = 1 + static_cast<int>(r.below(400));
        ReversibleSparseBitset set(bits);
        const int words = set.word_count();
        Trail trail;
        std::vector<std::vector<bool>> saved;
        std::vector<bool> ref(static_cast<std::size_t>(bits), true);
        std::vector<std::uint64_t> m(static_cast<std::size_t>(words));
        for (int step = 0; step < 60; ++step) {
            const int op = static_cast<int>(r.below(5));
            if (op == 0) {
                trail.push_level();
                saved.push_back(ref);
            } else if (op == 1 && !saved.empty()) {
                trail.pop_level();
                ref = saved.back();
                saved.pop_back();
            } else {
                // A random sparse mask: keep bits with probability 7/8.
                for (auto& w : m) w = 0;
                for (int b = 0; b < bits; ++b) {
                    if (r.below(8) != 0) m[b >> 6] |= std::uint64_t{1} << (b & 63);
                }
                if (op == 2) {
                    set.intersect_with(trail, m.data());
                } else {
                    // Through the mask: keep m, or drop ~m (reverse of the removed part).
                    set.clear_mask();
                    set.add_to_mask(m.data());
                    if (op == 4) {
                        for (auto& w : m) w = ~w;
                        set.clear_mask();
                        set.add_to_mask(m.data());
                        set.reverse_mask();
                        for (auto& w : m) w = ~w;
                    }
                    set.intersect_with_mask(trail);
                }
                for (int b = 0; b < bits; ++b) {
                    if (!((m[b >> 6] >> (b & 63)) & 1u)) ref[b] = false;
                }
            }
            std::int64_t expected = 0;
            for (int b = 0; b < bits; ++b) {
                REQUIRE(set.test(b) == ref[b]);
                expected += ref[b];
            }
            REQUIRE(set.count() == expected);
            REQUIRE(set.is_empty() == (expected == 0));
            // intersect_index / count_and against a random probe.
            for (auto& w : m) w = 0;
            const int probe = static_cast<int>(r.below(static_cast<std::uint64_t>(bits)));
            m[probe >> 6] |= std::uint64_t{1} << (probe & 63);
            const int w = set.intersect_index(m.data());
            REQUIRE((w >= 0) == ref[probe]);
            if (w >= 0) REQUIRE(w == probe >> 6);
            REQUIRE(set.count_and(m.data()) == (ref[probe] ? 1 : 0));
        }
    }
}

TEST_CASE("table: sound and GAC against brute force, at the root, in nodes and in search", "[table]") {
    CheckOptions o;
    o.instances = 600;
    o.seed = 11;
    REQUIRE(check_constraint(table_spec(true), o) == "");
}

TEST_CASE("forbidden_table: sound and GAC against brute force, at the root, in nodes and in search", "[table]") {
    CheckOptions o;
    o.instances = 600;
    o.seed = 12;
    REQUIRE(check_constraint(table_spec(false), o) == "");
}

TEST_CASE("shared_table and shared_forbidden_table: sound and GAC against brute force", "[table]") {
    CheckOptions o;
    o.instances = 600;
    o.seed = 14;
    REQUIRE(check_constraint(table_spec(true, true), o) == "");
    REQUIRE(check_constraint(table_spec(false, true), o) == "");
    o.instances = 300;
    REQUIRE(check_constraint(repeated_spec(true, true), o) == "");
    REQUIRE(check_constraint(repeated_spec(false, true), o) == "");
}

TEST_CASE("tables over a repeated variable are sound and GAC", "[table]") {
    CheckOptions o;
    o.instances = 300;
    o.seed = 13;
    REQUIRE(check_constraint(repeated_spec(true), o) == "");
    REQUIRE(check_constraint(repeated_spec(false), o) == "");
}

TEST_CASE("several tables: GAC after every node, exact restoration, propagation after pop", "[table]") {
    const bool shared = GENERATE(false, true);
    INFO((shared ? "shared tuple sets" : "tuple vectors"));
    // Failures of one table cut the propagation of the others short, leaving their
    // advice lists stale; the restored nodes are then changed again and re-checked.
    Random r(2024);
    int instances = 0;
    int nodes = 0;
    int failures = 0;
    for (int round = 0; round < 400; ++round) {
        const TableModel m = random_model(r);
        Solver s;
        const std::vector<IntVar> vars = post(s, m, shared);
        ++instances;
        bool failed = s.root_failed() || !s.propagate();
        REQUIRE(s.error().empty());
        Domains now = failed ? m.domains : domains_of(s, vars);
        INFO("round " << round);
        REQUIRE(check_node(m, m.domains, now, failed) == "");
        if (failed) continue;
        std::vector<Domains> stack;  // domains at each pushed level
        for (int step = 0; step < 40; ++step) {
            const bool can_push = !failed;
            if (can_push && (stack.empty() || r.below(3) != 0)) {
                stack.push_back(domains_of(s, vars));
                s.push_level();
                const bool ok = mutate(r, s, vars);
                const Domains decided = domains_of(s, vars);
                failed = !ok || !s.propagate();
                if (failed) {
                    s.clear_queue();
                    ++failures;
                }
                ++nodes;
                if (ok) REQUIRE(check_node(m, decided, failed ? decided : domains_of(s, vars), failed) == "");
            } else if (!stack.empty()) {
                s.pop_level();
                const Domains restored = domains_of(s, vars);
                REQUIRE(restored == stack.back());
                stack.pop_back();
                failed = false;
                // The restored node is a fixpoint: propagating again changes nothing.
                REQUIRE(s.propagate());
                REQUIRE(domains_of(s, vars) == restored);
                REQUIRE(check_node(m, restored, restored, false) == "");
            } else {
                break;
            }
        }
        while (!stack.empty()) {
            s.pop_level();
            REQUIRE(domains_of(s, vars) == stack.back());
            stack.pop_back();
        }
        REQUIRE(domains_of(s, vars) == now);
    }
    CHECK(instances == 400);
    CHECK(nodes > 4000);
    CHECK(failures > 100);
}

TEST_CASE("several tables: solution counts match brute force, with and without restarts", "[table]") {
    const bool shared = GENERATE(false, true);
    INFO((shared ? "shared tuple sets" : "tuple vectors"));
    Random r(99);
    const std::vector<SearchOptions> configs = search_configurations();
    for (int round = 0; round < 300; ++round) {
        const TableModel m = random_model(r);
        const std::uint64_t expected = brute_force_count(m);
        const SearchOptions& o = configs[static_cast<std::size_t>(round) % configs.size()];
        Solver s;
        post(s, m, shared);
        Search search(s, o);
        std::uint64_t n = 0;
        INFO("round " << round << " configuration " << round % configs.size());
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        REQUIRE(n == expected);
    }
}

TEST_CASE("table: larger domains exercise the incremental and reset-based updates", "[table]") {
    // Domains of 12..20 values and ternary tables of a few hundred tuples (several
    // words); random removals of one value (delta) or many (reset, direct scan of
    // the domain).
    Random r(5);
    int instances = 0;
    for (int round = 0; round < 150; ++round) {
        TableModel m;
        m.variables = 3;
        for (int i = 0; i < 3; ++i) {
            std::vector<int> values;
            const int size = 12 + static_cast<int>(r.below(9));
            for (int v = 0; v < size; ++v) values.push_back(v * 3 - 10);  // holes, negatives
            m.domains.push_back(values);
        }
        TableModel::Constraint c;
        c.scope = {0, 1, 2};
        c.positive = round % 3 != 0;
        const std::uint64_t density = c.positive ? 40 + r.below(200) : 700 + r.below(300);
        for_each_tuple(3, 0, 19, [&](const Tuple& t) {
            if (r.below(1000) < density) c.tuples.push_back({t[0] * 3 - 10, t[1] * 3 - 10, t[2] * 3 - 10});
        });
        std::sort(c.tuples.begin(), c.tuples.end());
        m.constraints.push_back(c);
        Solver s;
        const std::vector<IntVar> vars = post(s, m);
        ++instances;
        bool failed = s.root_failed() || !s.propagate();
        const Domains root = failed ? m.domains : domains_of(s, vars);
        REQUIRE(check_node(m, m.domains, root, failed) == "");
        if (failed) continue;
        for (int dive = 0; dive < 6; ++dive) {
            int levels = 0;
            for (;;) {
                s.push_level();
                ++levels;
                const IntVar x = vars[r.below(3)];
                bool ok = true;
                if (r.below(2) == 0) {
                    ok = !is_failure(s.remove(x, s.nth_value(x, static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(s.size(x)))))));
                } else {
                    // Keep about a quarter of the values.
                    std::vector<int> drop;
                    s.for_each_value(x, [&](int v) {
                        if (r.below(4) != 0) drop.push_back(v);
                    });
                    if (drop.size() == static_cast<std::size_t>(s.size(x))) drop.pop_back();
                    for (int v : drop) ok = ok && !is_failure(s.remove(x, v));
                }
                const Domains decided = domains_of(s, vars);
                failed = !ok || !s.propagate();
                if (failed) s.clear_queue();
                if (ok) REQUIRE(check_node(m, decided, failed ? decided : domains_of(s, vars), failed) == "");
                bool all_fixed = true;
                for (IntVar v : vars) all_fixed = all_fixed && s.fixed(v);
                if (failed || all_fixed) break;
            }
            while (levels-- > 0) s.pop_level();
            REQUIRE(domains_of(s, vars) == root);
        }
    }
    CHECK(instances == 150);
}

TEST_CASE("TupleSet: sorted, deduplicated columns and supports", "[table]") {
    std::string error;
    CHECK_FALSE(TupleSet::make(2, {{1, 2}, {3}}, error));
    CHECK(error == "tuple set: tuple 1 has 1 values, expected 2");
    CHECK_FALSE(TupleSet::make(0, {}, error));
    CHECK(error == "tuple set: the arity must be at least 1");
    // Unsorted with a duplicate; one column narrow (lookup table), one sparse.
    const auto set = TupleSet::make(2, {{2, 1000000}, {0, -7}, {2, 1000000}, {1, 5}, {0, 5}}, error);
    REQUIRE(set);
    REQUIRE(set->size() == 4);
    const Tuples expected = {{0, -7}, {0, 5}, {1, 5}, {2, 1000000}};
    for (std::int64_t i = 0; i < set->size(); ++i) {
        CHECK(set->at(i, 0) == expected[static_cast<std::size_t>(i)][0]);
        CHECK(set->at(i, 1) == expected[static_cast<std::size_t>(i)][1]);
    }
    REQUIRE(set->value_count(0) == 3);
    REQUIRE(set->value_count(1) == 3);
    CHECK(set->value(1, 0) == -7);
    CHECK(set->value(1, 2) == 1000000);
    CHECK(set->index_of(1, 5) == 1);
    CHECK(set->index_of(1, 6) == -1);
    CHECK(set->index_of(0, 3) == -1);
    CHECK(set->index_of(0, -1) == -1);
    CHECK(set->supports(0, 0)[0] == 0b0011u);  // value 0 at position 0: tuples 0 and 1
    CHECK(set->supports(1, 1)[0] == 0b0110u);  // value 5 at position 1: tuples 1 and 2
    CHECK(set->bytes() > 0);
}

TEST_CASE("shared_table: argument checks, and many tables share one set", "[table]") {
    std::string error;
    const auto pairs = TupleSet::make(2, {{0, 1}, {1, 2}, {2, 0}}, error);
    REQUIRE(pairs);
    {
        Solver s;
        auto x = s.new_int_vars(3, 0, 2);
        CHECK_FALSE(shared_table(s, x, pairs));
        CHECK(s.error() == "shared_table: the tuple set has arity 2 but the scope has 3 variables");
    }
    {
        Solver s;
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(shared_forbidden_table(s, x, nullptr));
        CHECK(s.error() == "shared_forbidden_table: no tuple set");
    }
    {
        Solver s;
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(shared_table(s, {x[0], IntVar{9}}, pairs));
        CHECK(s.error() == "shared_table: variable 1 does not belong to this solver");
    }
    {
        Solver s;  // no tuple valid in the domains: found by the first propagation
        auto x = s.new_int_vars(2, 0, 2);
        const auto outside = TupleSet::make(2, {{3, 0}, {0, -1}}, error);
        shared_table(s, x, outside);
        CHECK((s.root_failed() || !s.propagate()));
    }
    {
        // A cycle x0 -> x1 -> x2 -> x0 of "next" relations, all on one set: three
        // solutions, and the set is not copied.
        Solver s;
        auto x = s.new_int_vars(3, 0, 2);
        const long before = pairs.use_count();
        for (int i = 0; i < 3; ++i) REQUIRE(shared_table(s, {x[i], x[(i + 1) % 3]}, pairs));
        CHECK(pairs.use_count() == before + 3);
        Search search(s, SearchOptions{});
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        CHECK(n == 3);
    }
    {
        // A repeated variable projects the set for this table alone: x = next(x) has no solution.
        Solver s;
        auto x = s.new_int_vars(1, 0, 2);
        const long before = pairs.use_count();
        shared_table(s, {x[0], x[0]}, pairs);
        CHECK(pairs.use_count() == before);
        CHECK(s.root_failed());
    }
}

TEST_CASE("table: argument checks and trivial tables", "[table]") {
    {
        Solver s;
        auto x = s.new_int_vars(3, 0, 2);
        CHECK_FALSE(table(s, x, {{0, 1, 2}, {1, 2, 0}, {0, 0, 0}, {1, 2}}));
        CHECK(s.error() == "table: tuple 3 has 2 values, expected 3");
    }
    {
        Solver s;
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(forbidden_table(s, x, {{0, 1, 2}}));
        CHECK(s.error() == "forbidden_table: tuple 0 has 3 values, expected 2");
    }
    {
        Solver s;
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(table(s, {x[0], IntVar{7}}, {{0, 1}}));
        CHECK(s.error() == "table: variable 1 does not belong to this solver");
    }
    {
        Solver s;  // no allowed tuple
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(table(s, x, {}));
        CHECK(s.root_failed());
        CHECK(s.error().empty());
    }
    {
        Solver s;  // no allowed tuple inside the domains
        auto x = s.new_int_vars(2, 0, 2);
        CHECK_FALSE(table(s, x, {{3, 0}, {0, -1}}));
        CHECK(s.root_failed());
    }
    {
        Solver s;  // nothing forbidden
        auto x = s.new_int_vars(2, 0, 2);
        CHECK(forbidden_table(s, x, {}));
        CHECK(forbidden_table(s, x, {{5, 5}}));
        CHECK(s.propagate());
        CHECK(s.size(x[0]) == 3);
    }
    {
        Solver s;  // arity 0
        CHECK(table(s, {}, {{}}));
        CHECK_FALSE(s.root_failed());
        CHECK(forbidden_table(s, {}, {}));
        CHECK_FALSE(forbidden_table(s, {}, {{}}));
        CHECK(s.root_failed());
    }
    {
        Solver s;  // the post function restricts the domains to the tables' columns
        auto x = s.new_int_vars(2, 0, 9);
        CHECK(table(s, x, {{1, 5}, {3, 5}, {3, 7}}));
        CHECK(s.propagate());
        CHECK(s.size(x[0]) == 2);
        CHECK(s.size(x[1]) == 2);
        s.push_level();
        CHECK(!is_failure(s.remove(x[1], 7)));
        CHECK(s.propagate());
        CHECK(s.fixed(x[1]));
        CHECK(s.size(x[0]) == 2);
        s.pop_level();
        s.push_level();
        CHECK(!is_failure(s.assign(x[0], 1)));
        CHECK(s.propagate());
        CHECK(s.fixed(x[1]));
        CHECK(s.value(x[1]) == 5);
        s.pop_level();
        CHECK(s.size(x[1]) == 2);
    }
}

TEST_CASE("table: bounds-only domains and values far apart", "[table]") {
    {
        Solver s;
        const IntVar x = s.new_int_var(0, 200000);  // bounds only
        const IntVar y = s.new_int_var(0, 3);
        REQUIRE_FALSE(s.is_bitset(x));
        REQUIRE(table(s, {x, y}, {{5, 0}, {70000, 1}, {199999, 2}, {150000, 2}}));
        REQUIRE(s.propagate());
        CHECK(s.min(x) == 5);
        CHECK(s.max(x) == 199999);
        CHECK(s.size(y) == 3);
        s.push_level();
        REQUIRE(!is_failure(s.assign(x, 100)));  // inside the bounds, in no tuple
        CHECK_FALSE(s.propagate());
        s.clear_queue();
        s.pop_level();
        s.push_level();
        REQUIRE(!is_failure(s.remove(y, 0)));
        REQUIRE(s.propagate());
        CHECK(s.min(x) == 70000);
        REQUIRE(!is_failure(s.remove(y, 1)));
        REQUIRE(s.propagate());
        CHECK(s.min(x) == 150000);
        CHECK(s.max(x) == 199999);
        REQUIRE(!is_failure(s.set_max(x, 190000)));
        REQUIRE(s.propagate());
        CHECK(s.fixed(x));
        CHECK(s.value(x) == 150000);
        s.pop_level();
        CHECK(s.min(x) == 5);
        CHECK(s.size(y) == 3);
        Search search(s);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        CHECK(n == 4);
    }
    {
        Solver s;
        const IntVar x = s.new_int_var(-100000, 100000);  // bounds only
        const IntVar y = s.new_int_var(0, 1);
        REQUIRE(forbidden_table(s, {x, y}, {{-100000, 0}, {-100000, 1}, {7, 0}}));
        REQUIRE(s.propagate());
        CHECK(s.min(x) == -99999);  // both tuples of the minimum are forbidden
        s.push_level();
        REQUIRE(!is_failure(s.assign(x, 7)));
        REQUIRE(s.propagate());
        CHECK(s.value(y) == 1);
        s.pop_level();
        s.push_level();
        REQUIRE(!is_failure(s.assign(y, 0)));
        REQUIRE(s.propagate());  // x = 7 is an interior value: not removable, still sound
        REQUIRE(!is_failure(s.assign(x, 7)));
        CHECK_FALSE(s.propagate());
        s.clear_queue();
        s.pop_level();
    }
    {
        // Values far apart in bitset domains: the binary-search value lookup.
        Solver s;
        const IntVar x = s.new_int_var({-30000, -7, 0, 9000, 30000});
        const IntVar y = s.new_int_var({-30000, 1, 30000});
        REQUIRE(table(s, {x, y}, {{-30000, 30000}, {30000, -30000}, {9000, 1}, {0, 1}}));
        REQUIRE(s.propagate());
        CHECK(s.size(x) == 4);
        s.push_level();
        REQUIRE(!is_failure(s.remove(y, 1)));
        REQUIRE(s.propagate());
        CHECK(s.size(x) == 2);
        s.pop_level();
        Search search(s);
        std::uint64_t n = 0;
        REQUIRE(search.count(n) == SearchStatus::exhausted);
        CHECK(n == 4);
    }
}
