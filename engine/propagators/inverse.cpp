#include "inverse.hpp"

#include <bit>
#include <cassert>
#include <climits>
#include <string>
#include <utility>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"

namespace prune {

// The bits of the positions j0 .. j0 + 63 that exist (n of them in all).
static std::uint64_t position_mask(std::int64_t n, std::int64_t j0) {
    const std::int64_t width = n - j0 < 64 ? n - j0 : 64;
    return width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
}

InverseChannel::InverseChannel(std::vector<IntVar> f, std::vector<IntVar> g, int f_offset, int g_offset)
    : Propagator(PropagatorCost::quadratic), f_(std::move(f)), g_(std::move(g)), f_offset_(f_offset), g_offset_(g_offset) {}

void InverseChannel::attach(Solver& s) {
    const int n = static_cast<int>(f_.size());
    for (int i = 0; i < n; ++i) s.subscribe(this, f_[static_cast<std::size_t>(i)], Condition::domain, i);
    for (int j = 0; j < n; ++j) s.subscribe(this, g_[static_cast<std::size_t>(j)], Condition::domain, n + j);
    for (const std::vector<IntVar>* side : {&f_, &g_}) {
        for (IntVar x : *side) incremental_ = incremental_ && s.is_bitset(x);
    }
    if (!incremental_) return;
    advise_me();
    // Before the first run every position counts as seen and every variable as
    // changed, so the values a domain lacks from the start are lost from it.
    words_ = (f_.size() + 63) / 64;
    seen_.resize(2 * f_.size() * words_);
    for (std::size_t k = 0; k < seen_.size(); ++k) {
        const std::int64_t j0 = static_cast<std::int64_t>(k % words_) * 64;
        seen_[k] = TrailedInt(static_cast<std::int64_t>(position_mask(n, j0)));
    }
    for (std::vector<std::uint64_t>* changed : {&f_changed_, &g_changed_}) {
        changed->assign(words_, ~std::uint64_t{0});
        changed->back() = position_mask(n, static_cast<std::int64_t>(words_ - 1) * 64);
    }
}

bool InverseChannel::advise(Solver&, int tag, Event) {
    const std::size_t n = f_.size();
    const std::size_t i = static_cast<std::size_t>(tag) < n ? static_cast<std::size_t>(tag) : static_cast<std::size_t>(tag) - n;
    (static_cast<std::size_t>(tag) < n ? f_changed_ : g_changed_)[i / 64] |= std::uint64_t{1} << (i % 64);
    return true;
}

InverseChannel::Slot InverseChannel::slot(std::size_t k) const {
    const std::size_t n = f_.size();
    const bool on_f = k < n;
    const std::size_t i = on_f ? k : k - n;
    return Slot{on_f ? f_[i] : g_[i], on_f ? &g_ : &f_, (on_f ? f_offset_ : g_offset_) + static_cast<int>(i),
                on_f ? g_offset_ : f_offset_};
}

bool InverseChannel::pass_on_losses(Solver& s, int k) {
    const auto [xi, partners, back, y_offset] = slot(static_cast<std::size_t>(k));
    const std::vector<IntVar>& y = *partners;
    TrailedInt* seen = &seen_[static_cast<std::size_t>(k) * words_];
    // x[i]'s values lie within y's positions (the post function's bounds), so a value
    // it lost is a bit set in the word seen and clear in the domain's.
    for (std::size_t w = 0; w < words_; ++w) {
        const std::int64_t j0 = static_cast<std::int64_t>(w) * 64;
        const std::uint64_t now = s.window_bits(xi, y_offset + j0);
        const std::uint64_t before = static_cast<std::uint64_t>(seen[w].get());
        if (before == now) continue;
        for (std::uint64_t lost = before & ~now; lost != 0; lost &= lost - 1) {
            const IntVar partner = y[static_cast<std::size_t>(j0 + std::countr_zero(lost))];
            if (s.contains(partner, back)) PRUNE_TRY(s.remove(partner, back));
        }
        seen[w].set(s.trail(), static_cast<std::int64_t>(now));
    }
    return true;
}

bool InverseChannel::channel(Solver& s, const std::vector<IntVar>& x, const std::vector<IntVar>& y, int x_offset,
                             int y_offset) {
    const std::int64_t n = static_cast<std::int64_t>(y.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
        const IntVar xi = x[i];
        const int back = x_offset + static_cast<int>(i);
        auto supported = [&](std::int64_t v) {
            const std::int64_t j = v - y_offset;
            return j >= 0 && j < n && s.contains(y[static_cast<std::size_t>(j)], back);
        };
        // (The post function keeps every value within y's positions.) The domain is
        // read 64 values a word; a removal leaves the other values of the word alone,
        // so the removals are those of a value-by-value walk, in the same order.
        const std::int64_t last = s.max(xi);
        for (std::int64_t base = s.min(xi); base <= last; base += 64) {
            for (std::uint64_t bits = s.window_bits(xi, base); bits != 0; bits &= bits - 1) {
                const std::int64_t v = base + std::countr_zero(bits);
                if (!supported(v)) PRUNE_TRY(s.remove(xi, static_cast<int>(v)));
            }
        }
        if (!s.is_bitset(xi)) {  // interior removals did nothing: settle the bounds
            while (!supported(s.min(xi))) PRUNE_TRY(s.set_min(xi, std::int64_t{s.min(xi)} + 1));
            while (!supported(s.max(xi))) PRUNE_TRY(s.set_max(xi, std::int64_t{s.max(xi)} - 1));
        }
    }
    return true;
}

bool InverseChannel::all_passed_on(const Solver& s) const {
    const std::size_t n = f_.size();
    for (std::size_t k = 0; k < 2 * n; ++k) {
        const auto [x, partners, back, y_offset] = slot(k);
        const std::vector<IntVar>& y = *partners;
        for (std::size_t w = 0; w < words_; ++w) {
            const std::int64_t j0 = static_cast<std::int64_t>(w) * 64;
            const std::uint64_t now = s.window_bits(x, y_offset + j0);
            const std::uint64_t seen = static_cast<std::uint64_t>(seen_[k * words_ + w].get());
            if ((now & ~seen) != 0) return false;
            for (std::uint64_t lost = seen & ~now; lost != 0; lost &= lost - 1) {
                if (s.contains(y[static_cast<std::size_t>(j0 + std::countr_zero(lost))], back)) return false;
            }
        }
    }
    return true;
}

Status InverseChannel::propagate(Solver& s) {
    if (incremental_) {
        // Each lost value leaves its partner; what that takes out of a partner is
        // already lost on this side, so it needs nothing back, and once no variable
        // is marked changed the arcs agree. The passes change the other side's
        // variables (marking them), so the sides alternate until neither has a mark.
        // g's first, each side in index order, so that, as in the full pass, f's
        // values go before g's; the fixpoint is the same in any order.
        const int n = static_cast<int>(f_.size());
        for (bool any = true; any;) {
            any = false;
            for (auto [changed, base] : {std::pair{&g_changed_, n}, std::pair{&f_changed_, 0}}) {
                for (std::size_t w = 0; w < words_; ++w) {
                    for (std::uint64_t& bits = (*changed)[w]; bits != 0;) {
                        const int i = static_cast<int>(w * 64) + std::countr_zero(bits);
                        bits &= bits - 1;
                        any = true;
                        PRUNE_TRY(pass_on_losses(s, base + i));
                    }
                }
            }
        }
        assert(all_passed_on(s));
        return Status::ok;
    }
    // After the pass over f, f[i] holds g_offset + j only when g[j] holds f_offset + i;
    // the pass over g removes only values whose partner f already lacks, so f stays so.
    PRUNE_TRY(channel(s, f_, g_, f_offset_, g_offset_));
    PRUNE_TRY(channel(s, g_, f_, g_offset_, f_offset_));
    return Status::ok;
}

bool InverseChannel::add_unsupported(Explanation& e, const std::vector<IntVar>& y, int back, std::int64_t j) {
    if (j < 0 || j >= static_cast<std::int64_t>(y.size())) return true;  // no such partner
    const IntVar partner = y[static_cast<std::size_t>(j)];
    if (e.had_value(partner, back)) return false;
    e.add_removed(partner, back);
    return true;
}

// Finds an x[i] none of whose values had a partner, and adds why.
bool InverseChannel::explain_wipe_out(Explanation& e, const std::vector<IntVar>& x, const std::vector<IntVar>& y,
                                      int x_offset, int y_offset) {
    for (std::size_t i = 0; i < x.size(); ++i) {
        const IntVar xi = x[i];
        const int back = x_offset + static_cast<int>(i);
        bool wiped = true;
        for (int v = e.initial_min(xi); v <= e.initial_max(xi) && wiped; ++v) {
            const std::int64_t j = std::int64_t{v} - y_offset;
            const bool partner_had = j >= 0 && j < static_cast<std::int64_t>(y.size()) && e.had_value(y[static_cast<std::size_t>(j)], back);
            wiped = !(e.had_value(xi, v) && partner_had);
        }
        if (!wiped) continue;
        for (int v = e.initial_min(xi); v <= e.initial_max(xi); ++v) {
            if (!e.had_value(xi, v)) e.add_removed(xi, v);
            else add_unsupported(e, y, back, std::int64_t{v} - y_offset);
        }
        return true;
    }
    return false;
}

bool InverseChannel::explain(Explanation& e) const {
    if (e.explaining_failure()) {
        return explain_wipe_out(e, f_, g_, f_offset_, g_offset_) || explain_wipe_out(e, g_, f_, g_offset_, f_offset_);
    }
    const Fact& removed = e.inferred();
    if (removed.is_equal()) return false;
    for (std::size_t i = 0; i < f_.size(); ++i) {
        if (f_[i].index == removed.var &&
            add_unsupported(e, g_, f_offset_ + static_cast<int>(i), std::int64_t{removed.value} - g_offset_))
            return true;
    }
    for (std::size_t j = 0; j < g_.size(); ++j) {
        if (g_[j].index == removed.var &&
            add_unsupported(e, f_, g_offset_ + static_cast<int>(j), std::int64_t{removed.value} - f_offset_))
            return true;
    }
    return false;
}

bool inverse(Solver& s, const std::vector<IntVar>& f, const std::vector<IntVar>& g, int f_offset, int g_offset,
             Consistency consistency) {
    if (!check_vars(s, "inverse", f) || !check_vars(s, "inverse", g)) return false;
    if (f.size() != g.size()) {
        s.set_error("inverse: f has " + std::to_string(f.size()) + " variables and g " + std::to_string(g.size()));
        return false;
    }
    const std::int64_t n = static_cast<std::int64_t>(f.size());
    if (f_offset + n - 1 > INT_MAX || g_offset + n - 1 > INT_MAX) {
        s.set_error("inverse: offset + number of positions exceeds the 32-bit range");
        return false;
    }
    if (n == 0) return !s.root_failed();
    for (IntVar x : f) {
        if (is_failure(s.set_min(x, g_offset)) || is_failure(s.set_max(x, g_offset + n - 1))) return s.fail(), false;
    }
    for (IntVar x : g) {
        if (is_failure(s.set_min(x, f_offset)) || is_failure(s.set_max(x, f_offset + n - 1))) return s.fail(), false;
    }
    return all_different(s, f, consistency) && post<InverseChannel>(s, f, g, f_offset, g_offset);
}

}  // namespace prune
