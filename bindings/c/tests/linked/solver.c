/* linked_test: solver. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* A toolbar of three buttons in a window: required order and margins, strong
   preferred widths, a weak wish for equal widths; the window width is dragged. */
static void test_solver(void) {
    kalends_solver *s = NULL;
    CHECK(kalends_solver_new(&s) == KALENDS_OK);
    enum { WINDOW, L0, W0, L1, W1, L2, W2, N };
    int32_t first = -1, id = 0;
    CHECK(kalends_solver_add_variables(s, N, &first) == KALENDS_OK && first == 0);
    const double req = KALENDS_STRENGTH_REQUIRED;
    /* l0 == 8 */
    kalends_term l0[1] = {{L0, 0, 1}};
    CHECK(kalends_solver_add_constraint_terms(s, l0, 1, -8, KALENDS_RELATION_EQUAL, req, &id) == KALENDS_OK);
    /* l[i+1] >= l[i] + w[i] + 8 */
    for (int i = 0; i < 2; i++) {
        kalends_term gap[3] = {{L0 + 2 * (i + 1), 0, 1}, {L0 + 2 * i, 0, -1}, {W0 + 2 * i, 0, -1}};
        CHECK(kalends_solver_add_constraint_terms(s, gap, 3, -8, KALENDS_RELATION_GREATER_OR_EQUAL, req, &id) == KALENDS_OK);
    }
    /* l2 + w2 + 8 <= window; widths >= 40 (required), == 120 (strong), w0 == w1 == w2 (weak) */
    kalends_term edge[3] = {{L2, 0, 1}, {W2, 0, 1}, {WINDOW, 0, -1}};
    CHECK(kalends_solver_add_constraint_terms(s, edge, 3, 8, KALENDS_RELATION_LESS_OR_EQUAL, req, &id) == KALENDS_OK);
    for (int i = 0; i < 3; i++) {
        kalends_term w[1] = {{W0 + 2 * i, 0, 1}};
        CHECK(kalends_solver_add_constraint_terms(s, w, 1, -40, KALENDS_RELATION_GREATER_OR_EQUAL, req, &id) == KALENDS_OK);
        CHECK(kalends_solver_add_constraint_terms(s, w, 1, -120.0 - 20 * i, KALENDS_RELATION_EQUAL,
                                                  KALENDS_STRENGTH_STRONG, &id) == KALENDS_OK);
    }
    CHECK(kalends_solver_add_edit_variable(s, WINDOW, KALENDS_STRENGTH_STRONG * 10) == KALENDS_OK);
    double v[N] = {0};
    int32_t changed = 0;
    /* Wide window: every preferred width fits. */
    CHECK(kalends_solver_suggest_value(s, WINDOW, 1000) == KALENDS_OK);
    CHECK(kalends_solver_update_variables(s, v, N, &changed) == KALENDS_OK && changed == N);
    CHECK(v[WINDOW] == 1000 && v[L0] == 8 && v[W0] == 120 && v[W1] == 140 && v[W2] == 160);
    CHECK(v[L1] >= v[L0] + v[W0] + 8 - 1e-9 && v[L2] >= v[L1] + v[W1] + 8 - 1e-9 && v[L2] + v[W2] + 8 <= 1000 + 1e-9);
    /* Narrow window: widths give way, the required order and margins hold. */
    CHECK(kalends_solver_suggest_value(s, WINDOW, 300) == KALENDS_OK);
    CHECK(kalends_solver_update_variables(s, v, N, &changed) == KALENDS_OK && changed > 0);
    CHECK(v[WINDOW] == 300 && v[W0] >= 40 - 1e-9 && v[W1] >= 40 - 1e-9 && v[W2] >= 40 - 1e-9);
    CHECK(fabs(v[L2] + v[W2] + 8 - 300) < 1e-9 && v[W0] + v[W1] + v[W2] + 32 <= 300 + 1e-9);
    /* Too narrow for the required minimum: the window stops at 8 + 3 x (40 + 8). */
    CHECK(kalends_solver_suggest_value(s, WINDOW, 10) == KALENDS_OK);
    CHECK(kalends_solver_update_variables(s, v, N, &changed) == KALENDS_OK);
    CHECK(fabs(v[WINDOW] - 152) < 1e-9 && fabs(v[W0] - 40) < 1e-9);
    /* Nothing moved since: nothing reported. */
    CHECK(kalends_solver_update_variables(s, v, N, &changed) == KALENDS_OK && changed == 0);
    /* A required window width of 100 cannot hold: refused, nothing changes. */
    kalends_term window[1] = {{WINDOW, 0, 1}};
    int32_t bad = -7;
    CHECK(kalends_solver_add_constraint_terms(s, window, 1, -100, KALENDS_RELATION_EQUAL, req, &bad) ==
          KALENDS_E_UNSATISFIABLE && bad == -7);
    CHECK(strstr(kalends_last_error(), "cannot all hold") != NULL);
    CHECK(kalends_solver_update_variables(s, v, N, &changed) == KALENDS_OK && changed == 0);
    CHECK(kalends_solver_free(s) == KALENDS_OK);
}
