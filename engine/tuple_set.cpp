#include "tuple_set.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace prune {

namespace {

// Lexicographic comparison of two tuples of the flat array.
int compare(const std::vector<int>& flat, int arity, std::size_t a, std::size_t b) {
    const int* x = flat.data() + a * static_cast<std::size_t>(arity);
    const int* y = flat.data() + b * static_cast<std::size_t>(arity);
    for (int p = 0; p < arity; ++p) {
        if (x[p] != y[p]) return x[p] < y[p] ? -1 : 1;
    }
    return 0;
}

// Sorts the tuples and drops duplicates, unless they already are strictly increasing
// (generated tables usually are, and then this is one linear pass).
void sort_unique(std::vector<int>& flat, int arity) {
    const std::size_t n = flat.size() / static_cast<std::size_t>(arity);
    bool sorted = true;
    for (std::size_t i = 1; i < n && sorted; ++i) sorted = compare(flat, arity, i - 1, i) < 0;
    if (sorted) return;
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return compare(flat, arity, a, b) < 0; });
    std::vector<int> out;
    out.reserve(flat.size());
    for (std::size_t j = 0; j < n; ++j) {
        if (j > 0 && compare(flat, arity, order[j - 1], order[j]) == 0) continue;
        const auto first = flat.begin() + static_cast<std::ptrdiff_t>(order[j] * static_cast<std::size_t>(arity));
        out.insert(out.end(), first, first + arity);
    }
    flat.swap(out);
}

}  // namespace

TupleSet::TupleSet(int arity, std::vector<int> flat) : arity_(arity), flat_(std::move(flat)) {
    assert(arity >= 1 && flat_.size() % static_cast<std::size_t>(arity) == 0);
    sort_unique(flat_, arity_);
    size_ = static_cast<std::int64_t>(flat_.size() / static_cast<std::size_t>(arity_));
    words_ = static_cast<int>((size_ + 63) / 64);

    // The distinct values of each column: marks over the range when it is narrow
    // (no sort), a sorted copy otherwise.
    base_.assign(static_cast<std::size_t>(arity_) + 1, 0);
    dense_min_.assign(static_cast<std::size_t>(arity_), 0);
    dense_begin_.assign(static_cast<std::size_t>(arity_), -1);
    std::vector<int> column;
    for (int p = 0; p < arity_; ++p) {
        base_[p] = static_cast<int>(values_.size());
        if (size_ == 0) continue;
        std::int64_t lo = at(0, p);
        std::int64_t hi = lo;
        for (std::int64_t i = 1; i < size_; ++i) {
            lo = std::min<std::int64_t>(lo, at(i, p));
            hi = std::max<std::int64_t>(hi, at(i, p));
        }
        const std::int64_t width = hi - lo + 1;
        if (width <= 4 * size_ + 64) {
            // A direct lookup table: value - lo -> index (or -1).
            const int begin = static_cast<int>(dense_.size());
            dense_.resize(dense_.size() + static_cast<std::size_t>(width), -1);
            for (std::int64_t i = 0; i < size_; ++i) dense_[begin + (at(i, p) - lo)] = 0;
            for (std::int64_t j = 0; j < width; ++j) {
                if (dense_[begin + j] < 0) continue;
                dense_[begin + j] = static_cast<int>(values_.size()) - base_[p];
                values_.push_back(static_cast<int>(lo + j));
            }
            const int count = static_cast<int>(values_.size()) - base_[p];
            if (width <= 4 * std::int64_t{count} + 64) {
                dense_min_[p] = static_cast<int>(lo);
                dense_begin_[p] = begin;
            } else {
                dense_.resize(static_cast<std::size_t>(begin));  // sparse column: binary search
            }
        } else {
            column.clear();
            for (std::int64_t i = 0; i < size_; ++i) column.push_back(at(i, p));
            std::sort(column.begin(), column.end());
            column.erase(std::unique(column.begin(), column.end()), column.end());
            values_.insert(values_.end(), column.begin(), column.end());
        }
    }
    base_[arity_] = static_cast<int>(values_.size());

    supports_.assign(values_.size() * static_cast<std::size_t>(words_), 0);
    for (std::int64_t i = 0; i < size_; ++i) {
        for (int p = 0; p < arity_; ++p) {
            const int k = index_of(p, at(i, p));
            supports_[static_cast<std::size_t>(base_[p] + k) * static_cast<std::size_t>(words_) + static_cast<std::size_t>(i >> 6)] |=
                std::uint64_t{1} << (i & 63);
        }
    }
}

std::shared_ptr<const TupleSet> TupleSet::make(int arity, const std::vector<std::vector<int>>& tuples, std::string& error) {
    if (arity < 1) {
        error = "tuple set: the arity must be at least 1";
        return nullptr;
    }
    std::vector<int> flat;
    flat.reserve(tuples.size() * static_cast<std::size_t>(arity));
    for (std::size_t t = 0; t < tuples.size(); ++t) {
        if (tuples[t].size() != static_cast<std::size_t>(arity)) {
            error = "tuple set: tuple " + std::to_string(t) + " has " + std::to_string(tuples[t].size()) + " values, expected " +
                    std::to_string(arity);
            return nullptr;
        }
        flat.insert(flat.end(), tuples[t].begin(), tuples[t].end());
    }
    return std::make_shared<const TupleSet>(arity, std::move(flat));
}

int TupleSet::index_of(int p, std::int64_t v) const {
    const int begin = base_[p];
    const int end = base_[p + 1];
    if (begin == end) return -1;
    if (dense_begin_[p] >= 0) {
        const std::int64_t i = v - dense_min_[p];
        const std::int64_t width = std::int64_t{values_[end - 1]} - dense_min_[p] + 1;
        if (i < 0 || i >= width) return -1;
        return dense_[dense_begin_[p] + i];
    }
    const auto first = values_.begin() + begin;
    const auto last = values_.begin() + end;
    const auto it = std::lower_bound(first, last, v, [](int a, std::int64_t b) { return a < b; });
    if (it == last || *it != v) return -1;
    return static_cast<int>(it - first);
}

std::size_t TupleSet::bytes() const {
    return sizeof(*this) + flat_.capacity() * sizeof(int) + (base_.capacity() + values_.capacity() + dense_min_.capacity() +
                                                              dense_begin_.capacity() + dense_.capacity()) * sizeof(int) +
           supports_.capacity() * sizeof(std::uint64_t);
}

}  // namespace prune
