/*
 * kalends/dates.h -- civil dates, day numbers, weekdays, ISO weeks and leap years.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_DATES_H
#define KALENDS_DATES_H

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Supported years (an enum, not macros, so that the negative bound is a plain
   constant for every C parser). */
enum { KALENDS_YEAR_MIN = -999999, KALENDS_YEAR_MAX = 999999 };

/* ISO 8601 weekdays. */
typedef int32_t kalends_weekday;
#define KALENDS_MONDAY 1
#define KALENDS_TUESDAY 2
#define KALENDS_WEDNESDAY 3
#define KALENDS_THURSDAY 4
#define KALENDS_FRIDAY 5
#define KALENDS_SATURDAY 6
#define KALENDS_SUNDAY 7

/* A civil date. Month 1...12, day 1...days in that month. */
typedef struct kalends_date {
    int32_t year;
    int32_t month;
    int32_t day;
} kalends_date;

/* A week number and the year that week belongs to. Around New Year they can differ
   from the date's year: 2027-01-01 is in ISO week 53 of 2026. */
typedef struct kalends_week_of_year {
    int32_t week;
    int32_t year;
} kalends_week_of_year;

/* An inclusive range of day numbers. */
typedef struct kalends_day_range {
    int32_t first;
    int32_t last;
} kalends_day_range;

/* Writes the date of `day_number` to *out.
   Errors: INVALID_ARGUMENT (out is NULL), OUT_OF_RANGE (day number outside the
   supported dates). */
kalends_status kalends_date_from_day_number(int32_t day_number, kalends_date *out);

/* Writes the day number of *date to *out.
   Errors: INVALID_ARGUMENT (NULL pointer, month not 1...12, day not in the month),
   OUT_OF_RANGE (year beyond KALENDS_YEAR_MIN/MAX). The same checks apply to every
   function below that takes a `const kalends_date *`. */
kalends_status kalends_date_day_number(const kalends_date *date, int32_t *out);

/* Writes the ISO weekday (KALENDS_MONDAY ... KALENDS_SUNDAY) of *date to *out. */
kalends_status kalends_date_weekday(const kalends_date *date, kalends_weekday *out);

/* Writes the ordinal day of the year (1 ... 366) of *date to *out. */
kalends_status kalends_date_day_of_year(const kalends_date *date, int32_t *out);

/* Writes the ISO 8601 week number and week-based year of *date to *out (Monday
   weeks, week 1 holds the year's first Thursday). See kalends_calendar_week_of_year
   for other week rules. */
kalends_status kalends_date_iso_week(const kalends_date *date, kalends_week_of_year *out);

/* Writes 1 to *out if `year` is a leap year, else 0.
   Errors: INVALID_ARGUMENT (out is NULL), OUT_OF_RANGE (year). */
kalends_status kalends_year_is_leap(int32_t year, int32_t *out);

/* Writes the number of days of `month` (1...12) in `year` to *out.
   Errors: INVALID_ARGUMENT (out is NULL, month), OUT_OF_RANGE (year). */
kalends_status kalends_year_days_in_month(int32_t year, int32_t month, int32_t *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_DATES_H */
