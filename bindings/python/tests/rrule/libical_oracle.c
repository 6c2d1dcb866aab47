/* The oracle of the RSCALE tests (test_rrule_rscale.py): libical's recurrence iterator
 * (built with ICU, Debian's libical-dev) and ICU's calendars, one request a line on stdin:
 *   RULE <dtstart YYYYMMDD> <rrule> <n>   -> the first n occurrences, YYYYMMDD, one line
 *                                            ("ERR" when libical refuses the rule)
 *   CONV <calendar> <YYYYMMDD>            -> "<month> <leap> <day> <back>": the day in that
 *                                            calendar (ICU), and the Gregorian day ICU gives
 *                                            back for those fields
 */
#include <libical/ical.h>
#include <unicode/ucal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void rule(const char *start, const char *text, int n) {
    struct icaltimetype t0 = icaltime_from_string(start);
    struct icalrecurrencetype r = icalrecurrencetype_from_string(text);
    if (r.freq == ICAL_NO_RECURRENCE) { printf("ERR\n"); return; }
    icalrecur_iterator *it = icalrecur_iterator_new(r, t0);
    if (it == NULL) { printf("ERR\n"); return; }
    for (int i = 0; i < n; i++) {
        struct icaltimetype t = icalrecur_iterator_next(it);
        if (icaltime_is_null_time(t)) break;
        printf("%s%04d%02d%02d", i ? " " : "", t.year, t.month, t.day);
    }
    printf("\n");
    icalrecur_iterator_free(it);
}

static void conv(const char *calendar, const char *date) {
    UErrorCode e = U_ZERO_ERROR;
    UChar utc[] = {'U', 'T', 'C', 0};
    char locale[96];
    snprintf(locale, sizeof locale, "en@calendar=%s", calendar);
    UCalendar *g = ucal_open(utc, -1, "en", UCAL_GREGORIAN, &e);
    UCalendar *c = ucal_open(utc, -1, locale, UCAL_DEFAULT, &e);
    int y, m, d;
    sscanf(date, "%4d%2d%2d", &y, &m, &d);
    ucal_setGregorianChange(g, -8.64e15, &e);   /* proleptic */
    ucal_clear(g);
    ucal_setDateTime(g, y, m - 1, d, 12, 0, 0, &e);
    ucal_setMillis(c, ucal_getMillis(g, &e), &e);
    int month = ucal_get(c, UCAL_MONTH, &e), leap = ucal_get(c, UCAL_IS_LEAP_MONTH, &e), day = ucal_get(c, UCAL_DATE, &e);
    /* and back: the same fields set in the calendar (as libical sets them), read as a
       Gregorian date (ICU's two directions disagree on some days) */
    int32_t extended = ucal_get(c, UCAL_EXTENDED_YEAR, &e);
    ucal_clear(c);
    ucal_set(c, UCAL_EXTENDED_YEAR, extended);
    ucal_set(c, UCAL_MONTH, month);
    ucal_set(c, UCAL_IS_LEAP_MONTH, leap);
    ucal_set(c, UCAL_DATE, day);
    ucal_setMillis(g, ucal_getMillis(c, &e), &e);
    printf("%d %d %d %04d%02d%02d\n", month + 1, leap, day, ucal_get(g, UCAL_YEAR, &e), ucal_get(g, UCAL_MONTH, &e) + 1,
           ucal_get(g, UCAL_DATE, &e));
    if (U_FAILURE(e)) printf("ERR %s\n", u_errorName(e));
    ucal_close(g);
    ucal_close(c);
}

int main(void) {
    char line[4096], a[64], b[2048], c[64];
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "RULE %63s %2047s %63s", a, b, c) == 3) rule(a, b, atoi(c));
        else if (sscanf(line, "CONV %63s %63s", a, b) == 2) conv(a, b);
        else printf("ERR\n");
        fflush(stdout);
    }
    return 0;
}
