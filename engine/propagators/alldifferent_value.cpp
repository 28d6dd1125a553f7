#include "alldifferent_value.hpp"

#include <utility>

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
                if (is_failure(s.remove(vars_[j], v))) return Status::failed;
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

}  // namespace prune
