/* misuse_test: view. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- views ---------------------------------------------------------------- */

static kalends_view *live_view, *freed_view;

static void make_views(void) {
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 350;
    CHECK(kalends_view_new(live, NULL, &m, &live_view) == KALENDS_OK);
    kalends_view *tmp = NULL;
    CHECK(kalends_view_new(NULL, NULL, NULL, &tmp) == KALENDS_OK);
    freed_view = tmp;
    CHECK(kalends_view_free(freed_view) == KALENDS_OK);
}

/* Every view function with freed, foreign and wrong-type handles: MISUSE, outputs untouched. */
static void test_bad_view_handles(void) {
    kalends_view *bad[] = {freed_view, (kalends_view *)(void *)&foreign_target, (kalends_view *)(void *)live,
                           (kalends_view *)(uintptr_t)7};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kalends_view *v = bad[i];
        kalends_view_options o;
        kalends_view_metrics m;
        kalends_page page;
        kalends_transition t;
        kalends_action a;
        kalends_mode_change mc;
        kalends_selection sel;
        kalends_date d = {2026, 11, 22}, focus;
        kalends_day days[KALENDS_GRID_MAX_DAYS];
        kalends_element el[8], hit;
        kalends_size size;
        int32_t list[8], count;
        double eased, height;
        char text[16];
        size_t length;
        kalends_view_options_init(&o);
        kalends_view_metrics_init(&m);
        POISON(page); POISON(t); POISON(a); POISON(mc); POISON(sel); POISON(focus); POISON(days); POISON(el);
        POISON(hit); POISON(size); POISON(list); POISON(count); POISON(height); POISON(text); POISON(length);
        CHECK(kalends_view_get_options(v, &o) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_options(v, &o) == KALENDS_E_MISUSE);
        CHECK(kalends_view_get_metrics(v, &m) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_metrics(v, &m) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_calendar(v, live) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_callbacks(v, NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_mode(v, KALENDS_MODE_WEEK, &mc) == KALENDS_E_MISUSE && UNTOUCHED(mc));
        CHECK(kalends_view_page(v, &page) == KALENDS_E_MISUSE && UNTOUCHED(page));
        CHECK(kalends_view_next_page(v, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_view_previous_page(v, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_view_go_to(v, &d, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_view_go_to_today(v, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_view_select(v, &d, &a) == KALENDS_E_MISUSE && UNTOUCHED(a));
        CHECK(kalends_view_deselect(v, &d, &a) == KALENDS_E_MISUSE && UNTOUCHED(a));
        CHECK(kalends_view_clear_selection(v) == KALENDS_E_MISUSE);
        CHECK(kalends_view_selection(v, &sel) == KALENDS_E_MISUSE && UNTOUCHED(sel));
        CHECK(kalends_view_selected_days(v, list, 8, &count) == KALENDS_E_MISUSE && UNTOUCHED(list) && UNTOUCHED(count));
        CHECK(kalends_view_highlighted(v, list, 8, &count) == KALENDS_E_MISUSE && UNTOUCHED(count));
        CHECK(kalends_view_disabled(v, list, 8, &count) == KALENDS_E_MISUSE && UNTOUCHED(count));
        CHECK(kalends_view_set_highlighted(v, list, 0) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_disabled(v, list, 0) == KALENDS_E_MISUSE);
        CHECK(kalends_view_focus(v, &focus) == KALENDS_E_MISUSE && UNTOUCHED(focus));
        CHECK(kalends_view_key(v, KALENDS_KEY_LEFT, &a) == KALENDS_E_MISUSE && UNTOUCHED(a));
        CHECK(kalends_view_days(v, days, 42, &count) == KALENDS_E_MISUSE && UNTOUCHED(days));
        CHECK(kalends_view_intrinsic_size(v, &size) == KALENDS_E_MISUSE && UNTOUCHED(size));
        CHECK(kalends_view_layout(v, el, 8, &count) == KALENDS_E_MISUSE && UNTOUCHED(el));
        CHECK(kalends_view_hit_test(v, 1, 1, &hit) == KALENDS_E_MISUSE && UNTOUCHED(hit));
        CHECK(kalends_view_tap(v, 1, 1, &hit, &a) == KALENDS_E_MISUSE && UNTOUCHED(hit) && UNTOUCHED(a));
        CHECK(kalends_view_transition_layout(v, 0.5, 0, el, 8, &count, &height) == KALENDS_E_MISUSE && UNTOUCHED(height));
        CHECK(kalends_view_accessibility_label(v, &d, text, sizeof text, &length) == KALENDS_E_MISUSE && UNTOUCHED(text));
        CHECK(kalends_view_free(v) == KALENDS_E_MISUSE);
        POISON(eased);
        CHECK(kalends_curve_value(i == 0 ? -1 : 3 + (int32_t)i, 0.5, &eased) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(eased));
    }
    /* a calendar handle where a view is expected, and the reverse */
    kalends_calendar_options co;
    co.struct_size = sizeof co;
    CHECK(kalends_calendar_get_options((kalends_calendar *)(void *)live_view, &co) == KALENDS_E_MISUSE);
    CHECK(strstr(kalends_last_error(), "kalends_view") != NULL);
    CHECK(kalends_view_set_calendar(live_view, (kalends_calendar *)(void *)live_view) == KALENDS_E_MISUSE);
}

static void test_view_null_and_bad_arguments(void) {
    kalends_date d = {2026, 11, 22};
    kalends_view_options o;
    kalends_view_metrics m;
    kalends_view *v;
    CHECK(kalends_view_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_metrics_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_new(NULL, NULL, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_get_options(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_set_options(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_set_metrics(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_set_calendar(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_page(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_go_to(live_view, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_select(live_view, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_deselect(live_view, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_selection(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_selected_days(live_view, NULL, 3, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_set_highlighted(live_view, NULL, 3) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_set_disabled(live_view, NULL, -1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_focus(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_intrinsic_size(live_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_hit_test(live_view, 1, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_accessibility_label(live_view, NULL, NULL, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_accessibility_label(live_view, &d, NULL, 10, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_curve_value(0, 0.5, NULL) == KALENDS_E_INVALID_ARGUMENT);
    /* NULL is fine for the optional outputs */
    CHECK(kalends_view_next_page(live_view, NULL) == KALENDS_OK);
    CHECK(kalends_view_previous_page(live_view, NULL) == KALENDS_OK);
    CHECK(kalends_view_tap(live_view, -5, -5, NULL, NULL) == KALENDS_OK);
    CHECK(kalends_view_key(live_view, KALENDS_KEY_ENTER, NULL) == KALENDS_OK);
    size_t length = 0;
    CHECK(kalends_view_accessibility_label(live_view, &d, NULL, 0, &length) == KALENDS_OK && length > 10);

    /* enum values out of range */
    int32_t bad_enums[] = {INT32_MIN, -1, 3, 4, 99, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_enums / sizeof bad_enums[0]; i++) {
        int32_t x = bad_enums[i];
        kalends_view_options_init(&o);
        o.selection_mode = x == 3 ? 4 : x;
        CHECK(kalends_view_new(NULL, &o, NULL, &v) == KALENDS_E_INVALID_ARGUMENT);
        kalends_view_options_init(&o);
        o.mode = x;
        CHECK(kalends_view_set_options(live_view, &o) == KALENDS_E_INVALID_ARGUMENT);
        CHECK(kalends_view_set_mode(live_view, x, NULL) == KALENDS_E_INVALID_ARGUMENT);
        CHECK(kalends_view_key(live_view, x == 3 ? 0 : x * 11, NULL) == KALENDS_E_INVALID_ARGUMENT);
        kalends_view_options_init(&o);
        o.right_to_left = x;
        CHECK(kalends_view_set_options(live_view, &o) == KALENDS_E_INVALID_ARGUMENT);
        kalends_view_metrics_init(&m);
        m.row_height_mode = x;
        CHECK(kalends_view_set_metrics(live_view, &m) == KALENDS_E_INVALID_ARGUMENT);
        CHECK(kalends_view_transition_layout(live_view, 0.5, x, NULL, 0, &length_as_count, NULL) ==
              KALENDS_E_INVALID_ARGUMENT);
    }
    /* metrics that are not lengths */
    double bad_lengths[] = {-1, -0.0001, 1e7, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0};
    for (size_t i = 0; i < sizeof bad_lengths / sizeof bad_lengths[0]; i++) {
        double *fields[] = {&m.width, &m.header_height, &m.weekday_height, &m.inset_top, &m.inset_left,
                            &m.inset_bottom, &m.inset_right, &m.column_spacing, &m.row_spacing, &m.scale};
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++) {
            kalends_view_metrics_init(&m);
            *fields[f] = bad_lengths[i];
            if (f == 0 && bad_lengths[i] == -0.0001) continue;
            CHECK(kalends_view_set_metrics(live_view, &m) == KALENDS_E_INVALID_ARGUMENT);
        }
        kalends_view_metrics_init(&m);
        m.row_height_mode = KALENDS_ROW_HEIGHT_FIXED;
        m.row_height = bad_lengths[i];
        CHECK(kalends_view_set_metrics(live_view, &m) == KALENDS_E_INVALID_ARGUMENT);
    }
    kalends_view_metrics got;
    got.struct_size = sizeof got;
    CHECK(kalends_view_get_metrics(live_view, &got) == KALENDS_OK && got.width == 350); /* still the first metrics */
    /* bad dates in options, max before min */
    kalends_view_options_init(&o);
    o.has_min_date = 1;
    o.min_date = d;
    o.has_max_date = 1;
    o.max_date.year = 2026;
    o.max_date.month = 1;
    o.max_date.day = 1;
    CHECK(kalends_view_new(NULL, &o, NULL, &v) == KALENDS_E_INVALID_ARGUMENT);
    o.max_date.month = 13;
    CHECK(kalends_view_new(NULL, &o, NULL, &v) == KALENDS_E_INVALID_ARGUMENT);
    /* hit tests at non-finite points; day numbers out of range */
    kalends_element hit;
    CHECK(kalends_view_hit_test(live_view, 0.0 / 0.0, 1, &hit) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_tap(live_view, 1, 1.0 / 0.0, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    int32_t days[2] = {0, INT32_MAX};
    CHECK(kalends_view_set_highlighted(live_view, days, 2) == KALENDS_E_OUT_OF_RANGE);
    int32_t count = -1;
    CHECK(kalends_view_highlighted(live_view, NULL, 0, &count) == KALENDS_OK && count == 0);
    /* callbacks struct with a bad size */
    kalends_view_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = 3;
    CHECK(kalends_view_set_callbacks(live_view, &cb) == KALENDS_E_INVALID_ARGUMENT);
}

static int32_t odd_predicate(void *user, int32_t day) {
    (void)user;
    (void)day;
    return 7; /* neither 0 nor 1 */
}

static kalends_status failing_notification(void *user, int32_t day) {
    (void)day;
    (*(int *)user)++;
    return KALENDS_E_PLUGIN;
}

/* Callbacks that misbehave: the view reports KALENDS_E_CALLBACK and stays consistent. */
static void test_bad_callbacks(void) {
    kalends_view *v = NULL;
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    m.width = 300;
    CHECK(kalends_view_new(live, NULL, &m, &v) == KALENDS_OK);
    int calls = 0;
    kalends_view_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.user_data = &calls;
    cb.should_select = odd_predicate;
    CHECK(kalends_view_set_callbacks(v, &cb) == KALENDS_OK);
    kalends_date d = {2026, 11, 10};
    kalends_action a;
    POISON(a);
    CHECK(kalends_view_select(v, &d, &a) == KALENDS_E_CALLBACK && UNTOUCHED(a));
    CHECK(strstr(kalends_last_error(), "should_select") != NULL);
    kalends_selection sel;
    CHECK(kalends_view_selection(v, &sel) == KALENDS_OK && sel.count == 0); /* nothing changed */
    cb.should_select = NULL;
    cb.is_disabled = odd_predicate;
    CHECK(kalends_view_set_callbacks(v, &cb) == KALENDS_OK);
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count;
    CHECK(kalends_view_days(v, days, 42, &count) == KALENDS_E_CALLBACK);
    cb.is_disabled = NULL;
    cb.will_select = failing_notification;
    CHECK(kalends_view_set_callbacks(v, &cb) == KALENDS_OK);
    CHECK(kalends_view_select(v, &d, NULL) == KALENDS_E_CALLBACK && calls == 1);
    CHECK(kalends_view_selection(v, &sel) == KALENDS_OK && sel.count == 0); /* will_ aborts */
    cb.will_select = NULL;
    cb.did_select = failing_notification;
    CHECK(kalends_view_set_callbacks(v, &cb) == KALENDS_OK);
    CHECK(kalends_view_select(v, &d, NULL) == KALENDS_E_CALLBACK && calls == 2);
    CHECK(strstr(kalends_last_error(), "did_select callback returned status 9 (plugin error)") != NULL);
    CHECK(kalends_view_selection(v, &sel) == KALENDS_OK && sel.count == 1); /* did_: the change stands */
    CHECK(kalends_view_free(v) == KALENDS_OK);
}

static void fuzz_views(long iterations) {
    long bad_status = 0, bad_value = 0;
    kalends_view *views[] = {live_view, live_view, freed_view, NULL};
    for (long i = 0; i < iterations; i++) {
        kalends_view *v = views[rnd() % 4];
        kalends_date d = {rnd_int() % 3000, rnd_int() % 14, rnd_int() % 33};
        kalends_element el[128];
        kalends_action a;
        kalends_view_metrics m;
        kalends_view_options o;
        int32_t count = 0;
        double height;
        kalends_status s = 0;
        switch (rnd() % 13) {
        case 12: {
            /* range selections over extreme dates (issue 10: a size query listed every day) */
            kalends_view_options_init(&o);
            o.selection_mode = KALENDS_SELECTION_RANGE;
            if (kalends_view_set_options(v, &o) != KALENDS_OK) break;
            kalends_date ends[] = {{-999999, 1, 1}, {-999999, 3, 1}, {999999, 10, 15}, {999999, 12, 31}, {2026, 11, 22}};
            kalends_view_clear_selection(v);
            kalends_view_select(v, &ends[rnd() % 5], NULL);
            kalends_view_select(v, &ends[rnd() % 5], NULL);
            kalends_selection sel;
            s = kalends_view_selected_days(v, NULL, 0, &count);
            if (s == KALENDS_OK && (kalends_view_selection(v, &sel) != KALENDS_OK || sel.count != count)) bad_value++;
            if (s == KALENDS_OK && count > 0 && count <= 128) {
                int32_t list[128];
                if (kalends_view_selected_days(v, list, 128, &count) != KALENDS_OK || list[count - 1] - list[0] + 1 != count)
                    bad_value++;
            }
            break;
        }
        case 0: s = kalends_view_select(v, &d, &a); break;
        case 1: s = kalends_view_go_to(v, &d, NULL); break;
        case 2: s = kalends_view_key(v, rnd_int() % 12, &a); break;
        case 3: s = kalends_view_tap(v, (double)(rnd_int() % 500), (double)(rnd_int() % 500), NULL, &a); break;
        case 4:
            s = kalends_view_layout(v, el, 128, &count);
            if (s == KALENDS_OK && count != 4 + 7 + 42 && count != 4 + 7 + 35 && count != 4 + 7 + 28 &&
                count != 4 + 7 + 7 && count != 4 + 1 + 1)
                bad_value++;
            break;
        case 5: s = kalends_view_set_mode(v, rnd_int() % 4, NULL); break;
        case 6:
            kalends_view_metrics_init(&m);
            m.width = (double)(rnd_int() % 3000);
            m.scale = (double)(rnd_int() % 5);
            m.column_spacing = (double)(rnd_int() % 30);
            s = kalends_view_set_metrics(v, &m);
            break;
        case 7:
            kalends_view_options_init(&o);
            o.selection_mode = rnd_int() % 5;
            o.rows = rnd_int() % 3;
            o.out_dates = rnd_int() % 3;
            s = kalends_view_set_options(v, &o);
            break;
        case 8: s = kalends_view_transition_layout(v, (double)rnd_int() / 100, rnd_int() % 4, el, 128, &count, &height); break;
        case 9: s = kalends_view_next_page(v, NULL); break;
        case 10: s = kalends_view_hit_test(v, (double)(rnd_int() % 600), (double)(rnd_int() % 600), el); break;
        default: s = kalends_view_deselect(v, &d, &a); break;
        }
        if (s < 0 || s > KALENDS_E_NO_INTRINSIC_METRIC) bad_status++;
    }
    CHECK_MSG(bad_status == 0, "%ld statuses outside the documented set", bad_status);
    CHECK_MSG(bad_value == 0, "%ld impossible view results", bad_value);
    printf("misuse_test: fuzzed %ld random view calls\n", iterations);
}
