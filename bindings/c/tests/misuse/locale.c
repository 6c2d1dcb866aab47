/* misuse_test: locales. Part of ../misuse_test.c, which includes it (one program, one
   file per area); helpers of the files included earlier are visible. Freed, foreign and
   wrong-kind handles, NULL pointers, hostile identifiers and patterns, extreme integers
   and a seeded fuzz: a documented status, untouched outputs, never a crash. */

static void test_locale_misuse(void) {
    kalends_locale *loc = NULL, *gone = NULL;
    CHECK(kalends_locale_open("de_AT", &loc) == KALENDS_OK);
    CHECK(kalends_locale_open("fr", &gone) == KALENDS_OK);
    CHECK(kalends_locale_free(gone) == KALENDS_OK);
    kalends_locale *bad[] = {gone, (kalends_locale *)(void *)&foreign_target, (kalends_locale *)(void *)live,
                             (kalends_locale *)(uintptr_t)((uintptr_t)loc + ((uintptr_t)1 << 32)),
                             (kalends_locale *)(uintptr_t)UINTPTR_MAX};
    char buf[64];
    size_t len;
    int32_t n;
    kalends_week_data w;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        kalends_locale *h = bad[i];
        POISON(buf); POISON(len); POISON(n); POISON(w);
        CHECK(kalends_locale_identifier(h, buf, sizeof buf, &len) == KALENDS_E_MISUSE && UNTOUCHED(buf) && UNTOUCHED(len));
        CHECK(kalends_locale_is_fallback(h, &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_locale_week_data(h, &w) == KALENDS_E_MISUSE && UNTOUCHED(w));
        CHECK(kalends_locale_direction(h, &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_locale_character_order(h, &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_locale_line_order(h, &n) == KALENDS_E_MISUSE && UNTOUCHED(n));
        CHECK(kalends_locale_month_name(h, NULL, 1, 0, 0, buf, sizeof buf, &len) == KALENDS_E_MISUSE && UNTOUCHED(buf));
        CHECK(kalends_locale_format_date(h, NULL, 0, 0, buf, sizeof buf, &len) == KALENDS_E_MISUSE && UNTOUCHED(buf));
        CHECK(kalends_locale_format_hour(h, 0, buf, sizeof buf, &len) == KALENDS_E_MISUSE && UNTOUCHED(buf));
        CHECK(kalends_locale_format_day(h, NULL, 0, buf, sizeof buf, &len) == KALENDS_E_MISUSE && UNTOUCHED(buf));
        CHECK(kalends_locale_free(h) == KALENDS_E_MISUSE);
        CHECK(strlen(kalends_last_error()) > 0);
    }
    /* a locale handle is not a calendar or a view */
    kalends_calendar_options o;
    kalends_calendar_options_init(&o);
    CHECK(kalends_calendar_get_options((kalends_calendar *)(void *)loc, &o) == KALENDS_E_MISUSE);
    CHECK(kalends_view_title((kalends_view *)(void *)loc, buf, sizeof buf, &len) == KALENDS_E_MISUSE);
    kalends_date nov22 = {2026, 11, 22};
    POISON(buf);
    CHECK(kalends_view_day_label((kalends_view *)(void *)loc, &nov22, buf, sizeof buf, &len) == KALENDS_E_MISUSE
          && UNTOUCHED(buf));

    /* NULL pointers and buffers */
    POISON(buf); POISON(len);
    CHECK(kalends_locale_open("de", NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_identifier(loc, NULL, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_identifier(loc, NULL, 5, &len) == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(len));
    CHECK(kalends_locale_week_data(loc, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_month_count(loc, NULL, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_available_count(NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_format_pattern(loc, NULL, 0, 0, NULL, NULL, buf, sizeof buf, &len) ==
          KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(buf) && UNTOUCHED(len));

    /* hostile identifiers resolve (root at worst) or are refused by length / UTF-8 */
    static char longest[300];
    memset(longest, 'a', sizeof longest - 1);
    kalends_locale *h = NULL;
    CHECK(kalends_locale_open(longest, &h) == KALENDS_E_INVALID_ARGUMENT && h == NULL);
    longest[255] = 0;
    CHECK(kalends_locale_open(longest, &h) == KALENDS_OK && h != NULL);
    CHECK(kalends_locale_free(h) == KALENDS_OK);
    h = NULL;
    CHECK(kalends_locale_open("\xff\xfe", &h) == KALENDS_E_INVALID_ARGUMENT && h == NULL);
    const char *odd[] = {"-", "_", "@", "u", "-u-", "de-u-fw", "de-u-fw-xyz", "de-u-ca-", "de@calendar=",
                         "de@=;=;", "..", "de_AT.UTF-8@euro@x", "x-private", "und-u-fw-sun-ca-hebrew-nu-arab",
                         "zh-Hant-TW-u-ca-chinese", "de_DE_PREEURO_1996", "sr_RS@latin", "i-klingon"};
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        h = NULL;
        CHECK_MSG(kalends_locale_open(odd[i], &h) == KALENDS_OK && h != NULL, "%s", odd[i]);
        CHECK(kalends_locale_format_date(h, NULL, 20779, KALENDS_STYLE_FULL, buf, sizeof buf, &len) == KALENDS_OK);
        CHECK(kalends_locale_free(h) == KALENDS_OK);
    }
    /* system identifiers: unknown is NOT_FOUND, too long or not UTF-8 INVALID_ARGUMENT */
    CHECK(kalends_locale_month_count(loc, "nope", &n) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_locale_month_count(loc, "\xc3", &n) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_month_count(loc, longest, &n) == KALENDS_E_NOT_FOUND);   /* 255 bytes: read, unknown */
    /* hostile patterns: quotes left open, long letter runs, every byte */
    char pattern[512];
    for (int c = 1; c < 256; c++) {
        for (int i = 0; i < 40; i++) pattern[i] = (char)(c == '\'' && i == 39 ? 'y' : c);
        pattern[40] = 0;
        int32_t s = kalends_locale_format_pattern(loc, NULL, 20779, 3600, pattern, NULL, buf, sizeof buf, &len);
        CHECK_MSG(s == KALENDS_OK || (s == KALENDS_E_INVALID_ARGUMENT && c >= 0x80), "byte %d: %d", c, (int)s);
    }
    const char *patterns[] = {"'", "''", "'''", "GGGGGGGGGGGGGGGGGGGGGGGG", "yyyyyyyyyyyyyyyyyyyyyyyyyyyyy", "SSSSSSSSSSSSSSSSSSSSS",
                              "rrrrrrrrrrrrrrrrrrrrrrr", "QQQQQQQQQ", "eeeeeeeeee", "BBBBBBB", "zzzzvvvvOOOOXXXX"};
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++)
        CHECK(kalends_locale_format_pattern(loc, "japanese", 20779, 0, patterns[i], "y=jpanyear", buf, sizeof buf, &len) ==
              KALENDS_OK);
    CHECK(kalends_locale_format_pattern(loc, "hebrew", 20779, 0, "d MMMM y", "d=hebr;M=romanlow;y=xx", buf, sizeof buf,
                                        &len) == KALENDS_OK);

    /* extreme integers: documented statuses only, outputs untouched on failure */
    for (int i = 0; i < N_EXTREMES; i++) {
        for (int j = 0; j < N_EXTREMES; j++) {
            int32_t a = extremes[i], b = extremes[j];
            POISON(buf);
            int32_t s = kalends_locale_month_name(loc, "hebrew", a, b, 0, buf, sizeof buf, &len);
            CHECK(s == KALENDS_OK || ((s == KALENDS_E_OUT_OF_RANGE || s == KALENDS_E_INVALID_ARGUMENT) && UNTOUCHED(buf)));
            POISON(buf);
            s = kalends_locale_format_month_year(loc, "chinese", a, b, 0, buf, sizeof buf, &len);
            CHECK(s == KALENDS_OK || ((s == KALENDS_E_OUT_OF_RANGE || s == KALENDS_E_INVALID_ARGUMENT) && UNTOUCHED(buf)));
            POISON(buf);
            s = kalends_locale_format_date(loc, "islamic-umalqura", a, b, buf, sizeof buf, &len);
            CHECK(s == KALENDS_OK || ((s == KALENDS_E_OUT_OF_RANGE || s == KALENDS_E_INVALID_ARGUMENT) && UNTOUCHED(buf)));
            POISON(buf);
            s = kalends_locale_format_day(loc, j % 2 ? "hebrew" : "chinese", a, buf, sizeof buf, &len);
            CHECK(s == KALENDS_OK || (s == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(buf)));
            POISON(buf);
            s = kalends_locale_format_time(loc, a, b, a, 0, buf, sizeof buf, &len);
            CHECK(s == KALENDS_OK || (s == KALENDS_E_INVALID_ARGUMENT && UNTOUCHED(buf)));
            POISON(buf);
            s = kalends_locale_era_name(loc, "japanese", a, b, buf, sizeof buf, &len);
            CHECK(s == KALENDS_OK || ((s == KALENDS_E_OUT_OF_RANGE || s == KALENDS_E_INVALID_ARGUMENT) && UNTOUCHED(buf)));
            POISON(buf);
            s = kalends_locale_available_identifier(a, buf, sizeof buf, &len);
            CHECK(s == KALENDS_OK || (s == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(buf)));
        }
    }
    /* seeded fuzz over every locale function */
    srand(14);
    const char *systems[] = {NULL, "gregorian", "hebrew", "chinese", "japanese", "coptic", "islamic", "persian", "bogus"};
    for (int i = 0; i < 20000; i++) {
        int32_t a = rand() % 3 ? extremes[rand() % N_EXTREMES] : (int32_t)rand() - RAND_MAX / 2;
        int32_t b = extremes[rand() % N_EXTREMES] % 9, c = rand() % 5 - 1;
        const char *sys = systems[rand() % 9];
        size_t cap = (size_t)(rand() % 70);
        int32_t s;
        switch (rand() % 8) {
        case 0: s = kalends_locale_month_name(loc, sys, a, b, c, buf, cap, &len); break;
        case 1: s = kalends_locale_weekday_name(loc, a % 9, b, c, buf, cap, &len); break;
        case 2: s = kalends_locale_era_name(loc, sys, a, b, buf, cap, &len); break;
        case 3: s = kalends_locale_day_period_name(loc, a % 14, b, c, buf, cap, &len); break;
        case 4: s = kalends_locale_format_date(loc, sys, a, b, buf, cap, &len); break;
        case 5: s = kalends_locale_format_month_year(loc, sys, a, b, c, buf, cap, &len); break;
        case 6: s = kalends_locale_format_pattern(loc, sys, a, a % 90000, "GGGG yyyy MMMMM dd EEEE a B h:mm", NULL, buf,
                                                  cap, &len); break;
        default: s = kalends_locale_date_pattern(loc, sys, b, buf, cap, &len); break;
        }
        CHECK_MSG(s == KALENDS_OK || s == KALENDS_E_INVALID_ARGUMENT || s == KALENDS_E_OUT_OF_RANGE ||
                      s == KALENDS_E_NOT_FOUND, "fuzz status %d", (int)s);
        if (s == KALENDS_OK && cap > 0) CHECK(memchr(buf, 0, cap) != NULL);   /* terminated inside the capacity */
    }
    CHECK(kalends_locale_free(loc) == KALENDS_OK);
}
