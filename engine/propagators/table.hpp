// Table constraints: extensional constraints given by their allowed (positive) or
// forbidden (negative) tuples.
//
// Both propagators keep the still-valid tuples in a ReversibleSparseBitset; the
// tuples and, for each position p and value a appearing at p, the bit set
// supports(p, a) of the tuples with a at p live in a TupleSet (engine/tuple_set.hpp)
// that many tables may share. The post functions (table.cpp) merge repeated variables
// (tuples that disagree on two positions of the same variable are dropped, the others
// projected), so the propagators see distinct variables. Tuples invalid in the initial
// domains may be in the set: the first run treats every position as modified and so
// drops them before filtering.
//
// Each position keeps a reversible "view": the values of the tuples' column that are
// still in the domain, as the prefix of a permutation with a trailed length. The view
// gives the removed values (the delta) without help from the domain store: a shrink
// moves them just past the new prefix. A position is "modified" when its domain size
// differs from the trailed size recorded at the end of the last run. advise() records
// the modified positions of the current node; the first run in a node (Trail::stamp()
// changed since the last run: a push or a pop happened) rescans all positions instead,
// so a list left stale by a run cut short by a failure elsewhere is never trusted.
// Bounds-only domains (domain.hpp) are supported: the view then also drops values whose
// removal the domain could not represent, and the bounds are tightened to the view.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "../propagator.hpp"
#include "../solver.hpp"
#include "../learning/explanation.hpp"
#include "../trail.hpp"
#include "../tuple_set.hpp"
#include "reversible_sparse_bitset.hpp"

namespace prune {

// Shared state of CompactTable and NegativeTable (not a propagator by itself).
class TableCore {
public:
    // `vars` distinct, as many as the set's arity. The set may be empty (then the
    // owner must not be posted as a positive table).
    TableCore(std::vector<IntVar> vars, std::shared_ptr<const TupleSet> tuples);

    int arity() const { return static_cast<int>(vars_.size()); }
    IntVar var(int p) const { return vars_[p]; }
    const std::vector<IntVar>& vars() const { return vars_; }
    ReversibleSparseBitset& table() { return table_; }
    const ReversibleSparseBitset& table() const { return table_; }

    // The value of value index k of position p, and its support bit set.
    int value(int p, int k) const { return set_->value(p, k); }
    const std::uint64_t* supports(int p, int k) const { return set_->supports(p, k); }
    // Value index of v at position p, or -1 when no tuple has v at p.
    int index_of(int p, std::int64_t v) const { return set_->index_of(p, v); }

    // The view of position p: order(p)[0, view_size(p)) are value indices.
    int* order(int p) { return order_.data() + set_->flat(p, 0); }
    int view_size(int p) const { return static_cast<int>(view_size_[p].get()); }
    void set_view_size(Solver& s, int p, int n) {
        if (n != view_size(p)) view_size_[p].set(s.trail(), n);
    }
    // Swaps two entries of the permutation of p (both inside the view, so that the
    // view keeps the same set of values when its trailed size is restored).
    void swap_order(int p, int i, int j) {
        const int base = set_->flat(p, 0);
        int* o = order_.data() + base;
        const int a = o[i];
        const int b = o[j];
        o[i] = b;
        o[j] = a;
        where_[base + a] = j;
        where_[base + b] = i;
    }
    // Flat index of value index k of position p (for per-value arrays).
    int flat(int p, int k) const { return set_->flat(p, k); }
    int total_values() const { return set_->total_values(); }

    bool bounds_only(int p) const { return bounds_only_[p] != 0; }
    void record_size(Solver& s, int p) {
        const std::int64_t n = s.size(vars_[p]);
        if (n != last_size_[p].get()) last_size_[p].set(s.trail(), n);
    }
    bool modified(const Solver& s, int p) const { return s.size(vars_[p]) != last_size_[p].get(); }

    // Subscribes `owner` to every variable (tag = position) and asks for advice.
    void attach(Solver& s, Propagator* owner);
    // advise(): remembers that position p changed.
    void note(int p) {
        if (listed_[p]) return;
        listed_[p] = 1;
        pending_[pending_count_++] = p;
    }
    // Fills modified_ with the positions whose size changed since the last run and
    // empties the advice list.
    void collect_modified(Solver& s);
    int modified_count() const { return modified_count_; }
    int modified_position(int i) const { return modified_[i]; }
    // Marks the end of a completed run (the advice list is trusted until the next
    // push or pop).
    void finish_run(Solver& s) { run_stamp_ = s.trail().stamp(); }

    // Explanations under learning (learning/explanation.hpp), asked lazily.
    // Positive: a removal of v from x is explained, tuple by tuple over the tuples
    // with v at x, by a removed value of another position of each (greedy: a fact
    // already chosen covers every tuple it kills); a failure the same way over all
    // tuples. Negative: a removal by the others' domains (their removals, or their
    // fixed values), a failure by all domains. O(t * r) for t tuples.
    bool explain_positive(Explanation& e) const;
    bool explain_negative(Explanation& e) const;

    // Shrinks the view of p to the domain. The removed value indices are then
    // order(p)[view_size(p), old size). Returns the old size.
    int shrink_view(Solver& s, int p);
    // Restricts the table to the tuples whose value at p is still in the view, given
    // the old view size returned by shrink_view. False when the table became empty.
    bool update_table(Solver& s, int p, int old_size);

private:
    std::vector<IntVar> vars_;
    std::shared_ptr<const TupleSet> set_;
    std::vector<int> order_;  // per position (at set_->flat(p, 0)), a permutation of [0, count)
    std::vector<int> where_;  // inverse of order_
    std::vector<TrailedInt> view_size_;
    std::vector<TrailedInt> last_size_;
    std::vector<char> bounds_only_;
    int position_of(int var) const;
    bool cover_tuple(Explanation& e, std::int64_t t, int skip) const;
    std::vector<int> low_, high_;  // each position's range at posting time
    mutable std::vector<std::uint32_t> chosen_;  // per flat value: == chosen_stamp_ when in the explanation
    mutable std::vector<int> tuple_flat_;        // per tuple and position: the flat value index
    void prepare_explanations() const;
    mutable std::uint32_t chosen_stamp_ = 0;
    ReversibleSparseBitset table_;
    // Advice list (scratch, trusted only within the node of the last completed run).
    std::vector<int> pending_;
    std::vector<char> listed_;
    int pending_count_ = 0;
    std::vector<int> modified_;
    int modified_count_ = 0;
    std::uint64_t run_stamp_ = 0;
};

// CompactTable: positive table constraint, generalised arc consistency (GAC, domain
// consistency) on bitset domains; on a bounds-only domain the values outside the
// tuples' column cannot all be removed, so there it tightens the bounds to supported
// values and fails when the variable is fixed to an unsupported value.
//
// Algorithm: Compact-Table (Demeulenaere, Hartert, Lecoutre, Perez, Perron, Régin,
// Schaus, CP 2016). updateTable: for each modified position, the tuples are
// intersected with the union of the supports of the removed values (reversed, when
// fewer values left than remain) or of the remaining values (reset-based); a fixed
// variable intersects with its value's supports directly. filterDomains: each value
// keeps a residue (a word index where it last had a support); only when the residue
// fails is the table scanned. The only position that changed is not filtered.
// Cost per run: O(sum over modified positions of min(|delta|, |dom|) * w + r * d * w)
// in the worst case, w = non-zero words (<= tuples / 64), d = domain size, r = arity;
// residues make the filtering part close to O(r * d) in practice. Memory:
// O(r * d * tuples / 64) words in the TupleSet, shared by the tables posted on it, and
// O(tuples / 64 + r * d) per table. Idempotent (a value without support removes no valid
// tuple); entailed when every variable is fixed.
class CompactTable final : public Propagator {
public:
    // `vars` distinct; `tuples` non-empty (table.cpp's post function prepares them).
    CompactTable(std::vector<IntVar> vars, std::shared_ptr<const TupleSet> tuples);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool advise(Solver&, int tag, Event) override {
        core_.note(tag);
        return true;
    }
    const char* kind() const override { return "table(compact)"; }
    bool explain(Explanation& e) const override { return core_.explain_positive(e); }

private:
    TableCore core_;
    std::vector<int> residues_;  // per value index (same layout as the supports)
};

// NegativeTable: forbidden tuples, generalised arc consistency (GAC) on bitset
// domains; on bounds-only domains sound and at least forward checking (a removal the
// domain cannot represent is skipped; a fully fixed forbidden tuple always fails).
//
// Algorithm: CT-neg counting (Verhaeghe, Lecoutre, Schaus, "Extending Compact-Table to
// negative and short tables", AAAI 2017): the bit set holds the forbidden tuples still
// valid; value a of position p has no support exactly when the valid forbidden tuples
// with a at p number prod_{q != p} |dom(q)| (tuples are distinct). Positions whose
// product of other domain sizes exceeds the number of valid forbidden tuples are
// skipped without looking at their values, so large domains cost nothing. A removal
// shrinks the others' products, so a run loops until no domain changes (idempotent).
// Cost per pass: O(r * w) for updates plus O(d * w) per position examined; entailed
// as soon as no forbidden tuple is valid.
class NegativeTable final : public Propagator {
public:
    // `vars` distinct.
    NegativeTable(std::vector<IntVar> vars, std::shared_ptr<const TupleSet> tuples);
    void attach(Solver& s) override;
    Status propagate(Solver& s) override;
    bool advise(Solver&, int tag, Event) override {
        core_.note(tag);
        return true;
    }
    const char* kind() const override { return "table(negative)"; }
    bool explain(Explanation& e) const override { return core_.explain_negative(e); }

private:
    TableCore core_;
    std::vector<std::int64_t> prefix_;  // saturated products of domain sizes
    std::vector<std::int64_t> suffix_;
};

}  // namespace prune
