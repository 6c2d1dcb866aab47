/* linked_test: view. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- views ---------------------------------------------------------------- */

typedef struct {
    char log[2048];
    kalends_view *view;
    int32_t misuse_seen;
    int32_t count_seen;
} recorder;

static void record(recorder *r, const char *what, int32_t day) {
    kalends_date d;
    kalends_date_from_day_number(day, &d);
    size_t used = strlen(r->log);
    snprintf(r->log + used, sizeof r->log - used, "%s %d-%02d-%02d;", what, (int)d.year, (int)d.month, (int)d.day);
}

static kalends_status on_select(void *user, int32_t day) {
    recorder *r = (recorder *)user;
    record(r, "select", day);
    /* reading from inside a callback works; changing the view does not */
    kalends_selection sel;
    if (kalends_view_selection(r->view, &sel) == KALENDS_OK) r->count_seen = sel.count;
    if (kalends_view_next_page(r->view, NULL) == KALENDS_E_MISUSE) r->misuse_seen = 1;
    return KALENDS_OK;
}

static kalends_status on_deselect(void *user, int32_t day) {
    record((recorder *)user, "deselect", day);
    return KALENDS_OK;
}

static kalends_status on_page(void *user, const kalends_transition *t) {
    record((recorder *)user, t->direction > 0 ? "forward" : t->direction < 0 ? "backward" : "page", t->to.anchor);
    return KALENDS_OK;
}

static int32_t weekends_disabled(void *user, int32_t day) {
    (void)user;
    int32_t wd = 0;
    kalends_date d;
    kalends_date_from_day_number(day, &d);
    kalends_date_weekday(&d, &wd);
    return wd >= 6;
}

static kalends_view *make_view(int32_t selection_mode, double width) {
    kalends_calendar *cal = make_calendar(KALENDS_MONDAY, 4);
    kalends_view_options o;
    kalends_view_metrics m;
    kalends_view *view = NULL;
    kalends_view_options_init(&o);
    kalends_view_metrics_init(&m);
    o.selection_mode = selection_mode;
    m.width = width;
    CHECK(kalends_view_new(cal, &o, &m, &view) == KALENDS_OK);
    kalends_calendar_free(cal); /* the view copied what it needs */
    return view;
}

static void test_view_paging_and_selection(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_RANGE, 350);
    kalends_page page;
    CHECK(kalends_view_page(view, &page) == KALENDS_OK);
    CHECK(page.mode == KALENDS_MODE_MONTH && page.year == 2026 && page.month == 11); /* today's page */
    recorder rec;
    memset(&rec, 0, sizeof rec);
    rec.view = view;
    kalends_view_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.user_data = &rec;
    cb.did_select = on_select;
    cb.did_deselect = on_deselect;
    cb.page_changed = on_page;
    CHECK(kalends_view_set_callbacks(view, &cb) == KALENDS_OK);

    kalends_date a = {2026, 11, 10}, b = {2026, 11, 6}, c = {2026, 11, 12};
    kalends_action act;
    CHECK(kalends_view_select(view, &a, &act) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_SELECTED);
    CHECK(kalends_view_select(view, &b, &act) == KALENDS_OK);
    CHECK(kalends_view_select(view, &c, &act) == KALENDS_OK);
    kalends_selection sel;
    CHECK(kalends_view_selection(view, &sel) == KALENDS_OK && sel.count == 7 && sel.range_complete == 1);
    CHECK(rec.count_seen == 7 && rec.misuse_seen == 1);
    int32_t days[16], count = 0;
    CHECK(kalends_view_selected_days(view, days, 16, &count) == KALENDS_OK && count == 7 && days[6] - days[0] == 6);
    CHECK(strcmp(rec.log, "select 2026-11-10;deselect 2026-11-10;select 2026-11-06;select 2026-11-12;") == 0);

    kalends_day grid[KALENDS_GRID_MAX_DAYS];
    CHECK(kalends_view_days(view, grid, 42, &count) == KALENDS_OK && count == 42);
    int starts = 0, middles = 0, ends = 0;
    for (int i = 0; i < count; i++) {
        starts += (grid[i].flags & KALENDS_DAY_RANGE_START) != 0;
        middles += (grid[i].flags & KALENDS_DAY_RANGE_MIDDLE) != 0;
        ends += (grid[i].flags & KALENDS_DAY_RANGE_END) != 0;
    }
    CHECK(starts == 1 && middles == 5 && ends == 1);

    /* paging, and a selection on another page moves the page */
    rec.log[0] = 0;
    kalends_transition t;
    CHECK(kalends_view_next_page(view, &t) == KALENDS_OK && t.direction == KALENDS_DIRECTION_FORWARD);
    CHECK(t.from.month == 11 && t.to.month == 12);
    kalends_date far = {2027, 3, 3};
    CHECK(kalends_view_select(view, &far, &act) == KALENDS_OK && act.transition.to.month == 3);
    CHECK(strcmp(rec.log, "forward 2026-12-22;deselect 2026-11-06;deselect 2026-11-12;select 2027-03-03;forward 2027-03-03;") == 0);

    /* mode change reports heights: 350 wide, square rows of 50 */
    kalends_mode_change mc;
    CHECK(kalends_view_set_mode(view, KALENDS_MODE_WEEK, &mc) == KALENDS_OK);
    CHECK(mc.has_heights == 1 && mc.height_before == 44 + 300 && mc.height_after == 44 + 50);
    CHECK(kalends_view_page(view, &page) == KALENDS_OK && page.last - page.first == 6);

    /* disabled days from a predicate */
    cb.is_disabled = weekends_disabled;
    CHECK(kalends_view_set_callbacks(view, &cb) == KALENDS_OK);
    kalends_date saturday = {2027, 3, 6};
    CHECK(kalends_view_select(view, &saturday, &act) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_DISABLED);
    CHECK(kalends_view_set_callbacks(view, NULL) == KALENDS_OK);
    CHECK(kalends_view_free(view) == KALENDS_OK);
}

static void test_view_layout(void) {
    kalends_view *view = make_view(KALENDS_SELECTION_SINGLE, 0);
    kalends_size size = {-1, -1};
    CHECK(kalends_view_intrinsic_size(view, &size) == KALENDS_E_NO_INTRINSIC_METRIC && size.width == -1);
    kalends_view_metrics m;
    kalends_view_metrics_init(&m);
    int problems = 0;
    for (int scale = 1; scale <= 3; scale++) {
        for (int width = 1; width <= 800; width += 7) {
            m.width = width;
            m.scale = scale;
            CHECK(kalends_view_set_metrics(view, &m) == KALENDS_OK);
            kalends_element el[64];
            int32_t n = 0;
            if (kalends_view_layout(view, el, 64, &n) != KALENDS_OK || n != 4 + 7 + 42) problems++;
            for (int32_t i = 0; i < n; i++) {
                if (el[i].kind != KALENDS_ELEMENT_DAY) continue;
                kalends_element hit;
                kalends_view_hit_test(view, el[i].frame.x + el[i].frame.width / 2, el[i].frame.y + el[i].frame.height / 2,
                                      &hit);
                if (hit.kind != KALENDS_ELEMENT_DAY || hit.day_number != el[i].day_number) problems++;
                /* neighbours share an edge exactly */
                if (i > 11 && (el[i].index % 7) != 0 && el[i].frame.x != el[i - 1].frame.x + el[i - 1].frame.width)
                    problems++;
            }
        }
    }
    CHECK_MSG(problems == 0, "%d layout problems", problems);

    /* a tap on the next button pages; on a day selects it */
    m.width = 350;
    m.scale = 2;
    kalends_view_set_metrics(view, &m);
    kalends_element el[64], hit;
    int32_t n = 0;
    kalends_action act;
    kalends_view_layout(view, el, 64, &n);
    CHECK(kalends_view_tap(view, el[3].frame.x + 1, el[3].frame.y + 1, &hit, &act) == KALENDS_OK);
    CHECK(hit.kind == KALENDS_ELEMENT_NEXT && act.outcome == KALENDS_OUTCOME_PAGED && act.transition.to.month == 12);
    kalends_view_layout(view, el, 64, &n);
    CHECK(kalends_view_tap(view, el[20].frame.x + 1, el[20].frame.y + 1, &hit, &act) == KALENDS_OK);
    CHECK(hit.kind == KALENDS_ELEMENT_DAY && act.outcome == KALENDS_OUTCOME_SELECTED && act.day == hit.day_number);

    /* keys */
    kalends_date focus;
    CHECK(kalends_view_key(view, KALENDS_KEY_RIGHT, &act) == KALENDS_OK && act.outcome == KALENDS_OUTCOME_SELECTED);
    CHECK(kalends_view_focus(view, &focus) == KALENDS_OK);
    int32_t focus_day = 0;
    kalends_date_day_number(&focus, &focus_day);
    CHECK(focus_day == hit.day_number + 1);

    /* the transition of the last page change, and accessibility labels */
    double height = 0;
    CHECK(kalends_view_transition_layout(view, 0.5, KALENDS_CURVE_EASE_IN_OUT, NULL, 0, &n, &height) == KALENDS_OK);
    CHECK(n == 4 + 7 + 42 + 42 + 1 && height > 0); /* both pages' days and both titles */
    kalends_date nov22 = {2026, 11, 22};
    char text[64];
    size_t length = 0;
    CHECK(kalends_view_accessibility_label(view, &nov22, text, sizeof text, &length) == KALENDS_OK);
    CHECK(strcmp(text, "Sunday, November 22, 2026, today") == 0 && length == strlen(text));
    CHECK(kalends_view_accessibility_label(view, &nov22, text, 7, &length) == KALENDS_OK);
    CHECK(strcmp(text, "Sunday") == 0 && length == 32); /* snprintf: cut, full length */
    double eased = -1;
    CHECK(kalends_curve_value(KALENDS_CURVE_LINEAR, 0.25, &eased) == KALENDS_OK && eased == 0.25);
    CHECK(kalends_view_free(view) == KALENDS_OK);
}

/* Threads: eight threads drive one view; the view stays consistent. */
static kalends_view *shared_view;

static void *view_worker(void *arg) {
    intptr_t id = (intptr_t)arg, bad = 0;
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    kalends_element el[64];
    for (int i = 0; i < 1500; i++) {
        int32_t count = 0;
        if (id % 2) {
            kalends_view_next_page(shared_view, NULL);
        } else {
            kalends_view_previous_page(shared_view, NULL);
        }
        if (kalends_view_days(shared_view, days, 42, &count) != KALENDS_OK || count % 7 != 0) bad++;
        for (int32_t k = 1; k < count; k++)
            if (days[k].day_number != days[k - 1].day_number + 1) bad++;
        if (kalends_view_layout(shared_view, el, 64, &count) != KALENDS_OK) bad++;
        kalends_date d = {2026, 1 + i % 12, 1 + (int32_t)id};
        kalends_view_select(shared_view, &d, NULL);
    }
    return (void *)bad;
}

static void test_view_threads(void) {
    shared_view = make_view(KALENDS_SELECTION_MULTIPLE, 390);
    pthread_t threads[8];
    for (intptr_t i = 0; i < 8; i++) pthread_create(&threads[i], NULL, view_worker, (void *)i);
    intptr_t bad = 0;
    for (int i = 0; i < 8; i++) {
        void *r = NULL;
        pthread_join(threads[i], &r);
        bad += (intptr_t)r;
    }
    CHECK_MSG(bad == 0, "%ld problems across threads", (long)bad);
    kalends_selection sel;
    CHECK(kalends_view_selection(shared_view, &sel) == KALENDS_OK && sel.count == 8 * 12);
    CHECK(kalends_view_free(shared_view) == KALENDS_OK);
}
