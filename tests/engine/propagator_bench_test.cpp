// The propagator bench's self-test: deliberately broken propagators, each breaking
// one item of the checklist (engine/propagator.hpp), must be caught; the correct
// one beside them must pass.
#include "catch.hpp"
#include "support/constraint_catalog.hpp"

#include <memory>
#include <vector>

using namespace prune;
using namespace prune::test;

namespace {

// x <= y + offset by bounds; `subscribe_y` false forgets y's subscription.
class LessEqual : public Propagator {
public:
    LessEqual(IntVar x, IntVar y, int offset, bool subscribe_y)
        : Propagator(PropagatorCost::constant), x_(x), y_(y), offset_(offset), subscribe_y_(subscribe_y) {}
    void attach(Solver& s) override {
        s.subscribe(this, x_, Condition::bounds);
        if (subscribe_y_) s.subscribe(this, y_, Condition::bounds);
    }
    Status propagate(Solver& s) override {
        if (is_failure(s.set_max(x_, std::int64_t{s.max(y_)} + offset_))) return Status::failed;
        if (is_failure(s.set_min(y_, std::int64_t{s.min(x_)} - offset_))) return Status::failed;
        return Status::ok;
    }
    const char* kind() const override { return "test<="; }

private:
    IntVar x_, y_;
    int offset_;
    bool subscribe_y_;
};

// x = y; `weak` reaches only bounds, `allocating` allocates in every run.
class Equal : public Propagator {
public:
    Equal(IntVar x, IntVar y, bool weak, bool allocating)
        : Propagator(PropagatorCost::linear, false), x_(x), y_(y), weak_(weak), allocating_(allocating) {}
    void attach(Solver& s) override {
        s.subscribe(this, x_, Condition::domain);
        s.subscribe(this, y_, Condition::domain);
    }
    Status propagate(Solver& s) override {
        for (int round = 0; round < 2; ++round) {
            const IntVar a = round == 0 ? x_ : y_, b = round == 0 ? y_ : x_;
            if (is_failure(s.set_min(a, s.min(b))) || is_failure(s.set_max(a, s.max(b)))) return Status::failed;
            if (weak_) continue;
            std::vector<int> gone;
            for (std::int64_t v = s.min(a); v <= s.max(a); v = s.next_value(a, v)) {
                if (!s.contains(b, static_cast<int>(v))) {
                    if (allocating_) gone.push_back(static_cast<int>(v));
                    else if (is_failure(s.remove(a, static_cast<int>(v)))) return Status::failed;
                }
            }
            for (int v : gone) {
                if (is_failure(s.remove(a, v))) return Status::failed;
            }
        }
        if (s.fixed(x_) && s.fixed(y_) && s.value(x_) != s.value(y_)) return Status::failed;
        return Status::ok;
    }
    const char* kind() const override { return "test="; }

private:
    IntVar x_, y_;
    bool weak_, allocating_;
};

// x <= y <= z in one run, y <= z last: a lower z.max reaches y but not x, so the
// run is not its own fixpoint, yet it says it is (idempotent).
class Chain : public Propagator {
public:
    Chain(IntVar x, IntVar y, IntVar z) : Propagator(PropagatorCost::constant, true), x_(x), y_(y), z_(z) {}
    void attach(Solver& s) override {
        for (IntVar v : {x_, y_, z_}) s.subscribe(this, v, Condition::bounds);
    }
    Status propagate(Solver& s) override {
        if (is_failure(s.set_max(x_, s.max(y_))) || is_failure(s.set_min(y_, s.min(x_)))) return Status::failed;
        if (is_failure(s.set_max(y_, s.max(z_))) || is_failure(s.set_min(z_, s.min(y_)))) return Status::failed;
        return Status::ok;
    }
    const char* kind() const override { return "test-chain"; }

private:
    IntVar x_, y_, z_;
};

// Claims soundness only where a stronger claim would catch the fault first.
ConstraintSpec less_equal_spec(int offset, bool subscribe_y, Claim claim = Claim::bounds) {
    return simple_spec("x<=y" + std::to_string(offset), 2, claim,
                       [](const Assignment& a) { return a[0] <= a[1]; },
                       [=](Solver& s, const std::vector<IntVar>& x) {
                           s.add(std::make_unique<LessEqual>(x[0], x[1], offset, subscribe_y));
                       });
}

ConstraintSpec equal_spec(bool weak, bool allocating) {
    return simple_spec("x=y", 2, Claim::domain, [](const Assignment& a) { return a[0] == a[1]; },
                       [=](Solver& s, const std::vector<IntVar>& x) {
                           s.add(std::make_unique<Equal>(x[0], x[1], weak, allocating));
                       });
}

CheckOptions quick() {
    CheckOptions options;
    options.instances = 200;
    return options;
}

bool mentions(const std::string& error, const char* what) { return error.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("bench self-test: the correct propagators pass", "[bench]") {
    REQUIRE(check_constraint(less_equal_spec(0, true), quick()) == "");
    REQUIRE(check_constraint(equal_spec(false, false), quick()) == "");
}

TEST_CASE("bench self-test: an unsound propagator is caught", "[bench]") {
    // x <= y - 1 posted for x <= y: loses the solutions with x = y.
    const std::string error = check_constraint(less_equal_spec(-1, true), quick());
    INFO(error);
    CHECK((mentions(error, "lost") || mentions(error, "failed but")));
}

TEST_CASE("bench self-test: a propagator weaker than its claim is caught", "[bench]") {
    const std::string error = check_constraint(equal_spec(true, false), quick());
    INFO(error);
    CHECK((mentions(error, "not domain consistent") || mentions(error, "not forward checked")));
    // Claimed at the strength it reaches, it passes.
    ConstraintSpec bounds = equal_spec(true, false);
    bounds.claim = Claim::bounds;
    CHECK(check_constraint(bounds, quick()) == "");
}

TEST_CASE("bench self-test: a propagator that allocates is caught", "[bench]") {
    const std::string error = check_constraint(equal_spec(false, true), quick());
    INFO(error);
    CHECK(mentions(error, "allocated"));
}

TEST_CASE("bench self-test: a missing subscription is caught", "[bench]") {
    const std::string error = check_constraint(less_equal_spec(0, false, Claim::soundness), quick());
    INFO(error);
    CHECK(mentions(error, "not a fixpoint"));
}

TEST_CASE("bench self-test: a wrong idempotence flag is caught", "[bench]") {
    ConstraintSpec spec = simple_spec("x<=y<=z", 3, Claim::soundness, [](const Assignment& a) { return a[0] <= a[1] && a[1] <= a[2]; },
                                      [](Solver& s, const std::vector<IntVar>& x) { s.add(std::make_unique<Chain>(x[0], x[1], x[2])); });
    const std::string error = check_constraint(spec, quick());
    INFO(error);
    CHECK(mentions(error, "not a fixpoint"));
}

TEST_CASE("bench self-test: a propagator accepting a fixed non-solution is caught", "[bench]") {
    // Bounds reasoning alone for x != y: never fails when both are fixed and equal.
    ConstraintSpec spec = simple_spec("x!=y", 2, Claim::soundness, [](const Assignment& a) { return a[0] != a[1]; },
                                      [](Solver&, const std::vector<IntVar>&) {});
    const std::string error = check_constraint(spec, quick());
    INFO(error);
    CHECK((mentions(error, "no solution") || mentions(error, "search found")));
}
