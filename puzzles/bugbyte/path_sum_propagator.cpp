#include "puzzles/bugbyte/path_sum_propagator.hpp"

#include <algorithm>
#include <bit>

#include "engine/learning/explanation.hpp"

namespace prune {
namespace {

// dst |= src shifted by `shift` bits (towards higher bits when positive); bits that
// leave the `words` words are dropped.
void or_shifted(std::uint64_t* dst, const std::uint64_t* src, int words, std::int64_t shift) {
    const std::int64_t w = words;
    if (shift >= 0) {
        const std::int64_t q = shift >> 6;
        const int r = static_cast<int>(shift & 63);
        for (std::int64_t i = w - 1; i >= q; --i) {
            std::uint64_t bits = src[i - q] << r;
            if (r != 0 && i - q - 1 >= 0) bits |= src[i - q - 1] >> (64 - r);
            dst[i] |= bits;
        }
    } else {
        const std::int64_t q = (-shift) >> 6;
        const int r = static_cast<int>((-shift) & 63);
        for (std::int64_t i = 0; i + q < w; ++i) {
            std::uint64_t bits = src[i + q] >> r;
            if (r != 0 && i + q + 1 < w) bits |= src[i + q + 1] << (64 - r);
            dst[i] |= bits;
        }
    }
}

// Whether (a shifted by `shift` bits) and b share a bit.
bool intersects_shifted(const std::uint64_t* a, const std::uint64_t* b, int words, std::int64_t shift) {
    const std::int64_t w = words;
    if (shift >= 0) {
        const std::int64_t q = shift >> 6;
        const int r = static_cast<int>(shift & 63);
        for (std::int64_t i = q; i < w; ++i) {
            std::uint64_t bits = a[i - q] << r;
            if (r != 0 && i - q - 1 >= 0) bits |= a[i - q - 1] >> (64 - r);
            if (bits & b[i]) return true;
        }
    } else {
        const std::int64_t q = (-shift) >> 6;
        const int r = static_cast<int>((-shift) & 63);
        for (std::int64_t i = 0; i + q < w; ++i) {
            std::uint64_t bits = a[i + q] >> r;
            if (r != 0 && i + q + 1 < w) bits |= a[i + q + 1] << (64 - r);
            if (bits & b[i]) return true;
        }
    }
    return false;
}

bool any_bit(const std::uint64_t* a, int words) {
    for (int i = 0; i < words; ++i) {
        if (a[i] != 0) return true;
    }
    return false;
}

bool test_bit(const std::uint64_t* a, std::int64_t i) { return (a[i >> 6] >> (i & 63)) & 1u; }
void set_bit(std::uint64_t* a, std::int64_t i) { a[i >> 6] |= std::uint64_t{1} << (i & 63); }

}  // namespace

bool enumerate_simple_paths(int node_count, const std::vector<std::pair<int, int>>& edges, int start, int max_paths, PathTrie& trie,
                            const PathBounds* bounds) {
    trie = PathTrie{};
    trie.vertex = {start};
    std::vector<std::vector<std::pair<int, int>>> adjacent(static_cast<std::size_t>(node_count));  // (neighbour, edge)
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const auto [a, b] = edges[e];
        if (a == b) continue;
        adjacent[static_cast<std::size_t>(a)].emplace_back(b, static_cast<int>(e));
        adjacent[static_cast<std::size_t>(b)].emplace_back(a, static_cast<int>(e));
    }
    // Any extension adds at least `negative` and at most `positive`.
    std::int64_t negative = 0, positive = 0;
    if (bounds != nullptr) {
        for (std::size_t e = 0; e < edges.size(); ++e) {
            negative += std::min<std::int64_t>(0, bounds->low[e]);
            positive += std::max<std::int64_t>(0, bounds->high[e]);
        }
    }
    std::vector<char> on_path(static_cast<std::size_t>(node_count), 0);
    struct Frame {
        int trie_node;
        std::size_t next;  // the next adjacency entry to try
        std::int64_t low, high;
    };
    std::vector<Frame> stack{{0, 0, 0, 0}};
    on_path[static_cast<std::size_t>(start)] = 1;
    while (!stack.empty()) {
        Frame& top = stack.back();
        const int at = trie.vertex[static_cast<std::size_t>(top.trie_node)];
        const auto& around = adjacent[static_cast<std::size_t>(at)];
        if (top.next == around.size()) {
            on_path[static_cast<std::size_t>(at)] = 0;
            stack.pop_back();
            continue;
        }
        const auto [to, e] = around[top.next++];
        if (on_path[static_cast<std::size_t>(to)]) continue;
        std::int64_t low = 0, high = 0;
        if (bounds != nullptr) {
            low = top.low + bounds->low[static_cast<std::size_t>(e)];
            high = top.high + bounds->high[static_cast<std::size_t>(e)];
            if (low + negative > bounds->total || high + positive < bounds->total) continue;
        }
        if (trie.path_count() >= max_paths) return false;
        const int k = trie.size();
        trie.parent.push_back(top.trie_node);
        trie.edge.push_back(e);
        trie.vertex.push_back(to);
        on_path[static_cast<std::size_t>(to)] = 1;
        stack.push_back({k, 0, low, high});
    }
    trie.end.assign(trie.parent.size(), 0);
    for (int k = trie.size() - 1; k >= 0; --k) {
        trie.end[static_cast<std::size_t>(k)] = std::max(trie.end[static_cast<std::size_t>(k)], k + 1);
        if (k > 0) {
            int& parent_end = trie.end[static_cast<std::size_t>(trie.parent[static_cast<std::size_t>(k)])];
            parent_end = std::max(parent_end, trie.end[static_cast<std::size_t>(k)]);
        }
    }
    return true;
}

PathSum::PathSum(const Solver& s, PathTrie trie, std::vector<IntVar> weights, std::int64_t total, std::int64_t max_window)
    : Propagator(PropagatorCost::quadratic), trie_(std::move(trie)), weights_(std::move(weights)), total_(total), max_window_(max_window) {
    for (IntVar x : weights_) {
        edge_low_.push_back(s.min(x));
        edge_high_.push_back(s.max(x));
    }
    choose_window(s);
    if (!window_fits()) return;
    allocate();
    forward(s);
    compact();  // the paths with no hit in their subtree now never get one
    choose_window(s);
    allocate();
}

void PathSum::choose_window(const Solver& s) {
    const int m = trie_.size();
    std::vector<std::int64_t> min_f(static_cast<std::size_t>(m), 0), max_f(static_cast<std::size_t>(m), 0);
    std::vector<std::int64_t> min_rest(static_cast<std::size_t>(m), 0), max_rest(static_cast<std::size_t>(m), 0);
    for (int k = 1; k < m; ++k) {
        const IntVar x = weights_[static_cast<std::size_t>(trie_.edge[static_cast<std::size_t>(k)])];
        const std::size_t p = static_cast<std::size_t>(trie_.parent[static_cast<std::size_t>(k)]);
        min_f[static_cast<std::size_t>(k)] = min_f[p] + s.min(x);
        max_f[static_cast<std::size_t>(k)] = max_f[p] + s.max(x);
    }
    for (int k = m - 1; k >= 1; --k) {
        const IntVar x = weights_[static_cast<std::size_t>(trie_.edge[static_cast<std::size_t>(k)])];
        const std::size_t p = static_cast<std::size_t>(trie_.parent[static_cast<std::size_t>(k)]);
        min_rest[p] = std::min(min_rest[p], s.min(x) + min_rest[static_cast<std::size_t>(k)]);
        max_rest[p] = std::max(max_rest[p], s.max(x) + max_rest[static_cast<std::size_t>(k)]);
    }
    std::int64_t low = total_, high = total_;
    for (int k = 1; k < m; ++k) {
        const std::size_t i = static_cast<std::size_t>(k);
        const std::int64_t a = std::max(min_f[i], total_ - max_rest[i]);
        const std::int64_t b = std::min(max_f[i], total_ - min_rest[i]);
        if (a <= b) {
            low = std::min(low, a);
            high = std::max(high, b);
        }
    }
    low_ = low;
    width_ = high - low + 1;
}

void PathSum::allocate() {
    words_ = static_cast<int>((width_ + 63) / 64);
    last_mask_ = (width_ % 64 == 0) ? ~std::uint64_t{0} : ((std::uint64_t{1} << (width_ % 64)) - 1);
    const std::size_t m = static_cast<std::size_t>(trie_.size());
    f_.assign(m * static_cast<std::size_t>(words_), 0);
    g_.assign(m * static_cast<std::size_t>(words_), 0);
    hit_.assign(m, 0);
    fixed_path_.assign(m, 0);
    alive_.assign(m, 0);
    subtree_hits_.assign(m, 0);
    const std::size_t edge_count = weights_.size();
    edge_hits_.assign(edge_count, 0);
    unavoidable_.assign(edge_count, 0);
    edges_used_.clear();
    std::vector<char> used(edge_count, 0);
    for (int k = 1; k < trie_.size(); ++k) used[static_cast<std::size_t>(trie_.edge[static_cast<std::size_t>(k)])] = 1;
    support_first_.assign(edge_count, -1);
    std::size_t support_words = 0;
    for (std::size_t e = 0; e < edge_count; ++e) {
        if (!used[e]) continue;
        edges_used_.push_back(static_cast<int>(e));
        support_first_[e] = static_cast<int>(support_words);
        support_words += static_cast<std::size_t>((edge_high_[e] - edge_low_[e] + 64) / 64);
    }
    support_.assign(support_words, 0);
}

int PathSum::forward(const Solver& s) {
    const int m = trie_.size();
    const std::int64_t target = total_ - low_;
    int hits = 0;
    for (int k = 1; k < m; ++k) {
        const std::size_t i = static_cast<std::size_t>(k);
        const int p = trie_.parent[i];
        const IntVar x = weights_[static_cast<std::size_t>(trie_.edge[i])];
        std::uint64_t* fk = f(k);
        std::fill(fk, fk + words_, 0);
        fixed_path_[i] = (p == 0 || fixed_path_[static_cast<std::size_t>(p)]) && s.fixed(x);
        if (p == 0) {
            // The path of one edge: its sums are the weight's values in the window.
            const std::int64_t last = std::min<std::int64_t>(s.max(x), low_ + width_ - 1);
            for (std::int64_t v = s.next_value(x, low_ - 1); v <= last; v = s.next_value(x, v)) set_bit(fk, v - low_);
        } else if (alive_[static_cast<std::size_t>(p)]) {
            const std::uint64_t* fp = f(p);
            const std::int64_t last = std::min<std::int64_t>(s.max(x), width_ - 1);
            for (std::int64_t v = s.next_value(x, -width_); v <= last; v = s.next_value(x, v)) or_shifted(fk, fp, words_, v);
        }
        fk[words_ - 1] &= last_mask_;
        alive_[i] = any_bit(fk, words_);
        hit_[i] = alive_[i] && target >= 0 && target < width_ && test_bit(fk, target);
        hits += hit_[i];
    }
    return hits;
}

void PathSum::compact() {
    const int m = trie_.size();
    std::fill(subtree_hits_.begin(), subtree_hits_.end(), 0);
    for (int k = m - 1; k >= 1; --k) {
        const std::size_t i = static_cast<std::size_t>(k);
        subtree_hits_[i] += hit_[i];
        subtree_hits_[static_cast<std::size_t>(trie_.parent[i])] += subtree_hits_[i];
    }
    PathTrie kept;
    kept.vertex = {trie_.vertex[0]};
    std::vector<int> new_index(static_cast<std::size_t>(m), -1);
    new_index[0] = 0;
    for (int k = 1; k < m; ++k) {
        const std::size_t i = static_cast<std::size_t>(k);
        if (subtree_hits_[i] == 0) continue;  // then its parent is kept, as it has this hit too
        new_index[i] = kept.size();
        kept.parent.push_back(new_index[static_cast<std::size_t>(trie_.parent[i])]);
        kept.edge.push_back(trie_.edge[i]);
        kept.vertex.push_back(trie_.vertex[i]);
    }
    kept.end.assign(kept.parent.size(), 0);
    for (int k = kept.size() - 1; k >= 0; --k) {
        const std::size_t i = static_cast<std::size_t>(k);
        kept.end[i] = std::max(kept.end[i], k + 1);
        if (k > 0) {
            int& parent_end = kept.end[static_cast<std::size_t>(kept.parent[i])];
            parent_end = std::max(parent_end, kept.end[i]);
        }
    }
    trie_ = std::move(kept);
}

bool PathSum::some_path_fits() const {
    const std::int64_t target = total_ - low_;
    if (target < 0 || target >= width_) return false;
    const int m = trie_.size();
    for (int k = 1; k < m; ++k) {
        const std::size_t i = static_cast<std::size_t>(k);
        const int p = trie_.parent[i];
        const std::size_t edge = static_cast<std::size_t>(trie_.edge[i]);
        const std::vector<std::uint64_t>& values = explained_[edge];
        std::uint64_t* fk = &f_[i * static_cast<std::size_t>(words_)];
        std::fill(fk, fk + words_, 0);
        const std::uint64_t* fp = &f_[static_cast<std::size_t>(p) * static_cast<std::size_t>(words_)];
        for (std::size_t w = 0; w < values.size(); ++w) {
            for (std::uint64_t bits = values[w]; bits != 0; bits &= bits - 1) {
                const std::int64_t v = edge_low_[edge] + static_cast<std::int64_t>(w * 64) + std::countr_zero(bits);
                if (p == 0) {
                    if (v >= low_ && v < low_ + width_) set_bit(fk, v - low_);
                } else if (v > -width_ && v < width_) {
                    or_shifted(fk, fp, words_, v);
                }
            }
        }
        fk[words_ - 1] &= last_mask_;
        if (test_bit(fk, target)) return true;
    }
    return false;
}

bool PathSum::explain(Explanation& e) const {
    const Fact& inferred = e.inferred();
    if (!e.explaining_failure() && inferred.is_equal()) return false;
    if (explained_.size() != weights_.size()) {
        explained_.resize(weights_.size());
        for (int edge : edges_used_) {
            const std::size_t i = static_cast<std::size_t>(edge);
            explained_[i].assign(static_cast<std::size_t>((edge_high_[i] - edge_low_[i] + 64) / 64), 0);
        }
    }
    int removed_from = -1;  // the edge whose weight lost the value
    std::int64_t candidates = 0;
    for (int edge : edges_used_) {
        const std::size_t i = static_cast<std::size_t>(edge);
        std::vector<std::uint64_t>& values = explained_[i];
        std::fill(values.begin(), values.end(), 0);
        const bool this_one = !e.explaining_failure() && weights_[i].index == inferred.var;
        if (this_one) removed_from = edge;
        for (std::int64_t v = edge_low_[i]; v <= edge_high_[i]; ++v) {
            const bool in = this_one ? v == inferred.value : e.had_value(weights_[i], static_cast<int>(v));
            if (in) set_bit(values.data(), v - edge_low_[i]);
            else if (!this_one) ++candidates;
        }
    }
    if (!e.explaining_failure() && removed_from < 0) return true;  // not a weight of the trie: unconstrained
    if (some_path_fits()) return false;  // not expected: the propagator saw no path
    const bool minimise = candidates * trie_.size() * words_ * 8 <= minimise_budget;
    for (int edge : edges_used_) {
        if (edge == removed_from) continue;
        const std::size_t i = static_cast<std::size_t>(edge);
        for (std::int64_t v = edge_low_[i]; v <= edge_high_[i]; ++v) {
            const std::int64_t bit = v - edge_low_[i];
            if (test_bit(explained_[i].data(), bit)) continue;
            if (minimise) {
                set_bit(explained_[i].data(), bit);
                if (!some_path_fits()) continue;  // not needed: stays given back
                explained_[i][static_cast<std::size_t>(bit >> 6)] &= ~(std::uint64_t{1} << (bit & 63));
            }
            e.add_removed(weights_[i], static_cast<int>(v));
        }
    }
    return true;
}

void PathSum::attach(Solver& s) {
    for (int e : edges_used_) s.subscribe(this, weights_[static_cast<std::size_t>(e)], Condition::domain);
}

Status PathSum::propagate(Solver& s) {
    const int m = trie_.size();
    const int hits = forward(s);
    if (hits == 0) return Status::failed;
    for (int k = 1; k < m; ++k) {
        if (hit_[static_cast<std::size_t>(k)] && fixed_path_[static_cast<std::size_t>(k)]) return Status::entailed;
    }
    // Hits per subtree, and per edge the hits whose path uses it.
    std::fill(subtree_hits_.begin(), subtree_hits_.end(), 0);
    for (int e : edges_used_) edge_hits_[static_cast<std::size_t>(e)] = 0;
    for (int k = m - 1; k >= 1; --k) {
        const std::size_t i = static_cast<std::size_t>(k);
        subtree_hits_[i] += hit_[i];
        subtree_hits_[static_cast<std::size_t>(trie_.parent[i])] += subtree_hits_[i];
        edge_hits_[static_cast<std::size_t>(trie_.edge[i])] += subtree_hits_[i];
    }
    bool any_unavoidable = false;
    for (int e : edges_used_) {
        const std::size_t i = static_cast<std::size_t>(e);
        unavoidable_[i] = edge_hits_[i] == hits;
        if (!unavoidable_[i]) continue;
        any_unavoidable = true;
        const std::int64_t values = edge_high_[i] - edge_low_[i] + 1;
        std::fill(support_.begin() + support_first_[i], support_.begin() + support_first_[i] + (values + 63) / 64, 0);
    }
    if (!any_unavoidable) return Status::ok;  // some feasible path avoids each edge

    // G bottom-up over the subtrees that hold a hit, and the supports of the values
    // of the edges every feasible path uses.
    const std::int64_t target = total_ - low_;
    for (int k = 1; k < m; ++k) {
        if (subtree_hits_[static_cast<std::size_t>(k)] == 0) continue;
        std::uint64_t* gk = g(k);
        std::fill(gk, gk + words_, 0);
        set_bit(gk, target);
    }
    for (int k = m - 1; k >= 1; --k) {
        const std::size_t i = static_cast<std::size_t>(k);
        if (subtree_hits_[i] == 0) continue;
        const int p = trie_.parent[i];
        const std::size_t e = static_cast<std::size_t>(trie_.edge[i]);
        const IntVar x = weights_[e];
        std::uint64_t* gk = g(k);
        gk[words_ - 1] &= last_mask_;
        if (unavoidable_[e]) {
            std::uint64_t* support = &support_[static_cast<std::size_t>(support_first_[e])];
            if (p == 0) {
                const std::int64_t last = std::min<std::int64_t>(s.max(x), low_ + width_ - 1);
                for (std::int64_t v = s.next_value(x, low_ - 1); v <= last; v = s.next_value(x, v)) {
                    if (test_bit(gk, v - low_)) set_bit(support, v - edge_low_[e]);
                }
            } else {
                const std::uint64_t* fp = f(p);
                const std::int64_t last = std::min<std::int64_t>(s.max(x), width_ - 1);
                for (std::int64_t v = s.next_value(x, -width_); v <= last; v = s.next_value(x, v)) {
                    if (intersects_shifted(fp, gk, words_, v)) set_bit(support, v - edge_low_[e]);
                }
            }
        }
        if (p != 0) {
            std::uint64_t* gp = g(p);
            const std::int64_t last = std::min<std::int64_t>(s.max(x), width_ - 1);
            for (std::int64_t v = s.next_value(x, -width_); v <= last; v = s.next_value(x, v)) or_shifted(gp, gk, words_, -v);
        }
    }
    for (int e : edges_used_) {
        const std::size_t i = static_cast<std::size_t>(e);
        if (!unavoidable_[i]) continue;
        const IntVar x = weights_[i];
        const std::uint64_t* support = &support_[static_cast<std::size_t>(support_first_[i])];
        const std::int64_t end = std::int64_t{s.max(x)} + 1;
        for (std::int64_t v = s.min(x), next = 0; v < end; v = next) {
            next = s.next_value(x, v);  // before the removal, which may move the bounds
            if (test_bit(support, v - edge_low_[i])) continue;
            if (is_failure(s.remove(x, static_cast<int>(v)))) return Status::failed;
        }
    }
    return Status::ok;
}

bool path_sum(Solver& s, int node_count, const std::vector<std::pair<int, int>>& edges, const std::vector<IntVar>& weights, int start,
              std::int64_t total, const PathSumLimits& limits) {
    if (edges.size() != weights.size()) {
        s.set_error("path_sum: one weight variable per edge is needed");
        return false;
    }
    if (start < 0 || start >= node_count) {
        s.set_error("path_sum: the start node is not a node of the graph");
        return false;
    }
    PathBounds bounds;
    bounds.total = total;
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const auto [a, b] = edges[e];
        if (a < 0 || a >= node_count || b < 0 || b >= node_count) {
            s.set_error("path_sum: an edge names a node outside the graph");
            return false;
        }
        if (!s.is_bitset(weights[e])) {
            s.set_error("path_sum: the weights need bitset domains (at most 65536 values)");
            return false;
        }
        bounds.low.push_back(s.min(weights[e]));
        bounds.high.push_back(s.max(weights[e]));
    }
    std::vector<int> indices;
    for (IntVar x : weights) indices.push_back(x.index);
    std::sort(indices.begin(), indices.end());
    if (std::adjacent_find(indices.begin(), indices.end()) != indices.end()) {
        s.set_error("path_sum: each edge needs its own weight variable");
        return false;
    }
    PathTrie trie;
    if (!enumerate_simple_paths(node_count, edges, start, limits.max_paths, trie, &bounds)) {
        std::string message = "path_sum: more than ";
        message += std::to_string(limits.max_paths);
        message += " simple paths from the start node";
        s.set_error(std::move(message));
        return false;
    }
    auto propagator = std::make_unique<PathSum>(s, std::move(trie), weights, total, limits.max_window);
    if (!propagator->window_fits()) {
        s.set_error("path_sum: the sums span too wide a range");
        return false;
    }
    if (propagator->trie_size() == 1) {  // no path can sum to `total`
        s.fail();
        return false;
    }
    s.add(std::move(propagator));
    return true;
}

}  // namespace prune
