/* misuse_test: iCalendar (kalends_ical_*) and recurring store entries
   (kalends_store_add_series, _query_occurrences, _occurrence_timeline,
   kalends_view_occurrence_bars). Part of ../misuse_test.c, which includes it after the
   store's helpers (live_store, live_zone, freed_store, freed_zone, event_view, snapshot). */

static const char ical_text[] =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//kalends//misuse//EN\r\n"
    "BEGIN:VEVENT\r\nUID:w\r\nSUMMARY:Weekly\r\nDTSTART:20261102T090000Z\r\nDTEND:20261102T100000Z\r\n"
    "RRULE:FREQ=WEEKLY;COUNT=5\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nUID:d\r\nSUMMARY:Day\r\nDTSTART;VALUE=DATE:20261111\r\nEND:VEVENT\r\n"
    "END:VCALENDAR\r\n";

static kalends_ical *live_ical, *freed_ical;

static kalends_series series_of(kalends_event *e, const char *recurrence) {
    kalends_series s;
    memset(&s, 0, sizeof s);
    s.struct_size = sizeof s;
    s.recurrence_length = -1;
    s.event = *e;
    s.recurrence = recurrence;
    return s;
}

static void test_ical_misuse(void) {
    kalends_ical_options o;
    CHECK(kalends_ical_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_ical_options_init(&o) == KALENDS_OK && o.struct_size == sizeof o && o.strict == 0);
    CHECK(kalends_ical_read((const uint8_t *)ical_text, sizeof ical_text - 1, NULL, &live_ical) == KALENDS_OK);
    CHECK(kalends_ical_read((const uint8_t *)ical_text, sizeof ical_text - 1, &o, &freed_ical) == KALENDS_OK);
    CHECK(kalends_ical_free(freed_ical) == KALENDS_OK);
    CHECK(kalends_ical_free(NULL) == KALENDS_OK);

    /* Reading: NULL out, NULL bytes with a length, bad options, strict refusal; out untouched. */
    kalends_ical *out;
    POISON(out);
    CHECK(kalends_ical_read((const uint8_t *)ical_text, 10, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_ical_read(NULL, 5, NULL, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    kalends_ical_options bad = o;
    bad.struct_size = 3;
    CHECK(kalends_ical_read((const uint8_t *)ical_text, 10, &bad, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    bad = o;
    bad.strict = 2;
    CHECK(kalends_ical_read((const uint8_t *)ical_text, 10, &bad, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    bad = o;
    bad.max_line_bytes = INT32_MIN;
    CHECK(kalends_ical_read((const uint8_t *)ical_text, 10, &bad, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    bad = o;
    bad.max_component_lines = 0;
    CHECK(kalends_ical_read((const uint8_t *)ical_text, 10, &bad, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    static const char broken[] = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:2026XX01\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
    o.strict = 1;
    CHECK(kalends_ical_read((const uint8_t *)broken, sizeof broken - 1, &o, &out) == KALENDS_E_PARSE && UNTOUCHED(out));
    CHECK(strstr(kalends_last_error(), "line 4") != NULL);
    o.strict = 0;
    CHECK(kalends_ical_read_file(NULL, NULL, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    CHECK(kalends_ical_read_file("", NULL, &out) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(out));
    CHECK(kalends_ical_read_file("/nonexistent/kalends.ics", NULL, &out) == KALENDS_E_IO && UNTOUCHED(out));
    CHECK(kalends_ical_read_file("/", NULL, &out) == KALENDS_E_IO && UNTOUCHED(out));
    CHECK(kalends_ical_read_file("/x.ics", NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);

    /* Handles: freed, foreign (a store), forged. */
    int32_t n;
    POISON(n);
    CHECK(kalends_ical_event_count(freed_ical, &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
    CHECK(kalends_ical_event_count((kalends_ical *)(void *)live_store, &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
    CHECK(kalends_ical_event_count((kalends_ical *)(void *)sentinel_block, &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
    CHECK(kalends_ical_event_count(NULL, &n) != KALENDS_OK && UNTOUCHED(n));
    CHECK(kalends_ical_free(freed_ical) == KALENDS_E_MISUSE);
    CHECK(kalends_ical_free((kalends_ical *)(void *)live_store) == KALENDS_E_MISUSE);
    CHECK(kalends_ical_event_count(live_ical, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_ical_event_count(live_ical, &n) == KALENDS_OK && n == 2);
    CHECK(kalends_ical_warning_count(live_ical, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_ical_warning_count(live_ical, &n) == KALENDS_OK && n == 0);

    /* Warnings: no such index; strings by the snprintf convention. */
    char text[64];
    size_t length;
    POISON(length);
    POISON(text);
    CHECK(kalends_ical_warning(live_ical, 0, NULL, text, sizeof text, &length) == KALENDS_E_NOT_FOUND && UNTOUCHED(text));
    CHECK(kalends_ical_warning(live_ical, -1, NULL, text, sizeof text, &length) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_ical_warning(live_ical, INT32_MAX, NULL, text, sizeof text, &length) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_ical_write(live_ical, NULL, 10, &length) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(length));
    CHECK(kalends_ical_write(freed_ical, text, sizeof text, &length) == KALENDS_E_MISUSE && UNTOUCHED(length));
    CHECK(kalends_ical_write(live_ical, NULL, 0, &length) == KALENDS_OK && length > 100);
    size_t whole = length;
    CHECK(kalends_ical_write(live_ical, text, 16, &length) == KALENDS_OK && length == whole && strlen(text) == 15);

    /* event_status: no such event, bad buffer, bad handles; outputs untouched when refused. */
    kalends_ical_status st;
    POISON(st);
    POISON(length);
    POISON(text);
    CHECK(kalends_ical_event_status(live_ical, 2, &st, text, sizeof text, &length) == KALENDS_E_NOT_FOUND &&
          UNTOUCHED(st) && UNTOUCHED(length) && UNTOUCHED(text));
    CHECK(kalends_ical_event_status(live_ical, -1, &st, text, sizeof text, &length) == KALENDS_E_NOT_FOUND && UNTOUCHED(st));
    CHECK(kalends_ical_event_status(live_ical, INT32_MIN, &st, NULL, 0, NULL) == KALENDS_E_NOT_FOUND && UNTOUCHED(st));
    CHECK(kalends_ical_event_status(live_ical, 0, &st, NULL, 8, &length) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(st));
    CHECK(kalends_ical_event_status(freed_ical, 0, &st, text, sizeof text, &length) == KALENDS_E_MISUSE && UNTOUCHED(st));
    CHECK(kalends_ical_event_status((kalends_ical *)(void *)live_store, 0, &st, NULL, 0, NULL) == KALENDS_E_MISUSE);
    CHECK(kalends_ical_event_status(live_ical, 0, NULL, NULL, 0, NULL) == KALENDS_OK);
    CHECK(kalends_ical_event_status(live_ical, 1, &st, text, sizeof text, &length) == KALENDS_OK &&
          st == KALENDS_ICAL_STATUS_NONE && length == 0 && text[0] == 0);

    /* between: to before from, capacities, zone handles; out untouched when refused. */
    kalends_ical_occurrence occ[8];
    POISON(occ);
    POISON(n);
    int64_t from = 20758LL * 86400, to = 20788LL * 86400; /* November 2026: 5 weekly instances and the day */
    CHECK(kalends_ical_between(live_ical, NULL, to, from, occ, 8, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(occ) &&
          UNTOUCHED(n));
    CHECK(kalends_ical_between(live_ical, NULL, from, to, occ, -1, &n) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(occ));
    CHECK(kalends_ical_between(live_ical, NULL, from, to, NULL, 8, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_ical_between(live_ical, NULL, from, to, occ, 8, NULL) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(occ));
    CHECK(kalends_ical_between(live_ical, freed_zone, from, to, occ, 8, &n) == KALENDS_E_MISUSE && UNTOUCHED(occ));
    CHECK(kalends_ical_between(freed_ical, NULL, from, to, occ, 8, &n) == KALENDS_E_MISUSE && UNTOUCHED(occ));
    CHECK(kalends_ical_between(live_ical, NULL, from, to, occ, 2, &n) == KALENDS_E_BUFFER_TOO_SMALL && n == 6);
    CHECK(kalends_ical_between(live_ical, NULL, from, to, NULL, 0, &n) == KALENDS_OK && n == 6);
    int64_t all = -1;
    POISON(occ);
    CHECK(kalends_ical_between_first(live_ical, NULL, to, from, occ, 8, &n, &all) == KALENDS_E_INVALID_ARGUMENT &&
          UNTOUCHED(occ));
    CHECK(kalends_ical_between_first(live_ical, NULL, from, to, occ, -1, &n, &all) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_ical_between_first(live_ical, NULL, from, to, NULL, 8, &n, &all) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_ical_between_first(live_ical, NULL, from, to, occ, 8, NULL, &all) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_ical_between_first(freed_ical, NULL, from, to, occ, 8, &n, &all) == KALENDS_E_MISUSE);
    CHECK(kalends_ical_between_first(live_ical, freed_zone, from, to, occ, 8, &n, &all) == KALENDS_E_MISUSE);
    CHECK(kalends_ical_between_first(live_ical, NULL, from, to, occ, 2, &n, &all) == KALENDS_OK && n == 2 && all == 6);
    CHECK(kalends_ical_between_first(live_ical, NULL, from, to, NULL, 0, &n, NULL) == KALENDS_OK && n == 0);
    CHECK(kalends_ical_between(live_ical, live_zone, from, to, occ, 8, &n) == KALENDS_OK && n == 6);
    /* The whole range of int64 is clamped to the recurrence domain, not refused or wrapped. */
    CHECK(kalends_ical_between(live_ical, NULL, INT64_MIN, INT64_MAX, occ, 8, &n) == KALENDS_OK && n == 6);

    /* Import: bad handles change nothing; a duplicate id adds nothing. */
    store_state before = snapshot(live_store);
    CHECK(kalends_ical_import(live_ical, freed_store, NULL, 1, &n) == KALENDS_E_MISUSE);
    CHECK(kalends_ical_import(live_ical, live_store, freed_zone, 1, &n) == KALENDS_E_MISUSE);
    CHECK(kalends_ical_import(freed_ical, live_store, NULL, 1, &n) == KALENDS_E_MISUSE);
    CHECK(kalends_ical_import((kalends_ical *)(void *)live_store, live_store, NULL, 1, &n) == KALENDS_E_MISUSE);
    kalends_event dup = timed_event(900001, 0);
    CHECK(kalends_store_add(live_store, &dup) == KALENDS_OK);
    before = snapshot(live_store);
    CHECK(kalends_ical_import(live_ical, live_store, NULL, 900000, &n) == KALENDS_E_DUPLICATE);
    CHECK(same_state(before, snapshot(live_store)));
    CHECK(kalends_ical_import(live_ical, live_store, NULL, INT64_MAX, &n) != KALENDS_OK);
    CHECK(same_state(before, snapshot(live_store)));
    CHECK(kalends_store_remove(live_store, 900001) == KALENDS_OK);
    CHECK(kalends_store_write_ical(freed_store, NULL, 0, &length) == KALENDS_E_MISUSE);
    CHECK(kalends_store_write_ical(live_store, NULL, 5, &length) == KALENDS_E_INVALID_ARGUMENT);

    /* add_series: every bad field is refused and the store is unchanged. */
    before = snapshot(live_store);
    kalends_event e = timed_event(900010, 0);
    kalends_series s = series_of(&e, "RRULE:FREQ=DAILY");
    CHECK(kalends_store_add_series(live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_add_series(freed_store, &s) == KALENDS_E_MISUSE);
    kalends_series b = s;
    b.struct_size = 8;
    CHECK(kalends_store_add_series(live_store, &b) == KALENDS_E_INVALID_ARGUMENT);
    b = s;
    b.recurrence = NULL;
    CHECK(kalends_store_add_series(live_store, &b) == KALENDS_E_INVALID_ARGUMENT);
    b = s;
    b.recurrence_length = -2;
    CHECK(kalends_store_add_series(live_store, &b) == KALENDS_E_INVALID_ARGUMENT);
    b = s;
    b.recurrence_length = INT32_MAX;
    CHECK(kalends_store_add_series(live_store, &b) == KALENDS_E_INVALID_ARGUMENT);
    b = s;
    b.recurrence = "RRULE:FREQ=DAILY\xff";
    CHECK(kalends_store_add_series(live_store, &b) == KALENDS_E_INVALID_ARGUMENT);
    b = s;
    b.recurrence = "RRULE:FREQ=SOMETIMES";
    CHECK(kalends_store_add_series(live_store, &b) == KALENDS_E_PARSE);
    b = s;
    b.recurrence = "SUMMARY:not a recurrence";
    CHECK(kalends_store_add_series(live_store, &b) == KALENDS_E_PARSE);
    b = s;
    b.zone = freed_zone;
    CHECK(kalends_store_add_series(live_store, &b) == KALENDS_E_MISUSE);
    b = s;
    b.event.end = b.event.start - 1;
    CHECK(kalends_store_add_series(live_store, &b) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(same_state(before, snapshot(live_store)));
    CHECK(kalends_store_add_series(live_store, &s) == KALENDS_OK);
    CHECK(kalends_store_add_series(live_store, &s) == KALENDS_E_DUPLICATE);
    CHECK(kalends_store_series_count(live_store, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_series_count(freed_store, &n) == KALENDS_E_MISUSE);
    CHECK(kalends_store_series_count(live_store, &n) == KALENDS_OK && n == 1);

    /* Occurrence queries: capacities and handles. */
    kalends_occurrence found[4];
    POISON(found);
    CHECK(kalends_store_query_occurrences(live_store, NULL, 20767, 20766, found, 4, &n) == KALENDS_E_INVALID_ARGUMENT &&
          UNTOUCHED(found));
    CHECK(kalends_store_query_occurrences(freed_store, NULL, 20767, 20767, found, 4, &n) == KALENDS_E_MISUSE);
    CHECK(kalends_store_query_occurrences(live_store, freed_zone, 20767, 20767, found, 4, &n) == KALENDS_E_MISUSE);
    CHECK(kalends_store_query_occurrences(live_store, NULL, 20767, 20767, found, -5, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_query_occurrences(live_store, NULL, 20767, 20767, NULL, 4, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_query_occurrences(live_store, NULL, 20767, 20776, found, 4, &n) == KALENDS_E_BUFFER_TOO_SMALL &&
          n >= 10);
    int64_t total = -1;
    POISON(found);
    CHECK(kalends_store_query_first(live_store, NULL, 20767, 20766, found, 4, &n, &total) == KALENDS_E_INVALID_ARGUMENT &&
          UNTOUCHED(found));
    CHECK(kalends_store_query_first(freed_store, NULL, 20767, 20767, found, 4, &n, &total) == KALENDS_E_MISUSE);
    CHECK(kalends_store_query_first(live_store, freed_zone, 20767, 20767, found, 4, &n, &total) == KALENDS_E_MISUSE);
    CHECK(kalends_store_query_first(live_store, NULL, 20767, 20767, found, -5, &n, &total) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_query_first(live_store, NULL, 20767, 20767, NULL, 4, &n, &total) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_query_first(live_store, NULL, 20767, 20767, found, 4, NULL, &total) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_query_first(live_store, NULL, 20767, 20776, found, 4, &n, NULL) == KALENDS_OK && n == 4);
    CHECK(kalends_store_query_first(live_store, NULL, 20767, 20776, NULL, 0, &n, &total) == KALENDS_OK && n == 0 &&
          total >= 10);
    kalends_occurrence_item items[4];
    CHECK(kalends_store_occurrence_timeline(freed_store, NULL, 20767, NULL, items, 4, &n) == KALENDS_E_MISUSE);
    CHECK(kalends_store_occurrence_timeline(live_store, NULL, INT32_MIN, NULL, items, 4, &n) != KALENDS_OK);
    CHECK(kalends_store_occurrence_timeline(live_store, NULL, 20767, NULL, items, -1, &n) == KALENDS_E_INVALID_ARGUMENT);
    kalends_occurrence_bar bars[4];
    kalends_event_more more[4];
    int32_t nb, nm;
    CHECK(kalends_view_occurrence_bars(event_view, freed_store, NULL, NULL, bars, 4, &nb, more, 4, &nm) ==
          KALENDS_E_MISUSE);
    CHECK(kalends_view_occurrence_bars(event_view, live_store, NULL, NULL, bars, -1, &nb, more, 4, &nm) ==
          KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_store_remove(live_store, 900010) == KALENDS_OK);
    CHECK(kalends_store_series_count(live_store, &n) == KALENDS_OK && n == 0);
    CHECK(kalends_ical_free(live_ical) == KALENDS_OK);
}

/* Hostile text: random bytes and mutations of a valid calendar never trap, and each
   read either gives a calendar whose queries work or a documented status. */
static void fuzz_ical(long iterations) {
    static uint8_t buf[2048];
    for (long i = 0; i < iterations; i++) {
        size_t len = sizeof ical_text - 1;
        memcpy(buf, ical_text, len);
        int edits = 1 + (int)(rnd() % 8);
        for (int k = 0; k < edits; k++) {
            size_t at = (size_t)(rnd() % len);
            switch (rnd() % 4) {
            case 0: buf[at] = (uint8_t)rnd(); break;
            case 1: buf[at] = "0123456789:;=,-TZ\r\n "[rnd() % 20]; break;
            case 2: len = at; break;
            default: if (len + 8 < sizeof buf) { memmove(buf + at + 8, buf + at, len - at); memcpy(buf + at, "COUNT=99", 8); len += 8; }
            }
            if (len == 0) break;
        }
        kalends_ical_options o;
        kalends_ical_options_init(&o);
        o.strict = (int32_t)(rnd() % 2);
        kalends_ical *c = NULL;
        kalends_status st = kalends_ical_read(buf, len, &o, &c);
        CHECK_MSG(st == KALENDS_OK || st == KALENDS_E_PARSE, "read gave %d", st);
        if (st != KALENDS_OK) continue;
        kalends_ical_occurrence occ[16];
        int32_t n = 0;
        st = kalends_ical_between(c, NULL, 20758LL * 86400, 20788LL * 86400, occ, 16, &n);
        CHECK_MSG(st == KALENDS_OK || st == KALENDS_E_BUFFER_TOO_SMALL, "between gave %d", st);
        size_t length = 0;
        CHECK(kalends_ical_write(c, NULL, 0, &length) == KALENDS_OK);
        CHECK(kalends_ical_free(c) == KALENDS_OK);
    }
}
