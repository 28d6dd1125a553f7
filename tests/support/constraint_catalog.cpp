#include "constraint_catalog.hpp"
#include "constraint_catalog_parts.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <memory>

#include "catch.hpp"

namespace prune::test::catalog {

int uniform(Random& r, int lo, int hi) { return lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1))); }

bool automaton_accepts(const Automaton& a, const std::vector<int>& word) {
    std::vector<char> current(static_cast<std::size_t>(a.states), 0), next;
    current[static_cast<std::size_t>(a.initial)] = 1;
    for (int v : word) {
        next.assign(current.size(), 0);
        for (const auto& t : a.transitions) {
            if (t.value == v && current[static_cast<std::size_t>(t.from)]) next[static_cast<std::size_t>(t.to)] = 1;
        }
        current = next;
    }
    for (int q : a.accepting) {
        if (current[static_cast<std::size_t>(q)]) return true;
    }
    return false;
}

ConstraintSpec make(std::string name, int min_arity, int max_arity, Claim claim, std::function<Constraint(Random&, int)> draw) {
    ConstraintSpec spec;
    spec.name = std::move(name);
    spec.min_arity = min_arity;
    spec.max_arity = max_arity;
    spec.claim = claim;
    spec.draw = std::move(draw);
    return spec;
}

namespace {

using Vars = std::vector<IntVar>;
using Tuples = std::vector<std::vector<int>>;

bool compare(Relation rel, std::int64_t lhs, std::int64_t rhs) { return relation_holds(lhs, rel, rhs); }

const char* relation_text(Relation rel) {
    switch (rel) {
        case Relation::equal: return "=";
        case Relation::not_equal: return "!=";
        case Relation::less_equal: return "<=";
        case Relation::greater_equal: return ">=";
    }
    return "?";
}

Vars except_last(const Vars& x) { return Vars(x.begin(), x.end() - 1); }

// ---- Linear ----

// sum a[i] * x[i] (rel) c, with coefficients in [-7, 7] \ {0} (or +-1) and c in [-10, 10]
// (the range the solving fuzzer used before the catalog: large coefficients reach the
// rounding of the bounds divisions).
ConstraintSpec linear_spec(Relation rel, bool unit, Claim claim, Claim reified_claim) {
    ConstraintSpec spec = make(std::string(unit ? "sum" : "linear") + relation_text(rel), 1, unit ? 4 : 5, claim,
                               [rel, unit](Random& r, int n) {
        std::vector<std::int64_t> a;
        for (int i = 0; i < n; ++i) {
            std::int64_t c = unit ? (r.below(2) ? 1 : -1) : uniform(r, -7, 7);
            a.push_back(c == 0 ? 2 : c);
        }
        const std::int64_t c = uniform(r, -10, 10);
        auto holds = [=](const Assignment& x) {
            std::int64_t lhs = 0;
            for (std::size_t i = 0; i < x.size(); ++i) lhs += a[i] * x[i];
            return compare(rel, lhs, c);
        };
        auto post = [=](Solver& s, const Vars& x) { linear(s, a, x, rel, c); };
        auto post_reified = [=](Solver& s, const Vars& x, BoolVar b, Reification mode) { linear_reified(s, a, x, rel, c, b, mode); };
        return Constraint{holds, post, post_reified};
    });
    spec.reified_claim = reified_claim;
    return spec;
}

// sum(x) (rel) c through the sum() shorthand: unit coefficients.
ConstraintSpec sum_spec(Relation rel) {
    ConstraintSpec spec = make(std::string("sum(x)") + relation_text(rel), 1, 4, Claim::value | Claim::bounds, [rel](Random& r, int) {
        const std::int64_t c = uniform(r, -6, 6);
        auto holds = [=](const Assignment& x) {
            std::int64_t lhs = 0;
            for (int v : x) lhs += v;
            return compare(rel, lhs, c);
        };
        return Constraint{holds, [=](Solver& s, const Vars& x) { sum(s, x, rel, c); }, {}};
    });
    return spec;
}

// 2x - 2x + y <= c: repeated variables are merged at post.
// (linear() reaches bounds consistency on distinct variables only.)
ConstraintSpec repeated_linear_spec() {
    return make("2x-2x+y<=c", 2, 2, Claim::value, [](Random& r, int) {
        const std::int64_t c = uniform(r, -2, 2);
        const std::vector<std::int64_t> a{2, -2, 1};
        auto holds = [=](const Assignment& x) { return x[1] <= c; };
        auto post = [=](Solver& s, const Vars& x) { linear(s, a, {x[0], x[0], x[1]}, Relation::less_equal, c); };
        auto post_reified = [=](Solver& s, const Vars& x, BoolVar b, Reification mode) {
            linear_reified(s, a, {x[0], x[0], x[1]}, Relation::less_equal, c, b, mode);
        };
        return Constraint{holds, post, post_reified};
    });
}

// ---- Binary ----

// x (rel) y + c through the binary post functions, reified through linear_reified.
ConstraintSpec offset_spec(Relation rel, Claim claim, Claim reified_claim) {
    ConstraintSpec spec = make(std::string("x") + relation_text(rel) + "y+c", 2, 2, claim, [rel](Random& r, int) {
        const int c = uniform(r, -2, 2);
        auto holds = [=](const Assignment& x) { return compare(rel, x[0], std::int64_t{x[1]} + c); };
        auto post = [=](Solver& s, const Vars& x) {
            if (rel == Relation::equal) equal_offset(s, x[0], x[1], c);
            if (rel == Relation::not_equal) not_equal_offset(s, x[0], x[1], c);
            if (rel == Relation::less_equal) less_equal_offset(s, x[0], x[1], c);
        };
        auto post_reified = [=](Solver& s, const Vars& x, BoolVar b, Reification mode) {
            linear_reified(s, {1, -1}, x, rel, c, b, mode);
        };
        return Constraint{holds, post, post_reified};
    });
    spec.reified_claim = reified_claim;
    return spec;
}

// x = y, x != y, x <= y, x < y and their reified post functions.
ConstraintSpec comparison_spec(const char* name, bool (*holds)(int, int), bool (*post)(Solver&, IntVar, IntVar),
                               bool (*post_reified)(Solver&, IntVar, IntVar, BoolVar, Reification), Claim claim,
                               Claim reified_claim) {
    ConstraintSpec spec = make(name, 2, 2, claim, [=](Random&, int) {
        return Constraint{[=](const Assignment& x) { return holds(x[0], x[1]); },
                          [=](Solver& s, const Vars& x) { post(s, x[0], x[1]); },
                          [=](Solver& s, const Vars& x, BoolVar b, Reification mode) { post_reified(s, x[0], x[1], b, mode); }};
    });
    spec.reified_claim = reified_claim;
    return spec;
}

bool in_ranges(const IntRanges& set, int v) {
    return std::any_of(set.begin(), set.end(), [v](const auto& range) { return range.first <= v && v <= range.second; });
}

// x in S for a random set of ranges; reified through member_reified.
ConstraintSpec member_spec() {
    ConstraintSpec spec = make("x in S", 1, 1, Claim::domain, [](Random& r, int) {
        std::vector<std::pair<int, int>> ranges;
        const int k = static_cast<int>(r.below(4));
        for (int i = 0; i < k; ++i) {
            const int a = uniform(r, -3, 4);
            ranges.push_back({a, a + static_cast<int>(r.below(3)) - (r.below(5) == 0 ? 2 : 0)});
        }
        const IntRanges set = normalize_ranges(ranges);
        return Constraint{[=](const Assignment& x) { return in_ranges(set, x[0]); },
                          [=](Solver& s, const Vars& x) { member(s, x[0], set); },
                          [=](Solver& s, const Vars& x, BoolVar b, Reification mode) { member_reified(s, x[0], set, b, mode); }};
    });
    spec.min_value = -3;
    spec.max_value = 5;
    spec.reified_claim = Claim::domain;
    return spec;
}


// x = c and x != c: b <-> x = c is value_channel; the rest goes through membership.
ConstraintSpec constant_spec(bool equal) {
    ConstraintSpec spec = make(equal ? "x=c" : "x!=c", 1, 1, Claim::domain, [equal](Random& r, int) {
        const int c = uniform(r, -2, 4);
        const IntRanges set = equal ? IntRanges{{c, c}} : IntRanges{{INT32_MIN, c - 1}, {c + 1, INT32_MAX}};
        auto post_reified = [=](Solver& s, const Vars& x, BoolVar b, Reification mode) {
            if (equal && mode == Reification::equivalence) value_channel(s, x[0], c, b);
            else member_reified(s, x[0], set, b, mode);
        };
        return Constraint{[=](const Assignment& x) { return (x[0] == c) == equal; },
                          [=](Solver& s, const Vars& x) { member(s, x[0], set); }, post_reified};
    });
    spec.reified_claim = Claim::domain;
    return spec;
}

// ---- Element ----

// result = array[index] over constants: x0 is the index, x1 the result.
ConstraintSpec element_spec() {
    ConstraintSpec spec = make("element", 2, 2, Claim::domain, [](Random& r, int) {
        std::vector<int> a;
        for (int i = 0; i < 5; ++i) a.push_back(uniform(r, -1, 4));
        return Constraint{[=](const Assignment& x) { return x[0] >= 0 && x[0] < 5 && a[static_cast<std::size_t>(x[0])] == x[1]; },
                          [=](Solver& s, const Vars& x) { element(s, a, x[0], x[1]); }, {}};
    });
    spec.min_value = -1;
    spec.max_value = 5;
    return spec;
}

// result = array[index] over variables: x0 the index, x1 the result, x2.. the array.
ConstraintSpec element_var_spec() {
    ConstraintSpec spec = simple_spec("element(var)", 3, Claim::soundness,
        [](const Assignment& x) {
            const int n = static_cast<int>(x.size()) - 2;
            return x[0] >= 0 && x[0] < n && x[static_cast<std::size_t>(2 + x[0])] == x[1];
        },
        [](Solver& s, const Vars& x) { element(s, Vars(x.begin() + 2, x.end()), x[0], x[1]); });
    spec.max_arity = 5;
    spec.min_value = -1;
    spec.max_value = 3;
    return spec;
}

// ---- Arithmetic ----

enum class Op { times, divide, modulo, power };

bool evaluate(Op op, std::int64_t x, std::int64_t y, std::int64_t& z) {
    switch (op) {
        case Op::times: z = x * y; return true;
        case Op::divide:
            if (y == 0) return false;
            z = x / y;
            return true;
        case Op::modulo:
            if (y == 0) return false;
            z = x % y;
            return true;
        case Op::power: return int_pow(x, y, z);
    }
    return false;
}

ConstraintSpec ternary_spec(const char* name, Op op, bool (*post)(Solver&, IntVar, IntVar, IntVar), int lo, int hi) {
    ConstraintSpec spec = simple_spec(name, 3, Claim::bounds,
        [op](const Assignment& v) {
            std::int64_t z = 0;
            return evaluate(op, v[0], v[1], z) && z == v[2];
        },
        [post](Solver& s, const Vars& x) { post(s, x[0], x[1], x[2]); });
    spec.min_value = lo;
    spec.max_value = hi;
    // bounds(Z) is exact on boxes of up to TernaryArithmetic::scan_limit (256) values
    // only (arithmetic.hpp); far values get their own specs, claiming soundness.
    spec.wide_values = false;
    return spec;
}

ConstraintSpec far_ternary_spec(const char* name, Op op, bool (*post)(Solver&, IntVar, IntVar, IntVar)) {
    ConstraintSpec spec = ternary_spec(name, op, post, -4, 5);
    spec.claim = Claim::soundness;
    spec.wide_values = true;
    return spec;
}

// x op y = x: the result aliases the first argument.
ConstraintSpec aliased_spec(const char* name, Op op, bool (*post)(Solver&, IntVar, IntVar, IntVar)) {
    ConstraintSpec spec = simple_spec(name, 2, Claim::soundness,
        [op](const Assignment& v) {
            std::int64_t z = 0;
            return evaluate(op, v[0], v[1], z) && z == v[0];
        },
        [post](Solver& s, const Vars& x) { post(s, x[0], x[1], x[0]); });
    spec.min_value = -4;
    spec.max_value = 4;
    return spec;
}

ConstraintSpec min_max_spec(bool is_max, bool array) {
    ConstraintSpec spec = simple_spec(std::string(array ? "array " : "") + (is_max ? "max" : "min"), 3, Claim::bounds,
        [is_max](const Assignment& v) {
            const auto first = v.begin(), last = v.end() - 1;
            return v.back() == (is_max ? *std::max_element(first, last) : *std::min_element(first, last));
        },
        [is_max, array](Solver& s, const Vars& x) {
            if (!array) {
                is_max ? maximum(s, x[0], x[1], x[2]) : minimum(s, x[0], x[1], x[2]);
                return;
            }
            is_max ? maximum(s, except_last(x), x.back()) : minimum(s, except_last(x), x.back());
        });
    if (array) {
        spec.min_arity = 2;
        spec.max_arity = 5;
    }
    return spec;
}

// ---- Boolean ----

ConstraintSpec boolean(ConstraintSpec spec, int min_arity, int max_arity) {
    spec.min_arity = min_arity;
    spec.max_arity = max_arity;
    spec.min_value = 0;
    spec.max_value = 1;
    spec.wide_values = false;
    return spec;
}

std::vector<char> polarities(Random& r, int n) {
    std::vector<char> positive;
    for (int i = 0; i < n; ++i) positive.push_back(r.below(2) != 0);
    return positive;
}

bool any_literal(const Assignment& x, const std::vector<char>& positive, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        if ((x[i] == 1) == (positive[i] != 0)) return true;
    }
    return false;
}

// OR of literals of random polarity; b <-> clause is clause_reified, b -> clause a
// longer clause.
ConstraintSpec clause_spec() {
    ConstraintSpec spec = make("clause", 1, 6, Claim::domain, [](Random& r, int n) {
        const std::vector<char> positive = polarities(r, n);
        auto split = [=](const Vars& x, Vars& pos, Vars& neg) {
            for (std::size_t i = 0; i < x.size(); ++i) (positive[i] ? pos : neg).push_back(x[i]);
        };
        auto post = [=](Solver& s, const Vars& x) {
            Vars pos, neg;
            split(x, pos, neg);
            clause(s, pos, neg);
        };
        auto post_reified = [=](Solver& s, const Vars& x, BoolVar b, Reification mode) {
            Vars pos, neg;
            split(x, pos, neg);
            if (mode == Reification::equivalence) {
                clause_reified(s, pos, neg, b);
            } else {
                neg.push_back(b);
                clause(s, pos, neg);
            }
        };
        return Constraint{[=](const Assignment& x) { return any_literal(x, positive, x.size()); }, post, post_reified};
    });
    spec.reified_claim = Claim::domain;
    return boolean(spec, 1, 6);
}

// r <=> OR(literals), r itself a literal: the last variable is r.
ConstraintSpec or_literals_spec() {
    return boolean(make("r<=>or(literals)", 1, 6, Claim::domain, [](Random& r, int n) {
        const std::vector<char> positive = polarities(r, n);
        auto holds = [=](const Assignment& x) {
            const bool result = (x.back() == 1) == (positive.back() != 0);
            return result == any_literal(x, positive, x.size() - 1);
        };
        auto post = [=](Solver& s, const Vars& x) {
            std::vector<BoolLiteral> literals;
            for (std::size_t i = 0; i + 1 < x.size(); ++i) literals.push_back({x[i], positive[i] != 0});
            or_reified(s, literals, BoolLiteral{x.back(), positive.back() != 0});
        };
        return Constraint{holds, post, {}};
    }), 1, 6);
}

ConstraintSpec and_or_spec(bool is_and) {
    return boolean(simple_spec(is_and ? "r<=>and" : "r<=>or", 0, Claim::domain,
        [is_and](const Assignment& v) {
            const auto first = v.begin(), last = v.end() - 1;
            const bool value = is_and ? std::all_of(first, last, [](int b) { return b == 1; })
                                      : std::any_of(first, last, [](int b) { return b == 1; });
            return (v.back() == 1) == value;
        },
        [is_and](Solver& s, const Vars& x) { is_and ? and_reified(s, except_last(x), x.back()) : or_reified(s, except_last(x), x.back()); }),
        2, 6);
}

ConstraintSpec parity_spec() {
    return boolean(make("parity", 1, 6, Claim::domain, [](Random& r, int) {
        const bool odd = r.below(2) != 0;
        auto holds = [=](const Assignment& v) {
            int ones = 0;
            for (int b : v) ones += b;
            return (ones % 2 == 1) == odd;
        };
        return Constraint{holds, [=](Solver& s, const Vars& x) { parity(s, x, odd); }, {}};
    }), 1, 6);
}

// The number of ones among x0..x(n-2) (rel) the last variable, a counter; the 0/1
// variables are clamped by the post function.
ConstraintSpec bool_sum_spec(Relation rel) {
    ConstraintSpec spec = simple_spec(std::string("bool_sum") + relation_text(rel), 0, Claim::bounds,
        [rel](const Assignment& v) {
            int ones = 0;
            for (std::size_t i = 0; i + 1 < v.size(); ++i) {
                if (v[i] != 0 && v[i] != 1) return false;
                ones += v[i];
            }
            return compare(rel, ones, v.back());
        },
        [rel](Solver& s, const Vars& x) {
            const Vars xs = except_last(x);
            for (BoolVar b : xs) {
                if (is_failure(s.set_min(b, 0)) || is_failure(s.set_max(b, 1))) {
                    s.fail();
                    return;
                }
            }
            bool_sum(s, xs, rel, x.back());
        });
    spec.min_arity = 2;
    spec.max_arity = 7;
    spec.min_value = -1;
    spec.max_value = 5;
    return spec;
}

std::vector<ConstraintSpec> boolean_specs() {
    using A = const Assignment&;
    std::vector<ConstraintSpec> specs{clause_spec(), or_literals_spec(), and_or_spec(true), and_or_spec(false), parity_spec()};
    specs.push_back(boolean(simple_spec("clause(x,x,not y)", 2, Claim::domain, [](A v) { return v[0] == 1 || v[1] == 0; },
                                        [](Solver& s, const Vars& x) { clause(s, {x[0], x[0]}, {x[1]}); }), 2, 2));
    specs.push_back(boolean(simple_spec("clause(x,not x)", 1, Claim::domain, [](A) { return true; },
                                        [](Solver& s, const Vars& x) { clause(s, {x[0]}, {x[0]}); }), 1, 1));
    specs.push_back(boolean(simple_spec("r<=>(r or x)", 2, Claim::domain, [](A v) { return (v[0] == 1) == (v[0] == 1 || v[1] == 1); },
                                        [](Solver& s, const Vars& x) { or_reified(s, {x[0], x[1]}, x[0]); }), 2, 2));
    specs.push_back(boolean(simple_spec("xor", 3, Claim::domain, [](A v) { return v[2] == (v[0] != v[1] ? 1 : 0); },
                                        [](Solver& s, const Vars& x) { bool_xor(s, x[0], x[1], x[2]); }), 3, 3));
    specs.push_back(boolean(simple_spec("xor(x,x,y)", 2, Claim::domain, [](A v) { return v[1] == 0; },
                                        [](Solver& s, const Vars& x) { bool_xor(s, x[0], x[0], x[1]); }), 2, 2));
    specs.push_back(boolean(simple_spec("eq_reif", 3, Claim::domain, [](A v) { return v[2] == (v[0] == v[1] ? 1 : 0); },
                                        [](Solver& s, const Vars& x) { bool_eq_reified(s, x[0], x[1], x[2]); }), 3, 3));
    specs.push_back(boolean(simple_spec("not", 2, Claim::domain, [](A v) { return v[0] != v[1]; },
                                        [](Solver& s, const Vars& x) { bool_not(s, x[0], x[1]); }), 2, 2));
    for (Relation rel : {Relation::equal, Relation::less_equal, Relation::greater_equal}) specs.push_back(bool_sum_spec(rel));
    return specs;
}

// ---- Global constraints ----

ConstraintSpec all_different_spec(Consistency c) {
    const char* strength = c == Consistency::value ? "value" : (c == Consistency::bounds ? "bounds" : "domain");
    const Claim claim = c == Consistency::domain ? Claim::domain : (c == Consistency::bounds ? Claim::value | Claim::bounds : Claim::value);
    ConstraintSpec spec = simple_spec(std::string("all_different(") + strength + ")", 0, claim, all_distinct,
                                      [c](Solver& s, const Vars& x) { all_different(s, x, c); });
    spec.min_arity = 2;
    spec.max_arity = 6;
    return spec;
}

// distinct_sum: pairwise different values adding up to a drawn total, near the sums
// that n distinct values of [-2, 4] can make (and sometimes just outside). `variant`:
// "" small bitset domains, where the set sweeps are claimed domain consistent;
// "(wide)" also values far apart and bounds-only domains, which get all_different and
// sum apart (value consistent); "(repeated)" a variable listed twice (never holds).
ConstraintSpec distinct_sum_spec(const std::string& variant) {
    const bool plain = variant.empty();
    const bool repeated = variant == "(repeated)";
    const Claim claim = plain ? Claim::domain : (repeated ? Claim::soundness : Claim::value);
    ConstraintSpec spec = make("distinct_sum" + (plain ? std::string() : " " + variant), 1, repeated ? 4 : 6, claim, [repeated](Random& r, int n) {
        const int k = repeated ? n + 1 : n;
        const std::int64_t lowest = std::int64_t{k} * (k - 1) / 2 - 2 * k;  // -2 + -1 + ...
        const std::int64_t highest = 4 * std::int64_t{k} - std::int64_t{k} * (k - 1) / 2;
        const std::int64_t total = lowest - 1 + static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(highest - lowest + 3)));
        auto word = [repeated](const auto& x) {
            auto w = x;
            if (repeated) w.push_back(x[0]);
            return w;
        };
        auto holds = [=](const Assignment& a) {
            const Assignment w = word(a);
            std::int64_t sum = 0;
            for (int v : w) sum += v;
            return sum == total && all_distinct(w);
        };
        return Constraint{holds, [=](Solver& s, const Vars& x) { distinct_sum(s, word(x), total); }, {}};
    });
    spec.wide_values = !plain;
    spec.bounds_only = !plain;
    spec.bounds_only_claim = repeated ? Claim::soundness : Claim::value;
    return spec;
}

// Calls f on every tuple of [lo, hi]^arity.
template <class F>
void for_each_tuple(int arity, int lo, int hi, F&& f) {
    std::vector<int> t(static_cast<std::size_t>(arity), lo);
    for (;;) {
        f(t);
        int i = 0;
        while (i < arity && ++t[static_cast<std::size_t>(i)] > hi) t[static_cast<std::size_t>(i++)] = lo;
        if (i == arity) return;
    }
}

// A random table over [lo, hi]^arity: empty, full, or of a random density, with some
// duplicates and a tuple outside [lo, hi] (dropped by the post function).
Tuples random_tuples(Random& r, int arity, int lo, int hi) {
    Tuples out;
    const int kind = static_cast<int>(r.below(8));
    if (kind == 0) return out;
    const std::uint64_t per_mille[] = {1000, 20, 100, 300, 500, 800, 950};
    const std::uint64_t density = per_mille[kind - 1];
    for_each_tuple(arity, lo, hi, [&](const std::vector<int>& t) {
        if (r.below(1000) < density) out.push_back(t);
    });
    if (!out.empty() && r.below(2) == 0) {
        for (int k = 0; k < 3; ++k) out.push_back(out[r.below(out.size())]);
        out.push_back(std::vector<int>(static_cast<std::size_t>(arity), hi + 1));
        std::swap(out.front(), out.back());
    }
    return out;
}

// table / forbidden_table, through the vector form or a shared TupleSet (which keeps
// invalid tuples at the root and drops them in the first run instead of at post).
// With `repeated`, the scope is (x0, ..., xn-1, x0).
ConstraintSpec table_spec(bool positive, bool shared, bool repeated) {
    std::string name = positive ? "table" : "forbidden_table";
    if (shared) name = "shared_" + name;
    if (repeated) name += " with a repeated variable";
    ConstraintSpec spec = make(name, 1, repeated ? 4 : 5, Claim::domain, [=](Random& r, int n) {
        const int arity = repeated ? n + 1 : n;
        const Tuples tuples = random_tuples(r, arity, -2, 4);
        Tuples sorted = tuples;
        std::sort(sorted.begin(), sorted.end());
        auto scope = [=](const auto& x) {
            auto y = x;
            if (repeated) y.push_back(x[0]);
            return y;
        };
        auto holds = [=](const Assignment& x) { return std::binary_search(sorted.begin(), sorted.end(), scope(x)) == positive; };
        auto post = [=](Solver& s, const Vars& x) {
            if (!shared) {
                positive ? table(s, scope(x), tuples) : forbidden_table(s, scope(x), tuples);
                return;
            }
            std::string error;
            std::shared_ptr<const TupleSet> set = TupleSet::make(arity, tuples, error);
            REQUIRE(set);
            positive ? shared_table(s, scope(x), set) : shared_forbidden_table(s, scope(x), set);
        };
        return Constraint{holds, post, {}};
    });
    spec.bounds_only_claim = Claim::value;  // table.hpp: forward checking on bounds-only domains
    return spec;
}

// A ternary table over [-10, 20]: hundreds to thousands of tuples.
ConstraintSpec large_table_spec(bool positive) {
    ConstraintSpec spec = make(positive ? "table(large)" : "forbidden_table(large)", 3, 3, Claim::domain, [positive](Random& r, int) {
        const std::uint64_t density = positive ? 40 + r.below(200) : 700 + r.below(300);
        Tuples tuples;
        for_each_tuple(3, -10, 20, [&](const std::vector<int>& t) {
            if (r.below(1000) < density) tuples.push_back(t);
        });
        Tuples sorted = tuples;  // (for_each_tuple counts with x0 fastest: not sorted)
        std::sort(sorted.begin(), sorted.end());
        auto holds = [=](const Assignment& x) { return std::binary_search(sorted.begin(), sorted.end(), x) == positive; };
        auto post = [=](Solver& s, const Vars& x) { positive ? table(s, x, tuples) : forbidden_table(s, x, tuples); };
        return Constraint{holds, post, {}};
    });
    spec.bounds_only_claim = Claim::value;  // table.hpp: forward checking on bounds-only domains
    spec.in_random_models = false;
    spec.min_value = -10;
    spec.max_value = 20;
    return spec;
}

// Two or three tables over random scopes of the variables: their interplay (one
// failing cuts the others' propagation short) under the bench.
ConstraintSpec several_tables_spec() {
    return make("several tables", 3, 5, Claim::soundness, [](Random& r, int n) {
        struct Part {
            std::vector<int> scope;
            Tuples sorted;
            Tuples tuples;
            bool positive;
            bool shared;
        };
        std::vector<Part> parts;
        const int count = 2 + static_cast<int>(r.below(2));
        for (int k = 0; k < count; ++k) {
            Part p;
            const int arity = 2 + static_cast<int>(r.below(2));
            for (int i = 0; i < arity; ++i) p.scope.push_back(static_cast<int>(r.below(static_cast<std::uint64_t>(n))));
            p.tuples = random_tuples(r, arity, -2, 4);
            p.sorted = p.tuples;
            std::sort(p.sorted.begin(), p.sorted.end());
            p.positive = r.below(3) != 0;
            p.shared = r.below(2) != 0;
            parts.push_back(std::move(p));
        }
        auto holds = [=](const Assignment& x) {
            for (const Part& p : parts) {
                std::vector<int> t;
                for (int i : p.scope) t.push_back(x[static_cast<std::size_t>(i)]);
                if (std::binary_search(p.sorted.begin(), p.sorted.end(), t) != p.positive) return false;
            }
            return true;
        };
        auto post = [=](Solver& s, const Vars& x) {
            for (const Part& p : parts) {
                Vars scope;
                for (int i : p.scope) scope.push_back(x[static_cast<std::size_t>(i)]);
                if (!p.shared) {
                    p.positive ? table(s, scope, p.tuples) : forbidden_table(s, scope, p.tuples);
                    continue;
                }
                std::string error;
                std::shared_ptr<const TupleSet> set = TupleSet::make(static_cast<int>(scope.size()), p.tuples, error);
                p.positive ? shared_table(s, scope, set) : shared_forbidden_table(s, scope, set);
            }
        };
        return Constraint{holds, post, {}};
    });
}


// ---- Counting, cardinality, ordering and automaton globals (globals-a) ----

// A random set of values within [lo, hi] (possibly empty, possibly with a value
// outside every domain).
std::vector<int> random_values(Random& r, int lo, int hi) {
    std::vector<int> values;
    for (int v = lo; v <= hi; ++v) {
        if (r.below(3) == 0) values.push_back(v);
    }
    if (r.below(4) == 0) values.push_back(hi + 3);
    return values;
}

bool listed(const std::vector<int>& values, int v) { return std::find(values.begin(), values.end(), v) != values.end(); }

// count_among: x0..x(n-2) the variables, the last one the count. With `repeated`
// the variables are (x0, ..., x(n-2), x0): x0 counts twice, which Among does not see
// (it is only sound then). With `itself` the count is the last variable too, as in
// magic series (count(x, i, x[i])); sound only as well. With `far`, S also holds
// 1000, a value no variable can take: S reaches far past every domain.
ConstraintSpec among_spec(bool repeated, bool itself, bool far) {
    std::string name = "count_among";
    if (repeated) name += " with a repeated variable";
    if (itself) name += " counting itself";
    if (far) name += ", S with a far value";
    const bool exact = !repeated && !itself;
    ConstraintSpec spec = make(name, 2, exact ? 6 : 5, exact ? Claim::domain : Claim::soundness, [=](Random& r, int) {
        std::vector<int> values = random_values(r, -2, 4);
        if (far) values.push_back(1000);
        auto scope = [=](const auto& x) {
            auto y = x;
            if (!itself) y.pop_back();
            if (repeated) y.push_back(x[0]);
            return y;
        };
        auto holds = [=](const Assignment& x) {
            int n = 0;
            for (const int v : scope(x)) n += listed(values, v) ? 1 : 0;
            return n == x.back();
        };
        return Constraint{holds, [=](Solver& s, const Vars& x) { count_among(s, scope(x), values, x.back()); }, {}};
    });
    spec.min_value = -2;
    spec.max_value = 4;
    return spec;
}

// count_equal: x0..x(n-3) the variables, then the value, then the count.
ConstraintSpec count_equal_spec() {
    ConstraintSpec spec = simple_spec("count_equal", 0, Claim::value,
        [](const Assignment& x) {
            const std::size_t n = x.size() - 2;
            int c = 0;
            for (std::size_t i = 0; i < n; ++i) c += x[i] == x[n] ? 1 : 0;
            return c == x[n + 1];
        },
        [](Solver& s, const Vars& x) { count_equal(s, Vars(x.begin(), x.end() - 2), x[x.size() - 2], x.back()); });
    spec.min_arity = 3;
    spec.max_arity = 6;
    spec.min_value = -1;
    spec.max_value = 3;
    spec.bounds_only_claim = Claim::value;  // count.hpp: a bounds-only value is tested at its bounds only
    return spec;
}


// global_cardinality: the last m variables are the counts of m values (a value may
// be listed twice: its two counts are then equal).
ConstraintSpec global_cardinality_spec(bool closed) {
    ConstraintSpec spec = make(closed ? "global_cardinality(closed)" : "global_cardinality", 2, 6, Claim::value, [closed](Random& r, int n) {
        const int m = 1 + static_cast<int>(r.below(static_cast<std::uint64_t>(std::min(3, n - 1))));
        std::vector<int> values;
        for (int j = 0; j < m; ++j) values.push_back(uniform(r, -1, 3));
        const std::size_t k = static_cast<std::size_t>(n - m);
        auto holds = [=](const Assignment& x) {
            for (std::size_t i = 0; i < k; ++i) {
                if (closed && !listed(values, x[i])) return false;
            }
            for (std::size_t j = 0; j < values.size(); ++j) {
                int c = 0;
                for (std::size_t i = 0; i < k; ++i) c += x[i] == values[j] ? 1 : 0;
                if (c != x[k + j]) return false;
            }
            return true;
        };
        auto post = [=](Solver& s, const Vars& x) {
            global_cardinality(s, Vars(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(k)), values,
                               Vars(x.begin() + static_cast<std::ptrdiff_t>(k), x.end()), closed);
        };
        return Constraint{holds, post, {}};
    });
    spec.min_value = -1;
    spec.max_value = 3;
    spec.bounds_only_claim = Claim::value;  // global_cardinality.hpp: value consistency
    return spec;
}

// n_values: x0..x(n-2) the variables, the last one the number of distinct values
// (outside a random exception set when `with_except`).
ConstraintSpec n_values_spec(bool with_except) {
    ConstraintSpec spec = make(with_except ? "n_values(except)" : "n_values", 2, 6, Claim::value, [with_except](Random& r, int) {
        const std::vector<int> except = with_except ? random_values(r, -1, 3) : std::vector<int>{};
        auto holds = [=](const Assignment& x) {
            std::vector<int> seen;
            for (std::size_t i = 0; i + 1 < x.size(); ++i) {
                if (!listed(except, x[i]) && !listed(seen, x[i])) seen.push_back(x[i]);
            }
            return static_cast<int>(seen.size()) == x.back();
        };
        return Constraint{holds, [=](Solver& s, const Vars& x) { n_values(s, except_last(x), x.back(), except); }, {}};
    });
    spec.min_value = -1;
    spec.max_value = 3;
    spec.bounds_only_claim = Claim::value;  // n_values.hpp: value consistency
    return spec;
}

// x <=lex y (x <lex y): x the first k variables, y the rest; k = n / 2, or any split
// when `lengths` (arrays of different lengths), or y = x reversed when `shared`.
bool lex_holds(const Assignment& x, const Assignment& y, bool strict) {
    const std::size_t m = std::min(x.size(), y.size());
    for (std::size_t i = 0; i < m; ++i) {
        if (x[i] != y[i]) return x[i] < y[i];
    }
    return strict ? x.size() < y.size() : x.size() <= y.size();
}

ConstraintSpec lex_spec(bool strict, const char* variant) {
    const std::string kind = variant;
    ConstraintSpec spec = make(std::string(strict ? "lex_less" : "lex_less_equal") + variant, kind == "(shared)" ? 2 : 2, 6,
                               kind == "(shared)" ? Claim::soundness : Claim::domain, [=](Random& r, int n) {
        const std::size_t k = kind == "(lengths)" ? static_cast<std::size_t>(r.below(static_cast<std::uint64_t>(n + 1)))
                                                  : static_cast<std::size_t>(n / 2);
        auto split = [=](const auto& all, auto& x, auto& y) {
            if (kind == "(shared)") {
                x.assign(all.begin(), all.end());
                y.assign(all.rbegin(), all.rend());
                return;
            }
            x.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k));
            y.assign(all.begin() + static_cast<std::ptrdiff_t>(k), all.end());
        };
        auto holds = [=](const Assignment& a) {
            Assignment x, y;
            split(a, x, y);
            return lex_holds(x, y, strict);
        };
        auto post = [=](Solver& s, const Vars& all) {
            Vars x, y;
            split(all, x, y);
            strict ? lex_less(s, x, y) : lex_less_equal(s, x, y);
        };
        return Constraint{holds, post, {}};
    });
    spec.min_value = -1;
    spec.max_value = 3;
    return spec;
}

// regular: a random automaton of 1..5 states over values in [-1, 3], deterministic
// or not; with `repeated`, the word is (x0, ..., xn-1, x0).
ConstraintSpec regular_spec(bool repeated) {
    ConstraintSpec spec = make(repeated ? "regular with a repeated variable" : "regular", 1, repeated ? 4 : 6,
                               repeated ? Claim::soundness : Claim::domain, [repeated](Random& r, int) {
        Automaton a;
        a.states = 1 + static_cast<int>(r.below(5));
        a.initial = static_cast<int>(r.below(static_cast<std::uint64_t>(a.states)));
        const std::uint64_t density = 20 + r.below(50);  // percent of (state, value, state) triples
        const bool deterministic = r.below(2) == 0;
        for (int q = 0; q < a.states; ++q) {
            for (int v = -1; v <= 3; ++v) {
                for (int t = 0; t < a.states; ++t) {
                    if (r.below(100) >= density) continue;
                    a.transitions.push_back({q, v, t});
                    if (deterministic) break;
                }
            }
            if (r.below(3) != 0) a.accepting.push_back(q);
        }
        auto word = [=](const auto& x) {
            auto w = x;
            if (repeated) w.push_back(x[0]);
            return w;
        };
        auto holds = [=](const Assignment& x) { return automaton_accepts(a, word(x)); };
        return Constraint{holds, [=](Solver& s, const Vars& x) { regular(s, word(x), a); }, {}};
    });
    spec.min_value = -2;
    spec.max_value = 4;
    return spec;
}

std::vector<ConstraintSpec> globals_a_specs() {
    std::vector<ConstraintSpec> specs;
    specs.push_back(among_spec(false, false, false));
    specs.push_back(among_spec(true, false, false));
    specs.push_back(among_spec(false, true, false));
    specs.push_back(among_spec(false, false, true));
    specs.push_back(count_equal_spec());
    specs.push_back(global_cardinality_spec(false));
    specs.push_back(global_cardinality_spec(true));
    specs.push_back(n_values_spec(false));
    specs.push_back(n_values_spec(true));
    for (bool strict : {false, true}) {
        for (const char* variant : {"", "(lengths)", "(shared)"}) specs.push_back(lex_spec(strict, variant));
    }
    specs.push_back(regular_spec(false));
    specs.push_back(regular_spec(true));
    return specs;
}

std::vector<ConstraintSpec> make_catalog() {
    std::vector<ConstraintSpec> specs;
    for (Relation rel : {Relation::equal, Relation::less_equal, Relation::greater_equal, Relation::not_equal}) {
        specs.push_back(linear_spec(rel, false, Claim::value, Claim::soundness));
    }
    for (Relation rel : {Relation::less_equal, Relation::greater_equal}) {
        specs.push_back(linear_spec(rel, true, Claim::value | Claim::bounds, Claim::bounds));
        specs.push_back(sum_spec(rel));
    }
    specs.push_back(repeated_linear_spec());
    specs.push_back(offset_spec(Relation::equal, Claim::domain, Claim::soundness));
    specs.push_back(offset_spec(Relation::not_equal, Claim::domain, Claim::soundness));
    specs.push_back(offset_spec(Relation::less_equal, Claim::value | Claim::bounds, Claim::bounds));
    using I = int;
    specs.push_back(comparison_spec("x=y", [](I x, I y) { return x == y; }, equal, equal_reified, Claim::domain, Claim::soundness));
    specs.push_back(comparison_spec("x!=y", [](I x, I y) { return x != y; }, not_equal, not_equal_reified, Claim::domain, Claim::soundness));
    specs.push_back(comparison_spec("x<=y", [](I x, I y) { return x <= y; }, less_equal, less_equal_reified, Claim::value | Claim::bounds, Claim::bounds));
    specs.push_back(comparison_spec("x<y", [](I x, I y) { return x < y; }, less, less_reified, Claim::value | Claim::bounds, Claim::bounds));
    specs.push_back(member_spec());
    specs.push_back(constant_spec(true));
    specs.push_back(constant_spec(false));
    specs.push_back(element_spec());
    specs.push_back(element_var_spec());

    specs.push_back(ternary_spec("times", Op::times, times, -4, 5));
    specs.push_back(ternary_spec("div", Op::divide, divide, -5, 5));
    specs.push_back(ternary_spec("mod", Op::modulo, modulo, -5, 5));
    specs.push_back(ternary_spec("pow", Op::power, power, -3, 4));
    specs.push_back(ternary_spec("times(wide)", Op::times, times, -9, 12));
    specs.push_back(ternary_spec("div(wide)", Op::divide, divide, -12, 9));
    specs.push_back(ternary_spec("mod(wide)", Op::modulo, modulo, -12, 9));
    specs.push_back(ternary_spec("pow(wide)", Op::power, power, -4, 9));
    specs.push_back(far_ternary_spec("times(far)", Op::times, times));
    specs.push_back(far_ternary_spec("div(far)", Op::divide, divide));
    specs.push_back(far_ternary_spec("mod(far)", Op::modulo, modulo));
    specs.push_back(far_ternary_spec("pow(far)", Op::power, power));
    specs.push_back(aliased_spec("x*y=x", Op::times, times));
    specs.push_back(aliased_spec("x div y=x", Op::divide, divide));
    specs.push_back(aliased_spec("x mod y=x", Op::modulo, modulo));
    specs.push_back(aliased_spec("x^y=x", Op::power, power));
    {
        ConstraintSpec square = simple_spec("x*x", 2, Claim::bounds, [](const Assignment& v) { return std::int64_t{v[0]} * v[0] == v[1]; },
                                            [](Solver& s, const Vars& x) { times(s, x[0], x[0], x[1]); });
        square.min_value = -4;
        square.max_value = 9;
        specs.push_back(square);
        ConstraintSpec abs = simple_spec("abs", 2, Claim::domain, [](const Assignment& v) { return std::abs(v[0]) == v[1]; },
                                         [](Solver& s, const Vars& x) { absolute(s, x[0], x[1]); });
        abs.min_value = -5;
        abs.max_value = 5;
        abs.bounds_only_claim = Claim::bounds;  // arithmetic.hpp: bounds(Z) unless both are bitsets
        specs.push_back(abs);
    }
    for (bool array : {false, true}) {
        specs.push_back(min_max_spec(false, array));
        specs.push_back(min_max_spec(true, array));
    }
    for (ConstraintSpec& spec : boolean_specs()) specs.push_back(std::move(spec));
    for (Consistency c : {Consistency::value, Consistency::bounds, Consistency::domain}) specs.push_back(all_different_spec(c));
    for (const char* variant : {"", "(wide)", "(repeated)"}) specs.push_back(distinct_sum_spec(variant));
    for (bool positive : {true, false}) {
        for (bool shared : {false, true}) {
            for (bool repeated : {false, true}) specs.push_back(table_spec(positive, shared, repeated));
        }
        specs.push_back(large_table_spec(positive));
    }
    specs.push_back(several_tables_spec());
    for (ConstraintSpec& spec : graph_and_scheduling_specs()) specs.push_back(std::move(spec));
    for (ConstraintSpec& spec : globals_a_specs()) specs.push_back(std::move(spec));
    for (ConstraintSpec& spec : visibility_specs()) specs.push_back(std::move(spec));
    return specs;
}

}  // namespace

bool all_distinct(const Assignment& a) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        for (std::size_t j = i + 1; j < a.size(); ++j) {
            if (a[i] == a[j]) return false;
        }
    }
    return true;
}

bool int_pow(std::int64_t x, std::int64_t y, std::int64_t& z) {
    if (y < 0) {
        if (x == 0) return false;  // 1 div 0
        z = x == 1 ? 1 : (x == -1 ? (y % 2 == 0 ? 1 : -1) : 0);
        return true;
    }
    constexpr std::int64_t cap = std::int64_t{1} << 50;
    z = 1;
    for (std::int64_t k = 0; k < y; ++k) {
        z *= x;
        if (z > cap || z < -cap) {
            z = z > 0 ? cap : -cap;
            return true;
        }
        if (z == 0 || z == 1) return true;
        if (z == -1) {
            z = (y - k - 1) % 2 == 0 ? -1 : 1;
            return true;
        }
    }
    return true;
}

const std::vector<ConstraintSpec>& all() {
    static const std::vector<ConstraintSpec> specs = make_catalog();
    return specs;
}

const ConstraintSpec& spec(const std::string& name) {
    for (const ConstraintSpec& s : all()) {
        if (s.name == name) return s;
    }
    FAIL("no constraint named " << name << " in the catalog");
    return all().front();
}

std::vector<const ConstraintSpec*> starting_with(const std::string& prefix) {
    std::vector<const ConstraintSpec*> out;
    for (const ConstraintSpec& s : all()) {
        if (s.name.rfind(prefix, 0) == 0) out.push_back(&s);
    }
    return out;
}

std::string check(std::initializer_list<const char*> names, const CheckOptions& options) {
    for (const char* name : names) {
        if (std::string e = check_constraint(spec(name), options); !e.empty()) return e;
    }
    return {};
}

ConstraintSpec reified_with_variable(const ConstraintSpec& spec, bool implication) {
    ConstraintSpec out = spec;
    out.name = (implication ? "b=>" : "b<=>") + spec.name + " (b a variable)";
    out.min_arity = spec.min_arity + 1;
    out.max_arity = spec.max_arity + 1;
    out.claim = Claim::soundness;
    out.bounds_only = false;
    out.draw = [draw = spec.draw, implication](Random& r, int n) {
        const Constraint c = draw(r, n - 1);
        auto holds = [holds = c.holds, implication](const Assignment& x) {
            const int b = x.back();
            if (b != 0 && b != 1) return false;
            const bool inner = holds(Assignment(x.begin(), x.end() - 1));
            return implication ? b == 0 || inner : (b == 1) == inner;
        };
        auto post = [post_reified = c.post_reified, implication](Solver& s, const std::vector<IntVar>& x) {
            const IntVar b = x.back();
            if (is_failure(s.set_min(b, 0)) || is_failure(s.set_max(b, 1))) {
                s.fail();
                return;
            }
            post_reified(s, std::vector<IntVar>(x.begin(), x.end() - 1), b, implication ? Reification::implication : Reification::equivalence);
        };
        return Constraint{holds, post, {}};
    };
    return out;
}

ConstraintSpec with_post(const ConstraintSpec& spec, std::string name, std::function<void(Solver&, const std::vector<IntVar>&)> post) {
    ConstraintSpec out = spec;
    out.name = std::move(name);
    out.draw = [draw = spec.draw, post = std::move(post)](Random& r, int n) {
        Constraint c = draw(r, n);
        return Constraint{c.holds, post, {}};
    };
    return out;
}

}  // namespace prune::test::catalog
