/* misuse_test: store. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* NULL where a pointer is required: INVALID_ARGUMENT, outputs untouched. */
static void test_event_nulls(void) {
    kalends_event e = timed_event(50, 0), got;
    kalends_timezone *z;
    kalends_store *s;
    kalends_plugin *p;
    int32_t n, counts[4], id;
    int64_t t;
    size_t length;
    kalends_event_bar bars[4];
    kalends_event_more more[4];
    kalends_timeline_item items[4];
    POISON(z); POISON(s); POISON(p); POISON(n); POISON(t); POISON(got); POISON(id); POISON(counts); POISON(length);
    const uint8_t bytes[8] = {'T', 'Z', 'i', 'f', 0, 0, 0, 0};
    CHECK(kalends_timezone_new("UTC", NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timezone_from_tzif(NULL, 10, "x", &z) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(z));
    CHECK(kalends_timezone_from_tzif(bytes, sizeof bytes, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timezone_name(live_zone, NULL, 8, &length) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(length));
    CHECK(kalends_timezone_day_start(live_zone, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timezone_offset(NULL, 0, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_timezone_local_day(NULL, 0, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_timezone_day_start(NULL, 0, &t) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(t));
    CHECK(kalends_timezone_instant(live_zone, 0, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timezone_instant(NULL, 0, 0, &t) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(t));
    CHECK(kalends_timezone_instant(live_zone, 0, -1, &t) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(t));
    CHECK(kalends_timezone_instant(live_zone, 0, INT32_MAX, &t) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(t));
    CHECK(kalends_timezone_name(NULL, NULL, 0, &length) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(length));
    CHECK(kalends_timezone_free(NULL) == KALENDS_OK);

    CHECK(kalends_store_new(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add(live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add(NULL, &e) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add_events(live_store, NULL, 2) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add_events(live_store, &e, -1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add_events(live_store, &e, INT32_MIN) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add_events(NULL, &e, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_update(live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_update(NULL, &e) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_remove(NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_clear(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_count(live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_count(NULL, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_store_get(live_store, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_get(NULL, 1, &got) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(got));
    CHECK(kalends_store_query(live_store, NULL, 20767, 20767, NULL, 4, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_store_query(live_store, NULL, 20767, 20767, &got, 1, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(got));
    CHECK(kalends_store_query(NULL, NULL, 20767, 20767, &got, 1, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    int64_t ids[4];
    uint64_t version;
    POISON(ids); POISON(version);
    CHECK(kalends_store_query_ids(live_store, NULL, 20767, 20767, NULL, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_store_query_ids(live_store, NULL, 20767, 20767, ids, 4, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(ids));
    CHECK(kalends_store_query_ids(live_store, NULL, 20767, 20767, ids, -1, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(ids));
    CHECK(kalends_store_query_ids(live_store, NULL, 20767, 20766, ids, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(ids));
    CHECK(kalends_store_query_ids(live_store, NULL, INT32_MIN, INT32_MAX, ids, 4, &n, NULL) == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(ids));
    CHECK(kalends_store_query_ids(NULL, NULL, 20767, 20767, ids, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(ids));
    CHECK(kalends_store_version(live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_version(NULL, &version) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(version));
    int32_t indexes[4];
    POISON(indexes); POISON(got);
    CHECK(kalends_store_query_indexes(live_store, NULL, 20767, 20767, NULL, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));
    CHECK(kalends_store_query_indexes(live_store, NULL, 20767, 20766, indexes, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(indexes));
    CHECK(kalends_store_query_indexes(NULL, NULL, 20767, 20767, indexes, 4, &n, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(indexes));
    CHECK(kalends_store_get_at(live_store, 0, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_get_at(NULL, 0, &got, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(got));
    CHECK(kalends_store_get_at(live_store, INT32_MIN, &got, NULL) == KALENDS_E_NOT_FOUND && UNTOUCHED(got));
    CHECK(kalends_store_get_at(live_store, INT32_MAX, &got, NULL) == KALENDS_E_NOT_FOUND && UNTOUCHED(got));
    CHECK(kalends_store_dots(live_store, NULL, 20767, 20770, 0, NULL, NULL, 4) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_dots(live_store, NULL, 20767, 20770, 2, counts, NULL, 4) == KALENDS_E_INVALID_ARGUMENT &&
          UNTOUCHED(counts));
    CHECK(kalends_store_dots(NULL, NULL, 20767, 20770, 0, counts, NULL, 4) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(counts));
    CHECK(kalends_store_free(NULL) == KALENDS_OK);

    CHECK(kalends_bar_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timeline_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    POISON(bars); POISON(more); POISON(items);
    int32_t nb, nm;
    POISON(nb); POISON(nm);
    CHECK(kalends_view_event_bars(event_view, live_store, NULL, NULL, bars, 4, NULL, more, 4, &nm) ==
          KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(bars) && UNTOUCHED(more));
    CHECK(kalends_view_event_bars(event_view, live_store, NULL, NULL, bars, 4, &nb, more, 4, NULL) ==
          KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(bars) && UNTOUCHED(more));
    CHECK(kalends_view_event_bars(event_view, live_store, NULL, NULL, NULL, 4, &nb, more, 4, &nm) ==
          KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(more));
    CHECK(kalends_view_event_bars(NULL, live_store, NULL, NULL, bars, 4, &nb, more, 4, &nm) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_event_bars(event_view, NULL, NULL, NULL, bars, 4, &nb, more, 4, &nm) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(UNTOUCHED(bars) && UNTOUCHED(more)); /* the counts may be set */
    CHECK(kalends_store_timeline(live_store, NULL, 20767, NULL, items, 4, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_timeline(NULL, NULL, 20767, NULL, items, 4, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(items));

    kalends_source src;
    memset(&src, 0, sizeof src);
    CHECK(kalends_view_set_store(NULL, live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_add_source(event_view, NULL, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    CHECK(kalends_view_add_source(NULL, &src, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    CHECK(kalends_view_remove_source(NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_pending_requests(event_view, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_pending_requests(NULL, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(n));

    CHECK(kalends_plugin_load(NULL, NULL, &p) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(p));
    CHECK(kalends_plugin_load(plugin_file("libholidays_c.so"), rules_file("us.rules"), NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_plugin_name(NULL, NULL, 0, &length) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(length));
    CHECK(kalends_plugin_fetch(NULL, 0, 1, live_store, NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_view_add_plugin(event_view, NULL, &id) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(id));
    CHECK(kalends_plugin_free(NULL) == KALENDS_OK);
    CHECK(strlen(kalends_last_error()) > 0);
}

static kalends_status noop_fetch(void *user, int32_t first, int32_t last, const kalends_event_sink *sink) {
    (void)user;
    (void)first;
    (void)last;
    (void)sink;
    return KALENDS_OK;
}

/* Freed, foreign and wrong-type handles: MISUSE, outputs untouched. */
static void test_event_bad_handles(void) {
    kalends_store *stores[] = {freed_store, (kalends_store *)(void *)&foreign_target, (kalends_store *)(void *)live_zone,
                               (kalends_store *)(void *)event_view, (kalends_store *)(void *)live,
                               (kalends_store *)(uintptr_t)3};
    kalends_timezone *zones[] = {freed_zone, (kalends_timezone *)(void *)&foreign_target,
                                 (kalends_timezone *)(void *)live_store, (kalends_timezone *)(uintptr_t)5};
    kalends_plugin *plugins[] = {freed_plugin, (kalends_plugin *)(void *)&foreign_target,
                                 (kalends_plugin *)(void *)live_store, (kalends_plugin *)(void *)live_zone};
    store_state before = snapshot(live_store);
    kalends_event e = timed_event(60, 0), got[4];
    int32_t n, counts[4], id, nb, nm;
    uint32_t colors[8];
    int64_t t;
    size_t length;
    char text[16];
    kalends_event_bar bars[4];
    kalends_event_more more[4];
    kalends_timeline_item items[4];
    kalends_source src;
    memset(&src, 0, sizeof src);
    src.struct_size = sizeof src;
    src.fetch = noop_fetch;
    for (size_t i = 0; i < sizeof stores / sizeof stores[0]; i++) {
        kalends_store *s = stores[i];
        POISON(n); POISON(got); POISON(counts); POISON(colors); POISON(items); POISON(bars); POISON(more);
        POISON(nb); POISON(nm);
        CHECK(kalends_store_add(s, &e) == KALENDS_E_MISUSE);
        CHECK(kalends_store_add_events(s, &e, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_store_update(s, &e) == KALENDS_E_MISUSE);
        CHECK(kalends_store_remove(s, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_store_clear(s) == KALENDS_E_MISUSE);
        CHECK(kalends_store_count(s, &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_store_get(s, 1, got) == KALENDS_E_MISUSE && UNTOUCHED(got));
        CHECK(kalends_store_query(s, NULL, 20767, 20767, got, 4, &n) == KALENDS_E_MISUSE && UNTOUCHED(got) && UNTOUCHED(n));
        int64_t ids[4];
        uint64_t version;
        POISON(ids); POISON(version);
        CHECK(kalends_store_query_ids(s, NULL, 20767, 20767, ids, 4, &n, NULL) == KALENDS_E_MISUSE && UNTOUCHED(ids) && UNTOUCHED(n));
        CHECK(kalends_store_version(s, &version) == KALENDS_E_MISUSE && UNTOUCHED(version));
        int32_t indexes[4];
        POISON(indexes);
        CHECK(kalends_store_query_indexes(s, NULL, 20767, 20767, indexes, 4, &n, NULL) == KALENDS_E_MISUSE && UNTOUCHED(indexes));
        CHECK(kalends_store_get_at(s, 0, got, NULL) == KALENDS_E_MISUSE && UNTOUCHED(got));
        CHECK(kalends_store_dots(s, NULL, 20767, 20770, 2, counts, colors, 4) == KALENDS_E_MISUSE && UNTOUCHED(counts) &&
              UNTOUCHED(colors));
        CHECK(kalends_store_timeline(s, NULL, 20767, NULL, items, 4, &n) == KALENDS_E_MISUSE && UNTOUCHED(items));
        CHECK(kalends_view_event_bars(event_view, s, NULL, NULL, bars, 4, &nb, more, 4, &nm) == KALENDS_E_MISUSE &&
              UNTOUCHED(bars) && UNTOUCHED(nb) && UNTOUCHED(nm));
        CHECK(kalends_plugin_fetch((kalends_plugin *)(void *)s, 0, 1, live_store, NULL, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_store(event_view, s, NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_store_free(s) == KALENDS_E_MISUSE); /* releases nothing, whatever it is */
    }
    for (size_t i = 0; i < sizeof zones / sizeof zones[0]; i++) {
        kalends_timezone *z = zones[i];
        POISON(n); POISON(t); POISON(length); POISON(text); POISON(got); POISON(counts);
        CHECK(kalends_timezone_offset(z, 0, &n, NULL) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_timezone_local_day(z, 0, &n, NULL) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_timezone_day_start(z, 0, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_timezone_instant(z, 0, 0, &t) == KALENDS_E_MISUSE && UNTOUCHED(t));
        CHECK(kalends_timezone_name(z, text, sizeof text, &length) == KALENDS_E_MISUSE && UNTOUCHED(text) &&
              UNTOUCHED(length));
        CHECK(kalends_store_query(live_store, z, 20767, 20767, got, 4, &n) == KALENDS_E_MISUSE && UNTOUCHED(got));
        int64_t ids[4];
        POISON(ids);
        CHECK(kalends_store_query_ids(live_store, z, 20767, 20767, ids, 4, &n, NULL) == KALENDS_E_MISUSE && UNTOUCHED(ids));
        CHECK(kalends_store_dots(live_store, z, 20767, 20770, 0, counts, NULL, 4) == KALENDS_E_MISUSE && UNTOUCHED(counts));
        CHECK(kalends_store_timeline(live_store, z, 20767, NULL, items, 4, &n) == KALENDS_E_MISUSE);
        CHECK(kalends_view_event_bars(event_view, live_store, z, NULL, bars, 4, &nb, more, 4, &nm) == KALENDS_E_MISUSE);
        CHECK(kalends_view_set_store(event_view, live_store, z) == KALENDS_E_MISUSE);
        CHECK(kalends_plugin_fetch((kalends_plugin *)(void *)z, 0, 1, live_store, NULL, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_timezone_free(z) == KALENDS_E_MISUSE);
    }
    for (size_t i = 0; i < sizeof plugins / sizeof plugins[0]; i++) {
        kalends_plugin *p = plugins[i];
        POISON(text); POISON(length); POISON(id);
        CHECK(kalends_plugin_name(p, text, sizeof text, &length) == KALENDS_E_MISUSE && UNTOUCHED(text) && UNTOUCHED(length));
        CHECK(kalends_plugin_fetch(p, 20454, 20818, live_store, NULL, 1) == KALENDS_E_MISUSE);
        CHECK(kalends_view_add_plugin(event_view, p, &id) == KALENDS_E_MISUSE && UNTOUCHED(id));
        CHECK(kalends_plugin_free(p) == KALENDS_E_MISUSE);
    }
    /* views: freed or of another type */
    kalends_view *views[] = {freed_view, (kalends_view *)(void *)live_store};
    for (size_t i = 0; i < 2; i++) {
        POISON(id); POISON(n); POISON(bars);
        CHECK(kalends_view_set_store(views[i], live_store, NULL) == KALENDS_E_MISUSE);
        CHECK(kalends_view_add_source(views[i], &src, &id) == KALENDS_E_MISUSE && UNTOUCHED(id));
        CHECK(kalends_view_remove_source(views[i], 1) == KALENDS_E_MISUSE);
        CHECK(kalends_view_pending_requests(views[i], &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_view_event_bars(views[i], live_store, NULL, NULL, bars, 4, &nb, more, 4, &nm) == KALENDS_E_MISUSE &&
              UNTOUCHED(bars));
    }
    CHECK(same_state(before, snapshot(live_store)));
    CHECK(strstr(kalends_last_error(), "kalends_") != NULL);
}

/* Bad events: refused with their status by add, update and bulk add; nothing changes. */
static void test_bad_events(void) {
    store_state before = snapshot(live_store);
    CHECK(before.count == 3 && before.listed == 3);
    char long_title[4];
    memcpy(long_title, "abcd", 4); /* not NUL-terminated: fine with an explicit length */
    struct {
        kalends_event e;
        kalends_status status;
    } bad[32];
    int n = 0;
#define BAD(expr, st)                   \
    do {                                \
        bad[n].e = timed_event(1, 0);   \
        { kalends_event *e = &bad[n].e; \
          (void)e;                      \
          expr; }                       \
        bad[n++].status = st;           \
    } while (0)
    BAD(e->struct_size = 0, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->struct_size = sizeof *e - 8, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->struct_size = sizeof *e + 8, KALENDS_E_INVALID_ARGUMENT); /* a newer header */
    BAD(e->struct_size = UINT32_MAX, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->end = e->start - 1, KALENDS_E_INVALID_ARGUMENT);
    BAD((e->all_day = 1, e->start = 20767, e->end = 20766), KALENDS_E_INVALID_ARGUMENT);
    BAD(e->all_day = 2, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->all_day = -1, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->all_day = INT32_MIN, KALENDS_E_INVALID_ARGUMENT);
    BAD((e->all_day = 1, e->start = e->end = 400000000), KALENDS_E_OUT_OF_RANGE);  /* beyond 999999-12-31 */
    BAD((e->all_day = 1, e->start = -400000000, e->end = 0), KALENDS_E_OUT_OF_RANGE);
    BAD((e->all_day = 1, e->start = 0, e->end = INT64_MAX), KALENDS_E_OUT_OF_RANGE);
    BAD((e->all_day = 1, e->start = INT64_MIN, e->end = INT64_MIN), KALENDS_E_OUT_OF_RANGE);
    BAD((e->start = INT64_MIN, e->end = INT64_MIN), KALENDS_E_OUT_OF_RANGE);
    BAD((e->start = 0, e->end = INT64_MAX), KALENDS_E_OUT_OF_RANGE);
    BAD((e->start = e->end = 40000000000000LL), KALENDS_E_OUT_OF_RANGE);          /* year ~1.27 million */
    BAD(e->title_length = -2, KALENDS_E_INVALID_ARGUMENT);
    BAD(e->title_length = INT32_MIN, KALENDS_E_INVALID_ARGUMENT);
    BAD((e->title = NULL, e->title_length = 5), KALENDS_E_INVALID_ARGUMENT);
    BAD(e->title = "\xff", KALENDS_E_INVALID_ARGUMENT);
    BAD(e->title = "caf\xc3", KALENDS_E_INVALID_ARGUMENT);              /* truncated sequence */
    BAD(e->title = "\xc0\xaf", KALENDS_E_INVALID_ARGUMENT);             /* overlong */
    BAD(e->title = "\xed\xa0\x80", KALENDS_E_INVALID_ARGUMENT);         /* a surrogate */
    BAD(e->title = "\xf4\x90\x80\x80", KALENDS_E_INVALID_ARGUMENT);     /* above U+10FFFF */
    BAD((e->title = "caf\xc3\xa9", e->title_length = 4), KALENDS_E_INVALID_ARGUMENT); /* cut inside a character */
#undef BAD
    int wrong = 0;
    for (int i = 0; i < n; i++) {
        kalends_event e = bad[i].e, pair[2];
        e.id = 1000 + i;
        kalends_status s1 = kalends_store_add(live_store, &e);
        e.id = 1; /* an existing id: update checks the event first */
        kalends_status s2 = kalends_store_update(live_store, &e);
        pair[0] = timed_event(2000 + i, 3);
        pair[1] = bad[i].e;
        pair[1].id = 3000 + i;
        kalends_status s3 = kalends_store_add_events(live_store, pair, 2);
        if (s1 != bad[i].status || s2 != bad[i].status || s3 != bad[i].status) {
            if (wrong++ < 5) fprintf(stderr, "    bad event %d: add %d, update %d, add_events %d, expected %d\n", i, s1, s2, s3,
                                     bad[i].status);
        }
        if (!same_state(before, snapshot(live_store))) wrong++;
    }
    CHECK_MSG(wrong == 0, "%d bad events handled wrongly", wrong);
    /* duplicates and unknown ids */
    kalends_event e = timed_event(1, 5);
    CHECK(kalends_store_add(live_store, &e) == KALENDS_E_DUPLICATE);
    kalends_event pair[2] = {timed_event(70, 0), timed_event(70, 1)};
    CHECK(kalends_store_add_events(live_store, pair, 2) == KALENDS_E_DUPLICATE);
    e.id = 71;
    CHECK(kalends_store_update(live_store, &e) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_store_remove(live_store, 71) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_store_remove(live_store, INT64_MIN) == KALENDS_E_NOT_FOUND);
    kalends_event got;
    POISON(got);
    CHECK(kalends_store_get(live_store, 71, &got) == KALENDS_E_NOT_FOUND && UNTOUCHED(got));
    CHECK(same_state(before, snapshot(live_store)));
    /* what is fine: a title with an explicit length and no NUL, NULL with length 0, the edges */
    e = timed_event(80, 0);
    e.title = long_title;
    e.title_length = 3;
    CHECK(kalends_store_add(live_store, &e) == KALENDS_OK);
    CHECK(kalends_store_get(live_store, 80, &got) == KALENDS_OK && strcmp(got.title, "abc") == 0);
    e = timed_event(81, 0);
    e.title = NULL;
    e.title_length = 0;
    CHECK(kalends_store_add(live_store, &e) == KALENDS_OK);
    CHECK(kalends_store_get(live_store, 81, &got) == KALENDS_OK && got.title != NULL && got.title[0] == 0);
    kalends_date lo = {KALENDS_YEAR_MIN, 1, 1}, hi = {KALENDS_YEAR_MAX, 12, 31};
    int32_t first = 0, last = 0;
    kalends_date_day_number(&lo, &first);
    kalends_date_day_number(&hi, &last);
    e = day_event(82, first, last); /* every supported day */
    CHECK(kalends_store_add(live_store, &e) == KALENDS_OK);
    e = day_event(82, first - 1, last);
    CHECK(kalends_store_update(live_store, &e) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_store_get(live_store, 82, &got) == KALENDS_OK && got.start == first && got.end == last);
    int32_t count = 0;
    CHECK(kalends_store_query(live_store, NULL, last, last, NULL, 0, &count) == KALENDS_OK && count == 1);
    CHECK(kalends_store_query(live_store, live_zone, first, first, NULL, 0, &count) == KALENDS_OK && count == 1);
    CHECK(kalends_store_remove(live_store, 80) == KALENDS_OK && kalends_store_remove(live_store, 81) == KALENDS_OK &&
          kalends_store_remove(live_store, 82) == KALENDS_OK);
    CHECK(same_state(before, snapshot(live_store)));
}

/* Capacities of the array outputs: negative is INVALID_ARGUMENT, short is
   BUFFER_TOO_SMALL with the count set, and nothing is written either way. */
static void test_event_capacities(void) {
    kalends_event out[4];
    int32_t count, caps[] = {INT32_MIN, -1, 0, 1, 2};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        POISON(out);
        POISON(count);
        kalends_status s = kalends_store_query(live_store, live_zone, 20767, 20770, out, caps[i], &count);
        if (caps[i] < 0) CHECK(s == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(count));
        else CHECK(s == KALENDS_E_BUFFER_TOO_SMALL && count == 3);
        CHECK(UNTOUCHED(out));
    }
    CHECK(kalends_store_query(live_store, live_zone, 20767, 20770, NULL, 0, &count) == KALENDS_OK && count == 3);
    POISON(count);
    CHECK(kalends_store_query(live_store, NULL, 20767, 20766, out, 4, &count) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(count));
    CHECK(kalends_store_query(live_store, NULL, INT32_MAX, INT32_MIN, out, 4, &count) == KALENDS_E_INVALID_ARGUMENT);
    /* dots */
    int32_t counts[4];
    uint32_t colors[8];
    int32_t days[] = {INT32_MIN, -1, 0, 3};
    for (size_t i = 0; i < sizeof days / sizeof days[0]; i++) {
        POISON(counts);
        POISON(colors);
        kalends_status s = kalends_store_dots(live_store, NULL, 20767, 20770, 2, counts, colors, days[i]);
        CHECK_MSG(s == KALENDS_E_BUFFER_TOO_SMALL || (days[i] < 0 && s == KALENDS_E_INVALID_ARGUMENT), "days %d: %d",
                  (int)days[i], (int)s);
        CHECK(UNTOUCHED(counts) && UNTOUCHED(colors));
    }
    int32_t max_colors[] = {INT32_MIN, -1};
    for (size_t i = 0; i < 2; i++) {
        POISON(counts);
        CHECK(kalends_store_dots(live_store, NULL, 20767, 20770, max_colors[i], counts, colors, 4) == KALENDS_E_INVALID_ARGUMENT);
        CHECK(UNTOUCHED(counts));
    }
    CHECK(kalends_store_dots(live_store, NULL, 20770, 20767, 0, counts, NULL, 4) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_dots(live_store, NULL, 20767, 20770, 2, counts, colors, 4) == KALENDS_OK && counts[0] == 3);
    /* timeline */
    kalends_timeline_item items[2];
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        POISON(items);
        POISON(count);
        kalends_status s = kalends_store_timeline(live_store, NULL, 20767, NULL, items, caps[i], &count);
        if (caps[i] < 0) CHECK(s == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(count));
        else if (caps[i] < 2) CHECK(s == KALENDS_E_BUFFER_TOO_SMALL && count == 2);
        else CHECK(s == KALENDS_OK && count == 2 && items[0].event == 1);
        if (caps[i] < 2) CHECK(UNTOUCHED(items));
    }
    CHECK(kalends_store_timeline(live_store, NULL, 20767, NULL, NULL, 2, &count) == KALENDS_E_INVALID_ARGUMENT);
    /* month bars of November 2026 */
    kalends_event_bar bars[8];
    kalends_event_more more[2];
    int32_t nb, nm;
    CHECK(kalends_view_event_bars(event_view, live_store, NULL, NULL, NULL, 0, &nb, NULL, 0, &nm) == KALENDS_OK);
    CHECK(nb == 3 && nm == 0); /* the two timed events and the all-day one in one row */
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        POISON(bars);
        POISON(nb);
        POISON(nm);
        kalends_status s = kalends_view_event_bars(event_view, live_store, NULL, NULL, bars, caps[i], &nb, more, 2, &nm);
        if (caps[i] < 0) CHECK(s == KALENDS_E_INVALID_ARGUMENT);
        else CHECK(s == KALENDS_E_BUFFER_TOO_SMALL && nb == 3 && nm == 0);
        CHECK(UNTOUCHED(bars));
        s = kalends_view_event_bars(event_view, live_store, NULL, NULL, bars, 8, &nb, more, caps[i] < 0 ? caps[i] : 2, &nm);
        CHECK(caps[i] < 0 ? s == KALENDS_E_INVALID_ARGUMENT : s == KALENDS_OK);
    }
    /* names: snprintf conventions */
    char text[8];
    size_t length;
    POISON(text);
    CHECK(kalends_timezone_name(live_zone, text, 1, &length) == KALENDS_OK && text[0] == 0 && length == 12);
    CHECK(kalends_timezone_name(live_zone, NULL, 0, NULL) == KALENDS_OK);
    CHECK(kalends_timezone_name(live_zone, text, sizeof text, NULL) == KALENDS_OK && strcmp(text, "Europe/") == 0);
}

/* A random event: mostly fine, often broken in one of the ways above. */
static kalends_event fuzz_event(void) {
    static const char *titles[] = {"ok", "caf\xc3\xa9", "\xff", "\xc3", "", NULL};
    kalends_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = rnd() % 16 ? (uint32_t)sizeof e : (uint32_t)rnd_int();
    e.all_day = rnd() % 16 ? (int32_t)(rnd() % 2) : rnd_int();
    e.id = rnd() % 32 ? (int64_t)(rnd() % 300) : (int64_t)rnd();
    switch (rnd() % 4) {
    case 0: /* days near the range queried */
        e.start = 20700 + (int64_t)(rnd() % 200);
        e.end = e.start + (int64_t)(rnd() % 40) - (rnd() % 8 == 0);
        if (!e.all_day) {
            e.start = e.start * 86400 + (int64_t)(rnd() % 86400);
            e.end = e.start + (int64_t)(rnd() % (40 * 86400)) - (rnd() % 8 == 0);
        }
        break;
    case 1: e.start = rnd_int(); e.end = e.start + rnd_int() % 1000; break;
    case 2: e.start = (int64_t)rnd_int() * 86400; e.end = e.start + (int64_t)(rnd() % 100000); break;
    default: e.start = (int64_t)rnd(); e.end = rnd() % 2 ? e.start : (int64_t)rnd(); break;
    }
    e.color = (uint32_t)rnd();
    e.user_value = rnd();
    e.title = titles[rnd() % 6];
    e.title_length = rnd() % 8 ? -1 : (int32_t)(rnd() % 4) - 2;
    if (e.title == NULL && rnd() % 2) e.title_length = 0;
    return e;
}

/* Random store operations with random and extreme arguments and handles: every status is
   documented, and a failed call changes nothing (count and the events of 2020 ... 2030). */
static void fuzz_store(long iterations) {
    kalends_store *stores[] = {live_store, live_store, live_store,  live_store,
                               live_store, freed_store, NULL,       (kalends_store *)(void *)live_zone};
    kalends_timezone *zones[] = {NULL, live_zone, live_zone, freed_zone};
    long bad_status = 0, changed = 0, bad_count = 0, bad_value = 0, refused = 0, mutated = 0;
    static kalends_event out[512];
    static int32_t counts[64];
    static uint32_t colors[64 * 8];
    kalends_timeline_item items[64];
    store_state st = snapshot(live_store);
    for (long i = 0; i < iterations; i++) {
        kalends_store *s = stores[rnd() % 8];
        kalends_timezone *z = zones[rnd() % 4];
        int32_t first = rnd() % 3 ? 20700 + (int32_t)(rnd() % 200) : rnd_int();
        int32_t last = rnd() % 3 ? first + (int32_t)(rnd() % 60) - 2 : rnd_int();
        int32_t n = 0, capacity = rnd() % 4 ? (int32_t)(rnd() % 513) : rnd_int() % 513;
        kalends_event e = fuzz_event(), batch[5];
        int mutates = 0, delta = 0;
        kalends_status r = 0;
        switch (rnd() % 10) {
        case 0: r = kalends_store_add(s, &e); mutates = 1; delta = 1; break;
        case 1: r = kalends_store_update(s, &e); mutates = 1; break;
        case 2: r = kalends_store_remove(s, e.id); mutates = 1; delta = -1; break;
        case 3: {
            int32_t k = (int32_t)(rnd() % 6);
            for (int32_t j = 0; j < k; j++) batch[j] = fuzz_event();
            /* a count beyond the array would be the host's overflow: only k or negative */
            int32_t count = rnd() % 16 ? k : rnd() % 2 ? INT32_MIN : -(int32_t)(rnd() % 100) - 1;
            r = kalends_store_add_events(s, rnd() % 16 ? batch : NULL, count);
            mutates = 1;
            delta = k;
            break;
        }
        case 4:
            r = kalends_store_query(s, z, first, last, capacity > 0 || rnd() % 2 ? out : NULL, capacity, &n);
            if (r == KALENDS_OK && n < 0) bad_value++;
            break;
        case 5: {
            int32_t days = rnd() % 8 ? (int32_t)(rnd() % 65) : rnd_int() % 65;
            int32_t max_colors = rnd() % 8 ? (int32_t)(rnd() % 9) : rnd_int() % 9;
            r = kalends_store_dots(s, z, first, last, max_colors, counts, rnd() % 8 ? colors : NULL, days);
            if (r == KALENDS_OK)
                for (int32_t d = 0; d <= last - first && d < 64; d++)
                    if (counts[d] < 0) bad_value++;
            break;
        }
        case 6: {
            kalends_timeline_options o;
            kalends_timeline_options_init(&o);
            if (rnd() % 2) {
                o.first_hour = (int32_t)(rnd() % 26) - 1;
                o.last_hour = (int32_t)(rnd() % 26);
                o.min_height = (double)rnd_int() / 1000;
            }
            r = kalends_store_timeline(s, z, first, rnd() % 4 ? &o : NULL, items, capacity % 65, &n);
            if (r == KALENDS_OK)
                for (int32_t k = 0; k < n; k++)
                    if (items[k].column < 0 || items[k].column >= items[k].columns || items[k].span < 1 ||
                        items[k].column + items[k].span > items[k].columns || !(items[k].frame.height >= 0))
                        bad_value++;
            break;
        }
        case 7: {
            kalends_event got;
            r = kalends_store_get(s, e.id, &got);
            if (r == KALENDS_OK && (got.id != e.id || got.end < got.start)) bad_value++;
            break;
        }
        case 8: r = kalends_store_count(s, &n); break;
        default:
            /* clear now and then keeps the store small; otherwise read the count */
            if (rnd() % 50 == 0) {
                r = kalends_store_clear(s);
                mutates = 1;
                delta = INT32_MIN;
            } else {
                r = kalends_store_count(s, &n);
            }
            break;
        }
        if (r != KALENDS_OK && r != KALENDS_E_INVALID_ARGUMENT && r != KALENDS_E_OUT_OF_RANGE &&
            r != KALENDS_E_BUFFER_TOO_SMALL && r != KALENDS_E_MISUSE && r != KALENDS_E_DUPLICATE && r != KALENDS_E_NOT_FOUND) {
            if (bad_status++ < 3) fprintf(stderr, "    iteration %ld: status %d\n", i, (int)r);
        }
        refused += r != KALENDS_OK;
        if (!mutates || s != live_store) continue;
        store_state now = snapshot(live_store);
        mutated += r == KALENDS_OK;
        if (r != KALENDS_OK) {
            if (!same_state(st, now)) changed++;
        } else if (delta == INT32_MIN ? now.count != 0 : now.count != st.count + delta) {
            bad_count++;
        }
        st = now;
    }
    CHECK_MSG(bad_status == 0, "%ld statuses outside the documented set", bad_status);
    CHECK_MSG(changed == 0, "%ld failed calls changed the store", changed);
    CHECK_MSG(bad_count == 0, "%ld successful calls changed the count wrongly", bad_count);
    CHECK_MSG(bad_value == 0, "%ld impossible results", bad_value);
    printf("misuse_test: fuzzed %ld random store calls (%ld refused, %ld changed the store)\n", iterations, refused, mutated);
}

/* kalends_store_query_rows and kalends_store_answer_init: NULLs, struct sizes, buffers
   NULL with a capacity, negative capacities, bad days, bad handles; nothing written but
   what the header says. */
static void test_store_rows_misuse(void) {
    kalends_store_answer a;
    CHECK(kalends_store_answer_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_answer_init(&a) == KALENDS_OK && a.struct_size == sizeof a && a.rows == NULL);
    kalends_store_row rows[4];
    char titles[64];
    kalends_index_span spans[4];
    a.rows = rows;
    a.rows_capacity = 4;
    a.titles = titles;
    a.titles_capacity = 64;
    a.spans = spans;
    a.spans_capacity = 4;
    CHECK(kalends_store_query_rows(live_store, NULL, 20767, 20770, NULL) == KALENDS_E_INVALID_ARGUMENT);
    kalends_store *stores[] = {freed_store, (kalends_store *)(void *)live_zone, NULL};
    for (size_t i = 0; i < 3; i++) {
        POISON(rows);
        CHECK(kalends_store_query_rows(stores[i], NULL, 20767, 20770, &a) != KALENDS_OK && UNTOUCHED(rows));
    }
    CHECK(kalends_store_query_rows(live_store, freed_zone, 20767, 20770, &a) == KALENDS_E_MISUSE);
    kalends_store_answer bad = a;
    bad.struct_size = 8;
    CHECK(kalends_store_query_rows(live_store, NULL, 20767, 20770, &bad) == KALENDS_E_INVALID_ARGUMENT);
    bad = a;
    bad.struct_size = sizeof a + 8;
    CHECK(kalends_store_query_rows(live_store, NULL, 20767, 20770, &bad) == KALENDS_E_INVALID_ARGUMENT);
    int32_t caps[] = {INT32_MIN, -1};
    for (size_t i = 0; i < 2; i++) {
        bad = a;
        bad.rows_capacity = caps[i];
        CHECK(kalends_store_query_rows(live_store, NULL, 20767, 20770, &bad) == KALENDS_E_INVALID_ARGUMENT);
        bad = a;
        bad.titles_capacity = caps[i];
        CHECK(kalends_store_query_rows(live_store, NULL, 20767, 20770, &bad) == KALENDS_E_INVALID_ARGUMENT);
        bad = a;
        bad.spans_capacity = caps[i];
        CHECK(kalends_store_query_rows(live_store, NULL, 20767, 20770, &bad) == KALENDS_E_INVALID_ARGUMENT);
    }
    bad = a;
    bad.rows = NULL;
    CHECK(kalends_store_query_rows(live_store, NULL, 20767, 20770, &bad) == KALENDS_E_INVALID_ARGUMENT);
    bad = a;
    bad.titles = NULL;
    CHECK(kalends_store_query_rows(live_store, NULL, 20767, 20770, &bad) == KALENDS_E_INVALID_ARGUMENT);
    bad = a;
    bad.spans = NULL;
    CHECK(kalends_store_query_rows(live_store, NULL, 20767, 20770, &bad) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_query_rows(live_store, NULL, 20770, 20767, &a) == KALENDS_E_INVALID_ARGUMENT);
    /* the three events of the store in those days: rows, then spans at their version */
    CHECK(kalends_store_query_rows(live_store, live_zone, 20767, 20770, &a) == KALENDS_OK && a.total == 3 &&
          a.rows_count == 3 && a.spans_count == 0);
    a.known_version = a.version;
    CHECK(kalends_store_query_rows(live_store, live_zone, 20767, 20770, &a) == KALENDS_OK && a.total == 3 &&
          a.rows_count == 0 && a.spans_count >= 1);
    a.spans_capacity = 0;
    CHECK(kalends_store_query_rows(live_store, live_zone, 20767, 20770, &a) == KALENDS_E_BUFFER_TOO_SMALL && a.total == 3 &&
          a.spans_count >= 1);
    a.spans = NULL; /* a size query */
    CHECK(kalends_store_query_rows(live_store, live_zone, 20767, 20770, &a) == KALENDS_OK && a.total == 3 &&
          a.spans_count >= 1 && a.rows_count == 0);
}
