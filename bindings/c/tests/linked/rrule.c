/* linked_test: recurrence rules (kalends/rrule.h). Part of ../linked_test.c. */

/* Wall-clock seconds of a UTC civil time, by libc (timegm is not C99: days by mktime's
   arithmetic is avoided; gmtime of multiples of a day is used instead). */
static int64_t rrule_wall(int y, int m, int d, int hh, int mm) {
    kalends_date date;
    date.year = y;
    date.month = m;
    date.day = d;
    int32_t n = 0;
    CHECK(kalends_date_day_number(&date, &n) == KALENDS_OK);
    return (int64_t)n * 86400 + hh * 3600 + mm * 60;
}

/* The 4th Thursday of November of each year 2000...2099, by libc's weekdays. */
static void test_rrule_fourth_thursday(void) {
    kalends_rrule_options o;
    CHECK(kalends_rrule_options_init(&o) == KALENDS_OK);
    int32_t months[1] = {11};
    kalends_rrule_weekday days[1];
    days[0].weekday = KALENDS_THURSDAY;
    days[0].ordinal = 4;
    o.frequency = KALENDS_RRULE_FREQUENCY_YEARLY;
    o.by_month = months;
    o.by_month_count = 1;
    o.by_day = days;
    o.by_day_count = 1;
    o.has_count = 1;
    o.count = 100;
    kalends_rrule *rule = NULL;
    CHECK(kalends_rrule_new(&o, rrule_wall(2000, 1, 1, 9, 30), KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_OK);
    int64_t got[128];
    int32_t n = 0;
    CHECK(kalends_rrule_next(rule, INT64_MIN, 1, got, 128, &n) == KALENDS_OK);
    CHECK(n == 100);
    int bad = 0;
    for (int i = 0; i < n && i < 100; i++) {
        /* libc: the first Thursday of November, + 21 days */
        int64_t nov1 = rrule_wall(2000 + i, 11, 1, 0, 0);
        time_t t = (time_t)nov1;
        struct tm tm;
        gmtime_r(&t, &tm);
        int first_thursday = 1 + (4 - tm.tm_wday + 7) % 7;
        if (got[i] != rrule_wall(2000 + i, 11, first_thursday + 21, 9, 30)) bad++;
    }
    CHECK(bad == 0);
    /* count, index, before/after, between agree with the list */
    int64_t total = 0, at = 0, when = 0;
    int32_t found = 0;
    CHECK(kalends_rrule_count(rule, &total) == KALENDS_OK && total == 100);
    CHECK(kalends_rrule_at(rule, -1, &at, &found) == KALENDS_OK && found == 1 && at == got[99]);
    CHECK(kalends_rrule_at(rule, 100, &at, &found) == KALENDS_OK && found == 0);
    CHECK(kalends_rrule_after(rule, got[10], 0, &when, &found) == KALENDS_OK && found == 1 && when == got[11]);
    CHECK(kalends_rrule_after(rule, got[10], 1, &when, &found) == KALENDS_OK && found == 1 && when == got[10]);
    CHECK(kalends_rrule_before(rule, got[10], 0, &when, &found) == KALENDS_OK && found == 1 && when == got[9]);
    CHECK(kalends_rrule_before(rule, got[0], 0, &when, &found) == KALENDS_OK && found == 0);
    int32_t size = -1;
    CHECK(kalends_rrule_between(rule, got[5], got[15], 0, NULL, 0, &size) == KALENDS_OK && size == 9);
    int64_t small[4];
    CHECK(kalends_rrule_between(rule, got[5], got[15], 1, small, 4, &size) == KALENDS_E_BUFFER_TOO_SMALL && size == 11);
    int64_t mid[16];
    CHECK(kalends_rrule_between(rule, got[5], got[15], 1, mid, 16, &size) == KALENDS_OK && size == 11);
    CHECK(memcmp(mid, got + 5, 11 * sizeof(int64_t)) == 0);
    /* batches from a point: the same occurrences */
    CHECK(kalends_rrule_next(rule, got[49], 0, mid, 3, &n) == KALENDS_OK && n == 3 && mid[0] == got[50] && mid[2] == got[52]);
    uint8_t civil[30];
    CHECK(kalends_rrule_next_civil(rule, got[0], 1, civil, 30, &n) == KALENDS_OK && n == 30);
    CHECK(civil[0] == 2000 >> 8 && civil[1] == (2000 & 255) && civil[2] == 11 && civil[3] == 23 && civil[4] == 9 && civil[5] == 30);
    CHECK(civil[10] == 2001 >> 8 && civil[11] == (2001 & 255) && civil[13] == 22);
    char text[128];
    size_t length = 0;
    CHECK(kalends_rrule_text(rule, text, sizeof text, &length) == KALENDS_OK);
    CHECK(strcmp(text, "FREQ=YEARLY;COUNT=100;BYDAY=4TH;BYMONTH=11") == 0 || strstr(text, "BYDAY=4TH") != NULL);
    CHECK(kalends_rrule_free(rule) == KALENDS_OK);
    /* a freed handle is misuse, not a crash */
    CHECK(kalends_rrule_count(rule, &total) == KALENDS_E_MISUSE);
}

/* RFC 5545's "last Friday of the month" from text, both semantics; bad input. */
static void test_rrule_text_and_errors(void) {
    kalends_rrule *rule = NULL;
    int64_t start = rrule_wall(2026, 1, 7, 12, 0); /* a Wednesday: not a last Friday */
    CHECK(kalends_rrule_parse("RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=3", 1, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_OK);
    int64_t got[8];
    int32_t n = 0;
    CHECK(kalends_rrule_next(rule, INT64_MIN, 1, got, 8, &n) == KALENDS_OK && n == 3);
    CHECK(got[0] == rrule_wall(2026, 1, 30, 12, 0) && got[1] == rrule_wall(2026, 2, 27, 12, 0) && got[2] == rrule_wall(2026, 3, 27, 12, 0));
    kalends_rrule_free(rule);
    /* RFC 5545: DTSTART is the first instance and takes one of COUNT's places */
    CHECK(kalends_rrule_parse("FREQ=MONTHLY;BYDAY=-1FR;COUNT=3", 1, start, KALENDS_RRULE_SEMANTICS_RFC5545, &rule) == KALENDS_OK);
    CHECK(kalends_rrule_next(rule, INT64_MIN, 1, got, 8, &n) == KALENDS_OK && n == 3);
    CHECK(got[0] == start && got[1] == rrule_wall(2026, 1, 30, 12, 0) && got[2] == rrule_wall(2026, 2, 27, 12, 0));
    kalends_rrule_free(rule);

    CHECK(kalends_rrule_parse("FREQ=SOMETIMES", 0, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_E_PARSE);
    CHECK(strlen(kalends_last_error()) > 0);
    CHECK(kalends_rrule_parse("FREQ=DAILY", 2, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_parse("FREQ=DAILY", 0, start, 7, &rule) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_parse(NULL, 0, start, 0, &rule) == KALENDS_E_INVALID_ARGUMENT);
    kalends_rrule_options o;
    kalends_rrule_options_init(&o);
    o.frequency = 9;
    CHECK(kalends_rrule_new(&o, start, 1, &rule) == KALENDS_E_INVALID_ARGUMENT);
    kalends_rrule_options_init(&o);
    o.interval = 0;
    CHECK(kalends_rrule_new(&o, start, 1, &rule) == KALENDS_E_INVALID_ARGUMENT);
    kalends_rrule_options_init(&o);
    o.by_month_count = 2; /* NULL list with entries */
    CHECK(kalends_rrule_new(&o, start, 1, &rule) == KALENDS_E_INVALID_ARGUMENT);
    kalends_rrule_options_init(&o);
    o.struct_size = 8;
    CHECK(kalends_rrule_new(&o, start, 1, &rule) == KALENDS_E_INVALID_ARGUMENT);
    kalends_rrule_options_init(&o);
    CHECK(kalends_rrule_new(&o, INT64_MAX, 1, &rule) == KALENDS_E_OUT_OF_RANGE);
    /* dateutil's constructor error: BYHOUR unreachable from DTSTART every 24 hours */
    int32_t hours[1] = {5};
    o.frequency = KALENDS_RRULE_FREQUENCY_HOURLY;
    o.interval = 24;
    o.by_hour = hours;
    o.by_hour_count = 1;
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_E_INVALID_ARGUMENT);
    /* a batch with a negative capacity, NULL count */
    kalends_rrule_options_init(&o);
    CHECK(kalends_rrule_new(&o, start, 1, &rule) == KALENDS_OK);
    CHECK(kalends_rrule_next(rule, 0, 1, got, -1, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_next(rule, 0, 1, got, 8, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_next(rule, 0, 3, got, 8, &n) == KALENDS_E_INVALID_ARGUMENT);
    /* YEARLY from 2026-01-07 runs to 9999: 7974 occurrences */
    int64_t total = 0;
    CHECK(kalends_rrule_count(rule, &total) == KALENDS_OK && total == 9999 - 2026 + 1);
    kalends_rrule_free(rule);
    CHECK(kalends_rrule_free(NULL) == KALENDS_OK);
}
