// TupleSet: the tuples of a table constraint, with the per-value support bit sets
// that Compact-Table works on, built once and shared.
//
// Why a separate object: a model often posts the same table many times (every line of
// a Quarto board, every rotor of a Seki puzzle with the same pattern). Building the
// supports costs O(arity * values * tuples / 64) words and a sort of the tuples; a
// TupleSet pays that once, and every table posted on it only adds its own reversible
// state (the valid-tuple bit set and the per-position views). Gecode's TupleSet plays
// the same part.
//
// A TupleSet is immutable after construction, so one instance may be shared by the
// propagators of many solvers, also on different threads.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace prune {

class TupleSet {
public:
    // `flat` holds the tuples one after the other, `arity` values each; its size must
    // be a multiple of arity, and arity >= 1. Duplicates are dropped; the tuples are
    // kept in lexicographic order (already sorted input is detected and not resorted).
    TupleSet(int arity, std::vector<int> flat);

    // Builds a shared set from tuples given one vector each. Returns null and sets
    // `error` when a tuple has a size other than `arity` or arity < 1.
    static std::shared_ptr<const TupleSet> make(int arity, const std::vector<std::vector<int>>& tuples, std::string& error);

    int arity() const { return arity_; }
    std::int64_t size() const { return size_; }
    // Value at position p of tuple i.
    int at(std::int64_t i, int p) const { return flat_[static_cast<std::size_t>(i * arity_ + p)]; }

    // The distinct values of position p, ascending: value(p, k) for k < value_count(p).
    int value_count(int p) const { return base_[p + 1] - base_[p]; }
    int value(int p, int k) const { return values_[base_[p] + k]; }
    // Value index of v at position p, or -1 when no tuple has v at p.
    int index_of(int p, std::int64_t v) const;
    // Flat index of (p, k) over all positions: [0, total_values()).
    int flat(int p, int k) const { return base_[p] + k; }
    int total_values() const { return static_cast<int>(values_.size()); }

    // Bit i of supports(p, k) is set iff tuple i has value(p, k) at p.
    int word_count() const { return words_; }
    const std::uint64_t* supports(int p, int k) const {
        return supports_.data() + static_cast<std::size_t>(base_[p] + k) * static_cast<std::size_t>(words_);
    }

    // Memory held, in bytes (for reports).
    std::size_t bytes() const;

private:
    int arity_;
    std::int64_t size_ = 0;
    int words_ = 0;
    std::vector<int> flat_;
    std::vector<int> base_;                // first value index of each position
    std::vector<int> values_;              // per position, ascending
    std::vector<int> dense_min_;           // per position: lookup table origin,
    std::vector<int> dense_begin_;         //   start in dense_, or -1 (binary search)
    std::vector<int> dense_;               // value - dense_min_ -> index or -1
    std::vector<std::uint64_t> supports_;  // (base_[p] + k) * words_
};

}  // namespace prune
