/* linked_test: locales. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible.
   Expected texts are CLDR 47's (as babel 2.18 and ICU 77 print them). */

static kalends_locale *open_locale(const char *identifier) {
    kalends_locale *loc = NULL;
    CHECK_MSG(kalends_locale_open(identifier, &loc) == KALENDS_OK && loc != NULL, "open %s", identifier);
    return loc;
}

/* The resolved identifier of `identifier` equals `expected`, and is_fallback. */
static void check_resolves(const char *identifier, const char *expected, int32_t fallback) {
    kalends_locale *loc = open_locale(identifier);
    char buf[64];
    size_t len = 0;
    int32_t fb = -1;
    CHECK_MSG(kalends_locale_identifier(loc, buf, sizeof buf, &len) == KALENDS_OK && strcmp(buf, expected) == 0 &&
                  len == strlen(expected),
              "%s resolved to %s, expected %s", identifier, buf, expected);
    CHECK_MSG(kalends_locale_is_fallback(loc, &fb) == KALENDS_OK && (fallback < 0 || fb == fallback),
              "%s: is_fallback %d", identifier, (int)fb);
    kalends_locale_free(loc);
}

static int text_is(kalends_status s, const char *buf, const char *expected) {
    if (s != KALENDS_OK || strcmp(buf, expected) != 0) {
        fprintf(stderr, "    got \"%s\" (status %d), expected \"%s\"\n", buf, (int)s, expected);
        return 0;
    }
    return 1;
}

static void test_locale_identifiers(void) {
    check_resolves("de_AT", "de_AT", 0);
    check_resolves("de-AT", "de_AT", 0);
    check_resolves("de_AT.UTF-8", "de_AT", 0);
    check_resolves("de_XX", "de", 1);
    check_resolves("xx", "root", 1);
    check_resolves("C", "en_US_POSIX", 0);
    check_resolves("iw", "he", 0);
    check_resolves("zh_TW", "zh_Hant_TW", 0);
    check_resolves("ar-EG-u-ca-islamic", "ar_EG", 0);
    check_resolves("", "root", 0);       /* the empty identifier is root's own (ICU's "") */
    check_resolves("@@@-_-._", "root", 1);
    check_resolves("und", "root", 0);

    int32_t count = 0, version = 0;
    CHECK(kalends_locale_available_count(&count) == KALENDS_OK && count == 1083);
    CHECK(kalends_locale_cldr_version(&version) == KALENDS_OK && version == 47);
    /* sorted, unique, and each resolves to itself */
    char prev[64] = "", buf[64];
    int sorted = 1, self = 1;
    for (int32_t i = 0; i < count; i++) {
        size_t len = 0;
        if (kalends_locale_available_identifier(i, buf, sizeof buf, &len) != KALENDS_OK) { sorted = 0; break; }
        if (i > 0 && strcmp(prev, buf) >= 0) sorted = 0;
        kalends_locale *loc = NULL;
        char got[64];
        int32_t fb = -1;
        if (kalends_locale_open(buf, &loc) != KALENDS_OK ||
            kalends_locale_identifier(loc, got, sizeof got, NULL) != KALENDS_OK || strcmp(got, buf) != 0 ||
            kalends_locale_is_fallback(loc, &fb) != KALENDS_OK || fb != 0) {
            if (self) fprintf(stderr, "    %s does not resolve to itself\n", buf);
            self = 0;
        }
        kalends_locale_free(loc);
        memcpy(prev, buf, sizeof prev);
    }
    CHECK(sorted);
    CHECK(self);
    CHECK(kalends_locale_available_identifier(count, buf, sizeof buf, NULL) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_locale_available_identifier(-1, buf, sizeof buf, NULL) == KALENDS_E_OUT_OF_RANGE);
}

static void test_locale_week_data(void) {
    struct { const char *id; int32_t first, min_days; uint32_t weekend; } cases[] = {
        {"de", KALENDS_MONDAY, 4, KALENDS_WEEKDAY_MASK_SATURDAY | KALENDS_WEEKDAY_MASK_SUNDAY},
        {"en", KALENDS_SUNDAY, 1, KALENDS_WEEKDAY_MASK_SATURDAY | KALENDS_WEEKDAY_MASK_SUNDAY},
        {"en_GB", KALENDS_MONDAY, 4, KALENDS_WEEKDAY_MASK_SATURDAY | KALENDS_WEEKDAY_MASK_SUNDAY},
        {"ar_EG", KALENDS_SATURDAY, 1, KALENDS_WEEKDAY_MASK_FRIDAY | KALENDS_WEEKDAY_MASK_SATURDAY},
        {"ar", KALENDS_SATURDAY, 1, KALENDS_WEEKDAY_MASK_FRIDAY | KALENDS_WEEKDAY_MASK_SATURDAY},
        {"he_IL", KALENDS_SUNDAY, 1, KALENDS_WEEKDAY_MASK_FRIDAY | KALENDS_WEEKDAY_MASK_SATURDAY},
        {"fa", KALENDS_SATURDAY, 1, KALENDS_WEEKDAY_MASK_FRIDAY},
        {"pt_MZ", KALENDS_SUNDAY, 1, KALENDS_WEEKDAY_MASK_SATURDAY | KALENDS_WEEKDAY_MASK_SUNDAY},
        {"de-u-fw-sun", KALENDS_SUNDAY, 4, KALENDS_WEEKDAY_MASK_SATURDAY | KALENDS_WEEKDAY_MASK_SUNDAY},
        {"de_US", KALENDS_SUNDAY, 1, KALENDS_WEEKDAY_MASK_SATURDAY | KALENDS_WEEKDAY_MASK_SUNDAY},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        kalends_locale *loc = open_locale(cases[i].id);
        kalends_week_data w;
        memset(&w, 0, sizeof w);
        CHECK_MSG(kalends_locale_week_data(loc, &w) == KALENDS_OK && w.first_weekday == cases[i].first &&
                      w.min_days_in_first_week == cases[i].min_days && w.weekend_days == cases[i].weekend,
                  "%s: week %d/%d/%x", cases[i].id, (int)w.first_weekday, (int)w.min_days_in_first_week,
                  (unsigned)w.weekend_days);
        kalends_locale_free(loc);
    }
    /* mn_Mong: characters top to bottom, lines (and the calendar's columns) left to right */
    struct { const char *id; int32_t direction, characters, lines, cycle; const char *digits, *region; } more[] = {
        {"ar_EG", KALENDS_DIRECTION_RIGHT_TO_LEFT, KALENDS_TEXT_ORDER_RIGHT_TO_LEFT, KALENDS_TEXT_ORDER_TOP_TO_BOTTOM,
         KALENDS_HOUR_CYCLE_H12, "\xd9\xa0\xd9\xa1\xd9\xa2\xd9\xa3\xd9\xa4\xd9\xa5\xd9\xa6\xd9\xa7\xd9\xa8\xd9\xa9", "EG"},
        {"he", KALENDS_DIRECTION_RIGHT_TO_LEFT, KALENDS_TEXT_ORDER_RIGHT_TO_LEFT, KALENDS_TEXT_ORDER_TOP_TO_BOTTOM,
         KALENDS_HOUR_CYCLE_H23, "0123456789", "IL"},
        {"de", KALENDS_DIRECTION_LEFT_TO_RIGHT, KALENDS_TEXT_ORDER_LEFT_TO_RIGHT, KALENDS_TEXT_ORDER_TOP_TO_BOTTOM,
         KALENDS_HOUR_CYCLE_H23, "0123456789", "DE"},
        {"en", KALENDS_DIRECTION_LEFT_TO_RIGHT, KALENDS_TEXT_ORDER_LEFT_TO_RIGHT, KALENDS_TEXT_ORDER_TOP_TO_BOTTOM,
         KALENDS_HOUR_CYCLE_H12, "0123456789", "US"},
        {"mn_Mong_MN", KALENDS_DIRECTION_LEFT_TO_RIGHT, KALENDS_TEXT_ORDER_TOP_TO_BOTTOM, KALENDS_TEXT_ORDER_LEFT_TO_RIGHT,
         KALENDS_HOUR_CYCLE_H23, "0123456789", "MN"},
    };
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
        kalends_locale *loc = open_locale(more[i].id);
        int32_t dir = -1, cycle = -1, characters = -1, lines = -1;
        char buf[64];
        CHECK_MSG(kalends_locale_direction(loc, &dir) == KALENDS_OK && dir == more[i].direction, "%s", more[i].id);
        CHECK_MSG(kalends_locale_character_order(loc, &characters) == KALENDS_OK && characters == more[i].characters,
                  "%s: %d", more[i].id, (int)characters);
        CHECK_MSG(kalends_locale_line_order(loc, &lines) == KALENDS_OK && lines == more[i].lines, "%s: %d", more[i].id,
                  (int)lines);
        CHECK(kalends_locale_character_order(loc, NULL) == KALENDS_E_INVALID_ARGUMENT);
        CHECK_MSG(kalends_locale_hour_cycle(loc, &cycle) == KALENDS_OK && cycle == more[i].cycle, "%s", more[i].id);
        CHECK(text_is(kalends_locale_digits(loc, buf, sizeof buf, NULL), buf, more[i].digits));
        CHECK(text_is(kalends_locale_region(loc, buf, sizeof buf, NULL), buf, more[i].region));
        kalends_locale_free(loc);
    }
    kalends_locale *loc = open_locale("he-IL-u-ca-hebrew");
    char buf[32];
    CHECK(text_is(kalends_locale_calendar(loc, buf, sizeof buf, NULL), buf, "hebrew"));
    kalends_locale_free(loc);
    loc = open_locale("he_IL");
    CHECK(text_is(kalends_locale_calendar(loc, buf, sizeof buf, NULL), buf, ""));
    kalends_locale_free(loc);
}

static void test_locale_names(void) {
    kalends_locale *fr = open_locale("fr_FR"), *ar = open_locale("ar_EG"), *he = open_locale("he_IL");
    kalends_locale *en = open_locale("en");
    char buf[128];
    size_t len = 0;
    CHECK(text_is(kalends_locale_month_name(fr, NULL, 11, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf, sizeof buf,
                                            &len), buf, "novembre"));
    CHECK(len == 8);
    CHECK(text_is(kalends_locale_month_name(fr, "gregorian", 7, KALENDS_NAME_ABBREVIATED, KALENDS_CONTEXT_FORMAT, buf,
                                            sizeof buf, NULL), buf, "juil."));
    CHECK(text_is(kalends_locale_weekday_name(fr, KALENDS_MONDAY, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf,
                                              sizeof buf, NULL), buf, "lundi"));
    CHECK(text_is(kalends_locale_month_name(ar, NULL, 11, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf, sizeof buf,
                                            NULL), buf, "\xd9\x86\xd9\x88\xd9\x81\xd9\x85\xd8\xa8\xd8\xb1")); /* نوفمبر */
    CHECK(text_is(kalends_locale_weekday_name(en, KALENDS_SUNDAY, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf,
                                              sizeof buf, NULL), buf, "Sunday"));
    CHECK(text_is(kalends_locale_weekday_name(en, KALENDS_SUNDAY, KALENDS_NAME_SHORT, KALENDS_CONTEXT_FORMAT, buf,
                                              sizeof buf, NULL), buf, "Su"));
    CHECK(text_is(kalends_locale_weekday_name(en, KALENDS_SUNDAY, KALENDS_NAME_NARROW, KALENDS_CONTEXT_STAND_ALONE,
                                              buf, sizeof buf, NULL), buf, "S"));
    /* Hebrew calendar: 14 names, month 3 Kislev, 14 = Adar II; in English "Kislev". */
    int32_t n = 0;
    CHECK(kalends_locale_month_count(en, "hebrew", &n) == KALENDS_OK && n == 14);
    CHECK(kalends_locale_month_count(en, NULL, &n) == KALENDS_OK && n == 12);
    CHECK(kalends_locale_month_count(en, "coptic", &n) == KALENDS_OK && n == 13);
    CHECK(text_is(kalends_locale_month_name(en, "hebrew", 3, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf,
                                            sizeof buf, NULL), buf, "Kislev"));
    CHECK(text_is(kalends_locale_month_name(en, "hebrew", 14, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf,
                                            sizeof buf, NULL), buf, "Adar II"));
    CHECK(text_is(kalends_locale_month_name(he, "hebrew", 3, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf,
                                            sizeof buf, NULL), buf, "\xd7\x9b\xd7\xa1\xd7\x9c\xd7\x95")); /* כסלו */
    /* islamic variants share islamic's names: month 9 Ramadan */
    CHECK(text_is(kalends_locale_month_name(en, "islamic-umalqura", 9, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf,
                                            sizeof buf, NULL), buf, "Ramadan"));
    CHECK(kalends_locale_era_count(en, "japanese", &n) == KALENDS_OK && n == 237);
    CHECK(text_is(kalends_locale_era_name(en, "japanese", 236, KALENDS_NAME_ABBREVIATED, buf, sizeof buf, NULL), buf,
                  "Reiwa"));
    CHECK(text_is(kalends_locale_era_name(en, NULL, 0, KALENDS_NAME_WIDE, buf, sizeof buf, NULL), buf,
                  "Before Christ"));
    CHECK(text_is(kalends_locale_day_period_name(en, KALENDS_DAY_PERIOD_PM, KALENDS_NAME_ABBREVIATED,
                                                 KALENDS_CONTEXT_FORMAT, buf, sizeof buf, NULL), buf, "PM"));
    CHECK(text_is(kalends_locale_date_pattern(en, NULL, KALENDS_STYLE_FULL, buf, sizeof buf, NULL), buf,
                  "EEEE, MMMM d, y"));
    CHECK(text_is(kalends_locale_date_numbers(he, "hebrew", KALENDS_STYLE_LONG, buf, sizeof buf, NULL), buf, "hebr"));

    /* snprintf convention: a short buffer gets a cut at a character boundary and the full length */
    char small[4];
    CHECK(kalends_locale_month_name(ar, NULL, 11, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, small, sizeof small,
                                    &len) == KALENDS_OK && len == 12 && strlen(small) == 2);
    CHECK(kalends_locale_month_name(ar, NULL, 11, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, NULL, 0, &len) ==
              KALENDS_OK && len == 12);
    /* errors */
    CHECK(kalends_locale_month_name(en, NULL, 13, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf, sizeof buf, NULL) ==
          KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_locale_month_name(en, NULL, 0, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf, sizeof buf, NULL) ==
          KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_locale_month_name(en, "mayan", 1, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf, sizeof buf,
                                    NULL) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_locale_weekday_name(en, 8, KALENDS_NAME_WIDE, KALENDS_CONTEXT_FORMAT, buf, sizeof buf, NULL) ==
          KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_weekday_name(en, 1, 4, KALENDS_CONTEXT_FORMAT, buf, sizeof buf, NULL) ==
          KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_weekday_name(en, 1, 0, 2, buf, sizeof buf, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_era_name(en, "japanese", 237, 0, buf, sizeof buf, NULL) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_locale_day_period_name(en, 12, 0, 0, buf, sizeof buf, NULL) == KALENDS_E_INVALID_ARGUMENT);
    kalends_locale_free(fr);
    kalends_locale_free(ar);
    kalends_locale_free(he);
    kalends_locale_free(en);
}

static int32_t day_of(int32_t y, int32_t m, int32_t d) {
    kalends_date date = {y, m, d};
    int32_t n = 0;
    kalends_date_day_number(&date, &n);
    return n;
}

static void test_locale_formats(void) {
    kalends_locale *en = open_locale("en"), *ar = open_locale("ar_EG"), *de = open_locale("de");
    kalends_locale *he = open_locale("he"), *ru = open_locale("ru");
    char buf[256];
    int32_t nov22 = day_of(2026, 11, 22);
    CHECK(text_is(kalends_locale_format_date(en, NULL, nov22, KALENDS_STYLE_FULL, buf, sizeof buf, NULL), buf,
                  "Sunday, November 22, 2026"));
    CHECK(text_is(kalends_locale_format_date(en, NULL, nov22, KALENDS_STYLE_SHORT, buf, sizeof buf, NULL), buf,
                  "11/22/26"));
    CHECK(text_is(kalends_locale_format_date(de, NULL, nov22, KALENDS_STYLE_FULL, buf, sizeof buf, NULL), buf,
                  "Sonntag, 22. November 2026"));
    /* Arabic digits: ٢٢‏/١١‏/٢٠٢٦ */
    CHECK(text_is(kalends_locale_format_date(ar, NULL, nov22, KALENDS_STYLE_SHORT, buf, sizeof buf, NULL), buf,
                  "\xd9\xa2\xd9\xa2\xe2\x80\x8f/\xd9\xa1\xd9\xa1\xe2\x80\x8f/\xd9\xa2\xd9\xa0\xd9\xa2\xd9\xa6"));
    CHECK(text_is(kalends_locale_format_date(en, "hebrew", nov22, KALENDS_STYLE_LONG, buf, sizeof buf, NULL), buf,
                  "12 Kislev 5787")); /* ICU 77: en@calendar=hebrew long is "d MMMM y" */
    CHECK(text_is(kalends_locale_format_month_year(en, NULL, 2026, 11, 0, buf, sizeof buf, NULL), buf,
                  "November 2026"));
    CHECK(text_is(kalends_locale_format_month_year(ru, NULL, 2026, 11, 0, buf, sizeof buf, NULL), buf,
                  "\xd0\xbd\xd0\xbe\xd1\x8f\xd0\xb1\xd1\x80\xd1\x8c 2026\xe2\x80\xaf\xd0\xb3.")); /* ноябрь 2026 г. */
    CHECK(text_is(kalends_locale_format_month_year(en, "hebrew", 5787, 3, 0, buf, sizeof buf, NULL), buf,
                  "Kislev 5787"));
    CHECK(kalends_locale_format_month_year(en, "hebrew", 5786, 6, 0, buf, sizeof buf, NULL) ==
          KALENDS_E_INVALID_ARGUMENT); /* 5786 is not a leap year: no Adar I */
    CHECK(kalends_locale_format_month_year(en, NULL, 2026, 13, 0, buf, sizeof buf, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_format_month_year(en, NULL, 2026, 1, 2, buf, sizeof buf, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_format_month_year(en, NULL, 2000000, 1, 0, buf, sizeof buf, NULL) == KALENDS_E_OUT_OF_RANGE);
    /* day labels: digits, or the numbering of the locale's dates of the system */
    CHECK(text_is(kalends_locale_format_day(en, NULL, nov22, buf, sizeof buf, NULL), buf, "22"));
    CHECK(text_is(kalends_locale_format_day(en, "hebrew", nov22, buf, sizeof buf, NULL), buf, "12"));
    CHECK(text_is(kalends_locale_format_day(ar, NULL, nov22, buf, sizeof buf, NULL), buf, "\xd9\xa2\xd9\xa2")); /* ٢٢ */
    kalends_locale *hebrew_he = open_locale("he");
    CHECK(text_is(kalends_locale_format_day(hebrew_he, "hebrew", nov22, buf, sizeof buf, NULL), buf,
                  "\xd7\x99\xd7\xb4\xd7\x91")); /* י״ב */
    CHECK(text_is(kalends_locale_format_month_year(hebrew_he, "hebrew", 5787, 3, 0, buf, sizeof buf, NULL), buf,
                  "\xd7\x9b\xd7\xa1\xd7\x9c\xd7\x95 \xd7\xaa\xd7\xa9\xd7\xa4\xd7\xb4\xd7\x96")); /* כסלו תשפ״ז */
    CHECK(kalends_locale_format_day(hebrew_he, "klingon", nov22, buf, sizeof buf, NULL) == KALENDS_E_NOT_FOUND);
    CHECK(kalends_locale_format_day(hebrew_he, "hebrew", INT32_MAX, buf, sizeof buf, NULL) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_locale_format_day(hebrew_he, "hebrew", nov22, NULL, 0, NULL) == KALENDS_E_INVALID_ARGUMENT);
    kalends_locale_free(hebrew_he);
    CHECK(text_is(kalends_locale_format_time(en, 15, 30, 0, KALENDS_STYLE_SHORT, buf, sizeof buf, NULL), buf,
                  "3:30\xe2\x80\xafPM"));
    CHECK(text_is(kalends_locale_format_time(de, 15, 30, 5, KALENDS_STYLE_MEDIUM, buf, sizeof buf, NULL), buf,
                  "15:30:05"));
    CHECK(kalends_locale_format_time(en, 24, 0, 0, KALENDS_STYLE_SHORT, buf, sizeof buf, NULL) ==
          KALENDS_E_INVALID_ARGUMENT);
    CHECK(text_is(kalends_locale_format_hour(en, 15, buf, sizeof buf, NULL), buf, "3 PM")); /* babel's "h a" */
    CHECK(text_is(kalends_locale_format_hour(de, 15, buf, sizeof buf, NULL), buf, "15 Uhr"));
    CHECK(kalends_locale_format_hour(de, -1, buf, sizeof buf, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(text_is(kalends_locale_format_pattern(en, NULL, nov22, 15 * 3600 + 4 * 60, "EEE d MMM y G, h:mm a", NULL,
                                                buf, sizeof buf, NULL), buf, "Sun 22 Nov 2026 AD, 3:04 PM"));
    /* Hebrew numerals by the numbers override: י״ב כסלו תשפ״ז */
    CHECK(text_is(kalends_locale_format_pattern(he, "hebrew", nov22, 0, "d MMMM y", "hebr", buf, sizeof buf, NULL),
                  buf, "\xd7\x99\xd7\xb4\xd7\x91 \xd7\x9b\xd7\xa1\xd7\x9c\xd7\x95 \xd7\xaa\xd7\xa9\xd7\xa4\xd7\xb4\xd7\x96"));
    CHECK(kalends_locale_format_pattern(en, NULL, nov22, 86400, "y", NULL, buf, sizeof buf, NULL) ==
          KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_format_pattern(en, NULL, nov22, 0, NULL, NULL, buf, sizeof buf, NULL) ==
          KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_locale_format_date(en, "hebrew", INT32_MAX, KALENDS_STYLE_FULL, buf, sizeof buf, NULL) ==
          KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_locale_format_date(en, NULL, nov22, 4, buf, sizeof buf, NULL) == KALENDS_E_INVALID_ARGUMENT);
    kalends_locale_free(en);
    kalends_locale_free(ar);
    kalends_locale_free(de);
    kalends_locale_free(he);
    kalends_locale_free(ru);
}

/* A calendar's locale reaches the view's title, labels and accessibility labels. */
static void test_locale_view_text(void) {
    kalends_calendar_options o;
    kalends_calendar_options_init(&o);
    CHECK(o.locale != NULL && strcmp(o.locale, "en") == 0);
    o.today_mode = KALENDS_TODAY_FIXED;
    kalends_date nov22 = {2026, 11, 22};
    o.today = nov22;
    char id[] = "de_DE";
    o.locale = id;
    kalends_calendar *cal = NULL;
    CHECK(kalends_calendar_new(&o, &cal) == KALENDS_OK);
    id[0] = 'x'; /* copied at the call */
    kalends_calendar_options got;
    memset(&got, 0, sizeof got);
    got.struct_size = sizeof got;
    CHECK(kalends_calendar_get_options(cal, &got) == KALENDS_OK && got.locale != NULL &&
          strcmp(got.locale, "de_DE") == 0);
    kalends_view_options vo;
    kalends_view_metrics vm;
    kalends_view_options_init(&vo);
    kalends_view_metrics_init(&vm);
    kalends_view *view = NULL;
    CHECK(kalends_view_new(cal, &vo, &vm, &view) == KALENDS_OK);
    char buf[128];
    CHECK(text_is(kalends_view_title(view, buf, sizeof buf, NULL), buf, "November 2026"));
    CHECK(text_is(kalends_view_weekday_label(view, KALENDS_MONDAY, KALENDS_NAME_ABBREVIATED, buf, sizeof buf, NULL),
                  buf, "Mo"));
    CHECK(text_is(kalends_view_weekday_label(view, KALENDS_THURSDAY, KALENDS_NAME_WIDE, buf, sizeof buf, NULL), buf,
                  "Donnerstag"));
    CHECK(text_is(kalends_view_hour_label(view, 9, buf, sizeof buf, NULL), buf, "09 Uhr"));
    kalends_date d = {2026, 11, 22};
    size_t len = 0;
    CHECK(kalends_view_accessibility_label(view, &d, buf, sizeof buf, &len) == KALENDS_OK &&
          strncmp(buf, "Sonntag, 22. November 2026", 26) == 0);
    CHECK(kalends_view_hour_label(view, 24, buf, sizeof buf, NULL) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(text_is(kalends_view_day_label(view, &d, buf, sizeof buf, NULL), buf, "22"));
    CHECK(kalends_view_weekday_label(view, 0, 0, buf, sizeof buf, NULL) == KALENDS_E_INVALID_ARGUMENT);

    /* a Hebrew calendar in he: the title is the Hebrew month */
    char he[] = "he_IL", hebrew[] = "hebrew";
    o.locale = he;
    o.system = hebrew;
    CHECK(kalends_calendar_set_options(cal, &o) == KALENDS_OK);
    CHECK(kalends_view_set_calendar(view, cal) == KALENDS_OK);
    CHECK(kalends_view_title(view, buf, sizeof buf, NULL) == KALENDS_OK && strstr(buf, "\xd7\x9b\xd7\xa1\xd7\x9c\xd7\x95"));
    CHECK(text_is(kalends_view_day_label(view, &d, buf, sizeof buf, NULL), buf, "\xd7\x99\xd7\xb4\xd7\x91")); /* י״ב */
    CHECK(kalends_view_day_label(view, NULL, buf, sizeof buf, NULL) == KALENDS_E_INVALID_ARGUMENT);
    /* an older struct_size (before locales) reads as NULL = en */
    kalends_calendar_options old = o;
    old.struct_size = (uint32_t)offsetof(kalends_calendar_options, locale);
    CHECK(kalends_calendar_set_options(cal, &old) == KALENDS_OK);
    memset(&got, 0, sizeof got);
    got.struct_size = sizeof got;
    CHECK(kalends_calendar_get_options(cal, &got) == KALENDS_OK && strcmp(got.locale, "en") == 0);
    old.struct_size = (uint32_t)offsetof(kalends_calendar_options, locale) + 4;
    CHECK(kalends_calendar_set_options(cal, &old) == KALENDS_E_INVALID_ARGUMENT);
    kalends_view_free(view);
    kalends_calendar_free(cal);
}

/* Locales from several threads at once: opening and formatting share the tables. */
static void *locale_worker(void *arg) {
    int *ok = (int *)arg;
    char buf[128];
    for (int i = 0; i < 200; i++) {
        kalends_locale *loc = NULL;
        if (kalends_locale_open(i % 2 ? "fr_FR" : "ar_EG", &loc) != KALENDS_OK ||
            kalends_locale_format_date(loc, NULL, 20779, KALENDS_STYLE_FULL, buf, sizeof buf, NULL) != KALENDS_OK ||
            kalends_locale_free(loc) != KALENDS_OK)
            *ok = 0;
        if (i % 2 && strcmp(buf, "dimanche 22 novembre 2026") != 0) *ok = 0;
    }
    return NULL;
}

static void test_locale_threads(void) {
    pthread_t t[4];
    int ok[4] = {1, 1, 1, 1};
    for (int i = 0; i < 4; i++) pthread_create(&t[i], NULL, locale_worker, &ok[i]);
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    CHECK(ok[0] && ok[1] && ok[2] && ok[3]);
}

static void test_locales(void) {
    test_locale_identifiers();
    test_locale_week_data();
    test_locale_names();
    test_locale_formats();
    test_locale_view_text();
    test_locale_threads();
}
