#include "table.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <string>
#include <utility>

#include "../constraints.hpp"
#include "../posting.hpp"

namespace prune {

// ---------------------------------------------------------------------------------
// TableCore

TableCore::TableCore(std::vector<IntVar> vars, std::shared_ptr<const TupleSet> tuples)
    : vars_(std::move(vars)), set_(std::move(tuples)) {
    const int r = arity();
    table_.reset(set_->size());
    order_.resize(static_cast<std::size_t>(set_->total_values()));
    where_.resize(static_cast<std::size_t>(set_->total_values()));
    view_size_.resize(static_cast<std::size_t>(r));
    last_size_.resize(static_cast<std::size_t>(r));
    for (int p = 0; p < r; ++p) {
        for (int k = 0; k < set_->value_count(p); ++k) {
            order_[set_->flat(p, k)] = k;
            where_[set_->flat(p, k)] = k;
        }
        view_size_[p] = TrailedInt(set_->value_count(p));
        last_size_[p] = TrailedInt(-1);  // every position is modified before the first run
    }
    bounds_only_.assign(static_cast<std::size_t>(r), 0);
    pending_.assign(static_cast<std::size_t>(r), 0);
    listed_.assign(static_cast<std::size_t>(r), 0);
    modified_.assign(static_cast<std::size_t>(r), 0);
}

void TableCore::attach(Solver& s, Propagator* owner) {
    low_.clear();
    high_.clear();
    for (int p = 0; p < arity(); ++p) {
        low_.push_back(s.min(vars_[p]));
        high_.push_back(s.max(vars_[p]));
        bounds_only_[p] = s.is_bitset(vars_[p]) ? 0 : 1;
        s.subscribe(owner, vars_[p], Condition::domain, p);
    }
}

int TableCore::position_of(int var) const {
    for (int p = 0; p < arity(); ++p) {
        if (vars_[p].index == var) return p;
    }
    return -1;
}

// Makes tuple t invalid in the explanation (position `skip` aside): by a fact already
// chosen, else by the first removed value found. False when every value is present.
bool TableCore::cover_tuple(Explanation& e, std::int64_t t, int skip) const {
    const int r = arity();
    const int* flat = &tuple_flat_[static_cast<std::size_t>(t * r)];
    for (int q = 0; q < r; ++q) {
        if (q != skip && chosen_[static_cast<std::size_t>(flat[q])] == chosen_stamp_) return true;
    }
    for (int q = 0; q < r; ++q) {
        const int v = set_->at(t, q);
        if (q == skip || e.had_value(vars_[q], v)) continue;
        chosen_[static_cast<std::size_t>(flat[q])] = chosen_stamp_;
        e.add_removed(vars_[q], v);
        return true;
    }
    return false;
}

// The flat value index of each tuple's value at each position, for cover_tuple
// (made at the first explanation, so nothing is kept when learning is off).
void TableCore::prepare_explanations() const {
    if (chosen_.size() != static_cast<std::size_t>(set_->total_values())) chosen_.assign(static_cast<std::size_t>(set_->total_values()), 0);
    const std::size_t cells = static_cast<std::size_t>(set_->size() * arity());
    if (tuple_flat_.size() == cells) return;
    tuple_flat_.resize(cells);
    for (std::int64_t t = 0; t < set_->size(); ++t) {
        for (int q = 0; q < arity(); ++q) tuple_flat_[static_cast<std::size_t>(t * arity() + q)] = set_->flat(q, set_->index_of(q, set_->at(t, q)));
    }
}

bool TableCore::explain_positive(Explanation& e) const {
    int p = -1;
    int k = -1;
    if (!e.explaining_failure()) {
        if (e.inferred().is_equal()) return false;
        p = position_of(e.inferred().var);
        if (p < 0) return false;
        k = set_->index_of(p, e.inferred().value);
        if (k < 0) return true;  // no tuple has the value: removed with no reason needed
    }
    prepare_explanations();
    ++chosen_stamp_;
    if (p < 0) {
        for (std::int64_t t = 0; t < set_->size(); ++t) {
            if (!cover_tuple(e, t, -1)) return false;
        }
        return true;
    }
    const std::uint64_t* bits = set_->supports(p, k);
    for (int w = 0; w < set_->word_count(); ++w) {
        for (std::uint64_t word = bits[w]; word != 0; word &= word - 1) {
            const std::int64_t t = std::int64_t{w} * 64 + std::countr_zero(word);
            if (!cover_tuple(e, t, p)) return false;
        }
    }
    return true;
}

bool TableCore::explain_negative(Explanation& e) const {
    int p = -1;
    if (!e.explaining_failure()) {
        if (e.inferred().is_equal()) return false;
        p = position_of(e.inferred().var);
        if (p < 0) return false;
    }
    for (int q = 0; q < arity(); ++q) {
        if (q == p) continue;
        if (e.was_fixed(vars_[q])) {
            e.add_fixed(vars_[q]);
            continue;
        }
        for (int v = low_[q]; v <= high_[q]; ++v) {
            if (!e.had_value(vars_[q], v)) e.add_removed(vars_[q], v);
        }
    }
    return true;
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
            const int at = where_[set_->flat(p, k)];
            if (at >= old_size || at < kept) continue;
            swap_order(p, at, kept);
            ++kept;
        }
        set_view_size(s, p, kept);
        return old_size;
    }
    int n = old_size;
    for (int i = 0; i < n;) {
        if (s.contains(x, set_->value(p, o[i]))) {
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

CompactTable::CompactTable(std::vector<IntVar> vars, std::shared_ptr<const TupleSet> tuples)
    : Propagator(PropagatorCost::quadratic), core_(std::move(vars), std::move(tuples)) {
    advise_me();
    declare_exact_with_one_open();  // domain consistent
    // A residue is only a hint: a stale one costs one scan of the table.
    residues_.assign(static_cast<std::size_t>(core_.total_values()), 0);
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
                PRUNE_TRY(s.remove(x, core_.value(p, k)));
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
            PRUNE_TRY(s.set_min(x, lo));
            PRUNE_TRY(s.set_max(x, hi));
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

NegativeTable::NegativeTable(std::vector<IntVar> vars, std::shared_ptr<const TupleSet> tuples)
    : Propagator(PropagatorCost::quadratic), core_(std::move(vars), std::move(tuples)) {
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
                PRUNE_TRY(e);
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

// The scope with repeated variables merged: distinct holds each variable once;
// first[i] is the first i' with vars[i'] == vars[i], slot[i] the position of vars[i]
// in distinct when i is a first occurrence (else -1).
struct MergedScope {
    std::vector<IntVar> distinct;
    std::vector<int> first;
    std::vector<int> slot;
    bool repeats() const { return distinct.size() != first.size(); }
};

MergedScope merge_scope(const std::vector<IntVar>& vars) {
    const std::size_t r = vars.size();
    MergedScope m;
    std::vector<std::pair<int, int>> by_var(r);
    for (std::size_t i = 0; i < r; ++i) by_var[i] = {vars[i].index, static_cast<int>(i)};
    std::sort(by_var.begin(), by_var.end());
    m.first.assign(r, 0);
    for (std::size_t j = 0; j < r; ++j) {
        m.first[by_var[j].second] = (j > 0 && by_var[j].first == by_var[j - 1].first) ? m.first[by_var[j - 1].second]
                                                                                       : by_var[j].second;
    }
    m.slot.assign(r, -1);
    for (std::size_t i = 0; i < r; ++i) {
        if (m.first[i] == static_cast<int>(i)) {
            m.slot[i] = static_cast<int>(m.distinct.size());
            m.distinct.push_back(vars[i]);
        }
    }
    return m;
}

// Appends to `flat` the projection of tuple t (r values at `t`) onto the distinct
// variables, when it agrees on repeated variables and is valid in the current domains.
void keep_if_valid(const Solver& s, const std::vector<IntVar>& vars, const MergedScope& m, const int* t, std::vector<int>& flat) {
    const std::size_t r = vars.size();
    for (std::size_t i = 0; i < r; ++i) {
        if (t[i] != t[m.first[i]] || !s.contains(vars[i], t[i])) return;
    }
    for (std::size_t i = 0; i < r; ++i) {
        if (m.slot[i] >= 0) flat.push_back(t[i]);
    }
}

// Posts a CompactTable on distinct variables after restricting each domain to its
// column of the set (bounds only where the domain cannot represent holes; the
// propagator handles the interior).
bool post_positive(Solver& s, std::vector<IntVar> vars, std::shared_ptr<const TupleSet> set) {
    if (set->size() == 0) {
        s.fail();  // no tuple is possible
        return false;
    }
    std::vector<int> outside;
    for (std::size_t p = 0; p < vars.size(); ++p) {
        const IntVar x = vars[p];
        const int pos = static_cast<int>(p);
        bool ok = !is_failure(s.set_min(x, set->value(pos, 0))) &&
                  !is_failure(s.set_max(x, set->value(pos, set->value_count(pos) - 1)));
        if (ok && s.is_bitset(x)) {
            outside.clear();
            s.for_each_value(x, [&](int v) {
                if (set->index_of(pos, v) < 0) outside.push_back(v);
            });
            for (int v : outside) ok = ok && !is_failure(s.remove(x, v));
        }
        if (!ok) {
            s.fail();
            return false;
        }
    }
    return post<CompactTable>(s, std::move(vars), std::move(set));
}

// Both table forms from tuple vectors: checks, merges repeated variables and keeps the
// distinct tuples valid in the current domains (a table posted once gains nothing from
// tuples it can never use). False with Solver::error set on a bad call; otherwise
// `set` is null when no variable is left (the empty scope).
bool prepare(Solver& s, const char* name, const std::vector<IntVar>& vars, const std::vector<std::vector<int>>& tuples,
             std::vector<IntVar>& distinct, std::shared_ptr<const TupleSet>& set, bool& empty_tuple_listed) {
    if (!check_vars(s, name, vars)) return false;
    const std::size_t r = vars.size();
    for (std::size_t t = 0; t < tuples.size(); ++t) {
        if (tuples[t].size() != r) {
            s.set_error(std::string(name) + ": tuple " + std::to_string(t) + " has " + std::to_string(tuples[t].size()) +
                        " values, expected " + std::to_string(r));
            return false;
        }
    }
    empty_tuple_listed = !tuples.empty();
    MergedScope m = merge_scope(vars);
    distinct = std::move(m.distinct);
    m.distinct.clear();
    set = nullptr;
    if (distinct.empty()) return true;
    std::vector<int> flat;
    for (const std::vector<int>& t : tuples) keep_if_valid(s, vars, m, t.data(), flat);
    set = std::make_shared<const TupleSet>(static_cast<int>(distinct.size()), std::move(flat));
    return true;
}

// The shared form: checks the set against the scope; with repeated variables, a
// projected copy of the set is made for this table alone.
bool prepare_shared(Solver& s, const char* name, const std::vector<IntVar>& vars, std::shared_ptr<const TupleSet>& set,
                    std::vector<IntVar>& distinct) {
    if (!set) {
        s.set_error(std::string(name) + ": no tuple set");
        return false;
    }
    if (!check_vars(s, name, vars)) return false;
    if (static_cast<std::size_t>(set->arity()) != vars.size()) {
        s.set_error(std::string(name) + ": the tuple set has arity " + std::to_string(set->arity()) + " but the scope has " +
                    std::to_string(vars.size()) + " variables");
        return false;
    }
    MergedScope m = merge_scope(vars);
    if (!m.repeats()) {
        distinct = vars;
        return true;
    }
    std::vector<int> flat;
    std::vector<int> t(vars.size());
    for (std::int64_t i = 0; i < set->size(); ++i) {
        for (int p = 0; p < set->arity(); ++p) t[static_cast<std::size_t>(p)] = set->at(i, p);
        keep_if_valid(s, vars, m, t.data(), flat);
    }
    distinct = std::move(m.distinct);
    set = std::make_shared<const TupleSet>(static_cast<int>(distinct.size()), std::move(flat));
    return true;
}

}  // namespace

bool table(Solver& s, const std::vector<IntVar>& vars, const std::vector<std::vector<int>>& tuples) {
    std::vector<IntVar> distinct;
    std::shared_ptr<const TupleSet> set;
    bool listed = false;
    if (!prepare(s, "table", vars, tuples, distinct, set, listed)) return false;
    if (!set) {  // the empty scope: true iff the empty tuple is listed
        if (listed) return !s.root_failed();
        s.fail();
        return false;
    }
    return post_positive(s, std::move(distinct), std::move(set));
}

bool shared_table(Solver& s, const std::vector<IntVar>& vars, std::shared_ptr<const TupleSet> tuples) {
    std::vector<IntVar> distinct;
    if (!prepare_shared(s, "shared_table", vars, tuples, distinct)) return false;
    return post_positive(s, std::move(distinct), std::move(tuples));
}

bool forbidden_table(Solver& s, const std::vector<IntVar>& vars, const std::vector<std::vector<int>>& tuples) {
    std::vector<IntVar> distinct;
    std::shared_ptr<const TupleSet> set;
    bool listed = false;
    if (!prepare(s, "forbidden_table", vars, tuples, distinct, set, listed)) return false;
    if (!set) {  // the empty scope: false iff the empty tuple is forbidden
        if (!listed) return !s.root_failed();
        s.fail();
        return false;
    }
    if (set->size() == 0) return !s.root_failed();  // nothing left to forbid
    return post<NegativeTable>(s, std::move(distinct), std::move(set));
}

bool shared_forbidden_table(Solver& s, const std::vector<IntVar>& vars, std::shared_ptr<const TupleSet> tuples) {
    std::vector<IntVar> distinct;
    if (!prepare_shared(s, "shared_forbidden_table", vars, tuples, distinct)) return false;
    if (tuples->size() == 0) return !s.root_failed();
    return post<NegativeTable>(s, std::move(distinct), std::move(tuples));
}

}  // namespace prune
