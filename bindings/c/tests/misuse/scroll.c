/* misuse_test: scroll. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* ---- scrolling calendars, flow layout, Auto Layout ----------------------- */

static void test_scroll_misuse(void) {
    kalends_scroll_options o;
    kalends_view_metrics m;
    kalends_scroll *s = NULL, *freed_scroll = NULL;
    kalends_scroll_options_init(&o);
    kalends_view_metrics_init(&m);
    CHECK(kalends_scroll_new(NULL, &o, NULL, &s) == KALENDS_E_NO_INTRINSIC_METRIC);
    CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_NO_INTRINSIC_METRIC); /* width 0 */
    m.width = 300;
    CHECK(kalends_scroll_new(NULL, &o, &m, NULL) == KALENDS_E_INVALID_ARGUMENT);
    int32_t bad[] = {INT32_MIN, -1, 2, 3, INT32_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kalends_scroll_options_init(&o);
        o.axis = bad[i];
        CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_INVALID_ARGUMENT);
        kalends_scroll_options_init(&o);
        o.show_weekdays = bad[i];
        CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_INVALID_ARGUMENT);
    }
    kalends_scroll_options_init(&o);
    o.has_last_month = 1;
    o.last_month = o.first_month;
    o.last_month.year -= 1;
    CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_INVALID_ARGUMENT); /* last before first */
    o.last_month.month = 13;
    CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_INVALID_ARGUMENT);
    kalends_scroll_options_init(&o);
    o.month_spacing = 0.0 / 0.0;
    CHECK(kalends_scroll_new(NULL, &o, &m, &s) == KALENDS_E_INVALID_ARGUMENT);
    o.month_spacing = 24;
    CHECK(kalends_scroll_new((kalends_calendar *)(void *)&foreign_target, &o, &m, &s) == KALENDS_E_MISUSE);
    CHECK(kalends_scroll_new(NULL, &o, &m, &freed_scroll) == KALENDS_OK);
    CHECK(kalends_scroll_free(freed_scroll) == KALENDS_OK);
    CHECK(kalends_scroll_new(live, &o, &m, &s) == KALENDS_OK);

    kalends_rect vp = {0, 0, 300, 300};
    kalends_rect bad_vps[] = {{0.0 / 0.0, 0, 1, 1}, {0, 1.0 / 0.0, 1, 1}, {0, 0, -1, 1}, {0, 0, 1, -5}};
    kalends_element el[64];
    int32_t count;
    kalends_day_range r;
    kalends_date d1, d2, date = {2026, 1, 1};
    double value;
    kalends_size size;
    int32_t months;
    kalends_scroll *bad_handles[] = {freed_scroll, (kalends_scroll *)(void *)live, (kalends_scroll *)(void *)live_view};
    for (size_t i = 0; i < sizeof bad_handles / sizeof bad_handles[0]; i++) {
        kalends_scroll *h = bad_handles[i];
        POISON(el); POISON(count); POISON(r); POISON(d1); POISON(value); POISON(size); POISON(months);
        CHECK(kalends_scroll_month_count(h, &months) == KALENDS_E_MISUSE && UNTOUCHED(months));
        CHECK(kalends_scroll_content_size(h, &size, NULL) == KALENDS_E_MISUSE && UNTOUCHED(size));
        CHECK(kalends_scroll_elements(h, &vp, el, 64, &count) == KALENDS_E_MISUSE && UNTOUCHED(el) && UNTOUCHED(count));
        CHECK(kalends_scroll_visible_days(h, &vp, &r) == KALENDS_E_MISUSE && UNTOUCHED(r));
        CHECK(kalends_scroll_visible_months(h, &vp, &d1, &d2) == KALENDS_E_MISUSE && UNTOUCHED(d1));
        CHECK(kalends_scroll_offset(h, &date, 0, 100, &value) == KALENDS_E_MISUSE && UNTOUCHED(value));
        CHECK(kalends_scroll_free(h) == KALENDS_E_MISUSE);
    }
    for (size_t i = 0; i < sizeof bad_vps / sizeof bad_vps[0]; i++) {
        POISON(el);
        CHECK(kalends_scroll_elements(s, &bad_vps[i], el, 64, &count) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(el));
        CHECK(kalends_scroll_visible_days(s, &bad_vps[i], &r) == KALENDS_E_INVALID_ARGUMENT);
    }
    CHECK(kalends_scroll_elements(s, NULL, el, 64, &count) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_elements(s, &vp, el, 1, &count) == KALENDS_E_BUFFER_TOO_SMALL && count > 1);
    CHECK(kalends_scroll_visible_months(s, &vp, NULL, &d2) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_content_size(s, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_offset(s, &date, 7, 100, &value) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_offset(s, &date, 0, -1, &value) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_offset(s, &date, 0, 0.0 / 0.0, &value) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_scroll_free(NULL) == KALENDS_OK);
    /* fuzz viewports: any finite viewport is answered, no element outside it */
    long outside = 0, failures = 0;
    for (int i = 0; i < 20000; i++) {
        kalends_rect v = {(double)(rnd_int() % 2000) - 500, (double)rnd_int() * 3.7, (double)(rnd() % 900),
                          (double)(rnd() % 3000)};
        int32_t n = 0;
        kalends_element big[1024];
        kalends_status st = kalends_scroll_elements(s, &v, big, 1024, &n);
        if (st != KALENDS_OK && st != KALENDS_E_BUFFER_TOO_SMALL) failures++;
        for (int32_t k = 0; st == KALENDS_OK && k < n; k++)
            if (big[k].frame.y >= v.y + v.height || big[k].frame.y + big[k].frame.height <= v.y ||
                big[k].frame.x >= v.x + v.width || big[k].frame.x + big[k].frame.width <= v.x)
                outside++;
    }
    CHECK_MSG(outside == 0 && failures == 0, "%ld outside, %ld failures", outside, failures);
    CHECK(kalends_scroll_free(s) == KALENDS_OK);

    /* extreme doubles in viewports and metrics (issue 10: 1e30, 1e300, a 4.9e-324 row
       height and a 1e-300 row spacing trapped): every finite viewport is answered, and the
       size query agrees with the elements wherever those fit the buffer */
    long wrong = 0, tried = 0;
    /* Gregorian and Persian (periods of whole weeks) and systems counted from month-start
       tables (Hebrew is left out: a 1024-year block computed per query makes it slow) */
    const char *systems[] = {"gregorian", "dangi", "chinese", "islamic-umalqura", "persian"};
    kalends_calendar *cals[5];
    for (int k = 0; k < 5; k++) {
        kalends_calendar_options co;
        kalends_calendar_options_init(&co);
        co.system = systems[k];
        cals[k] = NULL;
        CHECK(kalends_calendar_new(&co, &cals[k]) == KALENDS_OK);
    }
    for (int k = 0; k < 300; k++) {
        kalends_view_metrics em;
        kalends_view_metrics_init(&em);
        em.width = (double[]){1, 7, 350, 1e6}[rnd() % 4];
        em.header_height = (double[]){0, 4.9e-324, 1, 44, 1e6}[rnd() % 5];
        em.weekday_height = (double[]){0, 1e-300, 20}[rnd() % 3];
        em.row_spacing = (double[]){0, 1e-300, 4.9e-324, 3}[rnd() % 4];
        em.column_spacing = (double[]){0, 60, 1e-300}[rnd() % 3];
        em.scale = (double[]){0, 1, 3, 64}[rnd() % 4];
        em.row_height_mode = (int32_t)(rnd() % 3);
        em.row_height = em.row_height_mode == KALENDS_ROW_HEIGHT_FIXED ? (double[]){4.9e-324, 1e-300, 50, 1e6}[rnd() % 4]
                                                                          : (double[]){1e-3, 1, 1000}[rnd() % 3];
        kalends_scroll_options so;
        kalends_scroll_options_init(&so);
        so.axis = (int32_t)(rnd() % 2);
        so.rows = (int32_t)(rnd() % 2);
        so.out_dates = (int32_t)(rnd() % 2);
        so.first_month.year = (int32_t)(rnd() % 3 == 0 ? -999999 : 2026);
        so.has_last_month = (int32_t)(rnd() % 2);
        so.last_month.year = so.first_month.year + (int32_t)(rnd() % 3);
        so.month_spacing = (double[]){0, 4.9e-324, 24, 1e6}[rnd() % 4];
        kalends_scroll *es = NULL;
        /* chosen by k, not rnd(): the fuzzers after this one keep their random sequences */
        if (kalends_scroll_new(k % 2 ? NULL : cals[(k / 2) % 5], &so, &em, &es) != KALENDS_OK) continue;
        for (int j = 0; j < 40; j++) {
            kalends_rect v = {rnd_double(), rnd_double(), fabs(rnd_double()), fabs(rnd_double())};
            int32_t n = -1, got = -1;
            kalends_day_range dr;
            kalends_date m1, m2;
            kalends_status st = kalends_scroll_elements(es, &v, NULL, 0, &n);
            kalends_status sd = kalends_scroll_visible_days(es, &v, &dr);
            kalends_status sm = kalends_scroll_visible_months(es, &v, &m1, &m2);
            tried++;
            if (st != KALENDS_OK || n < 0) wrong++;
            if ((sd != KALENDS_OK && sd != KALENDS_E_NOT_FOUND) || (sm != KALENDS_OK && sm != KALENDS_E_NOT_FOUND)) wrong++;
            if (st == KALENDS_OK && n == 0 && (sd == KALENDS_OK || sm == KALENDS_OK)) wrong++;
            if (st == KALENDS_OK && n >= 0 && n <= 64) {
                if (kalends_scroll_elements(es, &v, el, 64, &got) != KALENDS_OK || got != n) wrong++;
            }
        }
        kalends_scroll_free(es);
    }
    for (int k = 0; k < 5; k++) kalends_calendar_free(cals[k]);
    CHECK_MSG(wrong == 0 && tried > 1000, "%ld of %ld extreme scroll queries answered wrongly", wrong, tried);
}
