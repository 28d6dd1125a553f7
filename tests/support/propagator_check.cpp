#include "propagator_check.hpp"

#include <algorithm>
#include <sstream>

namespace prune::test {
namespace {

using Domains = std::vector<std::vector<int>>;

std::string show(const Domains& d) {
    std::ostringstream out;
    for (std::size_t i = 0; i < d.size(); ++i) {
        out << (i ? " " : "") << "x" << i << "{";
        for (std::size_t k = 0; k < d[i].size(); ++k) out << (k ? "," : "") << d[i][k];
        out << "}";
    }
    return out.str();
}

std::string show(const Assignment& a) {
    std::ostringstream out;
    out << "(";
    for (std::size_t i = 0; i < a.size(); ++i) out << (i ? "," : "") << a[i];
    out << ")";
    return out.str();
}

// Calls f on every assignment of the product of `domains`.
template <class F>
void for_each_assignment(const Domains& domains, F&& f) {
    const std::size_t n = domains.size();
    Assignment a(n);
    std::vector<std::size_t> at(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (domains[i].empty()) return;
        a[i] = domains[i][0];
    }
    for (;;) {
        f(a);
        std::size_t i = 0;
        while (i < n) {
            if (++at[i] < domains[i].size()) {
                a[i] = domains[i][at[i]];
                break;
            }
            at[i] = 0;
            a[i] = domains[i][0];
            ++i;
        }
        if (i == n) return;
    }
}

Domains current_domains(const Solver& s, const std::vector<IntVar>& vars) {
    Domains d;
    for (IntVar x : vars) {
        d.emplace_back();
        s.for_each_value(x, [&](int v) { d.back().push_back(v); });
    }
    return d;
}

Domains random_domains(Random& r, int n, int lo, int hi) {
    Domains d(static_cast<std::size_t>(n));
    for (auto& values : d) {
        const int kind = static_cast<int>(r.below(4));
        if (kind == 0) {  // an interval
            int a = lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1)));
            int b = lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1)));
            if (a > b) std::swap(a, b);
            for (int v = a; v <= b; ++v) values.push_back(v);
        } else {  // a random subset
            for (int v = lo; v <= hi; ++v) {
                if (r.below(3) != 0) values.push_back(v);
            }
            if (values.empty()) values.push_back(lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1))));
        }
    }
    return d;
}

struct Instance {
    const ConstraintSpec* spec;
    std::uint64_t seed;
    bool holds(const Assignment& a) const { return spec->holds_with_seed ? spec->holds_with_seed(a, seed) : spec->holds(a); }
};

std::vector<IntVar> build(Solver& s, const Domains& domains, const Instance& inst) {
    std::vector<IntVar> vars;
    for (const auto& values : domains) vars.push_back(s.new_int_var(values));
    inst.spec->post(s, vars, inst.seed);
    return vars;
}

// Checks soundness and the claimed consistency of the current (propagated, not
// failed) domains `now` against brute force over `before` (the domains before the
// propagation being judged).
std::string check_state(const Instance& inst, const Domains& before, const Domains& now, bool failed) {
    std::vector<std::vector<char>> supported(now.size());
    for (std::size_t i = 0; i < now.size(); ++i) supported[i].assign(now[i].size(), 0);
    std::string error;
    bool any = false;
    for_each_assignment(before, [&](const Assignment& a) {
        if (!error.empty() || !inst.holds(a)) return;
        any = true;
        if (failed) {
            error = "propagation failed but " + show(a) + " is a solution";
            return;
        }
        for (std::size_t i = 0; i < a.size(); ++i) {
            auto it = std::lower_bound(now[i].begin(), now[i].end(), a[i]);
            if (it == now[i].end() || *it != a[i]) {
                error = "solution " + show(a) + " lost: x" + std::to_string(i) + " no longer holds " + std::to_string(a[i]);
                return;
            }
            supported[i][static_cast<std::size_t>(it - now[i].begin())] = 1;
        }
    });
    if (!error.empty() || failed) return error;
    if (inst.spec->claim == Claim::domain) {
        for (std::size_t i = 0; i < now.size(); ++i) {
            for (std::size_t k = 0; k < now[i].size(); ++k) {
                if (!supported[i][k]) return "not domain consistent: x" + std::to_string(i) + " = " + std::to_string(now[i][k]) + " has no support";
            }
        }
    }
    if (inst.spec->claim == Claim::bounds) {
        // bounds(Z): each bound has a support among integer points of the other boxes.
        Domains box(now.size());
        for (std::size_t i = 0; i < now.size(); ++i) {
            for (int v = now[i].front(); v <= now[i].back(); ++v) box[i].push_back(v);
        }
        for (std::size_t i = 0; i < now.size(); ++i) {
            for (int bound : {now[i].front(), now[i].back()}) {
                Domains fixed = box;
                fixed[i] = {bound};
                bool found = false;
                for_each_assignment(fixed, [&](const Assignment& a) {
                    if (!found && inst.holds(a)) found = true;
                });
                if (!found) return "not bounds consistent: x" + std::to_string(i) + " bound " + std::to_string(bound) + " has no support";
            }
        }
    }
    (void)any;
    return {};
}

std::int64_t product(const Domains& d) {
    std::int64_t p = 1;
    for (const auto& v : d) {
        p *= static_cast<std::int64_t>(v.size());
        if (p > (std::int64_t{1} << 40)) return p;
    }
    return p;
}

}  // namespace

std::vector<SearchOptions> search_configurations() {
    std::vector<SearchOptions> configs;
    const VariableSelection variables[] = {VariableSelection::input_order, VariableSelection::smallest_domain,
                                           VariableSelection::dom_wdeg};
    const ValueSelection values[] = {ValueSelection::min, ValueSelection::max, ValueSelection::median,
                                     ValueSelection::split, ValueSelection::reverse_split, ValueSelection::random};
    RestartPolicy none;
    RestartPolicy luby{RestartKind::luby, 1, 1.5};
    RestartPolicy geometric{RestartKind::geometric, 2, 1.3};
    int k = 0;
    for (VariableSelection var : variables) {
        for (ValueSelection val : values) {
            SearchOptions o;
            o.variable = var;
            o.value = val;
            const int r = k++ % 3;
            o.restarts = r == 0 ? none : (r == 1 ? luby : geometric);
            o.seed = static_cast<std::uint64_t>(k);
            configs.push_back(o);
        }
    }
    return configs;
}

std::vector<Assignment> all_solutions(const std::function<std::vector<IntVar>(Solver&)>& build_model,
                                      const SearchOptions& options, SearchStatus* status) {
    Solver s;
    std::vector<IntVar> vars = build_model(s);
    Search search(s, options);
    std::vector<Assignment> out;
    SearchStatus st;
    while ((st = search.next()) == SearchStatus::solution) {
        Assignment a;
        for (IntVar x : vars) a.push_back(s.value(x));
        out.push_back(a);
    }
    if (status) *status = st;
    std::sort(out.begin(), out.end());
    return out;
}

std::string check_constraint(const ConstraintSpec& spec, const CheckOptions& options) {
    Random r(options.seed);
    const std::vector<SearchOptions> configs = search_configurations();
    int done = 0;
    for (int attempt = 0; done < options.instances && attempt < options.instances * 20; ++attempt) {
        const int n = spec.min_arity + static_cast<int>(r.below(static_cast<std::uint64_t>(spec.max_arity - spec.min_arity + 1)));
        const Domains domains = random_domains(r, n, spec.min_value, spec.max_value);
        if (product(domains) > options.max_assignments) continue;
        ++done;
        const Instance inst{&spec, r.next()};
        const std::string where = spec.name + " on " + show(domains) + " (instance seed " + std::to_string(inst.seed) + "): ";

        // Root propagation.
        Solver s;
        std::vector<IntVar> vars = build(s, domains, inst);
        if (!s.error().empty()) return where + "post error: " + s.error();
        bool failed = !s.propagate();
        Domains root = failed ? domains : current_domains(s, vars);
        if (std::string e = check_state(inst, domains, root, failed); !e.empty()) return where + e;
        if (failed) continue;

        // Random descents: decide, propagate, check, and undo.
        for (int d = 0; d < options.node_checks; ++d) {
            const Domains at_root = current_domains(s, vars);
            std::vector<Domains> path{at_root};
            int levels = 0;
            bool dead = false;
            while (!dead) {
                std::vector<int> open;
                for (int i = 0; i < n; ++i) {
                    if (!s.fixed(vars[i])) open.push_back(i);
                }
                if (open.empty()) break;
                const IntVar x = vars[open[r.below(open.size())]];
                const int v = s.nth_value(x, static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(s.size(x)))));
                s.push_level();
                ++levels;
                const Domains before = current_domains(s, vars);
                Event e;
                switch (r.below(3)) {
                    case 0: e = s.assign(x, v); break;
                    case 1: e = s.remove(x, v); break;
                    default: e = r.below(2) ? s.set_max(x, v) : s.set_min(x, v); break;
                }
                Domains decided = current_domains(s, vars);
                failed = is_failure(e) || !s.propagate();
                if (failed) s.clear_queue();
                const Domains now = failed ? decided : current_domains(s, vars);
                if (!is_failure(e)) {
                    if (std::string err = check_state(inst, decided, now, failed); !err.empty()) {
                        return where + "after a decision on x" + std::to_string(x.index) + " value " + std::to_string(v) + " at depth " + std::to_string(levels) + ": " + err;
                    }
                }
                path.push_back(before);
                dead = failed;
            }
            while (levels > 0) {
                s.pop_level();
                --levels;
                const Domains restored = current_domains(s, vars);
                if (restored != path.back()) return where + "pop_level did not restore the domains: " + show(restored) + " instead of " + show(path.back());
                path.pop_back();
            }
        }

        // Full search under several branchings, with and without restarts.
        if (!options.search) continue;
        std::vector<Assignment> expected;
        for_each_assignment(domains, [&](const Assignment& a) {
            if (inst.holds(a)) expected.push_back(a);
        });
        std::sort(expected.begin(), expected.end());
        const SearchOptions& config = configs[static_cast<std::size_t>(done) % configs.size()];
        SearchStatus status;
        std::vector<Assignment> found = all_solutions([&](Solver& fresh) { return build(fresh, domains, inst); }, config, &status);
        if (status != SearchStatus::exhausted) return where + "search did not finish";
        if (found != expected) {
            return where + "search found " + std::to_string(found.size()) + " solutions, brute force " +
                   std::to_string(expected.size()) + " (configuration " + std::to_string(done % configs.size()) + ")";
        }
    }
    return {};
}

}  // namespace prune::test
