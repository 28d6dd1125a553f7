// AllDifferentValue, and the post functions of all_different (constraints.hpp), which
// post it with the propagator of the requested strength:
//
//   value   AllDifferentValue (forward checking on fixed variables).
//   bounds  AllDifferentValue, then AllDifferentBounds (bounds(Z), Lopez-Ortiz et al.).
//   domain  AllDifferentValue, then AllDifferentSmall (GAC with 64-bit words) when at
//           most 64 variables range over at most 64 values, else AllDifferentDomain
//           (GAC, Régin), which itself runs the bounds algorithm when the value range
//           is huge or a domain bounds-only.
// The value stage sits in the constant queue class, so the cheap removals of fixed
// values are done before the stronger propagator (linear / quadratic class) runs.
// all_different_bounds() is in alldifferent_bounds.cpp and all_different_domain()
// in alldifferent_domain.cpp, so that a static link of the value strength alone
// leaves the stronger propagators out.
#include "alldifferent_value.hpp"

#include "../learning/explanation.hpp"

#include <algorithm>
#include <utility>

#include "../constraints.hpp"
#include "../posting.hpp"

namespace prune {

Status AllDifferentValue::propagate(Solver& s) {
    std::int64_t open = open_.get();
    bool progress = true;
    while (progress) {
        progress = false;
        for (std::int64_t i = 0; i < open;) {
            if (!s.fixed(vars_[i])) {
                ++i;
                continue;
            }
            const int v = s.value(vars_[i]);
            std::swap(vars_[i], vars_[open - 1]);
            --open;
            for (std::int64_t j = 0; j < open; ++j) {
                PRUNE_TRY(s.remove(vars_[j], v));
            }
            if (has_bounds_only_) {
                for (std::size_t j = open + 1; j < vars_.size(); ++j) {
                    if (s.value(vars_[j]) == v) return Status::failed;
                }
            }
            progress = true;
        }
    }
    open_.set(s.trail(), open);
    return (open == 0 || (open == 1 && !has_bounds_only_)) ? Status::entailed : Status::ok;
}

void AllDifferentValue::attach(Solver& s) {
    for (IntVar x : vars_) {
        if (!s.is_bitset(x)) has_bounds_only_ = true;
        s.subscribe(this, x, Condition::fixed);
    }
}

// ---------------------------------------------------------------- post function

bool post_all_different_value_stage(Solver& s, const std::vector<IntVar>& vars) {
    if (!check_vars(s, "all_different", vars)) return false;
    if (vars.size() < 2) return false;
    // A variable listed twice would have to differ from itself.
    std::vector<int> indices;
    indices.reserve(vars.size());
    for (IntVar x : vars) indices.push_back(x.index);
    std::sort(indices.begin(), indices.end());
    if (std::adjacent_find(indices.begin(), indices.end()) != indices.end()) {
        s.fail();
        return false;
    }
    // The value stage pays even before the word-parallel GAC propagator: without it a
    // sudoku run costs 40% more instructions (more GAC runs, each on larger domains).
    s.add(std::make_unique<AllDifferentValue>(vars));
    return true;
}

bool all_different_value(Solver& s, const std::vector<IntVar>& vars) {
    post_all_different_value_stage(s, vars);
    return !s.root_failed();
}

bool AllDifferentValue::explain(Explanation& e) const {
    if (e.explaining_failure()) {
        for (std::size_t i = 0; i < vars_.size(); ++i) {
            if (!e.was_fixed(vars_[i])) continue;
            for (std::size_t j = i + 1; j < vars_.size(); ++j) {
                if (e.was_fixed(vars_[j]) && e.fixed_value(vars_[j]) == e.fixed_value(vars_[i])) {
                    e.add_fixed(vars_[i]);
                    e.add_fixed(vars_[j]);
                    return true;
                }
            }
        }
        return false;
    }
    const Fact& removed = e.inferred();
    if (removed.is_equal()) return false;
    for (IntVar x : vars_) {
        if (x.index != removed.var && e.was_fixed(x) && e.fixed_value(x) == removed.value) {
            e.add_fixed(x);
            return true;
        }
    }
    return false;
}

#if !defined(PRUNE_MINIMAL) && !defined(PRUNE_NO_LEARNING)
// When n variables range over exactly n values, every value is taken, so for each
// value v the facts [x != v], for every x that can take v, cannot all hold. The
// nogood store propagates that as a hidden single explained by the n - 1 removals of
// v, where the stronger strengths explain the same fixing by a Hall set, which names
// the other variables' domains (quasigroup7-10 --learn -f, median of 8 seeds:
// 143,362 failures without, 100,709 with). Chuffed adds the same clauses (its
// alldiff_cheat).
bool AllDifferentValue::add_implied_nogoods(const Solver& s, ImpliedNogoods& out) const {
    std::vector<int> values;
    for (IntVar x : vars_) {
        if (!s.is_bitset(x)) return false;
        s.for_each_value(x, [&](int v) { values.push_back(v); });
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    if (values.size() != vars_.size()) return false;
    std::vector<Fact> facts;
    for (int v : values) {
        facts.clear();
        for (IntVar x : vars_) {
            if (s.contains(x, v)) facts.push_back(Fact{x.index, v, FactKind::not_equal});
        }
        out.add(facts);
    }
    return false;  // (the alldifferent says more than that each value is taken)
}
#endif

}  // namespace prune
