// DomainStore: the domains of all integer variables of a model.
//
// A domain is the set { v in [min, max] : bit(v) is set }. Small and medium ranges
// keep one bit per value in 64-bit words starting at `offset`; min, max and size are
// cached. Because the bounds are part of the definition, tightening a bound or fixing
// a variable never touches the words: only interior removals do. Ranges wider than
// `max_bitset_values` keep bounds only (a sum of many variables, say): removing an
// interior value from such a domain is not representable and is a no-op, so code that
// must exclude a value from a bounds-only domain branches on bounds instead.
//
// Every operation reports the Event it caused, or Event::failed when it would empty
// the domain. A failing set_min, set_max, assign, remove or remove_range leaves the
// domain unchanged; a failing intersect_with_offset on multi-word or bounds-only
// domains may already have moved the bounds (it narrows them before it finds the
// wipe-out). Either way the caller must fail, and backtracking restores the domain.
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "event.hpp"
#include "trail.hpp"

namespace prune {

inline constexpr std::int64_t max_bitset_values = std::int64_t{1} << 16;

class DomainStore {
public:
    // Adds the domain [min, max] (min <= max) and returns its index. bounds_only keeps
    // a narrow range without bits too (tests use it to reach the bounds-only paths of
    // the propagators on ranges small enough to enumerate).
    int add_range(int min, int max, bool bounds_only = false);
    // Adds a domain holding exactly `values` (non-empty, any order, duplicates allowed).
    int add_values(const std::vector<int>& values);

    int count() const { return static_cast<int>(header_.size()); }
    // Makes room for `more` domains of `words_each` bitset words, so that adding them
    // does not reallocate (model building in a small arena: memory.hpp).
    void reserve(std::size_t more, std::size_t words_each) {
        reserve_more(header_, more);
        reserve_more(layout_, more);
        reserve_more(words_, more * words_each);
    }
    // Room for `more` elements past the size; at least doubling when it must grow, so
    // that many small calls still cost amortised constant time per element.
    template <class Vector>
    static void reserve_more(Vector& v, std::size_t more) {
        if (v.capacity() - v.size() >= more) return;
        v.reserve(v.size() + (more > v.size() ? more : v.size()));
    }

    int min(int x) const { return header_[x].bounds.min; }
    int max(int x) const { return header_[x].bounds.max; }
    std::int64_t size(int x) const { return header_[x].size; }
    bool fixed(int x) const { return header_[x].bounds.min == header_[x].bounds.max; }
    bool is_bitset(int x) const { return layout_[x].word_count != 0; }
    bool contains(int x, int v) const {
        const Bounds& b = header_[x].bounds;
        if (v < b.min || v > b.max) return false;
        const Layout& l = layout_[x];
        if (l.word_count == 0) return true;
        const std::int64_t i = std::int64_t{v} - l.offset;
        return (words_[l.first_word + (i >> 6)] >> (i & 63)) & 1u;
    }
    // Smallest value of the domain greater than v; max(x) + 1 (as int64) when none.
    std::int64_t next_value(int x, std::int64_t v) const;
    // Largest value of the domain smaller than v; min(x) - 1 when none.
    std::int64_t previous_value(int x, std::int64_t v) const;
    // The k-th smallest value (0-based, k < size).
    int nth_value(int x, std::int64_t k) const;

    [[nodiscard]] Event remove(Trail& trail, int x, int v) {
        if (!contains(x, v)) return Event::none;
        return remove_present(trail, x, v);
    }
    // remove() for a value known to be in the domain; inline, with the interior of a
    // bitset and the bound of a one-word bitset (the common cases) done here.
    [[nodiscard]] Event remove_present(Trail& trail, int x, int v) {
        Header& h = header_[x];
        const Layout& l = layout_[x];
        if (v == h.bounds.min || v == h.bounds.max) {
            if (l.word_count != 1 || h.size == 1) {
                return v == h.bounds.min ? set_min(trail, x, std::int64_t{v} + 1) : set_max(trail, x, std::int64_t{v} - 1);
            }
            // A bound of a one-word bitset: the next value in from it, from the word
            // (bits outside the bounds may be stale; they are masked off).
            const std::uint64_t word = words_[l.first_word];
            const int i = static_cast<int>(v - l.offset);
            save_header(trail, h);
            --h.size;
            if (v == h.bounds.min) {
                const std::uint64_t above = word & (~std::uint64_t{0} << (i + 1)) & (~std::uint64_t{0} >> (63 - (h.bounds.max - l.offset)));
                h.bounds.min = static_cast<std::int32_t>(l.offset + std::countr_zero(above));
            } else {
                const std::uint64_t below = word & (~std::uint64_t{0} >> (64 - i)) & (~std::uint64_t{0} << (h.bounds.min - l.offset));
                h.bounds.max = static_cast<std::int32_t>(l.offset + 63 - std::countl_zero(below));
            }
            return h.size == 1 ? Event::fixed : Event::bounds;
        }
        if (l.word_count == 0) return Event::none;  // interior of a bounds-only domain
        const std::int64_t i = std::int64_t{v} - l.offset;
        std::uint64_t& word = words_[l.first_word + (i >> 6)];
        save_header(trail, h);
        trail.save(&word);
        word &= ~(std::uint64_t{1} << (i & 63));
        --h.size;
        return Event::domain;  // min < v < max: at least two values are left
    }
    [[nodiscard]] Event set_min(Trail& trail, int x, std::int64_t v);
    [[nodiscard]] Event set_max(Trail& trail, int x, std::int64_t v);
    [[nodiscard]] Event assign(Trail& trail, int x, int v);
    // The values of x in [base, base + 63] as bits (bit i: value base + i). Values
    // outside that window are not reported. A bounds-only domain reports its range.
    std::uint64_t window_bits(int x, std::int64_t base) const {
        // The common case inline (a one-word bitset, any base): GAC propagators over
        // small domains read every domain on every run.
        const Layout& l = layout_[x];
        if (l.word_count == 1) {
            // The live bits of the one word, shifted so that bit 0 is `base`.
            const Header& h = header_[x];
            const std::int64_t lo = h.bounds.min - l.offset;
            const std::int64_t hi = h.bounds.max - l.offset;
            const std::uint64_t live = words_[l.first_word] & (~std::uint64_t{0} << lo) & (~std::uint64_t{0} >> (63 - hi));
            const std::int64_t shift = base - l.offset;
            if (shift >= 0) return shift >= 64 ? 0 : live >> shift;
            return shift <= -64 ? 0 : live << -shift;
        }
        return window_bits_general(x, base);
    }
    // Whether x and y have a value in common, 64 values at a time. Two one-word
    // bitsets (element asks this of every live entry at every run): y's word shifted
    // onto x's and both masked once to the common range, cheaper than two
    // window_bits reads.
    bool shares_value(int x, int y) const {
        const std::int64_t lo = std::max(header_[x].bounds.min, header_[y].bounds.min);
        const std::int64_t hi = std::min(header_[x].bounds.max, header_[y].bounds.max);
        if (lo > hi) return false;
        const Layout& lx = layout_[x];
        const Layout& ly = layout_[y];
        if (lx.word_count == 1 && ly.word_count == 1) {
            const std::int64_t shift = lx.offset - ly.offset;  // x's bit i is y's bit i + shift
            const std::uint64_t wy = words_[ly.first_word];
            const std::uint64_t image = shift >= 64 || shift <= -64 ? 0 : shift >= 0 ? wy >> shift : wy << -shift;
            const std::uint64_t range = (~std::uint64_t{0} << (lo - lx.offset)) & (~std::uint64_t{0} >> (63 - (hi - lx.offset)));
            return (words_[lx.first_word] & image & range) != 0;
        }
        return shares_value_general(x, y, lo, hi);
    }
    // Removes every value in [lo, hi].
    [[nodiscard]] Event remove_range(Trail& trail, int x, std::int64_t lo, std::int64_t hi);
    // Removes the values base + i for the bits i set in `mask` (values not in the
    // domain are ignored): one update for them all, the event the strongest of theirs.
    // Word-parallel on a one-word bitset, whatever base (the common case, inline). On
    // a bounds-only domain only values at a bound can go, so each bound moves past
    // every masked value it meets. A wipe-out leaves the domain unchanged.
    [[nodiscard]] Event remove_values(Trail& trail, int x, std::int64_t base, std::uint64_t mask) {
        const Layout& l = layout_[x];
        if (l.word_count != 1) return remove_values_general(trail, x, base, mask);
        const std::int64_t shift = base - l.offset;  // bit i of mask is bit i + shift of the word
        if (shift >= 64 || shift <= -64) return Event::none;
        return remove_bits_one_word(trail, x, shift >= 0 ? mask << shift : mask >> -shift);
    }
    // Keeps in x only the values v with v - c in y: x = x ∩ (y + c). Word-parallel
    // when both are bitsets; bounds only otherwise.
    [[nodiscard]] Event intersect_with_offset(Trail& trail, int x, int y, std::int64_t c);

private:
    struct Bounds {
        std::int32_t min;
        std::int32_t max;
    };
    struct alignas(8) Header {
        Bounds bounds;      // one trailed slot
        std::int64_t size;  // one trailed slot
        std::uint64_t stamp = 0;
    };
    struct Layout {
        std::int64_t offset;  // value of bit 0
        std::uint32_t first_word;
        std::uint32_t word_count;  // 0: bounds only
    };

    void save_header(Trail& trail, Header& h) {
        if (h.stamp == trail.stamp()) return;
        trail.save(&h.bounds);
        trail.save(&h.size);
        h.stamp = trail.stamp();
    }
    bool bit(const Layout& l, std::int64_t v) const {
        const std::int64_t i = v - l.offset;
        return (words_[l.first_word + (i >> 6)] >> (i & 63)) & 1u;
    }
    // Number of set bits for values in [lo, hi] (both inside the bitset's range).
    std::int64_t count_bits(const Layout& l, std::int64_t lo, std::int64_t hi) const;
    std::int64_t next_bit(const Layout& l, std::int64_t from, std::int64_t limit) const;
    std::int64_t previous_bit(const Layout& l, std::int64_t from, std::int64_t limit) const;
    // 64 bits of x's bitset starting at bit index `first` (may be negative); bits
    // outside the bitset read as 0.
    std::uint64_t extract_bits(const Layout& l, std::int64_t first) const;
    std::uint64_t window_bits_general(int x, std::int64_t base) const;
    bool shares_value_general(int x, int y, std::int64_t lo, std::int64_t hi) const;
    // Removes the values of the one-word bitset x whose bits are set in `bits` (aligned
    // with its word): remove_values() and intersect_with_offset() on one word.
    [[nodiscard]] Event remove_bits_one_word(Trail& trail, int x, std::uint64_t bits) {
        Header& h = header_[x];
        const Layout& l = layout_[x];
        std::uint64_t& word = words_[l.first_word];
        const int lo = static_cast<int>(h.bounds.min - l.offset);
        const int hi = static_cast<int>(h.bounds.max - l.offset);
        const std::uint64_t live = word & (~std::uint64_t{0} << lo) & (~std::uint64_t{0} >> (63 - hi));
        const std::uint64_t gone = live & bits;
        if (gone == 0) return Event::none;
        const std::uint64_t kept = live & ~gone;
        if (kept == 0) return Event::failed;
        save_header(trail, h);
        h.size -= std::popcount(gone);
        const int new_lo = std::countr_zero(kept);
        const int new_hi = 63 - std::countl_zero(kept);
        // Only the values left between the new bounds need their bits cleared: bits
        // outside the bounds are not read, and a bound costs no word on the trail.
        const std::uint64_t holes = gone & (~std::uint64_t{0} << new_lo) & (~std::uint64_t{0} >> (63 - new_hi));
        if (holes != 0) {
            trail.save(&word);
            word &= ~holes;
        }
        if (new_lo == lo && new_hi == hi) return Event::domain;
        h.bounds.min = static_cast<std::int32_t>(l.offset + new_lo);
        h.bounds.max = static_cast<std::int32_t>(l.offset + new_hi);
        return h.size == 1 ? Event::fixed : Event::bounds;
    }
    [[nodiscard]] Event remove_values_general(Trail& trail, int x, std::int64_t base, std::uint64_t mask);
    [[nodiscard]] Event intersect_one_word(Trail& trail, int x, int y, std::int64_t c);
    static Event bounds_event(const Header& h) { return h.bounds.min == h.bounds.max ? Event::fixed : Event::bounds; }

    std::vector<Header> header_;
    std::vector<Layout> layout_;
    std::vector<std::uint64_t> words_;
};

}  // namespace prune
