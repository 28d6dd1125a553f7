#include "alldifferent_small.hpp"

#include <algorithm>
#include <bit>

#include "../hot_step.hpp"

namespace prune {

bool AllDifferentSmall::fits(const Solver& s, const std::vector<IntVar>& vars) {
    if (vars.empty() || vars.size() > max_variables) return false;
    std::int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (IntVar x : vars) {
        if (!s.is_bitset(x)) return false;
        lo = std::min<std::int64_t>(lo, s.min(x));
        hi = std::max<std::int64_t>(hi, s.max(x));
    }
    return hi - lo < 64;
}

AllDifferentSmall::AllDifferentSmall(const Solver& s, std::vector<IntVar> vars)
    : Propagator(PropagatorCost::quadratic) {
    declare_exact_with_one_open();  // domain consistent
    base_ = INT64_MAX;
    std::int64_t top = INT64_MIN;
    for (IntVar x : vars) {
        base_ = std::min<std::int64_t>(base_, s.min(x));
        top = std::max<std::int64_t>(top, s.max(x));
    }
    width_ = static_cast<int>(top - base_ + 1);  // fits(): at most 64
    hint_ = std::make_unique<signed char[]>(vars.size());
    std::fill(hint_.get(), hint_.get() + vars.size(), static_cast<signed char>(-1));
    declare_scope(std::move(vars));
}

// The working arrays: words first, then bytes (fits(): n and w at most 64).
static std::size_t scratch_bytes(std::size_t n, std::size_t w) { return 8 * (n + 2 * w) + 3 * n + 2 * w; }

AllDifferentSmall::Work AllDifferentSmall::work(Solver& s) const {
    const int n = static_cast<int>(scope().size());
    Work w;
    w.n = 0;
    w.domain = static_cast<std::uint64_t*>(s.scratch());
    w.successors = w.domain + n;
    w.takers = w.successors + width_;
    w.index = reinterpret_cast<signed char*>(w.takers + width_);
    w.match = w.index + n;
    w.queue = w.match + n;
    w.owner = w.queue + n;
    w.parent = w.owner + width_;
    return w;
}

void AllDifferentSmall::attach(Solver& s) {
    s.reserve_scratch(scratch_bytes(scope().size(), static_cast<std::size_t>(width_)));
    for (IntVar x : scope()) s.subscribe(this, x, Condition::domain);
    explainer_.remember_ranges(s, scope());
}

// A Hall set of the value graph (alldifferent_explain.hpp).
bool AllDifferentSmall::explain(Explanation& e) const { return explainer_.explain(e, scope(), false); }

// Removes from the variables matched to `members` every value outside `allowed`.
bool AllDifferentSmall::prune_outside(Solver& s, const Work& w, std::uint64_t members, std::uint64_t allowed) const {
    for (; members != 0; members &= members - 1) {
        const int k = w.owner[std::countr_zero(members)];
        const std::uint64_t doomed = w.domain[k] & ~allowed;
        if (doomed != 0) PRUNE_TRY(s.remove_values(scope()[w.index[k]], base_, doomed));
    }
    return true;
}

// Finds an augmenting path from the unmatched variable `root` by breadth-first search
// over variables, visiting each value once; flips it. False when there is none.
bool AllDifferentSmall::augment(const Work& w, int root) {
    std::uint64_t visited = 0;
    int head = 0, tail = 0;
    w.queue[tail++] = static_cast<signed char>(root);
    while (head < tail) {
        const int u = w.queue[head++];
        std::uint64_t fresh = w.domain[u] & ~visited;
        visited |= fresh;
        while (fresh != 0) {
            const int v = std::countr_zero(fresh);
            fresh &= fresh - 1;
            w.parent[v] = static_cast<signed char>(u);
            if (w.owner[v] < 0) {
                // Flip the path back to the root.
                for (int value = v;;) {
                    const int var = w.parent[value];
                    const int previous = w.match[var];
                    w.match[var] = static_cast<signed char>(value);
                    w.owner[value] = static_cast<signed char>(var);
                    if (var == root) return true;
                    value = previous;
                }
            }
            w.queue[tail++] = w.owner[v];
        }
    }
    return false;
}

// The steps of propagate() are functions for the reader, not for the machine: they
// are inlined into it (engine/hot_step.hpp).

namespace {

// The closure of `start` under `edges` (a value -> a set of values), kept within
// `within`: one word operation per value reached.
std::uint64_t closure(std::uint64_t start, const std::uint64_t* edges, std::uint64_t within) {
    std::uint64_t reached = start;
    for (std::uint64_t frontier = start; frontier != 0;) {
        std::uint64_t next = 0;
        for (; frontier != 0; frontier &= frontier - 1) next |= edges[std::countr_zero(frontier)];
        frontier = next & within & ~reached;
        reached |= frontier;
    }
    return reached;
}

}  // namespace

// Fixed variables leave the graph: their values are removed from the others here
// (the value stage usually has done it already), and the matching, the closure and
// the pruning run on the unfixed rest only, which late in a search is a handful of
// variables. GAC on the rest plus this removal is GAC on the whole.
PRUNE_HOT_STEP Status AllDifferentSmall::collect_unfixed(Solver& s, Work& w) const {
    std::uint64_t all = 0;
    std::uint64_t fixed_values = 0;
    int total = 0;
    int n = 0;
    const std::vector<IntVar>& vars = scope();
    for (int i = 0; i < static_cast<int>(vars.size()); ++i) {
        const std::uint64_t d = s.window_bits(vars[i], base_);
        all |= d;
        total += std::popcount(d);
        if ((d & (d - 1)) == 0) {
            if (d & fixed_values) return Status::failed;
            fixed_values |= d;
        } else {
            w.domain[n] = d;
            w.index[n] = static_cast<signed char>(i);
            ++n;
        }
    }
    w.n = n;
    if (total == std::popcount(all)) return Status::entailed;  // pairwise disjoint
    for (int k = 0; k < n; ++k) {
        const std::uint64_t taken = w.domain[k] & fixed_values;
        if (taken != 0) PRUNE_TRY(s.remove_values(vars[w.index[k]], base_, taken));
        w.domain[k] &= ~fixed_values;
    }
    return Status::ok;
}

// A maximum matching of the unfixed variables, from the last run's matching (the
// hint: its edges that still exist) and augmenting paths. False when some variable
// stays unmatched.
PRUNE_HOT_STEP bool AllDifferentSmall::match(Work& w) {
    std::fill(w.owner, w.owner + width_, static_cast<signed char>(-1));
    signed char* const hint = hint_.get();
    for (int k = 0; k < w.n; ++k) {
        const int v = hint[w.index[k]];
        if (v >= 0 && ((w.domain[k] >> v) & 1) && w.owner[v] < 0) {
            w.match[k] = static_cast<signed char>(v);
            w.owner[v] = static_cast<signed char>(k);
        } else {
            w.match[k] = -1;
        }
    }
    for (int k = 0; k < w.n; ++k) {
        if (w.match[k] < 0 && !augment(w, k)) return false;
    }
    for (int k = 0; k < w.n; ++k) hint[w.index[k]] = w.match[k];
    return true;
}

// The graph, with each unfixed variable named by its matched value (a bijection):
// a -> b when a's variable could take value b. So the successors of a are its
// variable's matched values (no loop), and takers[b], the predecessors of b, are one
// pass over the edges. Returns the variables (by matched value) that can take a
// value of `free_values`.
PRUNE_HOT_STEP std::uint64_t AllDifferentSmall::build_graph(const Work& w, std::uint64_t matched, std::uint64_t free_values) {
    std::uint64_t can_take_free = 0;
    for (int k = 0; k < w.n; ++k) w.takers[w.match[k]] = 0;
    for (int k = 0; k < w.n; ++k) {
        const int a = w.match[k];
        const std::uint64_t bit = std::uint64_t{1} << a;
        const std::uint64_t out = w.domain[k] & matched;
        w.successors[a] = out;
        for (std::uint64_t values = out; values != 0; values &= values - 1) w.takers[std::countr_zero(values)] |= bit;
        if (w.domain[k] & free_values) can_take_free |= bit;
    }
    return can_take_free;
}

Status AllDifferentSmall::propagate(Solver& s) {
    Work w = work(s);
    const Status collected = collect_unfixed(s, w);
    if (collected != Status::ok) return collected;
    if (!match(w)) return Status::failed;
    std::uint64_t matched = 0;
    std::uint64_t free_values = 0;
    for (int k = 0; k < w.n; ++k) {
        matched |= std::uint64_t{1} << w.match[k];
        free_values |= w.domain[k];
    }
    free_values &= ~matched;
    // Every set below is a set of matched values, each naming its variable.
    // Variables that can give up their value: those reaching one that can take a free
    // value (a backward closure from those).
    const std::uint64_t can_move = closure(build_graph(w, matched, free_values), w.takers, ~std::uint64_t{0});
    // A value matched to a variable that can move is kept by everyone; so are free
    // values. Any other value b is kept by a variable a iff a and b lie on a cycle:
    // the same strongly connected component. No path from a non-moving variable leads
    // to a moving one, so the components are found inside the non-moving rest, each
    // as the forward closure of a pivot intersected with its backward closure.
    const std::uint64_t keep_everywhere = free_values | can_move;
    PRUNE_TRY(prune_outside(s, w, can_move, keep_everywhere));
    for (std::uint64_t rest = matched & ~can_move; rest != 0;) {
        const std::uint64_t pivot = rest & (~rest + 1);
        const std::uint64_t forward = closure(pivot, w.successors, ~std::uint64_t{0});
        const std::uint64_t component = closure(pivot, w.takers, forward);
        rest &= ~component;
        PRUNE_TRY(prune_outside(s, w, component, keep_everywhere | component));
    }
    return Status::ok;
}

}  // namespace prune
