// The C API (prune.h) over the C++ engine: opaque handles, status codes, no exceptions
// across the boundary. Each entry point converts its arrays, calls the post function
// of the C++ API and maps the result: true -> PRUNE_OK; false with Solver::error()
// set -> PRUNE_ERROR_ARGUMENT; false without -> PRUNE_UNSATISFIABLE.
#include "prune.h"

#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "posting.hpp"
#include "prune.hpp"
#if !defined(PRUNE_NO_HOST_PROBES)
#include "standard_host_probes.hpp"
#endif

struct prune_solver {
    prune_solver() = default;
    prune_solver(void* arena, std::size_t bytes) : solver(arena, bytes), in_arena(true) {}
    prune::Solver solver;
    std::string message;      // the last failing call's message, for prune_solver_error()
    int live_searches = 0;    // the model is frozen while a search exists
    bool out_of_memory = false;
    bool in_arena = false;    // placed in the caller's buffer by prune_solver_new_in()
};

struct prune_search {
    prune_solver* owner;
    std::unique_ptr<prune::Search> search;
    bool started = false;
};

namespace {

using prune::IntVar;

#if defined(__cpp_exceptions)
// Runs f; an exception (only std::bad_alloc can come from the engine) becomes a status.
template <class F>
prune_status guarded(prune_solver* s, F&& f) {
    try {
        return f();
    } catch (const std::bad_alloc&) {
        if (s != nullptr) s->out_of_memory = true;
        return PRUNE_ERROR_MEMORY;
    } catch (...) {
        return PRUNE_ERROR_INTERNAL;
    }
}
#else
// Without exceptions an allocation failure terminates, as everywhere in the program.
template <class F>
prune_status guarded(prune_solver*, F&& f) {
    return f();
}
#endif

prune_status fail_argument(prune_solver* s, const char* message) {
    s->message = message;
    s->solver.set_error(message);  // the model must not go on without the constraint
    return PRUNE_ERROR_ARGUMENT;
}

// Checks what every modelling call needs: a solver, no live search, and arrays that
// are not NULL when they have elements.
prune_status check_modelling(prune_solver* s, std::initializer_list<std::pair<const void*, size_t>> arrays) {
    if (s->live_searches > 0) return fail_argument(s, "the model cannot change while a search exists: free it first");
    for (const auto& [pointer, count] : arrays)
        if (pointer == nullptr && count > 0) return fail_argument(s, "a NULL array with a non-zero count");
    return PRUNE_OK;
}

prune_status result_of(prune_solver* s, bool posted) {
    if (posted) return PRUNE_OK;
    if (!s->solver.error().empty()) {
        s->message = s->solver.error();
        return PRUNE_ERROR_ARGUMENT;
    }
    return PRUNE_UNSATISFIABLE;
}

std::vector<IntVar> vars_of(const prune_var* vars, size_t count) {
    std::vector<IntVar> result(count);
    for (size_t i = 0; i < count; ++i) result[i] = IntVar{vars[i]};
    return result;
}

bool valid(const prune_solver* s, prune_var x) { return s != nullptr && prune::valid_handle(s->solver, IntVar{x}); }

// x rel y + offset for the relations the engine lacks (< and >) as <= and >= with
// the offset moved by one; the offset is widened so that moving it cannot overflow.
struct Comparison {
    prune::Relation relation;
    std::int64_t offset;
};

bool to_engine(prune_relation relation, std::int64_t offset, Comparison& out) {
    switch (relation) {
        case PRUNE_EQ: out = {prune::Relation::equal, offset}; return true;
        case PRUNE_NE: out = {prune::Relation::not_equal, offset}; return true;
        case PRUNE_LE: out = {prune::Relation::less_equal, offset}; return true;
        case PRUNE_GE: out = {prune::Relation::greater_equal, offset}; return true;
        case PRUNE_LT: out = {prune::Relation::less_equal, offset - 1}; return true;
        case PRUNE_GT: out = {prune::Relation::greater_equal, offset + 1}; return true;
        default: break;  // a value a C caller made up
    }
    return false;
}

prune_status post_linear(prune_solver* s, std::vector<std::int64_t> coefficients, std::vector<IntVar> vars,
                         prune_relation relation, std::int64_t rhs, const prune_var* b, prune_reification mode) {
    Comparison c{};
    if (!to_engine(relation, rhs, c)) return fail_argument(s, "an unknown relation");
    if (b == nullptr) return result_of(s, prune::linear(s->solver, coefficients, vars, c.relation, c.offset));
    if (mode != PRUNE_EQUIVALENCE && mode != PRUNE_IMPLICATION) return fail_argument(s, "an unknown reification");
    const auto how = mode == PRUNE_EQUIVALENCE ? prune::Reification::equivalence : prune::Reification::implication;
    return result_of(s, prune::linear_reified(s->solver, coefficients, vars, c.relation, c.offset, IntVar{*b}, how));
}

std::vector<std::vector<int>> rows_of(const int32_t* tuples, size_t arity, size_t count) {
    std::vector<std::vector<int>> rows(count, std::vector<int>(arity));
    for (size_t t = 0; t < count; ++t)
        for (size_t i = 0; i < arity; ++i) rows[t][i] = tuples[t * arity + i];
    return rows;
}

prune_var new_variable(prune_solver* s, const char* name, const auto& make) {
    if (s == nullptr) return -1;
    if (s->live_searches > 0) {
        fail_argument(s, "variables cannot be added while a search exists: free it first");
        return -1;
    }
    prune_var result = -1;
    const prune_status status = guarded(s, [&] {
        result = make(name == nullptr ? std::string_view{} : std::string_view{name}).index;
        return PRUNE_OK;
    });
    return status == PRUNE_OK ? result : -1;
}

prune::SearchOptions engine_options(const prune_search_options& o) {
    prune::SearchOptions options;
    static constexpr prune::VariableSelection variables[] = {prune::VariableSelection::input_order,
                                                             prune::VariableSelection::smallest_domain,
                                                             prune::VariableSelection::dom_wdeg};
    static constexpr prune::ValueSelection values[] = {
        prune::ValueSelection::min,   prune::ValueSelection::max,           prune::ValueSelection::median,
        prune::ValueSelection::split, prune::ValueSelection::reverse_split, prune::ValueSelection::random};
    static constexpr prune::RestartKind restarts[] = {prune::RestartKind::none, prune::RestartKind::luby,
                                                      prune::RestartKind::geometric};
    options.variable = variables[o.variable];
    options.value = values[o.value];
    options.restarts = {restarts[o.restarts], o.restart_scale, o.restart_factor};
    options.seed = o.seed;
    options.limits.nodes = o.node_limit;
    options.limits.failures = o.failure_limit;
    options.limits.seconds = o.time_limit_seconds;
    options.decision_variables = vars_of(o.decision_vars, o.decision_var_count);
    return options;
}

const char* options_problem(const prune_solver* s, const prune_search_options& o) {
    if (static_cast<unsigned>(o.variable) > PRUNE_DOM_WDEG) return "an unknown variable choice";
    if (static_cast<unsigned>(o.value) > PRUNE_RANDOM_VALUE) return "an unknown value choice";
    if (static_cast<unsigned>(o.restarts) > PRUNE_GEOMETRIC) return "an unknown restart policy";
    if (o.restarts != PRUNE_NO_RESTARTS && !(o.restart_scale >= 1)) return "the restart scale must be at least 1";
    if (o.restarts == PRUNE_GEOMETRIC && !(o.restart_factor > 1)) return "the restart factor must be above 1";
    if (!(o.time_limit_seconds >= 0)) return "the time limit must not be negative";
    if (o.decision_vars == nullptr && o.decision_var_count > 0) return "a NULL array with a non-zero count";
    for (size_t i = 0; i < o.decision_var_count; ++i)
        if (!valid(s, o.decision_vars[i])) return "a decision variable is not a variable of this solver";
    return nullptr;
}

prune_result result_of(prune::SearchStatus status) {
    switch (status) {
        case prune::SearchStatus::solution: return PRUNE_SOLUTION;
        case prune::SearchStatus::exhausted: return PRUNE_EXHAUSTED;
        case prune::SearchStatus::limit: return PRUNE_LIMIT;
        case prune::SearchStatus::error: return PRUNE_ERROR;
    }
    return PRUNE_ERROR;
}

prune_status set_objective(prune_search* search, prune_var objective, bool minimize) {
    if (search == nullptr) return PRUNE_ERROR_ARGUMENT;
    prune_solver* s = search->owner;
    if (search->started) {
        s->message = "the objective must be set before the first solution is asked for";
        return PRUNE_ERROR_ARGUMENT;
    }
    if (!valid(s, objective)) {
        s->message = "the objective is not a variable of this solver";
        return PRUNE_ERROR_ARGUMENT;
    }
    if (minimize)
        search->search->minimize(IntVar{objective});
    else
        search->search->maximize(IntVar{objective});
    return PRUNE_OK;
}

}  // namespace

// The checks every modelling call starts with; returns from the caller on failure.
#define PRUNE_C_CHECK(expression) \
    if (const prune_status check = (expression); check != PRUNE_OK) return check
#define PRUNE_C_PROLOGUE(solver, ...)                     \
    if ((solver) == nullptr) return PRUNE_ERROR_ARGUMENT; \
    PRUNE_C_CHECK(check_modelling((solver), {__VA_ARGS__}))

extern "C" {

#ifndef PRUNE_ENGINE_VERSION
#define PRUNE_ENGINE_VERSION "unknown"
#endif
const char* prune_version(void) { return PRUNE_ENGINE_VERSION; }

namespace {
bool host_probes_chosen = false;  // by prune_set_host_probes(), or the standard ones
}

void prune_set_host_probes(uint64_t (*monotonic_nanoseconds)(void), uint64_t (*memory_bytes)(void)) {
    prune::install_host_probes(prune::HostProbes{monotonic_nanoseconds, memory_bytes});
    host_probes_chosen = true;
}

namespace {
void choose_default_host_probes() {
#if !defined(PRUNE_NO_HOST_PROBES)
    // A hosted build measures time and memory as the CLI does, unless told otherwise.
    if (!host_probes_chosen) {
        prune::install_host_probes(prune::standard_host_probes());
        host_probes_chosen = true;
    }
#endif
}
}  // namespace

prune_solver* prune_solver_new(void) {
    choose_default_host_probes();
    return new (std::nothrow) prune_solver;
}

prune_solver* prune_solver_new_in(void* buffer, size_t bytes) {
    choose_default_host_probes();
    // The handle itself first, then the solver's arena in the rest of the buffer.
    const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(buffer);
    const std::uintptr_t handle = (start + 15) & ~std::uintptr_t{15};
    const std::uintptr_t rest = handle + (sizeof(prune_solver) + 15) / 16 * 16;
    if (buffer == nullptr || rest > start + bytes) return nullptr;
    return new (reinterpret_cast<void*>(handle)) prune_solver(reinterpret_cast<void*>(rest), start + bytes - rest);
}

void prune_solver_free(prune_solver* solver) {
    if (solver == nullptr) return;
    if (solver->in_arena) {
        solver->~prune_solver();  // the buffer is the caller's
    } else {
        delete solver;
    }
}

size_t prune_solver_memory_peak(const prune_solver* solver) {
    if (solver == nullptr || solver->solver.arena() == nullptr) return 0;
    return solver->solver.arena()->peak();
}

const char* prune_solver_error(const prune_solver* solver) {
    if (solver == nullptr) return "no solver (NULL)";
    if (solver->out_of_memory) return "out of memory";
    if (solver->message.empty()) return solver->solver.error().c_str();  // set when the solver was made
    return solver->message.c_str();
}

prune_status prune_solver_status(const prune_solver* solver) {
    if (solver == nullptr) return PRUNE_ERROR_ARGUMENT;
    if (solver->out_of_memory) return PRUNE_ERROR_MEMORY;
    if (!solver->solver.error().empty()) return PRUNE_ERROR_ARGUMENT;
    return solver->solver.root_failed() ? PRUNE_UNSATISFIABLE : PRUNE_OK;
}

prune_status prune_propagate(prune_solver* solver) {
    PRUNE_C_PROLOGUE(solver);
    return guarded(solver, [&] { return result_of(solver, solver->solver.propagate()); });
}

prune_var prune_int_var(prune_solver* solver, int32_t min, int32_t max, const char* name) {
    return new_variable(solver, name, [&](std::string_view n) { return solver->solver.new_int_var(min, max, n); });
}

prune_var prune_int_var_values(prune_solver* solver, const int32_t* values, size_t count, const char* name) {
    if (solver != nullptr && values == nullptr && count > 0) {
        fail_argument(solver, "a NULL array with a non-zero count");
        return -1;
    }
    return new_variable(solver, name, [&](std::string_view n) {
        return solver->solver.new_int_var(std::vector<int>(values, values + count), n);
    });
}

prune_var prune_bool_var(prune_solver* solver, const char* name) {
    return new_variable(solver, name, [&](std::string_view n) { return solver->solver.new_bool_var(n); });
}

int32_t prune_min(const prune_solver* s, prune_var x) { return valid(s, x) ? s->solver.min(IntVar{x}) : 0; }
int32_t prune_max(const prune_solver* s, prune_var x) { return valid(s, x) ? s->solver.max(IntVar{x}) : 0; }
int prune_is_fixed(const prune_solver* s, prune_var x) { return valid(s, x) && s->solver.fixed(IntVar{x}); }
int prune_contains(const prune_solver* s, prune_var x, int32_t v) {
    return valid(s, x) && s->solver.contains(IntVar{x}, v);
}
int64_t prune_domain_size(const prune_solver* s, prune_var x) { return valid(s, x) ? s->solver.size(IntVar{x}) : 0; }
int32_t prune_value(const prune_solver* s, prune_var x) { return valid(s, x) ? s->solver.value(IntVar{x}) : 0; }


prune_status prune_compare_value(prune_solver* solver, prune_var x, prune_relation relation, int32_t value) {
    PRUNE_C_PROLOGUE(solver);
    return guarded(solver, [&] { return post_linear(solver, {1}, {IntVar{x}}, relation, value, nullptr, {}); });
}

prune_status prune_compare(prune_solver* solver, prune_var x, prune_relation relation, prune_var y, int32_t offset) {
    PRUNE_C_PROLOGUE(solver);
    return guarded(solver, [&] {
        return post_linear(solver, {1, -1}, {IntVar{x}, IntVar{y}}, relation, offset, nullptr, {});
    });
}

prune_status prune_compare_reified(prune_solver* solver, prune_var x, prune_relation relation, prune_var y,
                                   prune_var b, prune_reification mode) {
    PRUNE_C_PROLOGUE(solver);
    return guarded(solver, [&] { return post_linear(solver, {1, -1}, {IntVar{x}, IntVar{y}}, relation, 0, &b, mode); });
}

prune_status prune_linear(prune_solver* solver, const int64_t* coefficients, const prune_var* vars, size_t count,
                          prune_relation relation, int64_t rhs) {
    PRUNE_C_PROLOGUE(solver, {coefficients, count}, {vars, count});
    return guarded(solver, [&] {
        return post_linear(solver, {coefficients, coefficients + count}, vars_of(vars, count), relation, rhs,
                           nullptr, {});
    });
}

prune_status prune_linear_reified(prune_solver* solver, const int64_t* coefficients, const prune_var* vars,
                                  size_t count, prune_relation relation, int64_t rhs, prune_var b,
                                  prune_reification mode) {
    PRUNE_C_PROLOGUE(solver, {coefficients, count}, {vars, count});
    return guarded(solver, [&] {
        return post_linear(solver, {coefficients, coefficients + count}, vars_of(vars, count), relation, rhs, &b,
                           mode);
    });
}

prune_status prune_all_different(prune_solver* solver, const prune_var* vars, size_t count,
                                 prune_consistency consistency) {
    PRUNE_C_PROLOGUE(solver, {vars, count});
    static constexpr prune::Consistency strengths[] = {prune::Consistency::value, prune::Consistency::bounds,
                                                       prune::Consistency::domain};
    if (static_cast<unsigned>(consistency) > PRUNE_DOMAIN) return fail_argument(solver, "an unknown consistency");
    return guarded(solver, [&] {
        return result_of(solver, prune::all_different(solver->solver, vars_of(vars, count), strengths[consistency]));
    });
}

prune_status prune_table(prune_solver* solver, const prune_var* vars, size_t count, const int32_t* tuples,
                         size_t tuple_count) {
    PRUNE_C_PROLOGUE(solver, {vars, count}, {tuples, count * tuple_count});
    return guarded(solver, [&] {
        return result_of(solver, prune::table(solver->solver, vars_of(vars, count), rows_of(tuples, count, tuple_count)));
    });
}

prune_status prune_forbidden_table(prune_solver* solver, const prune_var* vars, size_t count, const int32_t* tuples,
                                   size_t tuple_count) {
    PRUNE_C_PROLOGUE(solver, {vars, count}, {tuples, count * tuple_count});
    return guarded(solver, [&] {
        return result_of(solver, prune::forbidden_table(solver->solver, vars_of(vars, count),
                                                        rows_of(tuples, count, tuple_count)));
    });
}

prune_status prune_element(prune_solver* solver, const int32_t* array, size_t count, prune_var index,
                           prune_var result) {
    PRUNE_C_PROLOGUE(solver, {array, count});
    return guarded(solver, [&] {
        return result_of(solver, prune::element(solver->solver, std::vector<int>(array, array + count), IntVar{index},
                                                IntVar{result}));
    });
}

prune_status prune_element_var(prune_solver* solver, const prune_var* vars, size_t count, prune_var index,
                               prune_var result) {
    PRUNE_C_PROLOGUE(solver, {vars, count});
    return guarded(solver, [&] {
        return result_of(solver, prune::element(solver->solver, vars_of(vars, count), IntVar{index}, IntVar{result}));
    });
}

prune_status prune_clause(prune_solver* solver, const prune_var* positives, size_t positive_count,
                          const prune_var* negatives, size_t negative_count) {
    PRUNE_C_PROLOGUE(solver, {positives, positive_count}, {negatives, negative_count});
    return guarded(solver, [&] {
        return result_of(solver, prune::clause(solver->solver, vars_of(positives, positive_count),
                                               vars_of(negatives, negative_count)));
    });
}

prune_status prune_times(prune_solver* solver, prune_var x, prune_var y, prune_var z) {
    PRUNE_C_PROLOGUE(solver);
    return guarded(solver, [&] { return result_of(solver, prune::times(solver->solver, IntVar{x}, IntVar{y}, IntVar{z})); });
}

prune_search_options prune_search_options_default(void) {
    prune_search_options o{};
    o.variable = PRUNE_FIRST_FAIL;
    o.value = PRUNE_MIN_VALUE;
    o.restarts = PRUNE_NO_RESTARTS;
    o.restart_scale = 100;
    o.restart_factor = 1.5;
    return o;
}

prune_search* prune_search_new(prune_solver* solver, const prune_search_options* options) {
    if (solver == nullptr) return nullptr;
    const prune_search_options o = options != nullptr ? *options : prune_search_options_default();
    if (const char* problem = options_problem(solver, o)) {
        solver->message = problem;  // the model itself stays as it was
        return nullptr;
    }
    prune_search* result = nullptr;
    guarded(solver, [&] {
        auto search = std::make_unique<prune_search>();
        search->owner = solver;
        search->search = std::make_unique<prune::Search>(solver->solver, engine_options(o));
        result = search.release();
        ++solver->live_searches;
        return PRUNE_OK;
    });
    return result;
}

void prune_search_free(prune_search* search) {
    if (search == nullptr) return;
    --search->owner->live_searches;
    delete search;
}


prune_status prune_search_minimize(prune_search* search, prune_var objective) {
    return set_objective(search, objective, true);
}

prune_status prune_search_maximize(prune_search* search, prune_var objective) {
    return set_objective(search, objective, false);
}

prune_result prune_search_next(prune_search* search) {
    if (search == nullptr) return PRUNE_ERROR;
    search->started = true;
    prune_result result = PRUNE_ERROR;
    const prune_status status = guarded(search->owner, [&] {
        result = result_of(search->search->next());
        return PRUNE_OK;
    });
    if (status != PRUNE_OK) return PRUNE_ERROR;
    if (result == PRUNE_ERROR) search->owner->message = search->owner->solver.error();
    return result;
}

prune_result prune_search_count(prune_search* search, uint64_t* solutions) {
    if (search == nullptr || solutions == nullptr) return PRUNE_ERROR;
    if (search->started) {
        search->owner->message = "count a fresh search: this one has already been asked for solutions";
        return PRUNE_ERROR;
    }
    search->started = true;
    prune_result result = PRUNE_ERROR;
    const prune_status status = guarded(search->owner, [&] {
        std::uint64_t count = 0;
        result = result_of(search->search->count(count));
        *solutions = count;
        return PRUNE_OK;
    });
    if (status != PRUNE_OK) return PRUNE_ERROR;
    if (result == PRUNE_ERROR) search->owner->message = search->owner->solver.error();
    return result;
}

void prune_search_stop(prune_search* search) {
    if (search != nullptr) search->search->request_stop();
}

prune_statistics prune_search_statistics(const prune_search* search) {
    prune_statistics out{};
    if (search == nullptr) return out;
    const prune::SearchStatistics& s = search->search->statistics();
    return {s.nodes, s.failures, s.propagations, s.solutions, s.restarts, s.max_depth, s.seconds};
}

}  // extern "C"
