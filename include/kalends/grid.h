/*
 * kalends/grid.h -- month and week grids of a calendar.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_GRID_H
#define KALENDS_GRID_H

#include "calendar.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Row policy of a month grid. */
typedef int32_t kalends_rows;
/* Always six rows (42 days): the grid's height never jumps between months. */
#define KALENDS_ROWS_FIXED 0
/* Only the rows the month needs: 4, 5 or 6 for months of 28 to 31 days (every
   Gregorian month); 1 or 2 for the 5- or 6-day thirteenth month (Pagume) of the
   Coptic and Ethiopic calendars. */
#define KALENDS_ROWS_VARIABLE 1

/* In-dates: the previous month's days that fill a month grid's first row before the
   month's first day (JTAppleCalendar's in-date generation). A month whose policy does
   not show them keeps their cells (the weekday columns stay), flagged
   KALENDS_DAY_HIDDEN: draw nothing, taps ignore them. Trailing days (out-dates) follow
   kalends_rows (KALENDS_ROWS_FIXED: till the end of the grid, six rows;
   KALENDS_ROWS_VARIABLE: till the end of the row) and kalends_out_dates (HIDE_TRAILING:
   off). */
typedef int32_t kalends_in_dates;
#define KALENDS_IN_DATES_ALL_MONTHS 0       /* every month shows them */
#define KALENDS_IN_DATES_FIRST_MONTH_ONLY 1 /* only the first month shown (of a view's N months, of a scrolling range) */
#define KALENDS_IN_DATES_OFF 2              /* no month shows them */

/* kalends_day.flags bits. Exactly one of IN_MONTH, LEADING, TRAILING is set. */
typedef uint32_t kalends_day_flags;
#define KALENDS_DAY_IN_MONTH 0x01u  /* in the grid's month */
#define KALENDS_DAY_LEADING 0x02u   /* before it (previous month) */
#define KALENDS_DAY_TRAILING 0x04u  /* after it (next month) */
#define KALENDS_DAY_TODAY 0x08u     /* the calendar's today */
#define KALENDS_DAY_WEEKEND 0x10u   /* one of the calendar's weekend days */
/* Set by views (kalends_view_days) only: */
#define KALENDS_DAY_SELECTED 0x20u     /* selected */
#define KALENDS_DAY_HIGHLIGHTED 0x40u  /* in the view's highlighted days */
#define KALENDS_DAY_DISABLED 0x80u     /* cannot be selected: outside min/max, or disabled */
#define KALENDS_DAY_RANGE_START 0x100u /* first day of the selected range */
#define KALENDS_DAY_RANGE_MIDDLE 0x200u /* strictly inside it */
#define KALENDS_DAY_RANGE_END 0x400u   /* last day of it; a one-day range is START | END */
#define KALENDS_DAY_HIDDEN 0x800u      /* an out-date cell left empty: draw nothing */
#define KALENDS_DAY_FOCUSED 0x1000u    /* the keyboard focus */

/* One cell of a grid. */
typedef struct kalends_day {
    kalends_date date;
    int32_t day_number;
    kalends_weekday weekday;           /* KALENDS_MONDAY ... KALENDS_SUNDAY */
    kalends_week_of_year week_of_year; /* of the day's row, by the calendar's rule */
    kalends_day_flags flags;           /* KALENDS_DAY_* */
} kalends_day;

/* The most days any grid has (a fixed six-row month grid). */
#define KALENDS_GRID_MAX_DAYS 42

/* Fills `out` with the month grid of year-month, row by row: rows x 7 days, each
   row starting on the calendar's first weekday. `rows` is KALENDS_ROWS_FIXED (42
   days) or KALENDS_ROWS_VARIABLE (the rows the month needs: 28, 35 or 42 days for a
   Gregorian month; 7 or 14 for a Coptic or Ethiopic thirteenth month). A buffer of
   KALENDS_GRID_MAX_DAYS always suffices. Array output conventions apply.
   Cost: O(days), no allocation.
   Errors: MISUSE (handle), INVALID_ARGUMENT (month, rows, buffer arguments),
   OUT_OF_RANGE (year; or the grid would reach beyond the supported dates, which
   happens only for the first and last supported months), BUFFER_TOO_SMALL. */
kalends_status kalends_calendar_month_grid(const kalends_calendar *calendar, int32_t year, int32_t month,
                                          kalends_rows rows, kalends_day *out, int32_t capacity, int32_t *count);

/* Writes the first and last day shown by the month grid of year-month to *out,
   without building it (e.g. to query events of the visible range).
   Errors: as kalends_calendar_month_grid, without the buffer ones. */
kalends_status kalends_calendar_month_range(const kalends_calendar *calendar, int32_t year, int32_t month,
                                           kalends_rows rows, kalends_day_range *out);

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

#endif /* KALENDS_GRID_H */
