#include "regular.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "../constraints.hpp"
#include "../learning/explanation.hpp"
#include "../posting.hpp"

namespace prune {

Regular::Regular(std::vector<IntVar> vars, const Automaton& automaton, bool repeated_variables)
    : Propagator(PropagatorCost::linear, !repeated_variables), vars_(std::move(vars)), states_(automaton.states),
      words_(static_cast<std::size_t>((automaton.states + 63) / 64)) {
    for (const Automaton::Transition& t : automaton.transitions) alphabet_.push_back(t.value);
    std::sort(alphabet_.begin(), alphabet_.end());
    alphabet_.erase(std::unique(alphabet_.begin(), alphabet_.end()), alphabet_.end());
    std::vector<Automaton::Transition> sorted = automaton.transitions;
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        return a.from != b.from ? a.from < b.from : (a.value != b.value ? a.value < b.value : a.to < b.to);
    });
    sorted.erase(std::unique(sorted.begin(), sorted.end(),
                             [](const auto& a, const auto& b) { return a.from == b.from && a.value == b.value && a.to == b.to; }),
                 sorted.end());
    arc_begin_.assign(static_cast<std::size_t>(states_) + 1, 0);
    for (const auto& t : sorted) {
        const int symbol = static_cast<int>(std::lower_bound(alphabet_.begin(), alphabet_.end(), t.value) - alphabet_.begin());
        arcs_.push_back(Arc{t.value, symbol, t.to});
        ++arc_begin_[static_cast<std::size_t>(t.from) + 1];
    }
    for (std::size_t q = 0; q < static_cast<std::size_t>(states_); ++q) arc_begin_[q + 1] += arc_begin_[q];
    accepting_.assign(words_, 0);
    for (int q : automaton.accepting) accepting_[static_cast<std::size_t>(q) / 64] |= std::uint64_t{1} << (q % 64);
    const std::size_t layers = vars_.size() + 1;
    forward_.assign(layers * words_, 0);
    backward_.assign(layers * words_, 0);
    forward_stamp_.assign(layers, 0);
    backward_stamp_.assign(layers, 0);
    next_.assign(words_, 0);
    supported_.assign(alphabet_.size(), 0);
    symbol_in_.assign(alphabet_.size(), 0);
    initial_ = automaton.initial;
    forward(0)[static_cast<std::size_t>(automaton.initial) / 64] |= std::uint64_t{1} << (automaton.initial % 64);
    std::memcpy(backward(vars_.size()), accepting_.data(), words_ * sizeof(std::uint64_t));
    first_changed_ = 0;
    last_changed_ = static_cast<std::int64_t>(vars_.size()) - 1;
}

void Regular::attach(Solver& s) {
    for (std::size_t i = 0; i < vars_.size(); ++i) s.subscribe(this, vars_[i], Condition::domain, static_cast<int>(i));
    advise_me();
}

bool Regular::advise(Solver&, int layer, Event) {
    first_changed_ = std::min<std::int64_t>(first_changed_, layer);
    last_changed_ = std::max<std::int64_t>(last_changed_, layer);
    return true;
}

void Regular::save_layer(Trail& trail, std::uint64_t* words, std::size_t layer, std::vector<std::uint64_t>& stamps) {
    if (stamps[layer] == trail.stamp()) return;
    stamps[layer] = trail.stamp();
    for (std::size_t w = 0; w < words_; ++w) trail.save(&words[w]);
}

// The word with x_layer = alphabet_[symbol] (layer == n: no such restriction, a
// failure) has no accepting run: the facts that keep the runs out (see regular.hpp).
bool Regular::explain_at(Explanation& e, std::size_t layer, int symbol) const {
    const std::size_t n = vars_.size();
    const std::size_t k = alphabet_.size();
    if (reach_.size() != (n + 1) * words_) {
        reach_.assign((n + 1) * words_, 0);
        reads_.assign(n * k, 0);
        explained_.assign(n * k, 0);
    }
    std::fill(reach_.begin(), reach_.end(), 0);
    reach_[static_cast<std::size_t>(initial_) / 64] |= std::uint64_t{1} << (initial_ % 64);
    for (std::size_t i = 0; i < n; ++i) {
        std::uint8_t* in = &reads_[i * k];
        for (std::size_t a = 0; a < k; ++a) in[a] = i == layer ? static_cast<int>(a) == symbol : e.had_value(vars_[i], alphabet_[a]);
        const std::uint64_t* here = &reach_[i * words_];
        std::uint64_t* there = &reach_[(i + 1) * words_];
        for (std::size_t w = 0; w < words_; ++w) {
            for (std::uint64_t bits = here[w]; bits != 0; bits &= bits - 1) {
                const std::size_t q = w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
                for (int a = arc_begin_[q]; a < arc_begin_[q + 1]; ++a) {
                    const Arc& arc = arcs_[static_cast<std::size_t>(a)];
                    if (in[arc.symbol]) there[static_cast<std::size_t>(arc.to) / 64] |= std::uint64_t{1} << (arc.to % 64);
                }
            }
        }
    }
    for (std::size_t w = 0; w < words_; ++w) {
        if (reach_[n * words_ + w] & accepting_[w]) return false;
    }
    std::fill(explained_.begin(), explained_.end(), 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (i == layer) continue;
        const std::uint64_t* here = &reach_[i * words_];
        const std::uint64_t* there = &reach_[(i + 1) * words_];
        for (std::size_t w = 0; w < words_; ++w) {
            for (std::uint64_t bits = here[w]; bits != 0; bits &= bits - 1) {
                const std::size_t q = w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
                for (int a = arc_begin_[q]; a < arc_begin_[q + 1]; ++a) {
                    const Arc& arc = arcs_[static_cast<std::size_t>(a)];
                    const std::size_t slot = i * k + static_cast<std::size_t>(arc.symbol);
                    if (((there[static_cast<std::size_t>(arc.to) / 64] >> (arc.to % 64)) & 1u) || explained_[slot]) continue;
                    explained_[slot] = 1;
                    e.add_removed(vars_[i], arc.value);
                }
            }
        }
    }
    return true;
}

bool Regular::explain(Explanation& e) const {
    if (e.explaining_failure()) return explain_at(e, vars_.size(), -1);
    const Fact& removed = e.inferred();
    if (removed.is_equal()) return false;
    const auto at = std::lower_bound(alphabet_.begin(), alphabet_.end(), removed.value);
    if (at == alphabet_.end() || *at != removed.value) return true;  // no transition reads it
    const int symbol = static_cast<int>(at - alphabet_.begin());
    // (A variable may occur at several layers: any layer whose word fails will do.)
    for (std::size_t i = 0; i < vars_.size(); ++i) {
        if (vars_[i].index == removed.var && explain_at(e, i, symbol)) return true;
    }
    return false;
}

void Regular::read_domain(const Solver& s, std::size_t i) {
    const IntVar x = vars_[i];
    for (std::size_t k = 0; k < alphabet_.size(); ++k) symbol_in_[k] = s.contains(x, alphabet_[k]);
}

std::int64_t Regular::forward_pass(Trail& trail, const Solver& s, std::int64_t from, std::int64_t changed_to, bool full) {
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    std::int64_t last = -1;
    for (std::int64_t i = from; i < n; ++i) {
        read_domain(s, static_cast<std::size_t>(i));
        std::fill(next_.begin(), next_.end(), 0);
        const std::uint64_t* here = forward(static_cast<std::size_t>(i));
        for (std::size_t w = 0; w < words_; ++w) {
            for (std::uint64_t bits = here[w]; bits != 0; bits &= bits - 1) {
                const std::size_t q = w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
                for (int a = arc_begin_[q]; a < arc_begin_[q + 1]; ++a) {
                    const Arc& arc = arcs_[static_cast<std::size_t>(a)];
                    if (symbol_in_[static_cast<std::size_t>(arc.symbol)]) next_[static_cast<std::size_t>(arc.to) / 64] |= std::uint64_t{1} << (arc.to % 64);
                }
            }
        }
        std::uint64_t* there = forward(static_cast<std::size_t>(i + 1));
        if (std::equal(next_.begin(), next_.end(), there)) {
            if (!full && i >= changed_to) break;
            continue;
        }
        save_layer(trail, there, static_cast<std::size_t>(i + 1), forward_stamp_);
        std::copy(next_.begin(), next_.end(), there);
        last = i + 1;
    }
    return last;
}

std::int64_t Regular::backward_pass(Trail& trail, const Solver& s, std::int64_t from, std::int64_t changed_from, bool full) {
    std::int64_t first = static_cast<std::int64_t>(vars_.size()) + 1;
    for (std::int64_t i = from; i >= 0; --i) {
        read_domain(s, static_cast<std::size_t>(i));
        const std::uint64_t* after = backward(static_cast<std::size_t>(i + 1));
        std::fill(next_.begin(), next_.end(), 0);
        for (std::size_t q = 0; q < static_cast<std::size_t>(states_); ++q) {
            for (int a = arc_begin_[q]; a < arc_begin_[q + 1]; ++a) {
                const Arc& arc = arcs_[static_cast<std::size_t>(a)];
                if (symbol_in_[static_cast<std::size_t>(arc.symbol)] && ((after[static_cast<std::size_t>(arc.to) / 64] >> (arc.to % 64)) & 1u)) {
                    next_[q / 64] |= std::uint64_t{1} << (q % 64);
                    break;
                }
            }
        }
        std::uint64_t* here = backward(static_cast<std::size_t>(i));
        if (std::equal(next_.begin(), next_.end(), here)) {
            if (!full && i <= changed_from) break;
            continue;
        }
        save_layer(trail, here, static_cast<std::size_t>(i), backward_stamp_);
        std::copy(next_.begin(), next_.end(), here);
        first = i;
    }
    return first;
}

bool Regular::prune_layer(Solver& s, std::size_t i, bool& removed) {
    const IntVar x = vars_[i];
    read_domain(s, i);
    std::fill(supported_.begin(), supported_.end(), 0);
    const std::uint64_t* here = forward(i);
    const std::uint64_t* after = backward(i + 1);
    for (std::size_t w = 0; w < words_; ++w) {
        for (std::uint64_t bits = here[w]; bits != 0; bits &= bits - 1) {
            const std::size_t q = w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits));
            for (int a = arc_begin_[q]; a < arc_begin_[q + 1]; ++a) {
                const Arc& arc = arcs_[static_cast<std::size_t>(a)];
                if (symbol_in_[static_cast<std::size_t>(arc.symbol)] && ((after[static_cast<std::size_t>(arc.to) / 64] >> (arc.to % 64)) & 1u)) {
                    supported_[static_cast<std::size_t>(arc.symbol)] = 1;
                }
            }
        }
    }
    auto supported = [&](std::int64_t v) {
        const auto it = std::lower_bound(alphabet_.begin(), alphabet_.end(), v);
        return it != alphabet_.end() && *it == v && supported_[static_cast<std::size_t>(it - alphabet_.begin())];
    };
    const std::int64_t before = s.size(x);
    if (s.is_bitset(x)) {
        for (std::int64_t v = s.min(x); v <= s.max(x); v = s.next_value(x, v)) {
            if (!supported(v)) PRUNE_TRY(s.remove(x, static_cast<int>(v)));
        }
    } else {  // bounds only: move each bound to the nearest supported value
        auto first = std::lower_bound(alphabet_.begin(), alphabet_.end(), s.min(x));
        while (first != alphabet_.end() && !supported_[static_cast<std::size_t>(first - alphabet_.begin())]) ++first;
        if (first == alphabet_.end()) return false;
        PRUNE_TRY(s.set_min(x, *first));
        auto last = std::upper_bound(alphabet_.begin(), alphabet_.end(), s.max(x));
        while (last != alphabet_.begin() && !supported_[static_cast<std::size_t>(last - 1 - alphabet_.begin())]) --last;
        if (last == alphabet_.begin()) return false;
        PRUNE_TRY(s.set_max(x, *(last - 1)));
    }
    removed = removed || s.size(x) != before;
    return true;
}

Status Regular::propagate(Solver& s) {
    const std::int64_t n = static_cast<std::int64_t>(vars_.size());
    bool full = initialised_.get() == 0;
    if (full) {
        initialised_.set(s.trail(), 1);
        first_changed_ = 0;
        last_changed_ = n - 1;
    }
    while (first_changed_ <= last_changed_) {
        const std::int64_t from = first_changed_, to = last_changed_;
        first_changed_ = n;
        last_changed_ = -1;
        const std::int64_t forward_last = forward_pass(s.trail(), s, from, to, full);
        const std::int64_t backward_first = backward_pass(s.trail(), s, to, from, full);
        full = false;
        bool accepted = false;
        const std::uint64_t* end = forward(static_cast<std::size_t>(n));
        for (std::size_t w = 0; w < words_; ++w) accepted = accepted || (end[w] & accepting_[w]) != 0;
        if (!accepted) return Status::failed;
        // x_i's supports depend on D(x_i), the forward set of layer i and the backward
        // set of layer i + 1.
        const std::int64_t lo = std::min(from, backward_first - 1), hi = std::max(to, forward_last);
        for (std::int64_t i = std::max<std::int64_t>(lo, 0); i <= std::min(hi, n - 1); ++i) {
            bool removed = false;
            if (!prune_layer(s, static_cast<std::size_t>(i), removed)) {
                first_changed_ = n;
                last_changed_ = -1;
                return Status::failed;
            }
            if (removed) {
                first_changed_ = std::min(first_changed_, i);
                last_changed_ = std::max(last_changed_, i);
            }
        }
    }
    return Status::ok;
}

// ---------------------------------------------------------------- post function

bool regular(Solver& s, const std::vector<IntVar>& vars, const Automaton& automaton) {
    const char* who = "regular";
    if (!check_vars(s, who, vars)) return false;
    auto refuse = [&](const std::string& why) {
        s.set_error(std::string(who) + ": " + why);
        return false;
    };
    const int q = automaton.states;
    if (q <= 0) return refuse("the automaton has no state");
    auto state_ok = [q](int state) { return state >= 0 && state < q; };
    const std::string range = " is not a state (0.." + std::to_string(q - 1) + ")";
    if (!state_ok(automaton.initial)) return refuse("the initial state " + std::to_string(automaton.initial) + range);
    for (int a : automaton.accepting) {
        if (!state_ok(a)) return refuse("the accepting state " + std::to_string(a) + range);
    }
    for (std::size_t t = 0; t < automaton.transitions.size(); ++t) {
        const Automaton::Transition& tr = automaton.transitions[t];
        if (!state_ok(tr.from) || !state_ok(tr.to)) {
            return refuse("transition " + std::to_string(t) + " joins " + std::to_string(tr.from) + " and " +
                          std::to_string(tr.to) + ", not both states (0.." + std::to_string(q - 1) + ")");
        }
    }
    if (vars.empty()) {  // the empty word
        if (std::find(automaton.accepting.begin(), automaton.accepting.end(), automaton.initial) != automaton.accepting.end()) return true;
        s.fail();
        return false;
    }
    std::vector<int> seen;
    for (IntVar v : vars) seen.push_back(v.index);
    std::sort(seen.begin(), seen.end());
    const bool repeated = std::adjacent_find(seen.begin(), seen.end()) != seen.end();
    return post<Regular>(s, vars, automaton, repeated);
}

}  // namespace prune
