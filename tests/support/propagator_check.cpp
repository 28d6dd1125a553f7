#include "propagator_check.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace prune::test {
namespace {

using Domains = std::vector<std::vector<int>>;

// The domains of one instance: values, and which variables are bounds-only.
struct InstanceDomains {
    Domains values;
    std::vector<char> bounds_only;
};

std::string show(const InstanceDomains& d) {
    std::ostringstream out;
    for (std::size_t i = 0; i < d.values.size(); ++i) {
        const std::vector<int>& v = d.values[i];
        out << (i ? " " : "") << "x" << i;
        if (d.bounds_only[i]) {
            out << "[" << v.front() << ".." << v.back() << "]";
            continue;
        }
        out << "{";
        for (std::size_t k = 0; k < v.size(); ++k) out << (k ? "," : "") << v[k];
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

Domains current_domains(const Solver& s, const std::vector<IntVar>& vars) {
    Domains d;
    for (IntVar x : vars) {
        d.emplace_back();
        s.for_each_value(x, [&](int v) { d.back().push_back(v); });
    }
    return d;
}

std::int64_t product(const Domains& d) {
    std::int64_t p = 1;
    for (const auto& v : d) {
        p *= static_cast<std::int64_t>(v.size());
        if (p > (std::int64_t{1} << 40)) return p;
    }
    return p;
}

int uniform(Random& r, int lo, int hi) { return lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1))); }

std::vector<int> interval(int a, int b) {
    std::vector<int> values;
    for (int v = std::min(a, b); v <= std::max(a, b); ++v) values.push_back(v);
    return values;
}

// A small domain in [lo, hi]: an interval or a random subset.
std::vector<int> small_domain(Random& r, int lo, int hi) {
    if (r.below(4) == 0) return interval(uniform(r, lo, hi), uniform(r, lo, hi));
    std::vector<int> values;
    for (int v = lo; v <= hi; ++v) {
        if (r.below(3) != 0) values.push_back(v);
    }
    if (values.empty()) values.push_back(uniform(r, lo, hi));
    return values;
}

// Values far apart, in several 64-bit words of one bitset (a domain wider than
// 2^16 values would be bounds-only and too wide to enumerate).
constexpr int far_values[] = {-30000, -1000, -65, -64, 63, 64, 1000, 30000};

enum class DomainKind { small, wide, bounds_only };

InstanceDomains random_domains(Random& r, const ConstraintSpec& spec, int n, bool boolean_last) {
    DomainKind kind = DomainKind::small;
    const std::uint64_t k = r.below(10);
    if (k < 2 && spec.wide_values) kind = DomainKind::wide;
    if (k >= 8 && spec.bounds_only) kind = DomainKind::bounds_only;
    InstanceDomains d{Domains(static_cast<std::size_t>(n)), std::vector<char>(static_cast<std::size_t>(n), 0)};
    for (int i = 0; i < n; ++i) {
        std::vector<int>& values = d.values[static_cast<std::size_t>(i)];
        if (boolean_last && i == n - 1) {  // the indicator of a reified form
            values = small_domain(r, 0, 1);
            continue;
        }
        if (kind == DomainKind::bounds_only && r.below(2) == 0) {
            values = interval(uniform(r, spec.min_value, spec.max_value), uniform(r, spec.min_value, spec.max_value));
            d.bounds_only[static_cast<std::size_t>(i)] = 1;
            continue;
        }
        values = small_domain(r, spec.min_value, spec.max_value);
        if (kind == DomainKind::wide && r.below(2) == 0) {
            const std::size_t extra = 1 + r.below(2);
            for (std::size_t e = 0; e < extra; ++e) values.push_back(far_values[r.below(std::size(far_values))]);
            if (r.below(3) == 0) values.erase(values.begin());  // sometimes no small minimum
            std::sort(values.begin(), values.end());
            values.erase(std::unique(values.begin(), values.end()), values.end());
        }
    }
    return d;
}

// One drawn instance under test: the constraint, or b <-> C / b -> C over the same
// variables plus the indicator b last.
struct Instance {
    const ConstraintSpec* spec;
    Constraint constraint;
    bool reified = false;
    Reification mode = Reification::equivalence;

    Claim claim() const { return reified ? spec->reified_claim : spec->claim; }
    bool holds(const Assignment& a) const {
        if (!reified) return constraint.holds(a);
        const int b = a.back();
        const Assignment inner(a.begin(), a.end() - 1);
        if (b == 0) return mode == Reification::implication || !constraint.holds(inner);
        return constraint.holds(inner);
    }
    std::vector<IntVar> build(Solver& s, const InstanceDomains& d) const {
        std::vector<IntVar> vars;
        for (std::size_t i = 0; i < d.values.size(); ++i) {
            const std::vector<int>& v = d.values[i];
            vars.push_back(d.bounds_only[i] ? s.new_bounds_only_var(v.front(), v.back()) : s.new_int_var(v));
        }
        if (!reified) {
            constraint.post(s, vars);
        } else {
            const std::vector<IntVar> inner(vars.begin(), vars.end() - 1);
            constraint.post_reified(s, inner, vars.back(), mode);
        }
        return vars;
    }
};

// Whether some solution lies in `domains` (brute force).
bool has_support(const Instance& inst, const Domains& domains) {
    bool found = false;
    for_each_assignment(domains, [&](const Assignment& a) {
        if (!found && inst.holds(a)) found = true;
    });
    return found;
}

// bounds(Z): each bound has a support among the integer points of the other boxes.
// Skipped when the boxes are too large to enumerate (domains with far values).
std::string check_bounds(const Instance& inst, const Domains& now, std::int64_t max_assignments) {
    Domains box(now.size());
    for (std::size_t i = 0; i < now.size(); ++i) box[i] = interval(now[i].front(), now[i].back());
    if (product(box) > max_assignments) return {};
    for (std::size_t i = 0; i < now.size(); ++i) {
        for (int bound : {now[i].front(), now[i].back()}) {
            Domains fixed = box;
            fixed[i] = {bound};
            if (!has_support(inst, fixed)) return "not bounds consistent: x" + std::to_string(i) + " bound " + std::to_string(bound) + " has no support";
        }
    }
    return {};
}

// value (forward checking): with all but one variable fixed, the open one keeps
// exactly its supported values (nothing is claimed when it is bounds-only).
std::string check_value(const Domains& now, const std::vector<char>& bounds_only,
                        const std::vector<std::vector<char>>& supported) {
    std::size_t open = now.size();
    for (std::size_t i = 0; i < now.size(); ++i) {
        if (now[i].size() == 1) continue;
        if (open != now.size()) return {};  // two open variables: nothing claimed
        open = i;
    }
    if (open == now.size() || bounds_only[open]) return {};
    for (std::size_t k = 0; k < now[open].size(); ++k) {
        if (!supported[open][k]) {
            return "not forward checked: all but x" + std::to_string(open) + " are fixed and x" + std::to_string(open) + " = " + std::to_string(now[open][k]) + " has no support";
        }
    }
    return {};
}

// Checks soundness and the claimed consistency of the current (propagated, not
// failed) domains `now` against brute force over `before` (the domains before the
// propagation being judged).
std::string check_state(const Instance& inst, const Domains& before, const Domains& now, bool failed,
                        const std::vector<char>& bounds_only, std::int64_t max_assignments) {
    std::vector<std::vector<char>> supported(now.size());
    for (std::size_t i = 0; i < now.size(); ++i) supported[i].assign(now[i].size(), 0);
    std::string error;
    for_each_assignment(before, [&](const Assignment& a) {
        if (!error.empty() || !inst.holds(a)) return;
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
    if (std::all_of(now.begin(), now.end(), [](const std::vector<int>& d) { return d.size() == 1; })) {
        Assignment a;
        for (const auto& d : now) a.push_back(d[0]);
        if (!inst.holds(a)) return "every variable is fixed, to " + show(a) + ", which is no solution, and propagation did not fail";
    }
    const bool any_bounds_only = std::find(bounds_only.begin(), bounds_only.end(), 1) != bounds_only.end();
    const Claim claim = any_bounds_only ? static_cast<Claim>(static_cast<unsigned>(inst.claim()) & static_cast<unsigned>(inst.spec->bounds_only_claim))
                                        : inst.claim();
    if (includes(claim, Claim::value)) {
        if (std::string e = check_value(now, bounds_only, supported); !e.empty()) return e;
    }
    if (includes(claim, Claim::domain) && !any_bounds_only) {
        for (std::size_t i = 0; i < now.size(); ++i) {
            for (std::size_t k = 0; k < now[i].size(); ++k) {
                if (!supported[i][k]) return "not domain consistent: x" + std::to_string(i) + " = " + std::to_string(now[i][k]) + " has no support";
            }
        }
    }
    // (Domain consistency on bitsets implies bounds(Z).)
    const bool gac_checked = includes(claim, Claim::domain) && !any_bounds_only;
    if (includes(claim, Claim::bounds) && !gac_checked) return check_bounds(inst, now, max_assignments);
    return {};
}

// At a fixpoint, re-running every propagator must change nothing.
std::string check_fixpoint(Solver& s, const std::vector<IntVar>& vars) {
    const Domains at_fixpoint = current_domains(s, vars);
    s.schedule_all();
    if (!s.propagate()) {
        s.clear_queue();
        return "not a fixpoint: re-running every propagator failed (a wrong idempotence flag or a missing subscription)";
    }
    const Domains again = current_domains(s, vars);
    if (again != at_fixpoint) {
        InstanceDomains shown{again, std::vector<char>(again.size(), 0)};
        return "not a fixpoint: re-running every propagator changed the domains to " + show(shown) +
               " (a wrong idempotence flag or a missing subscription)";
    }
    return {};
}

struct Decision {
    IntVar x;
    int value;
    int how;  // 0 assign, 1 remove, 2 set_max, 3 set_min
};

Event apply(Solver& s, const Decision& d) {
    switch (d.how) {
        case 0: return s.assign(d.x, d.value);
        case 1: return s.remove(d.x, d.value);
        case 2: return s.set_max(d.x, d.value);
        default: return s.set_min(d.x, d.value);
    }
}

class Bench {
public:
    Bench(const Instance& inst, const InstanceDomains& domains, const CheckOptions& options, Random& r)
        : inst_(inst), domains_(domains), options_(options), r_(r) {}

    std::string run(int configuration) {
        Solver s;
        std::vector<IntVar> vars = inst_.build(s, domains_);
        if (!s.error().empty()) return "post error: " + s.error();
        // The trail grows by amortised doubling (its reservation is a guess): reserve
        // plenty, so that the allocation check sees the propagators' own allocations.
        s.trail().reserve(std::size_t{1} << 16, 1024);
        const bool failed = !s.propagate();
        const Domains root = failed ? domains_.values : current_domains(s, vars);
        if (std::string e = check_state(inst_, domains_.values, root, failed, domains_.bounds_only, options_.max_assignments); !e.empty()) return e;
        if (failed) return {};
        if (std::string e = fixpoint(s, vars); !e.empty()) return "at the root: " + e;
        for (int d = 0; d < options_.node_checks; ++d) {
            if (std::string e = descend(s, vars); !e.empty()) return e;
        }
        return options_.search ? check_search(configuration) : std::string();
    }

private:
    std::string fixpoint(Solver& s, const std::vector<IntVar>& vars) {
        const bool bounds_only = std::find(domains_.bounds_only.begin(), domains_.bounds_only.end(), 1) != domains_.bounds_only.end();
        if (bounds_only && !inst_.spec->bounds_only_fixpoint) return {};
        return check_fixpoint(s, vars);
    }

    // Decide, propagate, check, and undo, down to a leaf or a failure.
    std::string descend(Solver& s, const std::vector<IntVar>& vars) {
        std::vector<Domains> path;
        bool dead = false;
        while (!dead) {
            std::vector<IntVar> open;
            for (IntVar x : vars) {
                if (!s.fixed(x)) open.push_back(x);
            }
            if (open.empty()) break;
            const IntVar x = open[r_.below(open.size())];
            const Decision decision{x, s.nth_value(x, static_cast<std::int64_t>(r_.below(static_cast<std::uint64_t>(s.size(x))))),
                                    static_cast<int>(r_.below(4))};
            path.push_back(current_domains(s, vars));
            s.push_level();
            std::string error;
            dead = node(s, vars, decision, error);
            if (!error.empty()) {
                return "after a decision on x" + std::to_string(x.index) + " value " + std::to_string(decision.value) + " at depth " + std::to_string(path.size()) + ": " + error;
            }
        }
        while (!path.empty()) {
            s.pop_level();
            const Domains restored = current_domains(s, vars);
            if (restored != path.back()) return "pop_level did not restore the domains";
            path.pop_back();
        }
        return {};
    }

    // One node: the decision and its propagation, checked; then replayed after
    // popping, counting the allocations of the replayed propagation (the first run
    // warmed the trail and any scratch space up). True when the node failed.
    bool node(Solver& s, const std::vector<IntVar>& vars, const Decision& decision, std::string& error) {
        if (is_failure(apply(s, decision))) {
            s.clear_queue();
            return true;
        }
        const Domains decided = current_domains(s, vars);
        bool failed = !s.propagate();
        if (failed) s.clear_queue();
        const Domains now = failed ? decided : current_domains(s, vars);
        error = check_state(inst_, decided, now, failed, domains_.bounds_only, options_.max_assignments);
        if (error.empty() && !failed) error = fixpoint(s, vars);
        if (!error.empty()) return true;

        s.pop_level();
        s.push_level();
        (void)apply(s, decision);
        static const bool trap = std::getenv("PRUNE_BENCH_ALLOCATION_TRAP") != nullptr;
        const std::uint64_t before = allocation_count();
        trap_allocations(trap);
        const bool failed_again = !s.propagate();
        trap_allocations(false);
        const std::uint64_t allocated = allocation_count() - before;
        if (failed_again) s.clear_queue();
        if (allocated != 0) {
            error = "propagation at a node allocated " + std::to_string(allocated) + " times";
        } else if (failed_again != failed || (!failed && current_domains(s, vars) != now)) {
            error = "replaying the decision after pop_level gave a different result";
        }
        return failed;
    }

    std::string check_search(int configuration) {
        std::vector<Assignment> expected;
        for_each_assignment(domains_.values, [&](const Assignment& a) {
            if (inst_.holds(a)) expected.push_back(a);
        });
        std::sort(expected.begin(), expected.end());
        const std::vector<SearchOptions> configs = search_configurations();
        const SearchOptions& config = configs[static_cast<std::size_t>(configuration) % configs.size()];
        SearchStatus status;
        const std::vector<Assignment> found = all_solutions([&](Solver& fresh) { return inst_.build(fresh, domains_); }, config, &status);
        if (status != SearchStatus::exhausted) return "search did not finish";
        if (found != expected) {
            return "search found " + std::to_string(found.size()) + " solutions, brute force " + std::to_string(expected.size()) +
                   " (configuration " + std::to_string(static_cast<std::size_t>(configuration) % configs.size()) + ")";
        }
        return {};
    }

    const Instance& inst_;
    const InstanceDomains& domains_;
    const CheckOptions& options_;
    Random& r_;
};

std::string check_form(const ConstraintSpec& spec, const CheckOptions& options, bool reified, Reification mode) {
    Random r(options.seed);
    const int instances = scaled(options.instances);
    int done = 0;
    for (int attempt = 0; done < instances && attempt < instances * 20; ++attempt) {
        const int n = spec.min_arity + static_cast<int>(r.below(static_cast<std::uint64_t>(spec.max_arity - spec.min_arity + 1)));
        const std::uint64_t draw_seed = r.next();
        const InstanceDomains domains = random_domains(r, spec, reified ? n + 1 : n, reified);
        if (product(domains.values) > options.max_assignments) continue;
        Random draw(draw_seed);
        Instance inst{&spec, spec.draw(draw, n), reified, mode};
        if (reified && !inst.constraint.post_reified) return {};  // this instance has no reified form
        ++done;
        std::string name = spec.name;
        if (reified) name = (mode == Reification::equivalence ? "b <-> " : "b -> ") + name;
        Bench bench(inst, domains, options, r);
        if (std::string e = bench.run(done); !e.empty()) {
            return name + " on " + show(domains) + " (parameters from seed " + std::to_string(draw_seed) + "): " + e;
        }
    }
    return {};
}

}  // namespace

void for_each_assignment(const std::vector<std::vector<int>>& domains, const std::function<void(const Assignment&)>& f) {
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

int scaled(int instances) {
    const char* text = std::getenv("PRUNE_BENCH_SCALE");
    if (text == nullptr || *text == '\0') return instances;
    const long percent = std::strtol(text, nullptr, 10);
    return std::max(1, static_cast<int>(instances * std::max(0L, percent) / 100));
}

ConstraintSpec simple_spec(std::string name, int arity, Claim claim, std::function<bool(const Assignment&)> holds,
                           std::function<void(Solver&, const std::vector<IntVar>&)> post) {
    ConstraintSpec spec;
    spec.name = std::move(name);
    spec.min_arity = spec.max_arity = arity;
    spec.claim = claim;
    spec.draw = [holds = std::move(holds), post = std::move(post)](Random&, int) { return Constraint{holds, post, {}}; };
    return spec;
}

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
    if (std::string e = check_form(spec, options, false, Reification::equivalence); !e.empty()) return e;
    if (!options.reified) return {};
    for (Reification mode : {Reification::equivalence, Reification::implication}) {
        if (std::string e = check_form(spec, options, true, mode); !e.empty()) return e;
    }
    return {};
}

}  // namespace prune::test
