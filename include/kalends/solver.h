/*
 * kalends/solver.h -- an incremental Cassowary constraint solver (kiwisolver's semantics).
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_SOLVER_H
#define KALENDS_SOLVER_H

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * An incremental Cassowary solver with kiwisolver's semantics and strengths.
 * Variables are dense ids 0, 1, 2 ... owned by the solver. A constraint is
 *
 *     sum(coefficient x variable) + constant   (<= | == | >=)   0
 *
 * at a strength: required constraints must hold; the others are met as well as
 * possible, any amount of a weaker strength never outweighing one unit of a stronger
 * one. A constraint is defined once (kalends_solver_constraint_new) and can then be
 * added and removed any number of times. Values are published by
 * kalends_solver_update_variables and read in bulk.
 *
 * Every failing call returns a status, sets kalends_last_error() and leaves the solver
 * exactly as it was; in particular a required constraint that contradicts the others
 * is refused with UNSATISFIABLE and nothing changes.
 *
 * Costs: adding or removing a constraint touches the tableau rows that hold the
 * symbols it pivots; a suggestion touches the rows that hold its edit's error terms;
 * an update visits only the variables whose rows changed.
 *
 * Thread: a solver may be shared between threads (calls serialize on it).
 */

/* Relations of a constraint's two sides */
typedef int32_t kalends_relation;
enum { KALENDS_RELATION_LESS_OR_EQUAL = -1, KALENDS_RELATION_EQUAL = 0, KALENDS_RELATION_GREATER_OR_EQUAL = 1 };

/* Strengths, kiwisolver's model: strong x 1e6 + medium x 1e3 + weak, each part
   clipped to 0 ... 1000 (kalends_strength builds others). */
#define KALENDS_STRENGTH_REQUIRED 1001001000
#define KALENDS_STRENGTH_STRONG 1000000
#define KALENDS_STRENGTH_MEDIUM 1000
#define KALENDS_STRENGTH_WEAK 1

/* coefficient x variable */
typedef struct kalends_term {
    int32_t variable;
    int32_t reserved; /* 0 */
    double coefficient;
} kalends_term;

typedef struct kalends_solver kalends_solver;

/* kiwisolver's strength.create: each of strong, medium, weak times weight, clipped to
   0 ... 1000, folded into one number. NaN parts count as 0. Errors: INVALID_ARGUMENT
   (out NULL). */
kalends_status kalends_strength(double strong, double medium, double weak, double weight, double *out);

/* A new empty solver. Free it with kalends_solver_free. */
kalends_status kalends_solver_new(kalends_solver **out);
/* Frees the solver, its variables and constraints. NULL is a no-op. */
kalends_status kalends_solver_free(kalends_solver *solver);

/* Adds `count` variables (value 0); *first receives the id of the first, the others
   follow. A solver holds at most 2^24 variables. Errors: OUT_OF_RANGE (count negative
   or too many). */
kalends_status kalends_solver_add_variables(kalends_solver *solver, int32_t count, int32_t *first);

/* The number of variables the solver holds. */
kalends_status kalends_solver_variable_count(const kalends_solver *solver, int32_t *out);

/* Defines `sum(terms) + constant (relation) 0` at `strength` (clipped to 0 ...
   KALENDS_STRENGTH_REQUIRED) without adding it; *out receives its id. Terms on the
   same variable are combined; `terms` may be NULL when count is 0. The terms are
   copied. Errors: INVALID_ARGUMENT (relation, a NaN strength, a non-finite constant
   or coefficient, count negative), NOT_FOUND (a variable). */
kalends_status kalends_solver_constraint_new(kalends_solver *solver, const kalends_term *terms, int32_t count,
                                             double constant, kalends_relation relation, double strength, int32_t *out);
/* Drops a definition, removing the constraint from the solver first if it is in.
   Errors: NOT_FOUND. */
kalends_status kalends_solver_constraint_forget(kalends_solver *solver, int32_t constraint);

/* Adds a defined constraint. Errors: NOT_FOUND (no such definition), DUPLICATE
   (already added), UNSATISFIABLE (a required constraint contradicting the required
   ones already added). */
kalends_status kalends_solver_add_constraint(kalends_solver *solver, int32_t constraint);
/* Defines and adds in one call (kalends_solver_constraint_new, then
   kalends_solver_add_constraint); when adding fails the definition is dropped and
   *out is untouched. */
kalends_status kalends_solver_add_constraint_terms(kalends_solver *solver, const kalends_term *terms, int32_t count,
                                                   double constant, kalends_relation relation, double strength, int32_t *out);
/* One constraint of the stream kalends_solver_add_constraints reads: this record,
   then its term_count kalends_term right after it (the next record follows them). */
typedef struct kalends_constraint_record {
    double constant;
    double strength;
    kalends_relation relation;
    int32_t term_count;
} kalends_constraint_record;

/* Defines and adds `count` constraints in one call, in order, as that many
   kalends_solver_add_constraint_terms calls. `records` holds `length` bytes: for each
   constraint a kalends_constraint_record followed by its terms. ids[i] (ids may be NULL)
   receives the id of the i-th constraint; *added (may be NULL) how many were added, also
   when the call fails. The first constraint that cannot be added ends the call with its
   status: those before it stay added, it and those after it are not (and have no id).
   Errors: those of kalends_solver_add_constraint_terms; INVALID_ARGUMENT (count
   negative, records NULL while count is not 0, a record or its terms running past
   `length`, a term_count negative). */
kalends_status kalends_solver_add_constraints(kalends_solver *solver, const uint8_t *records, size_t length, int32_t count,
                                              int32_t *ids, int32_t *added);
/* Errors: NOT_FOUND (no definition, or not in the solver). */
kalends_status kalends_solver_remove_constraint(kalends_solver *solver, int32_t constraint);
/* *out = 1 when the constraint is in the solver, else 0 (also for unknown ids). */
kalends_status kalends_solver_has_constraint(const kalends_solver *solver, int32_t constraint, int32_t *out);

/* Makes `variable` an edit variable at `strength` (a stay toward its suggested value,
   0 until a suggestion). Errors: NOT_FOUND (variable), DUPLICATE (already an edit
   variable), INVALID_ARGUMENT (strength required or NaN). */
kalends_status kalends_solver_add_edit_variable(kalends_solver *solver, int32_t variable, double strength);
/* Errors: NOT_FOUND (not an edit variable). */
kalends_status kalends_solver_remove_edit_variable(kalends_solver *solver, int32_t variable);
/* *out = 1 when `variable` is an edit variable, else 0 (also for unknown ids). */
kalends_status kalends_solver_has_edit_variable(const kalends_solver *solver, int32_t variable, int32_t *out);
/* Suggests a value for an edit variable and re-solves (dual simplex).
   Errors: NOT_FOUND (not an edit variable), INVALID_ARGUMENT (value not finite). */
kalends_status kalends_solver_suggest_value(kalends_solver *solver, int32_t variable, double value);

/* Suggests values for several edit variables in one call, in order (as that many
   kalends_solver_suggest_value calls). Everything is checked first: a bad entry
   changes nothing. `variables` and `values` may be NULL when count is 0.
   Errors: NOT_FOUND (a variable that is not an edit variable), INVALID_ARGUMENT (a
   value not finite, count negative, NULL arrays). */
kalends_status kalends_solver_suggest_values(kalends_solver *solver, const int32_t *variables, const double *values,
                                             int32_t count);

/* kalends_solver_suggest_values, then kalends_solver_update_variables, in one call (a
   frame of a drag or a resize); *changed may be NULL. When a suggestion is refused
   nothing is suggested or published. Errors: those of both. */
kalends_status kalends_solver_suggest_and_update(kalends_solver *solver, const int32_t *variables, const double *values,
                                                 int32_t count, double *mirror, int32_t mirror_count, int32_t *changed);

/* Publishes the solution. Each variable whose value differs from the previous update
   has its new value written to mirror[id] when id < mirror_count (mirror may be NULL
   when mirror_count is 0); *changed (may be NULL) receives how many changed. Only the
   variables whose tableau rows changed are visited, so a caller-side mirror kept in
   step this way costs what changed, not what exists. */
kalends_status kalends_solver_update_variables(kalends_solver *solver, double *mirror, int32_t mirror_count,
                                               int32_t *changed);
/* Published values of variables first ... first + count - 1 into out[0 ... count - 1]
   (out may be NULL when count is 0).
   Errors: OUT_OF_RANGE (the range is not within the variables), INVALID_ARGUMENT. */
kalends_status kalends_solver_values(const kalends_solver *solver, int32_t first, int32_t count, double *out);

/* Removes every constraint and edit variable (kiwi's reset). Variables and
   definitions stay; published values stay until an update changes them. */
kalends_status kalends_solver_reset(kalends_solver *solver);

/* The tableau as text, for debugging (snprintf convention: *length receives the full
   length; buffer may be NULL with capacity 0). */
kalends_status kalends_solver_dump(const kalends_solver *solver, char *buffer, size_t capacity, size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_SOLVER_H */
