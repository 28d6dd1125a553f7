#include "table.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "../constraints.hpp"

namespace prune {

// ---------------------------------------------------------------------------------
// TableCore

TableCore::TableCore(std::vector<IntVar> vars, const std::vector<std::vector<int>>& tuples)
    : vars_(std::move(vars)) {
    const int r = arity();
    const std::int64_t n = static_cast<std::int64_t>(tuples.size());
    table_.reset(n);
    const std::size_t words = static_cast<std::size_t>(table_.word_count());

    base_.assign(static_cast<std::size_t>(r) + 1, 0);
    std::vector<int> column;
    column.reserve(tuples.size());
    for (int p = 0; p < r; ++p) {
        column.clear();
        for (const std::vector<int>& t : tuples) column.push_back(t[p]);
        std::sort(column.begin(), column.end());
        column.erase(std::unique(column.begin(), column.end()), column.end());
        base_[p] = static_cast<int>(values_.size());
        values_.insert(values_.end(), column.begin(), column.end());
    }
    base_[r] = static_cast<int>(values_.size());

    // A direct lookup table when the column's range is not much wider than its size.
    dense_min_.assign(static_cast<std::size_t>(r), 0);
    dense_begin_.assign(static_cast<std::size_t>(r), -1);
    for (int p = 0; p < r; ++p) {
        const int count = base_[p + 1] - base_[p];
        if (count == 0) continue;
        const std::int64_t lo = values_[base_[p]];
        const std::int64_t hi = values_[base_[p + 1] - 1];
        if (hi - lo + 1 > 4 * std::int64_t{count} + 64) continue;
        dense_min_[p] = static_cast<int>(lo);
        dense_begin_[p] = static_cast<int>(dense_.size());
        dense_.resize(dense_.size() + static_cast<std::size_t>(hi - lo + 1), -1);
        for (int k = 0; k < count; ++k) dense_[dense_begin_[p] + (values_[base_[p] + k] - lo)] = k;
    }

    supports_.assign(values_.size() * words, 0);
    for (std::size_t i = 0; i < tuples.size(); ++i) {
        for (int p = 0; p < r; ++p) {
            const int k = index_of(p, tuples[i][p]);
            supports_[static_cast<std::size_t>(base_[p] + k) * words + (i >> 6)] |= std::uint64_t{1} << (i & 63);
        }
    }

    order_.resize(values_.size());
    where_.resize(values_.size());
    view_size_.resize(static_cast<std::size_t>(r));
    last_size_.resize(static_cast<std::size_t>(r));
    for (int p = 0; p < r; ++p) {
        for (int k = 0; k < base_[p + 1] - base_[p]; ++k) {
            order_[base_[p] + k] = k;
            where_[base_[p] + k] = k;
        }
        view_size_[p] = TrailedInt(base_[p + 1] - base_[p]);
        last_size_[p] = TrailedInt(-1);  // every position is modified before the first run
    }
    bounds_only_.assign(static_cast<std::size_t>(r), 0);
    pending_.assign(static_cast<std::size_t>(r), 0);
    listed_.assign(static_cast<std::size_t>(r), 0);
    modified_.assign(static_cast<std::size_t>(r), 0);
}

int TableCore::index_of(int p, std::int64_t v) const {
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

void TableCore::attach(Solver& s, Propagator* owner) {
    for (int p = 0; p < arity(); ++p) {
        bounds_only_[p] = s.is_bitset(vars_[p]) ? 0 : 1;
        s.subscribe(owner, vars_[p], Condition::domain, p);
    }
}

void TableCore::collect_modified(Solver& s) {
    modified_count_ = 0;
    if (run_stamp_ == s.trail().stamp()) {
        // Same node as the last completed run: every change since is in the list.
        for (int i = 0; i < pending_count_; ++i) {
            const int p = pending_[i];
            listed_[p] = 0;
            if (modified(s, p)) modified_[modified_count_++] = p;
        }
    } else {
        // A push or a pop happened: the list may be stale; compare every size.
        for (int i = 0; i < pending_count_; ++i) listed_[pending_[i]] = 0;
        for (int p = 0; p < arity(); ++p) {
            if (modified(s, p)) modified_[modified_count_++] = p;
        }
    }
    pending_count_ = 0;
}

int TableCore::shrink_view(Solver& s, int p) {
    const int old_size = view_size(p);
    const IntVar x = vars_[p];
    int* o = order(p);
    if (!bounds_only_[p] && s.size(x) * 3 < old_size) {
        // Few values left: move the domain's values to the front of the view.
        int kept = 0;
        const std::int64_t end = std::int64_t{s.max(x)} + 1;
        for (std::int64_t v = s.min(x); v < end; v = s.next_value(x, v)) {
            const int k = index_of(p, v);
            if (k < 0) continue;
            const int at = where_[base_[p] + k];
            if (at >= old_size || at < kept) continue;
            swap_order(p, at, kept);
            ++kept;
        }
        set_view_size(s, p, kept);
        return old_size;
    }
    int n = old_size;
    for (int i = 0; i < n;) {
        if (s.contains(x, values_[base_[p] + o[i]])) {
            ++i;
        } else {
            swap_order(p, i, n - 1);
            --n;
        }
    }
    set_view_size(s, p, n);
    return old_size;
}

bool TableCore::update_table(Solver& s, int p, int old_size) {
    const int n = view_size(p);
    const int removed = old_size - n;
    if (removed == 0) return !table_.is_empty();
    const int* o = order(p);
    Trail& trail = s.trail();
    if (n == 1) {
        table_.intersect_with(trail, supports(p, o[0]));
    } else if (removed < n) {
        // Incremental: drop the tuples of the removed values.
        table_.clear_mask();
        for (int i = n; i < old_size; ++i) table_.add_to_mask(supports(p, o[i]));
        table_.reverse_mask();
        table_.intersect_with_mask(trail);
    } else {
        // Reset-based: keep the tuples of the remaining values (none when n == 0).
        table_.clear_mask();
        for (int i = 0; i < n; ++i) table_.add_to_mask(supports(p, o[i]));
        table_.intersect_with_mask(trail);
    }
    return !table_.is_empty();
}

// ---------------------------------------------------------------------------------
// CompactTable

CompactTable::CompactTable(std::vector<IntVar> vars, const std::vector<std::vector<int>>& tuples)
    : Propagator(PropagatorCost::quadratic), core_(std::move(vars), tuples) {
    advise_me();
    residues_.assign(static_cast<std::size_t>(core_.total_values()), 0);
    for (int p = 0; p < core_.arity(); ++p) {
        for (int k = 0; k < core_.view_size(p); ++k) {
            const int w = core_.table().intersect_index(core_.supports(p, k));
            residues_[core_.flat(p, k)] = w < 0 ? 0 : w;
        }
    }
}

void CompactTable::attach(Solver& s) { core_.attach(s, this); }

Status CompactTable::propagate(Solver& s) {
    ReversibleSparseBitset& table = core_.table();
    core_.collect_modified(s);
    // updateTable
    int changed = 0;
    int last_changed = -1;
    for (int i = 0; i < core_.modified_count(); ++i) {
        const int p = core_.modified_position(i);
        const int old_size = core_.shrink_view(s, p);
        if (core_.view_size(p) == old_size) continue;
        if (core_.view_size(p) == 0) return Status::failed;
        if (!core_.update_table(s, p, old_size)) return Status::failed;
        ++changed;
        last_changed = p;
    }
    if (table.is_empty()) return Status::failed;  // cannot happen after a completed run
    // filterDomains
    bool all_fixed = true;
    for (int p = 0; p < core_.arity(); ++p) {
        const IntVar x = core_.var(p);
        int n = core_.view_size(p);
        const int before = n;
        // The only position that restricted the table keeps all its values supported.
        if (n > 1 && !(changed == 1 && p == last_changed)) {
            int* o = core_.order(p);
            for (int i = 0; i < n;) {
                const int k = o[i];
                const std::uint64_t* sup = core_.supports(p, k);
                int& residue = residues_[core_.flat(p, k)];
                if ((table.word(residue) & sup[residue]) != 0) {
                    ++i;
                    continue;
                }
                const int w = table.intersect_index(sup);
                if (w >= 0) {
                    residue = w;
                    ++i;
                    continue;
                }
                if (is_failure(s.remove(x, core_.value(p, k)))) return Status::failed;
                core_.swap_order(p, i, n - 1);
                --n;
            }
            core_.set_view_size(s, p, n);
        }
        if (core_.bounds_only(p) && (n != before || core_.modified(s, p))) {
            // Values outside the view may still be inside the bounds: tighten them.
            const int* o = core_.order(p);
            int lo = core_.value(p, o[0]);
            int hi = lo;
            for (int i = 1; i < n; ++i) {
                lo = std::min(lo, core_.value(p, o[i]));
                hi = std::max(hi, core_.value(p, o[i]));
            }
            if (is_failure(s.set_min(x, lo)) || is_failure(s.set_max(x, hi))) return Status::failed;
        }
        core_.record_size(s, p);
        if (!s.fixed(x)) all_fixed = false;
    }
    core_.finish_run(s);
    return all_fixed ? Status::entailed : Status::ok;
}

// ---------------------------------------------------------------------------------
// NegativeTable

namespace {

// min(a * b, cap) for 1 <= a, 1 <= b, cap >= 1.
std::int64_t saturated_product(std::int64_t a, std::int64_t b, std::int64_t cap) {
    if (a >= cap || b >= cap || a > cap / b) return cap;
    return std::min(a * b, cap);
}

}  // namespace

NegativeTable::NegativeTable(std::vector<IntVar> vars, const std::vector<std::vector<int>>& tuples)
    : Propagator(PropagatorCost::quadratic), core_(std::move(vars), tuples) {
    advise_me();
    prefix_.assign(static_cast<std::size_t>(core_.arity()) + 1, 1);
    suffix_.assign(static_cast<std::size_t>(core_.arity()) + 1, 1);
}

void NegativeTable::attach(Solver& s) { core_.attach(s, this); }

Status NegativeTable::propagate(Solver& s) {
    ReversibleSparseBitset& table = core_.table();
    const int r = core_.arity();
    for (;;) {
        core_.collect_modified(s);
        for (int i = 0; i < core_.modified_count(); ++i) {
            const int p = core_.modified_position(i);
            const int old_size = core_.shrink_view(s, p);
            core_.update_table(s, p, old_size);
            core_.record_size(s, p);
        }
        if (table.is_empty()) {
            core_.finish_run(s);
            return Status::entailed;  // no forbidden tuple is left in the domains
        }
        // (p, a) is unsupported iff the valid forbidden tuples with a at p cover all
        // prod_{q != p} |dom(q)| combinations of the others. Products are saturated at
        // count + 1: a larger product can never be covered.
        const std::int64_t count = table.count();
        const std::int64_t cap = count + 1;
        prefix_[0] = 1;
        for (int p = 0; p < r; ++p) prefix_[p + 1] = saturated_product(prefix_[p], s.size(core_.var(p)), cap);
        suffix_[r] = 1;
        for (int p = r - 1; p >= 0; --p) suffix_[p] = saturated_product(suffix_[p + 1], s.size(core_.var(p)), cap);
        bool changed = false;
        for (int p = 0; p < r; ++p) {
            const std::int64_t others = saturated_product(prefix_[p], suffix_[p + 1], cap);
            if (others > count) continue;
            const IntVar x = core_.var(p);
            const int* o = core_.order(p);
            const int n = core_.view_size(p);
            for (int i = 0; i < n; ++i) {
                const int k = o[i];
                if (table.count_and(core_.supports(p, k)) < others) continue;
                const Event e = s.remove(x, core_.value(p, k));
                if (is_failure(e)) return Status::failed;
                if (is_change(e)) {
                    changed = true;
                    core_.note(p);  // own changes are not advised
                }
            }
        }
        if (!changed) break;
    }
    core_.finish_run(s);
    return Status::ok;
}

// ---------------------------------------------------------------------------------
// Post functions

namespace {

bool valid_handle(const Solver& s, IntVar x) { return x.index >= 0 && x.index < s.variable_count(); }

// Checks the arguments, merges repeated variables and keeps the distinct tuples that
// are valid in the current domains. False (with Solver::error set) on a bad call.
bool prepare(Solver& s, const char* name, const std::vector<IntVar>& vars, const std::vector<std::vector<int>>& tuples,
             std::vector<IntVar>& distinct, std::vector<std::vector<int>>& kept) {
    const std::size_t r = vars.size();
    for (std::size_t i = 0; i < r; ++i) {
        if (!valid_handle(s, vars[i])) {
            s.set_error(std::string(name) + ": variable " + std::to_string(i) + " does not belong to this solver");
            return false;
        }
    }
    for (std::size_t t = 0; t < tuples.size(); ++t) {
        if (tuples[t].size() != r) {
            s.set_error(std::string(name) + ": tuple " + std::to_string(t) + " has " + std::to_string(tuples[t].size()) +
                        " values, expected " + std::to_string(r));
            return false;
        }
    }
    // slot[i]: the distinct position of vars[i]; first[i]: the first i' with vars[i'] == vars[i].
    std::vector<std::pair<int, int>> by_var(r);
    for (std::size_t i = 0; i < r; ++i) by_var[i] = {vars[i].index, static_cast<int>(i)};
    std::sort(by_var.begin(), by_var.end());
    std::vector<int> first(r);
    for (std::size_t j = 0; j < r; ++j) {
        first[by_var[j].second] = (j > 0 && by_var[j].first == by_var[j - 1].first) ? first[by_var[j - 1].second]
                                                                                     : by_var[j].second;
    }
    std::vector<int> slot(r, -1);
    distinct.clear();
    for (std::size_t i = 0; i < r; ++i) {
        if (first[i] == static_cast<int>(i)) {
            slot[i] = static_cast<int>(distinct.size());
            distinct.push_back(vars[i]);
        }
    }
    kept.clear();
    std::vector<int> projected(distinct.size());
    for (const std::vector<int>& t : tuples) {
        bool valid = true;
        for (std::size_t i = 0; i < r && valid; ++i) {
            if (t[i] != t[first[i]] || !s.contains(vars[i], t[i])) valid = false;
            if (slot[i] >= 0) projected[slot[i]] = t[i];
        }
        if (valid) kept.push_back(projected);
    }
    std::sort(kept.begin(), kept.end());
    kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
    return true;
}

}  // namespace

bool table(Solver& s, const std::vector<IntVar>& vars, const std::vector<std::vector<int>>& tuples) {
    std::vector<IntVar> distinct;
    std::vector<std::vector<int>> kept;
    if (!prepare(s, "table", vars, tuples, distinct, kept)) return false;
    if (kept.empty()) {
        s.fail();  // no tuple is possible (this includes an empty tuple list)
        return false;
    }
    if (distinct.empty()) return !s.root_failed();  // the empty tuple: always true
    // Restrict each domain to its column of the table (bounds only where the domain
    // cannot represent holes; the propagator handles the interior).
    std::vector<int> column;
    std::vector<int> outside;
    for (std::size_t p = 0; p < distinct.size(); ++p) {
        const IntVar x = distinct[p];
        column.clear();
        for (const std::vector<int>& t : kept) column.push_back(t[p]);
        std::sort(column.begin(), column.end());
        column.erase(std::unique(column.begin(), column.end()), column.end());
        bool ok = !is_failure(s.set_min(x, column.front())) && !is_failure(s.set_max(x, column.back()));
        if (ok && s.is_bitset(x)) {
            outside.clear();
            s.for_each_value(x, [&](int v) {
                if (!std::binary_search(column.begin(), column.end(), v)) outside.push_back(v);
            });
            for (int v : outside) ok = ok && !is_failure(s.remove(x, v));
        }
        if (!ok) {
            s.fail();
            return false;
        }
    }
    s.add(std::make_unique<CompactTable>(std::move(distinct), kept));
    return !s.root_failed();
}

bool forbidden_table(Solver& s, const std::vector<IntVar>& vars, const std::vector<std::vector<int>>& tuples) {
    std::vector<IntVar> distinct;
    std::vector<std::vector<int>> kept;
    if (!prepare(s, "forbidden_table", vars, tuples, distinct, kept)) return false;
    if (kept.empty()) return !s.root_failed();  // nothing left to forbid
    if (distinct.empty()) {
        s.fail();  // the empty tuple is forbidden
        return false;
    }
    s.add(std::make_unique<NegativeTable>(std::move(distinct), kept));
    return !s.root_failed();
}

}  // namespace prune
