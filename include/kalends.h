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

#include <stddef.h>
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
/* A host callback failed (returned an error status or an unexpected value). */
#define KALENDS_E_CALLBACK 11
/* A size depends on a dimension the host has not given yet (Auto Layout's "no
   intrinsic metric"): test for it, it is an answer rather than a failure. */
#define KALENDS_E_NO_INTRINSIC_METRIC 12
/* A numerical failure inside the constraint solver (kiwi's InternalSolverError). It
   does not happen with finite input; if it does, reset the solver. */
#define KALENDS_E_INTERNAL 13

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

/* ======================================================================== */
/* Geometry                                                                 */
/* ======================================================================== */

/* Points in view coordinates: origin at the top left, y downwards, in points
   (device pixels = points x scale). */
typedef struct kalends_point {
    double x;
    double y;
} kalends_point;

typedef struct kalends_size {
    double width;
    double height;
} kalends_size;

typedef struct kalends_rect {
    double x;
    double y;
    double width;
    double height;
} kalends_rect;

/* ======================================================================== */
/* Views                                                                    */
/* ======================================================================== */
/*
 * A kalends_view is the calendar view of MBCalendarKit, Kal or FSCalendar without the
 * drawing: the host feeds it taps, keys and its container width, draws the elements
 * kalends_view_layout reports, and hears about changes through callbacks.
 *
 * A view is about one page: the month, week or day of its anchor date. It keeps a
 * selection, a keyboard focus, highlighted and disabled days, and never leaves its
 * minimum and maximum dates. Every operation that changes it either succeeds whole
 * or changes nothing; callbacks run on the calling thread (see kalends_view_callbacks).
 */

/* Display modes */
#define KALENDS_MODE_MONTH 0
#define KALENDS_MODE_WEEK 1 /* the week of the day selected last, else of the anchor */
#define KALENDS_MODE_DAY 2

/* Selection modes */
#define KALENDS_SELECTION_NONE 0
#define KALENDS_SELECTION_SINGLE 1
#define KALENDS_SELECTION_MULTIPLE 2
/* First selection starts the range, the second ends it, one before the start moves
   the start, a third starts a new range. */
#define KALENDS_SELECTION_RANGE 3

/* Out-dates (leading and trailing days) of month pages */
#define KALENDS_OUT_DATES_SHOW 0
#define KALENDS_OUT_DATES_HIDE 1 /* cells stay, flagged KALENDS_DAY_HIDDEN, and ignore taps */

/* What a tap on an out-date does */
#define KALENDS_OUT_DATE_TAP_PAGE_AND_SELECT 0 /* Kal: show its month and select it */
#define KALENDS_OUT_DATE_TAP_SELECT_ONLY 1

/* Keys (kalends_view_key). LEFT and RIGHT swap in right-to-left views. */
#define KALENDS_KEY_LEFT 1      /* focus one day back */
#define KALENDS_KEY_RIGHT 2     /* one day on */
#define KALENDS_KEY_UP 3        /* one week back */
#define KALENDS_KEY_DOWN 4      /* one week on */
#define KALENDS_KEY_PAGE_UP 5   /* one month back, same day (clamped) */
#define KALENDS_KEY_PAGE_DOWN 6 /* one month on */
#define KALENDS_KEY_HOME 7      /* first day of the focused week */
#define KALENDS_KEY_END 8       /* last day of the focused week */
#define KALENDS_KEY_ENTER 9     /* select the focused day, as a tap would */

/* Outcomes (kalends_action.outcome) */
#define KALENDS_OUTCOME_NONE 0       /* nothing changed */
#define KALENDS_OUTCOME_SELECTED 1
#define KALENDS_OUTCOME_DESELECTED 2
#define KALENDS_OUTCOME_VETOED 3     /* the should_select callback said no */
#define KALENDS_OUTCOME_DISABLED 4   /* the day is disabled or outside min/max */
#define KALENDS_OUTCOME_PAGED 5      /* only the page changed */
#define KALENDS_OUTCOME_MOVED 6      /* only the keyboard focus moved */

/* Page change directions (an enum: negative values are plain constants for any C parser) */
enum { KALENDS_DIRECTION_BACKWARD = -1, KALENDS_DIRECTION_NONE = 0, KALENDS_DIRECTION_FORWARD = 1 };

/* Elements of a view's layout */
#define KALENDS_ELEMENT_NONE 0     /* nothing (a hit test that hit no element) */
#define KALENDS_ELEMENT_HEADER 1   /* the bar behind title and buttons */
#define KALENDS_ELEMENT_TITLE 2
#define KALENDS_ELEMENT_PREVIOUS 3 /* previous-page button */
#define KALENDS_ELEMENT_NEXT 4     /* next-page button */
#define KALENDS_ELEMENT_WEEKDAY 5  /* a weekday label */
#define KALENDS_ELEMENT_DAY 6      /* a day cell */
#define KALENDS_ELEMENT_MONTH_HEADER 7 /* a month's header in a scrolling calendar */

/* Row heights */
#define KALENDS_ROW_HEIGHT_SQUARE 0       /* as tall as a cell is wide (MBCalendarKit) */
#define KALENDS_ROW_HEIGHT_FIXED 1        /* row_height points */
#define KALENDS_ROW_HEIGHT_ASPECT_RATIO 2 /* cell width x row_height */

/* Timing curves */
#define KALENDS_CURVE_LINEAR 0
#define KALENDS_CURVE_EASE_IN_OUT 1 /* cubic Bezier (0.42, 0) (0.58, 1) */
#define KALENDS_CURVE_SPRING 2      /* underdamped spring: overshoots, settles by 1 */

/* Behaviour of a view. Defaults (kalends_view_options_init): month mode, six rows,
   out-dates shown and tappable (page and select), single selection, left to right,
   no minimum or maximum date. */
typedef struct kalends_view_options {
    uint32_t struct_size;
    int32_t mode;           /* KALENDS_MODE_* */
    int32_t rows;           /* KALENDS_ROWS_FIXED or _VARIABLE (month pages) */
    int32_t out_dates;      /* KALENDS_OUT_DATES_* */
    int32_t selection_mode; /* KALENDS_SELECTION_* */
    int32_t out_date_tap;   /* KALENDS_OUT_DATE_TAP_* */
    int32_t right_to_left;  /* 1: columns mirrored, first weekday on the right */
    int32_t has_min_date;   /* 1: min_date applies */
    kalends_date min_date;
    int32_t has_max_date;   /* 1: max_date applies */
    kalends_date max_date;
} kalends_view_options;

/* Sizes of a view, in points. Defaults (kalends_view_metrics_init) follow
   MBCalendarKit: width 0 (unknown), header 44, weekday row 20, no insets or
   spacing, square rows, scale 1. */
typedef struct kalends_view_metrics {
    uint32_t struct_size;
    int32_t row_height_mode; /* KALENDS_ROW_HEIGHT_* */
    double width;            /* the container's width; 0 = not known yet */
    double header_height;
    double weekday_height;
    double inset_top;
    double inset_left;
    double inset_bottom;
    double inset_right;
    double column_spacing;
    double row_spacing;
    double row_height;       /* FIXED: points; ASPECT_RATIO: height / width; SQUARE: unused */
    double scale;            /* device pixels per point for snapping; 0 = no snapping */
} kalends_view_metrics;

/* What a view shows. */
typedef struct kalends_page {
    int32_t mode;
    int32_t anchor; /* day number of the date the page is about */
    int32_t year;   /* year and month of the anchor: the month in-month flags refer to */
    int32_t month;
    int32_t first;  /* first and last visible day */
    int32_t last;
} kalends_page;

/* A page change: outgoing and incoming page (Kal's front and back grids). */
typedef struct kalends_transition {
    int32_t direction; /* KALENDS_DIRECTION_* */
    kalends_page from;
    kalends_page to;
} kalends_transition;

/* A mode change and the content height before and after, for animating it. */
typedef struct kalends_mode_change {
    int32_t from;
    int32_t to;
    int32_t has_heights; /* 0 while the view's width is unknown */
    double height_before;
    double height_after;
} kalends_mode_change;

/* What an operation did. */
typedef struct kalends_action {
    int32_t outcome; /* KALENDS_OUTCOME_* */
    int32_t has_day;
    int32_t day;     /* the day selected, refused or focused; the new anchor when paging */
    kalends_transition transition; /* direction NONE when the page stayed */
} kalends_action;

/* The selection in numbers. */
typedef struct kalends_selection {
    int32_t mode;           /* KALENDS_SELECTION_* */
    int32_t count;          /* selected days (every day of a range) */
    int32_t first;          /* first and last selected day (valid when count > 0) */
    int32_t last;
    int32_t range_complete; /* range mode: 1 once the end is chosen */
    int32_t has_latest;
    int32_t latest;         /* the day selected last */
} kalends_selection;

/* One element of a view's layout. */
typedef struct kalends_element {
    int32_t kind;       /* KALENDS_ELEMENT_* */
    int32_t index;      /* DAY: index in kalends_view_days; WEEKDAY: column (0 = first weekday) */
    int32_t day_number; /* DAY: its day; WEEKDAY: ISO weekday; HEADER, TITLE, buttons: the page anchor */
    uint32_t flags;     /* DAY: KALENDS_DAY_*; PREVIOUS/NEXT: KALENDS_DAY_DISABLED at the bounds */
    kalends_rect frame;
    double alpha;       /* opacity in transitions; 1 otherwise */
    int32_t outgoing;   /* transitions: 1 for elements of the outgoing page */
    int32_t reserved;   /* 0 */
} kalends_element;

/* A view. */
typedef struct kalends_view kalends_view;

/* Host callbacks. Each receives user_data first. They run synchronously on the thread
   that made the call, inside it; they may call kalends_view_* functions that read the
   view (days, layout, selection, page...) but one that would change it returns
   KALENDS_E_MISUSE. Any callback may be NULL.
   Predicates return 1 (yes) or 0 (no); any other value aborts the call with
   KALENDS_E_CALLBACK and nothing changes. Notifications return KALENDS_OK; another
   status is reported as KALENDS_E_CALLBACK by the call that fired them, after every
   notification has run (the change itself stands). */
typedef int32_t (*kalends_day_predicate)(void *user_data, int32_t day_number);
typedef kalends_status (*kalends_day_callback)(void *user_data, int32_t day_number);
typedef kalends_status (*kalends_page_callback)(void *user_data, const kalends_transition *transition);
typedef kalends_status (*kalends_size_callback)(void *user_data, const kalends_size *before, const kalends_size *after);

typedef struct kalends_view_callbacks {
    uint32_t struct_size;
    void *user_data;
    /* Is the day disabled? Asked while building days and layouts and before any
       selection, tap or key move (for each day it concerns). */
    kalends_day_predicate is_disabled;
    /* May the day be selected? 0 vetoes (outcome VETOED). Asked after the disabled check. */
    kalends_day_predicate should_select;
    /* The day is about to be selected (after should_select); a non-OK status aborts. */
    kalends_day_callback will_select;
    /* After a selection: first did_deselect for each day that left the selection
       (range mode: endpoints of the old range), then did_select, then page_changed if
       the page moved, then content_size_changed if the height changed. */
    kalends_day_callback did_select;
    kalends_day_callback did_deselect;
    /* After any page change: paging, go_to, a selection or key on another page, a
       mode change (from.mode != to.mode), options or calendar changes that move it. */
    kalends_page_callback page_changed;
    /* After the content size changed (mode, rows, a page with another row count,
       metrics), when the width is known. */
    kalends_size_callback content_size_changed;
} kalends_view_callbacks;

/* Fills *options with the defaults. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_view_options_init(kalends_view_options *options);

/* Fills *metrics with the defaults. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_view_metrics_init(kalends_view_metrics *metrics);

/* Creates a view of `calendar` (its options are copied; NULL = ISO defaults with the
   system's today), on the page of the calendar's today (1970-01-01 without one)
   clamped to the min/max dates. `options` and `metrics` may be NULL for defaults.
   Release with kalends_view_free.
   Errors: INVALID_ARGUMENT (out, an option or metric: the message names it; max date
   before min date), MISUSE (calendar handle), OUT_OF_RANGE (a date). */
kalends_status kalends_view_new(const kalends_calendar *calendar, const kalends_view_options *options,
                                const kalends_view_metrics *metrics, kalends_view **out);

/* Releases a view. NULL is a no-op; a freed or foreign handle is MISUSE. */
kalends_status kalends_view_free(kalends_view *view);

/* Reads the options / metrics (the struct's struct_size must be set). */
kalends_status kalends_view_get_options(const kalends_view *view, kalends_view_options *out);
kalends_status kalends_view_get_metrics(const kalends_view *view, kalends_view_metrics *out);

/* Replaces all options. A new selection mode keeps what it can hold (the rest is
   reported through did_deselect); the page moves inside new min/max dates.
   Errors: as kalends_view_new; MISUSE from inside a callback. */
kalends_status kalends_view_set_options(kalends_view *view, const kalends_view_options *options);

/* Replaces all metrics: width (0 = unknown), heights, insets, spacing, rows, scale.
   Lengths must be finite, 0 ... 1000000; scale 0 ... 64. */
kalends_status kalends_view_set_metrics(kalends_view *view, const kalends_view_metrics *metrics);

/* Copies the calendar's options into the view (first weekday, week rule, weekend,
   today). Errors: MISUSE (either handle), INVALID_ARGUMENT (NULL calendar). */
kalends_status kalends_view_set_calendar(kalends_view *view, const kalends_calendar *calendar);

/* Installs callbacks (copied; NULL removes them all). user_data must stay valid while
   they are installed. */
kalends_status kalends_view_set_callbacks(kalends_view *view, const kalends_view_callbacks *callbacks);

/* Switches the display mode and reports the content heights before and after (out
   may be NULL). Fires page_changed and content_size_changed. */
kalends_status kalends_view_set_mode(kalends_view *view, int32_t mode, kalends_mode_change *out);

/* The current page. */
kalends_status kalends_view_page(const kalends_view *view, kalends_page *out);

/* One page on / back: a month (same day, clamped to the month's length), a week or a
   day by mode. At the min/max dates nothing changes and out->direction is NONE.
   out may be NULL. Fires page_changed (and content_size_changed). */
kalends_status kalends_view_next_page(kalends_view *view, kalends_transition *out);
kalends_status kalends_view_previous_page(kalends_view *view, kalends_transition *out);

/* Shows the page holding *date and moves the focus there.
   Errors: OUT_OF_RANGE (outside the min/max dates: nothing changes). */
kalends_status kalends_view_go_to(kalends_view *view, const kalends_date *date, kalends_transition *out);

/* kalends_view_go_to with the calendar's today. Errors: NOT_FOUND (today is off). */
kalends_status kalends_view_go_to_today(kalends_view *view, kalends_transition *out);

/* Selects *date by the selection mode: SINGLE replaces, MULTIPLE adds, RANGE starts,
   ends or moves the start. A disabled day gives outcome DISABLED, a veto VETOED,
   NONE mode NONE; selecting a day outside the page's period moves the page to it.
   out may be NULL. Fires the callbacks as kalends_view_callbacks says. */
kalends_status kalends_view_select(kalends_view *view, const kalends_date *date, kalends_action *out);

/* Deselects *date (range mode: any day of the range clears the range). */
kalends_status kalends_view_deselect(kalends_view *view, const kalends_date *date, kalends_action *out);

/* Deselects everything (did_deselect for each day, or each range endpoint). */
kalends_status kalends_view_clear_selection(kalends_view *view);

/* The selection in numbers. */
kalends_status kalends_view_selection(const kalends_view *view, kalends_selection *out);

/* Every selected day number, ascending (all days of a range). Array conventions. */
kalends_status kalends_view_selected_days(const kalends_view *view, int32_t *out, int32_t capacity, int32_t *count);

/* Replaces the highlighted / explicitly disabled days (day numbers; duplicates are
   fine; `days` may be NULL when count is 0). Errors: INVALID_ARGUMENT (NULL with a
   count, negative count), OUT_OF_RANGE (a day number). */
kalends_status kalends_view_set_highlighted(kalends_view *view, const int32_t *days, int32_t count);
kalends_status kalends_view_set_disabled(kalends_view *view, const int32_t *days, int32_t count);

/* The highlighted / explicitly disabled days, ascending. Array conventions. */
kalends_status kalends_view_highlighted(const kalends_view *view, int32_t *out, int32_t capacity, int32_t *count);
kalends_status kalends_view_disabled(const kalends_view *view, int32_t *out, int32_t capacity, int32_t *count);

/* The keyboard focus. */
kalends_status kalends_view_focus(const kalends_view *view, kalends_date *out);

/* A key press (KALENDS_KEY_*): moves the focus over disabled days (up to 400 steps,
   never past min/max); in SINGLE mode the selection follows; ENTER selects (MULTIPLE:
   toggles) the focused day. The page follows the focus. out may be NULL.
   Errors: INVALID_ARGUMENT (unknown key). */
kalends_status kalends_view_key(kalends_view *view, int32_t key, kalends_action *out);

/* The visible days with every view flag (KALENDS_DAY_*), row by row: 42 / 35 / 28
   in month mode, 7 in week mode, 1 in day mode. Array conventions; asks is_disabled
   for each day. */
kalends_status kalends_view_days(const kalends_view *view, kalends_day *out, int32_t capacity, int32_t *count);

/* The content size: the width given in the metrics, and the height of header, weekday
   row and the rows of the current mode, snapped.
   Errors: NO_INTRINSIC_METRIC while the width is 0 (*out untouched). */
kalends_status kalends_view_intrinsic_size(const kalends_view *view, kalends_size *out);

/* Every element of the current page with its frame, in this order: header, title,
   previous, next, the weekday labels (7, or 1 in day mode), the days (as
   kalends_view_days). Frames are snapped to the device-pixel grid of metrics.scale:
   day cells share their edges exactly and tile the content width (along an axis
   where a cell would get less than one pixel, edges stay unsnapped so no cell is
   empty). Array conventions. Errors: NO_INTRINSIC_METRIC (no width). */
kalends_status kalends_view_layout(const kalends_view *view, kalends_element *out, int32_t capacity, int32_t *count);

/* The element at (x, y): a day (hidden cells excepted), a weekday label, a header
   button, the title, the header, or kind NONE. Frames are half-open (right and bottom
   edges belong to the neighbour), so the centre of every frame of
   kalends_view_layout hits its element. Errors: NO_INTRINSIC_METRIC, INVALID_ARGUMENT
   (a coordinate is not finite). */
kalends_status kalends_view_hit_test(const kalends_view *view, double x, double y, kalends_element *out);

/* A tap at (x, y), as Kal handles it: a day of the page is selected (MULTIPLE:
   toggled); an out-date shows its month and is selected (or only selected, per
   out_date_tap); the header buttons page; anything else does nothing. `hit` (may be
   NULL) receives the element, `out` (may be NULL) what happened. */
kalends_status kalends_view_tap(kalends_view *view, double x, double y, kalends_element *hit, kalends_action *out);

/* Frames of the last page or mode change at `progress` (0 = before, 1 = after)
   along `curve`: on a page change the outgoing days slide out (outgoing = 1) and the
   incoming slide in by the content width, the titles cross-fade; on a mode change
   elements move from their old frame to the new and the others fade (alpha); the
   height goes from the old content height to the new (*height; may be NULL). With no
   change yet, the current layout. Array conventions. */
kalends_status kalends_view_transition_layout(const kalends_view *view, double progress, int32_t curve,
                                              kalends_element *out, int32_t capacity, int32_t *count, double *height);

/* What a screen reader says for *date: "Sunday, 22 November 2026, today, selected"
   (states: today; selected, range start/end or in selected range; highlighted;
   unavailable). English names for now. snprintf conventions: writes at most
   capacity - 1 bytes and a NUL (cut at a UTF-8 character boundary); *length (may be
   NULL) receives the full length without the NUL; buffer may be NULL when capacity
   is 0. */
kalends_status kalends_view_accessibility_label(const kalends_view *view, const kalends_date *date, char *buffer,
                                                size_t capacity, size_t *length);

/* The eased value of `progress` (clamped to 0 ... 1) on `curve`: 0 at 0, 1 at 1.
   Errors: INVALID_ARGUMENT (unknown curve, NULL out). */
kalends_status kalends_curve_value(int32_t curve, double progress, double *out);

/* ======================================================================== */
/* Scrolling calendars                                                      */
/* ======================================================================== */
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

#define KALENDS_AXIS_VERTICAL 0   /* months stacked top to bottom */
#define KALENDS_AXIS_HORIZONTAL 1 /* months side by side, one page (metrics.width) each */

/* Where kalends_scroll_offset puts a date in the viewport */
#define KALENDS_SCROLL_START 0  /* top (vertical) or leading edge (horizontal) */
#define KALENDS_SCROLL_CENTER 1
#define KALENDS_SCROLL_END 2    /* bottom or trailing edge */

/* What a scrolling calendar shows. Defaults (kalends_scroll_options_init): vertical,
   from the system clock's current month, open-ended, variable rows, out-dates hidden,
   weekday rows shown, 24 points between months. */
typedef struct kalends_scroll_options {
    uint32_t struct_size;
    int32_t axis;              /* KALENDS_AXIS_* */
    kalends_date first_month;  /* any valid day of the first month */
    int32_t has_last_month;    /* 0: open-ended (months go on to 999999-12) */
    kalends_date last_month;   /* any valid day of the last month */
    int32_t rows;              /* KALENDS_ROWS_* */
    int32_t out_dates;         /* KALENDS_OUT_DATES_* */
    int32_t show_weekdays;     /* 1: a weekday row under each month's header */
    double month_spacing;      /* between months, along the axis */
} kalends_scroll_options;

typedef struct kalends_scroll kalends_scroll;

kalends_status kalends_scroll_options_init(kalends_scroll_options *options);

/* Creates a scrolling calendar of `calendar` (NULL: ISO defaults) with `options` (NULL:
   defaults) and `metrics` (required: its width is the container's width; header_height
   is each month's header; insets surround the content, and each page when horizontal).
   Building it costs O(min(months, 4800)) once.
   Errors: INVALID_ARGUMENT (options, metrics, last month before first),
   NO_INTRINSIC_METRIC (metrics NULL or width 0), MISUSE (calendar handle). */
kalends_status kalends_scroll_new(const kalends_calendar *calendar, const kalends_scroll_options *options,
                                  const kalends_view_metrics *metrics, kalends_scroll **out);

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
   every element. Array conventions. O(visible elements).
   Errors: INVALID_ARGUMENT (NULL, a non-finite or negative-size viewport). */
kalends_status kalends_scroll_elements(const kalends_scroll *scroll, const kalends_rect *viewport,
                                       kalends_element *out, int32_t capacity, int32_t *count);

/* First and last in-month day with a cell in the viewport. Errors: NOT_FOUND (none). */
kalends_status kalends_scroll_visible_days(const kalends_scroll *scroll, const kalends_rect *viewport,
                                           kalends_day_range *out);

/* First and last month (day 1) with an element in the viewport. Errors: NOT_FOUND. */
kalends_status kalends_scroll_visible_months(const kalends_scroll *scroll, const kalends_rect *viewport,
                                             kalends_date *first, kalends_date *last);

/* The content offset along the axis (y vertical, x horizontal) that puts *date's cell
   at the start, centre or end (KALENDS_SCROLL_*) of a viewport `viewport_length` long,
   clamped to keep the viewport inside the content.
   Errors: OUT_OF_RANGE (the date's month is not in the range), INVALID_ARGUMENT. */
kalends_status kalends_scroll_offset(const kalends_scroll *scroll, const kalends_date *date, int32_t position,
                                     double viewport_length, double *out);

/* ======================================================================== */
/* Flow layout                                                              */
/* ======================================================================== */
/*
 * Items of given sizes placed left to right, wrapping at a preferred maximum width by
 * whole items (an item that does not fit after the last one on a line starts the next
 * one; an item wider than the width stands alone). Lines are as tall as their tallest
 * item; items sit at the top of their line. O(items). No handle: pure functions.
 * Two passes, as SquareView does: without max_width the result is the one-line size;
 * with the container's width the wrapped frames.
 */
typedef struct kalends_flow_options {
    uint32_t struct_size;
    double max_width;     /* 0: no wrapping */
    double item_spacing;  /* between items on a line */
    double line_spacing;  /* between lines */
    double padding_top;
    double padding_left;
    double padding_bottom;
    double padding_right;
} kalends_flow_options;

/* What kalends_flow_fit could not place. */
typedef struct kalends_flow_fit_result {
    int32_t hidden;    /* items that did not fit (the N of "+N more") */
    int32_t has_more;  /* 1: `more` is the frame of the "+N more" item */
    kalends_rect more;
} kalends_flow_fit_result;

kalends_status kalends_flow_options_init(kalends_flow_options *options);

/* Frames of `item_count` items (frames: array conventions, count = item_count) and the
   size they need with padding (*size, may be NULL). options NULL: defaults.
   Errors: INVALID_ARGUMENT (a size or option not a finite length 0 ... 1000000, items
   NULL with a count). */
kalends_status kalends_flow_layout(const kalends_size *items, int32_t item_count, const kalends_flow_options *options,
                                   kalends_rect *frames, int32_t capacity, int32_t *count, kalends_size *size);

/* As many items as fit *box (flowed at its width); when not all do, the last place holds
   a "+N more" item of size *more, reported in *result with N. `frames` receives the
   frames of the items shown (array conventions, count = items shown). Event chips in a
   day cell. O(items x log items). */
kalends_status kalends_flow_fit(const kalends_size *items, int32_t item_count, const kalends_flow_options *options,
                                const kalends_size *box, const kalends_size *more, kalends_rect *frames,
                                int32_t capacity, int32_t *count, kalends_flow_fit_result *result);

/* ======================================================================== */
/* Time zones                                                               */
/* ======================================================================== */
/*
 * Which local day a timed event falls on depends on a time zone: read from the system
 * tz database (TZif files under /usr/share/zoneinfo, or $TZDIR), with its transitions
 * and its POSIX rule for times after them, so DST is right in any year. Instants are
 * int64_t seconds since 1970-01-01T00:00:00Z (leap seconds not counted).
 */

typedef struct kalends_timezone kalends_timezone;

/* Loads a zone by name ("Europe/Paris", "UTC", or a POSIX TZ string such as
   "CET-1CEST,M3.5.0,M10.5.0/3"). NULL or "" is the default zone: $TZ (a name, a
   ":name" or a POSIX string), else /etc/localtime, else UTC.
   Errors: NOT_FOUND (no such zone), PARSE (not a TZif file or TZ string), IO. */
kalends_status kalends_timezone_new(const char *name, kalends_timezone **out);
/* A zone from the bytes of a TZif file (copied); `name` (may be NULL) is what
   kalends_timezone_name reports. Errors: PARSE, INVALID_ARGUMENT. */
kalends_status kalends_timezone_from_tzif(const uint8_t *bytes, size_t length, const char *name,
                                          kalends_timezone **out);
kalends_status kalends_timezone_free(kalends_timezone *zone);
/* The zone's name (snprintf convention). */
kalends_status kalends_timezone_name(const kalends_timezone *zone, char *buffer, size_t capacity, size_t *length);
/* The offset from UTC at an instant, in seconds east, and whether it is daylight
   saving time (either out may be NULL). */
kalends_status kalends_timezone_offset(const kalends_timezone *zone, int64_t instant, int32_t *seconds_east,
                                       int32_t *is_dst);
/* The local day (day number) and the seconds since its local midnight of an instant.
   Errors: OUT_OF_RANGE (beyond the supported years). */
kalends_status kalends_timezone_local_day(const kalends_timezone *zone, int64_t instant, int32_t *day_number,
                                          int32_t *seconds_of_day);
/* The first instant of a local day (its midnight, or the first valid time after a gap).
   Errors: OUT_OF_RANGE. */
kalends_status kalends_timezone_day_start(const kalends_timezone *zone, int32_t day_number, int64_t *out);
/* The instant of a local wall-clock time: a day number and the seconds since its
   midnight (0 ... 86399). A time that happens twice (clocks go back) gives its first
   occurrence; a time that a clock change skips is read with the offset before the
   change, so it lands after the gap (as Python's zoneinfo with fold=0).
   Errors: INVALID_ARGUMENT (seconds outside the day), OUT_OF_RANGE (the day). */
kalends_status kalends_timezone_instant(const kalends_timezone *zone, int32_t day_number, int32_t seconds_of_day,
                                        int64_t *out);

/* ======================================================================== */
/* Events                                                                   */
/* ======================================================================== */

/* An event. Timed events are instants: start and end are seconds since the epoch,
   end >= start (end exclusive; a zero-length event is on the day of its start). All-day
   events are floating dates: start and end are the first and last day numbers
   (inclusive), whatever the time zone. */
typedef struct kalends_event {
    uint32_t struct_size; /* sizeof(kalends_event) */
    int32_t all_day;      /* 1: all-day (day numbers), 0: timed (instants) */
    int64_t id;           /* unique in a store */
    int64_t start;
    int64_t end;
    uint32_t color;       /* 0xRRGGBBAA */
    int32_t source;       /* the source that delivered it (0: the host) */
    uint64_t user_value;  /* the host's, untouched */
    const char *title;    /* UTF-8, copied on input; on output owned by the store and valid until
                             its next change */
    int32_t title_length; /* bytes, or -1 for NUL-terminated */
    int32_t reserved;     /* 0 */
} kalends_event;

/* Where a source or plugin puts events: call add(context, &event) for each (the event
   is copied; a bad one returns INVALID_ARGUMENT or OUT_OF_RANGE and is not taken).
   Library-owned; valid during the call it is passed to. */
typedef struct kalends_event_sink {
    void *context;
    kalends_status (*add)(void *context, const kalends_event *event);
} kalends_event_sink;

/* How an asynchronous source answers a request: complete(context, request, events,
   count, status) once, from any thread, with the events (copied) or an error status.
   An answer for a request that was cancelled or is no longer the page's is dropped.
   The struct itself is valid only during the begin call: copy its two fields. */
typedef struct kalends_completion {
    void *context;
    void (*complete)(void *context, int64_t request, const kalends_event *events, int32_t count,
                     kalends_status status);
} kalends_completion;

/* ======================================================================== */
/* Plugins                                                                  */
/* ======================================================================== */
/*
 * A plugin is a shared library exporting one function,
 *
 *     const kalends_plugin_vtable *kalends_plugin_entry(void);
 *
 * whose table says what it is and how to ask it for events. Plugins need not link
 * against libkalends.so (everything they call comes through the table's arguments), so
 * they can be written in any language with a C ABI. Day numbers are days since
 * 1970-01-01.
 */

#define KALENDS_PLUGIN_ABI_VERSION 1
#define KALENDS_PLUGIN_ENTRY "kalends_plugin_entry"

typedef struct kalends_plugin_vtable {
    uint32_t struct_size;   /* sizeof(kalends_plugin_vtable) the plugin was built with */
    int32_t abi_version;    /* KALENDS_PLUGIN_ABI_VERSION */
    const char *name;       /* UTF-8, static */
    /* Makes an instance from a configuration string (may be NULL). */
    kalends_status (*create)(const char *config, void **instance);
    void (*destroy)(void *instance);
    /* Events overlapping days first ... last into the sink, synchronously. */
    kalends_status (*fetch)(void *instance, int32_t first_day, int32_t last_day, const kalends_event_sink *sink);
    /* Optional (may be NULL): starts request `request` for days first ... last and
       answers it later through the completion. */
    kalends_status (*begin)(void *instance, int64_t request, int32_t first_day, int32_t last_day,
                            const kalends_completion *completion);
    /* Optional: the answer to `request` is no longer wanted. */
    void (*cancel)(void *instance, int64_t request);
} kalends_plugin_vtable;

typedef const kalends_plugin_vtable *(*kalends_plugin_entry_fn)(void);


/* ---- The event store ----------------------------------------------------- */
/*
 * Events indexed for overlap queries. Add, update and remove cost O(log n) plus a
 * chunk's shift; a query costs O(log n + k) for the k events it returns (plus the
 * events that start within a day to two years before the range, by length class, and
 * end before it); a million events is normal use. Thread: a store may be shared
 * between threads (calls serialize on it).
 */

typedef struct kalends_store kalends_store;

kalends_status kalends_store_new(kalends_store **out);
kalends_status kalends_store_free(kalends_store *store);
/* Errors: INVALID_ARGUMENT (struct_size, end before start, bad title), OUT_OF_RANGE
   (dates beyond the supported years), DUPLICATE (id in the store). */
kalends_status kalends_store_add(kalends_store *store, const kalends_event *event);
/* Adds `count` events; all are checked first (no duplicates in the batch or the
   store), so a bad one adds nothing. Into an empty store the index is built at once
   (O(n log n)). */
kalends_status kalends_store_add_events(kalends_store *store, const kalends_event *events, int32_t count);
/* Replaces the event with the same id. Errors: NOT_FOUND, as kalends_store_add. */
kalends_status kalends_store_update(kalends_store *store, const kalends_event *event);
kalends_status kalends_store_remove(kalends_store *store, int64_t id);
kalends_status kalends_store_clear(kalends_store *store);
kalends_status kalends_store_count(const kalends_store *store, int32_t *out);
/* The event with this id (title owned by the store, valid until its next change).
   Errors: NOT_FOUND. */
kalends_status kalends_store_get(const kalends_store *store, int64_t id, kalends_event *out);
/* The events overlapping local days first ... last of `zone` (NULL: UTC), in start
   order: by start instant (an all-day event from the local midnight of its first day,
   before timed events starting then), then id. Array conventions (titles valid until
   the store changes). Errors: INVALID_ARGUMENT (last < first). */
kalends_status kalends_store_query(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                   int32_t last, kalends_event *out, int32_t capacity, int32_t *count);
/* As kalends_store_query, the ids only (8 bytes an event instead of a struct): for
   hosts that keep their own objects for events by id. *version (may be NULL) receives
   the store's version the answer belongs to (read together with it, under the store's
   lock): a host whose objects are of another version refreshes them. Errors as
   kalends_store_query; *version is set whenever *count is. */
kalends_status kalends_store_query_ids(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                       int32_t last, int64_t *out, int32_t capacity, int32_t *count,
                                       uint64_t *version);
/* As kalends_store_query_ids, each event's index in the store instead of its id: a
   small number (below the most events the store has held at once), the event's while
   it stays in the store (a removed event's index goes to a later one), and in start
   order after a bulk add into an empty store. For hosts that mirror the store in an
   array, refreshed (kalends_store_get_at) when the version changes. */
kalends_status kalends_store_query_indexes(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                           int32_t last, int32_t *out, int32_t capacity, int32_t *count,
                                           uint64_t *version);
/* The event at an index (title owned by the store, valid until its next change);
   *version (may be NULL) receives the store's version it belongs to.
   Errors: NOT_FOUND (no event at that index), INVALID_ARGUMENT. */
kalends_status kalends_store_get_at(const kalends_store *store, int32_t index, kalends_event *out, uint64_t *version);
/* The store's change counter: different after every change (add, update, remove,
   clear, a source's or plugin's answer), the same while nothing changes. A host
   caching events compares it with the value it last saw. Thread: any. */
kalends_status kalends_store_version(const kalends_store *store, uint64_t *out);
/* Dots: for day first + i, counts[i] events and the colours of its first max_colors
   in start order in colors[i * max_colors ...] (0 past the last). `days` is the
   capacity of counts (and colors holds days * max_colors); it must be at least
   last - first + 1. max_colors is 0 ... 64; a range is at most 100,000 days.
   Errors: INVALID_ARGUMENT, BUFFER_TOO_SMALL, OUT_OF_RANGE (days beyond the supported
   dates). */
kalends_status kalends_store_dots(const kalends_store *store, const kalends_timezone *zone, int32_t first,
                                  int32_t last, int32_t max_colors, int32_t *counts, uint32_t *colors,
                                  int32_t days);

/* ---- Month bars and the day timeline ------------------------------------- */

typedef struct kalends_bar_options {
    uint32_t struct_size;
    int32_t max_lanes;  /* lanes a cell holds (default 3); a day needing more shows "+N more" in its last */
    double bar_height;  /* 14 */
    double lane_spacing; /* 2 */
    double top_inset;   /* 20: room for the day number */
    double side_inset;  /* 2 */
} kalends_bar_options;

/* One segment of an event in one week row of the view's page. */
typedef struct kalends_event_bar {
    int64_t event;
    int32_t row;
    int32_t first_column; /* 0 ... 6 */
    int32_t last_column;
    int32_t lane;
    int32_t continues_before; /* 1: the event goes on before this segment */
    int32_t continues_after;
    kalends_rect frame;
} kalends_event_bar;

/* "+N more" on a day whose events do not fit its lanes. */
typedef struct kalends_event_more {
    int32_t day;
    int32_t hidden;
    kalends_rect frame;
} kalends_event_more;

kalends_status kalends_bar_options_init(kalends_bar_options *options);

/* The bars and "+N more" labels of the store's events on the view's page (its day
   cells, as kalends_view_layout frames them), in `zone` (NULL: UTC). Lanes: row by
   row, events continuing from the row above keep their lane when it is free; the
   others take the lowest lane free on all their days. Two arrays, each by the array
   conventions; BUFFER_TOO_SMALL if either is short (both counts are set). options may
   be NULL (defaults). Errors: NO_INTRINSIC_METRIC (the view has no width),
   INVALID_ARGUMENT, BUFFER_TOO_SMALL. */
kalends_status kalends_view_event_bars(const kalends_view *view, const kalends_store *store,
                                       const kalends_timezone *zone, const kalends_bar_options *options,
                                       kalends_event_bar *bars, int32_t bar_capacity, int32_t *bar_count,
                                       kalends_event_more *more, int32_t more_capacity, int32_t *more_count);

typedef struct kalends_timeline_options {
    uint32_t struct_size;
    int32_t first_hour; /* 0 */
    int32_t last_hour;  /* 24 */
    int32_t reserved;
    double left, top;   /* 0, 0 */
    double width;       /* 320 */
    double hour_height; /* 48 */
    double min_height;  /* 18 */
    double spacing;     /* 2: between neighbouring columns */
} kalends_timeline_options;

typedef struct kalends_timeline_item {
    int64_t event;
    int32_t column;
    int32_t columns; /* of its group of overlapping events */
    int32_t span;    /* columns it covers: 1 + the free ones to its right */
    int32_t clipped_start; /* began before the shown hours */
    int32_t clipped_end;
    int32_t reserved;
    kalends_rect frame;
} kalends_timeline_item;

kalends_status kalends_timeline_options_init(kalends_timeline_options *options);

/* The timed events of local `day` placed by time: overlapping events side by side in
   the fewest columns, each widened over the free columns to its right. Array
   conventions; options may be NULL. Errors: INVALID_ARGUMENT. */
kalends_status kalends_store_timeline(const kalends_store *store, const kalends_timezone *zone, int32_t day,
                                      const kalends_timeline_options *options, kalends_timeline_item *out,
                                      int32_t capacity, int32_t *count);

/* ---- Sources -------------------------------------------------------------- */
/*
 * A view with a store asks its sources for the visible days on every page change (and
 * when a source is added), as Kal asks its data source; answers go into the store,
 * replacing what the same source said before for those days (events are tagged with
 * the source's id). A source answers synchronously (fetch) or asynchronously (begin,
 * then completion->complete from any thread). An answer for a page no longer visible is
 * dropped; a bad answer (end before start, absurd dates, an id of another source's
 * event) is refused whole and the store keeps its data. A failing source does not undo
 * the page change: the call that changed the page returns CALLBACK (or PLUGIN) after it.
 * cancel and complete must not wait for each other (no deadlock-prone joins).
 */

typedef struct kalends_source {
    uint32_t struct_size;
    int32_t reserved;
    void *user_data;
    kalends_status (*fetch)(void *user_data, int32_t first_day, int32_t last_day, const kalends_event_sink *sink);
    kalends_status (*begin)(void *user_data, int64_t request, int32_t first_day, int32_t last_day,
                            const kalends_completion *completion);
    void (*cancel)(void *user_data, int64_t request);
    void (*destroy)(void *user_data); /* when the view drops the source (may be NULL) */
} kalends_source;

/* Gives the view a store (and a zone for local days; NULL: UTC) for its sources to
   fill; both are referenced, not copied. NULL store detaches the sources. */
kalends_status kalends_view_set_store(kalends_view *view, kalends_store *store, const kalends_timezone *zone);
/* Adds a source (copied; fetch or begin must be set; fetch is used when both are) and
   asks it for the current page.
   Errors: MISUSE (no store set), INVALID_ARGUMENT, CALLBACK (its first answer failed; it
   stays added). */
kalends_status kalends_view_add_source(kalends_view *view, const kalends_source *source, int32_t *out);
kalends_status kalends_view_remove_source(kalends_view *view, int32_t source);
/* Asynchronous requests still awaiting an answer. */
kalends_status kalends_view_pending_requests(const kalends_view *view, int32_t *out);

/* ---- Loading plugins ------------------------------------------------------ */

typedef struct kalends_plugin kalends_plugin;

/* dlopens `path`, calls its KALENDS_PLUGIN_ENTRY and creates an instance from `config`
   (may be NULL). The library stays mapped until the process ends (a plugin's threads
   may outlive its instance). Errors: INVALID_ARGUMENT (NULL or empty path), IO (cannot
   be loaded), PLUGIN (no entry point, a table too small or of another ABI version,
   missing functions, create failed: the message says which). */
kalends_status kalends_plugin_load(const char *path, const char *config, kalends_plugin **out);
/* Lets the plugin go: its instance is destroyed once no view holds it as a source
   (kalends_view_add_plugin keeps it alive). Errors: MISUSE (NULL, freed or foreign). */
kalends_status kalends_plugin_free(kalends_plugin *plugin);
/* The plugin's name (its vtable's `name`), snprintf convention: at most capacity - 1
   bytes and a NUL; *length (may be NULL) receives the full length. Errors: MISUSE,
   INVALID_ARGUMENT (NULL buffer with a capacity). */
kalends_status kalends_plugin_name(const kalends_plugin *plugin, char *buffer, size_t capacity, size_t *length);
/* Asks the plugin for days first ... last synchronously and adds the answer to the
   store (tagged with `source`), replacing that source's events of those days. A bad
   answer is refused whole: PLUGIN, and the store keeps its data. `zone` (NULL: UTC)
   places the answer's timed events on days. Thread: any; the plugin's fetch runs on
   the calling thread. Errors: MISUSE (plugin or store), INVALID_ARGUMENT (last < first),
   OUT_OF_RANGE (days beyond the supported dates), PLUGIN (an error or a bad answer). */
kalends_status kalends_plugin_fetch(kalends_plugin *plugin, int32_t first, int32_t last, kalends_store *store,
                                    const kalends_timezone *zone, int32_t source);
/* The plugin as a source of the view: asked through begin (asynchronously) when it
   has one, else through fetch. Its bad answers fail with PLUGIN. */
kalends_status kalends_view_add_plugin(kalends_view *view, kalends_plugin *plugin, int32_t *out);

/* ======================================================================== */
/* Constraint solver                                                        */
/* ======================================================================== */
/*
 * An incremental Cassowary solver with kiwisolver's semantics and strengths.
 * Variables are dense ids 0, 1, 2 ... owned by the solver. A constraint is
 *
 *     sum(coefficient x variable) + constant   (<= | == | >=)   0
 *
 * at a strength: required constraints must hold; the others are met as well as
 * possible, any amount of a weaker strength never outweighing one unit of a stronger
 * one. A constraint is defined once (kalends_solver_constraint_new) and can then be
 * added and removed any number of times. Values are published by
 * kalends_solver_update_variables and read in bulk.
 *
 * Every failing call returns a status, sets kalends_last_error() and leaves the solver
 * exactly as it was; in particular a required constraint that contradicts the others
 * is refused with UNSATISFIABLE and nothing changes.
 *
 * Costs: adding or removing a constraint touches the tableau rows that hold the
 * symbols it pivots; a suggestion touches the rows that hold its edit's error terms;
 * an update visits only the variables whose rows changed.
 *
 * Thread: a solver may be shared between threads (calls serialize on it).
 */

enum { KALENDS_RELATION_LESS_OR_EQUAL = -1, KALENDS_RELATION_EQUAL = 0, KALENDS_RELATION_GREATER_OR_EQUAL = 1 };

/* Strengths, kiwisolver's model: strong x 1e6 + medium x 1e3 + weak, each part
   clipped to 0 ... 1000 (kalends_strength builds others). */
#define KALENDS_STRENGTH_REQUIRED 1001001000
#define KALENDS_STRENGTH_STRONG 1000000
#define KALENDS_STRENGTH_MEDIUM 1000
#define KALENDS_STRENGTH_WEAK 1

/* coefficient x variable */
typedef struct kalends_term {
    int32_t variable;
    int32_t reserved; /* 0 */
    double coefficient;
} kalends_term;

typedef struct kalends_solver kalends_solver;

/* kiwisolver's strength.create: each of strong, medium, weak times weight, clipped to
   0 ... 1000, folded into one number. NaN parts count as 0. Errors: INVALID_ARGUMENT
   (out NULL). */
kalends_status kalends_strength(double strong, double medium, double weak, double weight, double *out);

/* A new empty solver. Free it with kalends_solver_free. */
kalends_status kalends_solver_new(kalends_solver **out);
/* Frees the solver, its variables and constraints. NULL is a no-op. */
kalends_status kalends_solver_free(kalends_solver *solver);

/* Adds `count` variables (value 0); *first receives the id of the first, the others
   follow. A solver holds at most 2^24 variables. Errors: OUT_OF_RANGE (count negative
   or too many). */
kalends_status kalends_solver_add_variables(kalends_solver *solver, int32_t count, int32_t *first);
kalends_status kalends_solver_variable_count(const kalends_solver *solver, int32_t *out);

/* Defines `sum(terms) + constant (relation) 0` at `strength` (clipped to 0 ...
   KALENDS_STRENGTH_REQUIRED) without adding it; *out receives its id. Terms on the
   same variable are combined; `terms` may be NULL when count is 0. The terms are
   copied. Errors: INVALID_ARGUMENT (relation, a NaN strength, a non-finite constant
   or coefficient, count negative), NOT_FOUND (a variable). */
kalends_status kalends_solver_constraint_new(kalends_solver *solver, const kalends_term *terms, int32_t count,
                                             double constant, int32_t relation, double strength, int32_t *out);
/* Drops a definition, removing the constraint from the solver first if it is in.
   Errors: NOT_FOUND. */
kalends_status kalends_solver_constraint_forget(kalends_solver *solver, int32_t constraint);

/* Adds a defined constraint. Errors: NOT_FOUND (no such definition), DUPLICATE
   (already added), UNSATISFIABLE (a required constraint contradicting the required
   ones already added). */
kalends_status kalends_solver_add_constraint(kalends_solver *solver, int32_t constraint);
/* Defines and adds in one call (kalends_solver_constraint_new, then
   kalends_solver_add_constraint); when adding fails the definition is dropped and
   *out is untouched. */
kalends_status kalends_solver_add_constraint_terms(kalends_solver *solver, const kalends_term *terms, int32_t count,
                                                   double constant, int32_t relation, double strength, int32_t *out);
/* Errors: NOT_FOUND (no definition, or not in the solver). */
kalends_status kalends_solver_remove_constraint(kalends_solver *solver, int32_t constraint);
/* *out = 1 when the constraint is in the solver, else 0 (also for unknown ids). */
kalends_status kalends_solver_has_constraint(const kalends_solver *solver, int32_t constraint, int32_t *out);

/* Makes `variable` an edit variable at `strength` (a stay toward its suggested value,
   0 until a suggestion). Errors: NOT_FOUND (variable), DUPLICATE (already an edit
   variable), INVALID_ARGUMENT (strength required or NaN). */
kalends_status kalends_solver_add_edit_variable(kalends_solver *solver, int32_t variable, double strength);
/* Errors: NOT_FOUND (not an edit variable). */
kalends_status kalends_solver_remove_edit_variable(kalends_solver *solver, int32_t variable);
kalends_status kalends_solver_has_edit_variable(const kalends_solver *solver, int32_t variable, int32_t *out);
/* Suggests a value for an edit variable and re-solves (dual simplex).
   Errors: NOT_FOUND (not an edit variable), INVALID_ARGUMENT (value not finite). */
kalends_status kalends_solver_suggest_value(kalends_solver *solver, int32_t variable, double value);

/* Suggests values for several edit variables in one call, in order (as that many
   kalends_solver_suggest_value calls). Everything is checked first: a bad entry
   changes nothing. `variables` and `values` may be NULL when count is 0.
   Errors: NOT_FOUND (a variable that is not an edit variable), INVALID_ARGUMENT (a
   value not finite, count negative, NULL arrays). */
kalends_status kalends_solver_suggest_values(kalends_solver *solver, const int32_t *variables, const double *values,
                                             int32_t count);

/* Publishes the solution. Each variable whose value differs from the previous update
   has its new value written to mirror[id] when id < mirror_count (mirror may be NULL
   when mirror_count is 0); *changed (may be NULL) receives how many changed. Only the
   variables whose tableau rows changed are visited, so a caller-side mirror kept in
   step this way costs what changed, not what exists. */
kalends_status kalends_solver_update_variables(kalends_solver *solver, double *mirror, int32_t mirror_count,
                                               int32_t *changed);
/* Published values of variables first ... first + count - 1 into out.
   Errors: OUT_OF_RANGE (the range is not within the variables), INVALID_ARGUMENT. */
kalends_status kalends_solver_values(const kalends_solver *solver, int32_t first, int32_t count, double *out);

/* Removes every constraint and edit variable (kiwi's reset). Variables and
   definitions stay; published values stay until an update changes them. */
kalends_status kalends_solver_reset(kalends_solver *solver);

/* The tableau as text, for debugging (snprintf convention: *length receives the full
   length; buffer may be NULL with capacity 0). */
kalends_status kalends_solver_dump(const kalends_solver *solver, char *buffer, size_t capacity, size_t *length);

/* ======================================================================== */
/* Auto Layout                                                              */
/* ======================================================================== */
/*
 * Items (views) in a tree, the screen (item KALENDS_ITEM_SCREEN, always present, sized
 * by the host), and constraints
 *
 *     first.attribute (== <= >=) second.attribute x multiplier + constant
 *
 * where the constant may come from another item's or the screen's size
 * (HKNSLayoutConstraint): constant = alt_item.basis x alt_multiplier, re-evaluated on
 * demand when sizes change (kalends_autolayout_update_constants after a rotation).
 */

/* Attributes, numbered as NSLayoutAttribute */
#define KALENDS_ATTRIBUTE_NONE 0 /* second_attribute when there is no second item */
#define KALENDS_ATTRIBUTE_LEFT 1
#define KALENDS_ATTRIBUTE_RIGHT 2
#define KALENDS_ATTRIBUTE_TOP 3
#define KALENDS_ATTRIBUTE_BOTTOM 4
#define KALENDS_ATTRIBUTE_LEADING 5
#define KALENDS_ATTRIBUTE_TRAILING 6
#define KALENDS_ATTRIBUTE_WIDTH 7
#define KALENDS_ATTRIBUTE_HEIGHT 8
#define KALENDS_ATTRIBUTE_CENTER_X 9
#define KALENDS_ATTRIBUTE_CENTER_Y 10
#define KALENDS_ATTRIBUTE_LAST_BASELINE 11
#define KALENDS_ATTRIBUTE_FIRST_BASELINE 12

/* Items */
#define KALENDS_ITEM_NONE 0
#define KALENDS_ITEM_SCREEN 1

/* Alternative constant bases; other values clamp (below 1: WIDTH, above 5: CONSTANT) */
#define KALENDS_BASIS_WIDTH 1
#define KALENDS_BASIS_HEIGHT 2
#define KALENDS_BASIS_SHORTER_EDGE 3
#define KALENDS_BASIS_LONGER_EDGE 4
#define KALENDS_BASIS_CONSTANT 5 /* the constraint's own constant stands */

/* Priorities (1 ... 1000) */
#define KALENDS_PRIORITY_REQUIRED 1000
#define KALENDS_PRIORITY_HIGH 750
#define KALENDS_PRIORITY_LOW 250
#define KALENDS_PRIORITY_FITTING 50

/* A constraint. Defaults (kalends_constraint_init): relation EQUAL, no second item,
   multiplier 1, constant 0, no alt item, basis CONSTANT, alt multiplier 1,
   priority 1000. */
typedef struct kalends_constraint {
    uint32_t struct_size;
    int32_t first_item;
    int32_t first_attribute;  /* KALENDS_ATTRIBUTE_* */
    int32_t relation;         /* KALENDS_RELATION_* */
    int32_t second_item;      /* KALENDS_ITEM_NONE: the right side is the constant alone */
    int32_t second_attribute; /* NONE without a second item; a size with a size, a position with a position */
    double multiplier;
    double constant;
    int32_t alt_item;         /* KALENDS_ITEM_NONE (the constant stands), _SCREEN or an item */
    int32_t alt_basis;        /* KALENDS_BASIS_* (clamped) */
    double alt_multiplier;
    double priority;          /* 1 ... 1000 */
} kalends_constraint;

/* A constant that changed (kalends_autolayout_update_constants). */
typedef struct kalends_constant_change {
    int32_t constraint;
    int32_t reserved;
    double old_value;
    double new_value;
} kalends_constant_change;

typedef struct kalends_autolayout kalends_autolayout;

kalends_status kalends_constraint_init(kalends_constraint *constraint);

kalends_status kalends_autolayout_new(kalends_autolayout **out);
kalends_status kalends_autolayout_free(kalends_autolayout *layout);

/* Adds an item under `parent` (KALENDS_ITEM_NONE: top level); *out receives its id.
   Errors: NOT_FOUND (parent). */
kalends_status kalends_autolayout_add_item(kalends_autolayout *layout, int32_t parent, int32_t *out);

/* The size alternative constants read for an item; for KALENDS_ITEM_SCREEN, the
   screen's size (swap width and height on rotation). Errors: NOT_FOUND, INVALID_ARGUMENT. */
kalends_status kalends_autolayout_set_item_size(kalends_autolayout *layout, int32_t item, double width, double height);

/* Adds a constraint; *out receives its id.
   Errors: INVALID_ARGUMENT (an attribute, relation, non-finite number, priority outside
   1 ... 1000, a size constrained to a position), NOT_FOUND (an item). */
kalends_status kalends_autolayout_add_constraint(kalends_autolayout *layout, const kalends_constraint *constraint,
                                                 int32_t *out);

/* Errors: NOT_FOUND (no such constraint). */
kalends_status kalends_autolayout_remove_constraint(kalends_autolayout *layout, int32_t constraint);

/* The constraint's effective constant now. Errors: NOT_FOUND. */
kalends_status kalends_autolayout_constant(const kalends_autolayout *layout, int32_t constraint, double *out);

/* Re-evaluates every constant and reports those that changed since the last report
   (or since they were added), by constraint id. Array conventions; a size query or a
   short buffer reports nothing as seen, so the changes come again on the next call. */
kalends_status kalends_autolayout_update_constants(kalends_autolayout *layout, kalends_constant_change *out,
                                                   int32_t capacity, int32_t *count);


/* ---- Solving -------------------------------------------------------------
 * kalends_autolayout_solve turns items and constraints into frames with the
 * Cassowary solver above. Each item has a left, top, width and height (width and
 * height >= 0 always hold); a constraint of priority p < 1000 weighs 2^(29 p / 1000)
 * (neighbouring priorities weigh about the same, distant ones are orders apart); 1000
 * is required. The screen's frame is (0, 0, its size). A constraint on a position
 * with no second item is in root coordinates. The solver is kept: a solve after a
 * change re-adds only the constraints whose form changed (a rotation re-adds those
 * whose alternative constants moved).
 *
 * Intrinsic content size: an item may have its own width and/or height (or a measure
 * function); each such axis adds "size <= intrinsic" at its content hugging priority
 * (default 250) and "size >= intrinsic" at its compression resistance (default 750).
 *
 * Measured items (Yoga's measure function, and calendar views) get the two-pass
 * layout: measured freely, solved, measured again at their solved width, solved again
 * (until nothing changes, at most 3 times), so content whose height follows its width
 * (wrapping text, a flow of cells) sizes itself.
 *
 * Callbacks (measure, broken) run on the calling thread inside the call. They may read
 * the layout (frames, constants) but not change it: such calls fail with MISUSE.
 */

/* "No intrinsic metric" for an axis of an intrinsic size, and "not decided" for an
   axis given to a measure function. */
enum { KALENDS_NO_INTRINSIC_METRIC = -1 };

/* Axes of kalends_autolayout_set_priority */
#define KALENDS_LAYOUT_HORIZONTAL 0
#define KALENDS_LAYOUT_VERTICAL 1
/* Kinds of kalends_autolayout_set_priority */
#define KALENDS_CONTENT_HUGGING 0
#define KALENDS_COMPRESSION_RESISTANCE 1

/* Unsatisfiable policies (kalends_autolayout_set_policy) */
#define KALENDS_POLICY_ERROR 0        /* solve fails with UNSATISFIABLE; frames stay as they were */
#define KALENDS_POLICY_BREAK_LOWEST 1 /* break the lowest-priority conflicting constraint (among equals,
                                         the most recently added), report it, go on */

/* Kinds of broken constraints */
#define KALENDS_BROKEN_CONSTRAINT 1       /* a constraint the host added */
#define KALENDS_BROKEN_INTRINSIC_WIDTH 2  /* an item's intrinsic width (hugging or compression at 1000) */
#define KALENDS_BROKEN_INTRINSIC_HEIGHT 3

typedef struct kalends_broken_constraint {
    int32_t kind;       /* KALENDS_BROKEN_* */
    int32_t constraint; /* the host constraint's id, 0 for an intrinsic one */
    int32_t item;       /* the constraint's first item, or the item whose intrinsic size it is */
    int32_t reserved;
} kalends_broken_constraint;

/* Measures an item's content: `width` and `height` are the size it is laid out at, or
   KALENDS_NO_INTRINSIC_METRIC where not decided yet (measure freely). Writes its content
   size to *out (KALENDS_NO_INTRINSIC_METRIC on an axis without one) and returns
   KALENDS_OK; any other status fails the solve with CALLBACK. */
typedef kalends_status (*kalends_measure_fn)(void *user_data, int32_t item, double width, double height,
                                             kalends_size *out);

/* Told of each constraint KALENDS_POLICY_BREAK_LOWEST breaks (once, when it breaks). */
typedef void (*kalends_broken_fn)(void *user_data, const kalends_broken_constraint *broken);

/* The item's own content size; KALENDS_NO_INTRINSIC_METRIC on an axis without one.
   Errors: NOT_FOUND, INVALID_ARGUMENT (negative other than -1, not finite). */
kalends_status kalends_autolayout_set_intrinsic_size(kalends_autolayout *layout, int32_t item, double width,
                                                     double height);

/* Content hugging or compression resistance (KALENDS_CONTENT_HUGGING /
   _COMPRESSION_RESISTANCE) of an axis (KALENDS_LAYOUT_HORIZONTAL / _VERTICAL), 1 ... 1000.
   Errors: NOT_FOUND, INVALID_ARGUMENT. */
kalends_status kalends_autolayout_set_priority(kalends_autolayout *layout, int32_t item, int32_t kind, int32_t axis,
                                               double priority);

/* Where the item's baselines are: the first `first_from_top` below its top, the last
   `last_from_bottom` above its bottom; KALENDS_NO_INTRINSIC_METRIC for its bottom edge
   (the default). Errors: NOT_FOUND, INVALID_ARGUMENT. */
kalends_status kalends_autolayout_set_baselines(kalends_autolayout *layout, int32_t item, double first_from_top,
                                                double last_from_bottom);

/* Sets (fn non-NULL) or removes the item's measure function; its intrinsic size then
   comes from it. user_data is passed back untouched. Errors: NOT_FOUND,
   INVALID_ARGUMENT (the screen). */
kalends_status kalends_autolayout_set_measure(kalends_autolayout *layout, int32_t item, kalends_measure_fn fn,
                                              void *user_data);

/* Makes the item a calendar view's (NULL detaches it): its width follows its
   container's (priority 999) and its height the view's content at that width, so
   constraining only its position lays it out (MBCalendarKit 5). After each solve the
   view's metrics.width is the item's solved width, so kalends_view_layout matches the
   frame. The layout keeps its own reference to the view (freeing the view handle is
   allowed). Errors: NOT_FOUND, MISUSE (not a live view), INVALID_ARGUMENT (the screen). */
kalends_status kalends_autolayout_set_view(kalends_autolayout *layout, int32_t item, kalends_view *view);

/* Leading and trailing are the right and left edges (and their constants read from
   the right). Errors: INVALID_ARGUMENT (not 0 or 1). */
kalends_status kalends_autolayout_set_right_to_left(kalends_autolayout *layout, int32_t right_to_left);

/* KALENDS_POLICY_*, and the function told of broken constraints (may be NULL).
   Errors: INVALID_ARGUMENT. */
kalends_status kalends_autolayout_set_policy(kalends_autolayout *layout, int32_t policy, kalends_broken_fn fn,
                                             void *user_data);

/* Solves the layout. Errors: UNSATISFIABLE (policy ERROR; the frames stay as they
   were, kalends_last_error() names the constraint), CALLBACK (a measure function
   failed or returned a bad size). */
kalends_status kalends_autolayout_solve(kalends_autolayout *layout);

/* The item's frame from the last solve, in its parent's coordinates (a top-level
   item's in root coordinates). Errors: NOT_FOUND, INVALID_ARGUMENT. */
kalends_status kalends_autolayout_frame(const kalends_autolayout *layout, int32_t item, kalends_rect *out);

/* systemLayoutSizeFitting: the size of `item` laid out on its own (its subtree and
   the constraints among it, measured items included), as close to *target as the
   priorities allow: width at `horizontal` priority, height at `vertical` (1 ... 1000).
   Target (0, 0) asks for the smallest size, a large one for the largest;
   KALENDS_PRIORITY_FITTING lets an axis follow the content, KALENDS_PRIORITY_REQUIRED
   fixes it (a self-sizing table cell: the table's width required, height fitting).
   Conflicts are broken silently. Does not change the layout's solution.
   Errors: NOT_FOUND, INVALID_ARGUMENT, CALLBACK. */
kalends_status kalends_autolayout_fitting_size(kalends_autolayout *layout, int32_t item, const kalends_size *target,
                                               double horizontal, double vertical, kalends_size *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_H */
