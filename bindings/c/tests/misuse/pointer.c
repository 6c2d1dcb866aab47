/* misuse_test: pointer gestures. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- pointer gestures ------------------------------------------------------ */

static kalends_pointer_event bad_pointer(double x, double y, double time) {
    kalends_pointer_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    e.x = x;
    e.y = y;
    e.time = time;
    return e;
}

/* Events out of order, numbers that are not, structs of the wrong size, bad handles:
   a status, the gesture and the selection unchanged, outputs untouched. */
static void test_pointer_misuse(void) {
    kalends_view_options o;
    kalends_view_metrics m;
    kalends_view *view = NULL;
    kalends_view_options_init(&o);
    kalends_view_metrics_init(&m);
    o.selection_mode = KALENDS_SELECTION_RANGE;
    m.width = 350;
    CHECK(kalends_view_new(NULL, &o, &m, &view) == KALENDS_OK);
    kalends_action a;
    kalends_element hit;
    kalends_gesture g, g2;
    kalends_pointer_event e = bad_pointer(100, 200, 0);

    /* a move, a release or a cancel without a press */
    memset(&a, 0x5a, sizeof a);
    CHECK(kalends_view_pointer_move(view, &e, &hit, &a) == KALENDS_E_MISUSE);
    CHECK(kalends_view_pointer_release(view, &e, &hit, &a) == KALENDS_E_MISUSE);
    CHECK(kalends_view_pointer_cancel(view, &a) == KALENDS_E_MISUSE);
    CHECK(((unsigned char *)&a)[0] == 0x5a);

    /* no width: no hit test, no press */
    kalends_view *narrow = NULL;
    CHECK(kalends_view_new(NULL, NULL, NULL, &narrow) == KALENDS_OK);
    CHECK(kalends_view_pointer_press(narrow, &e, NULL, NULL) == KALENDS_E_NO_INTRINSIC_METRIC);
    CHECK(kalends_view_pointer_move(narrow, &e, NULL, NULL) == KALENDS_E_MISUSE);
    kalends_view_free(narrow);

    /* a press, then a second press */
    CHECK(kalends_view_pointer_press(view, &e, &hit, &a) == KALENDS_OK);
    e.x = 250;
    e.time = 0.1;
    CHECK(kalends_view_pointer_move(view, &e, NULL, NULL) == KALENDS_OK);
    g.struct_size = sizeof g;
    CHECK(kalends_view_gesture(view, &g) == KALENDS_OK && g.phase == KALENDS_GESTURE_PHASE_ACTIVE);
    CHECK(kalends_view_pointer_press(view, &e, NULL, NULL) == KALENDS_E_MISUSE);

    /* numbers that are not */
    double bad[] = {NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kalends_pointer_event b = bad_pointer(bad[i], 200, 1);
        CHECK(kalends_view_pointer_move(view, &b, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
        b = bad_pointer(100, bad[i], 1);
        CHECK(kalends_view_pointer_release(view, &b, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
        b = bad_pointer(100, 200, bad[i]);
        CHECK(kalends_view_pointer_move(view, &b, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    }
    /* structs of the wrong size, an unknown kind, NULL */
    kalends_pointer_event b = bad_pointer(100, 200, 1);
    b.struct_size = 4;
    CHECK(kalends_view_pointer_move(view, &b, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    b.struct_size = sizeof b + 8;
    CHECK(kalends_view_pointer_move(view, &b, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    b = bad_pointer(100, 200, 1);
    b.kind = 7;
    CHECK(kalends_view_pointer_move(view, &b, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_pointer_move(view, NULL, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_gesture(view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    g2.struct_size = 3;
    CHECK(kalends_view_gesture(view, &g2) == KALENDS_E_INVALID_ARGUMENT);
    g2.struct_size = sizeof g2;
    CHECK(kalends_view_gesture(view, &g2) == KALENDS_OK && memcmp(&g, &g2, sizeof g) == 0); /* nothing changed */

    /* huge but finite: a status or nothing, never a trap */
    b = bad_pointer(1e308, -1e308, 1e308);
    CHECK(kalends_view_pointer_move(view, &b, NULL, NULL) == KALENDS_OK);
    b = bad_pointer(-1e308, 1e308, 1e308);
    CHECK(kalends_view_pointer_move(view, &b, NULL, NULL) == KALENDS_OK);
    CHECK(kalends_view_pointer_cancel(view, NULL) == KALENDS_OK);
    /* a release after a cancel */
    CHECK(kalends_view_pointer_release(view, &e, NULL, NULL) == KALENDS_E_MISUSE);

    /* options */
    kalends_pointer_options po;
    CHECK(kalends_pointer_options_init(&po) == KALENDS_OK && po.slop == 8 && po.long_press_duration == 0.5);
    CHECK(kalends_pointer_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    kalends_pointer_options p2 = po;
    p2.slop = NAN;
    CHECK(kalends_view_set_pointer_options(view, &p2) == KALENDS_E_INVALID_ARGUMENT);
    p2 = po;
    p2.swipe_distance = 1.5;
    CHECK(kalends_view_set_pointer_options(view, &p2) == KALENDS_E_INVALID_ARGUMENT);
    p2 = po;
    p2.long_press_duration = 0;
    CHECK(kalends_view_set_pointer_options(view, &p2) == KALENDS_E_INVALID_ARGUMENT);
    p2 = po;
    p2.swipe_axis = 9;
    CHECK(kalends_view_set_pointer_options(view, &p2) == KALENDS_E_INVALID_ARGUMENT);
    p2 = po;
    p2.drag_select = -1;
    CHECK(kalends_view_set_pointer_options(view, &p2) == KALENDS_E_INVALID_ARGUMENT);
    p2.struct_size = sizeof p2;
    CHECK(kalends_view_get_pointer_options(view, &p2) == KALENDS_OK && memcmp(&p2, &po, sizeof po) == 0);

    /* bad handles */
    kalends_view *freed = NULL;
    CHECK(kalends_view_new(NULL, NULL, &m, &freed) == KALENDS_OK);
    kalends_view_free(freed);
    kalends_view *handles[] = {freed, (kalends_view *)(uintptr_t)7};
    for (size_t i = 0; i < 2; i++) {
        CHECK(kalends_view_pointer_press(handles[i], &e, NULL, NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_view_pointer_cancel(handles[i], NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_view_gesture(handles[i], &g) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_pointer_options(handles[i], &po) == KALENDS_E_MISUSE);
    }
    kalends_view_free(view);
}
