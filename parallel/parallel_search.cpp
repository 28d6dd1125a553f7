#include "parallel/parallel_search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace prune {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// A domain this small is split into one cube per value; a larger one by halves.
constexpr std::int64_t max_values_per_branch = 32;

// The variables a split branches on, in the search's phase order, with the way it
// picks among them.
struct SplitPhase {
    std::vector<IntVar> variables;
    VariableSelection variable = VariableSelection::input_order;
    ValueSelection value = ValueSelection::min;
};

std::vector<SplitPhase> split_phases(const Solver& solver, const SearchOptions& options) {
    std::vector<SplitPhase> phases;
    if (options.project || !options.projection.empty()) {
        // Only projection variables: cubes then hold disjoint projected solutions.
        const bool heuristic = options.phases.empty() && options.decision_variables.empty();
        phases.push_back({options.projection, heuristic ? options.variable : VariableSelection::input_order, ValueSelection::min});
    } else if (!options.phases.empty()) {
        for (const SearchPhase& p : options.phases) phases.push_back({p.variables, p.variable, p.value});
    } else if (!options.decision_variables.empty()) {
        phases.push_back({options.decision_variables, options.variable, options.value});
    } else {
        SplitPhase all{{}, options.variable, options.value};
        for (int i = 0; i < solver.variable_count(); ++i) all.variables.push_back(IntVar{i});
        phases.push_back(std::move(all));
    }
    return phases;
}

// Lower is better; dom/wdeg has no weights yet at the root: smallest domain.
double split_score(const Solver& solver, IntVar x, VariableSelection how) {
    switch (how) {
        case VariableSelection::input_order: return 0;
        case VariableSelection::smallest_domain:
        case VariableSelection::dom_wdeg: return static_cast<double>(solver.size(x));
        case VariableSelection::smallest_value: return static_cast<double>(solver.min(x));
        case VariableSelection::largest_value: return -static_cast<double>(solver.max(x));
        case VariableSelection::largest_domain: return -static_cast<double>(solver.size(x));
    }
    return 0;
}

// The open variable to branch on, and the phase it belongs to; false when every
// branching variable is fixed.
bool select_split_variable(const Solver& solver, const std::vector<SplitPhase>& phases, IntVar& chosen, const SplitPhase*& phase) {
    for (const SplitPhase& p : phases) {
        bool found = false;
        double best = 0;
        for (IntVar x : p.variables) {
            if (x.index < 0 || x.index >= solver.variable_count() || solver.fixed(x)) continue;
            const double score = split_score(solver, x, p.variable);
            if (!found || score < best) {
                found = true;
                best = score;
                chosen = x;
                if (p.variable == VariableSelection::input_order) break;
            }
        }
        if (found) {
            phase = &p;
            return true;
        }
    }
    return false;
}

// The alternatives of a branch on x: one per value of a small bitset domain, else
// (or when asked) the two halves; in the order the search would visit them.
std::vector<Literal> branch_alternatives(const Solver& solver, IntVar x, ValueSelection how, bool by_halves = false) {
    std::vector<Literal> alternatives;
    const bool descending = how == ValueSelection::max || how == ValueSelection::reverse_split;
    if (!by_halves && solver.is_bitset(x) && solver.size(x) <= max_values_per_branch) {
        solver.for_each_value(x, [&](int v) { alternatives.push_back(Literal{x, v, LiteralKind::equal}); });
    } else {
        const std::int64_t lo = solver.min(x);
        const std::int64_t hi = solver.max(x);
        const int middle = static_cast<int>(lo + ((hi - lo) >> 1));
        alternatives.push_back(Literal{x, middle, LiteralKind::less_equal});
        alternatives.push_back(Literal{x, middle + 1, LiteralKind::greater_equal});
    }
    if (descending) std::reverse(alternatives.begin(), alternatives.end());
    return alternatives;
}

// Makes the decision true at the solver's current level and propagates; false
// (the queue cleared) when that fails.
bool decide_and_propagate(Solver& solver, const Literal& decision) {
    if (!is_failure(enforce(solver, decision, false)) && solver.propagate()) return true;
    solver.clear_queue();
    return false;
}

// Whether one more decision keeps the cube (already assumed) consistent.
bool extends(Solver& solver, const Literal& decision) {
    solver.push_level();
    const bool ok = decide_and_propagate(solver, decision);
    solver.pop_level();
    return ok;
}

// Whether the model is valid and its root propagates (the queue cleared if not).
bool root_consistent(Solver& solver) {
    if (solver.error().empty() && solver.propagate()) return true;
    solver.clear_queue();
    return false;
}

// The left-weighted split (split_for_optimisation): a depth-first walk that gives
// each open node a budget of cubes and shares it among the node's alternatives,
// every alternative at least one cube.
struct WeightedSplit {
    Solver& solver;
    const std::vector<SplitPhase>& phases;
    double left_share;
    std::vector<Cube>& cubes;
    CubeStatistics& statistics;
    Cube cube;  // the decisions that lead to the current node (made true on the solver)

    // Shares `budget` among `n` alternatives: one each, the rest `left_share` by
    // halves from the left (1/2, 1/4, ...) and the remainder evenly; cumulative
    // rounding keeps the sum exact.
    std::vector<std::size_t> shares(std::size_t budget, std::size_t n) const {
        std::vector<double> weight(n);
        double geometric_total = 0;
        for (std::size_t i = 0; i < n; ++i) geometric_total += weight[i] = std::ldexp(1.0, -static_cast<int>(std::min<std::size_t>(i, 60)));
        for (double& w : weight) w = left_share * w / geometric_total + (1 - left_share) / static_cast<double>(n);
        const double rest = static_cast<double>(budget - n);
        std::vector<std::size_t> out(n);
        double cumulative = 0;
        std::size_t given = 0;
        for (std::size_t i = 0; i < n; ++i) {
            cumulative += weight[i];
            const std::size_t upto = i + 1 == n ? budget - n : static_cast<std::size_t>(std::llround(cumulative * rest));
            const std::size_t extra = upto > given ? upto - given : 0;
            out[i] = 1 + extra;
            given += extra;
        }
        return out;
    }

    // Splits the current node into at most `budget` cubes; returns how many. What
    // a subtree cannot use (failures, too few open nodes) goes to its right
    // neighbours, so the whole split makes `target` cubes when the space allows.
    std::size_t split(std::size_t budget) {
        IntVar x;
        const SplitPhase* phase = nullptr;
        if (budget <= 1 || !select_split_variable(solver, phases, x, phase)) {
            cubes.push_back(cube);
            return 1;
        }
        // More values than cubes: by halves (two alternatives, a budget of two at least).
        const bool by_halves = static_cast<std::uint64_t>(solver.size(x)) > budget;
        const std::vector<Literal> alternatives = branch_alternatives(solver, x, phase->value, by_halves);
        const std::vector<std::size_t> budgets = shares(budget, alternatives.size());
        std::size_t produced = 0;
        std::size_t carried = 0;
        for (std::size_t i = 0; i < alternatives.size(); ++i) {
            const std::size_t given = budgets[i] + carried;
            std::size_t made = 0;
            solver.push_level();
            cube.push_back(alternatives[i]);
            if (decide_and_propagate(solver, alternatives[i])) {
                made = split(given);
            } else {
                ++statistics.dropped;
            }
            cube.pop_back();
            solver.pop_level();
            produced += made;
            carried = given - made;
        }
        return produced;
    }
};

}  // namespace

int threads_for(int requested) {
    if (requested > 0) return requested;
    const unsigned cores = std::thread::hardware_concurrency();
    return cores == 0 ? 1 : static_cast<int>(cores);
}

double CubeStatistics::imbalance() const {
    if (worker_seconds.empty()) return 1;
    double total = 0;
    double busiest = 0;
    for (double s : worker_seconds) {
        total += s;
        busiest = std::max(busiest, s);
    }
    const double mean = total / static_cast<double>(worker_seconds.size());
    return mean > 0 ? busiest / mean : 1;
}

bool assume_cube(Solver& solver, const Cube& cube) {
    for (const Literal& decision : cube) {
        if (is_failure(enforce(solver, decision, false))) {
            solver.clear_queue();
            return false;
        }
    }
    if (solver.propagate()) return true;
    solver.clear_queue();
    return false;
}

bool split_into_cubes(Solver& solver, const SearchOptions& options, std::size_t target, std::vector<Cube>& cubes,
                      CubeStatistics& statistics) {
    const auto start = Clock::now();
    cubes.clear();
    if (!root_consistent(solver)) return false;
    const std::vector<SplitPhase> phases = split_phases(solver, options);
    // A cube with its place in the tree (the index of each alternative taken), so
    // that the cubes can be put back in the search's left-to-right order.
    struct Node {
        Cube cube;
        std::vector<std::uint32_t> path;
    };
    std::deque<Node> open;
    std::vector<Node> leaves;  // every branching variable fixed: nothing left to split
    open.push_back(Node{});
    while (!open.empty() && open.size() + leaves.size() < target) {
        Node node = std::move(open.front());
        open.pop_front();
        solver.push_level();
        IntVar x;
        const SplitPhase* phase = nullptr;
        if (!assume_cube(solver, node.cube)) {
            ++statistics.dropped;  // (cannot happen: each decision was checked on creation)
        } else if (!select_split_variable(solver, phases, x, phase)) {
            leaves.push_back(std::move(node));
        } else {
            const std::vector<Literal> alternatives = branch_alternatives(solver, x, phase->value);
            for (std::uint32_t i = 0; i < alternatives.size(); ++i) {
                if (!extends(solver, alternatives[i])) {
                    ++statistics.dropped;
                    continue;
                }
                Node child{node.cube, node.path};
                child.cube.push_back(alternatives[i]);
                child.path.push_back(i);
                open.push_back(std::move(child));
            }
        }
        solver.pop_level();
    }
    for (Node& node : open) leaves.push_back(std::move(node));
    std::sort(leaves.begin(), leaves.end(), [](const Node& a, const Node& b) { return a.path < b.path; });
    cubes.reserve(leaves.size());
    for (Node& node : leaves) cubes.push_back(std::move(node.cube));
    statistics.cubes = cubes.size();
    statistics.split_seconds = seconds_since(start);
    return true;
}

bool split_for_optimisation(Solver& solver, const SearchOptions& options, std::size_t target, double left_share,
                            std::vector<Cube>& cubes, CubeStatistics& statistics) {
    const auto start = Clock::now();
    cubes.clear();
    if (!root_consistent(solver)) return false;
    const std::vector<SplitPhase> phases = split_phases(solver, options);
    WeightedSplit walk{solver, phases, std::clamp(left_share, 0.0, 1.0), cubes, statistics, {}};
    // The budget that failed subtrees pass to the right is lost at the right end:
    // split again with the budget scaled up by what was missing (a few times at most).
    target = std::max<std::size_t>(1, target);
    std::size_t budget = target;
    for (int attempt = 0; attempt < 4; ++attempt) {
        cubes.clear();
        statistics.dropped = 0;
        const std::size_t made = walk.split(budget);
        if (made >= target || made == 0) break;
        const std::size_t scaled = budget * target / made + 1;
        if (scaled <= budget) break;
        budget = scaled;
    }
    statistics.cubes = cubes.size();
    statistics.split_seconds = seconds_since(start);
    return true;
}

bool split_for_search(Solver& solver, const SearchOptions& options, bool optimising, std::size_t target,
                      std::vector<Cube>& cubes, CubeStatistics& statistics, double left_share) {
    return optimising ? split_for_optimisation(solver, options, target, left_share, cubes, statistics)
                      : split_into_cubes(solver, options, target, cubes, statistics);
}

// ---- ParallelSearch ----

struct ParallelSearch::Worker {
    std::size_t index = 0;  // its options in a portfolio
    SearchStatistics statistics;
    std::uint64_t solutions = 0;  // counting
    std::uint64_t cubes = 0;
    double busy_seconds = 0;
    bool memory_limit_hit = false;
};

ParallelSearch::ParallelSearch(ModelBuilder build, SearchOptions options, ParallelSettings settings)
    : build_(std::move(build)), options_(std::move(options)), settings_(settings) {
    settings_.threads = settings_.portfolio.empty() ? std::max(1, settings_.threads) : static_cast<int>(settings_.portfolio.size());
    settings_.cubes_per_thread = std::max(1, settings_.cubes_per_thread);
    settings_.optimisation_cubes_per_thread = std::max(1, settings_.optimisation_cubes_per_thread);
}

void ParallelSearch::minimize(IntVar objective) {
    objective_ = objective;
    objective_sense_ = -1;
}

void ParallelSearch::maximize(IntVar objective) {
    objective_ = objective;
    objective_sense_ = +1;
}

SearchStatus ParallelSearch::solve(const std::function<bool(const Solver&)>& on_solution) {
    return run(false, [&on_solution](const Solver& solver, std::size_t) { return on_solution(solver); }, nullptr);
}

SearchStatus ParallelSearch::solve_by_cube(const CubeSolutionCallback& on_solution) { return run(false, on_solution, nullptr); }

SearchStatus ParallelSearch::count(std::uint64_t& solutions) {
    solutions = 0;
    return run(true, {}, &solutions);
}

void ParallelSearch::fail_with(const std::string& message) {
    {
        const std::lock_guard<std::mutex> lock(report_mutex_);
        if (error_.empty()) error_ = message.empty() ? "invalid model" : message;
    }
    stop_.store(true);
}

bool ParallelSearch::decompose() {
    if (settings_.cubes != nullptr) {
        cubes_ = *settings_.cubes;
        cube_statistics_.cubes = cubes_.size();
        return true;
    }
    const std::unique_ptr<Solver> built = build_();
    Solver& master = *built;
    if (!master.error().empty()) {
        error_ = master.error();
        return false;
    }
    const bool optimising = objective_sense_ != 0;
    const std::size_t per_thread = static_cast<std::size_t>(optimising ? settings_.optimisation_cubes_per_thread : settings_.cubes_per_thread);
    const std::size_t target = static_cast<std::size_t>(settings_.threads) * per_thread;
    const bool feasible = split_for_search(master, options_, optimising, target, cubes_, cube_statistics_, settings_.left_share);
    if (!feasible) {
        if (!master.error().empty()) error_ = master.error();
        return false;  // failed at the root: no cube, no solution
    }
    return true;
}

SearchStatus ParallelSearch::run(bool counting, const CubeSolutionCallback& on_solution, std::uint64_t* count) {
    const auto start = Clock::now();
    start_ = start;
    incumbent_.store(objective_sense_ < 0 ? INT64_MAX : INT64_MIN);
    if (!settings_.portfolio.empty()) {
        cubes_.assign(1, Cube{});  // the whole problem, searched by every worker
        cube_statistics_.cubes = 1;
        const bool learning = std::any_of(settings_.portfolio.begin(), settings_.portfolio.end(),
                                          [](const SearchOptions& o) { return o.learn; });
        if (learning && settings_.share_nogoods > 0 && settings_.portfolio.size() > 1) {
            shared_nogoods_ = std::make_unique<SharedNogoods>(settings_.portfolio.size(), settings_.share_nogoods);
        }
    } else if (!decompose()) {
        statistics_.seconds = seconds_since(start);
        return error_.empty() ? SearchStatus::exhausted : SearchStatus::error;
    }
    cube_done_.assign(cubes_.size(), 0);
    cube_counts_.assign(cubes_.size(), 0);
    std::vector<Worker> workers(static_cast<std::size_t>(settings_.threads));
    std::mutex finished_mutex;
    std::condition_variable finished;
    running_.store(settings_.threads);
    std::vector<std::thread> threads;
    threads.reserve(workers.size());
    for (std::size_t k = 0; k < workers.size(); ++k) workers[k].index = k;
    for (Worker& worker : workers) {
        threads.emplace_back([&, w = &worker] {
            work(*w, counting, on_solution);
            const std::lock_guard<std::mutex> lock(finished_mutex);
            running_.fetch_sub(1);
            finished.notify_all();
        });
    }
    {
        // The caller's stop flag (SIGINT) reaches the workers through this thread.
        std::unique_lock<std::mutex> lock(finished_mutex);
        while (running_.load() > 0) {
            finished.wait_for(lock, std::chrono::milliseconds(5));
            if (options_.stop != nullptr && options_.stop->load(std::memory_order_relaxed) && !stop_.load()) {
                limit_hit_.store(true);
                stop_.store(true);
            }
        }
    }
    for (std::thread& t : threads) t.join();
    for (const Worker& w : workers) {
        statistics_.add_counts(w.statistics);
        statistics_.max_depth = std::max(statistics_.max_depth, w.statistics.max_depth);
        memory_limit_hit_ = memory_limit_hit_ || w.memory_limit_hit;
        cube_statistics_.worker_seconds.push_back(w.busy_seconds);
        cube_statistics_.worker_cubes.push_back(w.cubes);
        if (count != nullptr) *count += w.solutions;
    }
    if (!settings_.portfolio.empty()) cube_done_[0] = proved_.load() ? 1 : 0;
    for (char done : cube_done_) cube_statistics_.solved += done != 0 ? 1 : 0;
    statistics_.seconds = seconds_since(start);
    if (!error_.empty()) return SearchStatus::error;
    if (enough_.load()) return SearchStatus::solution;
    if (proved_.load()) return SearchStatus::exhausted;  // whatever limit the others then met
    if (limit_hit_.load()) return SearchStatus::limit;
    return SearchStatus::exhausted;
}

// The options of one cube's search (a portfolio worker's own): every worker's stop
// flag, the time and node budgets that remain, the shared incumbent. False when a
// budget is spent already.
bool ParallelSearch::cube_options(const Worker& worker, SearchOptions& o) const {
    const bool portfolio = !settings_.portfolio.empty();
    o = portfolio ? settings_.portfolio[worker.index] : options_;
    o.stop = &stop_;
    o.progress = nullptr;  // runs on the searching thread: not shared between workers
    if (objective_sense_ != 0) o.shared_objective = &incumbent_;
    if (shared_nogoods_ != nullptr) o.nogood_exchange = &shared_nogoods_->port(worker.index);
    if (options_.limits.seconds > 0) {
        o.limits.seconds = options_.limits.seconds - seconds_since(start_);
        if (o.limits.seconds <= 0) return false;
    }
    // Node and failure limits bound the sum over the workers: each cube gets what is
    // left when it starts (so the sum may pass the limit by what the other workers
    // spend meanwhile); in a portfolio, where all start at once, each worker its share.
    if (portfolio) {
        const std::uint64_t workers = settings_.portfolio.size();
        o.limits.nodes = options_.limits.nodes == 0 ? 0 : (options_.limits.nodes + workers - 1) / workers;
        o.limits.failures = options_.limits.failures == 0 ? 0 : (options_.limits.failures + workers - 1) / workers;
        return true;
    }
    if (options_.limits.nodes != 0) {
        const std::uint64_t used = nodes_used_.load();
        if (used >= options_.limits.nodes) return false;
        o.limits.nodes = options_.limits.nodes - used;
    }
    if (options_.limits.failures != 0) {
        const std::uint64_t used = failures_used_.load();
        if (used >= options_.limits.failures) return false;
        o.limits.failures = options_.limits.failures - used;
    }
    return true;
}

void ParallelSearch::work(Worker& worker, bool counting, const CubeSolutionCallback& on_solution) {
    if (!settings_.portfolio.empty()) return search_whole(worker, on_solution);
    // With restarts every cube gets a fresh solver (restart nogoods live at the
    // root), and with learning (which searches from the root only: a cube taken at
    // level 1 searched without learning); otherwise the worker's one solver takes
    // cube after cube at level 1.
    const bool fresh_per_cube = options_.restarts.kind != RestartKind::none || options_.learn;
    std::unique_ptr<Solver> own;
    if (!fresh_per_cube) {
        own = build_();
        if (!own->error().empty()) return fail_with(own->error());
        if (!own->propagate()) {
            // The master's root propagated: only a stop can get here.
            own->clear_queue();
            return;
        }
    }
    while (!stop_.load(std::memory_order_relaxed)) {
        if (options_.stop != nullptr && options_.stop->load(std::memory_order_relaxed)) {
            limit_hit_.store(true);
            stop_.store(true);
            return;
        }
        const std::size_t index = next_cube_.fetch_add(1);
        if (index >= cubes_.size()) return;
        const auto cube_start = Clock::now();
        bool finished = false;
        if (fresh_per_cube) {
            const std::unique_ptr<Solver> fresh = build_();
            if (!fresh->error().empty()) return fail_with(fresh->error());
            finished = solve_cube(worker, *fresh, index, counting, on_solution);
        } else {
            own->push_level();
            finished = solve_cube(worker, *own, index, counting, on_solution);
            own->pop_level();
            own->clear_queue();
        }
        worker.busy_seconds += seconds_since(cube_start);
        ++worker.cubes;
        if (finished) cube_done_[index] = 1;  // each index has one writer
    }
}

// A portfolio worker: its own search of the whole problem, on a solver of its own.
// Searching it to the end answers for every worker (no solution, or none better
// than the last reported): it stops them.
void ParallelSearch::search_whole(Worker& worker, const CubeSolutionCallback& on_solution) {
    const auto start = Clock::now();
    const std::unique_ptr<Solver> solver = build_();
    if (!solver->error().empty()) return fail_with(solver->error());
    const bool finished = solve_cube(worker, *solver, 0, false, on_solution);
    worker.busy_seconds += seconds_since(start);
    ++worker.cubes;
    if (finished && !enough_.load()) {
        proved_.store(true);
        stop_.store(true);
    }
}

// Searches cube `index` below the solver's current level. True when the cube was
// searched to the end (or on_solution asked to stop).
bool ParallelSearch::solve_cube(Worker& worker, Solver& solver, std::size_t index, bool counting,
                                const CubeSolutionCallback& on_solution) {
    SearchOptions o;
    if (!cube_options(worker, o)) {
        limit_hit_.store(true);
        stop_.store(true);
        return false;
    }
    if (!assume_cube(solver, cubes_[index])) return true;
    // The cubes of one worker are one search to the bulk-counting rule: once its
    // cubes together met no node to count in bulk, the later ones do not track.
    o.bulk_counting = !bulk_counting_unpaid(worker.statistics);
    Search search(solver, o);
    if (objective_sense_ < 0) search.minimize(objective_);
    if (objective_sense_ > 0) search.maximize(objective_);
    SearchStatus status = SearchStatus::exhausted;
    if (counting) {
        std::uint64_t found = 0;
        status = search.count(found);
        worker.solutions += found;
        cube_counts_[index] = found;  // each index has one writer
    } else {
        for (;;) {
            status = search.next();
            if (status != SearchStatus::solution) break;
            if (!report(solver, index, on_solution)) break;
        }
    }
    const SearchStatistics& s = search.statistics();
    worker.statistics.add_counts(s);
    worker.statistics.max_depth = std::max(worker.statistics.max_depth, s.max_depth + cubes_[index].size());
    nodes_used_.fetch_add(s.nodes);
    failures_used_.fetch_add(s.failures);
    if (status == SearchStatus::error) {
        fail_with(solver.error());
        return false;
    }
    if (status == SearchStatus::limit && !enough_.load()) {
        // A limit of this search, or the stop flag raised by another worker's limit
        // or by the caller: either way every worker stops.
        worker.memory_limit_hit = worker.memory_limit_hit || search.memory_limit_hit();
        limit_hit_.store(true);
        stop_.store(true);
        return false;
    }
    return status != SearchStatus::limit;
}

// One solution, under the lock: optimisation keeps only strict improvements of the
// shared incumbent. False when the search must stop.
bool ParallelSearch::report(const Solver& solver, std::size_t cube, const CubeSolutionCallback& on_solution) {
    const std::lock_guard<std::mutex> lock(report_mutex_);
    if (enough_.load()) return false;
    if (objective_sense_ != 0) {
        const std::int64_t value = solver.value(objective_);
        const std::int64_t best = incumbent_.load();
        if (objective_sense_ < 0 ? value >= best : value <= best) return true;  // another worker did better meanwhile
        incumbent_.store(value);
    }
    if (!on_solution || on_solution(solver, cube)) return true;
    enough_.store(true);
    stop_.store(true);
    return false;
}

}  // namespace prune
