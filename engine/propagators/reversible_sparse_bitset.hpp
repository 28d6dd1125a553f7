// ReversibleSparseBitset: the set of still-valid tuples of a table constraint.
//
// Demeulenaere, Hartert, Lecoutre, Perez, Perron, Régin, Schaus, "Compact-Table:
// Efficiently Filtering Table Constraints with Reversible Sparse Bit-Sets", CP 2016.
//
// A bit set over [0, bits) whose bits are only ever cleared (between backtracks).
// Each word is an 8-byte slot saved through the solver's Trail at most once per search
// node (a per-word stamp is compared with Trail::stamp()). The indices of the non-zero
// words live in the prefix index_[0, limit_) of a permutation; a word that becomes
// zero is swapped just past the prefix and the trailed limit_ shrinks. Swaps only
// happen inside the current prefix, so restoring limit_ restores the set of non-zero
// words exactly: the permutation itself is never trailed.
//
// Every operation costs O(number of non-zero words). `mask_` is scratch: it is only
// meaningful between clear_mask() and the next intersect_with_mask(), so a run cut
// short by a failure leaves nothing stale behind. Nothing allocates after
// construction.
#pragma once
#include <bit>
#include <cstdint>
#include <vector>

#include "../trail.hpp"

namespace prune {

class ReversibleSparseBitset {
public:
    ReversibleSparseBitset() = default;
    // A set holding every bit of [0, bits).
    explicit ReversibleSparseBitset(std::int64_t bits) { reset(bits); }

    // Re-initialises to every bit of [0, bits) (model building only: not trailed).
    void reset(std::int64_t bits) {
        const std::int64_t n = (bits + 63) / 64;
        words_.assign(static_cast<std::size_t>(n), ~std::uint64_t{0});
        if (bits % 64 != 0) words_.back() = (std::uint64_t{1} << (bits % 64)) - 1;
        mask_.assign(words_.size(), 0);
        stamps_.assign(words_.size(), 0);
        index_.resize(words_.size());
        for (std::size_t i = 0; i < index_.size(); ++i) index_[i] = static_cast<int>(i);
        limit_ = TrailedInt(n);
    }

    // Number of words of the bit sets this one is combined with.
    int word_count() const { return static_cast<int>(words_.size()); }
    bool is_empty() const { return limit_.get() == 0; }
    std::uint64_t word(int w) const { return words_[w]; }

    void clear_mask() {
        const int n = limit();
        for (int i = 0; i < n; ++i) mask_[index_[i]] = 0;
    }
    void reverse_mask() {
        const int n = limit();
        for (int i = 0; i < n; ++i) mask_[index_[i]] = ~mask_[index_[i]];
    }
    // mask |= m (m has word_count() words).
    void add_to_mask(const std::uint64_t* m) {
        const int n = limit();
        for (int i = 0; i < n; ++i) mask_[index_[i]] |= m[index_[i]];
    }
    // bits &= mask.
    void intersect_with_mask(Trail& trail) { intersect(trail, mask_.data()); }
    // bits &= m, without going through the mask (m has word_count() words).
    void intersect_with(Trail& trail, const std::uint64_t* m) { intersect(trail, m); }

    // The index of a word where bits & m is non-zero, or -1 when bits & m is empty.
    int intersect_index(const std::uint64_t* m) const {
        const int n = limit();
        for (int i = 0; i < n; ++i) {
            const int w = index_[i];
            if ((words_[w] & m[w]) != 0) return w;
        }
        return -1;
    }
    // |bits|.
    std::int64_t count() const {
        std::int64_t c = 0;
        const int n = limit();
        for (int i = 0; i < n; ++i) c += std::popcount(words_[index_[i]]);
        return c;
    }
    // |bits & m|.
    std::int64_t count_and(const std::uint64_t* m) const {
        std::int64_t c = 0;
        const int n = limit();
        for (int i = 0; i < n; ++i) {
            const int w = index_[i];
            c += std::popcount(words_[w] & m[w]);
        }
        return c;
    }
    bool test(std::int64_t bit) const { return (words_[bit >> 6] >> (bit & 63)) & 1u; }

private:
    int limit() const { return static_cast<int>(limit_.get()); }

    void intersect(Trail& trail, const std::uint64_t* m) {
        int n = limit();
        const int before = n;
        for (int i = n - 1; i >= 0; --i) {
            const int w = index_[i];
            const std::uint64_t old_word = words_[w];
            const std::uint64_t new_word = old_word & m[w];
            if (new_word == old_word) continue;
            if (stamps_[w] != trail.stamp()) {
                trail.save(&words_[w]);
                stamps_[w] = trail.stamp();
            }
            words_[w] = new_word;
            if (new_word == 0) {
                // i < n, so the swap stays inside the current prefix.
                index_[i] = index_[n - 1];
                index_[n - 1] = w;
                --n;
            }
        }
        if (n != before) limit_.set(trail, n);
    }

    std::vector<std::uint64_t> words_;
    std::vector<std::uint64_t> mask_;
    std::vector<std::uint64_t> stamps_;  // Trail::stamp() when words_[w] was last saved
    std::vector<int> index_;             // index_[0, limit_): the non-zero words
    TrailedInt limit_;
};

}  // namespace prune
