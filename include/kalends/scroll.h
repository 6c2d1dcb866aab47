/*
 * kalends/scroll.h -- scrolling calendars over any range of months.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_SCROLL_H
#define KALENDS_SCROLL_H

#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * HorizonCalendar's idea as an engine: the months of a range (one month to 10,000
 * years and more, or open-ended) stacked vertically or paged horizontally, each a
 * header, a weekday row and its weeks, laid out in content coordinates (origin at the
 * top left of the whole content). The host asks what intersects its viewport.
 *
 * Cost follows the viewport, not the range: a month's position is arithmetic (rows of
 * all earlier months come from a prefix sum over one 400-year Gregorian cycle, which
 * repeats exactly), the month at an offset is a division and a 13-step binary search,
 * and a query visits only the months and rows it returns. Immutable once made.
 */

/* Axes of a scrolling calendar */
typedef int32_t kalends_axis;
#define KALENDS_AXIS_VERTICAL 0   /* months stacked top to bottom */
#define KALENDS_AXIS_HORIZONTAL 1 /* months side by side, one page (metrics.width) each */

/* Where kalends_scroll_offset puts a date in the viewport */
typedef int32_t kalends_scroll_position;
#define KALENDS_SCROLL_START 0  /* top (vertical) or leading edge (horizontal) */
#define KALENDS_SCROLL_CENTER 1
#define KALENDS_SCROLL_END 2    /* bottom or trailing edge */

/* What a scrolling calendar shows. Defaults (kalends_scroll_options_init): vertical,
   from the system clock's current month, open-ended, variable rows, out-dates hidden,
   weekday rows shown, 24 points between months. */
typedef struct kalends_scroll_options {
    uint32_t struct_size;
    kalends_axis axis;         /* KALENDS_AXIS_* */
    kalends_date first_month;  /* any valid day of the first month */
    int32_t has_last_month;    /* 0: open-ended (months go on to 999999-12) */
    kalends_date last_month;   /* any valid day of the last month */
    kalends_rows rows;         /* KALENDS_ROWS_* */
    kalends_out_dates out_dates; /* KALENDS_OUT_DATES_* */
    int32_t show_weekdays;     /* 1: a weekday row under each month's header */
    double month_spacing;      /* between months, along the axis */
    kalends_in_dates in_dates; /* KALENDS_IN_DATES_* (default ALL_MONTHS; out_dates HIDE hides them anyway) */
} kalends_scroll_options;

typedef struct kalends_scroll kalends_scroll;

/* Fills *options with the defaults and sets struct_size. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_scroll_options_init(kalends_scroll_options *options);

/* Creates a scrolling calendar of `calendar` (NULL: ISO defaults) with `options` (NULL:
   defaults) and `metrics` (NULL: NO_INTRINSIC_METRIC; its width is the container's width; header_height
   is each month's header; insets surround the content, and each page when horizontal).
   Building it costs O(min(months, 4800)) once.
   Errors: INVALID_ARGUMENT (options, metrics, last month before first),
   NO_INTRINSIC_METRIC (metrics NULL or width 0), MISUSE (calendar handle). */
kalends_status kalends_scroll_new(const kalends_calendar *calendar, const kalends_scroll_options *options,
                                  const kalends_view_metrics *metrics, kalends_scroll **out);

/* Releases a scrolling calendar. NULL is a no-op; a freed or foreign handle is MISUSE. */
kalends_status kalends_scroll_free(kalends_scroll *scroll);

/* Number of months in the range. */
kalends_status kalends_scroll_month_count(const kalends_scroll *scroll, int32_t *out);

/* The whole content's size. Open-ended ranges: *unbounded (may be NULL) is 1 and the
   size along the axis is +infinity. */
kalends_status kalends_scroll_content_size(const kalends_scroll *scroll, kalends_size *out, int32_t *unbounded);

/* Every element whose frame overlaps *viewport with positive area, month by month:
   KALENDS_ELEMENT_MONTH_HEADER (day_number = the month's first day), WEEKDAY (day_number
   = ISO weekday) and DAY (with grid flags) elements; `index` is the month's position in
   the range (0 = first month). Adjacent viewports that tile the content return, together,
   every element; a viewport outside the content (at any finite coordinates) holds none.
   Array conventions. A size query (out NULL, capacity 0) counts by arithmetic and builds
   nothing: O(log months + months at the viewport's edges), any viewport. Filling costs
   O(elements written).
   Errors: INVALID_ARGUMENT (NULL, a non-finite or negative-size viewport), OUT_OF_RANGE
   (more elements than an int32 counts; refused before anything is written). */
kalends_status kalends_scroll_elements(const kalends_scroll *scroll, const kalends_rect *viewport,
                                       kalends_element *out, int32_t capacity, int32_t *count);

/* First and last in-month day with a cell in the viewport, found from the viewport's
   edges inward (cost independent of the viewport's size). Errors: NOT_FOUND (none). */
kalends_status kalends_scroll_visible_days(const kalends_scroll *scroll, const kalends_rect *viewport,
                                           kalends_day_range *out);

/* First and last month (day 1) with an element in the viewport. Errors: NOT_FOUND. */
kalends_status kalends_scroll_visible_months(const kalends_scroll *scroll, const kalends_rect *viewport,
                                             kalends_date *first, kalends_date *last);

/* The content offset along the axis (y vertical, x horizontal) that puts *date's cell
   at the start, centre or end (KALENDS_SCROLL_*) of a viewport `viewport_length` long,
   clamped to keep the viewport inside the content.
   Errors: OUT_OF_RANGE (the date's month is not in the range), INVALID_ARGUMENT. */
kalends_status kalends_scroll_offset(const kalends_scroll *scroll, const kalends_date *date, kalends_scroll_position position,
                                     double viewport_length, double *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_SCROLL_H */
