/* linked_test: calendar. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static kalends_calendar *make_calendar(int32_t first_weekday, int32_t min_days) {
    kalends_calendar_options o;
    kalends_calendar *cal = NULL;
    kalends_calendar_options_init(&o);
    o.first_weekday = first_weekday;
    o.min_days_in_first_week = min_days;
    o.today_mode = KALENDS_TODAY_FIXED;
    o.today.year = 2026;
    o.today.month = 11;
    o.today.day = 22;
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_OK);
    return cal;
}

static void test_month_grids(void) {
    int problems = 0;
    for (int32_t first = KALENDS_MONDAY; first <= KALENDS_SUNDAY; first++) {
        kalends_calendar *cal = make_calendar(first, 4);
        for (int32_t year = 1999; year <= 2031; year++) {
            for (int32_t month = 1; month <= 12; month++) {
                kalends_day days[KALENDS_GRID_MAX_DAYS];
                int32_t count = 0, dim = 0;
                kalends_year_days_in_month(year, month, &dim);
                if (kalends_calendar_month_grid(cal, year, month, KALENDS_ROWS_VARIABLE, days, KALENDS_GRID_MAX_DAYS,
                                                &count) != KALENDS_OK) {
                    problems++;
                    continue;
                }
                int in_month = 0;
                for (int32_t i = 0; i < count; i++) {
                    struct tm tm;
                    libc_date(days[i].day_number, &tm);
                    int libc_wd = tm.tm_wday == 0 ? 7 : tm.tm_wday;
                    if (days[i].date.year != tm.tm_year + 1900 || days[i].date.month != tm.tm_mon + 1 ||
                        days[i].date.day != tm.tm_mday || days[i].weekday != libc_wd ||
                        days[i].weekday != (first - 1 + i % 7) % 7 + 1 ||
                        (i > 0 && days[i].day_number != days[i - 1].day_number + 1))
                        problems++;
                    if (days[i].flags & KALENDS_DAY_IN_MONTH) in_month++;
                    if (((days[i].flags & KALENDS_DAY_IN_MONTH) != 0) != (days[i].date.month == month)) problems++;
                }
                /* only the rows the month needs: the first and last rows hold month days */
                if (in_month != dim || count % 7 != 0 || count < 28 || count > 42 ||
                    !(days[6].flags & KALENDS_DAY_IN_MONTH) || !(days[count - 7].flags & KALENDS_DAY_IN_MONTH))
                    problems++;
            }
        }
        CHECK(kalends_calendar_free(cal) == KALENDS_OK);
    }
    CHECK_MSG(problems == 0, "%d grid problems", problems);

    /* November 2026 with Monday weeks: 6 rows, today the 22nd, ISO weeks 44...49 */
    kalends_calendar *cal = make_calendar(KALENDS_MONDAY, 4);
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count = 0;
    CHECK(kalends_calendar_month_grid(cal, 2026, 11, KALENDS_ROWS_FIXED, days, 42, &count) == KALENDS_OK);
    CHECK(count == 42);
    CHECK(days[0].date.month == 10 && days[0].date.day == 26 && (days[0].flags & KALENDS_DAY_LEADING));
    CHECK(days[6].date.day == 1 && days[6].flags == (KALENDS_DAY_IN_MONTH | KALENDS_DAY_WEEKEND));
    CHECK(days[27].date.day == 22 && (days[27].flags & KALENDS_DAY_TODAY));
    CHECK(days[41].date.month == 12 && days[41].date.day == 6 && (days[41].flags & KALENDS_DAY_TRAILING));
    CHECK(days[0].week_of_year.week == 44 && days[41].week_of_year.week == 49);
    kalends_day_range range;
    CHECK(kalends_calendar_month_range(cal, 2026, 11, KALENDS_ROWS_FIXED, &range) == KALENDS_OK);
    CHECK(range.first == days[0].day_number && range.last == days[41].day_number);

    /* size query, then a short buffer: count is set, nothing written */
    count = -1;
    CHECK(kalends_calendar_month_grid(cal, 2026, 2, KALENDS_ROWS_VARIABLE, NULL, 0, &count) == KALENDS_OK);
    CHECK(count == 35); /* February 2026 starts on a Sunday: 6 + 28 days, 5 rows */
    kalends_day small[3];
    memset(small, 0x5a, sizeof small);
    CHECK(kalends_calendar_month_grid(cal, 2026, 11, KALENDS_ROWS_FIXED, small, 3, &count) ==
          KALENDS_E_BUFFER_TOO_SMALL);
    CHECK(count == 42);
    CHECK(small[0].date.year == 0x5a5a5a5a);

    /* week grid of 2027-01-01 (a Friday): Monday 2026-12-28 ... Sunday 2027-01-03, ISO week 53 of 2026 */
    kalends_date nyd = {2027, 1, 1};
    CHECK(kalends_calendar_week_grid(cal, &nyd, days, 42, &count) == KALENDS_OK && count == 7);
    CHECK(days[0].date.year == 2026 && days[0].date.month == 12 && days[0].date.day == 28);
    CHECK((days[0].flags & KALENDS_DAY_LEADING) && (days[4].flags & KALENDS_DAY_IN_MONTH));
    CHECK(days[4].week_of_year.week == 53 && days[4].week_of_year.year == 2026);
    CHECK(kalends_calendar_week_range(cal, &nyd, &range) == KALENDS_OK && range.first == days[0].day_number);
    kalends_week_of_year w;
    CHECK(kalends_calendar_week_of_year(cal, &nyd, &w) == KALENDS_OK && w.week == 53 && w.year == 2026);
    CHECK(kalends_calendar_free(cal) == KALENDS_OK);

    /* US rule: Sunday weeks, the week of January 1st is week 1 */
    cal = make_calendar(KALENDS_SUNDAY, 1);
    kalends_date dec31 = {2026, 12, 31};
    CHECK(kalends_calendar_week_of_year(cal, &dec31, &w) == KALENDS_OK && w.week == 1 && w.year == 2027);
    CHECK(kalends_calendar_free(cal) == KALENDS_OK);
}

static void test_options(void) {
    kalends_calendar_options o, got;
    kalends_calendar *cal = NULL;
    CHECK(kalends_calendar_options_init(&o) == KALENDS_OK);
    CHECK(o.struct_size == sizeof o && o.first_weekday == KALENDS_MONDAY && o.min_days_in_first_week == 4);
    CHECK(o.weekend_days == (KALENDS_WEEKDAY_MASK_SATURDAY | KALENDS_WEEKDAY_MASK_SUNDAY));
    CHECK(o.today_mode == KALENDS_TODAY_SYSTEM);
    CHECK(kalends_calendar_new(NULL, &cal) == KALENDS_OK && cal != NULL);
    o.first_weekday = KALENDS_SATURDAY;
    o.weekend_days = KALENDS_WEEKDAY_MASK_FRIDAY;
    o.today_mode = KALENDS_TODAY_OFF;
    CHECK(kalends_calendar_set_options(cal, &o) == KALENDS_OK);
    memset(&got, 0, sizeof got);
    got.struct_size = sizeof got;
    CHECK(kalends_calendar_get_options(cal, &got) == KALENDS_OK);
    CHECK(got.first_weekday == KALENDS_SATURDAY && got.weekend_days == KALENDS_WEEKDAY_MASK_FRIDAY);
    kalends_date today = {1, 1, 1};
    CHECK(kalends_calendar_today(cal, &today) == KALENDS_E_NOT_FOUND && today.year == 1);

    /* a bad option changes nothing */
    o.min_days_in_first_week = 9;
    CHECK(kalends_calendar_set_options(cal, &o) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(strstr(kalends_last_error(), "9") != NULL);
    CHECK(kalends_calendar_get_options(cal, &got) == KALENDS_OK && got.min_days_in_first_week == 4);
    o.min_days_in_first_week = 4;
    o.struct_size = sizeof o + 4; /* a newer header than the library */
    CHECK(kalends_calendar_set_options(cal, &o) == KALENDS_E_INVALID_ARGUMENT);

    /* the system clock's today is the local date */
    o.struct_size = sizeof o;
    o.today_mode = KALENDS_TODAY_SYSTEM;
    CHECK(kalends_calendar_set_options(cal, &o) == KALENDS_OK);
    time_t now = time(NULL);
    struct tm local;
    localtime_r(&now, &local);
    CHECK(kalends_calendar_today(cal, &today) == KALENDS_OK);
    CHECK(today.year == local.tm_year + 1900 && today.month == local.tm_mon + 1 && today.day == local.tm_mday);

    CHECK(kalends_calendar_free(cal) == KALENDS_OK);
    CHECK(kalends_calendar_free(cal) == KALENDS_E_MISUSE);
    CHECK(kalends_calendar_free(NULL) == KALENDS_OK);
}

/* Threads: one shared handle used from 8 threads while one of them keeps changing
   its options; every thread keeps its own last-error message. */
static kalends_calendar *shared_calendar;

static void *worker(void *arg) {
    intptr_t id = (intptr_t)arg;
    intptr_t bad = 0;
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    for (int i = 0; i < 3000; i++) {
        int32_t count = 0;
        if (kalends_calendar_month_grid(shared_calendar, 2000 + i % 50, 1 + i % 12, KALENDS_ROWS_FIXED, days, 42,
                                        &count) != KALENDS_OK ||
            count != 42)
            bad++;
        /* all seven days of every row share one weekday order: a row is consistent
           even while another thread switches the first weekday */
        for (int r = 0; r < 6; r++)
            for (int c = 1; c < 7; c++)
                if (days[r * 7 + c].weekday != (days[r * 7].weekday - 1 + c) % 7 + 1)
                    bad++;
        if (id == 0) {
            kalends_calendar_options o;
            kalends_calendar_options_init(&o);
            o.first_weekday = 1 + i % 7;
            if (kalends_calendar_set_options(shared_calendar, &o) != KALENDS_OK) bad++;
        }
        /* thread-specific error text */
        kalends_date d = {2026, 13 + (int32_t)id, 1};
        int32_t n;
        kalends_date_day_number(&d, &n);
        char expected[32];
        snprintf(expected, sizeof expected, "month %d ", 13 + (int)id);
        if (strstr(kalends_last_error(), expected) == NULL) bad++;
    }
    return (void *)bad;
}

static void test_threads(void) {
    CHECK(kalends_calendar_new(NULL, &shared_calendar) == KALENDS_OK);
    pthread_t threads[8];
    for (intptr_t i = 0; i < 8; i++) pthread_create(&threads[i], NULL, worker, (void *)i);
    intptr_t bad = 0;
    for (int i = 0; i < 8; i++) {
        void *r = NULL;
        pthread_join(threads[i], &r);
        bad += (intptr_t)r;
    }
    CHECK_MSG(bad == 0, "%ld problems across threads", (long)bad);
    CHECK(kalends_calendar_free(shared_calendar) == KALENDS_OK);
}
