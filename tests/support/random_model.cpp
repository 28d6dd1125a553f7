#include "random_model.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "constraint_catalog.hpp"

namespace prune::test {
namespace {

bool is_boolean(const ConstraintSpec& spec) { return spec.min_value >= 0 && spec.max_value <= 1; }

std::string names(const std::vector<int>& scope) {
    std::ostringstream out;
    out << "(";
    for (std::size_t k = 0; k < scope.size(); ++k) out << (k ? ", x" : "x") << scope[k];
    out << ")";
    return out.str();
}

}  // namespace

std::vector<int> pick_scope(Random& r, std::vector<int> eligible, int min_size, int max_size) {
    const int n = static_cast<int>(eligible.size());
    shuffle(eligible, r);
    const int size = std::min(n, min_size + static_cast<int>(r.below(static_cast<std::uint64_t>(max_size - min_size + 1))));
    eligible.resize(static_cast<std::size_t>(std::max(size, 0)));
    return eligible;
}

bool add_random_constraint(Random& r, RandomModel& m) {
    const std::vector<ConstraintSpec>& catalog = catalog::all();
    const ConstraintSpec& spec = catalog[r.below(catalog.size())];
    if (!spec.in_random_models) return false;
    return add_constraint(r, m, spec);
}

void add_random_constraints(Random& r, RandomModel& m, int count) {
    for (int tries = 0; count > 0 && tries < 100; ++tries) {
        if (add_random_constraint(r, m)) --count;
    }
}

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
    const char* text = std::getenv(name);
    if (text == nullptr || *text == '\0') return fallback;
    return std::strtoull(text, nullptr, 10);
}

bool add_constraint(Random& r, RandomModel& m, const ConstraintSpec& spec) {
    std::vector<int> eligible = m.booleans;
    if (!is_boolean(spec)) {
        eligible.clear();
        for (std::size_t i = 0; i < m.domains.size(); ++i) eligible.push_back(static_cast<int>(i));
    }
    if (static_cast<int>(eligible.size()) < spec.min_arity) return false;
    const std::vector<int> scope = pick_scope(r, eligible, spec.min_arity, spec.max_arity);
    const std::uint64_t seed = r.next();
    Random draw(seed);
    const Constraint c = spec.draw(draw, static_cast<int>(scope.size()));
    auto values = [scope](const Assignment& a) {
        Assignment v;
        for (int i : scope) v.push_back(a[static_cast<std::size_t>(i)]);
        return v;
    };
    auto vars_of = [scope](const std::vector<IntVar>& x) {
        std::vector<IntVar> v;
        for (int i : scope) v.push_back(x[static_cast<std::size_t>(i)]);
        return v;
    };
    std::ostringstream text;
    text << spec.name << names(scope) << " parameters from seed " << seed;
    if (c.post_reified && !m.booleans.empty() && r.below(3) == 0) {
        const std::size_t b = static_cast<std::size_t>(m.booleans[r.below(m.booleans.size())]);
        const Reification mode = r.below(2) ? Reification::equivalence : Reification::implication;
        std::ostringstream reified;
        reified << "x" << b << (mode == Reification::equivalence ? " <-> " : " -> ") << text.str();
        m.constraints.push_back(ModelConstraint{
            reified.str(),
            [=](const Assignment& a) {
                const bool holds = c.holds(values(a));
                return a[b] == 1 ? holds : (mode == Reification::implication || !holds);
            },
            [=](Solver& s, const std::vector<IntVar>& x) { c.post_reified(s, vars_of(x), x[b], mode); }});
        return true;
    }
    m.constraints.push_back(ModelConstraint{text.str(), [=](const Assignment& a) { return c.holds(values(a)); },
                                            [=](Solver& s, const std::vector<IntVar>& x) { c.post(s, vars_of(x)); }});
    return true;
}

std::vector<IntVar> RandomModel::build(Solver& s) const {
    std::vector<IntVar> vars;
    for (const auto& d : domains) vars.push_back(s.new_int_var(d));
    for (const ModelConstraint& c : constraints) c.post(s, vars);
    return vars;
}

std::vector<Assignment> RandomModel::solutions() const {
    std::vector<Assignment> out;
    for_each_assignment(domains, [&](const Assignment& a) {
        for (const ModelConstraint& c : constraints) {
            if (!c.holds(a)) return;
        }
        out.push_back(a);
    });
    std::sort(out.begin(), out.end());
    return out;
}

std::string RandomModel::describe() const {
    std::ostringstream out;
    for (std::size_t i = 0; i < domains.size(); ++i) {
        out << "x" << i << " in {";
        for (std::size_t k = 0; k < domains[i].size(); ++k) out << (k ? "," : "") << domains[i][k];
        out << "}\n";
    }
    for (const ModelConstraint& c : constraints) out << c.text << "\n";
    return out.str();
}

}  // namespace prune::test
