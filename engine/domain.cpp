#include "domain.hpp"

#include <algorithm>
#include <bit>

namespace prune {

int DomainStore::add_range(int min, int max, bool bounds_only) {
    Header h;
    h.bounds = {min, max};
    h.size = std::int64_t{max} - min + 1;
    Layout l{min, 0, 0};
    if (h.size <= max_bitset_values && !bounds_only) {
        l.first_word = static_cast<std::uint32_t>(words_.size());
        l.word_count = static_cast<std::uint32_t>((h.size + 63) / 64);
        words_.resize(words_.size() + l.word_count, ~std::uint64_t{0});
    }
    header_.push_back(h);
    layout_.push_back(l);
    return count() - 1;
}

int DomainStore::add_values(const std::vector<int>& values) {
    std::vector<int> v = values;
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    const int x = add_range(v.front(), v.back());
    Layout& l = layout_[x];
    if (l.word_count == 0) return x;  // too wide for holes: bounds only
    std::fill(words_.begin() + l.first_word, words_.begin() + l.first_word + l.word_count, 0);
    for (int value : v) {
        const std::int64_t i = std::int64_t{value} - l.offset;
        words_[l.first_word + (i >> 6)] |= std::uint64_t{1} << (i & 63);
    }
    header_[x].size = static_cast<std::int64_t>(v.size());
    return x;
}

std::int64_t DomainStore::count_bits(const Layout& l, std::int64_t lo, std::int64_t hi) const {
    std::int64_t i = lo - l.offset;
    const std::int64_t j = hi - l.offset;
    std::int64_t n = 0;
    while (i <= j) {
        const std::int64_t w = i >> 6;
        const int from = static_cast<int>(i & 63);
        const int to = (j >> 6) == w ? static_cast<int>(j & 63) : 63;
        std::uint64_t mask = (~std::uint64_t{0} << from) & (~std::uint64_t{0} >> (63 - to));
        n += std::popcount(words_[l.first_word + w] & mask);
        i = (w + 1) * 64;
    }
    return n;
}

// First set bit for a value in [from, limit]; limit + 1 when none.
std::int64_t DomainStore::next_bit(const Layout& l, std::int64_t from, std::int64_t limit) const {
    std::int64_t i = from - l.offset;
    const std::int64_t j = limit - l.offset;
    while (i <= j) {
        const std::int64_t w = i >> 6;
        const std::uint64_t bits = words_[l.first_word + w] & (~std::uint64_t{0} << (i & 63));
        if (bits != 0) {
            const std::int64_t found = w * 64 + std::countr_zero(bits);
            return found <= j ? found + l.offset : limit + 1;
        }
        i = (w + 1) * 64;
    }
    return limit + 1;
}

// Last set bit for a value in [limit, from]; limit - 1 when none.
std::int64_t DomainStore::previous_bit(const Layout& l, std::int64_t from, std::int64_t limit) const {
    std::int64_t i = from - l.offset;
    const std::int64_t j = limit - l.offset;
    while (i >= j) {
        const std::int64_t w = i >> 6;
        const std::uint64_t bits = words_[l.first_word + w] & (~std::uint64_t{0} >> (63 - (i & 63)));
        if (bits != 0) {
            const std::int64_t found = w * 64 + 63 - std::countl_zero(bits);
            return found >= j ? found + l.offset : limit - 1;
        }
        i = w * 64 - 1;
    }
    return limit - 1;
}

std::int64_t DomainStore::next_value(int x, std::int64_t v) const {
    const Bounds& b = header_[x].bounds;
    if (v < b.min) return b.min;
    if (v >= b.max) return std::int64_t{b.max} + 1;
    const Layout& l = layout_[x];
    if (l.word_count == 0) return v + 1;
    return next_bit(l, v + 1, b.max);
}

std::int64_t DomainStore::previous_value(int x, std::int64_t v) const {
    const Bounds& b = header_[x].bounds;
    if (v > b.max) return b.max;
    if (v <= b.min) return std::int64_t{b.min} - 1;
    const Layout& l = layout_[x];
    if (l.word_count == 0) return v - 1;
    return previous_bit(l, v - 1, b.min);
}

int DomainStore::nth_value(int x, std::int64_t k) const {
    const Layout& l = layout_[x];
    std::int64_t v = header_[x].bounds.min;
    if (l.word_count == 0) return static_cast<int>(v + k);
    while (k-- > 0) v = next_value(x, v);
    return static_cast<int>(v);
}

Event DomainStore::set_min(Trail& trail, int x, std::int64_t v) {
    Header& h = header_[x];
    if (v <= h.bounds.min) return Event::none;
    if (v > h.bounds.max) return Event::failed;
    const Layout& l = layout_[x];
    save_header(trail, h);
    if (l.word_count == 0) {
        h.bounds.min = static_cast<std::int32_t>(v);
        h.size = std::int64_t{h.bounds.max} - v + 1;
        return bounds_event(h);
    }
    if (l.word_count == 1) {
        // One word (domains of up to 64 values): a couple of mask operations.
        const std::uint64_t word = words_[l.first_word];
        const int lo = static_cast<int>(h.bounds.min - l.offset);
        const int hi = static_cast<int>(h.bounds.max - l.offset);
        const int from = static_cast<int>(v - l.offset);
        const std::uint64_t live = word & (~std::uint64_t{0} << lo) & (~std::uint64_t{0} >> (63 - hi));
        const std::uint64_t kept = live & (~std::uint64_t{0} << from);
        h.size -= std::popcount(live & ~kept);
        h.bounds.min = static_cast<std::int32_t>(l.offset + std::countr_zero(kept));
        return bounds_event(h);
    }
    // The new minimum is the first value >= v still in the domain; max is one.
    const std::int64_t new_min = next_bit(l, v, h.bounds.max);
    h.size -= count_bits(l, h.bounds.min, new_min - 1);
    h.bounds.min = static_cast<std::int32_t>(new_min);
    return bounds_event(h);
}

Event DomainStore::set_max(Trail& trail, int x, std::int64_t v) {
    Header& h = header_[x];
    if (v >= h.bounds.max) return Event::none;
    if (v < h.bounds.min) return Event::failed;
    const Layout& l = layout_[x];
    save_header(trail, h);
    if (l.word_count == 0) {
        h.bounds.max = static_cast<std::int32_t>(v);
        h.size = v - h.bounds.min + 1;
        return bounds_event(h);
    }
    if (l.word_count == 1) {
        const std::uint64_t word = words_[l.first_word];
        const int lo = static_cast<int>(h.bounds.min - l.offset);
        const int hi = static_cast<int>(h.bounds.max - l.offset);
        const int to = static_cast<int>(v - l.offset);
        const std::uint64_t live = word & (~std::uint64_t{0} << lo) & (~std::uint64_t{0} >> (63 - hi));
        const std::uint64_t kept = live & (~std::uint64_t{0} >> (63 - to));
        h.size -= std::popcount(live & ~kept);
        h.bounds.max = static_cast<std::int32_t>(l.offset + 63 - std::countl_zero(kept));
        return bounds_event(h);
    }
    const std::int64_t new_max = previous_bit(l, v, h.bounds.min);
    h.size -= count_bits(l, new_max + 1, h.bounds.max);
    h.bounds.max = static_cast<std::int32_t>(new_max);
    return bounds_event(h);
}

Event DomainStore::assign(Trail& trail, int x, int v) {
    if (!contains(x, v)) return Event::failed;
    Header& h = header_[x];
    if (h.bounds.min == h.bounds.max) return Event::none;
    save_header(trail, h);
    h.bounds = {v, v};
    h.size = 1;
    return Event::fixed;
}

Event DomainStore::remove_range(Trail& trail, int x, std::int64_t lo, std::int64_t hi) {
    Header& h = header_[x];
    lo = std::max<std::int64_t>(lo, h.bounds.min);
    hi = std::min<std::int64_t>(hi, h.bounds.max);
    if (lo > hi) return Event::none;
    if (lo == h.bounds.min) return set_min(trail, x, hi + 1);
    if (hi == h.bounds.max) return set_max(trail, x, lo - 1);
    const Layout& l = layout_[x];
    if (l.word_count == 0) return Event::none;
    const std::int64_t removed = count_bits(l, lo, hi);
    if (removed == 0) return Event::none;
    save_header(trail, h);
    for (std::int64_t i = lo - l.offset; i <= hi - l.offset;) {
        const std::int64_t w = i >> 6;
        const int from = static_cast<int>(i & 63);
        const int to = ((hi - l.offset) >> 6) == w ? static_cast<int>((hi - l.offset) & 63) : 63;
        const std::uint64_t mask = (~std::uint64_t{0} << from) & (~std::uint64_t{0} >> (63 - to));
        std::uint64_t& word = words_[l.first_word + w];
        if (word & mask) {
            trail.save(&word);
            word &= ~mask;
        }
        i = (w + 1) * 64;
    }
    h.size -= removed;
    return Event::domain;
}

// The strongest of two events (events are nested bit sets).
static Event combine(Event a, Event b) {
    if (a == Event::failed || b == Event::failed) return Event::failed;
    return static_cast<Event>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b));
}

// remove_values() off the one-word case: several words value by value, bounds only
// by moving the bounds.
Event DomainStore::remove_values_general(Trail& trail, int x, std::int64_t base, std::uint64_t mask) {
    const std::uint64_t gone = mask & window_bits_general(x, base);
    if (gone == 0) return Event::none;
    Header& h = header_[x];
    if (layout_[x].word_count == 0) {
        // Each bound in the window moves past the run of masked values it stands on
        // (the shifts bring in unmasked bits, so the runs end inside 64 bits).
        std::int64_t new_min = h.bounds.min, new_max = h.bounds.max;
        const std::int64_t lo = new_min - base, hi = new_max - base;
        if (lo >= 0 && lo < 64 && ((gone >> lo) & 1) != 0) new_min += std::countr_zero(~(mask >> lo));
        if (hi >= 0 && hi < 64 && ((gone >> hi) & 1) != 0) new_max -= std::countl_zero(~(mask << (63 - hi)));
        const Event e = set_min(trail, x, new_min);
        if (e == Event::failed) return e;  // (then new_max < new_min too: nothing moved)
        return combine(e, set_max(trail, x, new_max));  // cannot fail: new_min is left
    }
    if (std::popcount(gone) >= h.size) return Event::failed;  // every value is masked
    Event e = Event::none;
    for (std::uint64_t left = gone; left != 0; left &= left - 1) {
        e = combine(e, remove_present(trail, x, static_cast<int>(base + std::countr_zero(left))));
    }
    return e;
}

std::uint64_t DomainStore::window_bits_general(int x, std::int64_t base) const {
    const Header& h = header_[x];
    const std::int64_t lo = std::max<std::int64_t>(h.bounds.min, base) - base;
    const std::int64_t hi = std::min<std::int64_t>(h.bounds.max, base + 63) - base;
    if (lo > hi) return 0;
    const std::uint64_t range = (~std::uint64_t{0} << lo) & (~std::uint64_t{0} >> (63 - hi));
    const Layout& l = layout_[x];
    if (l.word_count == 0) return range;
    return extract_bits(l, base - l.offset) & range;
}

// shares_value beyond two one-word bitsets (kept out of line: the inline path is
// element's inner loop).
bool DomainStore::shares_value_general(int x, int y, std::int64_t lo, std::int64_t hi) const {
    for (std::int64_t base = lo; base <= hi; base += 64) {
        if ((window_bits(x, base) & window_bits(y, base)) != 0) return true;
    }
    return false;
}

// intersect_with_offset for two one-word bitsets: y's live values, read in x's frame
// (bit i of x is offset_x + i, which needs offset_x + i - c in y).
Event DomainStore::intersect_one_word(Trail& trail, int x, int y, std::int64_t c) {
    return remove_bits_one_word(trail, x, ~window_bits(y, layout_[x].offset - c));  // every value outside the image goes
}

std::uint64_t DomainStore::extract_bits(const Layout& l, std::int64_t first) const {
    const std::int64_t q = first >= 0 ? first / 64 : -((-first + 63) / 64);  // floor(first / 64)
    const int r = static_cast<int>(first - q * 64);
    auto word = [&](std::int64_t k) -> std::uint64_t {
        return (k >= 0 && k < static_cast<std::int64_t>(l.word_count)) ? words_[l.first_word + k] : 0;
    };
    if (r == 0) return word(q);
    return (word(q) >> r) | (word(q + 1) << (64 - r));
}

Event DomainStore::intersect_with_offset(Trail& trail, int x, int y, std::int64_t c) {
    if (layout_[x].word_count == 1 && layout_[y].word_count == 1) return intersect_one_word(trail, x, y, c);
    Event e = set_min(trail, x, std::int64_t{min(y)} + c);
    if (e == Event::failed) return e;
    e = combine(e, set_max(trail, x, std::int64_t{max(y)} + c));
    if (e == Event::failed) return e;
    const Layout& lx = layout_[x];
    const Layout& ly = layout_[y];
    if (lx.word_count == 0 || ly.word_count == 0) return e;
    Header& h = header_[x];
    // Bit i of x is value offset_x + i; it needs bit i + shift of y.
    const std::int64_t shift = lx.offset - c - ly.offset;
    const std::int64_t lo = h.bounds.min - lx.offset;
    const std::int64_t hi = h.bounds.max - lx.offset;
    auto lost_in = [&](std::int64_t w) {
        std::uint64_t range = ~std::uint64_t{0};
        if (w == (lo >> 6)) range &= ~std::uint64_t{0} << (lo & 63);
        if (w == (hi >> 6)) range &= ~std::uint64_t{0} >> (63 - (hi & 63));
        return words_[lx.first_word + w] & range & ~extract_bits(ly, w * 64 + shift);
    };
    // Count first, so that a wipe-out leaves the domain untouched.
    std::int64_t removed = 0;
    for (std::int64_t w = lo >> 6; w <= (hi >> 6); ++w) removed += std::popcount(lost_in(w));
    if (removed == 0) return e;
    if (removed >= h.size) return Event::failed;
    save_header(trail, h);
    for (std::int64_t w = lo >> 6; w <= (hi >> 6); ++w) {
        const std::uint64_t lost = lost_in(w);
        if (lost == 0) continue;
        std::uint64_t& word = words_[lx.first_word + w];
        trail.save(&word);
        word &= ~lost;
    }
    h.size -= removed;
    const std::int32_t old_min = h.bounds.min, old_max = h.bounds.max;
    h.bounds.min = static_cast<std::int32_t>(next_bit(lx, old_min, old_max));
    h.bounds.max = static_cast<std::int32_t>(previous_bit(lx, old_max, old_min));
    if (h.bounds.min == h.bounds.max) return Event::fixed;
    if (h.bounds.min != old_min || h.bounds.max != old_max) return combine(e, Event::bounds);
    return combine(e, Event::domain);
}

}  // namespace prune
