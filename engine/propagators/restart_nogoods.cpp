#include "restart_nogoods.hpp"

#include <algorithm>

namespace prune {

void RestartNogoods::attach(Solver& s) {
    std::vector<int> seen;
    for (const Step& step : path_) {
        if (std::find(seen.begin(), seen.end(), step.decision.var.index) != seen.end()) continue;
        seen.push_back(step.decision.var.index);
        s.subscribe(this, step.decision.var, Condition::domain);
    }
}

Status RestartNogoods::propagate(Solver& s) {
    std::size_t i = static_cast<std::size_t>(start_.get());
    for (; i < path_.size(); ++i) {
        const Step& step = path_[i];
        if (step.negative) {
            PRUNE_TRY(enforce(s, step.decision, true));
            // x != v on a bounds-only domain with v inside: the removal did nothing.
            // Stay at this step (not entailed), so that the literal is enforced again
            // when a bound reaches v, instead of letting x = v through.
            if (!is_false(s, step.decision)) break;
            continue;
        }
        if (is_true(s, step.decision)) continue;
        if (is_false(s, step.decision)) return Status::entailed;
        break;  // undecided: every later nogood still needs it
    }
    start_.set(s.trail(), static_cast<std::int64_t>(i));
    return i == path_.size() ? Status::entailed : Status::ok;
}

}  // namespace prune
