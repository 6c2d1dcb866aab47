/* linked_test: dates. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* libc's proleptic Gregorian date of a day number. */
static void libc_date(int32_t day_number, struct tm *out) {
    time_t t = (time_t)day_number * 86400;
    gmtime_r(&t, out);
}

static void test_versions(void) {
    CHECK(kalends_abi_version() == KALENDS_ABI_VERSION);
    CHECK(kalends_version() == KALENDS_VERSION_NUMBER);
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", KALENDS_VERSION_MAJOR, KALENDS_VERSION_MINOR, KALENDS_VERSION_PATCH);
    CHECK(strcmp(kalends_version_string(), expected) == 0);
    CHECK(strcmp(kalends_status_string(KALENDS_OK), "ok") == 0);
    CHECK(strcmp(kalends_status_string(KALENDS_E_INVALID_ARGUMENT), "invalid argument") == 0);
    CHECK(strcmp(kalends_status_string(KALENDS_E_MISUSE), "misuse") == 0);
    CHECK(strcmp(kalends_status_string(-7), "unknown status") == 0);
}

static void test_dates_against_libc(void) {
    int mismatches = 0;
    /* 1600-01-01 ... 2400-12-31, every day */
    kalends_date lo = {1600, 1, 1}, hi = {2400, 12, 31};
    int32_t first = 0, last = 0;
    CHECK(kalends_date_day_number(&lo, &first) == KALENDS_OK);
    CHECK(kalends_date_day_number(&hi, &last) == KALENDS_OK);
    for (int32_t n = first; n <= last; n++) {
        struct tm tm;
        libc_date(n, &tm);
        kalends_date d;
        int32_t wd = 0, yday = 0, back = 0;
        kalends_week_of_year iso;
        if (kalends_date_from_day_number(n, &d) != KALENDS_OK || kalends_date_weekday(&d, &wd) != KALENDS_OK ||
            kalends_date_day_of_year(&d, &yday) != KALENDS_OK || kalends_date_day_number(&d, &back) != KALENDS_OK ||
            kalends_date_iso_week(&d, &iso) != KALENDS_OK) {
            mismatches++;
            continue;
        }
        char g[16], v[16];
        strftime(g, sizeof g, "%G", &tm);
        strftime(v, sizeof v, "%V", &tm);
        int libc_wd = tm.tm_wday == 0 ? 7 : tm.tm_wday;
        if (d.year != tm.tm_year + 1900 || d.month != tm.tm_mon + 1 || d.day != tm.tm_mday || wd != libc_wd ||
            yday != tm.tm_yday + 1 || back != n || iso.year != (int32_t)strtol(g, NULL, 10) ||
            iso.week != (int32_t)strtol(v, NULL, 10)) {
            if (mismatches++ < 5) fprintf(stderr, "    mismatch at day %d\n", (int)n);
        }
    }
    CHECK_MSG(mismatches == 0, "%d days disagree with libc", mismatches);
    CHECK(last - first + 1 == 2 * 146097 + 366); /* two 400-year cycles and the leap year 2400 */

    int32_t leap = -1, days = 0;
    CHECK(kalends_year_is_leap(2000, &leap) == KALENDS_OK && leap == 1);
    CHECK(kalends_year_is_leap(1900, &leap) == KALENDS_OK && leap == 0);
    CHECK(kalends_year_days_in_month(2024, 2, &days) == KALENDS_OK && days == 29);
    CHECK(kalends_year_days_in_month(2023, 2, &days) == KALENDS_OK && days == 28);
}

static void test_errors(void) {
    kalends_date bad = {2023, 2, 29};
    int32_t out = 12345;
    CHECK(kalends_date_day_number(&bad, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(out == 12345); /* untouched */
    CHECK(strstr(kalends_last_error(), "29") != NULL);
    kalends_date far = {1000000, 1, 1};
    CHECK(kalends_date_day_number(&far, &out) == KALENDS_E_OUT_OF_RANGE);
    CHECK(strstr(kalends_last_error(), "1000000") != NULL);
    /* a success leaves the last message alone */
    kalends_date ok = {2026, 11, 22};
    CHECK(kalends_date_day_number(&ok, &out) == KALENDS_OK);
    CHECK(strstr(kalends_last_error(), "1000000") != NULL);
}
