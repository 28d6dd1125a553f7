// Unit tests of DomainStore and Trail: every operation, its event, and restoration.
#include "catch.hpp"
#include "engine/domain.hpp"
#include "engine/trail.hpp"

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

TEST_CASE("remove_present agrees with remove on random domains, through push and pop", "[domain]") {
    // Two stores with the same domains: one removes with remove(), the other with the
    // inline remove_present() whenever the value is in the domain. Events, values and
    // sizes must agree after every step, also after restoring levels.
    std::uint64_t state = 12345;
    auto below = [&](int n) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(n));
    };
    for (int round = 0; round < 300; ++round) {
        Trail ta, tb;
        DomainStore a, b;
        std::vector<int> values;
        const int lo = below(40) - 20;
        const int span = 1 + below(round % 3 == 0 ? 150 : 60);  // one word or several
        for (int v = lo; v <= lo + span; ++v) {
            if (below(4) != 0) values.push_back(v);
        }
        if (values.empty()) values.push_back(lo);
        const int x = a.add_values(values);
        REQUIRE(b.add_values(values) == x);
        int depth = 0;
        for (int step = 0; step < 80; ++step) {
            const int op = below(10);
            if (op == 0) {
                ta.push_level();
                tb.push_level();
                ++depth;
            } else if (op == 1 && depth > 0) {
                ta.pop_level();
                tb.pop_level();
                --depth;
            } else {
                const int v = lo - 2 + below(span + 5);
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
            }
            REQUIRE(values_of(a, x) == values_of(b, x));
            REQUIRE(a.size(x) == b.size(x));
            REQUIRE(a.size(x) == static_cast<std::int64_t>(values_of(a, x).size()));
        }
    }
}
