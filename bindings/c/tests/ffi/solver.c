/* ffi_test: solver. Part of ../ffi_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* The solver through libffi: x == 10 + y, y >= 3, x weakly 0; an edit; a contradiction. */
static void test_solver(void) {
    double s = 0;
    double *ps = &s, one = 1, zero = 0, weight = 1;
    CHECK(call_i32("kalends_strength", (void *[]){&one, &zero, &zero, &weight, &ps}) == KALENDS_OK &&
          s == KALENDS_STRENGTH_STRONG);
    kalends_solver *solver = NULL;
    kalends_solver **psolver = &solver;
    CHECK(call_i32("kalends_solver_new", (void *[]){&psolver}) == KALENDS_OK && solver != NULL);
    int32_t two = 2, first = -1, count = 0;
    int32_t *pfirst = &first, *pcount = &count;
    CHECK(call_i32("kalends_solver_add_variables", (void *[]){&solver, &two, &pfirst}) == KALENDS_OK && first == 0);
    CHECK(call_i32("kalends_solver_variable_count", (void *[]){&solver, &pcount}) == KALENDS_OK && count == 2);
    kalends_term xy[2] = {{0, 0, 1.0}, {1, 0, -1.0}}, y[1] = {{1, 0, 1.0}}, x[1] = {{0, 0, 1.0}};
    const kalends_term *pxy = xy, *py = y, *px = x;
    int32_t n1 = 1, n2 = 2, eq = KALENDS_RELATION_EQUAL, ge = KALENDS_RELATION_GREATER_OR_EQUAL, id = 0, id2 = 0;
    int32_t *pid = &id, *pid2 = &id2;
    double c10 = -10, c3 = -3, c0 = 0, required = KALENDS_STRENGTH_REQUIRED, weak = KALENDS_STRENGTH_WEAK;
    CHECK(call_i32("kalends_solver_constraint_new", (void *[]){&solver, &pxy, &n2, &c10, &eq, &required, &pid}) ==
          KALENDS_OK);
    CHECK(call_i32("kalends_solver_add_constraint", (void *[]){&solver, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_add_constraint_terms", (void *[]){&solver, &py, &n1, &c3, &ge, &required, &pid2}) ==
          KALENDS_OK);
    int32_t weak_id = 0;
    int32_t *pweak = &weak_id;
    CHECK(call_i32("kalends_solver_add_constraint_terms", (void *[]){&solver, &px, &n1, &c0, &eq, &weak, &pweak}) ==
          KALENDS_OK);
    int32_t has = -1;
    int32_t *phas = &has;
    CHECK(call_i32("kalends_solver_has_constraint", (void *[]){&solver, &id2, &phas}) == KALENDS_OK && has == 1);
    double mirror[2] = {0, 0}, values[2] = {0, 0};
    double *pmirror = mirror, *pvalues = values;
    int32_t changed = 0;
    int32_t *pchanged = &changed;
    CHECK(call_i32("kalends_solver_update_variables", (void *[]){&solver, &pmirror, &n2, &pchanged}) == KALENDS_OK &&
          changed == 2 && mirror[0] == 13 && mirror[1] == 3);
    int32_t zero_i = 0;
    CHECK(call_i32("kalends_solver_values", (void *[]){&solver, &zero_i, &n2, &pvalues}) == KALENDS_OK &&
          values[0] == 13 && values[1] == 3);
    double strong = KALENDS_STRENGTH_STRONG, forty = 40;
    CHECK(call_i32("kalends_solver_add_edit_variable", (void *[]){&solver, &first, &strong}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_has_edit_variable", (void *[]){&solver, &first, &phas}) == KALENDS_OK && has == 1);
    CHECK(call_i32("kalends_solver_suggest_value", (void *[]){&solver, &first, &forty}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_update_variables", (void *[]){&solver, &pmirror, &n2, &pchanged}) == KALENDS_OK &&
          changed == 2 && mirror[0] == 40 && mirror[1] == 30);
    int32_t edited[1] = {0};
    double fifty[1] = {50};
    int32_t *pedited = edited;
    double *pfifty = fifty;
    CHECK(call_i32("kalends_solver_suggest_values", (void *[]){&solver, &pedited, &pfifty, &n1}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_update_variables", (void *[]){&solver, &pmirror, &n2, &pchanged}) == KALENDS_OK &&
          changed == 2 && mirror[0] == 50 && mirror[1] == 40);
    CHECK(call_i32("kalends_solver_remove_edit_variable", (void *[]){&solver, &first}) == KALENDS_OK);
    /* y <= 2 contradicts y >= 3 */
    double c2 = -2;
    int32_t le = KALENDS_RELATION_LESS_OR_EQUAL, bad = 0;
    int32_t *pbad = &bad;
    CHECK(call_i32("kalends_solver_add_constraint_terms", (void *[]){&solver, &py, &n1, &c2, &le, &required, &pbad}) ==
          KALENDS_E_UNSATISFIABLE && bad == 0);
    char text[4096];
    char *ptext = text;
    size_t cap = sizeof text, length = 0;
    size_t *plength = &length;
    CHECK(call_i32("kalends_solver_dump", (void *[]){&solver, &ptext, &cap, &plength}) == KALENDS_OK &&
          length > 0 && strstr(text, "Objective") != NULL);
    CHECK(call_i32("kalends_solver_remove_constraint", (void *[]){&solver, &id2}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_constraint_forget", (void *[]){&solver, &id}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_reset", (void *[]){&solver}) == KALENDS_OK);
    CHECK(call_i32("kalends_solver_has_constraint", (void *[]){&solver, &weak_id, &phas}) == KALENDS_OK && has == 0);
    CHECK(call_i32("kalends_solver_free", (void *[]){&solver}) == KALENDS_OK);
}
