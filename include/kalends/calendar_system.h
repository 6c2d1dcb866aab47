/*
 * kalends/calendar_system.h -- calendar systems: conversions between day numbers and
 * dates of the Hebrew, Islamic, Chinese, ... calendars, their months, years and eras,
 * and the system dates of the days a calendar's grids show.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 *
 * A calendar system is named by its CLDR identifier: "gregorian", "iso8601", "julian",
 * "buddhist", "japanese", "roc", "islamic", "islamic-civil", "islamic-tbla",
 * "islamic-umalqura", "hebrew", "persian", "indian", "coptic", "ethiopic",
 * "ethiopic-amete-alem", "chinese", "dangi" (aliases: "gregory", "iso-8601",
 * "islamicc", "ethioaa"), or one a plugin provides (kalends/sys/plugin.h). Fields follow
 * ICU's and Foundation's conventions: era as ICU numbers it (Gregorian 0 = BC, 1 = AD;
 * Japanese 0 = Taika ... 236 = Reiwa; Chinese and Dangi: the 60-year cycle), year in
 * the era (Chinese: 1...60), month 1-based (Hebrew 1...13 with 6 = Adar I in leap years
 * only; Chinese 1...12 with is_leap_month on the repeated month), day 1-based.
 *
 * Every function takes the identifier as a NUL-terminated string, read during the call.
 * Bad input is a status and a message that names the system and the valid range:
 * NOT_FOUND (no system has the identifier: the message lists the known ones),
 * INVALID_ARGUMENT (a NULL pointer, an era the system lacks, a month the year lacks
 * such as month 13 of a 12-month year or a leap month in a year without one, a day past
 * the month's end, is_leap_month not 0 or 1), OUT_OF_RANGE (a year or day outside the
 * system's range). Cost: O(1) per call for the arithmetic systems; the astronomical
 * ones (islamic, chinese, dangi) compute new moons and solar terms, cached.
 */
#ifndef KALENDS_CALENDAR_SYSTEM_H
#define KALENDS_CALENDAR_SYSTEM_H

#include "grid.h"
#include "view.h"
#include "sys/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A date in a calendar system. */
typedef struct kalends_system_date {
    int32_t era;
    int32_t year;
    int32_t month;
    int32_t day;
    int32_t is_leap_month; /* 0 or 1 */
} kalends_system_date;

/* An era of a system and the part of it the system converts. */
typedef struct kalends_system_era {
    int32_t era;        /* the era's index */
    int32_t first_year; /* its years inside the system's days */
    int32_t last_year;
    int32_t first_day;  /* day numbers of its first and last day inside them */
    int32_t last_day;
} kalends_system_era;

/* The dates of one day in a calendar's system and secondary system. */
typedef struct kalends_day_dates {
    kalends_system_date date;      /* in the calendar's system */
    kalends_system_date secondary; /* in its secondary system; all 0 without one */
    int32_t has_secondary;         /* 1 when the calendar has a secondary system */
} kalends_day_dates;

/* Writes the number of calendar systems (built-in and registered by plugins) to *out.
   Errors: INVALID_ARGUMENT (out is NULL). */
kalends_status kalends_calendar_system_count(int32_t *out);

/* The identifier of system `index` (0 ... count - 1: the built-in ones in CLDR's
   order, then the plugins' in loading order), snprintf convention; buffer and length
   both NULL is INVALID_ARGUMENT. Errors: INVALID_ARGUMENT (NULL buffer with a capacity),
   OUT_OF_RANGE (index). */
kalends_status kalends_calendar_system_identifier(int32_t index, char *buffer, size_t capacity, size_t *length);

/* Writes the date of `day_number` in `system` to *out.
   Errors: NOT_FOUND, INVALID_ARGUMENT, OUT_OF_RANGE (a day outside the system's days:
   the astronomical systems convert -9999-01-01 ... 9999-12-31). */
kalends_status kalends_calendar_system_from_day(const char *system, int32_t day_number, kalends_system_date *out);

/* Writes the day number of *date in `system` to *out. A date of the right fields but
   of another era (Japanese Heisei 1-01-01, which was still Showa 64) is refused.
   Errors: NOT_FOUND, INVALID_ARGUMENT, OUT_OF_RANGE. */
kalends_status kalends_calendar_system_to_day(const char *system, const kalends_system_date *date, int32_t *out);

/* Writes the first and last day number the system converts to *out.
   Errors: NOT_FOUND, INVALID_ARGUMENT. */
kalends_status kalends_calendar_system_day_range(const char *system, kalends_day_range *out);

/* Writes the number of months of year `year` of era `era` to *out (12 or 13; fewer
   for the first and last year of the system's days).
   Errors: NOT_FOUND, INVALID_ARGUMENT (era), OUT_OF_RANGE (year). */
kalends_status kalends_calendar_system_months_in_year(const char *system, int32_t era, int32_t year, int32_t *out);

/* Writes the number of days of month `month` (is_leap_month 0 or 1) of year `year` of
   era `era` to *out.
   Errors: NOT_FOUND, INVALID_ARGUMENT (era, a month the year lacks), OUT_OF_RANGE. */
kalends_status kalends_calendar_system_month_length(const char *system, int32_t era, int32_t year, int32_t month,
                                                    int32_t is_leap_month, int32_t *out);

/* Writes the month holding `day_number` (its fields, extended year, first day and
   length) to *out.
   Errors: NOT_FOUND, INVALID_ARGUMENT, OUT_OF_RANGE (day). */
kalends_status kalends_calendar_system_month(const char *system, int32_t day_number, kalends_system_month *out);

/* The system's eras in index order, with the years and days of each inside the
   system's days. Array conventions.
   Errors: NOT_FOUND, INVALID_ARGUMENT, BUFFER_TOO_SMALL. */
kalends_status kalends_calendar_system_eras(const char *system, kalends_system_era *out, int32_t capacity,
                                            int32_t *count);

/* A short code of era `era` (CLDR's where it has one: "bce", "ce", "reiwa", "am",
   "ah", "cycle-78"), snprintf convention.
   Errors: NOT_FOUND, INVALID_ARGUMENT (era, NULL buffer with a capacity). */
kalends_status kalends_calendar_system_era_code(const char *system, int32_t era, char *buffer, size_t capacity,
                                                size_t *length);

/* Writes the day `months` months after `day_number` (before when negative) in the
   system to *out: the same day of the month, clamped to the target month's length
   (months count leap months: Hebrew Adar I, Chinese leap months).
   Errors: NOT_FOUND, INVALID_ARGUMENT, OUT_OF_RANGE (a day or result outside the
   system's days). */
kalends_status kalends_calendar_system_add_months(const char *system, int32_t day_number, int32_t months,
                                                  int32_t *out);

/* Writes the day `years` years after `day_number` in the system to *out: the same
   month and day, a leap month the target year lacks becoming the month of its number
   (Hebrew Adar I becomes Adar), the day clamped to the month's length.
   Errors: as kalends_calendar_system_add_months. */
kalends_status kalends_calendar_system_add_years(const char *system, int32_t day_number, int32_t years, int32_t *out);

/* Fills `out` with the month grid of the calendar's system month holding `day_number`
   (for a Gregorian calendar the civil month), rows as kalends_calendar_month_grid. With
   kalends_calendar_system_to_day this reaches every month of every system (Chinese leap
   months too); kalends_calendar_month_grid takes the system's extended year and
   non-leap month number. A buffer of KALENDS_GRID_MAX_DAYS always suffices. Array
   conventions. Cost: O(days).
   Errors: MISUSE, INVALID_ARGUMENT, OUT_OF_RANGE (day, or the grid reaches beyond the
   calendar's days), BUFFER_TOO_SMALL. */
kalends_status kalends_calendar_month_grid_containing(const kalends_calendar *calendar, int32_t day_number,
                                                      kalends_rows rows, kalends_day *out, int32_t capacity,
                                                      int32_t *count);

/* The dates in the calendar's system and secondary system of the `days` consecutive
   days from `first_day` (a grid's days: pass its first day_number and count). Array
   conventions (`days` elements). kalends_day stays as it is so that existing callers'
   arrays keep their layout; this parallel output adds the dates. Cost: O(days), a
   conversion per month, not per day.
   Errors: MISUSE, INVALID_ARGUMENT (days < 0 or > 100000), OUT_OF_RANGE (a day outside
   the calendar's days), BUFFER_TOO_SMALL. */
kalends_status kalends_calendar_day_dates(const kalends_calendar *calendar, int32_t first_day, int32_t days,
                                          kalends_day_dates *out, int32_t capacity, int32_t *count);

/* The dates of the view's visible days (as kalends_view_days, in the same order) in
   its calendar's system and secondary system. Array conventions.
   Errors: MISUSE, INVALID_ARGUMENT, BUFFER_TOO_SMALL. */
kalends_status kalends_view_day_dates(const kalends_view *view, kalends_day_dates *out, int32_t capacity,
                                      int32_t *count);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_CALENDAR_SYSTEM_H */
