#include "circuit.hpp"

#include <algorithm>
#include <climits>
#include <string>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"

namespace prune {

// ---------------------------------------------------------------- circuit

NoSubtour::NoSubtour(std::vector<IntVar> successors, int offset)
    : Propagator(PropagatorCost::linear),
      succ_(std::move(successors)),
      offset_(offset),
      has_pred_(succ_.size()),
      marks_(succ_.size()) {}

void NoSubtour::attach(Solver& s) {
    // The reasoning reads fixed arcs only.
    for (IntVar x : succ_) s.subscribe(this, x, Condition::fixed);
}

int NoSubtour::successor(const Solver& s, int i) const {
    if (!s.fixed(succ_[i])) return -1;
    const std::int64_t j = std::int64_t{s.value(succ_[i])} - offset_;
    return j < 0 || j >= static_cast<std::int64_t>(succ_.size()) ? -2 : static_cast<int>(j);
}

bool NoSubtour::pass(Solver& s, bool& changed) {
    const int n = static_cast<int>(succ_.size());
    std::fill(has_pred_.begin(), has_pred_.end(), 0);
    for (int i = 0; i < n; ++i) {
        const int j = successor(s, i);
        if (j == -2) return false;
        if (j < 0) continue;
        if (has_pred_[j]) return false;  // two fixed arcs into j
        has_pred_[j] = 1;
    }
    // Every node without a fixed predecessor starts a chain of fixed arcs (possibly of
    // one node); the chains are disjoint because each node has at most one predecessor.
    int covered = 0;
    for (int start = 0; start < n; ++start) {
        if (has_pred_[start]) continue;
        int end = start, length = 1;
        for (int j; (j = successor(s, end)) >= 0;) {
            end = j;
            ++length;
        }
        covered += length;
        const Event e = length == n ? s.assign(succ_[end], start + offset_) : s.remove(succ_[end], start + offset_);
        PRUNE_TRY(e);
        if (e == Event::fixed) {  // chains joined: start again from the new arcs
            changed = true;
            return true;
        }
    }
    if (covered == n) return true;
    // The nodes no chain reached lie on cycles of fixed arcs: allowed only when every
    // node is on one cycle through all of them.
    if (covered > 0) return false;
    int length = 1;
    for (int j = successor(s, 0); j != 0; j = successor(s, j)) ++length;
    return length == n;
}

Status NoSubtour::propagate(Solver& s) {
    for (bool changed = true; changed;) {
        changed = false;
        if (!pass(s, changed)) return Status::failed;
    }
    return Status::ok;
}

// ---------------------------------------------------------------- subcircuit

NoSubcycle::NoSubcycle(std::vector<IntVar> successors, int offset, bool allow_empty)
    : Propagator(PropagatorCost::linear),
      succ_(std::move(successors)),
      offset_(offset),
      allow_empty_(allow_empty),
      has_pred_(succ_.size()),
      seen_(succ_.size()),
      marks_(succ_.size()) {}

void NoSubcycle::attach(Solver& s) {
    // Fixed arcs, and whether a node can still be out (its loop value, anywhere in the
    // domain), drive the reasoning.
    for (IntVar x : succ_) s.subscribe(this, x, Condition::domain);
}

int NoSubcycle::successor(const Solver& s, int i) const {
    if (!s.fixed(succ_[i])) return -1;
    const std::int64_t j = std::int64_t{s.value(succ_[i])} - offset_;
    return j < 0 || j >= static_cast<std::int64_t>(succ_.size()) ? -2 : static_cast<int>(j);
}

bool NoSubcycle::pass(Solver& s, bool& changed) {
    const int n = static_cast<int>(succ_.size());
    std::fill(has_pred_.begin(), has_pred_.end(), 0);
    int can_be_in = 0;  // nodes not fixed to their loop
    for (int i = 0; i < n; ++i) {
        const int j = successor(s, i);
        if (j == -2) return false;
        can_be_in += j == i ? 0 : 1;
        if (j < 0 || j == i) continue;
        if (has_pred_[j]) return false;  // two fixed arcs into j
        has_pred_[j] = 1;
    }
    // A circuit needs two nodes: with fewer that can be in, every node is out.
    if (!allow_empty_ && can_be_in < 2) return false;
    // A node entered by a fixed arc is in the circuit: it cannot loop.
    int forced_in = 0;
    for (int j = 0; j < n; ++j) {
        if (has_pred_[j] && can_be_out(s, j)) {
            const Event e = s.remove(succ_[j], j + offset_);
            PRUNE_TRY(e);
            changed |= e == Event::fixed;
        }
        forced_in += can_be_out(s, j) ? 0 : 1;
    }
    if (changed) return true;  // a new fixed arc: start again from it
    // Chains of fixed non-loop arcs: closing one is a cycle, allowed only when every
    // node outside the chain can be out.
    std::fill(seen_.begin(), seen_.end(), 0);
    for (int start = 0; start < n; ++start) {
        if (has_pred_[start]) continue;
        const int first = successor(s, start);
        if (first < 0 || first == start) continue;
        int end = start, length = 1, forced_in_chain = can_be_out(s, start) ? 0 : 1;
        seen_[start] = 1;
        for (int j; (j = successor(s, end)) >= 0;) {
            if (j == end) return false;  // entered, then looping
            end = j;
            seen_[end] = 1;
            ++length;
            forced_in_chain += can_be_out(s, end) ? 0 : 1;
        }
        if (forced_in > forced_in_chain) {
            const Event e = s.remove(succ_[end], start + offset_);
            PRUNE_TRY(e);
            if (e == Event::fixed) {
                changed = true;
                return true;
            }
        }
    }
    // A cycle of fixed arcs is the circuit: every other node is out.
    int cycle_start = -1;
    for (int i = 0; i < n; ++i) {
        const int j = successor(s, i);
        if (seen_[i] || j < 0 || j == i) continue;
        if (cycle_start >= 0) return false;  // a second cycle
        cycle_start = i;
        for (int k = i; !seen_[k]; k = successor(s, k)) seen_[k] = 2;
    }
    if (cycle_start < 0) return true;
    for (int i = 0; i < n; ++i) {
        if (seen_[i] == 2) continue;
        const Event e = s.assign(succ_[i], i + offset_);
        PRUNE_TRY(e);
        changed |= is_change(e);
    }
    return true;
}

Status NoSubcycle::propagate(Solver& s) {
    for (bool changed = true; changed;) {
        changed = false;
        if (!pass(s, changed)) return Status::failed;
    }
    return Status::ok;
}

// ---------------------------------------------------------------- explanations

// The arcs fixed before an inference, read through the explanation's view.
class CircuitArcsBefore {
public:
    CircuitArcsBefore(const Explanation& e, const std::vector<IntVar>& succ, int offset) : e_(e), succ_(succ), offset_(offset) {}
    int size() const { return static_cast<int>(succ_.size()); }
    // The node a successor value names, -1 when it lies outside 0..n-1.
    int node(int value) const {
        const std::int64_t j = std::int64_t{value} - offset_;
        return j >= 0 && j < size() ? static_cast<int>(j) : -1;
    }
    // Node i's successor node, -1 when open, -2 when the value lies outside 0..n-1.
    int successor(int i) const {
        const IntVar x = succ_[static_cast<std::size_t>(i)];
        if (!e_.was_fixed(x)) return -1;
        const int j = node(e_.fixed_value(x));
        return j < 0 ? -2 : j;
    }
    // Whether node i could still be followed by node j (subcircuit: i = j, be out).
    bool could_follow(int i, int j) const { return e_.had_value(succ_[static_cast<std::size_t>(i)], j + offset_); }
    // The nodes on the path of fixed arcs from `from` to `to`, both counted; 0 when
    // those arcs do not lead there (they stop, loop, or cycle without it).
    int path_length(int from, int to) const {
        int length = 1;
        for (int k = from; k != to; ++length) {
            if (length == size()) return 0;
            const int j = successor(k);
            if (j < 0 || j == k) return 0;
            k = j;
        }
        return length;
    }
    // Adds the fixed arcs of that path (not `to`'s own).
    void add_path(Explanation& e, int from, int to) const {
        for (int k = from; k != to; k = successor(k)) e.add_fixed(succ_[static_cast<std::size_t>(k)]);
    }
    // Calls visit(c) for one node c of each cycle of fixed arcs (of loops too when
    // `loops`), until it returns false. `marks`: scratch of n entries.
    template <class Visit>
    void for_each_cycle(std::vector<int>& marks, bool loops, Visit visit) const {
        std::fill(marks.begin(), marks.end(), 0);
        for (int start = 0; start < size(); ++start) {
            int k = start;
            while (k >= 0 && marks[static_cast<std::size_t>(k)] == 0) {
                marks[static_cast<std::size_t>(k)] = start + 1;
                const int j = successor(k);
                k = j == k && !loops ? -1 : j;
            }
            if (k >= 0 && marks[static_cast<std::size_t>(k)] == start + 1 && !visit(k)) return;
        }
    }
    // (c on a cycle of fixed arcs, as for_each_cycle gives it.)
    int cycle_length(int c) const {
        int length = 1;
        for (int k = successor(c); k != c; k = successor(k)) ++length;
        return length;
    }
    bool on_cycle(int c, int node) const {
        for (int k = c;; ) {
            if (k == node) return true;
            if ((k = successor(k)) == c) return false;
        }
    }
    void add_cycle(Explanation& e, int c) const {
        int k = c;
        do {
            e.add_fixed(succ_[static_cast<std::size_t>(k)]);
            k = successor(k);
        } while (k != c);
    }

private:
    const Explanation& e_;
    const std::vector<IntVar>& succ_;
    int offset_;
};

namespace {

// The first i with a fixed value outside the nodes, or with a fixed arc (a loop
// too, when `loops`) into a node another fixed arc enters: adds it (and the other)
// and returns true. `preds`: scratch, left holding each node's fixed predecessor
// (-1: none).
bool add_stray_or_shared_arc(Explanation& e, const CircuitArcsBefore& arcs, const std::vector<IntVar>& succ, bool loops,
                             std::vector<int>& preds) {
    std::fill(preds.begin(), preds.end(), -1);
    for (int i = 0; i < arcs.size(); ++i) {
        const int j = arcs.successor(i);
        if (j == -2) {
            e.add_fixed(succ[static_cast<std::size_t>(i)]);
            return true;
        }
        if (j < 0 || (j == i && !loops)) continue;
        int& pred = preds[static_cast<std::size_t>(j)];
        if (pred >= 0) {
            e.add_fixed(succ[static_cast<std::size_t>(pred)]);
            e.add_fixed(succ[static_cast<std::size_t>(i)]);
            return true;
        }
        pred = i;
    }
    return false;
}

// The first node of the path of fixed arcs that ends at `end`, -1 when its arcs
// enter a cycle. `preds`: scratch.
int first_of_path_to(const CircuitArcsBefore& arcs, int end, std::vector<int>& preds) {
    std::fill(preds.begin(), preds.end(), -1);
    for (int i = 0; i < arcs.size(); ++i) {
        const int j = arcs.successor(i);
        if (j >= 0) preds[static_cast<std::size_t>(j)] = i;
    }
    int first = end;
    for (int steps = 0; preds[static_cast<std::size_t>(first)] >= 0; ++steps) {
        if (steps == arcs.size()) return -1;
        first = preds[static_cast<std::size_t>(first)];
    }
    return first;
}

}  // namespace

// [succ[end] != start] closes a chain start ... end of fewer than n nodes, and
// [succ[end] = start] one of all n: the chain's arcs explain either; the removal of
// any other value of the end of a chain of all n too (the assignment of its closing
// arc may remove them one by one).
bool NoSubtour::explain(Explanation& e) const {
    if (e.explaining_failure()) return explain_failure(e);
    const Fact& f = e.inferred();
    if (f.is_bound()) return false;
    const CircuitArcsBefore arcs(e, succ_, offset_);
    const int n = arcs.size();
    const int start = arcs.node(f.value);
    for (int end = 0; end < n; ++end) {
        if (succ_[static_cast<std::size_t>(end)].index != f.var) continue;
        const int length = start >= 0 ? arcs.path_length(start, end) : 0;
        if (length != 0 && (f.is_equal() ? length == n : length < n)) {
            arcs.add_path(e, start, end);
            return true;
        }
        if (f.is_equal()) continue;
        const int first = first_of_path_to(arcs, end, marks_);
        if (first >= 0 && first != start && arcs.path_length(first, end) == n) {
            arcs.add_path(e, first, end);
            return true;
        }
    }
    return false;
}

bool NoSubtour::explain_failure(Explanation& e) const {
    const CircuitArcsBefore arcs(e, succ_, offset_);
    const int n = arcs.size();
    if (add_stray_or_shared_arc(e, arcs, succ_, true, marks_)) return true;
    // A path through all n nodes starts at the one node nothing enters.
    const int start = static_cast<int>(std::find(marks_.begin(), marks_.end(), -1) - marks_.begin());
    int short_cycle = -1;
    arcs.for_each_cycle(marks_, true, [&](int c) {
        if (arcs.cycle_length(c) < n) short_cycle = c;
        return short_cycle < 0;
    });
    if (short_cycle >= 0) {
        arcs.add_cycle(e, short_cycle);
        return true;
    }
    if (start == n) return false;
    int end = start, length = 1;
    for (int j; length < n && (j = arcs.successor(end)) >= 0; ++length) end = j;
    if (length < n || arcs.could_follow(end, start)) return false;
    arcs.add_path(e, start, end);
    e.add_removed(succ_[static_cast<std::size_t>(end)], start + offset_);
    return true;
}

// [succ[x] != x]: a fixed arc enters x. [succ[end] != start]: the chain start ...
// end, and a node outside it that cannot be out. [succ[x] = x], or the removal of
// another value of x (the assignment of its loop may remove them one by one): a
// fixed cycle without x.
bool NoSubcycle::explain(Explanation& e) const {
    if (e.explaining_failure()) return explain_failure(e);
    const Fact& f = e.inferred();
    if (f.is_bound()) return false;
    const CircuitArcsBefore arcs(e, succ_, offset_);
    const int n = arcs.size();
    const int v = arcs.node(f.value);
    for (int x = 0; x < n; ++x) {
        if (succ_[static_cast<std::size_t>(x)].index != f.var) continue;
        if (f.is_equal() ? v == x && add_cycle_without(e, arcs, x) : v == x ? add_entering_arc(e, arcs, x)
                                                                          : add_closed_chain(e, arcs, v, x) || add_cycle_without(e, arcs, x)) {
            return true;
        }
    }
    return false;
}

// A fixed arc into x, not its loop.
bool NoSubcycle::add_entering_arc(Explanation& e, const CircuitArcsBefore& arcs, int x) const {
    for (int i = 0; i < arcs.size(); ++i) {
        if (i != x && arcs.successor(i) == x) {
            e.add_fixed(succ_[static_cast<std::size_t>(i)]);
            return true;
        }
    }
    return false;
}

// The chain of fixed arcs start ... end, and a node outside it that cannot be out.
bool NoSubcycle::add_closed_chain(Explanation& e, const CircuitArcsBefore& arcs, int start, int end) const {
    if (start < 0 || arcs.path_length(start, end) == 0) return false;
    std::fill(marks_.begin(), marks_.end(), 0);
    for (int k = start; k != end; k = arcs.successor(k)) marks_[static_cast<std::size_t>(k)] = 1;
    marks_[static_cast<std::size_t>(end)] = 1;
    for (int k = 0; k < arcs.size(); ++k) {
        if (marks_[static_cast<std::size_t>(k)] == 0 && !arcs.could_follow(k, k)) {
            arcs.add_path(e, start, end);
            e.add_removed(succ_[static_cast<std::size_t>(k)], k + offset_);
            return true;
        }
    }
    return false;
}

// A cycle of fixed arcs without x.
bool NoSubcycle::add_cycle_without(Explanation& e, const CircuitArcsBefore& arcs, int x) const {
    int cycle = -1;
    arcs.for_each_cycle(marks_, false, [&](int c) {
        if (!arcs.on_cycle(c, x)) cycle = c;
        return cycle < 0;
    });
    if (cycle < 0) return false;
    arcs.add_cycle(e, cycle);
    return true;
}

bool NoSubcycle::explain_failure(Explanation& e) const {
    const CircuitArcsBefore arcs(e, succ_, offset_);
    const int n = arcs.size();
    if (add_stray_or_shared_arc(e, arcs, succ_, false, marks_)) return true;
    // Entered, then looping.
    for (int j = 0; j < n; ++j) {
        const int pred = marks_[static_cast<std::size_t>(j)];
        if (pred >= 0 && arcs.successor(j) == j) {
            e.add_fixed(succ_[static_cast<std::size_t>(pred)]);
            e.add_fixed(succ_[static_cast<std::size_t>(j)]);
            return true;
        }
    }
    // Too few nodes left that can be in.
    int looping = 0;
    for (int i = 0; i < n; ++i) looping += arcs.successor(i) == i ? 1 : 0;
    if (!allow_empty_ && n - looping < 2) {
        for (int i = 0; i < n; ++i) {
            if (arcs.successor(i) == i) e.add_fixed(succ_[static_cast<std::size_t>(i)]);
        }
        return true;
    }
    // Two cycles, or a cycle and a node outside it that cannot be out.
    int first = -1, second = -1;
    arcs.for_each_cycle(marks_, false, [&](int c) {
        (first < 0 ? first : second) = c;
        return second < 0;
    });
    if (first < 0) return false;
    if (second >= 0) {
        arcs.add_cycle(e, first);
        arcs.add_cycle(e, second);
        return true;
    }
    std::fill(marks_.begin(), marks_.end(), 0);
    for (int k = first; marks_[static_cast<std::size_t>(k)] == 0; k = arcs.successor(k)) marks_[static_cast<std::size_t>(k)] = 1;
    for (int k = 0; k < n; ++k) {
        if (marks_[static_cast<std::size_t>(k)] == 0 && !arcs.could_follow(k, k)) {
            arcs.add_cycle(e, first);
            e.add_removed(succ_[static_cast<std::size_t>(k)], k + offset_);
            return true;
        }
    }
    return false;
}

// ---------------------------------------------------------------- post functions

namespace {

// Successor values within [offset, offset + n - 1]; false when a domain empties.
bool restrict_successors(Solver& s, const char* who, const std::vector<IntVar>& succ, int offset) {
    const std::int64_t last = std::int64_t{offset} + static_cast<std::int64_t>(succ.size()) - 1;
    if (last > INT_MAX) {
        s.set_error(std::string(who) + ": offset + number of nodes exceeds the 32-bit range");
        return false;
    }
    for (IntVar x : succ) {
        if (is_failure(s.set_min(x, offset)) || is_failure(s.set_max(x, last))) {
            s.fail();
            return false;
        }
    }
    return true;
}

}  // namespace

bool circuit(Solver& s, const std::vector<IntVar>& successors, int offset) {
    if (!check_vars(s, "circuit", successors) || !restrict_successors(s, "circuit", successors, offset)) return false;
    const int n = static_cast<int>(successors.size());
    if (n == 0) return !s.root_failed();
    for (int i = 0; i < n; ++i) {
        const Event e = n == 1 ? s.assign(successors[i], offset) : s.remove(successors[i], i + offset);
        if (is_failure(e)) {
            s.fail();
            return false;
        }
    }
    return all_different(s, successors, Consistency::domain) && post<NoSubtour>(s, successors, offset);
}

bool subcircuit(Solver& s, const std::vector<IntVar>& successors, int offset, bool allow_empty) {
    if (!check_vars(s, "subcircuit", successors) || !restrict_successors(s, "subcircuit", successors, offset)) return false;
    if (successors.empty()) {
        if (!allow_empty) s.fail();
        return !s.root_failed();
    }
    return all_different(s, successors, Consistency::domain) && post<NoSubcycle>(s, successors, offset, allow_empty);
}

}  // namespace prune
