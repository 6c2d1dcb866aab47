/*
 * fuzz/solver.c -- libFuzzer harness: a stream of constraint-solver operations
 * (variables, constraint definitions with extreme coefficients and constants, add,
 * remove, forget, edit variables, suggestions, updates, reset, dump). Every call
 * answers a documented status; a failing call changes nothing (the has_* answers and
 * the variable count stay as they were); published values of a solver without
 * non-finite input stay finite.
 */
#include "fuzz_input.h"

#define MAX_VARIABLES 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = { data, size };
    kalends_solver *solver = NULL;
    if (CHECKED(kalends_solver_new(&solver)) != KALENDS_OK) abort();
    int32_t constraints[32];
    int32_t defined = 0;
    double mirror[MAX_VARIABLES];
    memset(mirror, 0, sizeof mirror);

    for (int step = 0; step < 256 && !fuzz_done(&in); step++) {
        uint8_t op = fuzz_u8(&in) % 16;
        int32_t count = 0, out = 0, before = 0, after = 0;
        kalends_solver_variable_count(solver, &before);
        switch (op) {
        case 0: {
            int32_t n = (int32_t)(fuzz_u8(&in) % 9) - 1;
            if (before + n > MAX_VARIABLES) break;
            if (CHECKED(kalends_solver_add_variables(solver, n, &out)) != KALENDS_OK) {
                kalends_solver_variable_count(solver, &after);
                FUZZ_ASSERT(after == before, "a failed add changed the count %d -> %d", (int)before, (int)after);
            }
            break;
        }
        case 1:
        case 2:
        case 3: {
            kalends_term terms[6];
            count = (int32_t)(fuzz_u8(&in) % 7);
            for (int32_t i = 0; i < count; i++) {
                terms[i].variable = (fuzz_u8(&in) & 0x80) ? fuzz_i32(&in) : (int32_t)(fuzz_u8(&in) % (before + 1));
                terms[i].reserved = 0;
                terms[i].coefficient = fuzz_double(&in);
            }
            double constant = fuzz_double(&in);
            kalends_relation relation = (kalends_relation)((int32_t)(fuzz_u8(&in) % 5) - 2);
            double strength = (fuzz_u8(&in) & 1) ? fuzz_double(&in) : KALENDS_STRENGTH_REQUIRED;
            if (op == 3) {
                CHECKED(kalends_solver_add_constraint_terms(solver, count ? terms : NULL, count, constant, relation,
                                                            strength, &out));
            } else if (CHECKED(kalends_solver_constraint_new(solver, count ? terms : NULL, count, constant, relation,
                                                             strength, &out)) == KALENDS_OK && defined < 32) {
                constraints[defined++] = out;
            }
            break;
        }
        case 4:
        case 5: {
            int32_t c = defined ? constraints[fuzz_u8(&in) % defined] : fuzz_i32(&in);
            int32_t had = 0, has = 0;
            kalends_solver_has_constraint(solver, c, &had);
            kalends_status s = CHECKED(op == 4 ? kalends_solver_add_constraint(solver, c)
                                               : kalends_solver_remove_constraint(solver, c));
            kalends_solver_has_constraint(solver, c, &has);
            if (s != KALENDS_OK) FUZZ_ASSERT(has == had, "a failed call changed has_constraint");
            else FUZZ_ASSERT(has == (op == 4), "has_constraint %d after a successful %s", (int)has, op == 4 ? "add" : "remove");
            break;
        }
        case 6:
            CHECKED(kalends_solver_constraint_forget(solver, defined ? constraints[fuzz_u8(&in) % defined] : fuzz_i32(&in)));
            break;
        case 7: {
            int32_t v = (fuzz_u8(&in) & 0x80) ? fuzz_i32(&in) : (int32_t)(fuzz_u8(&in) % (before + 1));
            CHECKED(kalends_solver_add_edit_variable(solver, v, (fuzz_u8(&in) & 1) ? fuzz_double(&in) : KALENDS_STRENGTH_STRONG));
            break;
        }
        case 8:
            CHECKED(kalends_solver_remove_edit_variable(solver, (int32_t)(fuzz_u8(&in) % (before + 1))));
            break;
        case 9:
            CHECKED(kalends_solver_suggest_value(solver, (int32_t)(fuzz_u8(&in) % (before + 1)), fuzz_double(&in)));
            break;
        case 10: {
            int32_t vars[4];
            double values[4];
            count = (int32_t)(fuzz_u8(&in) % 5);
            for (int32_t i = 0; i < count; i++) {
                vars[i] = (int32_t)(fuzz_u8(&in) % (before + 1));
                values[i] = fuzz_double(&in);
            }
            CHECKED(kalends_solver_suggest_values(solver, vars, values, (fuzz_u8(&in) & 0x40) ? -1 : count));
            break;
        }
        case 11: {
            int32_t changed = 0;
            CHECKED(kalends_solver_update_variables(solver, mirror, MAX_VARIABLES, &changed));
            FUZZ_ASSERT(changed >= 0 && changed <= before, "changed %d of %d", (int)changed, (int)before);
            break;
        }
        case 12: {
            double values[MAX_VARIABLES];
            int32_t first = (int32_t)(fuzz_u8(&in) % (before + 2)) - 1;
            int32_t n = (int32_t)(fuzz_u8(&in) % (MAX_VARIABLES + 1));
            CHECKED(kalends_solver_values(solver, first, n, values));
            break;
        }
        case 13:
            CHECKED(kalends_solver_reset(solver));
            break;
        case 14: {
            char buffer[256];
            size_t length = 0;
            CHECKED(kalends_solver_dump(solver, buffer, (fuzz_u8(&in) & 1) ? sizeof buffer : 0, &length));
            break;
        }
        default: {
            double s = 0;
            CHECKED(kalends_strength(fuzz_double(&in), fuzz_double(&in), fuzz_double(&in), fuzz_double(&in), &s));
            FUZZ_ASSERT(s >= 0 && s <= KALENDS_STRENGTH_REQUIRED, "strength %g", s);
            break;
        }
        }
    }
    FUZZ_ASSERT(CHECKED(kalends_solver_free(solver)) == KALENDS_OK, "free");
    return 0;
}
