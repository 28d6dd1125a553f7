// Unit tests of DomainStore and Trail: every operation, its event, and restoration;
// and of the Solver's removal of a value mask (one wake, the tracer, the counters)
// and of its resting propagators (rest, wake_rested).
#include "catch.hpp"
#include "engine/domain.hpp"
#include "engine/solver.hpp"
#include "engine/trail.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <vector>

using namespace prune;

namespace {
std::vector<int> values_of(const DomainStore& d, int x) {
    std::vector<int> out;
    for (std::int64_t v = d.min(x); v <= d.max(x); v = d.next_value(x, v)) out.push_back(static_cast<int>(v));
    return out;
}
}  // namespace

TEST_CASE("a new range domain holds every value of the range", "[domain]") {
    DomainStore d;
    const int x = d.add_range(-3, 70);  // spans two words
    REQUIRE(d.min(x) == -3);
    REQUIRE(d.max(x) == 70);
    REQUIRE(d.size(x) == 74);
    REQUIRE(d.is_bitset(x));
    REQUIRE(d.contains(x, -3));
    REQUIRE(d.contains(x, 70));
    REQUIRE_FALSE(d.contains(x, 71));
    REQUIRE_FALSE(d.contains(x, -4));
    REQUIRE(values_of(d, x).size() == 74);
}

TEST_CASE("a domain from a value list keeps the holes", "[domain]") {
    DomainStore d;
    const int x = d.add_values({9, 1, 5, 5, 130});
    REQUIRE(d.size(x) == 4);
    REQUIRE(values_of(d, x) == std::vector<int>{1, 5, 9, 130});
    REQUIRE(d.next_value(x, 5) == 9);
    REQUIRE(d.next_value(x, 9) == 130);
    REQUIRE(d.next_value(x, 130) == 131);
    REQUIRE(d.previous_value(x, 130) == 9);
    REQUIRE(d.previous_value(x, 1) == 0);
    REQUIRE(d.nth_value(x, 2) == 9);
}

TEST_CASE("remove reports the event it caused", "[domain]") {
    Trail t;
    DomainStore d;
    const int x = d.add_range(1, 5);
    REQUIRE(d.remove(t, x, 3) == Event::domain);
    REQUIRE(d.remove(t, x, 3) == Event::none);
    REQUIRE(d.remove(t, x, 9) == Event::none);
    REQUIRE(d.remove(t, x, 1) == Event::bounds);
    REQUIRE(d.min(x) == 2);
    REQUIRE(d.remove(t, x, 2) == Event::bounds);
    REQUIRE(d.min(x) == 4);  // 3 is gone, so the minimum skips it
    REQUIRE(d.size(x) == 2);
    REQUIRE(d.remove(t, x, 5) == Event::fixed);
    REQUIRE(d.max(x) == 4);
    REQUIRE(d.remove(t, x, 4) == Event::failed);
    REQUIRE(d.size(x) == 1);  // a failing operation leaves the domain unchanged
    REQUIRE(d.contains(x, 4));
}

TEST_CASE("bounds tighten across holes and words", "[domain]") {
    Trail t;
    DomainStore d;
    const int x = d.add_range(0, 200);
    for (int v = 10; v <= 150; ++v) REQUIRE(d.remove(t, x, v) == Event::domain);
    REQUIRE(d.size(x) == 60);
    REQUIRE(d.set_min(t, x, 5) == Event::bounds);
    REQUIRE(d.size(x) == 55);
    REQUIRE(d.set_min(t, x, 10) == Event::bounds);
    REQUIRE(d.min(x) == 151);
    REQUIRE(d.size(x) == 50);
    REQUIRE(d.set_max(t, x, 151) == Event::fixed);
    REQUIRE(d.set_max(t, x, 100) == Event::failed);
    REQUIRE(d.set_min(t, x, 152) == Event::failed);
    REQUIRE(d.min(x) == 151);
}

TEST_CASE("assign, remove_range and their failures", "[domain]") {
    Trail t;
    DomainStore d;
    const int x = d.add_range(0, 9);
    REQUIRE(d.remove_range(t, x, 3, 5) == Event::domain);
    REQUIRE(values_of(d, x) == std::vector<int>{0, 1, 2, 6, 7, 8, 9});
    REQUIRE(d.remove_range(t, x, 3, 5) == Event::none);
    REQUIRE(d.remove_range(t, x, -5, 1) == Event::bounds);
    REQUIRE(d.min(x) == 2);
    REQUIRE(d.assign(t, x, 4) == Event::failed);
    REQUIRE(d.assign(t, x, 7) == Event::fixed);
    REQUIRE(d.assign(t, x, 7) == Event::none);
    REQUIRE(values_of(d, x) == std::vector<int>{7});
    REQUIRE(d.remove_range(t, x, 0, 100) == Event::failed);
}

TEST_CASE("wide ranges keep bounds only and never allocate a huge bitset", "[domain]") {
    Trail t;
    DomainStore d;
    const int x = d.add_range(-1000000000, 1000000000);
    REQUIRE_FALSE(d.is_bitset(x));
    REQUIRE(d.size(x) == 2000000001);
    REQUIRE(d.remove(t, x, 17) == Event::none);  // interior: not representable
    REQUIRE(d.contains(x, 17));
    REQUIRE(d.remove(t, x, -1000000000) == Event::bounds);
    REQUIRE(d.min(x) == -999999999);
    REQUIRE(d.set_max(t, x, 5) == Event::bounds);
    REQUIRE(d.size(x) == 1000000005);
    REQUIRE(d.set_min(t, x, 5) == Event::fixed);
    const int y = d.add_range(INT32_MIN, INT32_MAX);
    REQUIRE(d.size(y) == (std::int64_t{1} << 32));
    REQUIRE(d.set_max(t, y, INT32_MIN) == Event::fixed);
}

TEST_CASE("the trail restores exactly what changed since a level", "[trail]") {
    Trail t;
    DomainStore d;
    const int x = d.add_range(0, 99);
    const int y = d.add_values({2, 4, 6});
    t.push_level();
    REQUIRE(d.remove(t, x, 50) == Event::domain);
    REQUIRE(d.set_min(t, x, 10) == Event::bounds);
    t.push_level();
    REQUIRE(d.assign(t, y, 4) == Event::fixed);
    REQUIRE(d.set_max(t, x, 20) == Event::bounds);
    REQUIRE(d.remove(t, x, 15) == Event::domain);
    t.pop_level();
    REQUIRE(d.size(y) == 3);
    REQUIRE(d.min(x) == 10);
    REQUIRE(d.max(x) == 99);
    REQUIRE(d.contains(x, 15));
    REQUIRE_FALSE(d.contains(x, 50));
    t.pop_level();
    REQUIRE(d.size(x) == 100);
    REQUIRE(d.contains(x, 50));
    REQUIRE(t.depth() == 0);
}

TEST_CASE("a trailed integer is saved once per level and restored", "[trail]") {
    Trail t;
    TrailedInt a(5);
    a.set(t, 6);  // at the root: permanent
    t.push_level();
    a.set(t, 7);
    a.set(t, 8);
    t.push_level();
    a.set(t, 9);
    t.pop_level();
    REQUIRE(a.get() == 8);
    t.pop_level();
    REQUIRE(a.get() == 6);
}

namespace {
// A small seeded generator for the random domain tests below.
struct Lcg {
    std::uint64_t state;
    std::uint64_t next() {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return state;
    }
    int below(int n) { return static_cast<int>((next() >> 33) % static_cast<std::uint64_t>(n)); }
    std::uint64_t word() { return (next() & 0xFFFFFFFF00000000ULL) | (next() >> 32); }
};

// Random steps on twin stores a and b (trails ta, tb) holding the same variable x:
// op 0 pushes a level on both trails, op 1 pops one (when there is one), any other
// op (drawn below `ops`) is change(op, step), which changes both alike. After every
// step both hold the same values and sizes, also after restored levels.
template <class Change>
void walk_twin_stores(Lcg& random, int steps, int ops, DomainStore& a, Trail& ta, DomainStore& b, Trail& tb, int x,
                      Change change) {
    int depth = 0;
    for (int step = 0; step < steps; ++step) {
        const int op = random.below(ops);
        if (op == 0) {
            ta.push_level();
            tb.push_level();
            ++depth;
        } else if (op == 1 && depth > 0) {
            ta.pop_level();
            tb.pop_level();
            --depth;
        } else {
            change(op, step);
        }
        REQUIRE(values_of(a, x) == values_of(b, x));
        REQUIRE(a.size(x) == b.size(x));
        REQUIRE(a.size(x) == static_cast<std::int64_t>(values_of(a, x).size()));
    }
}
}  // namespace

TEST_CASE("remove_present agrees with remove on random domains, through push and pop", "[domain]") {
    // Two stores with the same domains: one removes with remove(), the other with the
    // inline remove_present() whenever the value is in the domain. Events, values and
    // sizes must agree after every step, also after restoring levels.
    Lcg random{12345};
    for (int round = 0; round < 300; ++round) {
        Trail ta, tb;
        DomainStore a, b;
        std::vector<int> values;
        const int lo = random.below(40) - 20;
        const int span = 1 + random.below(round % 3 == 0 ? 150 : 60);  // one word or several
        for (int v = lo; v <= lo + span; ++v) {
            if (random.below(4) != 0) values.push_back(v);
        }
        if (values.empty()) values.push_back(lo);
        const int x = a.add_values(values);
        REQUIRE(b.add_values(values) == x);
        walk_twin_stores(random, 80, 10, a, ta, b, tb, x, [&](int op, int step) {
            const int v = lo - 2 + random.below(span + 5);
            Event ea, eb;
            if (op == 2) {
                ea = a.set_min(ta, x, v);
                eb = b.set_min(tb, x, v);
            } else {
                ea = a.remove(ta, x, v);
                eb = b.contains(x, v) ? b.remove_present(tb, x, v) : Event::none;
            }
            INFO("round " << round << " step " << step << " value " << v);
            REQUIRE(ea == eb);
        });
    }
}

namespace {
bool masked(std::int64_t base, std::uint64_t mask, int v) {
    return v >= base && v <= base + 63 && ((mask >> (v - base)) & 1) != 0;
}

// The reference for remove_values: the masked values removed one at a time, upwards
// and then downwards (on a bounds-only domain each bound then moves past every masked
// value it meets), the events combined. Not for a wipe-out (the caller checks first).
Event remove_one_by_one(DomainStore& d, Trail& t, int x, std::int64_t base, std::uint64_t mask) {
    auto stronger = [](Event a, Event b) { return static_cast<Event>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b)); };
    Event e = Event::none;
    for (int i = 0; i < 64; ++i) {
        if ((mask >> i) & 1) e = stronger(e, d.remove(t, x, static_cast<int>(base + i)));
    }
    for (int i = 63; i >= 0; --i) {
        if ((mask >> i) & 1) e = stronger(e, d.remove(t, x, static_cast<int>(base + i)));
    }
    return e;
}
}  // namespace

TEST_CASE("remove_values agrees with removing the masked values one by one, through push and pop", "[domain]") {
    // Random domains with holes on one word, several words or bounds only; masks of
    // every density at windows before, across and after them (so both shifts and
    // none), wipe-outs included. Store a removes with remove_values, store b one value
    // at a time; they must agree on the event, the values and the size after every
    // step, and after every restored level.
    Lcg random{2026};
    for (int round = 0; round < 600; ++round) {
        Trail ta, tb;
        DomainStore a, b;
        const int kind = round % 3;  // 0: one word, 1: several words, 2: bounds only
        const int lo = random.below(80) - 40;
        const int span = kind == 0 ? random.below(64) : kind == 1 ? 64 + random.below(140) : random.below(100);
        int x = 0;
        if (kind == 2) {
            x = a.add_range(lo, lo + span, true);
            REQUIRE(b.add_range(lo, lo + span, true) == x);
        } else {
            std::vector<int> values;
            for (int v = lo; v <= lo + span; ++v) {
                if (random.below(4) != 0) values.push_back(v);
            }
            if (values.empty()) values.push_back(lo);
            x = a.add_values(values);
            REQUIRE(b.add_values(values) == x);
        }
        walk_twin_stores(random, 60, 8, a, ta, b, tb, x, [&](int, int step) {
            const std::int64_t base = lo - 70 + random.below(span + 80);
            const int density = random.below(4);  // sparse to full
            std::uint64_t mask = density == 3 ? ~std::uint64_t{0} : random.word();
            for (int thin = density; thin < 2; ++thin) mask &= random.word();
            const std::vector<int> before = values_of(a, x);
            bool wipe_out = true;
            for (int v : before) wipe_out = wipe_out && masked(base, mask, v);
            const Event ea = a.remove_values(ta, x, base, mask);
            INFO("round " << round << " step " << step << " base " << base << " mask " << mask);
            if (wipe_out) {
                REQUIRE(ea == Event::failed);
                REQUIRE(values_of(a, x) == before);  // a failing update changes nothing
            } else {
                REQUIRE(ea == remove_one_by_one(b, tb, x, base, mask));
            }
        });
    }
}

namespace {
// Removes `mask` (values base + i) from x once t is fixed: with remove_values, or one
// value at a time as propagators did before it.
struct MaskRemover final : Propagator {
    IntVar t, x;
    std::int64_t base;
    std::uint64_t mask;
    bool at_once;
    MaskRemover(IntVar t_, IntVar x_, std::int64_t base_, std::uint64_t mask_, bool at_once_)
        : Propagator(PropagatorCost::constant), t(t_), x(x_), base(base_), mask(mask_), at_once(at_once_) {}
    void attach(Solver& s) override { s.subscribe(this, t, Condition::fixed); }
    Status propagate(Solver& s) override {
        if (!s.fixed(t)) return Status::ok;
        if (at_once) {
            PRUNE_TRY(s.remove_values(x, base, mask));
        } else {
            for (std::uint64_t left = mask; left != 0; left &= left - 1) PRUNE_TRY(s.remove(x, static_cast<int>(base + std::countr_zero(left))));
        }
        return Status::ok;
    }
    const char* kind() const override { return "mask-remover"; }
};

// Asks for advice on x and counts it: one advice is one wake by one domain update.
struct AdviceCounter final : Propagator {
    IntVar x;
    int advised = 0;
    Event strongest = Event::none;
    explicit AdviceCounter(IntVar x_) : Propagator(PropagatorCost::constant), x(x_) { advise_me(); }
    void attach(Solver& s) override { s.subscribe(this, x, Condition::domain); }
    bool advise(Solver&, int, Event e) override {
        ++advised;
        strongest = static_cast<Event>(static_cast<std::uint8_t>(strongest) | static_cast<std::uint8_t>(e));
        return true;
    }
    Status propagate(Solver&) override { return Status::ok; }
    const char* kind() const override { return "advice-counter"; }
};

// The values each reported change of x took away (from the domain it replaced).
struct RemovalLog final : Tracer {
    IntVar x{0};
    int reports = 0;
    std::vector<int> removed;
    void on_domain_change(const Solver& s, IntVar y, const DomainBefore& before) override {
        if (y.index != x.index) return;
        ++reports;
        REQUIRE(before.values != nullptr);
        for (int v : *before.values) {
            if (!s.contains(y, v)) removed.push_back(v);
        }
    }
};

struct MaskRun {
    std::vector<int> values;  // x after the removal (or as restored after a failure)
    std::vector<int> restored;
    bool propagated;
    int advised, reports;
    Event strongest;
    std::vector<int> removed;
    std::uint64_t values_removed;
};

MaskRun run_mask_removal(const std::vector<int>& domain, std::int64_t base, std::uint64_t mask, bool at_once) {
    Solver s;
    const IntVar x = s.new_int_var(domain);
    const IntVar t = s.new_int_var(0, 1);
    MaskRemover* remover = s.add(std::make_unique<MaskRemover>(t, x, base, mask, at_once));
    AdviceCounter* counter = s.add(std::make_unique<AdviceCounter>(x));
    REQUIRE(s.propagate());
    RemovalLog log;
    log.x = x;
    s.set_tracer(&log);
    s.push_level();
    REQUIRE(s.assign(t, 1) == Event::fixed);
    MaskRun run;
    run.propagated = s.propagate();
    s.for_each_value(x, [&](int v) { run.values.push_back(v); });
    run.advised = counter->advised;
    run.strongest = counter->strongest;
    run.reports = log.reports;
    run.removed = log.removed;
    std::sort(run.removed.begin(), run.removed.end());
    run.values_removed = remover->counters().values_removed;
    s.clear_queue();
    s.pop_level();
    s.for_each_value(x, [&](int v) { run.restored.push_back(v); });
    return run;
}
}  // namespace

TEST_CASE("Solver::remove_values wakes once and reports what a removal loop reports", "[domain]") {
    // The same removal done by remove_values and by a loop of remove(): the same
    // domain, failure, tracer removals (in one report instead of one per value), the
    // same values_removed counter, one advice with the strongest event, and the same
    // domain after backtracking.
    Lcg random{16};
    for (int round = 0; round < 300; ++round) {
        const int lo = random.below(40) - 20;
        const int span = 1 + random.below(round % 4 == 0 ? 120 : 50);
        std::vector<int> domain;
        for (int v = lo; v <= lo + span; ++v) {
            if (random.below(3) != 0) domain.push_back(v);
        }
        if (domain.size() < 2) domain = {lo, lo + span};
        const std::int64_t base = lo - 10 + random.below(span + 10);
        std::uint64_t mask = random.word() & random.word();
        if (round % 10 == 0) mask = ~std::uint64_t{0};  // often a wipe-out
        INFO("round " << round << " base " << base << " mask " << mask);
        const MaskRun at_once = run_mask_removal(domain, base, mask, true);
        const MaskRun loop = run_mask_removal(domain, base, mask, false);
        REQUIRE(at_once.propagated == loop.propagated);
        REQUIRE(at_once.restored == domain);
        REQUIRE(loop.restored == domain);
        if (!at_once.propagated) {
            REQUIRE(at_once.values == domain);  // the failing update changed nothing
            REQUIRE(at_once.advised == 0);
            continue;
        }
        REQUIRE(at_once.values == loop.values);
        REQUIRE(at_once.removed == loop.removed);
        REQUIRE(at_once.values_removed == loop.values_removed);
        REQUIRE(at_once.values_removed == domain.size() - at_once.values.size());
        REQUIRE(at_once.strongest == loop.strongest);
        const int removals = static_cast<int>(loop.values_removed);
        REQUIRE(at_once.advised == (removals > 0 ? 1 : 0));
        REQUIRE(at_once.reports == at_once.advised);
        REQUIRE(loop.advised == removals);
    }
}

namespace {
// Subscribes to what it is given (variable, condition, tag) and logs every advice.
struct WakeLog final : Propagator {
    struct Entry {
        IntVar x;
        Condition condition;
        int tag;
    };
    std::vector<Entry> entries;
    std::vector<std::pair<int, int>>* log;  // (propagator id, tag) per advice
    WakeLog(std::vector<Entry> e, std::vector<std::pair<int, int>>* l) : Propagator(PropagatorCost::constant), entries(std::move(e)), log(l) {
        advise_me();
    }
    void attach(Solver& s) override {
        for (const Entry& e : entries) s.subscribe(this, e.x, e.condition, e.tag);
    }
    bool advise(Solver&, int tag, Event) override {
        log->emplace_back(id(), tag);
        return true;
    }
    Status propagate(Solver&) override { return Status::ok; }
    const char* kind() const override { return "wake-log"; }
};

// One event of each kind on each variable (a removal inside, a new lower bound, a
// fixing), each from the root: the advices each one gave, sorted.
std::vector<std::vector<std::pair<int, int>>> advices_per_event(Solver& s, const std::vector<IntVar>& x, std::vector<std::pair<int, int>>& log) {
    std::vector<std::vector<std::pair<int, int>>> out;
    for (const IntVar v : x) {
        for (int kind = 0; kind < 3; ++kind) {
            s.push_level();
            log.clear();
            const Event e = kind == 0 ? s.remove(v, 5) : kind == 1 ? s.set_min(v, 2) : s.assign(v, 7);
            REQUIRE(e != Event::failed);
            std::sort(log.begin(), log.end());
            out.push_back(log);
            REQUIRE(s.propagate());
            s.pop_level();
        }
    }
    return out;
}
}  // namespace

TEST_CASE("Solver::rest takes propagators out of the subscription lists, and wake_rested puts them back", "[domain][solver]") {
    // Random propagators subscribed with every condition (and one variable twice):
    // while some rest, an event advises exactly the others, as before; after
    // wake_rested(), every event advises what it advised before the rest.
    const Condition conditions[] = {Condition::domain, Condition::bounds, Condition::fixed};
    Lcg random{23};
    for (int round = 0; round < 200; ++round) {
        Solver s;
        std::vector<std::pair<int, int>> log;
        std::vector<IntVar> x;
        for (int k = 0; k < 3; ++k) x.push_back(s.new_int_var(0, 9));
        const int count = 1 + random.below(8);
        for (int p = 0; p < count; ++p) {
            std::vector<WakeLog::Entry> entries;
            for (int k = 1 + random.below(4); k > 0; --k) {
                entries.push_back(WakeLog::Entry{x[static_cast<std::size_t>(random.below(3))], conditions[random.below(3)], random.below(100)});
            }
            s.add(std::make_unique<WakeLog>(entries, &log));
        }
        REQUIRE(s.propagate());
        const auto before = advices_per_event(s, x, log);
        std::vector<int> resting;
        for (int p = 0; p < count; ++p) {
            if (random.below(2) == 0) resting.push_back(p);
        }
        std::vector<std::size_t> subscribed(x.size(), 0), awake(x.size(), 0);
        for (int p = 0; p < count; ++p) {
            const bool rests = std::find(resting.begin(), resting.end(), p) != resting.end();
            for (const WakeLog::Entry& e : static_cast<const WakeLog&>(s.propagator(p)).entries) {
                ++subscribed[static_cast<std::size_t>(e.x.index)];
                if (!rests) ++awake[static_cast<std::size_t>(e.x.index)];
            }
        }
        for (std::size_t k = 0; k < x.size(); ++k) REQUIRE(s.subscription_count(x[k]) == subscribed[k]);
        s.rest(resting);
        for (const int p : resting) REQUIRE(!s.propagator(p).active());
        for (std::size_t k = 0; k < x.size(); ++k) REQUIRE(s.subscription_count(x[k]) == awake[k]);
        const auto during = advices_per_event(s, x, log);
        REQUIRE(during.size() == before.size());
        for (std::size_t e = 0; e < before.size(); ++e) {
            std::vector<std::pair<int, int>> expected;
            for (const auto& advice : before[e]) {
                if (std::find(resting.begin(), resting.end(), advice.first) == resting.end()) expected.push_back(advice);
            }
            REQUIRE(during[e] == expected);
        }
        s.wake_rested();
        for (int p = 0; p < count; ++p) REQUIRE(s.propagator(p).active());
        for (std::size_t k = 0; k < x.size(); ++k) REQUIRE(s.subscription_count(x[k]) == subscribed[k]);
        REQUIRE(s.propagate());
        REQUIRE(advices_per_event(s, x, log) == before);
    }
}
