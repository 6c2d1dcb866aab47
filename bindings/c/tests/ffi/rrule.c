/* ffi_test: recurrence rules and sets. Part of ../ffi_test.c: kalends_rrule_* called
   through libffi with the generated signatures (no link-time dependency on libkalends). */

static void test_rrule_ffi(void) {
    /* Every second day at 08:00 from day 20758 (2026-11-01), four times, as dateutil reads
       it; a set of that rule, plus a date, less its second occurrence. */
    const char *text = "FREQ=DAILY;INTERVAL=2;COUNT=4";
    int32_t strict = 1, semantics = KALENDS_RRULE_SEMANTICS_DATEUTIL;
    int64_t start = 20758LL * 86400 + 28800;
    kalends_rrule *rule = NULL, *set = NULL;
    kalends_rrule **prule = &rule, **pset = &set;
    CHECK(call_i32("kalends_rrule_parse", (void *[]){&text, &strict, &start, &semantics, &prule}) == KALENDS_OK && rule);
    CHECK(call_i32("kalends_rrule_new_set", (void *[]){&pset}) == KALENDS_OK && set != NULL);
    CHECK(call_i32("kalends_rrule_add_rule", (void *[]){&set, &rule}) == KALENDS_OK);
    int64_t dates[1] = {20770LL * 86400}, excluded[1] = {start + 2 * 86400};
    const int64_t *pdates = dates, *pexcluded = excluded;
    int32_t one = 1;
    CHECK(call_i32("kalends_rrule_add_dates", (void *[]){&set, &pdates, &one}) == KALENDS_OK);
    CHECK(call_i32("kalends_rrule_exclude_dates", (void *[]){&set, &pexcluded, &one}) == KALENDS_OK);
    /* excluding an empty set changes nothing */
    kalends_rrule *empty = NULL, **pempty = &empty;
    CHECK(call_i32("kalends_rrule_new_set", (void *[]){&pempty}) == KALENDS_OK);
    CHECK(call_i32("kalends_rrule_exclude_rule", (void *[]){&set, &empty}) == KALENDS_OK);
    int64_t got[8];
    int64_t *pgot = got, from = INT64_MIN;
    int32_t inclusive = 1, capacity = 8, n = -1;
    int32_t *pn = &n;
    CHECK(call_i32("kalends_rrule_next", (void *[]){&set, &from, &inclusive, &pgot, &capacity, &pn}) == KALENDS_OK);
    CHECK(n == 4 && got[0] == start && got[1] == start + 4 * 86400 && got[2] == start + 6 * 86400 && got[3] == dates[0]);
    CHECK(call_i32("kalends_rrule_free", (void *[]){&empty}) == KALENDS_OK);
    CHECK(call_i32("kalends_rrule_free", (void *[]){&set}) == KALENDS_OK);
    CHECK(call_i32("kalends_rrule_free", (void *[]){&rule}) == KALENDS_OK);
}
