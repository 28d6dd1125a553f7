// Kakuro runs and Killer cages through MiniZinc (issue 18): `alldifferent(v) /\ sum(v)
// = k` reaches FlatZinc as an all_different and an int_lin_eq with unit coefficients
// over the same variables. Apart, the two propagate weakly (a 2-cell run of sum 4 keeps
// 2); the builder finds such pairs before posting anything and posts one distinct_sum
// (domain consistent on the conjunction, engine/propagators/distinct_sum.hpp) in
// place of both. distinct_sum itself falls back to the two parts on domains it does not
// cover, so the replacement never weakens the model.
#include <algorithm>

#include "builder_internal.hpp"

namespace prune::flatzinc::detail {
namespace {

bool is_all_different(const std::string& name) {
    return name == "prune_all_different" || name == "fzn_all_different_int" || name == "all_different_int";
}

}  // namespace

// The variable indices of `values`, sorted; empty when a value is a constant or a
// variable repeats.
std::vector<int> Builder::distinct_var_set(const std::vector<Value>& values) {
    std::vector<int> set;
    for (const Value& v : values) {
        if (!v.is_var) return {};
        set.push_back(v.var.index);
    }
    std::sort(set.begin(), set.end());
    if (std::adjacent_find(set.begin(), set.end()) != set.end()) return {};
    return set;
}

void Builder::find_distinct_sums(const std::vector<Constraint>& constraints) {
    std::map<std::vector<int>, const Constraint*> all_differents;
    try {
        for (const Constraint& c : constraints) {
            if (!is_all_different(c.name) || c.arguments.size() != 1) continue;
            std::vector<int> set = distinct_var_set(array(c.arguments[0]));
            if (set.size() >= 2) all_differents.emplace(std::move(set), &c);
        }
        if (all_differents.empty()) return;
        for (const Constraint& c : constraints) {
            if (c.name != "int_lin_eq" || c.arguments.size() != 3 || !c.annotations.empty()) continue;
            const std::vector<std::int64_t> a = pars(c.arguments[0]);
            if (a.empty() || (a[0] != 1 && a[0] != -1) || std::any_of(a.begin(), a.end(), [&](std::int64_t k) { return k != a[0]; })) continue;
            const auto match = all_differents.find(distinct_var_set(array(c.arguments[1])));
            if (match == all_differents.end() || merged_all_differents_.count(match->second) != 0) continue;
            merged_all_differents_.insert(match->second);
            distinct_sum_totals_[&c] = a[0] * par(c.arguments[2]);
        }
    } catch (const BuildError&) {
        // A malformed constraint: the regular pass reports it where it stands.
    }
}

bool Builder::post_merged(const Constraint& c) {
    if (merged_all_differents_.count(&c) != 0) {
        ++out_.constraints;
        return true;
    }
    const auto total = distinct_sum_totals_.find(&c);
    if (total == distinct_sum_totals_.end()) return false;
    std::vector<IntVar> x = vars(array(c.arguments[1]), c.where);
    prune::distinct_sum(s(), x, total->second);
    ++out_.constraints;
    ++out_.distinct_sums;
    if (!s().error().empty()) throw BuildError{c.where, s().error()};
    return true;
}

}  // namespace prune::flatzinc::detail
