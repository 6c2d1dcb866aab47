/* The Islamic calendars against ICU itself (the system's libicu, upstream ICU: Debian's
   libicu-dev), every day of 623...4000 (Umm al-Qura: 1850...2200, its table's years
   AH 1300...1600 and the civil years around them; ICU computes those slowly outside
   the table): the library promises ICU's algorithms, and upstream ICU is their
   reference.

   Why not only Foundation: swift-foundation-icu, the ICU inside Foundation, is built
   with APPLE_ICU_CHANGES, and one of Apple's changes makes CalendarAstronomer's moon
   age (getMoonAge, astro.cpp) an interpolation between tabulated new and full moons for
   1900...2100 instead of ICU's computed moon position. At five UTC midnights of
   1850...2150 the two moon ages differ in sign, so Foundation's `islamic` starts five
   months a day off ICU's (1360-11, 1376-10, 1448-11, 1510-08, 1518-02: 150 days;
   SystemsFoundationTests names them). Upstream ICU computes the moon there as the
   library does, and agrees with it on every day. */
#include <stdint.h>
#include <stdio.h>

#include <unicode/ucal.h>

#include "kalends.h"
#include "check.h"

static int32_t day_of(int32_t y, int32_t m, int32_t d)
{
    kalends_date date = {y, m, d};
    int32_t out = 0;
    kalends_date_day_number(&date, &out);
    return out;
}

/* Every day of first...last in `system` (ICU's "@calendar=" keyword `icu`): extended
   year, month, day. Returns the number of differing days. */
static int compare_days(const char *system, const char *icu, int32_t first, int32_t last)
{
    char locale[64];
    snprintf(locale, sizeof locale, "en@calendar=%s", icu);
    UErrorCode status = U_ZERO_ERROR;
    const UChar utc[] = {'U', 'T', 'C', 0};
    UCalendar *cal = ucal_open(utc, -1, locale, UCAL_DEFAULT, &status);
    CHECK_MSG(U_SUCCESS(status), "ucal_open(%s): %s", locale, u_errorName(status));
    if (U_FAILURE(status)) return -1;
    int differ = 0;
    for (int32_t z = first; z <= last; z++) {
        ucal_setMillis(cal, (double)z * 86400000.0, &status);
        int32_t year = ucal_get(cal, UCAL_EXTENDED_YEAR, &status);
        int32_t month = ucal_get(cal, UCAL_MONTH, &status) + 1;
        int32_t day = ucal_get(cal, UCAL_DATE, &status);
        kalends_system_date d = {0, 0, 0, 0, 0};
        kalends_status s = kalends_calendar_system_from_day(system, z, &d);
        if (U_FAILURE(status) || s != KALENDS_OK || d.year != year || d.month != month || d.day != day) {
            if (++differ <= 10) {
                fprintf(stderr, "  %s day %d: kalends %d-%d-%d (status %d), ICU %d-%d-%d (%s)\n", system, (int)z,
                        (int)d.year, (int)d.month, (int)d.day, (int)s, (int)year, (int)month, (int)day,
                        u_errorName(status));
            }
            status = U_ZERO_ERROR;
        }
    }
    ucal_close(cal);
    return differ;
}

int main(void)
{
    const int32_t first = day_of(623, 1, 1), last = day_of(4000, 12, 31);
    const struct { const char *name; int32_t first, last; } systems[] = {
        {"islamic", first, last},
        {"islamic-civil", first, last},
        {"islamic-tbla", first, last},
        {"islamic-umalqura", day_of(1850, 1, 1), day_of(2200, 12, 31)},
    };
    for (size_t i = 0; i < sizeof systems / sizeof systems[0]; i++) {
        int differ = compare_days(systems[i].name, systems[i].name, systems[i].first, systems[i].last);
        CHECK_MSG(differ == 0, "%s: %d days differ from ICU %s", systems[i].name, differ, U_ICU_VERSION);
    }
    /* the first day of a month Foundation moves (1360-11, ICU and the library: 1941-11-19) */
    kalends_system_date d;
    CHECK(kalends_calendar_system_from_day("islamic", day_of(1941, 11, 19), &d) == KALENDS_OK && d.year == 1360
          && d.month == 11 && d.day == 1);
    printf("ICU %s\n", U_ICU_VERSION);
    return check_summary("icu_systems_test");
}
