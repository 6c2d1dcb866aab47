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

/* The rrule_c fuzzer's findings (fuzz/corpus/rrule_c holds each input). */
static void test_rrule_fuzz_findings(void) {
    kalends_rrule *rule = NULL;
    int64_t start = rrule_wall(2000, 2, 29, 0, 0);
    int64_t got[8], total = -1, when = 0;
    int32_t n = -1, found = -1;
    /* (a) one instance a minute, BYSETPOS=3: never; its one-day between walked minute by
       minute toward 9999 (seconds of CPU). RFC 5545: DTSTART alone; dateutil: nothing. */
    const char *never = "FREQ=MINUTELY;COUNT=78;INTERVAL=5;BYMONTH=10,8,12,7;BYSETPOS=3,3,3;WKST=TH";
    for (int32_t semantics = 0; semantics <= 1; semantics++) {
        int32_t expected = semantics == KALENDS_RRULE_SEMANTICS_RFC5545 ? 1 : 0;
        CHECK(kalends_rrule_parse(never, 0, start, semantics, &rule) == KALENDS_OK);
        CHECK(kalends_rrule_between(rule, start, start + 86400, 1, NULL, 0, &n) == KALENDS_OK && n == expected);
        CHECK(kalends_rrule_count(rule, &total) == KALENDS_OK && total == expected);
        CHECK(kalends_rrule_at(rule, -1, &when, &found) == KALENDS_OK && found == expected);
        CHECK(kalends_rrule_next(rule, start + 1, 1, got, 8, &n) == KALENDS_OK && n == 0);
        kalends_rrule_free(rule);
    }
    kalends_rrule_options o;
    /* (b) DATEUTIL: BYSETPOS 0 is dateutil's ValueError */
    int32_t hours[2] = {10, 1}, positions[2] = {0, -2};
    kalends_rrule_options_init(&o);
    o.frequency = KALENDS_RRULE_FREQUENCY_DAILY;
    o.by_hour = hours;
    o.by_hour_count = 2;
    o.by_set_pos = positions;
    o.by_set_pos_count = 2;
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_E_INVALID_ARGUMENT);
    CHECK_MSG(strcmp(kalends_last_error(), "bysetpos must be between 1 and 366, or between -366 and -1") == 0,
              "%s", kalends_last_error());
    positions[0] = -2;
    o.by_set_pos_count = 1;
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_OK);
    CHECK(kalends_rrule_next(rule, start, 1, got, 2, &n) == KALENDS_OK && n == 2);
    CHECK(got[0] == rrule_wall(2000, 2, 29, 1, 0) && got[1] == rrule_wall(2000, 3, 1, 1, 0)); /* -2 of (1:00, 10:00) */
    kalends_rrule_free(rule);
    /* (c) UNTIL past 9999 (or before 0001) was written as "UNTIL=54777840106": refused */
    kalends_rrule_options_init(&o);
    o.frequency = KALENDS_RRULE_FREQUENCY_DAILY;
    const int64_t days[] = {2000000000, 2932897, -719163, INT32_MIN};
    for (size_t i = 0; i < sizeof days / sizeof days[0]; i++) {
        o.until_kind = KALENDS_RRULE_UNTIL_DATE;
        o.until = days[i];
        for (int32_t semantics = 0; semantics <= 1; semantics++)
            CHECK_MSG(kalends_rrule_new(&o, start, semantics, &rule) == KALENDS_E_OUT_OF_RANGE, "until day %lld", (long long)days[i]);
    }
    o.until_kind = KALENDS_RRULE_UNTIL_LOCAL;
    o.until = 253402300800LL; /* 10000-01-01T00:00 */
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_E_OUT_OF_RANGE);
    o.until = 253402300799LL; /* 9999-12-31T23:59:59 is the domain's last second */
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_OK);
    char text[128];
    size_t length = 0;
    CHECK(kalends_rrule_text(rule, text, sizeof text, &length) == KALENDS_OK);
    CHECK_MSG(strcmp(text, "FREQ=DAILY;UNTIL=99991231T235959;WKST=MO") == 0, "%s", text);
    kalends_rrule_free(rule);
    o.until_kind = KALENDS_RRULE_UNTIL_DATE;
    o.until = 2932896; /* 9999-12-31 */
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_RFC5545, &rule) == KALENDS_OK);
    kalends_rrule_free(rule);
    /* (d) RFC5545: COUNT with UNTIL, BYDAY ordinals in DAILY/WEEKLY rules (3.3.10: MUST NOT) */
    kalends_rrule_options_init(&o);
    o.frequency = KALENDS_RRULE_FREQUENCY_DAILY;
    o.has_count = 1;
    o.count = 5;
    o.until_kind = KALENDS_RRULE_UNTIL_LOCAL;
    o.until = rrule_wall(2001, 1, 1, 0, 0);
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_RFC5545, &rule) == KALENDS_E_INVALID_ARGUMENT);
    CHECK_MSG(strstr(kalends_last_error(), "COUNT and UNTIL") != NULL, "%s", kalends_last_error());
    /* dateutil takes both (with a DeprecationWarning in Python) */
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_OK);
    CHECK(kalends_rrule_count(rule, &total) == KALENDS_OK && total == 5);
    kalends_rrule_free(rule);
    /* a COUNT of INT64_MIN under DATEUTIL (nothing, as any COUNT <= 0): count overflowed */
    kalends_rrule_options_init(&o);
    o.frequency = KALENDS_RRULE_FREQUENCY_DAILY;
    o.has_count = 1;
    o.count = INT64_MIN;
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_OK);
    CHECK(kalends_rrule_count(rule, &total) == KALENDS_OK && total == 0);
    CHECK(kalends_rrule_at(rule, -1, &when, &found) == KALENDS_OK && found == 0);
    CHECK(kalends_rrule_next(rule, start, 1, got, 8, &n) == KALENDS_OK && n == 0);
    kalends_rrule_free(rule);
    kalends_rrule_weekday first_monday[1];
    first_monday[0].weekday = KALENDS_MONDAY;
    first_monday[0].ordinal = 1;
    kalends_rrule_options_init(&o);
    o.by_day = first_monday;
    o.by_day_count = 1;
    const int32_t refused[] = {KALENDS_RRULE_FREQUENCY_DAILY, KALENDS_RRULE_FREQUENCY_WEEKLY, KALENDS_RRULE_FREQUENCY_HOURLY};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        o.frequency = refused[i];
        CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_RFC5545, &rule) == KALENDS_E_INVALID_ARGUMENT);
        CHECK_MSG(strstr(kalends_last_error(), "ordinal") != NULL, "%s", kalends_last_error());
    }
    /* MONTHLY takes it: the first Monday of each month, after DTSTART */
    o.frequency = KALENDS_RRULE_FREQUENCY_MONTHLY;
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_RFC5545, &rule) == KALENDS_OK);
    CHECK(kalends_rrule_next(rule, start, 1, got, 3, &n) == KALENDS_OK && n == 3);
    CHECK(got[0] == start && got[1] == rrule_wall(2000, 3, 6, 0, 0) && got[2] == rrule_wall(2000, 4, 3, 0, 0));
    kalends_rrule_free(rule);
}

/* kalends_rrule_next_civil counts months forward between occurrences: every record equals
   kalends_date_from_day_number of kalends_rrule_next's wall time, for rules that step a
   day, a week, 45 days, a year and 7 hours at a time across month, year and leap-day
   boundaries (1899 ... 2101, before and after 1970), in batches that do not end on months. */
static void test_rrule_next_civil_counts_months(void) {
    static int64_t walls[4000];
    static uint8_t civil[40000];
    const int32_t frequencies[] = {KALENDS_RRULE_FREQUENCY_DAILY, KALENDS_RRULE_FREQUENCY_WEEKLY,
                                   KALENDS_RRULE_FREQUENCY_DAILY, KALENDS_RRULE_FREQUENCY_YEARLY,
                                   KALENDS_RRULE_FREQUENCY_HOURLY};
    const int64_t intervals[] = {1, 1, 45, 1, 7};
    for (size_t r = 0; r < sizeof frequencies / sizeof frequencies[0]; r++) {
        kalends_rrule_options o;
        kalends_rrule_options_init(&o);
        o.frequency = frequencies[r];
        o.interval = intervals[r];
        o.has_count = 1;
        o.count = 3000;
        kalends_rrule *rule = NULL;
        int64_t start = rrule_wall(r == 3 ? 1 : 1899, 12, 29, 23, 58) + 17;
        CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_DATEUTIL, &rule) == KALENDS_OK);
        int32_t n = 0, bytes = 0, total = 0;
        CHECK(kalends_rrule_next(rule, start, 1, walls, 4000, &n) == KALENDS_OK && n == 3000);
        int64_t from = start;
        int32_t inclusive = 1;
        while (total < 3000) {
            CHECK(kalends_rrule_next_civil(rule, from, inclusive, civil + total * 10, 337 * 10 + 7, &bytes) == KALENDS_OK);
            if (bytes == 0) break;
            total += bytes / 10;
            from = walls[total - 1];
            inclusive = 0;
        }
        CHECK_MSG(total == 3000, "rule %d: %d records", (int)r, (int)total);
        int bad = 0;
        for (int32_t i = 0; i < total && !bad; i++) {
            int64_t w = walls[i];
            int64_t day = w >= 0 ? w / 86400 : -((-w + 86399) / 86400);
            int64_t sod = w - day * 86400;
            kalends_date d;
            CHECK(kalends_date_from_day_number((int32_t)day, &d) == KALENDS_OK);
            const uint8_t *p = civil + i * 10;
            if (p[0] != (uint8_t)(d.year >> 8) || p[1] != (uint8_t)d.year || p[2] != d.month || p[3] != d.day ||
                p[4] != sod / 3600 || p[5] != sod / 60 % 60 || p[6] != sod % 60 || p[7] || p[8] || p[9])
                bad = 1;
            CHECK_MSG(!bad, "rule %d record %d: %d-%d-%d %d:%d:%d, expected %d-%d-%d", (int)r, (int)i,
                      p[0] * 256 + p[1], p[2], p[3], p[4], p[5], p[6], (int)d.year, (int)d.month, (int)d.day);
        }
        kalends_rrule_free(rule);
    }
}

/* kalends_rrule_between counts before it lists: a window of centuries of a SECONDLY rule
   is OUT_OF_RANGE (more than an int32_t count) at once instead of a list of 10^11
   occurrences; a year of a MINUTELY rule is counted and then listed exactly as
   kalends_rrule_next lists it; inclusive and exclusive ends, RFC 5545's DTSTART. */
static void test_rrule_between_counts_first(void) {
    kalends_rrule_options o;
    kalends_rrule *rule = NULL;
    int32_t n = -1, m = -1;
    int64_t start = rrule_wall(2000, 1, 1, 0, 0);
    kalends_rrule_options_init(&o);
    o.frequency = KALENDS_RRULE_FREQUENCY_SECONDLY;
    CHECK(kalends_rrule_new(&o, start, KALENDS_RRULE_SEMANTICS_RFC5545, &rule) == KALENDS_OK);
    CHECK(kalends_rrule_between(rule, start, rrule_wall(9000, 1, 1, 0, 0), 1, NULL, 0, &n) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_rrule_between(rule, start, start + 86400, 1, NULL, 0, &n) == KALENDS_OK && n == 86401);
    CHECK(kalends_rrule_between(rule, start, start + 86400, 0, NULL, 0, &n) == KALENDS_OK && n == 86399);
    kalends_rrule_free(rule);
    static int64_t listed[530000], expected[530000];
    const int32_t freqs[] = {KALENDS_RRULE_FREQUENCY_MINUTELY, KALENDS_RRULE_FREQUENCY_MONTHLY};
    for (int32_t semantics = 0; semantics <= 1; semantics++) {
        for (size_t f = 0; f < 2; f++) {
            kalends_rrule_options_init(&o);
            o.frequency = freqs[f];
            kalends_rrule_weekday last_weekday[5];
            for (int32_t i = 0; i < 5; i++) { last_weekday[i].weekday = i + 1; last_weekday[i].ordinal = 0; }
            int32_t last[1] = {-1};
            if (f == 1) { /* the last weekday of each month: BYSETPOS, no closed form */
                o.by_day = last_weekday;
                o.by_day_count = 5;
                o.by_set_pos = last;
                o.by_set_pos_count = 1;
            }
            CHECK(kalends_rrule_new(&o, start + 30, semantics, &rule) == KALENDS_OK);
            int64_t a = start + 30, b = rrule_wall(f == 0 ? 2001 : 2400, 1, 1, 0, 0) + 30;
            for (int32_t inclusive = 0; inclusive <= 1; inclusive++) {
                CHECK(kalends_rrule_between(rule, a, b, inclusive, NULL, 0, &n) == KALENDS_OK);
                CHECK(n > 0 && n <= 530000);
                CHECK(kalends_rrule_between(rule, a, b, inclusive, listed, n - 1, &m) == KALENDS_E_BUFFER_TOO_SMALL && m == n);
                CHECK(kalends_rrule_between(rule, a, b, inclusive, listed, 530000, &m) == KALENDS_OK && m == n);
                int32_t k = 0;
                CHECK(kalends_rrule_next(rule, a, inclusive, expected, 530000, &k) == KALENDS_OK);
                while (k > 0 && (expected[k - 1] > b || (!inclusive && expected[k - 1] == b))) k--;
                CHECK_MSG(k == n, "semantics %d rule %d inclusive %d: between %d, next %d", (int)semantics, (int)f,
                          (int)inclusive, (int)n, (int)k);
                CHECK(memcmp(listed, expected, (size_t)n * sizeof listed[0]) == 0);
            }
            kalends_rrule_free(rule);
        }
    }
}

/* All of a handle's occurrences (a rule with COUNT or UNTIL), by kalends_rrule_next. */
static int32_t rrule_all(const kalends_rrule *rule, int64_t *out, int32_t capacity) {
    int32_t n = 0;
    CHECK(kalends_rrule_next(rule, INT64_MIN, 1, out, capacity, &n) == KALENDS_OK);
    return n;
}

static int rrule_compare(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static int rrule_holds(const int64_t *list, int32_t n, int64_t t) {
    for (int32_t i = 0; i < n; i++)
        if (list[i] == t) return 1;
    return 0;
}

/* A recurrence set (dateutil's rruleset): two rules, an RFC 5545 rule (its start is one
   of its occurrences), dates (one a rule gives too, one before everything), an exclusion
   rule and excluded dates. The expected occurrences are made here from the single rules'
   own lists: their union, sorted, each time once, less what the exclusions give. Every
   expanding call answers as on that list; the calls' order does not matter; the handles
   added are copied. */
static void test_rrule_set(void) {
    static const char *includes[] = {"FREQ=WEEKLY;BYDAY=MO,WE;COUNT=40", "FREQ=MONTHLY;BYMONTHDAY=15;COUNT=12",
                                     "FREQ=DAILY;INTERVAL=10;COUNT=8"};
    const int64_t starts[] = {rrule_wall(2026, 1, 5, 9, 0), rrule_wall(2026, 1, 15, 9, 0), rrule_wall(2026, 2, 2, 7, 30)};
    const kalends_rrule_semantics semantics[] = {KALENDS_RRULE_SEMANTICS_DATEUTIL, KALENDS_RRULE_SEMANTICS_DATEUTIL,
                                                 KALENDS_RRULE_SEMANTICS_RFC5545};
    kalends_rrule *rules[3] = {NULL, NULL, NULL}, *ex = NULL;
    static int64_t expected[256], excluded[128], got[256];
    int32_t n = 0, nx = 0;
    for (int i = 0; i < 3; i++) {
        CHECK(kalends_rrule_parse(includes[i], 1, starts[i], semantics[i], &rules[i]) == KALENDS_OK);
        n += rrule_all(rules[i], expected + n, 256 - n);
    }
    CHECK(n == 40 + 12 + 8);
    /* Wednesdays from February to April out */
    CHECK(kalends_rrule_parse("FREQ=WEEKLY;BYDAY=WE;UNTIL=20260401T000000", 1, rrule_wall(2026, 2, 1, 9, 0),
                              KALENDS_RRULE_SEMANTICS_DATEUTIL, &ex) == KALENDS_OK);
    nx = rrule_all(ex, excluded, 128);
    CHECK(nx == 8);
    int64_t dates[3] = {rrule_wall(2026, 1, 7, 9, 0) /* a rule gives it too */, rrule_wall(2025, 12, 24, 18, 0),
                        rrule_wall(2026, 3, 3, 12, 0)};
    int64_t exdates[3] = {rrule_wall(2026, 1, 12, 9, 0), rrule_wall(2026, 3, 3, 12, 0), rrule_wall(2030, 1, 1, 0, 0)};
    for (int i = 0; i < 3; i++) expected[n++] = dates[i];
    for (int i = 0; i < 3; i++) excluded[nx++] = exdates[i];
    qsort(expected, (size_t)n, sizeof expected[0], rrule_compare);
    int32_t m = 0;
    for (int32_t i = 0; i < n; i++)
        if ((m == 0 || expected[m - 1] != expected[i]) && !rrule_holds(excluded, nx, expected[i])) expected[m++] = expected[i];
    n = m;
    CHECK(n > 40 && expected[0] == dates[1]);

    /* built in two orders: exclusions first, then the rest; and the other way round */
    kalends_rrule *sets[2] = {NULL, NULL};
    for (int order = 0; order < 2; order++) {
        CHECK(kalends_rrule_new_set(&sets[order]) == KALENDS_OK);
        kalends_rrule *s = sets[order];
        int32_t none = -1;
        CHECK(kalends_rrule_next(s, INT64_MIN, 1, got, 4, &none) == KALENDS_OK && none == 0);
        if (order == 0) {
            CHECK(kalends_rrule_exclude_rule(s, ex) == KALENDS_OK);
            CHECK(kalends_rrule_exclude_dates(s, exdates, 3) == KALENDS_OK);
        }
        for (int i = 2; i >= 0; i--) CHECK(kalends_rrule_add_rule(s, rules[i]) == KALENDS_OK);
        CHECK(kalends_rrule_add_dates(s, dates, 2) == KALENDS_OK);
        CHECK(kalends_rrule_add_dates(s, dates + 2, 1) == KALENDS_OK);
        CHECK(kalends_rrule_add_dates(s, NULL, 0) == KALENDS_OK);
        if (order == 1) {
            CHECK(kalends_rrule_add_rule(s, s) == KALENDS_OK); /* itself: the same occurrences */
            CHECK(kalends_rrule_exclude_dates(s, exdates, 3) == KALENDS_OK);
            CHECK(kalends_rrule_exclude_rule(s, ex) == KALENDS_OK);
        }
    }
    /* the added handles were copied */
    for (int i = 0; i < 3; i++) CHECK(kalends_rrule_free(rules[i]) == KALENDS_OK);
    CHECK(kalends_rrule_free(ex) == KALENDS_OK);
    for (int order = 0; order < 2; order++) {
        kalends_rrule *s = sets[order];
        int32_t k = 0;
        CHECK(kalends_rrule_next(s, INT64_MIN, 1, got, 256, &k) == KALENDS_OK);
        CHECK_MSG(k == n && memcmp(got, expected, (size_t)n * sizeof got[0]) == 0, "order %d: %d of %d", order, (int)k, (int)n);
        /* in batches of 7 from each point */
        int32_t total = 0;
        int64_t from = INT64_MIN;
        int32_t inclusive = 1;
        for (;;) {
            CHECK(kalends_rrule_next(s, from, inclusive, got + total, 7, &k) == KALENDS_OK);
            total += k;
            if (k < 7) break;
            from = got[total - 1];
            inclusive = 0;
        }
        CHECK(total == n && memcmp(got, expected, (size_t)n * sizeof got[0]) == 0);
        uint8_t civil[20];
        CHECK(kalends_rrule_next_civil(s, expected[1], 1, civil, 20, &k) == KALENDS_OK && k == 20);
        CHECK(civil[0] * 256 + civil[1] == 2026 && civil[2] == 1 && civil[3] == 5 && civil[4] == 9 && civil[5] == 0);
        int64_t total64 = 0, when = 0;
        int32_t found = 0;
        CHECK(kalends_rrule_count(s, &total64) == KALENDS_OK && total64 == n);
        int bad = 0;
        for (int32_t i = 0; i < n; i++) {
            if (kalends_rrule_at(s, i, &when, &found) != KALENDS_OK || !found || when != expected[i]) bad++;
            if (kalends_rrule_at(s, i - n, &when, &found) != KALENDS_OK || !found || when != expected[i]) bad++;
            /* before / after: inclusive at the occurrence, exclusive just beside it */
            if (kalends_rrule_before(s, expected[i], 1, &when, &found) != KALENDS_OK || !found || when != expected[i]) bad++;
            if (kalends_rrule_after(s, expected[i], 1, &when, &found) != KALENDS_OK || !found || when != expected[i]) bad++;
            CHECK(kalends_rrule_before(s, expected[i], 0, &when, &found) == KALENDS_OK);
            if (found != (i > 0) || (i > 0 && when != expected[i - 1])) bad++;
            CHECK(kalends_rrule_after(s, expected[i], 0, &when, &found) == KALENDS_OK);
            if (found != (i < n - 1) || (i < n - 1 && when != expected[i + 1])) bad++;
        }
        CHECK_MSG(bad == 0, "order %d: %d wrong answers", order, bad);
        /* an excluded time is no occurrence: before and after step over it */
        CHECK(kalends_rrule_before(s, exdates[0], 1, &when, &found) == KALENDS_OK && found && when < exdates[0]);
        CHECK(kalends_rrule_after(s, exdates[0], 1, &when, &found) == KALENDS_OK && found && when > exdates[0]);
        CHECK(kalends_rrule_at(s, n, &when, &found) == KALENDS_OK && found == 0);
        CHECK(kalends_rrule_at(s, -n - 1, &when, &found) == KALENDS_OK && found == 0);
        /* between: inclusive and exclusive ends at occurrences */
        int32_t size = -1;
        CHECK(kalends_rrule_between(s, expected[3], expected[20], 0, NULL, 0, &size) == KALENDS_OK && size == 16);
        CHECK(kalends_rrule_between(s, expected[3], expected[20], 1, got, 17, &size) == KALENDS_E_BUFFER_TOO_SMALL && size == 18);
        CHECK(kalends_rrule_between(s, expected[3], expected[20], 1, got, 256, &size) == KALENDS_OK && size == 18);
        CHECK(memcmp(got, expected + 3, 18 * sizeof got[0]) == 0);
        /* a set is not one rule: no RRULE text */
        char text[64];
        size_t length = 0;
        CHECK(kalends_rrule_text(s, text, sizeof text, &length) == KALENDS_E_INVALID_ARGUMENT);
    }
    /* a set with exclusions is not added or excluded whole; the target is unchanged */
    CHECK(kalends_rrule_add_rule(sets[1], sets[0]) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_rrule_exclude_rule(sets[1], sets[0]) == KALENDS_E_INVALID_ARGUMENT);
    int64_t before_count = 0;
    CHECK(kalends_rrule_count(sets[1], &before_count) == KALENDS_OK && before_count == n);
    int64_t bad_dates[2] = {rrule_wall(2026, 6, 1, 0, 0), INT64_MAX};
    CHECK(kalends_rrule_add_dates(sets[1], bad_dates, 2) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_rrule_exclude_dates(sets[1], bad_dates, 2) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_rrule_count(sets[1], &before_count) == KALENDS_OK && before_count == n);
    for (int order = 0; order < 2; order++) CHECK(kalends_rrule_free(sets[order]) == KALENDS_OK);

    /* One RFC 5545 rule added to an empty set: the same occurrences, and its text. */
    kalends_rrule *rule = NULL, *set = NULL;
    int64_t start = rrule_wall(2026, 1, 7, 12, 0);
    CHECK(kalends_rrule_parse("FREQ=MONTHLY;BYDAY=-1FR;COUNT=3", 1, start, KALENDS_RRULE_SEMANTICS_RFC5545, &rule) == KALENDS_OK);
    CHECK(kalends_rrule_new_set(&set) == KALENDS_OK);
    CHECK(kalends_rrule_add_rule(set, rule) == KALENDS_OK);
    int64_t a[8], b[8];
    int32_t na = rrule_all(rule, a, 8), nb = rrule_all(set, b, 8);
    CHECK(na == 3 && nb == 3 && memcmp(a, b, sizeof a[0] * 3) == 0 && a[0] == start);
    char text[64] = "";
    size_t length = 0;
    CHECK(kalends_rrule_text(set, text, sizeof text, &length) == KALENDS_OK && strcmp(text, "FREQ=MONTHLY;COUNT=3;BYDAY=-1FR") == 0);
    /* excluding the rule from itself leaves nothing, its start included */
    CHECK(kalends_rrule_exclude_rule(set, rule) == KALENDS_OK);
    int64_t none = -1;
    CHECK(kalends_rrule_count(set, &none) == KALENDS_OK && none == 0);
    kalends_rrule_free(rule);
    kalends_rrule_free(set);
}

/* RFC 7529 from C: Chinese New Year as "yearly on this date in chinese", its first days
   checked against the system's own conversion; a Hebrew 8 Adar I with SKIP=FORWARD by the
   options struct's rscale, skip and by_leap_month fields (RFC 7529 4's dates). */
static void test_rrule_rscale(void) {
    char text[128] = "";
    size_t length = 0;
    int32_t cny = 0;
    kalends_date d2026 = {2026, 2, 17};
    CHECK(kalends_date_day_number(&d2026, &cny) == KALENDS_OK);
    CHECK(kalends_rrule_yearly_text("chinese", cny, KALENDS_RRULE_SKIP_OMIT, text, sizeof text, &length) == KALENDS_OK);
    CHECK(strcmp(text, "RSCALE=CHINESE;FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=1") == 0 && length == strlen(text));
    kalends_rrule *rule = NULL;
    CHECK(kalends_rrule_parse(text, 1, (int64_t)cny * 86400, KALENDS_RRULE_SEMANTICS_RFC5545, &rule) == KALENDS_OK);
    int64_t got[20];
    int32_t n = 0;
    CHECK(kalends_rrule_next(rule, INT64_MIN, 1, got, 20, &n) == KALENDS_OK && n == 20);
    for (int i = 0; i < n; i++) {
        kalends_system_date sd;
        CHECK(kalends_calendar_system_from_day("chinese", (int32_t)(got[i] / 86400), &sd) == KALENDS_OK);
        CHECK(sd.month == 1 && sd.day == 1 && !sd.is_leap_month);
        CHECK(i == 0 || got[i] - got[i - 1] > 330 * 86400);
    }
    kalends_rrule_free(rule);

    kalends_rrule_options o;
    CHECK(kalends_rrule_options_init(&o) == KALENDS_OK && o.rscale == NULL && o.skip == KALENDS_RRULE_SKIP_OMIT);
    int32_t leap[1] = {5}, day[1] = {8};
    o.rscale = "hebrew";   /* any case; written as RRULE text writes it (the rrule_c fuzzer found the lower case kept) */
    o.skip = KALENDS_RRULE_SKIP_FORWARD;
    o.by_leap_month = leap;
    o.by_leap_month_count = 1;
    o.by_month_day = day;
    o.by_month_day_count = 1;
    o.has_count = 1;
    o.count = 5;
    CHECK(kalends_rrule_new(&o, rrule_wall(2014, 2, 8, 0, 0), KALENDS_RRULE_SEMANTICS_RFC5545, &rule) == KALENDS_OK);
    CHECK(kalends_rrule_next(rule, INT64_MIN, 1, got, 20, &n) == KALENDS_OK && n == 5);
    CHECK(got[1] == rrule_wall(2015, 2, 27, 0, 0) && got[3] == rrule_wall(2017, 3, 6, 0, 0));
    CHECK(kalends_rrule_text(rule, text, sizeof text, &length) == KALENDS_OK);
    CHECK(strcmp(text, "RSCALE=HEBREW;FREQ=YEARLY;COUNT=5;BYMONTHDAY=8;BYMONTH=5L;WKST=MO;SKIP=FORWARD") == 0);
    kalends_rrule_free(rule);
    /* a leap month the system lacks, an unknown system, SKIP without RSCALE */
    kalends_rrule *none = NULL;
    o.rscale = "ISLAMIC-CIVIL";
    CHECK(kalends_rrule_new(&o, 0, KALENDS_RRULE_SEMANTICS_DATEUTIL, &none) == KALENDS_E_INVALID_ARGUMENT && none == NULL);
    CHECK(strstr(kalends_last_error(), "no leap months") != NULL);
    o.rscale = "KLINGON";
    CHECK(kalends_rrule_new(&o, 0, KALENDS_RRULE_SEMANTICS_DATEUTIL, &none) == KALENDS_E_PARSE && none == NULL);
    o.rscale = NULL;
    o.by_leap_month_count = 0;
    CHECK(kalends_rrule_new(&o, 0, KALENDS_RRULE_SEMANTICS_DATEUTIL, &none) == KALENDS_E_INVALID_ARGUMENT && none == NULL);
}
