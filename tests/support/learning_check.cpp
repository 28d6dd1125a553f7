#include "learning_check.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "engine/learning/learning_search.hpp"

namespace prune::test {
namespace {

bool satisfies(const Assignment& a, const Fact& f) { return fact_admits(f, a[static_cast<std::size_t>(f.var)]); }

std::string show(const std::vector<Fact>& facts) {
    std::ostringstream text;
    for (const Fact& f : facts) text << " x" << f.var << fact_op(f) << f.value;
    return text.str();
}

// Random small domains: an interval now and then (bounds reasoning), else a subset.
std::vector<int> draw_domain(Random& r, int lo, int hi) {
    std::vector<int> d;
    if (r.below(3) == 0) {
        const int a = lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1)));
        const int b = a + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - a + 1)));
        for (int v = a; v <= b; ++v) d.push_back(v);
        return d;
    }
    for (int v = lo; v <= hi; ++v) {
        if (r.below(3) != 0) d.push_back(v);
    }
    if (d.empty()) d.push_back(lo + static_cast<int>(r.below(static_cast<std::uint64_t>(hi - lo + 1))));
    return d;
}

// The domains before an inference, given: the view explain() reads, which records
// the facts it adds and whether each held before.
class GivenDomains final : public Explanation {
public:
    GivenDomains(const std::vector<std::vector<int>>& initial, const std::vector<std::vector<int>>& before, const Fact& inferred)
        : initial_(initial), before_(before) {
        inferred_ = inferred;
    }
    bool had_value(IntVar x, int v) const override { return std::binary_search(at(before_, x).begin(), at(before_, x).end(), v); }
    bool was_fixed(IntVar x) const override { return at(before_, x).size() == 1; }
    int fixed_value(IntVar x) const override { return at(before_, x).front(); }
    int min_before(IntVar x) const override { return at(before_, x).front(); }
    int max_before(IntVar x) const override { return at(before_, x).back(); }
    int initial_min(IntVar x) const override { return at(initial_, x).front(); }
    int initial_max(IntVar x) const override { return at(initial_, x).back(); }
    void add_removed(IntVar x, int v) override {
        if (had_value(x, v)) held_not(Fact{x.index, v, FactKind::not_equal});
        if (std::binary_search(at(initial_, x).begin(), at(initial_, x).end(), v)) facts.push_back(Fact{x.index, v, FactKind::not_equal});
    }
    void add_fixed(IntVar x) override {
        if (!was_fixed(x)) held_not(Fact{x.index, min_before(x), FactKind::equal});
        facts.push_back(Fact{x.index, fixed_value(x), FactKind::equal});
    }
    void add_lower_bound(IntVar x, std::int64_t lb) override {
        if (lb > min_before(x)) held_not(Fact{x.index, static_cast<int>(lb), FactKind::greater_equal});
        if (lb > initial_min(x)) facts.push_back(Fact{x.index, static_cast<int>(lb), FactKind::greater_equal});
    }
    void add_upper_bound(IntVar x, std::int64_t ub) override {
        if (ub < max_before(x)) held_not(Fact{x.index, static_cast<int>(ub), FactKind::less_equal});
        if (ub < initial_max(x)) facts.push_back(Fact{x.index, static_cast<int>(ub), FactKind::less_equal});
    }
    const std::string& wrong() const { return wrong_; }
    std::vector<Fact> facts;

private:
    void held_not(const Fact& f) { wrong_ = show({f}).append(" did not hold"); }
    static const std::vector<int>& at(const std::vector<std::vector<int>>& d, IntVar x) { return d[static_cast<std::size_t>(x.index)]; }
    const std::vector<std::vector<int>>& initial_;
    const std::vector<std::vector<int>>& before_;
    std::string wrong_;
};

// Calls f on every assignment of the domains (odometer order).
template <class F>
void for_each_assignment(const std::vector<std::vector<int>>& domains, F&& f) {
    std::vector<std::size_t> at(domains.size(), 0);
    Assignment a(domains.size());
    for (;;) {
        for (std::size_t i = 0; i < domains.size(); ++i) a[i] = domains[i][at[i]];
        f(a);
        std::size_t i = 0;
        while (i < domains.size() && ++at[i] == domains[i].size()) at[i++] = 0;
        if (i == domains.size()) return;
    }
}

}  // namespace

std::string enumerate_exactly(Search& search, const Solver& s, const std::vector<IntVar>& vars,
                              const std::vector<Assignment>& expected, const std::string& failure,
                              std::set<Assignment>& found) {
    SearchStatus status;
    while ((status = search.next()) == SearchStatus::solution) {
        if (!failure.empty()) return failure;
        Assignment a;
        for (IntVar x : vars) a.push_back(s.value(x));
        if (!std::binary_search(expected.begin(), expected.end(), a)) return "reported a non-solution";
        if (!found.insert(a).second) return "reported a solution twice";
    }
    if (!failure.empty()) return failure;
    if (status != SearchStatus::exhausted) return "enumeration did not exhaust the search";
    if (found.size() != expected.size())
        return "found " + std::to_string(found.size()) + " solutions, brute force " + std::to_string(expected.size());
    return {};
}

std::string check_model_explanations(const RandomModel& m, Random& r, ExplanationTally& tally, bool restarts, int target) {
    const std::vector<Assignment> expected = m.solutions();
    std::vector<Assignment> target_solutions;
    if (target >= 0) {
        // The target's solutions within the domains after root propagation: learning
        // takes those as the original domains (their removals are never facts).
        Solver root;
        const std::vector<IntVar> x = m.build(root);
        if (!root.error().empty() || !root.propagate()) return {};
        RandomModel alone = m;
        alone.constraints = {m.constraints[static_cast<std::size_t>(target)]};
        for (std::size_t i = 0; i < x.size(); ++i) {
            alone.domains[i].clear();
            root.for_each_value(x[i], [&](int v) { alone.domains[i].push_back(v); });
        }
        target_solutions = alone.solutions();
    }
    Solver s;
    std::vector<IntVar> vars;
    for (const auto& d : m.domains) vars.push_back(s.new_int_var(d));
    int first = 0, last = 0;  // the target's propagators: ids [first, last)
    for (std::size_t c = 0; c < m.constraints.size(); ++c) {
        if (static_cast<int>(c) == target) first = s.propagator_count();
        m.constraints[c].post(s, vars);
        if (static_cast<int>(c) == target) last = s.propagator_count();
    }
    if (!s.error().empty()) return {};
    SearchOptions o;
    o.learn = true;
    o.value = static_cast<ValueSelection>(r.below(6));
    if (r.below(2) == 0 && restarts) o.restarts = RestartPolicy{RestartKind::luby, static_cast<double>(1 + r.below(4)), 1.5};
    Search search(s, o);
    ++tally.instances;
    std::string failure;
    const std::size_t n = vars.size();
    if (LearningSearch* learning = search.learning()) {
        learning->on_explanation = [&](const Propagator* p, const Fact& inferred, const std::vector<Fact>& because) {
            const auto outside = [n](const Fact& f) { return f.var >= static_cast<int>(n); };
            if (std::any_of(because.begin(), because.end(), outside) || (inferred.var >= 0 && outside(inferred))) return;
            ++tally.checked;
            const bool own = p->id() >= first && p->id() < last;
            for (const Assignment& a : own ? target_solutions : expected) {
                if (!std::all_of(because.begin(), because.end(), [&](const Fact& f) { return satisfies(a, f); })) continue;
                if ((inferred.var < 0 || !satisfies(a, inferred)) && failure.empty())
                    failure = std::string(p->kind()) + ": explanation" + show(because) + " of" +
                              (inferred.var < 0 ? std::string(" a failure") : show({inferred})) + " admits a counterexample";
            }
        };
    } else if (s.root_failed() == false) {
        return "learning is not active: " + search.learning_unavailable();
    }
    std::set<Assignment> found;
    if (std::string enumerated = enumerate_exactly(search, s, vars, expected, failure, found); !enumerated.empty()) return enumerated;
    for (int id = 0; id < s.propagator_count(); ++id) {
        const Propagator& p = s.propagator(id);
        ExplanationTally::Kind& k = tally.kinds[p.kind()];
        k.explanations += p.counters().explanations;
        k.fallbacks += p.counters().fallback_explanations;
        k.bound_explanations += p.counters().bound_explanations;
    }
    return {};
}

void add_random_disequalities(Random& r, RandomModel& m, int arity) {
    const int extras = 1 + static_cast<int>(r.below(3));
    for (int k = 0; k < extras; ++k) {
        const int a = static_cast<int>(r.below(static_cast<std::uint64_t>(arity)));
        const int b = (a + 1 + static_cast<int>(r.below(static_cast<std::uint64_t>(arity - 1)))) % arity;
        const int offset = static_cast<int>(r.below(3)) - 1;
        // (Built with append: GCC 12 warns falsely, -Wrestrict, about "x" + std::string.)
        std::string name = "x";
        name.append(std::to_string(a)).append(" != x").append(std::to_string(b)).append(" + ").append(std::to_string(offset));
        m.constraints.push_back(ModelConstraint{
            name,
            [=](const Assignment& x) { return x[static_cast<std::size_t>(a)] != x[static_cast<std::size_t>(b)] + offset; },
            [=](Solver& s, const std::vector<IntVar>& x) { not_equal_offset(s, x[static_cast<std::size_t>(a)], x[static_cast<std::size_t>(b)], offset); }});
    }
}

std::string check_explanations(const ConstraintSpec& spec, std::uint64_t seed, int instances, ExplanationTally& tally) {
    Random seeds(seed);
    for (int i = 0; i < instances; ++i) {
        const std::uint64_t instance_seed = seeds.next();
        Random r(instance_seed);
        const int arity = spec.min_arity + static_cast<int>(r.below(static_cast<std::uint64_t>(spec.max_arity - spec.min_arity + 1)));
        RandomModel m;
        for (int k = 0; k < arity; ++k) m.domains.push_back(draw_domain(r, spec.min_value, spec.max_value));
        const Constraint c = spec.draw(r, arity);
        m.constraints.push_back(ModelConstraint{spec.name, c.holds, c.post});
        if (arity >= 2) add_random_disequalities(r, m, arity);
        const std::string failure = check_model_explanations(m, r, tally, true, 0);
        if (!failure.empty()) return spec.name + " (instance seed " + std::to_string(instance_seed) + "): " + failure + "\n" + m.describe();
    }
    return {};
}

namespace {

// One trial of check_explains_only_what_follows: the initial domains (the spec's
// `arity` variables, then those the post made), the domains before, the constraint.
struct AskedTrial {
    const std::vector<std::vector<int>>& initial;
    const std::vector<std::vector<int>>& before;
    int arity;
    const Constraint& constraint;
    std::uint64_t seed;
};

std::string domains_text(const AskedTrial& t) {
    std::string text;
    for (std::size_t k = 0; k < t.initial.size(); ++k) {
        text.append("\n  x").append(std::to_string(k)).append(" in");
        for (int v : t.initial[k]) text.append(" ").append(std::to_string(v));
        text.append(", before:");
        for (int v : t.before[k]) text.append(" ").append(std::to_string(v));
    }
    return text;
}

// Asks p about `fact` on the trial's domains: empty when it declines or its facts
// held and imply the fact (brute force over the initial domains); `given` counts an
// explanation given.
std::string ask_about(const Propagator& p, const Fact& fact, const AskedTrial& t, std::uint64_t& given) {
    GivenDomains view(t.initial, t.before, fact);
    if (!p.explain(view)) return {};
    ++given;
    const std::string what = std::string(p.kind()) + " (trial seed " + std::to_string(t.seed) + "), asked about" +
                             (fact.var < 0 ? std::string(" a failure") : show({fact})) + ", explained by" + show(view.facts);
    if (!view.wrong().empty()) return what + ": " + view.wrong();
    // A fact on a variable the post made must be true of its only value.
    std::vector<Fact> facts;
    for (const Fact& f : view.facts) {
        if (f.var < t.arity) {
            facts.push_back(f);
            continue;
        }
        const std::vector<int>& d = t.initial[static_cast<std::size_t>(f.var)];
        if (d.size() != 1 || !fact_admits(f, d[0])) return what + ": a fact on an auxiliary variable that is not fixed";
    }
    const std::vector<std::vector<int>> scope_domains(t.initial.begin(), t.initial.begin() + t.arity);
    bool admits = false;
    for_each_assignment(scope_domains, [&](const Assignment& a) {
        if (admits || !t.constraint.holds(a)) return;
        if (!std::all_of(facts.begin(), facts.end(), [&](const Fact& f) { return satisfies(a, f); })) return;
        admits = fact.var < 0 || !satisfies(a, fact);
    });
    if (admits) return what + ": a solution meets the facts and not the fact asked about" + domains_text(t);
    return {};
}

}  // namespace

std::string check_explains_only_what_follows(const ConstraintSpec& spec, const std::set<std::string>& kinds, std::uint64_t seed,
                                             int trials, std::uint64_t& explained, std::uint64_t& bounds_explained) {
    Random seeds(seed);
    for (int t = 0; t < trials; ++t) {
        const std::uint64_t trial_seed = seeds.next();
        Random r(trial_seed);
        const int arity = spec.min_arity + static_cast<int>(r.below(static_cast<std::uint64_t>(spec.max_arity - spec.min_arity + 1)));
        std::vector<std::vector<int>> initial, before;
        for (int k = 0; k < arity; ++k) initial.push_back(draw_domain(r, spec.min_value, spec.max_value));
        for (const std::vector<int>& d : initial) {
            std::vector<int> b;
            for (int v : d) {
                if (r.below(2) == 0) b.push_back(v);
            }
            if (b.empty()) b.push_back(d[r.below(d.size())]);
            before.push_back(b);
        }
        const Constraint c = spec.draw(r, arity);
        Solver s;
        std::vector<IntVar> vars;
        for (const std::vector<int>& d : initial) vars.push_back(s.new_int_var(d));
        c.post(s, vars);
        if (!s.error().empty()) continue;
        // Variables the post made (constants, mostly) keep their domains before.
        for (int k = arity; k < s.variable_count(); ++k) {
            std::vector<int> d;
            s.for_each_value(IntVar{k}, [&](int v) { d.push_back(v); });
            if (d.empty()) d.push_back(0);
            initial.push_back(d);
            before.push_back(d);
        }
        Fact asked;  // var -1: a failure
        if (r.below(4) != 0) {
            const int x = static_cast<int>(r.below(static_cast<std::uint64_t>(arity)));
            const std::vector<int>& d = before[static_cast<std::size_t>(x)];
            asked = Fact{x, d[r.below(d.size())], r.below(4) == 0 ? FactKind::equal : FactKind::not_equal};
        }
        // A bound fact per variable, drawn from a stream of their own (the draws above
        // stay those of the trial seed): [x >= v] for v past x's lower bound before,
        // up to one past its upper bound (what a push could make true), or [x <= v]
        // likewise.
        Random bound_draw(trial_seed ^ 0x9e3779b97f4a7c15ull);
        std::vector<Fact> asked_bounds;
        for (int x = 0; x < arity; ++x) {
            const std::vector<int>& d = before[static_cast<std::size_t>(x)];
            const int step = 1 + static_cast<int>(bound_draw.below(static_cast<std::uint64_t>(d.back() - d.front() + 1)));
            asked_bounds.push_back(bound_draw.below(2) == 0 ? Fact{x, d.front() + step, FactKind::greater_equal}
                                                            : Fact{x, d.back() - step, FactKind::less_equal});
        }
        const AskedTrial trial{initial, before, arity, c, trial_seed};
        for (int id = 0; id < s.propagator_count(); ++id) {
            const Propagator& p = s.propagator(id);
            if (kinds.count(p.kind()) == 0) continue;
            if (std::string failure = ask_about(p, asked, trial, explained); !failure.empty()) return failure;
            if (!p.explains_bound_facts()) continue;
            for (const Fact& bound : asked_bounds) {
                std::uint64_t given = 0;
                if (std::string failure = ask_about(p, bound, trial, given); !failure.empty()) return failure;
                explained += given;
                bounds_explained += given;
            }
        }
    }
    return {};
}

}  // namespace prune::test
