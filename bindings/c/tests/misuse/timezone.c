/* misuse_test: timezone. Part of ../misuse_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

static void test_timezone_misuse(void) {
    kalends_timezone *z;
    const char *missing[] = {"No/Such_Zone", "Europe/Nowhere", "/etc/passwd", "../../../etc/passwd", "Europe", "Europe/",
                             "posixrules/..", "a\tb"};
    for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++) {
        POISON(z);
        kalends_status s = kalends_timezone_new(missing[i], &z);
        CHECK_MSG(s == KALENDS_E_NOT_FOUND && UNTOUCHED(z), "%s: %d", missing[i], (int)s);
    }
    const char *unparsable[] = {"CET-1CEST,M3.5.0,M13.5.0", "garbage 123", "EST5EDT,M3.2.0", "X99999999", "<+05", "1"};
    for (size_t i = 0; i < sizeof unparsable / sizeof unparsable[0]; i++) {
        POISON(z);
        kalends_status s = kalends_timezone_new(unparsable[i], &z);
        CHECK_MSG(s == KALENDS_E_PARSE && UNTOUCHED(z), "%s: %d", unparsable[i], (int)s);
    }
    /* odd but valid: an offset with minutes and a quoted name */
    int32_t east = 0, dst = -1;
    CHECK(kalends_timezone_new("<+0530>-5:30", &z) == KALENDS_OK);
    CHECK(kalends_timezone_offset(z, 0, &east, &dst) == KALENDS_OK && east == 19800 && dst == 0);
    CHECK(kalends_timezone_free(z) == KALENDS_OK);

    /* TZif bytes: garbage, truncated, and random corruption: PARSE or a zone whose offsets
       stay within a day; never a crash */
    static uint8_t paris[1 << 16], copy[1 << 16];
    size_t length = 0;
    FILE *f = fopen("/usr/share/zoneinfo/Europe/Paris", "rb");
    if (CHECK(f != NULL)) {
        length = fread(paris, 1, sizeof paris, f);
        fclose(f);
    }
    const char *text = "not a TZif file";
    POISON(z);
    CHECK(kalends_timezone_from_tzif((const uint8_t *)text, strlen(text), NULL, &z) == KALENDS_E_PARSE && UNTOUCHED(z));
    CHECK(kalends_timezone_from_tzif(paris, 0, NULL, &z) == KALENDS_E_PARSE && UNTOUCHED(z));
    int problems = 0;
    for (size_t cut = 1; cut < length; cut += 1 + cut / 3) {
        kalends_status s = kalends_timezone_from_tzif(paris, cut, "cut", &z);
        if (s == KALENDS_OK) kalends_timezone_free(z);
        else if (s != KALENDS_E_PARSE) problems++;
    }
    CHECK(kalends_timezone_from_tzif(paris, SIZE_MAX, NULL, &z) == KALENDS_E_INVALID_ARGUMENT);
    int parsed = 0;
    for (int i = 0; i < 300; i++) {
        memcpy(copy, paris, length);
        int flips = 1 + (int)(rnd() % 4);
        for (int k = 0; k < flips; k++) copy[rnd() % length] = (uint8_t)rnd();
        /* corrupt the header counts now and then */
        if (rnd() % 4 == 0) copy[20 + rnd() % 24] = (uint8_t)rnd();
        kalends_status s = kalends_timezone_from_tzif(copy, length, NULL, &z);
        if (s == KALENDS_OK) {
            parsed++;
            for (int k = 0; k < 20; k++) {
                int64_t t = (int64_t)rnd_int() * 1000 + (int64_t)(rnd() % 1000);
                int32_t day = 0, seconds = -1;
                int64_t start = 0;
                if (kalends_timezone_offset(z, t, &east, &dst) != KALENDS_OK || east <= -90000 || east >= 93600) problems++;
                kalends_status s2 = kalends_timezone_local_day(z, t, &day, &seconds);
                if (s2 != KALENDS_OK && s2 != KALENDS_E_OUT_OF_RANGE) problems++;
                if (s2 == KALENDS_OK && (seconds < 0 || seconds >= 86400)) problems++;
                s2 = kalends_timezone_day_start(z, (int32_t)(t / 86400), &start);
                if (s2 != KALENDS_OK && s2 != KALENDS_E_OUT_OF_RANGE) problems++;
                s2 = kalends_timezone_instant(z, (int32_t)(t / 86400), (int32_t)(rnd() % 86400), &start);
                if (s2 != KALENDS_OK && s2 != KALENDS_E_OUT_OF_RANGE) problems++;
            }
            kalends_timezone_free(z);
        } else if (s != KALENDS_E_PARSE) {
            problems++;
        }
    }
    CHECK_MSG(problems == 0, "%d problems with corrupt TZif data (%d of 300 parsed)", problems, parsed);

    /* extreme instants and days */
    int32_t day, seconds;
    int64_t t;
    int64_t instants[] = {INT64_MIN, INT64_MIN + 1, -((int64_t)1 << 62), (int64_t)1 << 62, INT64_MAX - 1, INT64_MAX};
    for (size_t i = 0; i < sizeof instants / sizeof instants[0]; i++) {
        /* before 1891 Paris kept local mean time, +0:09:21 */
        CHECK(kalends_timezone_offset(live_zone, instants[i], &east, &dst) == KALENDS_OK &&
              (instants[i] < 0 ? east == 561 && dst == 0 : east == 3600 || east == 7200));
        POISON(day);
        POISON(seconds);
        CHECK(kalends_timezone_local_day(live_zone, instants[i], &day, &seconds) == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(day) &&
              UNTOUCHED(seconds));
    }
    for (int i = 0; i < N_EXTREMES; i++) {
        POISON(t);
        kalends_status s = kalends_timezone_day_start(live_zone, extremes[i], &t);
        CHECK(s == KALENDS_OK || (s == KALENDS_E_OUT_OF_RANGE && UNTOUCHED(t)));
        for (int k = 0; k < N_EXTREMES; k++) {
            POISON(t);
            s = kalends_timezone_instant(live_zone, extremes[i], extremes[k], &t);
            CHECK(s == KALENDS_OK || ((s == KALENDS_E_OUT_OF_RANGE || s == KALENDS_E_INVALID_ARGUMENT) && UNTOUCHED(t)));
        }
    }
    kalends_date lo = {KALENDS_YEAR_MIN, 1, 1}, hi = {KALENDS_YEAR_MAX, 12, 31};
    int32_t first = 0, last = 0;
    kalends_date_day_number(&lo, &first);
    kalends_date_day_number(&hi, &last);
    CHECK(kalends_timezone_day_start(live_zone, first, &t) == KALENDS_OK);
    CHECK(kalends_timezone_local_day(live_zone, t, &day, &seconds) == KALENDS_OK && day == first && seconds == 0);
    CHECK(kalends_timezone_day_start(live_zone, last, &t) == KALENDS_OK);
    CHECK(kalends_timezone_instant(live_zone, first, 0, &t) == KALENDS_OK && kalends_timezone_instant(live_zone, last, 86399, &t) == KALENDS_OK);
    CHECK(kalends_timezone_local_day(live_zone, t, &day, &seconds) == KALENDS_OK && day == last && seconds == 86399);
    CHECK(kalends_timezone_day_start(live_zone, first - 1, &t) == KALENDS_E_OUT_OF_RANGE);
    CHECK(kalends_timezone_day_start(live_zone, last + 1, &t) == KALENDS_E_OUT_OF_RANGE);
}
