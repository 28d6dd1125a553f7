// The catalog's visibility specs (engine/propagators/visibility.hpp): the Towers line.
#include "constraint_catalog_parts.hpp"

#include <climits>

namespace prune::test::catalog {

namespace {

// The values seen from the start of `line`: those larger than every value before them.
int seen_from_start(const std::vector<int>& line) {
    int seen = 0;
    int tallest = INT_MIN;
    for (int v : line) {
        if (v > tallest) ++seen, tallest = v;
    }
    return seen;
}

// visibility over n variables with domains in [0, 5] (0 and values above n must go):
// counts drawn in 0..n at each end (0: no count there). "(repeated)": the first
// variable also closes the word, which can then never hold (sound only).
ConstraintSpec visibility_spec(bool repeated) {
    ConstraintSpec spec = make(repeated ? "visibility (repeated)" : "visibility", 1, repeated ? 4 : 5,
                               repeated ? Claim::soundness : Claim::domain, [repeated](Random& r, int n) {
        const int k = repeated ? n + 1 : n;
        const int from_start = uniform(r, 0, k);
        const int from_end = uniform(r, 0, k);
        auto word = [repeated](const auto& x) {
            auto w = x;
            if (repeated) w.push_back(x[0]);
            return w;
        };
        auto holds = [=](const Assignment& a) {
            const std::vector<int> w = word(a);
            for (int v : w) {
                if (v < 1 || v > k) return false;
            }
            if (!all_distinct(w)) return false;
            const std::vector<int> back(w.rbegin(), w.rend());
            return (from_start == 0 || seen_from_start(w) == from_start) && (from_end == 0 || seen_from_start(back) == from_end);
        };
        return Constraint{holds, [=](Solver& s, const std::vector<IntVar>& x) { visibility(s, word(x), from_start, from_end); }, {}};
    });
    spec.min_value = 0;
    spec.max_value = 5;
    spec.wide_values = false;
    spec.bounds_only_claim = repeated ? Claim::soundness : Claim::value | Claim::bounds;
    return spec;
}

}  // namespace

std::vector<ConstraintSpec> visibility_specs() { return {visibility_spec(false), visibility_spec(true)}; }

}  // namespace prune::test::catalog
