/* linked_test: date fields (issue 27 item 4) driven by keys. Part of ../linked_test.c.
   The oracle for the value is libc (gmtime_r of the day's seconds), and the text the field
   shows reads back to that day by kalends_locale_parse_date (the locale's own parse). */

/* The day number of a civil date by libc: the day (of 1970 ... 2099) whose midnight
   gmtime_r writes as that date. */
static int32_t civil_day(int year, int month, int day) {
    for (int32_t d = 0; d < 47482; d++) {
        time_t seconds = (time_t)d * 86400;
        struct tm t;
        if (gmtime_r(&seconds, &t) && t.tm_year == year - 1900 && t.tm_mon == month - 1 && t.tm_mday == day) return d;
    }
    return -1;
}

static int date_field_types(kalends_date_field *f, const char *text) {
    return kalends_date_field_type(f, (const uint8_t *)text, strlen(text)) == KALENDS_OK;
}

/* The field's text reads back to `day` by the locale's parse (NULL system: gregorian). */
static int date_field_reads_back(kalends_date_field *f, const kalends_locale *locale, const char *system, int32_t day) {
    char text[128];
    size_t length = 0;
    int32_t parsed = 0;
    if (kalends_date_field_text(f, text, sizeof text, &length) != KALENDS_OK || length >= sizeof text) return 0;
    return kalends_locale_parse_date(locale, system, (const uint8_t *)text, length, 0, &parsed, NULL) == KALENDS_OK &&
           parsed == day;
}

static void test_date_fields(void) {
    const char *names[] = {"en_US", "de_DE", "ja_JP", "ar_EG"};
    /* the day, month and year typed in each locale's order (ar_EG: Arabic-Indic digits) */
    const char *keys[] = {"11282026", "28112026", "20261128", "\xd9\xa2\xd9\xa8\xd9\xa1\xd9\xa1\xd9\xa2\xd9\xa0\xd9\xa2\xd9\xa6"};
    int32_t nov28 = civil_day(2026, 11, 28);
    for (int i = 0; i < 4; i++) {
        kalends_locale *locale = NULL;
        kalends_date_field *f = NULL;
        CHECK(kalends_locale_open(names[i], &locale) == KALENDS_OK);
        CHECK(kalends_date_field_new(locale, NULL, 1, KALENDS_DATE_FIELD_GRANULARITY_DAY, -1, nov28, 0, &f) == KALENDS_OK);
        kalends_date_field_state state;
        CHECK(kalends_date_field_value(f, &state) == KALENDS_OK && state.complete == 0 &&
              state.validity == KALENDS_DATE_FIELD_INCOMPLETE);
        CHECK(date_field_types(f, keys[i]));
        CHECK(kalends_date_field_value(f, &state) == KALENDS_OK && state.complete == 1 && state.day == nov28 &&
              state.validity == KALENDS_DATE_FIELD_VALID);
        CHECK(date_field_reads_back(f, locale, NULL, nov28));
        int32_t handled = -1;
        CHECK(kalends_date_field_press(f, KALENDS_DATE_FIELD_KEY_TAB, &handled) == KALENDS_OK && handled == 0);
        CHECK(kalends_date_field_free(f) == KALENDS_OK);
        CHECK(kalends_locale_free(locale) == KALENDS_OK);
    }

    /* fa_IR in the Persian calendar: 1405/9/7 in Persian digits is 2026-11-28 */
    kalends_locale *fa = NULL;
    kalends_date_field *f = NULL;
    CHECK(kalends_locale_open("fa_IR", &fa) == KALENDS_OK);
    CHECK(kalends_date_field_new(fa, "persian", 1, KALENDS_DATE_FIELD_GRANULARITY_DAY, -1, nov28, 0, &f) == KALENDS_OK);
    CHECK(date_field_types(f, "\xdb\xb1\xdb\xb4\xdb\xb0\xdb\xb5\xdb\xb9\xdb\xb7"));   /* ۱۴۰۵۹۷ */
    kalends_date_field_state state;
    CHECK(kalends_date_field_value(f, &state) == KALENDS_OK && state.complete == 1 && state.day == nov28);
    CHECK(date_field_reads_back(f, fa, "persian", nov28));
    /* the month stepped down from Azar (9) is Aban (8); its text is the locale's digit */
    CHECK(kalends_date_field_set_focus(f, 2) == KALENDS_OK);
    int32_t handled = 0;
    CHECK(kalends_date_field_press(f, KALENDS_DATE_FIELD_KEY_DOWN, &handled) == KALENDS_OK && handled == 1);
    kalends_date_segment segment;
    CHECK(kalends_date_field_segment(f, 2, &segment) == KALENDS_OK && segment.kind == KALENDS_DATE_SEGMENT_MONTH &&
          segment.has_value == 1 && segment.value == 8 && segment.min_value == 1 && segment.max_value == 12);
    char text[16];
    size_t length = 0;
    CHECK(kalends_date_field_segment_text(f, 2, text, sizeof text, &length) == KALENDS_OK &&
          strcmp(text, "\xdb\xb8") == 0);
    CHECK(kalends_date_field_free(f) == KALENDS_OK);

    /* a time field: 3:07 PM typed as "307p" in en_US, 15:07 */
    kalends_locale *en = NULL;
    CHECK(kalends_locale_open("en_US", &en) == KALENDS_OK);
    CHECK(kalends_date_field_new(en, NULL, 0, KALENDS_DATE_FIELD_GRANULARITY_MINUTE, -1, nov28, 0, &f) == KALENDS_OK);
    CHECK(date_field_types(f, "307p"));
    CHECK(kalends_date_field_value(f, &state) == KALENDS_OK && state.complete == 1 && state.second == 15 * 3600 + 7 * 60);
    /* bad input changes nothing: an unknown key, text that is not UTF-8, too long a text */
    char before[64], after[64];
    CHECK(kalends_date_field_text(f, before, sizeof before, &length) == KALENDS_OK);
    CHECK(kalends_date_field_press(f, 99, &handled) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_field_type(f, (const uint8_t *)"1\xff", 2) == KALENDS_E_PARSE);
    static uint8_t huge[4096];
    memset(huge, '1', sizeof huge);
    CHECK(kalends_date_field_type(f, huge, sizeof huge) == KALENDS_E_PARSE);
    CHECK(kalends_date_field_type(f, NULL, 1) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_field_type(f, NULL, 0) == KALENDS_OK);
    CHECK(kalends_date_field_text(f, after, sizeof after, &length) == KALENDS_OK && strcmp(before, after) == 0);
    CHECK(kalends_date_field_segment(f, 99, &segment) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_date_field_set_focus(f, 1) == KALENDS_E_INVALID_ARGUMENT);         /* the ":" */
    CHECK(kalends_date_field_set_limits(f, 10, 5) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_date_field_new(en, NULL, 0, KALENDS_DATE_FIELD_GRANULARITY_DAY, -1, nov28, 0, &f) ==
          KALENDS_E_INVALID_ARGUMENT);                                             /* no segment */
    CHECK(kalends_date_field_new(en, NULL, 1, KALENDS_DATE_FIELD_GRANULARITY_DAY, 7, nov28, 0, &f) ==
          KALENDS_E_INVALID_ARGUMENT);                                             /* hour cycle */
    CHECK(kalends_date_field_free(f) == KALENDS_OK);
    CHECK(kalends_locale_free(en) == KALENDS_OK);
    CHECK(kalends_locale_free(fa) == KALENDS_OK);
}
