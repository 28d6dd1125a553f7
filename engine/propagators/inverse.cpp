#include "inverse.hpp"

#include <bit>

#include "../learning/explanation.hpp"

#include <climits>
#include <string>

#include "../constraints.hpp"
#include "../posting.hpp"

namespace prune {

InverseChannel::InverseChannel(std::vector<IntVar> f, std::vector<IntVar> g, int f_offset, int g_offset)
    : Propagator(PropagatorCost::quadratic), f_(std::move(f)), g_(std::move(g)), f_offset_(f_offset), g_offset_(g_offset) {}

void InverseChannel::attach(Solver& s) {
    for (IntVar x : f_) s.subscribe(this, x, Condition::domain);
    for (IntVar x : g_) s.subscribe(this, x, Condition::domain);
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

Status InverseChannel::propagate(Solver& s) {
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

bool inverse(Solver& s, const std::vector<IntVar>& f, const std::vector<IntVar>& g, int f_offset, int g_offset) {
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
    return all_different(s, f, Consistency::domain) && post<InverseChannel>(s, f, g, f_offset, g_offset);
}

}  // namespace prune
