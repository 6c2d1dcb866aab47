/* misuse_test: recurrence rules and sets (kalends_rrule_*). Part of ../misuse_test.c,
   which includes it after the store's helpers (live_store, sentinel_block). */

/* Bad handles, NULLs, bad counts and out-of-range times: a status, and the set as it was. */
static void test_rrule_misuse(void) {
    kalends_rrule *set = NULL, *rule = NULL, *freed_rule = NULL, *out;
    CHECK(kalends_rrule_new_set(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_new_set(&set) == KALENDS_OK && set != NULL);
    CHECK(kalends_rrule_parse("FREQ=DAILY;COUNT=5", 1, 86400, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_OK);
    CHECK(kalends_rrule_parse("FREQ=DAILY;COUNT=5", 1, 86400, KALENDS_RRULE_SEMANTICS_DATEUTIL, &freed_rule) == KALENDS_OK);
    CHECK(kalends_rrule_free(freed_rule) == KALENDS_OK);
    POISON(out);
    CHECK(kalends_rrule_parse("FREQ=DAILY\nEXDATE:20260101", 1, 0, 0, &out) == KALENDS_E_PARSE && UNTOUCHED(out));
    /* kalends_rrule_yearly_text: NULL system, unknown system, bad skip, a day outside, NULL buffer */
    char yt[8] = "x";
    size_t ylen = 0;
    CHECK(kalends_rrule_yearly_text(NULL, 0, 0, yt, sizeof yt, &ylen) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_yearly_text("klingon", 0, 0, yt, sizeof yt, &ylen) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_rrule_yearly_text("hebrew", 0, 3, yt, sizeof yt, &ylen) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_yearly_text("hebrew", INT32_MAX, 0, yt, sizeof yt, &ylen) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_rrule_yearly_text("hebrew", 0, 0, NULL, 8, &ylen) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_yearly_text("hebrew", 0, 0, NULL, 0, &ylen) == KALENDS_OK && ylen > 8);

    kalends_rrule *bad[] = {freed_rule, (kalends_rrule *)(void *)live_store, (kalends_rrule *)(void *)sentinel_block,
                            (kalends_rrule *)(uintptr_t)1};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(kalends_rrule_add_rule(set, bad[i]) == KALENDS_E_MISUSE);
        CHECK(kalends_rrule_add_rule(bad[i], rule) == KALENDS_E_MISUSE);
        CHECK(kalends_rrule_exclude_rule(set, bad[i]) == KALENDS_E_MISUSE);
        CHECK(kalends_rrule_exclude_rule(bad[i], rule) == KALENDS_E_MISUSE);
        CHECK(kalends_rrule_add_dates(bad[i], NULL, 0) == KALENDS_E_MISUSE);
        CHECK(kalends_rrule_exclude_dates(bad[i], NULL, 0) == KALENDS_E_MISUSE);
    }
    CHECK(kalends_rrule_add_rule(NULL, rule) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_add_rule(set, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_exclude_rule(NULL, rule) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_exclude_rule(set, NULL) == KALENDS_E_INVALID_ARGUMENT);
    int64_t times[3] = {86400 * 2, INT64_MIN, 86400 * 3};
    CHECK(kalends_rrule_add_dates(NULL, times, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_add_dates(set, NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_add_dates(set, times, -1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_add_dates(set, times, INT32_MIN) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_add_dates(set, times, 3) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_rrule_exclude_dates(set, NULL, 2) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_exclude_dates(set, times, -7) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_exclude_dates(set, times, 2) == KALENDS_E_OUT_OF_RANGE);
    /* nothing was added by the failed calls */
    int64_t total = -1;
    CHECK(kalends_rrule_count(set, &total) == KALENDS_OK && total == 0);
    CHECK(kalends_rrule_add_rule(set, rule) == KALENDS_OK);
    CHECK(kalends_rrule_exclude_dates(set, times, 1) == KALENDS_OK);
    CHECK(kalends_rrule_count(set, &total) == KALENDS_OK && total == 4);
    /* a set with exclusions is refused whole, and the target is unchanged */
    CHECK(kalends_rrule_add_rule(rule, set) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_exclude_rule(rule, set) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_count(rule, &total) == KALENDS_OK && total == 5);
    char text[8];
    size_t length = 0;
    CHECK(kalends_rrule_text(set, text, sizeof text, &length) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_free(set) == KALENDS_OK);
    CHECK(kalends_rrule_free(set) == KALENDS_E_MISUSE);
    CHECK(kalends_rrule_add_dates(set, times, 1) == KALENDS_E_MISUSE);
    CHECK(kalends_rrule_free(rule) == KALENDS_OK);
}
