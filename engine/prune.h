/* prune: a finite-domain constraint solver. The C API (C99, also valid C++).
 *
 * One solver holds variables and constraints; a search over it finds solutions one at
 * a time, counts them, or optimises. Every handle is opaque; every call that can fail
 * returns a prune_status and leaves a message in prune_solver_error().
 *
 *   prune_solver* s = prune_solver_new();
 *   prune_var x = prune_int_var(s, 1, 9, "x");
 *   ...post constraints...
 *   prune_search* search = prune_search_new(s, NULL);
 *   while (prune_search_next(search) == PRUNE_SOLUTION) printf("%d\n", prune_value(s, x));
 *   prune_search_free(search);
 *   prune_solver_free(s);
 *
 * Ownership: the caller owns what a *_new function returns and gives it back with the
 * matching *_free. A search must be freed before its solver. Arrays passed in are
 * copied; the library keeps no pointer to caller memory, except the stop flag, which
 * must outlive the search. Nothing here throws or aborts: running out of memory is
 * PRUNE_ERROR_MEMORY. One solver (and its searches) must be used by one thread at a
 * time; different solvers may run in different threads. prune_search_stop() may be
 * called from any thread or a signal handler.
 *
 * Link with -lprune (pkg-config --libs prune); a C program also needs the C++ runtime
 * when it links the static library (pkg-config --libs --static prune adds it).
 */
#ifndef PRUNE_H
#define PRUNE_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define PRUNE_API
#elif defined(__GNUC__)
#define PRUNE_API __attribute__((visibility("default")))
#else
#define PRUNE_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct prune_solver prune_solver;
typedef struct prune_search prune_search;

/* A variable of one solver: an index, cheap to copy. Boolean variables are integer
 * variables over {0, 1}. Negative values are never valid handles. */
typedef int32_t prune_var;

typedef enum prune_status {
    PRUNE_OK = 0,
    PRUNE_UNSATISFIABLE = 1,   /* the model is known to have no solution */
    PRUNE_ERROR_ARGUMENT = 2,  /* an invalid call: bad handle, sizes, values; see prune_solver_error() */
    PRUNE_ERROR_MEMORY = 3,    /* out of memory: the solver must be freed */
    PRUNE_ERROR_INTERNAL = 4,  /* a bug in prune: please report it */
    PRUNE_STATUS_INT_ = 0x7fffffff
} prune_status;

/* Each enum ends with a *_INT_ member that is no value: it makes the type hold every
 * non-negative int, so that the library can refuse a wrong value a C caller passes
 * (PRUNE_ERROR_ARGUMENT) instead of meeting undefined behaviour in C++. */

typedef enum prune_relation {
    PRUNE_EQ = 0, /* =  */
    PRUNE_NE = 1, /* != */
    PRUNE_LE = 2, /* <= */
    PRUNE_GE = 3, /* >= */
    PRUNE_LT = 4, /* <  */
    PRUNE_GT = 5, /* >  */
    PRUNE_RELATION_INT_ = 0x7fffffff
} prune_relation;

/* How hard all_different works: value (forward checking), bounds (Lopez-Ortiz et al.),
 * domain (Regin's matching-based GAC). */
typedef enum prune_consistency {
    PRUNE_VALUE = 0,
    PRUNE_BOUNDS = 1,
    PRUNE_DOMAIN = 2,
    PRUNE_CONSISTENCY_INT_ = 0x7fffffff
} prune_consistency;

/* b <=> constraint, or b => constraint (half reification). */
typedef enum prune_reification {
    PRUNE_EQUIVALENCE = 0,
    PRUNE_IMPLICATION = 1,
    PRUNE_REIFICATION_INT_ = 0x7fffffff
} prune_reification;

/* ---- The solver ---- */

PRUNE_API const char* prune_version(void);
/* The host's clock (monotonic time in nanoseconds) and memory probe (bytes the
 * process holds, 0 when unknown), which time and memory limits need; the engine reads
 * neither itself. Solvers created later use them. Unless this is called first, a
 * hosted build uses the standard ones (the C++ steady clock, /proc/self/status); a
 * microcontroller passes its timer, or NULL: a search with a time (memory) limit and
 * no clock (probe) then ends with PRUNE_ERROR and says why. */
PRUNE_API void prune_set_host_probes(uint64_t (*monotonic_nanoseconds)(void), uint64_t (*memory_bytes)(void));
/* NULL when memory is short. */
PRUNE_API prune_solver* prune_solver_new(void);
/* A solver living inside the caller's `bytes` at `buffer`: the handle, the model, the
 * search and its state are all allocated there while it lives (the program must link
 * the prune::arena_new replacement allocation functions, see docs/embedding.md; else
 * prune_solver_status() reports PRUNE_ERROR_ARGUMENT and prune_solver_error() why).
 * When the buffer runs out, a search ends with PRUNE_LIMIT. NULL when the buffer
 * cannot even hold the handle. prune_solver_free() leaves the buffer to the caller. */
PRUNE_API prune_solver* prune_solver_new_in(void* buffer, size_t bytes);
PRUNE_API void prune_solver_free(prune_solver* solver);
/* The most of its buffer an arena solver has used so far, in bytes (0 on the heap):
 * what to size the buffer from. */
PRUNE_API size_t prune_solver_memory_peak(const prune_solver* solver);
/* Why the last failing call failed ("" when none did). Valid until the next call. */
PRUNE_API const char* prune_solver_error(const prune_solver* solver);
/* PRUNE_OK while the model may have solutions; PRUNE_UNSATISFIABLE once a constraint
 * showed it has none; PRUNE_ERROR_ARGUMENT after an invalid call. An invalid call
 * leaves the model failed (a later search ends at once with PRUNE_ERROR), as a
 * constraint that could not be posted would otherwise be silently missing. */
PRUNE_API prune_status prune_solver_status(const prune_solver* solver);

/* Propagates the constraints posted so far at the root: PRUNE_OK, or
 * PRUNE_UNSATISFIABLE when that shows there is no solution. Optional: a search
 * propagates first anyway. Not while a search exists. */
PRUNE_API prune_status prune_propagate(prune_solver* solver);

/* ---- Variables (name may be NULL) ---- */

/* A variable over [min, max]; -1 on error (see prune_solver_error()). */
PRUNE_API prune_var prune_int_var(prune_solver* solver, int32_t min, int32_t max, const char* name);
/* A variable over the given values (any order, duplicates allowed, count > 0). */
PRUNE_API prune_var prune_int_var_values(prune_solver* solver, const int32_t* values, size_t count,
                                         const char* name);
PRUNE_API prune_var prune_bool_var(prune_solver* solver, const char* name);

/* The current domain: after propagation, or the solution after prune_search_next()
 * returned PRUNE_SOLUTION. Invalid handles read 0. */
PRUNE_API int32_t prune_min(const prune_solver* solver, prune_var x);
PRUNE_API int32_t prune_max(const prune_solver* solver, prune_var x);
PRUNE_API int prune_is_fixed(const prune_solver* solver, prune_var x);
PRUNE_API int prune_contains(const prune_solver* solver, prune_var x, int32_t value);
PRUNE_API int64_t prune_domain_size(const prune_solver* solver, prune_var x);
/* The value of a fixed variable (its minimum otherwise). */
PRUNE_API int32_t prune_value(const prune_solver* solver, prune_var x);

/* ---- Constraints. Each returns PRUNE_OK, PRUNE_UNSATISFIABLE (when posting alone
 * shows there is no solution; posting does not propagate) or an error. ---- */

/* x  relation  value. */
PRUNE_API prune_status prune_compare_value(prune_solver* solver, prune_var x, prune_relation relation,
                                           int32_t value);
/* x  relation  y + offset. */
PRUNE_API prune_status prune_compare(prune_solver* solver, prune_var x, prune_relation relation, prune_var y,
                                     int32_t offset);
/* b <=> (x relation y), or b => (x relation y). */
PRUNE_API prune_status prune_compare_reified(prune_solver* solver, prune_var x, prune_relation relation,
                                             prune_var y, prune_var b, prune_reification mode);
/* sum coefficients[i] * vars[i]  relation  rhs (bounds consistent). */
PRUNE_API prune_status prune_linear(prune_solver* solver, const int64_t* coefficients, const prune_var* vars,
                                    size_t count, prune_relation relation, int64_t rhs);
/* b <=> (or =>) sum coefficients[i] * vars[i]  relation  rhs. */
PRUNE_API prune_status prune_linear_reified(prune_solver* solver, const int64_t* coefficients,
                                            const prune_var* vars, size_t count, prune_relation relation,
                                            int64_t rhs, prune_var b, prune_reification mode);
PRUNE_API prune_status prune_all_different(prune_solver* solver, const prune_var* vars, size_t count,
                                           prune_consistency consistency);
/* (vars) equals one of the tuples: tuple_count rows of `count` values, row after row. */
PRUNE_API prune_status prune_table(prune_solver* solver, const prune_var* vars, size_t count,
                                   const int32_t* tuples, size_t tuple_count);
/* (vars) equals none of the tuples. */
PRUNE_API prune_status prune_forbidden_table(prune_solver* solver, const prune_var* vars, size_t count,
                                             const int32_t* tuples, size_t tuple_count);
/* result = array[index], index 0-based. */
PRUNE_API prune_status prune_element(prune_solver* solver, const int32_t* array, size_t count, prune_var index,
                                     prune_var result);
/* result = vars[index], index 0-based. */
PRUNE_API prune_status prune_element_var(prune_solver* solver, const prune_var* vars, size_t count,
                                         prune_var index, prune_var result);
/* OR(positives) or OR(not negatives), over 0/1 variables. */
PRUNE_API prune_status prune_clause(prune_solver* solver, const prune_var* positives, size_t positive_count,
                                    const prune_var* negatives, size_t negative_count);
/* z = x * y. */
PRUNE_API prune_status prune_times(prune_solver* solver, prune_var x, prune_var y, prune_var z);

/* ---- Search ---- */

typedef enum prune_variable_choice {
    PRUNE_INPUT_ORDER = 0,
    PRUNE_FIRST_FAIL = 1, /* smallest domain */
    PRUNE_DOM_WDEG = 2,   /* domain size / failure weight */
    PRUNE_VARIABLE_CHOICE_INT_ = 0x7fffffff
} prune_variable_choice;

typedef enum prune_value_choice {
    PRUNE_MIN_VALUE = 0,
    PRUNE_MAX_VALUE = 1,
    PRUNE_MEDIAN_VALUE = 2,
    PRUNE_SPLIT_LOWER = 3, /* x <= mid first */
    PRUNE_SPLIT_UPPER = 4, /* x > mid first */
    PRUNE_RANDOM_VALUE = 5,
    PRUNE_VALUE_CHOICE_INT_ = 0x7fffffff
} prune_value_choice;

typedef enum prune_restarts {
    PRUNE_NO_RESTARTS = 0,
    PRUNE_LUBY = 1,
    PRUNE_GEOMETRIC = 2,
    PRUNE_RESTARTS_INT_ = 0x7fffffff
} prune_restarts;

typedef struct prune_search_options {
    prune_variable_choice variable;  /* default PRUNE_FIRST_FAIL */
    prune_value_choice value;        /* default PRUNE_MIN_VALUE */
    prune_restarts restarts;         /* default none */
    double restart_scale;            /* failures in the first run, default 100 */
    double restart_factor;           /* geometric growth, default 1.5 */
    uint64_t seed;
    uint64_t node_limit;             /* 0: none */
    uint64_t failure_limit;          /* 0: none */
    double time_limit_seconds;       /* 0: none */
    /* Branch on these first (NULL: every variable, in creation order). Copied. */
    const prune_var* decision_vars;
    size_t decision_var_count;
} prune_search_options;

/* The defaults, to adjust before prune_search_new(). */
PRUNE_API prune_search_options prune_search_options_default(void);

typedef enum prune_result {
    PRUNE_SOLUTION = 0,  /* the solver holds a solution: read it with prune_value() */
    PRUNE_EXHAUSTED = 1, /* no (further) solution; optimising: the last one was optimal */
    PRUNE_LIMIT = 2,     /* a limit or prune_search_stop() ended the search first */
    PRUNE_ERROR = 3,     /* see prune_solver_error() */
    PRUNE_RESULT_INT_ = 0x7fffffff
} prune_result;

typedef struct prune_statistics {
    uint64_t nodes;
    uint64_t failures;
    uint64_t propagations;
    uint64_t solutions;
    uint64_t restarts;
    uint64_t max_depth;
    double seconds;
} prune_statistics;

/* options may be NULL (the defaults). NULL on error (see prune_solver_error()). */
PRUNE_API prune_search* prune_search_new(prune_solver* solver, const prune_search_options* options);
PRUNE_API void prune_search_free(prune_search* search);
/* Before the first prune_search_next(): each solution must then improve on the last. */
PRUNE_API prune_status prune_search_minimize(prune_search* search, prune_var objective);
PRUNE_API prune_status prune_search_maximize(prune_search* search, prune_var objective);
PRUNE_API prune_result prune_search_next(prune_search* search);
/* Counts every solution (from the start; do not mix with prune_search_next()). */
PRUNE_API prune_result prune_search_count(prune_search* search, uint64_t* solutions);
/* Ends the running search soon with PRUNE_LIMIT; safe from another thread or a signal handler. */
PRUNE_API void prune_search_stop(prune_search* search);
PRUNE_API prune_statistics prune_search_statistics(const prune_search* search);

#ifdef __cplusplus
}
#endif

#endif /* PRUNE_H */
