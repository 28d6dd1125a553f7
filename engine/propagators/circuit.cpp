#include "circuit.hpp"

#include <algorithm>
#include <climits>
#include <string>

#include "../constraints.hpp"
#include "../posting.hpp"

namespace prune {

// ---------------------------------------------------------------- circuit

NoSubtour::NoSubtour(std::vector<IntVar> successors, int offset)
    : Propagator(PropagatorCost::linear),
      succ_(std::move(successors)),
      offset_(offset),
      has_pred_(succ_.size()) {}

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
      seen_(succ_.size()) {}

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
