// What every post function does around its propagators: check the variable handles
// (each failing check sets Solver::error() to "who: ..." and returns false), then
// add the propagators and report whether the model is still satisfiable. Included by
// the files that hold a propagator and its post function, not by users.
#pragma once
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "solver.hpp"

namespace prune {

inline bool valid_handle(const Solver& s, IntVar x) { return x.index >= 0 && x.index < s.variable_count(); }

namespace detail {
template <class Vars>
bool check_vars(Solver& s, const char* who, const Vars& vars, bool zero_one) {
    std::size_t i = 0;
    for (IntVar x : vars) {
        if (!valid_handle(s, x)) {
            s.set_error(std::string(who) + ": variable " + std::to_string(i) + " does not belong to this solver");
            return false;
        }
        if (zero_one && (s.min(x) < 0 || s.max(x) > 1)) {
            s.set_error(std::string(who) + ": variable " + std::to_string(i) + " must have a 0/1 domain");
            return false;
        }
        ++i;
    }
    return true;
}
}  // namespace detail

// Every handle belongs to s (variable i in the message is the position in `vars`).
inline bool check_vars(Solver& s, const char* who, const std::vector<IntVar>& vars) {
    return detail::check_vars(s, who, vars, false);
}
inline bool check_vars(Solver& s, const char* who, std::initializer_list<IntVar> vars) {
    return detail::check_vars(s, who, vars, false);
}
// The same, and every domain lies within {0, 1}.
inline bool check_bool_vars(Solver& s, const char* who, const std::vector<BoolVar>& vars) {
    return detail::check_vars(s, who, vars, true);
}
inline bool check_bool_vars(Solver& s, const char* who, std::initializer_list<BoolVar> vars) {
    return detail::check_vars(s, who, vars, true);
}
// The indicator b of a reified constraint: a handle of s with a domain within {0, 1}.
inline bool check_indicator(Solver& s, const char* who, BoolVar b) {
    if (!valid_handle(s, b)) {
        s.set_error(std::string(who) + ": the indicator variable does not belong to this solver");
        return false;
    }
    if (s.min(b) < 0 || s.max(b) > 1) {
        s.set_error(std::string(who) + ": the indicator variable must have a 0/1 domain");
        return false;
    }
    return true;
}

// Adds one propagator; false when the model is now known unsatisfiable.
template <class P, class... Args>
bool post(Solver& s, Args&&... args) {
    s.add(std::make_unique<P>(std::forward<Args>(args)...));
    return !s.root_failed();
}

}  // namespace prune
