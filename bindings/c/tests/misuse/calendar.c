/* misuse_test: calendar. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static kalends_calendar *live, *freed, *foreign, *forged;
static int32_t length_as_count;
static int foreign_target;

static void make_handles(void) {
    kalends_calendar *tmp = NULL;
    CHECK(kalends_calendar_new(NULL, &live) == KALENDS_OK);
    CHECK(kalends_calendar_new(NULL, &tmp) == KALENDS_OK);
    freed = tmp;
    CHECK(kalends_calendar_free(freed) == KALENDS_OK);
    foreign = (kalends_calendar *)(void *)&foreign_target; /* a pointer the library never made */
    /* the live handle's token with another generation */
    forged = (kalends_calendar *)(uintptr_t)((uintptr_t)live + ((uintptr_t)1 << 32));
}

static void test_bad_handles(void) {
    kalends_calendar *bad[] = {freed, foreign, forged, (kalends_calendar *)(uintptr_t)1,
                               (kalends_calendar *)(uintptr_t)UINTPTR_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kalends_calendar *h = bad[i];
        kalends_calendar_options o;
        kalends_date d = {2026, 11, 22}, today;
        kalends_week_of_year w;
        kalends_day days[KALENDS_GRID_MAX_DAYS];
        kalends_day_range r;
        int32_t count;
        POISON(o); POISON(today); POISON(w); POISON(days); POISON(r); POISON(count);
        o.struct_size = sizeof o;
        CHECK(kalends_calendar_get_options(h, &o) == KALENDS_E_MISUSE);
        CHECK(untouched((const char *)&o + 4, sizeof o - 4));
        kalends_calendar_options_init(&o);
        CHECK(kalends_calendar_set_options(h, &o) == KALENDS_E_MISUSE);
        CHECK(kalends_calendar_today(h, &today) == KALENDS_E_MISUSE && UNTOUCHED(today));
        CHECK(kalends_calendar_week_of_year(h, &d, &w) == KALENDS_E_MISUSE && UNTOUCHED(w));
        CHECK(kalends_calendar_month_grid(h, 2026, 11, 0, days, 42, &count) == KALENDS_E_MISUSE);
        CHECK(UNTOUCHED(days) && UNTOUCHED(count));
        CHECK(kalends_calendar_month_range(h, 2026, 11, 0, &r) == KALENDS_E_MISUSE && UNTOUCHED(r));
        CHECK(kalends_calendar_week_grid(h, &d, days, 42, &count) == KALENDS_E_MISUSE && UNTOUCHED(days));
        CHECK(kalends_calendar_week_range(h, &d, &r) == KALENDS_E_MISUSE && UNTOUCHED(r));
        CHECK(kalends_calendar_free(h) == KALENDS_E_MISUSE);
        CHECK(strlen(kalends_last_error()) > 0);
    }
    /* the live handle survived all of that */
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count = 0;
    CHECK(kalends_calendar_month_grid(live, 2026, 11, 0, days, 42, &count) == KALENDS_OK && count == 42);
}

static void test_null_pointers(void) {
    kalends_date d = {2026, 11, 22}, out;
    kalends_week_of_year w;
    kalends_day_range r;
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t n, count;
    kalends_calendar_options o;
    kalends_calendar_options_init(&o);
    CHECK(kalends_date_from_day_number(0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_day_number(NULL, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_day_number(&d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_weekday(NULL, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_weekday(&d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_day_of_year(NULL, &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_day_of_year(&d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_iso_week(NULL, &w) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_iso_week(&d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_year_is_leap(2000, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_year_days_in_month(2000, 1, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_options_init(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_new(&o, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_get_options(live, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_set_options(live, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_today(live, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_of_year(live, NULL, &w) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_of_year(live, &d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_month_grid(live, 2026, 11, 0, days, 42, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_month_grid(live, 2026, 11, 0, NULL, 42, &count) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_month_range(live, 2026, 11, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_grid(live, NULL, days, 42, &count) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_grid(live, &d, days, 42, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_range(live, NULL, &r) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_week_range(live, &d, NULL) == KALENDS_E_INVALID_ARGUMENT);
    /* NULL handles: invalid argument, free(NULL) is a no-op */
    CHECK(kalends_calendar_get_options(NULL, &o) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_month_grid(NULL, 2026, 11, 0, days, 42, &count) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_today(NULL, &out) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_calendar_free(NULL) == KALENDS_OK);
    /* never NULL strings */
    CHECK(kalends_last_error() != NULL);
    CHECK(kalends_status_string(INT32_MIN) != NULL && kalends_status_string(INT32_MAX) != NULL);
}

static void test_capacities(void) {
    kalends_day days[KALENDS_GRID_MAX_DAYS];
    int32_t count;
    kalends_date d = {2026, 11, 22};
    int32_t caps[] = {INT32_MIN, -1, 0, 1, 6, 41};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        POISON(days);
        POISON(count);
        kalends_status s = kalends_calendar_month_grid(live, 2026, 11, KALENDS_ROWS_FIXED, days, caps[i], &count);
        if (caps[i] < 0) {
            CHECK(s == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(count));
        } else {
            CHECK(s == KALENDS_E_BUFFER_TOO_SMALL && count == 42);
        }
        CHECK(UNTOUCHED(days));
        POISON(days);
        s = kalends_calendar_week_grid(live, &d, days, caps[i], &count);
        if (caps[i] < 0) {
            CHECK(s == KALENDS_E_INVALID_ARGUMENT);
        } else if (caps[i] < 7) {
            CHECK(s == KALENDS_E_BUFFER_TOO_SMALL && count == 7);
        } else {
            CHECK(s == KALENDS_OK && count == 7);
        }
        if (caps[i] < 7) CHECK(UNTOUCHED(days));
    }
    /* size queries */
    CHECK(kalends_calendar_month_grid(live, 2026, 11, KALENDS_ROWS_FIXED, NULL, 0, &count) == KALENDS_OK && count == 42);
    CHECK(kalends_calendar_week_grid(live, &d, NULL, 0, &count) == KALENDS_OK && count == 7);
    /* out == NULL with a capacity is an error, not a write to NULL */
    CHECK(kalends_calendar_month_grid(live, 2026, 11, KALENDS_ROWS_FIXED, NULL, 42, &count) == KALENDS_E_INVALID_ARGUMENT);
}

static void test_extreme_integers(void) {
    int unexpected = 0;
    for (int a = 0; a < N_EXTREMES; a++) {
        int32_t x = extremes[a];
        kalends_date out;
        POISON(out);
        kalends_status s = kalends_date_from_day_number(x, &out);
        if (s != KALENDS_OK && (s != KALENDS_E_OUT_OF_RANGE || !UNTOUCHED(out))) unexpected++;
        int32_t leap;
        POISON(leap);
        s = kalends_year_is_leap(x, &leap);
        if (s == KALENDS_OK ? (leap != 0 && leap != 1) : (s != KALENDS_E_OUT_OF_RANGE || !UNTOUCHED(leap))) unexpected++;
        for (int b = 0; b < N_EXTREMES; b++) {
            int32_t y = extremes[b], dim;
            POISON(dim);
            s = kalends_year_days_in_month(x, y, &dim);
            if (s == KALENDS_OK ? (dim < 28 || dim > 31) : !UNTOUCHED(dim)) unexpected++;
            for (int c = 0; c < N_EXTREMES; c++) {
                kalends_date d = {x, y, extremes[c]};
                int32_t n;
                kalends_week_of_year w;
                POISON(n);
                POISON(w);
                s = kalends_date_day_number(&d, &n);
                if (s != KALENDS_OK && (!UNTOUCHED(n) || (s != KALENDS_E_INVALID_ARGUMENT && s != KALENDS_E_OUT_OF_RANGE)))
                    unexpected++;
                s = kalends_calendar_week_of_year(live, &d, &w);
                if (s != KALENDS_OK && !UNTOUCHED(w)) unexpected++;
                kalends_day days[KALENDS_GRID_MAX_DAYS];
                int32_t count;
                POISON(days);
                POISON(count);
                s = kalends_calendar_month_grid(live, x, y, extremes[c], days, 42, &count);
                if (s != KALENDS_OK && !UNTOUCHED(days)) unexpected++;
                if (s == KALENDS_OK && count != 28 && count != 35 && count != 42) unexpected++;
                kalends_day_range r;
                POISON(r);
                s = kalends_calendar_month_range(live, x, y, extremes[c], &r);
                if (s != KALENDS_OK ? !UNTOUCHED(r) : (r.last - r.first + 1) % 7 != 0) unexpected++;
                s = kalends_calendar_week_grid(live, &d, days, extremes[c], &count);
                if (s == KALENDS_OK && count != 7) unexpected++;
            }
        }
    }
    CHECK_MSG(unexpected == 0, "%d unexpected outcomes with extreme integers", unexpected);
}

static void test_bad_options(void) {
    kalends_calendar_options o;
    kalends_calendar *cal;
    int32_t firsts[] = {INT32_MIN, -1, 0, 8, INT32_MAX};
    for (size_t i = 0; i < sizeof firsts / sizeof firsts[0]; i++) {
        kalends_calendar_options_init(&o);
        o.first_weekday = firsts[i];
        POISON(cal);
        CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(cal));
        CHECK(strstr(kalends_last_error(), "first weekday") != NULL);
        kalends_calendar_options_init(&o);
        o.min_days_in_first_week = firsts[i];
        CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT);
        kalends_calendar_options_init(&o);
        o.today_mode = firsts[i] == 0 ? 3 : firsts[i];
        CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT);
    }
    uint32_t sizes[] = {0, 1, sizeof o - 1, sizeof o + 1, UINT32_MAX};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        kalends_calendar_options_init(&o);
        o.struct_size = sizes[i];
        CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT);
        CHECK(strstr(kalends_last_error(), "struct_size") != NULL);
        CHECK(kalends_calendar_get_options(live, &o) == KALENDS_E_INVALID_ARGUMENT);
    }
    kalends_calendar_options_init(&o);
    o.weekend_days = 0x80;
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT);
    o.weekend_days = UINT32_MAX;
    CHECK(kalends_calendar_set_options(live, &o) == KALENDS_E_INVALID_ARGUMENT);
    kalends_calendar_options_init(&o);
    o.today_mode = KALENDS_TODAY_FIXED;
    o.today.year = 2023;
    o.today.month = 2;
    o.today.day = 29;
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_INVALID_ARGUMENT);
    o.today.year = INT32_MAX;
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_E_OUT_OF_RANGE);
    /* the live calendar still has its defaults */
    kalends_calendar_options got;
    got.struct_size = sizeof got;
    CHECK(kalends_calendar_get_options(live, &got) == KALENDS_OK && got.weekend_days == 0x60u);
}

/* xorshift64*: deterministic, so a failure reproduces. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dull;
}
static int32_t rnd_int(void) {
    switch (rnd() % 4) {
    case 0: return extremes[rnd() % N_EXTREMES];
    case 1: return (int32_t)(rnd() % 25) - 5;
    case 2: return (int32_t)(rnd() % 4000) - 1000;
    default: return (int32_t)(uint32_t)rnd();
    }
}

/* Doubles that break naive arithmetic: huge, tiny, subnormal, negative zero, halves. */
static const double extreme_doubles[] = {0.0, -0.0, 4.9e-324, 1e-300, 1e-9, 0.5, 1, 7.5, 350, 1e6, 1e9, 1e12, 1e15,
                                          1e30, 1e300, 1.7976931348623157e308, -1, -1e30, -1e300,
                                          -1.7976931348623157e308};
#define N_EXTREME_DOUBLES ((int)(sizeof extreme_doubles / sizeof extreme_doubles[0]))
static double rnd_double(void) {
    switch (rnd() % 3) {
    case 0: return extreme_doubles[rnd() % N_EXTREME_DOUBLES];
    case 1: return (double)(int32_t)(rnd() % 4000) - 1000 + (double)(rnd() % 4) / 4;
    default: return (double)rnd_int() * 3.7;
    }
}

static void fuzz(long iterations) {
    long bad_status = 0, bad_value = 0;
    kalends_calendar *handles[] = {live, freed, foreign, forged, NULL};
    for (long i = 0; i < iterations; i++) {
        kalends_calendar *h = handles[rnd() % 5];
        kalends_date d = {rnd_int(), rnd_int(), rnd_int()};
        kalends_day days[KALENDS_GRID_MAX_DAYS];
        kalends_week_of_year w;
        kalends_day_range r;
        kalends_calendar_options o;
        int32_t n = 0, count = 0;
        kalends_status s = 0;
        switch (rnd() % 10) {
        case 0: s = kalends_date_from_day_number(rnd_int(), &d); break;
        case 1: s = kalends_date_day_number(&d, &n); break;
        case 2: s = kalends_date_iso_week(&d, &w); break;
        case 3: s = kalends_calendar_week_of_year(h, &d, &w); break;
        case 4:
            s = kalends_calendar_month_grid(h, rnd_int(), rnd_int(), rnd_int(), days, rnd_int() % 50, &count);
            if (s == KALENDS_OK && count != 28 && count != 35 && count != 42) bad_value++;
            break;
        case 5: s = kalends_calendar_month_range(h, rnd_int(), rnd_int(), rnd_int(), &r); break;
        case 6:
            s = kalends_calendar_week_grid(h, &d, days, rnd_int() % 50, &count);
            if (s == KALENDS_OK && (count != 7 || days[0].day_number + 6 != days[6].day_number)) bad_value++;
            break;
        case 7: s = kalends_year_days_in_month(rnd_int(), rnd_int(), &n); break;
        case 8:
            kalends_calendar_options_init(&o);
            o.first_weekday = rnd_int();
            o.min_days_in_first_week = rnd_int();
            o.today_mode = rnd_int();
            o.weekend_days = (uint32_t)rnd_int();
            o.today = d;
            s = kalends_calendar_set_options(h == NULL ? live : h, &o);
            break;
        default: s = kalends_calendar_today(h, &d); break;
        }
        if (s < 0 || s > KALENDS_E_IO) bad_status++;
    }
    CHECK_MSG(bad_status == 0, "%ld statuses outside the documented set", bad_status);
    CHECK_MSG(bad_value == 0, "%ld impossible results", bad_value);
    printf("misuse_test: fuzzed %ld random calls\n", iterations);
}
