/*
 * kalends.h -- the C ABI of libkalends.so, a headless calendar and layout engine.
 *
 * This header is the contract and the API reference. The host draws; Kalends
 * computes what is on screen and where.
 *
 * ---------------------------------------------------------------------------
 * Conventions (they hold for every function below unless its comment says otherwise)
 * ---------------------------------------------------------------------------
 * Status.   Every fallible function returns a kalends_status: KALENDS_OK (0) or a
 *           KALENDS_E_* code (> 0). On failure kalends_last_error() describes what was
 *           wrong, and NOTHING the function could change has changed: output
 *           parameters are left as they were (except the `count` of an array output,
 *           see below) and handles keep their state.
 * Dates.    Proleptic Gregorian calendar, astronomical years (year 0 is 1 BC).
 *           Supported dates: -999999-01-01 ... 999999-12-31 (KALENDS_YEAR_MIN/MAX).
 *           A date crosses the ABI as a kalends_date {year, month, day} or as a day
 *           number: int32_t days since 1970-01-01 (negative before).
 * Weekdays. ISO 8601 numbering: 1 = KALENDS_MONDAY ... 7 = KALENDS_SUNDAY.
 * Handles.  Opaque pointers made by kalends_<object>_new(..., &out) and released by
 *           kalends_<object>_free (NULL is a no-op). A handle may be used from several
 *           threads at once; each call serializes on the handle. A freed, foreign or
 *           wrong-type pointer passed as a handle gives KALENDS_E_MISUSE, never a crash
 *           (handles are tokens checked against a registry, not raw object addresses).
 * Arrays.   Array outputs take (out, capacity, &count). `count` (required, non-NULL)
 *           always receives the number of elements the result has. out == NULL with
 *           capacity 0 is a size query and returns KALENDS_OK. A capacity below the
 *           result gives KALENDS_E_BUFFER_TOO_SMALL and writes nothing to `out`.
 *           A negative capacity, or out == NULL with capacity > 0, is
 *           KALENDS_E_INVALID_ARGUMENT.
 * Options.  Option structs start with `uint32_t struct_size`; fill one with
 *           kalends_<x>_options_init() and change the fields you need. Structs only
 *           grow at the end; a struct_size from an older header is accepted (missing
 *           fields take their defaults), a larger one than this library knows is an
 *           error.
 * Memory.   The caller owns every buffer. Strings returned by the library are static
 *           or library-owned as documented; nothing is ever to be passed to free().
 * Threads.  Every function may be called from any thread.
 * Traps.    No argument value can crash the library: bad input is a status.
 */
#ifndef KALENDS_H
#define KALENDS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ======================================================================== */
/* Versions                                                                 */
/* ======================================================================== */

#define KALENDS_VERSION_MAJOR 0
#define KALENDS_VERSION_MINOR 1
#define KALENDS_VERSION_PATCH 0
/* (MAJOR << 16) | (MINOR << 8) | PATCH, as kalends_version() returns it. */
#define KALENDS_VERSION_NUMBER 0x000100
/* Bumped on any incompatible change of a function, struct or constant below. */
#define KALENDS_ABI_VERSION 1

/* Version of the loaded library: (major << 16) | (minor << 8) | patch. */
uint32_t kalends_version(void);

/* Version of the loaded library as "MAJOR.MINOR.PATCH". Static string; never NULL. */
const char *kalends_version_string(void);

/* KALENDS_ABI_VERSION of the loaded library. A host compiled against this header
   should refuse to run if it differs. */
int32_t kalends_abi_version(void);

/* ======================================================================== */
/* Status and errors                                                        */
/* ======================================================================== */

typedef int32_t kalends_status;

#define KALENDS_OK 0
/* An argument is malformed: NULL where a pointer is required, an unknown enum
   value, an option out of its domain, a day that does not exist in its month. */
#define KALENDS_E_INVALID_ARGUMENT 1
/* An argument is well formed but outside the supported range (a year beyond
   +-999999, a grid that would reach beyond the supported dates). */
#define KALENDS_E_OUT_OF_RANGE 2
/* An array output's capacity is below the result; `count` holds the size needed. */
#define KALENDS_E_BUFFER_TOO_SMALL 3
/* A freed, foreign or wrong-type handle. */
#define KALENDS_E_MISUSE 4
/* Required constraints contradict each other. */
#define KALENDS_E_UNSATISFIABLE 5
/* Something with that identity already exists. */
#define KALENDS_E_DUPLICATE 6
/* Nothing with that identity exists, or there is no value to report. */
#define KALENDS_E_NOT_FOUND 7
/* Text could not be parsed. */
#define KALENDS_E_PARSE 8
/* A plugin failed to load or broke its contract. */
#define KALENDS_E_PLUGIN 9
/* The operating system refused a read or write. */
#define KALENDS_E_IO 10

/* A short lower-case name for a status ("ok", "invalid argument", ...), or
   "unknown status" for a value that is not a status. Static string; never NULL. */
const char *kalends_status_string(kalends_status status);

/* The message of the most recent failed call on the calling thread, "" if there was
   none. Never NULL. Library-owned, per thread: valid until this thread's next failed
   call (successful calls leave it alone) and freed when the thread exits. UTF-8,
   at most 1023 bytes. */
const char *kalends_last_error(void);

/* ======================================================================== */
/* Dates and day numbers                                                    */
/* ======================================================================== */

/* Supported years (an enum, not macros, so that the negative bound is a plain
   constant for every C parser). */
enum { KALENDS_YEAR_MIN = -999999, KALENDS_YEAR_MAX = 999999 };

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
kalends_status kalends_date_weekday(const kalends_date *date, int32_t *out);

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

/* ======================================================================== */
/* Calendars                                                                */
/* ======================================================================== */

/* Bit (weekday - 1): sets of weekdays, such as the weekend. */
#define KALENDS_WEEKDAY_MASK_MONDAY 0x01u
#define KALENDS_WEEKDAY_MASK_TUESDAY 0x02u
#define KALENDS_WEEKDAY_MASK_WEDNESDAY 0x04u
#define KALENDS_WEEKDAY_MASK_THURSDAY 0x08u
#define KALENDS_WEEKDAY_MASK_FRIDAY 0x10u
#define KALENDS_WEEKDAY_MASK_SATURDAY 0x20u
#define KALENDS_WEEKDAY_MASK_SUNDAY 0x40u
#define KALENDS_WEEKDAY_MASK_ALL 0x7fu

/* Which day a calendar marks as today (kalends_calendar_options.today_mode). */
/* The local date from the system clock (CLOCK_REALTIME and localtime_r, so TZ and
   /etc/localtime decide the zone), read at each query. */
#define KALENDS_TODAY_SYSTEM 0
/* The date in kalends_calendar_options.today: deterministic output. */
#define KALENDS_TODAY_FIXED 1
/* No day is today. */
#define KALENDS_TODAY_OFF 2

/* Options of a calendar. Defaults (kalends_calendar_options_init) are ISO 8601:
   weeks start on Monday, week 1 has at least 4 days of the new year, Saturday and
   Sunday are the weekend, today comes from the system clock. */
typedef struct kalends_calendar_options {
    uint32_t struct_size;            /* sizeof(kalends_calendar_options) */
    int32_t first_weekday;           /* KALENDS_MONDAY ... KALENDS_SUNDAY; grid rows
                                        and week numbers both start on it */
    int32_t min_days_in_first_week;  /* 1...7: days of the new year week 1 must hold
                                        (ISO: Monday + 4; US: Sunday + 1) */
    uint32_t weekend_days;           /* KALENDS_WEEKDAY_MASK_* bits; 0 = no weekend */
    int32_t today_mode;              /* KALENDS_TODAY_SYSTEM, _FIXED or _OFF */
    kalends_date today;              /* used when today_mode is KALENDS_TODAY_FIXED */
} kalends_calendar_options;

/* A calendar: week rule, weekend and today, and the grids built from them. */
typedef struct kalends_calendar kalends_calendar;

/* Fills *options with the defaults and sets struct_size.
   Errors: INVALID_ARGUMENT (options is NULL). */
kalends_status kalends_calendar_options_init(kalends_calendar_options *options);

/* Creates a calendar. `options` may be NULL for the defaults. On success *out holds
   a new handle the caller releases with kalends_calendar_free.
   Errors: INVALID_ARGUMENT (out is NULL; a bad option or struct_size: the message
   names the field), OUT_OF_RANGE (a fixed today outside the supported dates). */
kalends_status kalends_calendar_new(const kalends_calendar_options *options, kalends_calendar **out);

/* Releases a calendar. NULL is a no-op and returns KALENDS_OK; a freed or foreign
   handle returns KALENDS_E_MISUSE and releases nothing. Other threads still inside
   a call on the handle finish that call safely. */
kalends_status kalends_calendar_free(kalends_calendar *calendar);

/* Writes the calendar's options to *out, which must have its struct_size set (a
   smaller, older struct receives the fields it has).
   Errors: MISUSE (handle), INVALID_ARGUMENT (out is NULL, struct_size). */
kalends_status kalends_calendar_get_options(const kalends_calendar *calendar, kalends_calendar_options *out);

/* Replaces all options of the calendar; on error the calendar keeps its old ones.
   Errors: as kalends_calendar_new, plus MISUSE (handle). */
kalends_status kalends_calendar_set_options(kalends_calendar *calendar, const kalends_calendar_options *options);

/* Writes the calendar's today (by its today_mode) to *out.
   Errors: MISUSE, INVALID_ARGUMENT (out is NULL), NOT_FOUND (today_mode is
   KALENDS_TODAY_OFF, or the system clock is beyond the supported dates). */
kalends_status kalends_calendar_today(const kalends_calendar *calendar, kalends_date *out);

/* Writes the week number and week-based year of *date by the calendar's rule
   (first_weekday, min_days_in_first_week) to *out. With the defaults it equals
   kalends_date_iso_week; with (Sunday, 1) it is the US numbering in which the week
   holding January 1st is week 1.
   Errors: MISUSE, INVALID_ARGUMENT, OUT_OF_RANGE (date). */
kalends_status kalends_calendar_week_of_year(const kalends_calendar *calendar, const kalends_date *date,
                                             kalends_week_of_year *out);

/* ======================================================================== */
/* Grids                                                                    */
/* ======================================================================== */

/* Row policy of a month grid. */
/* Always six rows (42 days): the grid's height never jumps between months. */
#define KALENDS_ROWS_FIXED 0
/* Only the rows the month needs: 4, 5 or 6. */
#define KALENDS_ROWS_VARIABLE 1

/* kalends_day.flags bits. Exactly one of IN_MONTH, LEADING, TRAILING is set. */
#define KALENDS_DAY_IN_MONTH 0x01u  /* in the grid's month */
#define KALENDS_DAY_LEADING 0x02u   /* before it (previous month) */
#define KALENDS_DAY_TRAILING 0x04u  /* after it (next month) */
#define KALENDS_DAY_TODAY 0x08u     /* the calendar's today */
#define KALENDS_DAY_WEEKEND 0x10u   /* one of the calendar's weekend days */

/* One cell of a grid. */
typedef struct kalends_day {
    kalends_date date;
    int32_t day_number;
    int32_t weekday;                   /* KALENDS_MONDAY ... KALENDS_SUNDAY */
    kalends_week_of_year week_of_year; /* of the day's row, by the calendar's rule */
    uint32_t flags;                    /* KALENDS_DAY_* */
} kalends_day;

/* The most days any grid has (a fixed six-row month grid). */
#define KALENDS_GRID_MAX_DAYS 42

/* Fills `out` with the month grid of year-month, row by row: rows x 7 days, each
   row starting on the calendar's first weekday. `rows` is KALENDS_ROWS_FIXED (42
   days) or KALENDS_ROWS_VARIABLE (28, 35 or 42 days). A buffer of
   KALENDS_GRID_MAX_DAYS always suffices. Array output conventions apply.
   Cost: O(days), no allocation.
   Errors: MISUSE (handle), INVALID_ARGUMENT (month, rows, buffer arguments),
   OUT_OF_RANGE (year; or the grid would reach beyond the supported dates, which
   happens only for the first and last supported months), BUFFER_TOO_SMALL. */
kalends_status kalends_calendar_month_grid(const kalends_calendar *calendar, int32_t year, int32_t month,
                                          int32_t rows, kalends_day *out, int32_t capacity, int32_t *count);

/* Writes the first and last day shown by the month grid of year-month to *out,
   without building it (e.g. to query events of the visible range).
   Errors: as kalends_calendar_month_grid, without the buffer ones. */
kalends_status kalends_calendar_month_range(const kalends_calendar *calendar, int32_t year, int32_t month,
                                           int32_t rows, kalends_day_range *out);

/* Fills `out` with the 7 days of the week holding *date, starting on the calendar's
   first weekday. In-month, leading and trailing flags are relative to the month of
   *date. Array output conventions apply.
   Errors: MISUSE, INVALID_ARGUMENT, OUT_OF_RANGE (date, or a week beyond the
   supported dates), BUFFER_TOO_SMALL. */
kalends_status kalends_calendar_week_grid(const kalends_calendar *calendar, const kalends_date *date,
                                         kalends_day *out, int32_t capacity, int32_t *count);

/* Writes the first and last day of the week holding *date to *out.
   Errors: as kalends_calendar_week_grid, without the buffer ones. */
kalends_status kalends_calendar_week_range(const kalends_calendar *calendar, const kalends_date *date,
                                          kalends_day_range *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_H */
