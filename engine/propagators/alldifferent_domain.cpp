#include "alldifferent_domain.hpp"

#include <memory>

#include "../constraints.hpp"
#include "alldifferent_value.hpp"
#include "alldifferent_small.hpp"

#include <algorithm>
#include <utility>

namespace prune {
namespace {

bool needs_fallback(const Solver& s, const std::vector<IntVar>& vars) {
    if (vars.empty()) return false;
    std::int64_t lo = s.min(vars[0]);
    std::int64_t hi = s.max(vars[0]);
    for (IntVar x : vars) {
        if (!s.is_bitset(x)) return true;
        lo = std::min<std::int64_t>(lo, s.min(x));
        hi = std::max<std::int64_t>(hi, s.max(x));
    }
    return hi - lo + 1 > AllDifferentDomain::max_values;
}

}  // namespace

AllDifferentDomain::AllDifferentDomain(const Solver& s, std::vector<IntVar> vars)
    : Propagator(needs_fallback(s, vars) ? PropagatorCost::linear : PropagatorCost::quadratic),
      vars_(std::move(vars)),
      n_(static_cast<int>(vars_.size())),
      fallback_(cost() == PropagatorCost::linear),
      bounds_(fallback_ ? vars_.size() : 0) {
    if (!fallback_) declare_exact_with_one_open();  // domain consistent (the fallback: bounds)
    if (fallback_ || n_ == 0) return;
    int lo = s.min(vars_[0]);
    int hi = s.max(vars_[0]);
    for (IntVar x : vars_) {
        lo = std::min(lo, s.min(x));
        hi = std::max(hi, s.max(x));
    }
    base_ = lo;
    width_ = static_cast<int>(std::int64_t{hi} - lo + 1);
    sink_ = n_ + width_;
    const std::size_t n = vars_.size();
    const std::size_t w = static_cast<std::size_t>(width_);
    const std::size_t nodes = n + w + 1;
    var_value_.assign(n, -1);
    value_var_.assign(w, -1);
    value_mark_.assign(w, 0);
    value_parent_.assign(w, -1);
    queue_.assign(n, 0);
    node_visit_.assign(nodes, 0);
    order_.assign(nodes, 0);
    low_.assign(nodes, 0);
    component_.assign(nodes, 0);
    cursor_.assign(nodes, 0);
    tarjan_stack_.assign(nodes, 0);
    frames_.assign(nodes, 0);
}

void AllDifferentDomain::attach(Solver& s) {
    for (IntVar x : vars_) s.subscribe(this, x, fallback_ ? Condition::bounds : Condition::domain);
    explainer_.remember_ranges(s, vars_);
}

// A Hall set of the value graph (a Hall interval in the bounds fallback).
bool AllDifferentDomain::explain(Explanation& e) const { return explainer_.explain(e, vars_, fallback_); }

// Breadth-first search for an augmenting path from the unmatched variable `root`:
// values are explored from the variables reached so far, a matched value leads on to
// its variable, and the first free value found ends the path, which is then flipped.
bool AllDifferentDomain::augment(const Solver& s, int root) {
    ++mark_;
    int head = 0;
    int tail = 0;
    queue_[tail++] = root;
    while (head < tail) {
        const int u = queue_[head++];
        const IntVar x = vars_[u];
        const std::int64_t end = s.max(x);
        for (std::int64_t v = s.min(x); v <= end; v = s.next_value(x, v)) {
            int k = static_cast<int>(v - base_);
            if (value_mark_[k] == mark_) continue;
            value_mark_[k] = mark_;
            value_parent_[k] = u;
            if (value_var_[k] >= 0) {
                queue_[tail++] = value_var_[k];
                continue;
            }
            // Flip the path: each variable on it takes the value it reached next.
            for (;;) {
                const int var = value_parent_[k];
                const int previous = var_value_[var];
                var_value_[var] = k;
                value_var_[k] = var;
                if (var == root) return true;
                k = previous;
            }
        }
    }
    return false;  // the values seen form a Hall set that `root` cannot enter
}

// Successors: variable u -> its unmatched values; value -> its variable if matched,
// else the sink; sink -> every matched value. cursor_ remembers where each node is.
int AllDifferentDomain::next_successor(const Solver& s, int node) {
    if (node < n_) {
        const IntVar x = vars_[node];
        std::int64_t v = cursor_[node];
        for (;;) {
            v = s.next_value(x, v);
            if (v > s.max(x)) {
                cursor_[node] = v;
                return -1;
            }
            if (v - base_ != var_value_[node]) break;
        }
        cursor_[node] = v;
        return value_node(static_cast<int>(v - base_));
    }
    if (node < sink_) {
        if (cursor_[node] != 0) return -1;
        cursor_[node] = 1;
        const int var = value_var_[node - n_];
        return var >= 0 ? var : sink_;
    }
    const std::int64_t j = cursor_[node];
    if (j >= n_) return -1;
    cursor_[node] = j + 1;
    return value_node(var_value_[j]);
}

// Tarjan's strongly connected components with an explicit stack of DFS frames.
void AllDifferentDomain::find_components(const Solver& s) {
    ++visit_;
    int counter = 0;
    int components = 0;
    int stack_top = 0;
    int frame_top = 0;
    auto visit = [&](int u) {
        node_visit_[u] = visit_;
        order_[u] = counter;
        low_[u] = counter;
        ++counter;
        component_[u] = -1;
        cursor_[u] = u < n_ ? std::int64_t{s.min(vars_[u])} - 1 : 0;
        tarjan_stack_[stack_top++] = u;
        frames_[frame_top++] = u;
    };
    for (int start = -1; start < n_; ++start) {
        const int r = start < 0 ? sink_ : start;
        if (node_visit_[r] == visit_) continue;
        visit(r);
        while (frame_top > 0) {
            const int u = frames_[frame_top - 1];
            const int w = next_successor(s, u);
            if (w >= 0) {
                if (node_visit_[w] != visit_) {
                    visit(w);
                } else if (component_[w] < 0) {
                    low_[u] = std::min(low_[u], order_[w]);
                }
                continue;
            }
            --frame_top;
            if (low_[u] == order_[u]) {
                int popped;
                do {
                    popped = tarjan_stack_[--stack_top];
                    component_[popped] = components;
                } while (popped != u);
                ++components;
            }
            if (frame_top > 0) {
                const int parent = frames_[frame_top - 1];
                low_[parent] = std::min(low_[parent], low_[u]);
            }
        }
    }
}

Status AllDifferentDomain::propagate(Solver& s) {
    if (fallback_) return bounds_.run(s, vars_);
    if (n_ == 0) return Status::entailed;

    // Keep the matched edges that still exist, then rematch the other variables.
    for (int i = 0; i < n_; ++i) {
        const int k = var_value_[i];
        if (k >= 0 && !s.contains(vars_[i], base_ + k)) {
            value_var_[k] = -1;
            var_value_[i] = -1;
        }
    }
    for (int i = 0; i < n_; ++i) {
        if (var_value_[i] < 0 && !augment(s, i)) return Status::failed;
    }

    find_components(s);

    // Remove the edges in no covering matching; note whether two domains still meet.
    ++mark_;
    bool disjoint = true;
    for (int i = 0; i < n_; ++i) {
        const IntVar x = vars_[i];
        const int own = var_value_[i];
        const int c = component_[i];
        for (std::int64_t v = s.min(x); v <= s.max(x); v = s.next_value(x, v)) {
            const int k = static_cast<int>(v - base_);
            if (k != own && component_[value_node(k)] != c) {
                PRUNE_TRY(s.remove(x, static_cast<int>(v)));  // cannot happen: own stays
                continue;
            }
            if (value_mark_[k] == mark_) disjoint = false;
            value_mark_[k] = mark_;
        }
    }
    return disjoint ? Status::entailed : Status::ok;
}

// all_different (domain): the value stage, then AllDifferentSmall (GAC on 64-bit
// words) when at most 64 variables range over at most 64 values, else
// AllDifferentDomain.
bool all_different_domain(Solver& s, const std::vector<IntVar>& vars) {
    if (post_all_different_value_stage(s, vars)) {
        if (AllDifferentSmall::fits(s, vars)) s.add(std::make_unique<AllDifferentSmall>(s, vars));
        else s.add(std::make_unique<AllDifferentDomain>(s, vars));
    }
    return !s.root_failed();
}

}  // namespace prune
