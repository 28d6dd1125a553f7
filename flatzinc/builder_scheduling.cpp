// The graph and scheduling globals of the FlatZinc builder (issue 19): the
// prune_* predicates that flatzinc/mznlib's fzn_circuit, fzn_subcircuit,
// fzn_inverse, fzn_cumulative, fzn_disjunctive(_strict) and fzn_diffn(_nonstrict)
// hand over whole, mapped to the engine's post functions.
#include "builder_internal.hpp"

namespace prune::flatzinc::detail {

namespace {

int offset_argument(std::int64_t v, Location where) {
    if (!fits_int(v)) throw BuildError{where, "an index offset is outside prune's 32-bit domains"};
    return static_cast<int>(v);
}

}  // namespace

void Builder::circuit(const Constraint& c, const Builtin& b) {  // prune_(sub)circuit(x, min(index_set(x)))
    const std::vector<IntVar> x = vars(array(c.arguments[0]), c.where);
    const int offset = offset_argument(par(c.arguments[1]), c.arguments[1].where);
    if (b.name == "prune_subcircuit") {
        prune::subcircuit(s(), x, offset);
    } else {
        prune::circuit(s(), x, offset);
    }
}

void Builder::inverse(const Constraint& c, const Builtin&) {  // prune_inverse(f, f_offset, g, g_offset)
    const std::vector<IntVar> f = vars(array(c.arguments[0]), c.where);
    const std::vector<IntVar> g = vars(array(c.arguments[2]), c.where);
    if (f.size() != g.size()) throw BuildError{c.where, "inverse of arrays of different lengths"};
    prune::inverse(s(), f, g, offset_argument(par(c.arguments[1]), c.arguments[1].where),
                   offset_argument(par(c.arguments[3]), c.arguments[3].where), all_different_level(c.annotations));
}

void Builder::cumulative(const Constraint& c, const Builtin&) {  // prune_cumulative(s, d, r, b)
    const std::vector<IntVar> starts = vars(array(c.arguments[0]), c.where);
    const std::vector<IntVar> durations = vars(array(c.arguments[1]), c.where);
    const std::vector<IntVar> heights = vars(array(c.arguments[2]), c.where);
    if (durations.size() != starts.size() || heights.size() != starts.size()) {
        throw BuildError{c.where, "cumulative: the start, duration and height arrays differ in length"};
    }
    prune::cumulative(s(), starts, durations, heights, ivar(c.arguments[3]));
}

void Builder::disjunctive(const Constraint& c, const Builtin& b) {  // prune_disjunctive(_strict)(s, d)
    const std::vector<IntVar> starts = vars(array(c.arguments[0]), c.where);
    const std::vector<IntVar> durations = vars(array(c.arguments[1]), c.where);
    if (durations.size() != starts.size()) throw BuildError{c.where, "disjunctive: the start and duration arrays differ in length"};
    prune::disjunctive(s(), starts, durations, b.name != "prune_disjunctive_strict");
}

void Builder::diffn(const Constraint& c, const Builtin& b) {  // prune_diffn(_nonstrict)(x, y, dx, dy)
    std::vector<std::vector<IntVar>> a;
    for (std::size_t k = 0; k < 4; ++k) a.push_back(vars(array(c.arguments[k]), c.where));
    if (a[1].size() != a[0].size() || a[2].size() != a[0].size() || a[3].size() != a[0].size()) {
        throw BuildError{c.where, "diffn: the four arrays differ in length"};
    }
    prune::no_overlap_2d(s(), a[0], a[1], a[2], a[3], b.name == "prune_diffn_nonstrict");
}

}  // namespace prune::flatzinc::detail
