/* linked_test: timezone. Part of ../linked_test.c, which includes it (one program,
   one file per area) after its #includes; helpers of files included earlier are visible. */

/* The day number of a civil date without the library (Howard Hinnant's days_from_civil). */
static int64_t civil_days(int64_t y, int64_t m, int64_t d) {
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* libc as the oracle of a zone: TZ is set, then localtime_r and mktime answer. */
static void use_tz(const char *tz) {
    setenv("TZ", tz, 1);
    tzset();
}

/* Offset (seconds east) and DST flag of instant t in $TZ, by localtime_r. */
static int32_t libc_offset(int64_t t, int32_t *is_dst) {
    time_t tt = (time_t)t;
    struct tm tm;
    localtime_r(&tt, &tm);
    *is_dst = tm.tm_isdst > 0;
    int64_t local = civil_days(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday) * 86400 + tm.tm_hour * 3600 +
                    tm.tm_min * 60 + tm.tm_sec;
    return (int32_t)(local - t);
}

/* The local midnight of a day in $TZ, by mktime (for zones without a gap at midnight). */
static int64_t libc_midnight(int32_t day) {
    struct tm tm;
    libc_date(day, &tm);
    tm.tm_hour = 0;
    tm.tm_min = 0;
    tm.tm_sec = 0;
    tm.tm_isdst = -1;
    return (int64_t)mktime(&tm);
}

static kalends_timezone *zone_named(const char *name) {
    kalends_timezone *z = NULL;
    CHECK_MSG(kalends_timezone_new(name, &z) == KALENDS_OK, "%s: %s", name, kalends_last_error());
    return z;
}

static int zone_is(kalends_timezone *z, int64_t t, int32_t east, int32_t dst) {
    int32_t e = -1, d = -1;
    return kalends_timezone_offset(z, t, &e, &d) == KALENDS_OK && e == east && d == dst;
}

static int local_is(kalends_timezone *z, int64_t t, int32_t day, int32_t seconds) {
    int32_t d = -1, s = -1;
    return kalends_timezone_local_day(z, t, &d, &s) == KALENDS_OK && d == day && s == seconds;
}

static int64_t day_start(kalends_timezone *z, int32_t day) {
    int64_t t = INT64_MIN;
    CHECK(kalends_timezone_day_start(z, day, &t) == KALENDS_OK);
    return t;
}

static void test_timezones(void) {
    kalends_timezone *paris = zone_named("Europe/Paris"), *ny = zone_named("America/New_York");
    kalends_timezone *utc = zone_named("UTC"), *sao_paulo = zone_named("America/Sao_Paulo");

    /* Europe/Paris, 2026. 2026-01-01 is day 20454 (56 years of 365 days and the 14 leap
       days 1972 ... 2024). The EU switches on the last Sundays of March and October at
       01:00 UTC. 2026-03-29 is day 20454 + 31 + 28 + 28 = 20541; 20541 * 86400 =
       1774742400, + 3600 = 1774746000: CET (+3600) becomes CEST (+7200), 02:00 -> 03:00.
       2026-10-25 is day 20454 + 273 + 24 = 20751; 20751 * 86400 + 3600 = 1792890000:
       CEST becomes CET, 03:00 -> 02:00. */
    CHECK(zone_is(paris, 1774746000 - 1, 3600, 0) && zone_is(paris, 1774746000, 7200, 1));
    CHECK(zone_is(paris, 1792890000 - 1, 7200, 1) && zone_is(paris, 1792890000, 3600, 0));
    CHECK(local_is(paris, 1774746000 - 1, 20541, 7199) && local_is(paris, 1774746000, 20541, 3 * 3600));
    CHECK(local_is(paris, 1792890000 - 1, 20751, 3 * 3600 - 1) && local_is(paris, 1792890000, 20751, 2 * 3600));
    /* America/New_York, 2026: second Sunday of March and first of November at 02:00
       local. 2026-03-08 is day 20454 + 31 + 28 + 7 = 20520; 02:00 EST is 07:00Z:
       20520 * 86400 + 25200 = 1772953200, EST (-18000) becomes EDT (-14400).
       2026-11-01 is day 20454 + 304 = 20758; 02:00 EDT is 06:00Z: 20758 * 86400 + 21600 =
       1793512800, EDT becomes EST. */
    CHECK(zone_is(ny, 1772953200 - 1, -18000, 0) && zone_is(ny, 1772953200, -14400, 1));
    CHECK(zone_is(ny, 1793512800 - 1, -14400, 1) && zone_is(ny, 1793512800, -18000, 0));
    CHECK(local_is(ny, 1772953200, 20520, 3 * 3600) && local_is(ny, 1793512800, 20758, 1 * 3600));
    /* either output may be NULL */
    int32_t east = 0;
    CHECK(kalends_timezone_offset(ny, 0, &east, NULL) == KALENDS_OK && east == -18000);
    CHECK(kalends_timezone_offset(ny, 0, NULL, NULL) == KALENDS_OK);
    CHECK(zone_is(utc, 1774746000, 0, 0) && local_is(utc, -1, -1, 86399));

    /* day starts on DST-change days: Paris 2026-03-29 begins at 00:00 CET = 23:00Z the
       day before (1774742400 - 3600) and lasts 23 hours; 2026-10-25 begins at 00:00 CEST
       (20751 * 86400 - 7200 = 1792879200) and lasts 25 hours. New York 2026-03-08 begins
       at 00:00 EST = 05:00Z (20520 * 86400 + 18000 = 1772946000) and lasts 23 hours. */
    CHECK(day_start(paris, 20541) == 1774738800 && day_start(paris, 20542) - day_start(paris, 20541) == 23 * 3600);
    CHECK(day_start(paris, 20751) == 1792879200 && day_start(paris, 20752) - day_start(paris, 20751) == 25 * 3600);
    CHECK(day_start(ny, 20520) == 1772946000 && day_start(ny, 20521) - day_start(ny, 20520) == 23 * 3600);
    /* A gap at midnight: Sao Paulo's DST began 2018-11-04 at 00:00 (-03) -> 01:00 (-02).
       2018-01-01 is day 17532 (48 * 365 + 12), 2018-11-04 day 17532 + 304 + 3 = 17839. The
       day starts at 01:00 -02, 03:00Z: 17839 * 86400 + 10800 = 1541300400. */
    CHECK(day_start(sao_paulo, 17839) == 1541300400);
    CHECK(local_is(sao_paulo, 1541300400, 17839, 3600) && local_is(sao_paulo, 1541300400 - 1, 17838, 86399));
    CHECK(day_start(utc, -1) == -86400);

    /* wall-clock times to instants. New York 2026-03-08 02:30 is skipped: read at -05:00,
       07:30Z; 2026-11-01 (day 20758) 01:30 happens twice: the first, at -04:00, 05:30Z */
    int64_t when = 0;
    CHECK(kalends_timezone_instant(ny, 20520, 2 * 3600 + 1800, &when) == KALENDS_OK && when == 20520 * 86400LL + 7 * 3600 + 1800);
    CHECK(kalends_timezone_instant(ny, 20758, 3600 + 1800, &when) == KALENDS_OK && when == 20758 * 86400LL + 5 * 3600 + 1800);
    CHECK(kalends_timezone_instant(ny, 20758, 86400, &when) == KALENDS_E_INVALID_ARGUMENT);
    CHECK(kalends_timezone_instant(sao_paulo, 17839, 0, &when) == KALENDS_OK && when == 1541300400); /* read at -03:00 */
    /* round trips: the local time of an instant leads back to it (or, for the second of
       two occurrences, to the first, an hour earlier) */
    {
        kalends_timezone *trip[3] = {paris, ny, sao_paulo};
        int bad = 0;
        for (int i = 0; i < 30000; i++) {
            kalends_timezone *z = trip[i % 3];
            int64_t t = rnd_range(-2000000000LL, 4000000000LL);
            int32_t d = 0, sec = 0, d2 = 0, sec2 = 0;
            int64_t back = 0;
            if (kalends_timezone_local_day(z, t, &d, &sec) != KALENDS_OK ||
                kalends_timezone_instant(z, d, sec, &back) != KALENDS_OK ||
                kalends_timezone_local_day(z, back, &d2, &sec2) != KALENDS_OK || d2 != d || sec2 != sec ||
                back > t || (back != t && t - back != 3600))
                bad++;
        }
        CHECK_MSG(bad == 0, "%d wall-clock round trips differ", bad);
    }

    /* every day 1970 ... 2100 against mktime; random instants against localtime_r */
    const char *names[2] = {"Europe/Paris", "America/New_York"};
    kalends_timezone *zones[2] = {paris, ny};
    int32_t last_day = (int32_t)civil_days(2100, 12, 31);
    for (int z = 0; z < 2; z++) {
        use_tz(names[z]);
        long bad_start = 0, bad_offset = 0, bad_local = 0;
        for (int32_t day = 0; day <= last_day; day++) {
            int64_t expected = libc_midnight(day), got = INT64_MIN;
            if (kalends_timezone_day_start(zones[z], day, &got) != KALENDS_OK || got != expected) {
                if (bad_start++ < 3) fprintf(stderr, "    %s: day %d starts at %lld, mktime says %lld\n", names[z],
                                             (int)day, (long long)got, (long long)expected);
            }
            if (!local_is(zones[z], expected, day, 0) || !local_is(zones[z], expected - 1, day - 1, 86399)) bad_local++;
        }
        for (int i = 0; i < 20000; i++) {
            int64_t t = rnd_range(-86400, (int64_t)last_day * 86400);
            int32_t dst = 0, expected = libc_offset(t, &dst);
            if (!zone_is(zones[z], t, expected, dst)) {
                if (bad_offset++ < 3) fprintf(stderr, "    %s: offset at %lld differs from localtime_r\n", names[z], (long long)t);
            }
        }
        CHECK_MSG(bad_start == 0 && bad_offset == 0 && bad_local == 0, "%s: %ld day starts, %ld offsets, %ld local days differ",
                  names[z], bad_start, bad_offset, bad_local);
    }

    /* POSIX TZ strings: the same rules as the tz database files after 1996 / 2007 */
    kalends_timezone *cet = zone_named("CET-1CEST,M3.5.0,M10.5.0/3");
    kalends_timezone *est = zone_named("EST5EDT,M3.2.0,M11.1.0");
    char name[64];
    size_t length = 0;
    CHECK(kalends_timezone_name(cet, name, sizeof name, &length) == KALENDS_OK &&
          strcmp(name, "CET-1CEST,M3.5.0,M10.5.0/3") == 0 && length == strlen(name));
    CHECK(zone_is(cet, 1774746000 - 1, 3600, 0) && zone_is(cet, 1774746000, 7200, 1));
    CHECK(zone_is(est, 1793512800 - 1, -14400, 1) && zone_is(est, 1793512800, -18000, 0));
    CHECK(day_start(cet, 20541) == 1774738800);
    int differ = 0;
    for (int i = 0; i < 20000; i++) {
        int64_t t = rnd_range(civil_days(1997, 1, 1) * 86400, civil_days(2400, 1, 1) * 86400);
        int32_t e1 = 0, d1 = 0, e2 = 1, d2 = 1;
        kalends_timezone_offset(paris, t, &e1, &d1);
        kalends_timezone_offset(cet, t, &e2, &d2);
        differ += e1 != e2 || d1 != d2;
        t = rnd_range(civil_days(2008, 1, 1) * 86400, civil_days(2400, 1, 1) * 86400);
        kalends_timezone_offset(ny, t, &e1, &d1);
        kalends_timezone_offset(est, t, &e2, &d2);
        differ += e1 != e2 || d1 != d2;
    }
    CHECK_MSG(differ == 0, "%d instants where a POSIX TZ string and its tz database zone differ", differ);

    /* the default zone follows $TZ: a name, ":name", or a POSIX string */
    kalends_timezone *dflt = NULL;
    use_tz("America/New_York");
    CHECK(kalends_timezone_new(NULL, &dflt) == KALENDS_OK);
    CHECK(kalends_timezone_name(dflt, name, sizeof name, &length) == KALENDS_OK && strcmp(name, "America/New_York") == 0);
    CHECK(zone_is(dflt, 1772953200, -14400, 1));
    CHECK(kalends_timezone_free(dflt) == KALENDS_OK);
    use_tz(":Europe/Paris");
    CHECK(kalends_timezone_new("", &dflt) == KALENDS_OK && zone_is(dflt, 1774746000, 7200, 1));
    CHECK(kalends_timezone_name(dflt, name, sizeof name, &length) == KALENDS_OK && strcmp(name, "Europe/Paris") == 0);
    CHECK(kalends_timezone_free(dflt) == KALENDS_OK);
    use_tz("EST5EDT,M3.2.0,M11.1.0");
    CHECK(kalends_timezone_new(NULL, &dflt) == KALENDS_OK && zone_is(dflt, 1793512800 - 1, -14400, 1));
    CHECK(kalends_timezone_free(dflt) == KALENDS_OK);
    unsetenv("TZ");
    tzset();

    /* a zone from the bytes of its TZif file answers as the named one */
    static uint8_t bytes[1 << 16];
    FILE *f = fopen("/usr/share/zoneinfo/America/New_York", "rb");
    size_t n = 0;
    if (CHECK(f != NULL)) {
        n = fread(bytes, 1, sizeof bytes, f);
        fclose(f);
    }
    kalends_timezone *copy = NULL;
    CHECK(kalends_timezone_from_tzif(bytes, n, NULL, &copy) == KALENDS_OK);
    CHECK(kalends_timezone_name(copy, NULL, 0, &length) == KALENDS_OK && length == 0);
    differ = 0;
    for (int i = 0; i < 5000; i++) {
        int64_t t = rnd_range(-(int64_t)4e9, (int64_t)8e9);
        int32_t e1 = 0, d1 = 0, e2 = 1, d2 = 1;
        kalends_timezone_offset(ny, t, &e1, &d1);
        kalends_timezone_offset(copy, t, &e2, &d2);
        differ += e1 != e2 || d1 != d2;
    }
    CHECK(differ == 0);
    /* name: snprintf conventions */
    CHECK(kalends_timezone_name(paris, name, 7, &length) == KALENDS_OK && strcmp(name, "Europe") == 0 && length == 12);

    kalends_timezone *all[] = {paris, ny, utc, sao_paulo, cet, est, copy};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK(kalends_timezone_free(all[i]) == KALENDS_OK);
}
