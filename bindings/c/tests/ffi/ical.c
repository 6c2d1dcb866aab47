/* ffi_test: iCalendar. Part of ../ffi_test.c: kalends_ical_* called through libffi
   with the generated signatures (no link-time dependency on libkalends). */

static void test_ical_ffi(void) {
    /* Every second day at 08:00 UTC from 2026-11-01, three times, and a one-off. */
    static const char text[] =
        "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:a\nSUMMARY:Every other day\n"
        "DTSTART:20261101T080000Z\nDURATION:PT30M\nRRULE:FREQ=DAILY;INTERVAL=2;COUNT=3\nEND:VEVENT\n"
        "BEGIN:VEVENT\nUID:b\nSUMMARY:Once\nDTSTART:20261102T120000Z\nEND:VEVENT\nEND:VCALENDAR\n";
    const uint8_t *bytes = (const uint8_t *)text;
    size_t length = sizeof text - 1;
    const kalends_ical_options *no_options = NULL;
    kalends_ical *cal = NULL;
    kalends_ical **pcal = &cal;
    CHECK(call_i32("kalends_ical_read", (void *[]){&bytes, &length, &no_options, &pcal}) == KALENDS_OK && cal != NULL);
    int32_t n = -1;
    int32_t *pn = &n;
    CHECK(call_i32("kalends_ical_event_count", (void *[]){&cal, &pn}) == KALENDS_OK && n == 2);
    const kalends_timezone *utc = NULL;
    int64_t from = 20758LL * 86400, to = 20788LL * 86400; /* November 2026 */
    kalends_ical_occurrence occ[8];
    kalends_ical_occurrence *pocc = occ;
    int32_t capacity = 8;
    CHECK(call_i32("kalends_ical_between", (void *[]){&cal, &utc, &from, &to, &pocc, &capacity, &pn}) == KALENDS_OK);
    /* Start order: Nov 1 08:00, Nov 2 12:00 (once), Nov 3 08:00, Nov 5 08:00. */
    int64_t want[] = {20758LL * 86400 + 28800, 20759LL * 86400 + 43200, 20760LL * 86400 + 28800, 20762LL * 86400 + 28800};
    CHECK(n == 4);
    for (int i = 0; i < n && i < 4; i++) CHECK(occ[i].start.instant == want[i] && occ[i].start.kind == KALENDS_ICAL_UTC);
    CHECK(n == 4 && occ[1].has_recurrence_id == 0 && strcmp(occ[1].uid, "b") == 0 && occ[0].end.instant == want[0] + 1800);
    /* The first page: two written, four in all. */
    int64_t total = -1;
    int64_t *ptotal = &total;
    capacity = 2;
    CHECK(call_i32("kalends_ical_between_first", (void *[]){&cal, &utc, &from, &to, &pocc, &capacity, &pn, &ptotal}) ==
          KALENDS_OK && n == 2 && total == 4 && occ[1].start.instant == want[1]);
    CHECK(call_i32("kalends_ical_free", (void *[]){&cal}) == KALENDS_OK);
}
