/* misuse_test: solver. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- the constraint solver ------------------------------------------------ */

static void test_solver_misuse(void) {
    kalends_solver *solver = NULL, *freed_solver = NULL;
    CHECK(kalends_solver_new(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_new(&freed_solver) == KALENDS_OK);
    CHECK(kalends_solver_free(freed_solver) == KALENDS_OK);
    CHECK(kalends_solver_free(NULL) == KALENDS_OK);
    CHECK(kalends_solver_new(&solver) == KALENDS_OK);
    int32_t first, out;
    double value;
    kalends_solver *bad_handles[] = {freed_solver, (kalends_solver *)(void *)live, (kalends_solver *)(void *)live_view,
                                     (kalends_solver *)(void *)&foreign_target};
    for (size_t i = 0; i < sizeof bad_handles / sizeof bad_handles[0]; i++) {
        kalends_solver *h = bad_handles[i];
        POISON(first);
        CHECK(kalends_solver_add_variables(h, 1, &first) == KALENDS_E_MISUSE && UNTOUCHED(first));
        CHECK(kalends_solver_add_constraint(h, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_solver_suggest_value(h, 0, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_solver_update_variables(h, NULL, 0, NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_solver_reset(h) == KALENDS_E_MISUSE);
        CHECK(kalends_solver_add_constraints(h, NULL, 0, 0, NULL, NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_solver_suggest_and_update(h, NULL, NULL, 0, NULL, 0, NULL) == KALENDS_E_MISUSE);
    }
    CHECK(kalends_solver_free(freed_solver) == KALENDS_E_MISUSE);
    CHECK(kalends_solver_add_variables(NULL, 1, &first) == KALENDS_E_INVALID_ARGUMENT);

    CHECK(kalends_solver_add_variables(solver, 3, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_add_variables(solver, -1, &first) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_solver_add_variables(solver, INT32_MAX, &first) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_solver_add_variables(solver, 3, &first) == KALENDS_OK && first == 0);
    CHECK(kalends_solver_variable_count(solver, NULL) == KALENDS_E_INVALID_ARGUMENT);

    kalends_term t[2] = {{0, 0, 1}, {1, 0, -1}};
    double nan = 0.0 / 0.0, inf = 1.0 / 0.0;
    POISON(out);
    CHECK(kalends_solver_constraint_new(solver, t, 2, 0, 2, 1, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    CHECK(kalends_solver_constraint_new(solver, t, 2, 0, INT32_MIN, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, t, 2, nan, 0, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, t, 2, inf, 0, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, t, 2, 0, 0, nan, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, t, -1, 0, 0, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, NULL, 2, 0, 0, 1, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_constraint_new(solver, t, 2, 0, 0, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    kalends_term bad_var[1] = {{3, 0, 1}}, neg_var[1] = {{-1, 0, 1}}, nan_coef[1] = {{0, 0, 0.0 / 0.0}};
    CHECK(kalends_solver_constraint_new(solver, bad_var, 1, 0, 0, 1, &out) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_constraint_new(solver, neg_var, 1, 0, 0, 1, &out) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_constraint_new(solver, nan_coef, 1, 0, 0, 1, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    /* A constant-only constraint: 0 == 0 holds, 1 == 0 cannot. */
    CHECK(kalends_solver_add_constraint_terms(solver, NULL, 0, 0, 0, KALENDS_STRENGTH_REQUIRED, &out) == KALENDS_OK);
    CHECK(kalends_solver_add_constraint_terms(solver, NULL, 0, 1, 0, KALENDS_STRENGTH_REQUIRED, &out) ==
          KALENDS_E_UNSATISFIABLE);
    /* Batches: a record cut short, no records, a negative count (nothing added). */
    uint8_t short_record[8] = {0};
    int32_t added = -1;
    POISON(out);
    CHECK(kalends_solver_add_constraints(solver, short_record, sizeof short_record, 1, &out, &added) ==
          KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out) && added == 0);
    CHECK(kalends_solver_add_constraints(solver, NULL, 0, 1, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_add_constraints(solver, short_record, sizeof short_record, -1, NULL, NULL) ==
          KALENDS_E_INVALID_ARGUMENT);
    /* Unknown ids */
    CHECK(kalends_solver_add_constraint(solver, 0) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_add_constraint(solver, INT32_MAX) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_remove_constraint(solver, -5) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_constraint_forget(solver, 12345) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_has_constraint(solver, 12345, &out) == KALENDS_OK && out == 0);
    CHECK(kalends_solver_has_constraint(solver, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    for (int i = 0; i < N_EXTREMES; i++) {
        int32_t v = extremes[i];
        if (v >= 0 && v < 3) continue;
        CHECK(kalends_solver_add_edit_variable(solver, v, KALENDS_STRENGTH_STRONG) == KALENDS_E_NOT_FOUND);
        CHECK(kalends_solver_suggest_value(solver, v, 1) == KALENDS_E_NOT_FOUND);
        CHECK(kalends_solver_remove_edit_variable(solver, v) == KALENDS_E_NOT_FOUND);
    }
    CHECK(kalends_solver_add_edit_variable(solver, 0, KALENDS_STRENGTH_REQUIRED) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_add_edit_variable(solver, 0, 1e300) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_add_edit_variable(solver, 0, nan) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_add_edit_variable(solver, 0, KALENDS_STRENGTH_STRONG) == KALENDS_OK);
    CHECK(kalends_solver_add_edit_variable(solver, 0, KALENDS_STRENGTH_WEAK) == KALENDS_E_DUPLICATE);
    CHECK(kalends_solver_suggest_value(solver, 0, nan) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_value(solver, 0, -inf) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_value(solver, 1, 5) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_solver_has_edit_variable(solver, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    int32_t edit_ids[3] = {0, 1, 0};
    double edit_values[3] = {1, 2, 0.0 / 0.0};
    CHECK(kalends_solver_suggest_values(solver, edit_ids, edit_values, -1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_values(solver, NULL, edit_values, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_values(solver, NULL, NULL, 0) == KALENDS_OK);
    CHECK(kalends_solver_suggest_values(solver, edit_ids, edit_values, 2) == KALENDS_E_NOT_FOUND); /* 1 is no edit */
    edit_ids[1] = 0;
    CHECK(kalends_solver_suggest_values(solver, edit_ids, edit_values, 3) == KALENDS_E_INVALID_ARGUMENT); /* NaN */
    CHECK(kalends_solver_suggest_and_update(solver, edit_ids, edit_values, -1, NULL, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_and_update(solver, NULL, edit_values, 1, NULL, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_and_update(solver, edit_ids, edit_values, 1, NULL, 3, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_suggest_and_update(solver, edit_ids, edit_values, 3, NULL, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_update_variables(solver, NULL, 0, &out) == KALENDS_OK);
    CHECK(kalends_solver_suggest_values(solver, edit_ids, edit_values, 2) == KALENDS_OK);
    CHECK(kalends_solver_update_variables(solver, NULL, 0, &out) == KALENDS_OK && out == 1);
    CHECK(kalends_solver_values(solver, 0, 1, &value) == KALENDS_OK && value == 2);
    double mirror[3];
    CHECK(kalends_solver_update_variables(solver, NULL, 3, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_update_variables(solver, mirror, -1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_update_variables(solver, NULL, 0, NULL) == KALENDS_OK);
    POISON(value);
    CHECK(kalends_solver_values(solver, 2, 2, &value) == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(value));
    CHECK(kalends_solver_values(solver, -1, 1, &value) == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(value));
    CHECK(kalends_solver_values(solver, INT32_MAX, INT32_MAX, &value) == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(value));
    CHECK(kalends_solver_values(solver, 0, -1, &value) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_values(solver, 0, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_values(solver, 0, 0, NULL) == KALENDS_OK);
    size_t length = 0;
    char small[8];
    CHECK(kalends_solver_dump(solver, NULL, 4, &length) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_solver_dump(solver, small, sizeof small, &length) == KALENDS_OK && length > 8 && strlen(small) == 7);
    CHECK(kalends_strength(1, 1, 1, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_strength(nan, nan, nan, nan, &value) == KALENDS_OK && value == 0);
    CHECK(kalends_strength(inf, inf, inf, 1, &value) == KALENDS_OK && value == KALENDS_STRENGTH_REQUIRED);
    CHECK(kalends_solver_free(solver) == KALENDS_OK);
}

/* Random operations, random and absurd arguments. Invariants: every status is
   documented and none is INTERNAL; a failed call leaves the tableau's dump and the
   published values as they were; after every successful call the required
   constraints in the solver hold. */
#define FUZZ_VARS 10
#define FUZZ_CONSTRAINTS 64
typedef struct {
    kalends_term terms[3];
    int32_t count, relation, id, active;
    double constant, strength;
} fuzz_constraint;

static char dump_before[1 << 16], dump_after[1 << 16];

static void fuzz_solver(long iterations) {
    long bad_status = 0, changed_on_failure = 0, broken = 0, failures = 0;
    kalends_solver *solver = NULL;
    CHECK(kalends_solver_new(&solver) == KALENDS_OK);
    int32_t first = 0;
    CHECK(kalends_solver_add_variables(solver, FUZZ_VARS, &first) == KALENDS_OK);
    fuzz_constraint cs[FUZZ_CONSTRAINTS];
    int n = 0;
    double values[FUZZ_VARS], before[FUZZ_VARS];
    const double strengths[] = {KALENDS_STRENGTH_REQUIRED, KALENDS_STRENGTH_STRONG, KALENDS_STRENGTH_MEDIUM,
                                KALENDS_STRENGTH_WEAK, 0, -5, 1e300, 0.0 / 0.0, 2.5};
    for (long i = 0; i < iterations; i++) {
        size_t len = 0;
        kalends_solver_update_variables(solver, NULL, 0, NULL);
        kalends_solver_values(solver, 0, FUZZ_VARS, before);
        kalends_solver_dump(solver, dump_before, sizeof dump_before, &len);
        int32_t var = (int32_t)(rnd() % (FUZZ_VARS + 2)) - 1;
        kalends_status s = KALENDS_OK;
        int op = (int)(rnd() % 8);
        int32_t arg_id = -1;
        double arg_value = 0;
        if (op <= 2 && n < FUZZ_CONSTRAINTS) {
            fuzz_constraint *c = &cs[n];
            c->count = (int32_t)(rnd() % 4);
            for (int k = 0; k < c->count; k++) {
                c->terms[k].variable = (int32_t)(rnd() % (FUZZ_VARS + 1)); /* sometimes unknown */
                c->terms[k].reserved = 0;
                c->terms[k].coefficient = (double)((int)(rnd() % 9) - 4) / 2;
            }
            c->constant = (double)((int)(rnd() % 400) - 200);
            c->relation = (int32_t)(rnd() % 4) - 1; /* 2 is invalid */
            c->strength = strengths[rnd() % (sizeof strengths / sizeof strengths[0])];
            s = kalends_solver_add_constraint_terms(solver, c->terms, c->count, c->constant, c->relation, c->strength, &c->id);
            if (s == KALENDS_OK) {
                if (c->strength > KALENDS_STRENGTH_REQUIRED) c->strength = KALENDS_STRENGTH_REQUIRED;
                c->active = 1;
                n++;
            }
        } else if (op == 3 && n > 0) {
            int k = (int)(rnd() % (unsigned)n);
            arg_id = cs[k].id;
            s = kalends_solver_remove_constraint(solver, cs[k].id);
            if (s == KALENDS_OK) cs[k].active = 0;
            else if (cs[k].active) broken++;
        } else if (op == 4 && n > 0) {
            int k = (int)(rnd() % (unsigned)n);
            arg_id = cs[k].id;
            s = kalends_solver_add_constraint(solver, cs[k].id);
            if (s == KALENDS_OK) cs[k].active = 1;
            else if (s == KALENDS_E_DUPLICATE && !cs[k].active) broken++;
        } else if (op == 5) {
            arg_value = strengths[rnd() % 4];
            s = kalends_solver_add_edit_variable(solver, var, arg_value);
        } else if (op == 6) {
            arg_value = (double)((int)(rnd() % 2000) - 1000);
            s = kalends_solver_suggest_value(solver, var, arg_value);
        } else {
            s = kalends_solver_remove_edit_variable(solver, var);
        }
        if (s < 0 || s >= KALENDS_E_INTERNAL) {
            bad_status++;
            if (bad_status < 3) fprintf(stderr, "    status %d: %s\n", s, kalends_last_error());
        }
        if (getenv("KALENDS_FUZZ_TRACE") && s == KALENDS_OK) {
            if (op <= 2) {
                fprintf(stderr, "A %d %d %.17g %.17g", cs[n - 1].id, cs[n - 1].relation, cs[n - 1].constant, cs[n - 1].strength);
                for (int j = 0; j < cs[n - 1].count; j++)
                    fprintf(stderr, " %d %.17g", cs[n - 1].terms[j].variable, cs[n - 1].terms[j].coefficient);
                fprintf(stderr, "\n");
            } else {
                fprintf(stderr, "O %d %d %d %.17g\n", op <= 2 ? 9 : op, var, arg_id, arg_value);
            }
        }
        if (s != KALENDS_OK) {
            failures++;
            kalends_solver_dump(solver, dump_after, sizeof dump_after, &len);
            kalends_solver_values(solver, 0, FUZZ_VARS, values);
            if (strcmp(dump_before, dump_after) != 0 || memcmp(values, before, sizeof values) != 0) changed_on_failure++;
            continue;
        }
        kalends_solver_update_variables(solver, NULL, 0, NULL);
        kalends_solver_values(solver, 0, FUZZ_VARS, values);
        for (int k = 0; k < n; k++) {
            if (!cs[k].active || cs[k].strength < KALENDS_STRENGTH_REQUIRED) continue;
            double e = cs[k].constant;
            for (int j = 0; j < cs[k].count; j++) e += cs[k].terms[j].coefficient * values[cs[k].terms[j].variable];
            double tol = 1e-6 * (1 + fabs(cs[k].constant));
            if ((cs[k].relation == 0 && fabs(e) > tol) || (cs[k].relation < 0 && e > tol) || (cs[k].relation > 0 && e < -tol)) {
                if (broken < 3) fprintf(stderr, "    iteration %ld: constraint %d (relation %d) is off by %g\n", i, k, cs[k].relation, e);
                broken++;
            }
        }
        if (n == FUZZ_CONSTRAINTS && rnd() % 4 == 0) { /* start over */
            if (getenv("KALENDS_FUZZ_TRACE")) fprintf(stderr, "R\n");
            CHECK(kalends_solver_reset(solver) == KALENDS_OK);
            for (int k = 0; k < n; k++) kalends_solver_constraint_forget(solver, cs[k].id);
            n = 0;
        }
    }
    CHECK(kalends_solver_free(solver) == KALENDS_OK);
    CHECK_MSG(bad_status == 0, "%ld statuses outside the documented set", bad_status);
    CHECK_MSG(changed_on_failure == 0, "%ld of %ld failed calls changed the solver", changed_on_failure, failures);
    CHECK_MSG(broken == 0, "%ld broken required constraints or bookkeeping", broken);
    printf("misuse_test: fuzzed %ld random solver calls (%ld refused)\n", iterations, failures);
}
