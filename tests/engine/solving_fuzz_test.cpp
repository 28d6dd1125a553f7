// The solving fuzzer: random small models over every family of kernel constraints
// (alldifferent at mixed strengths, linear with negative coefficients, tables,
// element, reified linear and comparisons, membership, arithmetic, Boolean), solved
// under a random search configuration (variable and value selection, restarts with a
// random scale, a random seed, a random subset and order of decision variables).
//
// Where random_models_test.cpp compares solution sets for a fixed family of models
// under fixed configurations, this test draws everything at random and checks, per
// model:
//   - each solution Search::next() reports satisfies every constraint, judged by an
//     evaluator independent of the engine, and no solution comes twice;
//   - the solutions are exactly the brute-force ones;
//   - Search::count() (another random configuration) gives the brute-force count;
//   - minimising and maximising a random variable ends on the brute-force optimum.
//
// The suite runs a fixed seed for a few seconds. For a long run:
//   PRUNE_SOLVING_FUZZ_ITERATIONS=200000 [PRUNE_SOLVING_FUZZ_SEED=7] prune_tests "[solving-fuzz]"
// (tests/fuzz/run.sh does that when PRUNE_SOLVING_FUZZ_ITERATIONS is set). A failure
// names the model's seed; PRUNE_SOLVING_FUZZ_SEED=<it> PRUNE_SOLVING_FUZZ_ITERATIONS=1
// replays it alone.
#include "catch.hpp"
#include "support/propagator_check.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <set>
#include <sstream>
#include <string>

#include "engine/constraints_arithmetic.hpp"
#include "engine/constraints_boolean.hpp"
#include "engine/constraints_reified.hpp"

using namespace prune;
using namespace prune::test;

namespace {

// One constraint: its independent meaning, its post function and a description.
struct FuzzConstraint {
    std::string text;
    std::function<bool(const Assignment&)> holds;
    std::function<void(Solver&, const std::vector<IntVar>&)> post;
};

struct FuzzModel {
    std::vector<std::vector<int>> domains;  // sorted values of each variable
    std::vector<bool> boolean;              // the variable's domain is within {0, 1}
    std::vector<FuzzConstraint> constraints;

    std::string describe() const {
        std::ostringstream out;
        for (std::size_t i = 0; i < domains.size(); ++i) {
            out << "x" << i << " in {";
            for (std::size_t k = 0; k < domains[i].size(); ++k) out << (k ? "," : "") << domains[i][k];
            out << "}\n";
        }
        for (const FuzzConstraint& c : constraints) out << c.text << "\n";
        return out.str();
    }
};

int draw(Random& r, int lo, int hi) { return lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1))); }

std::string name(int i) {
    std::string s = "x";
    s.append(std::to_string(i));
    return s;
}

std::string names(const std::vector<int>& scope) {
    std::string s = "[";
    for (std::size_t k = 0; k < scope.size(); ++k) {
        if (k) s.append(",");
        s.append(name(scope[k]));
    }
    s.append("]");
    return s;
}

std::vector<int> shuffled(Random& r, std::vector<int> v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[r.below(i)]);
    return v;
}

// `size` distinct variables among those that satisfy `eligible` (fewer if there are not enough).
std::vector<int> pick(Random& r, const FuzzModel& m, int size, const std::function<bool(int)>& eligible = {}) {
    std::vector<int> pool;
    for (int i = 0; i < static_cast<int>(m.domains.size()); ++i) {
        if (!eligible || eligible(i)) pool.push_back(i);
    }
    pool = shuffled(r, pool);
    if (static_cast<int>(pool.size()) > size) pool.resize(static_cast<std::size_t>(size));
    return pool;
}

std::vector<IntVar> vars_of(const std::vector<IntVar>& v, const std::vector<int>& scope) {
    std::vector<IntVar> out;
    for (int i : scope) out.push_back(v[i]);
    return out;
}

bool compare(Relation rel, std::int64_t lhs, std::int64_t rhs) {
    switch (rel) {
        case Relation::equal: return lhs == rhs;
        case Relation::not_equal: return lhs != rhs;
        case Relation::less_equal: return lhs <= rhs;
        case Relation::greater_equal: return lhs >= rhs;
    }
    return false;
}

const char* relation_text(Relation rel) {
    switch (rel) {
        case Relation::equal: return "=";
        case Relation::not_equal: return "!=";
        case Relation::less_equal: return "<=";
        case Relation::greater_equal: return ">=";
    }
    return "?";
}

// x^y for y >= 0, saturated at +-2^50 (beyond any 32-bit value) so that it never overflows.
std::int64_t int_pow(std::int64_t x, std::int64_t y) {
    if (y == 0) return 1;
    if (x == 0 || x == 1) return x;
    if (x == -1) return y % 2 == 0 ? 1 : -1;
    constexpr std::int64_t cap = std::int64_t{1} << 50;
    std::int64_t p = 1;
    for (std::int64_t k = 0; k < y; ++k) {
        p *= x;
        if (p > cap || p < -cap) return p > 0 ? cap : -cap;
    }
    return p;
}

void add_random_constraint(Random& r, FuzzModel& m) {
    auto is_bool = [&](int i) { return m.boolean[i]; };
    auto add = [&](std::string text, std::function<bool(const Assignment&)> holds, std::function<void(Solver&, const std::vector<IntVar>&)> post) {
        m.constraints.push_back(FuzzConstraint{std::move(text), std::move(holds), std::move(post)});
    };
    switch (r.below(15)) {
        case 0:
        case 1: {  // alldifferent, each at its own strength
            const std::vector<int> scope = pick(r, m, draw(r, 2, 5));
            if (scope.size() < 2) return;
            const Consistency strength = static_cast<Consistency>(r.below(3));
            add("alldifferent" + names(scope) + " strength " + std::to_string(static_cast<int>(strength)),
                [=](const Assignment& x) {
                    std::set<int> seen;
                    for (int i : scope) seen.insert(x[i]);
                    return seen.size() == scope.size();
                },
                [=](Solver& s, const std::vector<IntVar>& v) { all_different(s, vars_of(v, scope), strength); });
            return;
        }
        case 2:
        case 3: {  // linear, coefficients in -7..7 without 0
            const std::vector<int> scope = pick(r, m, draw(r, 1, 4));
            std::vector<std::int64_t> a;
            std::string text = "linear ";
            for (int i : scope) {
                std::int64_t c = draw(r, -7, 6);
                if (c >= 0) ++c;
                a.push_back(c);
                text.append(std::to_string(c)).append("*").append(name(i)).append(" ");
            }
            const Relation rel = static_cast<Relation>(r.below(4));
            const std::int64_t rhs = draw(r, -12, 12);
            text.append(relation_text(rel)).append(" ").append(std::to_string(rhs));
            add(text,
                [=](const Assignment& x) {
                    std::int64_t lhs = 0;
                    for (std::size_t k = 0; k < scope.size(); ++k) lhs += a[k] * x[scope[k]];
                    return compare(rel, lhs, rhs);
                },
                [=](Solver& s, const std::vector<IntVar>& v) { linear(s, a, vars_of(v, scope), rel, rhs); });
            return;
        }
        case 4: {  // b <=> / => linear
            const std::vector<int> b = pick(r, m, 1, is_bool);
            if (b.empty()) return;
            const std::vector<int> scope = pick(r, m, draw(r, 1, 3), [&](int i) { return i != b[0]; });
            if (scope.empty()) return;
            std::vector<std::int64_t> a;
            for (std::size_t k = 0; k < scope.size(); ++k) a.push_back(draw(r, 1, 4) * (r.below(2) ? 1 : -1));
            const Relation rel = static_cast<Relation>(r.below(4));
            const std::int64_t rhs = draw(r, -8, 8);
            const Reification mode = r.below(2) ? Reification::equivalence : Reification::implication;
            add(name(b[0]) + (mode == Reification::equivalence ? " <=> " : " => ") + "linear over " + names(scope) + " " + relation_text(rel) + " " +
                    std::to_string(rhs),
                [=](const Assignment& x) {
                    std::int64_t lhs = 0;
                    for (std::size_t k = 0; k < scope.size(); ++k) lhs += a[k] * x[scope[k]];
                    const bool c = compare(rel, lhs, rhs);
                    return mode == Reification::equivalence ? (x[b[0]] == 1) == c : (x[b[0]] == 0 || c);
                },
                [=](Solver& s, const std::vector<IntVar>& v) { linear_reified(s, a, vars_of(v, scope), rel, rhs, v[b[0]], mode); });
            return;
        }
        case 5: {  // b <=> x op y
            const std::vector<int> b = pick(r, m, 1, is_bool);
            if (b.empty()) return;
            const std::vector<int> xy = pick(r, m, 2, [&](int i) { return i != b[0]; });
            if (xy.size() < 2) return;
            const int op = static_cast<int>(r.below(4));
            const Reification mode = r.below(3) ? Reification::equivalence : Reification::implication;
            const char* ops[] = {"=", "!=", "<=", "<"};
            add(name(b[0]) + (mode == Reification::equivalence ? " <=> " : " => ") + name(xy[0]) + " " + ops[op] + " " + name(xy[1]),
                [=](const Assignment& x) {
                    const int p = x[xy[0]], q = x[xy[1]];
                    const bool c = op == 0 ? p == q : op == 1 ? p != q : op == 2 ? p <= q : p < q;
                    return mode == Reification::equivalence ? (x[b[0]] == 1) == c : (x[b[0]] == 0 || c);
                },
                [=](Solver& s, const std::vector<IntVar>& v) {
                    const IntVar p = v[xy[0]], q = v[xy[1]], bb = v[b[0]];
                    if (op == 0) equal_reified(s, p, q, bb, mode);
                    else if (op == 1) not_equal_reified(s, p, q, bb, mode);
                    else if (op == 2) less_equal_reified(s, p, q, bb, mode);
                    else less_reified(s, p, q, bb, mode);
                });
            return;
        }
        case 6: {  // x in S, or b <=> x in S
            const std::vector<int> x = pick(r, m, 1);
            std::vector<std::pair<int, int>> raw;
            const int count = draw(r, 0, 3);
            for (int k = 0; k < count; ++k) {
                const int lo = draw(r, -6, 8);
                raw.emplace_back(lo, lo + draw(r, -1, 3));  // an empty range now and then
            }
            const IntRanges set = normalize_ranges(raw);
            auto in = [set](int v) {
                for (const auto& [lo, hi] : set) {
                    if (lo <= v && v <= hi) return true;
                }
                return false;
            };
            std::string text = name(x[0]) + " in {";
            for (const auto& [lo, hi] : set) text.append(std::to_string(lo)).append("..").append(std::to_string(hi)).append(" ");
            text.append("}");
            const std::vector<int> b = pick(r, m, 1, [&](int i) { return is_bool(i) && i != x[0]; });
            if (b.empty() || r.below(3) == 0) {
                add("member " + text, [=](const Assignment& a) { return in(a[x[0]]); },
                    [=](Solver& s, const std::vector<IntVar>& v) { member(s, v[x[0]], set); });
            } else {
                const Reification mode = r.below(2) ? Reification::equivalence : Reification::implication;
                add(name(b[0]) + (mode == Reification::equivalence ? " <=> " : " => ") + text,
                    [=](const Assignment& a) { return mode == Reification::equivalence ? (a[b[0]] == 1) == in(a[x[0]]) : (a[b[0]] == 0 || in(a[x[0]])); },
                    [=](Solver& s, const std::vector<IntVar>& v) { member_reified(s, v[x[0]], set, v[b[0]], mode); });
            }
            return;
        }
        case 7: {  // positive or negative table
            const std::vector<int> scope = pick(r, m, draw(r, 1, 3));
            std::set<std::vector<int>> rows;
            const int count = draw(r, 0, 14);
            for (int t = 0; t < count; ++t) {
                std::vector<int> row;
                for (int i : scope) {
                    // Mostly values of the domain, sometimes any value.
                    const auto& d = m.domains[i];
                    row.push_back(r.below(4) ? d[r.below(d.size())] : draw(r, -6, 9));
                }
                rows.insert(row);
            }
            const bool positive = r.below(3) != 0;
            const std::vector<std::vector<int>> tuples(rows.begin(), rows.end());
            add(std::string(positive ? "table " : "forbidden table ") + names(scope) + " with " + std::to_string(tuples.size()) + " rows",
                [=](const Assignment& x) {
                    std::vector<int> row;
                    for (int i : scope) row.push_back(x[i]);
                    return (rows.count(row) != 0) == positive;
                },
                [=](Solver& s, const std::vector<IntVar>& v) {
                    if (positive) table(s, vars_of(v, scope), tuples);
                    else forbidden_table(s, vars_of(v, scope), tuples);
                });
            return;
        }
        case 8: {  // element over constants or over variables
            if (r.below(2) == 0) {
                const std::vector<int> ij = pick(r, m, 2);
                if (ij.size() < 2) return;
                std::vector<int> array;
                const int len = draw(r, 1, 7);
                for (int k = 0; k < len; ++k) array.push_back(draw(r, -4, 8));
                add(name(ij[1]) + " = const_array[" + name(ij[0]) + "] of length " + std::to_string(len),
                    [=](const Assignment& x) { return x[ij[0]] >= 0 && x[ij[0]] < len && array[x[ij[0]]] == x[ij[1]]; },
                    [=](Solver& s, const std::vector<IntVar>& v) { element(s, array, v[ij[0]], v[ij[1]]); });
            } else {
                const std::vector<int> scope = pick(r, m, draw(r, 3, 5));
                if (scope.size() < 3) return;
                add(name(scope[1]) + " = " + names(std::vector<int>(scope.begin() + 2, scope.end())) + "[" + name(scope[0]) + "]",
                    [=](const Assignment& x) {
                        const int len = static_cast<int>(scope.size()) - 2;
                        const int index = x[scope[0]];
                        return index >= 0 && index < len && x[scope[2 + index]] == x[scope[1]];
                    },
                    [=](Solver& s, const std::vector<IntVar>& v) {
                        element(s, vars_of(v, std::vector<int>(scope.begin() + 2, scope.end())), v[scope[0]], v[scope[1]]);
                    });
            }
            return;
        }
        case 9:
        case 10: {  // z = f(x, y)
            const std::vector<int> xyz = pick(r, m, 3);
            if (xyz.size() < 3) return;
            const int x = xyz[0], y = xyz[1], z = xyz[2];
            const int op = static_cast<int>(r.below(7));
            const char* ops[] = {"*", "div", "mod", "^", "min", "max", "abs"};
            std::function<bool(const Assignment&)> holds = [=](const Assignment& a) {
                const std::int64_t p = a[x], q = a[y], v = a[z];
                switch (op) {  // div and mod truncate, the remainder has the sign of x (C++, MiniZinc)
                    case 0: return v == p * q;
                    case 1: return q != 0 && v == p / q;
                    case 2: return q != 0 && v == p % q;
                    case 3:
                        if (q >= 0) return v == int_pow(p, q);
                        return p != 0 && v == 1 / int_pow(p, -q);
                    case 4: return v == std::min(p, q);
                    case 5: return v == std::max(p, q);
                    default: return v == (p < 0 ? -p : p);
                }
            };
            add(name(z) + " = " + (op == 6 ? std::string("abs ") + name(x) : name(x) + " " + ops[op] + " " + name(y)), holds,
                [=](Solver& s, const std::vector<IntVar>& v) {
                    switch (op) {
                        case 0: times(s, v[x], v[y], v[z]); break;
                        case 1: divide(s, v[x], v[y], v[z]); break;
                        case 2: modulo(s, v[x], v[y], v[z]); break;
                        case 3: power(s, v[x], v[y], v[z]); break;
                        case 4: minimum(s, v[x], v[y], v[z]); break;
                        case 5: maximum(s, v[x], v[y], v[z]); break;
                        default: absolute(s, v[x], v[z]); break;
                    }
                });
            return;
        }
        case 11: {  // z = min / max of an array
            const std::vector<int> scope = pick(r, m, draw(r, 2, 4));
            if (scope.size() < 2) return;
            const bool is_min = r.below(2) == 0;
            const std::vector<int> xs(scope.begin() + 1, scope.end());
            const int z = scope[0];
            add(name(z) + (is_min ? " = min " : " = max ") + names(xs),
                [=](const Assignment& a) {
                    int best = a[xs[0]];
                    for (int i : xs) best = is_min ? std::min(best, a[i]) : std::max(best, a[i]);
                    return a[z] == best;
                },
                [=](Solver& s, const std::vector<IntVar>& v) {
                    if (is_min) minimum(s, vars_of(v, xs), v[z]);
                    else maximum(s, vars_of(v, xs), v[z]);
                });
            return;
        }
        case 12: {  // clauses and reified and / or
            const std::vector<int> bools = pick(r, m, draw(r, 1, 4), is_bool);
            if (bools.empty()) return;
            const int kind = static_cast<int>(r.below(4));
            if (kind == 0) {
                std::vector<int> pos, neg;
                for (int i : bools) (r.below(2) ? pos : neg).push_back(i);
                add("clause +" + names(pos) + " -" + names(neg),
                    [=](const Assignment& a) {
                        for (int i : pos) if (a[i] == 1) return true;
                        for (int i : neg) if (a[i] == 0) return true;
                        return false;
                    },
                    [=](Solver& s, const std::vector<IntVar>& v) { clause(s, vars_of(v, pos), vars_of(v, neg)); });
            } else if (bools.size() >= 2) {
                const int res = bools[0];
                const std::vector<int> xs(bools.begin() + 1, bools.end());
                if (kind == 1) {
                    add(name(res) + " <=> and " + names(xs),
                        [=](const Assignment& a) {
                            bool all = true;
                            for (int i : xs) all = all && a[i] == 1;
                            return (a[res] == 1) == all;
                        },
                        [=](Solver& s, const std::vector<IntVar>& v) { and_reified(s, vars_of(v, xs), v[res]); });
                } else if (kind == 2) {
                    add(name(res) + " <=> or " + names(xs),
                        [=](const Assignment& a) {
                            bool any = false;
                            for (int i : xs) any = any || a[i] == 1;
                            return (a[res] == 1) == any;
                        },
                        [=](Solver& s, const std::vector<IntVar>& v) { or_reified(s, vars_of(v, xs), v[res]); });
                } else {
                    // A literal result over literals: (not) res <=> OR((not) xs).
                    std::vector<bool> sign;
                    for (std::size_t k = 0; k < xs.size(); ++k) sign.push_back(r.below(2) == 0);
                    const bool res_sign = r.below(2) == 0;
                    add("literal or over " + names(xs) + " into " + name(res),
                        [=](const Assignment& a) {
                            bool any = false;
                            for (std::size_t k = 0; k < xs.size(); ++k) any = any || (a[xs[k]] == 1) == sign[k];
                            return ((a[res] == 1) == res_sign) == any;
                        },
                        [=](Solver& s, const std::vector<IntVar>& v) {
                            std::vector<BoolLiteral> lits;
                            for (std::size_t k = 0; k < xs.size(); ++k) lits.push_back(BoolLiteral{v[xs[k]], sign[k]});
                            or_reified(s, lits, BoolLiteral{v[res], res_sign});
                        });
                }
            }
            return;
        }
        case 13: {  // parity, xor, equivalence, negation
            const std::vector<int> bools = pick(r, m, draw(r, 2, 4), is_bool);
            if (bools.size() < 2) return;
            const int kind = static_cast<int>(r.below(4));
            if (kind == 0) {
                const bool odd = r.below(2) == 0;
                add(std::string(odd ? "odd " : "even ") + names(bools),
                    [=](const Assignment& a) {
                        int ones = 0;
                        for (int i : bools) ones += a[i];
                        return (ones % 2 == 1) == odd;
                    },
                    [=](Solver& s, const std::vector<IntVar>& v) { parity(s, vars_of(v, bools), odd); });
            } else if (kind == 3) {
                const int a0 = bools[0], a1 = bools[1];
                add(name(a1) + " = not " + name(a0), [=](const Assignment& a) { return a[a1] == 1 - a[a0]; },
                    [=](Solver& s, const std::vector<IntVar>& v) { bool_not(s, v[a0], v[a1]); });
            } else if (bools.size() >= 3) {
                const int a0 = bools[0], a1 = bools[1], res = bools[2];
                const bool is_xor = kind == 1;
                add(name(res) + (is_xor ? " <=> xor " : " <=> eq ") + name(a0) + " " + name(a1),
                    [=](const Assignment& a) { return (a[res] == 1) == (is_xor ? a[a0] != a[a1] : a[a0] == a[a1]); },
                    [=](Solver& s, const std::vector<IntVar>& v) {
                        if (is_xor) bool_xor(s, v[a0], v[a1], v[res]);
                        else bool_eq_reified(s, v[a0], v[a1], v[res]);
                    });
            }
            return;
        }
        default: {  // counting (bool_sum) or value channel
            if (r.below(2) == 0) {
                const std::vector<int> bools = pick(r, m, draw(r, 1, 4), is_bool);
                const std::vector<int> c = pick(r, m, 1, [&](int i) { return std::find(bools.begin(), bools.end(), i) == bools.end(); });
                if (bools.empty() || c.empty()) return;
                const Relation rel = static_cast<Relation>(r.below(3) == 0 ? 0 : 2 + r.below(2));  // =, <=, >= (not !=)
                add("count ones " + names(bools) + " " + relation_text(rel) + " " + name(c[0]),
                    [=](const Assignment& a) {
                        int ones = 0;
                        for (int i : bools) ones += a[i];
                        return compare(rel, ones, a[c[0]]);
                    },
                    [=](Solver& s, const std::vector<IntVar>& v) { bool_sum(s, vars_of(v, bools), rel, v[c[0]]); });
            } else {
                const std::vector<int> b = pick(r, m, 1, is_bool);
                if (b.empty()) return;
                const std::vector<int> x = pick(r, m, 1, [&](int i) { return i != b[0]; });
                if (x.empty()) return;
                const int c = m.domains[x[0]][r.below(m.domains[x[0]].size())] + (r.below(5) == 0 ? 1 : 0);
                add(name(b[0]) + " <=> " + name(x[0]) + " = " + std::to_string(c), [=](const Assignment& a) { return (a[b[0]] == 1) == (a[x[0]] == c); },
                    [=](Solver& s, const std::vector<IntVar>& v) { value_channel(s, v[x[0]], c, v[b[0]]); });
            }
            return;
        }
    }
}

FuzzModel random_model(Random& r) {
    FuzzModel m;
    const int n = draw(r, 2, 7);
    // Values mostly near 0, sometimes far out (bitset offsets, 64-bit arithmetic).
    const int base = r.below(8) == 0 ? draw(r, -1000000, 1000000) : 0;
    std::int64_t product = 1;
    for (int i = 0; i < n; ++i) {
        std::set<int> chosen;
        if (r.below(3) == 0) {
            m.boolean.push_back(true);
            chosen = r.below(6) == 0 ? std::set<int>{static_cast<int>(r.below(2))} : std::set<int>{0, 1};
        } else {
            m.boolean.push_back(false);
            const int lo = base + draw(r, -5, 3);
            const int width = draw(r, 0, 7);
            const int size = draw(r, 1, width + 1);
            while (static_cast<int>(chosen.size()) < size) chosen.insert(lo + draw(r, 0, width));
        }
        m.domains.emplace_back(chosen.begin(), chosen.end());
        product *= static_cast<std::int64_t>(m.domains.back().size());
    }
    (void)product;
    const int constraints = draw(r, 1, 5);
    for (int c = 0; c < constraints; ++c) add_random_constraint(r, m);
    return m;
}

std::vector<Assignment> brute_force(const FuzzModel& m) {
    std::vector<Assignment> out;
    Assignment a(m.domains.size());
    std::function<void(std::size_t)> rec = [&](std::size_t i) {
        if (i == m.domains.size()) {
            for (const FuzzConstraint& c : m.constraints) {
                if (!c.holds(a)) return;
            }
            out.push_back(a);
            return;
        }
        for (int v : m.domains[i]) {
            a[i] = v;
            rec(i + 1);
        }
    };
    rec(0);
    return out;  // sorted: the domains are sorted and enumerated in order
}

SearchOptions random_search(Random& r) {
    SearchOptions o;
    o.variable = static_cast<VariableSelection>(r.below(3));
    o.value = static_cast<ValueSelection>(r.below(6));
    switch (r.below(3)) {
        case 0: break;
        case 1: o.restarts = RestartPolicy{RestartKind::luby, static_cast<double>(draw(r, 1, 4)), 1.5}; break;
        default: o.restarts = RestartPolicy{RestartKind::geometric, static_cast<double>(draw(r, 1, 4)), 1.1 + 0.1 * draw(r, 0, 9)}; break;
    }
    o.seed = r.next();
    return o;
}

// The decision variables: none (every variable, in input order), or a random
// subset in random order (the search labels the others afterwards).
void random_decisions(Random& r, SearchOptions& o, const std::vector<IntVar>& vars) {
    if (r.below(3) == 0) return;
    std::vector<int> order(vars.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    order = shuffled(r, order);
    order.resize(1 + r.below(order.size()));
    for (int i : order) o.decision_variables.push_back(vars[i]);
}

std::vector<IntVar> build(Solver& s, const FuzzModel& m) {
    std::vector<IntVar> vars;
    for (const auto& d : m.domains) vars.push_back(s.new_int_var(d));
    for (const FuzzConstraint& c : m.constraints) c.post(s, vars);
    return vars;
}

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
    const char* text = std::getenv(name);
    if (text == nullptr || *text == '\0') return fallback;
    return std::strtoull(text, nullptr, 10);
}

// Empty when the model passes every check, else what went wrong.
std::string check_model(std::uint64_t seed, std::uint64_t& solutions_seen) {
    Random r(seed);
    const FuzzModel m = random_model(r);
    const std::vector<Assignment> expected = brute_force(m);
    solutions_seen += expected.size();
    std::ostringstream failure;

    // 1. Enumeration under a random configuration, every solution judged on its own.
    {
        Solver s;
        const std::vector<IntVar> vars = build(s, m);
        if (!s.error().empty()) return "post error: " + s.error();
        SearchOptions o = random_search(r);
        random_decisions(r, o, vars);
        Search search(s, o);
        std::vector<Assignment> found;
        SearchStatus status;
        while ((status = search.next()) == SearchStatus::solution) {
            Assignment a;
            for (IntVar x : vars) {
                if (!s.fixed(x)) return "a solution leaves " + name(static_cast<int>(a.size())) + " unfixed";
                a.push_back(s.value(x));
            }
            for (const FuzzConstraint& c : m.constraints) {
                if (!c.holds(a)) {
                    failure << "the solution";
                    for (int v : a) failure << " " << v;
                    failure << " violates " << c.text;
                    return failure.str();
                }
            }
            found.push_back(a);
            if (found.size() > expected.size()) break;
        }
        if (status == SearchStatus::error) return "search error: " + s.error();
        std::sort(found.begin(), found.end());
        if (std::adjacent_find(found.begin(), found.end()) != found.end()) return "a solution was reported twice";
        if (found != expected) {
            failure << "next() found " << found.size() << " solutions, brute force " << expected.size() << " (variable " << static_cast<int>(o.variable)
                    << ", value " << static_cast<int>(o.value) << ", restarts " << static_cast<int>(o.restarts.kind) << " scale " << o.restarts.scale
                    << ", " << o.decision_variables.size() << " decision variables)";
            return failure.str();
        }
    }
    // 2. Counting under another configuration.
    {
        Solver s;
        const std::vector<IntVar> vars = build(s, m);
        SearchOptions o = random_search(r);
        random_decisions(r, o, vars);
        Search search(s, o);
        std::uint64_t count = 0;
        const SearchStatus status = search.count(count);
        if (status != SearchStatus::exhausted) return "count() did not exhaust the search";
        if (count != expected.size()) {
            failure << "count() = " << count << ", brute force " << expected.size() << " (variable " << static_cast<int>(o.variable) << ", value "
                    << static_cast<int>(o.value) << ", restarts " << static_cast<int>(o.restarts.kind) << ")";
            return failure.str();
        }
    }
    // 3. Branch and bound on a random variable, both directions.
    for (const bool minimise : {true, false}) {
        Solver s;
        const std::vector<IntVar> vars = build(s, m);
        const int k = static_cast<int>(r.below(vars.size()));
        SearchOptions o = random_search(r);
        random_decisions(r, o, vars);
        Search search(s, o);
        if (minimise) search.minimize(vars[k]);
        else search.maximize(vars[k]);
        bool any = false;
        int last = 0;
        SearchStatus status;
        while ((status = search.next()) == SearchStatus::solution) {
            Assignment a;
            for (IntVar x : vars) a.push_back(s.value(x));
            if (!std::binary_search(expected.begin(), expected.end(), a)) return "branch and bound reported a non-solution";
            if (any && (minimise ? a[k] >= last : a[k] <= last)) return "branch and bound reported a solution that does not improve";
            any = true;
            last = a[k];
        }
        if (status != SearchStatus::exhausted) return "branch and bound did not exhaust the search";
        if (any != !expected.empty()) return "branch and bound disagrees with brute force on satisfiability";
        if (any) {
            int best = expected[0][k];
            for (const Assignment& a : expected) best = minimise ? std::min(best, a[k]) : std::max(best, a[k]);
            if (last != best) {
                failure << (minimise ? "minimum" : "maximum") << " of " << name(k) << ": search " << last << ", brute force " << best;
                return failure.str();
            }
        }
    }
    return {};
}

}  // namespace

TEST_CASE("solving fuzzer: random models, random searches, checked against brute force", "[solving-fuzz]") {
    const std::uint64_t iterations = env_number("PRUNE_SOLVING_FUZZ_ITERATIONS", 3000);
    const std::uint64_t first_seed = env_number("PRUNE_SOLVING_FUZZ_SEED", 20261130);
    Random seeds(first_seed);
    std::uint64_t solutions = 0;
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < iterations; ++i) {
        // With one iteration the given seed is the model's own (to replay a failure).
        const std::uint64_t seed = iterations == 1 ? first_seed : seeds.next();
        const std::string failure = check_model(seed, solutions);
        if (!failure.empty()) {
            Random r(seed);
            INFO("model seed " << seed << " (replay: PRUNE_SOLVING_FUZZ_SEED=" << seed << " PRUNE_SOLVING_FUZZ_ITERATIONS=1)\n"
                               << random_model(r).describe());
            FAIL(failure);
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (std::getenv("PRUNE_SOLVING_FUZZ_ITERATIONS")) {
        WARN(iterations << " models in " << seconds << " s (" << static_cast<double>(iterations) / seconds << " per second), " << solutions
                        << " solutions");
    }
    CHECK(solutions > iterations / 4);  // the generator makes satisfiable models too
}
