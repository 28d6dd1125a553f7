#include "alldifferent_small.hpp"

#include <algorithm>
#include <bit>

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
    : Propagator(PropagatorCost::quadratic), vars_(std::move(vars)) {
    declare_exact_with_one_open();  // domain consistent
    base_ = INT64_MAX;
    std::int64_t top = INT64_MIN;
    for (IntVar x : vars_) {
        base_ = std::min<std::int64_t>(base_, s.min(x));
        top = std::max<std::int64_t>(top, s.max(x));
    }
    // Exactly the slots this constraint needs (fits(): n and w at most 64).
    const std::size_t n = vars_.size();
    const std::size_t w = static_cast<std::size_t>(top - base_ + 1);
    width_ = static_cast<int>(w);
    const std::size_t words = n + 2 * w;
    const std::size_t bytes = 4 * n + 2 * w;
    storage_ = std::make_unique<std::uint64_t[]>(words + (bytes + 7) / 8);
    domain_ = storage_.get();
    successors_ = domain_ + n;
    takers_ = successors_ + w;
    signed char* const small = reinterpret_cast<signed char*>(takers_ + w);
    index_ = small;
    match_ = index_ + n;
    hint_ = match_ + n;
    queue_ = hint_ + n;
    owner_ = queue_ + n;
    parent_ = owner_ + w;
    std::fill(match_, match_ + n, static_cast<signed char>(-1));
    std::fill(hint_, hint_ + n, static_cast<signed char>(-1));
    std::fill(owner_, owner_ + w, static_cast<signed char>(-1));
}

void AllDifferentSmall::attach(Solver& s) {
    for (IntVar x : vars_) s.subscribe(this, x, Condition::domain);
    explainer_.remember_ranges(s, vars_);
}

// A Hall set of the value graph (alldifferent_explain.hpp).
bool AllDifferentSmall::explain(Explanation& e) const { return explainer_.explain(e, vars_, false); }

// Removes from the variables matched to `members` every value outside `allowed`.
bool AllDifferentSmall::prune_outside(Solver& s, std::uint64_t members, std::uint64_t allowed) {
    for (; members != 0; members &= members - 1) {
        const int k = owner_[std::countr_zero(members)];
        for (std::uint64_t doomed = domain_[k] & ~allowed; doomed != 0; doomed &= doomed - 1) {
            PRUNE_TRY(s.remove(vars_[index_[k]], static_cast<int>(base_ + std::countr_zero(doomed))));
        }
    }
    return true;
}

// Finds an augmenting path from the unmatched variable `root` by breadth-first search
// over variables, visiting each value once; flips it. False when there is none.
bool AllDifferentSmall::augment(int root) {
    std::uint64_t visited = 0;
    int head = 0, tail = 0;
    queue_[tail++] = static_cast<signed char>(root);
    while (head < tail) {
        const int u = queue_[head++];
        std::uint64_t fresh = domain_[u] & ~visited;
        visited |= fresh;
        while (fresh != 0) {
            const int v = std::countr_zero(fresh);
            fresh &= fresh - 1;
            parent_[v] = static_cast<signed char>(u);
            if (owner_[v] < 0) {
                // Flip the path back to the root.
                for (int value = v;;) {
                    const int var = parent_[value];
                    const int previous = match_[var];
                    match_[var] = static_cast<signed char>(value);
                    owner_[value] = static_cast<signed char>(var);
                    if (var == root) return true;
                    value = previous;
                }
            }
            queue_[tail++] = owner_[v];
        }
    }
    return false;
}

// The steps of propagate() are functions for the reader, not for the machine: they
// are inlined into it (a call each costs about 1% of a sudoku run).
#if defined(__GNUC__)
#define PRUNE_HOT_STEP [[gnu::always_inline]] inline
#else
#define PRUNE_HOT_STEP inline
#endif

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
PRUNE_HOT_STEP Status AllDifferentSmall::collect_unfixed(Solver& s) {
    std::uint64_t all = 0;
    std::uint64_t fixed_values = 0;
    int total = 0;
    n_ = 0;
    for (int i = 0; i < static_cast<int>(vars_.size()); ++i) {
        const std::uint64_t d = s.window_bits(vars_[i], base_);
        all |= d;
        total += std::popcount(d);
        if ((d & (d - 1)) == 0) {
            if (d & fixed_values) return Status::failed;
            fixed_values |= d;
        } else {
            domain_[n_] = d;
            index_[n_] = static_cast<signed char>(i);
            ++n_;
        }
    }
    if (total == std::popcount(all)) return Status::entailed;  // pairwise disjoint
    for (int k = 0; k < n_; ++k) {
        for (std::uint64_t taken = domain_[k] & fixed_values; taken != 0; taken &= taken - 1) {
            PRUNE_TRY(s.remove(vars_[index_[k]], static_cast<int>(base_ + std::countr_zero(taken))));
        }
        domain_[k] &= ~fixed_values;
    }
    return Status::ok;
}

// A maximum matching of the unfixed variables, from the last run's matching (the
// hint: its edges that still exist) and augmenting paths. False when some variable
// stays unmatched.
PRUNE_HOT_STEP bool AllDifferentSmall::match() {
    std::fill(owner_, owner_ + width_, static_cast<signed char>(-1));
    for (int k = 0; k < n_; ++k) {
        const int v = hint_[index_[k]];
        if (v >= 0 && ((domain_[k] >> v) & 1) && owner_[v] < 0) {
            match_[k] = static_cast<signed char>(v);
            owner_[v] = static_cast<signed char>(k);
        } else {
            match_[k] = -1;
        }
    }
    for (int k = 0; k < n_; ++k) {
        if (match_[k] < 0 && !augment(k)) return false;
    }
    for (int k = 0; k < n_; ++k) hint_[index_[k]] = match_[k];
    return true;
}

// The graph, with each unfixed variable named by its matched value (a bijection):
// a -> b when a's variable could take value b. So the successors of a are its
// variable's matched values (no loop), and takers_[b], the predecessors of b, are one
// pass over the edges. Returns the variables (by matched value) that can take a
// value of `free_values`.
PRUNE_HOT_STEP std::uint64_t AllDifferentSmall::build_graph(std::uint64_t matched, std::uint64_t free_values) {
    std::uint64_t can_take_free = 0;
    for (int k = 0; k < n_; ++k) takers_[match_[k]] = 0;
    for (int k = 0; k < n_; ++k) {
        const int a = match_[k];
        const std::uint64_t bit = std::uint64_t{1} << a;
        const std::uint64_t out = domain_[k] & matched;
        successors_[a] = out;
        for (std::uint64_t values = out; values != 0; values &= values - 1) takers_[std::countr_zero(values)] |= bit;
        if (domain_[k] & free_values) can_take_free |= bit;
    }
    return can_take_free;
}

Status AllDifferentSmall::propagate(Solver& s) {
    const Status collected = collect_unfixed(s);
    if (collected != Status::ok) return collected;
    if (!match()) return Status::failed;
    std::uint64_t matched = 0;
    std::uint64_t free_values = 0;
    for (int k = 0; k < n_; ++k) {
        matched |= std::uint64_t{1} << match_[k];
        free_values |= domain_[k];
    }
    free_values &= ~matched;
    // Every set below is a set of matched values, each naming its variable.
    // Variables that can give up their value: those reaching one that can take a free
    // value (a backward closure from those).
    const std::uint64_t can_move = closure(build_graph(matched, free_values), takers_, ~std::uint64_t{0});
    // A value matched to a variable that can move is kept by everyone; so are free
    // values. Any other value b is kept by a variable a iff a and b lie on a cycle:
    // the same strongly connected component. No path from a non-moving variable leads
    // to a moving one, so the components are found inside the non-moving rest, each
    // as the forward closure of a pivot intersected with its backward closure.
    const std::uint64_t keep_everywhere = free_values | can_move;
    PRUNE_TRY(prune_outside(s, can_move, keep_everywhere));
    for (std::uint64_t rest = matched & ~can_move; rest != 0;) {
        const std::uint64_t pivot = rest & (~rest + 1);
        const std::uint64_t forward = closure(pivot, successors_, ~std::uint64_t{0});
        const std::uint64_t component = closure(pivot, takers_, forward);
        rest &= ~component;
        PRUNE_TRY(prune_outside(s, component, keep_everywhere | component));
    }
    return Status::ok;
}

}  // namespace prune
