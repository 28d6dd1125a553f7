// The catalog's graph and scheduling globals (issue 19): circuit, subcircuit,
// inverse, cumulative, disjunctive, no_overlap_2d. Kept apart from
// constraint_catalog.cpp so that the predicates (the reference semantics the bench
// checks the propagators against) read on their own; make_catalog() appends them.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "constraint_catalog_parts.hpp"
#include "engine/propagators/circuit.hpp"

namespace prune::test::catalog {
namespace {

using Vars = std::vector<IntVar>;

// ---- circuit / subcircuit ----

// The successor of node i (0-based), or -1 when x[i] - offset is no node.
int successor_of(const Assignment& x, std::size_t i, int offset) {
    const std::int64_t j = std::int64_t{x[i]} - offset;
    return j < 0 || j >= static_cast<std::int64_t>(x.size()) ? -1 : static_cast<int>(j);
}

// Every node in, one cycle through all of them.
bool is_circuit(const Assignment& x, int offset) {
    const int n = static_cast<int>(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (successor_of(x, i, offset) < 0) return false;
    }
    if (!all_distinct(x)) return false;
    int length = 1;
    for (int j = successor_of(x, 0, offset); j != 0; j = successor_of(x, static_cast<std::size_t>(j), offset)) ++length;
    return length == n;
}

// A permutation whose non-loop nodes form at most one cycle (exactly one without allow_empty).
bool is_subcircuit(const Assignment& x, int offset, bool allow_empty) {
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (successor_of(x, i, offset) < 0) return false;
    }
    if (!all_distinct(x)) return false;
    int in = 0, first = -1;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (successor_of(x, i, offset) != static_cast<int>(i)) {
            ++in;
            if (first < 0) first = static_cast<int>(i);
        }
    }
    if (in == 0) return allow_empty;
    int length = 1;
    for (int j = successor_of(x, static_cast<std::size_t>(first), offset); j != first;
         j = successor_of(x, static_cast<std::size_t>(j), offset)) {
        ++length;
    }
    return length == in;
}

// `alone`: circuit_propagator_alone_spec (constraint_catalog.hpp).
ConstraintSpec circuit_spec(bool sub, bool allow_empty, bool alone = false) {
    std::string name = sub ? (allow_empty ? "subcircuit" : "subcircuit(nonempty)") : "circuit";
    if (alone) name += sub ? "(no-sub-cycle alone)" : "(no-sub-tour alone)";
    ConstraintSpec spec = make(name, 1, 5, alone ? Claim::soundness : Claim::value, [sub, allow_empty, alone](Random& r, int) {
        const int offset = uniform(r, -1, 1);
        auto holds = [=](const Assignment& x) { return sub ? is_subcircuit(x, offset, allow_empty) : is_circuit(x, offset); };
        auto post = [=](Solver& s, const Vars& x) {
            if (!alone || (!sub && x.size() == 1)) {  // (one node: circuit() fixes its loop)
                sub ? subcircuit(s, x, offset, allow_empty) : circuit(s, x, offset);
            } else if (sub) {
                s.add(std::make_unique<NoSubcycle>(x, offset, allow_empty));
            } else {
                s.add(std::make_unique<NoSubtour>(x, offset));
            }
        };
        return Constraint{holds, post, {}};
    });
    spec.min_value = -1;
    spec.max_value = 5;
    return spec;
}


// ---- inverse ----

// f = x[0..k), g = x[k..2k) with k = n / 2 (an odd arity leaves the last variable free).
// The all_different(f) inverse adds is at `consistency`: domain (the default) claims
// domain consistency, value (what FlatZinc posts under learning) forward checking.
ConstraintSpec inverse_spec(const char* name, Claim claim, Consistency consistency) {
    ConstraintSpec spec = make(name, 2, 6, claim, [consistency](Random& r, int n) {
        const int k = n / 2, f_offset = uniform(r, 0, 1), g_offset = uniform(r, -1, 1);
        auto holds = [=](const Assignment& x) {
            for (int i = 0; i < k; ++i) {
                const std::int64_t j = std::int64_t{x[static_cast<std::size_t>(i)]} - g_offset;
                if (j < 0 || j >= k || x[static_cast<std::size_t>(k + j)] != f_offset + i) return false;
            }
            return true;  // f maps into g's positions and g undoes it: f is a bijection, g its inverse
        };
        auto post = [=](Solver& s, const Vars& x) {
            inverse(s, Vars(x.begin(), x.begin() + k), Vars(x.begin() + k, x.begin() + 2 * k), f_offset, g_offset,
                    consistency);
        };
        return Constraint{holds, post, {}};
    });
    spec.min_value = -1;
    spec.max_value = 3;
    return spec;
}

// inverse(x, x): x is an involution, x[x[i]] = i (XCSP3's channel on one list).
ConstraintSpec self_inverse_spec() {
    ConstraintSpec spec = make("inverse(x,x)", 1, 5, Claim::value, [](Random& r, int n) {
        const int offset = uniform(r, -1, 1);
        auto holds = [=](const Assignment& x) {
            for (int i = 0; i < n; ++i) {
                const std::int64_t j = std::int64_t{x[static_cast<std::size_t>(i)]} - offset;
                if (j < 0 || j >= n || x[static_cast<std::size_t>(j)] != offset + i) return false;
            }
            return true;
        };
        return Constraint{holds, [=](Solver& s, const Vars& x) { inverse(s, x, x, offset, offset); }, {}};
    });
    spec.min_value = -1;
    spec.max_value = 4;
    return spec;
}

// ---- scheduling ----

struct Tasks {
    std::vector<int> start, duration, height;
};

// At every time the running tasks' heights sum to at most capacity; sizes >= 0.
bool cumulative_holds(const Tasks& t, int capacity) {
    if (capacity < 0) return false;
    const std::size_t n = t.start.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (t.duration[i] < 0 || t.height[i] < 0) return false;
    }
    for (std::size_t i = 0; i < n; ++i) {  // the usage peaks at some task's start
        if (t.duration[i] == 0) continue;
        std::int64_t usage = 0;
        for (std::size_t j = 0; j < n; ++j) {
            const std::int64_t at = t.start[i];
            if (t.start[j] <= at && at < std::int64_t{t.start[j]} + t.duration[j]) usage += t.height[j];
        }
        if (usage > capacity) return false;
    }
    return true;
}

bool disjunctive_holds(const Tasks& t, bool zero_ignored) {
    const std::size_t n = t.start.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (t.duration[i] < 0) return false;
    }
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            if (zero_ignored && (t.duration[i] == 0 || t.duration[j] == 0)) continue;
            if (std::int64_t{t.start[i]} + t.duration[i] > t.start[j] && std::int64_t{t.start[j]} + t.duration[j] > t.start[i]) return false;
        }
    }
    return true;
}

Vars fixed_vars(Solver& s, const std::vector<int>& values) {
    Vars out;
    for (int v : values) out.push_back(s.new_int_var(v, v));
    return out;
}

std::vector<int> draw_values(Random& r, std::size_t n, int lo, int hi) {
    std::vector<int> out;
    for (std::size_t i = 0; i < n; ++i) out.push_back(uniform(r, lo, hi));
    return out;
}

// Starts are the variables (the last one the capacity, for cumulative), durations and
// heights drawn constants.
ConstraintSpec constant_size_spec(const std::string& kind) {
    const bool cumul = kind == "cumulative";
    const bool zero_ignored = kind != "disjunctive_strict";
    ConstraintSpec spec = make(kind, 2, 5, Claim::soundness, [=](Random& r, int n) {
        const std::size_t tasks = static_cast<std::size_t>(cumul ? n - 1 : n);
        const std::vector<int> duration = draw_values(r, tasks, 0, 3), height = draw_values(r, tasks, 0, 2);
        auto holds = [=](const Assignment& x) {
            const Tasks t{std::vector<int>(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(tasks)), duration, height};
            return cumul ? cumulative_holds(t, x.back()) : disjunctive_holds(t, zero_ignored);
        };
        auto post = [=](Solver& s, const Vars& x) {
            const Vars starts(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(tasks));
            if (cumul) cumulative(s, starts, fixed_vars(s, duration), fixed_vars(s, height), x.back());
            else disjunctive(s, starts, fixed_vars(s, duration), zero_ignored);
        };
        return Constraint{holds, post, {}};
    });
    return spec;
}

// Every argument a variable: (s, d, h) per task then the capacity, or (s, d) per task.
ConstraintSpec variable_size_spec(const std::string& kind) {
    const bool cumul = kind == "cumulative";
    const bool zero_ignored = kind != "disjunctive_strict";
    const int arity = cumul ? 7 : 6;
    ConstraintSpec spec = make(kind + "(var)", arity, arity, Claim::soundness, [=](Random&, int) {
        const std::size_t width = cumul ? 3 : 2, tasks = cumul ? 2 : 3;
        auto column = [=](const auto& x, std::size_t k) {
            std::remove_cvref_t<decltype(x)> out;
            for (std::size_t i = 0; i < tasks; ++i) out.push_back(x[i * width + k]);
            return out;
        };
        auto holds = [=](const Assignment& x) {
            const Tasks t{column(x, 0), column(x, 1), cumul ? column(x, 2) : std::vector<int>(tasks, 1)};
            return cumul ? cumulative_holds(t, x.back()) : disjunctive_holds(t, zero_ignored);
        };
        auto post = [=](Solver& s, const Vars& x) {
            if (cumul) cumulative(s, column(x, 0), column(x, 1), column(x, 2), x.back());
            else disjunctive(s, column(x, 0), column(x, 1), zero_ignored);
        };
        return Constraint{holds, post, {}};
    });
    // (-1 exercises the post function's sizes >= 0; seven variables of cumulative stay
    // within 0..3 to keep its brute force under a second or two.)
    spec.min_value = cumul ? 0 : -1;
    spec.max_value = 3;
    spec.wide_values = false;  // far values in every position make the product too large
    return spec;
}

// One open start among fixed tasks: time-tabling (and the pairwise reasoning) must
// then leave the start's bounds supported.
ConstraintSpec one_open_task_spec(const std::string& kind) {
    const bool cumul = kind == "cumulative";
    ConstraintSpec spec = make(kind + "(one open task)", 1, 1, Claim::bounds, [=](Random& r, int) {
        const std::size_t fixed = 1 + r.below(3);
        const std::vector<int> start = draw_values(r, fixed, -3, 5), duration = draw_values(r, fixed + 1, 1, 3),
                               height = draw_values(r, fixed + 1, 1, 2);
        const int capacity = uniform(r, 1, 3);
        auto holds = [=](const Assignment& x) {
            Tasks t{start, duration, height};
            t.start.push_back(x[0]);
            return cumul ? cumulative_holds(t, capacity) : disjunctive_holds(t, true);
        };
        auto post = [=](Solver& s, const Vars& x) {
            Vars starts = fixed_vars(s, start);
            starts.push_back(x[0]);
            if (cumul) cumulative(s, starts, fixed_vars(s, duration), fixed_vars(s, height), s.new_int_var(capacity, capacity));
            else disjunctive(s, starts, fixed_vars(s, duration), true);
        };
        return Constraint{holds, post, {}};
    });
    spec.min_value = -5;
    spec.max_value = 8;
    return spec;
}

// ---- no_overlap_2d ----

struct Rectangles {
    std::vector<int> x, y, dx, dy;
};

bool no_overlap_2d_holds(const Rectangles& b, bool zero_ignored) {
    const std::size_t n = b.x.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (b.dx[i] < 0 || b.dy[i] < 0) return false;
    }
    auto empty = [&](std::size_t i) { return b.dx[i] == 0 || b.dy[i] == 0; };
    auto before = [](int a, int size, int c) { return std::int64_t{a} + size <= c; };
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            if (zero_ignored && (empty(i) || empty(j))) continue;
            if (!before(b.x[i], b.dx[i], b.x[j]) && !before(b.x[j], b.dx[j], b.x[i]) && !before(b.y[i], b.dy[i], b.y[j]) &&
                !before(b.y[j], b.dy[j], b.y[i])) {
                return false;
            }
        }
    }
    return true;
}

// (x, y) per rectangle with drawn sizes (an odd arity leaves the last variable free),
// or with `variable_sizes` (x, y, dx, dy) for two rectangles.
ConstraintSpec no_overlap_2d_spec(bool zero_ignored, bool variable_sizes) {
    std::string name = zero_ignored ? "no_overlap_2d" : "no_overlap_2d(strict)";
    if (variable_sizes) name += "(var)";
    const int width = variable_sizes ? 4 : 2;
    ConstraintSpec spec = make(name, variable_sizes ? 8 : 4, variable_sizes ? 8 : 6, Claim::soundness, [=](Random& r, int n) {
        const std::size_t count = static_cast<std::size_t>(n / width);
        const std::vector<int> dx = draw_values(r, count, 0, 2), dy = draw_values(r, count, 0, 2);
        auto column = [=](const auto& x, std::size_t k) {
            std::remove_cvref_t<decltype(x)> out;
            for (std::size_t i = 0; i < count; ++i) out.push_back(x[i * static_cast<std::size_t>(width) + k]);
            return out;
        };
        auto holds = [=](const Assignment& x) {
            const Rectangles b{column(x, 0), column(x, 1), variable_sizes ? column(x, 2) : dx, variable_sizes ? column(x, 3) : dy};
            return no_overlap_2d_holds(b, zero_ignored);
        };
        auto post = [=](Solver& s, const Vars& x) {
            if (variable_sizes) no_overlap_2d(s, column(x, 0), column(x, 1), column(x, 2), column(x, 3), zero_ignored);
            else no_overlap_2d(s, column(x, 0), column(x, 1), fixed_vars(s, dx), fixed_vars(s, dy), zero_ignored);
        };
        return Constraint{holds, post, {}};
    });
    spec.min_value = variable_sizes ? 0 : -1;
    spec.max_value = variable_sizes ? 2 : 3;
    spec.wide_values = !variable_sizes;
    return spec;
}

}  // namespace

ConstraintSpec circuit_propagator_alone_spec(bool sub) { return circuit_spec(sub, false, true); }

std::vector<ConstraintSpec> graph_and_scheduling_specs() {
    std::vector<ConstraintSpec> specs;
    specs.push_back(circuit_spec(false, true));
    specs.push_back(circuit_spec(true, true));
    specs.push_back(circuit_spec(true, false));
    specs.push_back(inverse_spec("inverse", Claim::domain, Consistency::domain));
    specs.push_back(self_inverse_spec());
    specs.push_back(inverse_spec("inverse(value)", Claim::value, Consistency::value));
    for (const char* kind : {"cumulative", "disjunctive", "disjunctive_strict"}) {
        specs.push_back(constant_size_spec(kind));
        specs.push_back(variable_size_spec(kind));
    }
    specs.push_back(one_open_task_spec("cumulative"));
    specs.push_back(one_open_task_spec("disjunctive"));
    for (bool zero_ignored : {true, false}) {
        specs.push_back(no_overlap_2d_spec(zero_ignored, false));
        specs.push_back(no_overlap_2d_spec(zero_ignored, true));
    }
    return specs;
}

}  // namespace prune::test::catalog
