/*
 * kalends/view.h -- the calendar view: pages, selection, keys, taps, layout and transitions.
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_VIEW_H
#define KALENDS_VIEW_H

#include "grid.h"
#include "geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

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
typedef int32_t kalends_display_mode;
#define KALENDS_MODE_MONTH 0
#define KALENDS_MODE_WEEK 1 /* the week of the day selected last, else of the anchor */
#define KALENDS_MODE_DAY 2

/* Selection modes */
typedef int32_t kalends_selection_mode;
#define KALENDS_SELECTION_NONE 0
#define KALENDS_SELECTION_SINGLE 1
#define KALENDS_SELECTION_MULTIPLE 2
/* First selection starts the range, the second ends it, one before the start moves
   the start, a third starts a new range. */
#define KALENDS_SELECTION_RANGE 3

/* Out-dates (leading and trailing days) of month pages */
typedef int32_t kalends_out_dates;
#define KALENDS_OUT_DATES_SHOW 0
#define KALENDS_OUT_DATES_HIDE 1 /* cells stay, flagged KALENDS_DAY_HIDDEN, and ignore taps */
/* Only the trailing days (after the month's last day) are hidden: JTAppleCalendar's
   out-dates "off"; the leading days follow the in-dates policy (kalends_in_dates) */
#define KALENDS_OUT_DATES_HIDE_TRAILING 2

/* What a tap on an out-date does */
typedef int32_t kalends_out_date_tap;
#define KALENDS_OUT_DATE_TAP_PAGE_AND_SELECT 0 /* Kal: show its month and select it */
#define KALENDS_OUT_DATE_TAP_SELECT_ONLY 1

/* Keys (kalends_view_key). LEFT and RIGHT swap in right-to-left views. */
typedef int32_t kalends_key;
#define KALENDS_KEY_LEFT 1      /* focus one day back */
#define KALENDS_KEY_RIGHT 2     /* one day on */
#define KALENDS_KEY_UP 3        /* one week back */
#define KALENDS_KEY_DOWN 4      /* one week on */
#define KALENDS_KEY_PAGE_UP 5   /* one month back, same day (clamped) */
#define KALENDS_KEY_PAGE_DOWN 6 /* one month on */
#define KALENDS_KEY_HOME 7      /* first day of the focused week */
#define KALENDS_KEY_END 8       /* last day of the focused week */
#define KALENDS_KEY_ENTER 9     /* select the focused day, as a tap would */
#define KALENDS_KEY_ESCAPE 10   /* cancel the pointer gesture in progress (kalends/pointer.h) */
/* RANGE mode: move the focus as LEFT / RIGHT / UP / DOWN and make the range run from
   its end the focus was not on (its start; with no range yet, the old focus) to the new
   focus, as two selections would (vetoes and disabled days as for them); other modes:
   as the arrow. */
#define KALENDS_KEY_SHIFT_LEFT 11
#define KALENDS_KEY_SHIFT_RIGHT 12
#define KALENDS_KEY_SHIFT_UP 13
#define KALENDS_KEY_SHIFT_DOWN 14

/* Outcomes (kalends_action.outcome) */
typedef int32_t kalends_outcome;
#define KALENDS_OUTCOME_NONE 0       /* nothing changed */
#define KALENDS_OUTCOME_SELECTED 1
#define KALENDS_OUTCOME_DESELECTED 2
#define KALENDS_OUTCOME_VETOED 3     /* the should_select callback said no */
#define KALENDS_OUTCOME_DISABLED 4   /* the day is disabled or outside min/max */
#define KALENDS_OUTCOME_PAGED 5      /* only the page changed */
#define KALENDS_OUTCOME_MOVED 6      /* only the keyboard focus moved */
/* Pointer gestures (kalends/pointer.h) */
#define KALENDS_OUTCOME_PREVIEW 7    /* a gesture's preview changed; nothing committed yet */
#define KALENDS_OUTCOME_CANCELLED 8  /* the gesture ended without effect; the state from before the press is back */
#define KALENDS_OUTCOME_LONG_PRESS 9 /* a long press was recognised */
#define KALENDS_OUTCOME_EDITED 10    /* an event edit was committed to the store */
#define KALENDS_OUTCOME_REFUSED 11   /* an event drop was refused (kalends_gesture.refusal says why) */
#define KALENDS_OUTCOME_TIME_SELECTED 12 /* a time range was dragged over empty time (create an event) */

/* Page change directions (an enum: negative values are plain constants for any C parser) */
typedef int32_t kalends_direction;
enum { KALENDS_DIRECTION_BACKWARD = -1, KALENDS_DIRECTION_NONE = 0, KALENDS_DIRECTION_FORWARD = 1 };

/* Elements of a view's layout */
typedef int32_t kalends_element_kind;
#define KALENDS_ELEMENT_NONE 0     /* nothing (a hit test that hit no element) */
#define KALENDS_ELEMENT_HEADER 1   /* the bar behind title and buttons */
#define KALENDS_ELEMENT_TITLE 2
#define KALENDS_ELEMENT_PREVIOUS 3 /* previous-page button */
#define KALENDS_ELEMENT_NEXT 4     /* next-page button */
#define KALENDS_ELEMENT_WEEKDAY 5  /* a weekday label */
#define KALENDS_ELEMENT_DAY 6      /* a day cell */
#define KALENDS_ELEMENT_MONTH_HEADER 7 /* a month's header in a scrolling calendar */

/* How a view of several months pages (kalends_view_options.months > 1; React Aria's pageBehavior) */
typedef int32_t kalends_page_behavior;
#define KALENDS_PAGE_BEHAVIOR_VISIBLE 0 /* by all the months shown (default) */
#define KALENDS_PAGE_BEHAVIOR_SINGLE 1  /* by one month */

/* The most months a view shows, and the most days kalends_view_days reports (twelve
   six-row grids). */
#define KALENDS_VIEW_MAX_MONTHS 12
#define KALENDS_VIEW_MAX_DAYS 504
/* The narrowest a month of a several-month view gets when month_columns is 0 (the
   columns of months are then as many as fit the content width). */
#define KALENDS_MONTH_MIN_WIDTH 224

/* Row heights */
typedef int32_t kalends_row_height_mode;
#define KALENDS_ROW_HEIGHT_SQUARE 0       /* as tall as a cell is wide (MBCalendarKit) */
#define KALENDS_ROW_HEIGHT_FIXED 1        /* row_height points */
#define KALENDS_ROW_HEIGHT_ASPECT_RATIO 2 /* cell width x row_height */

/* Timing curves */
typedef int32_t kalends_timing_curve;
#define KALENDS_CURVE_LINEAR 0
#define KALENDS_CURVE_EASE_IN_OUT 1 /* cubic Bezier (0.42, 0) (0.58, 1) */
#define KALENDS_CURVE_SPRING 2      /* underdamped spring: overshoots, settles by 1 */

/* Behaviour of a view. Defaults (kalends_view_options_init): month mode, six rows,
   out-dates shown and tappable (page and select), single selection, left to right,
   no minimum or maximum date. */
typedef struct kalends_view_options {
    uint32_t struct_size;
    kalends_display_mode mode;           /* KALENDS_MODE_* */
    kalends_rows rows;                   /* KALENDS_ROWS_FIXED or _VARIABLE (month pages) */
    kalends_out_dates out_dates;         /* KALENDS_OUT_DATES_* */
    kalends_selection_mode selection_mode; /* KALENDS_SELECTION_* */
    kalends_out_date_tap out_date_tap;   /* KALENDS_OUT_DATE_TAP_* */
    int32_t right_to_left;  /* 1: columns mirrored, first weekday on the right */
    int32_t has_min_date;   /* 1: min_date applies */
    kalends_date min_date;
    int32_t has_max_date;   /* 1: max_date applies */
    kalends_date max_date;
    kalends_in_dates in_dates; /* KALENDS_IN_DATES_* (month pages; default ALL_MONTHS) */
    /* Several months (month mode; React Aria's visibleDuration): months 1 ...
       KALENDS_VIEW_MAX_MONTHS (default 1; other values are INVALID_ARGUMENT), the page's
       month and those after it, each its own grid (the date policies apply per month:
       the first month is the page's). */
    int32_t months;
    kalends_page_behavior page_behavior; /* KALENDS_PAGE_BEHAVIOR_* */
    int32_t month_columns;  /* months per row, 0 ... 12 (default 0: as many as fit at
                               KALENDS_MONTH_MIN_WIDTH, at least 1); rows of months wrap */
    double month_spacing;   /* between months, across and down (default 16) */
} kalends_view_options;

/* Sizes of a view, in points. Defaults (kalends_view_metrics_init) follow
   MBCalendarKit 5: width 0 (unknown), a 44-point header holding the title and the
   weekday symbols (no separate weekday row), no insets or spacing, square rows,
   scale 1; a month view is then 44 + rows x row height high (February 2026 with
   Sunday weeks at width 320: 44 + 4 x 320 / 7 = 226.86, 227 snapped at scale 1). */
typedef struct kalends_view_metrics {
    uint32_t struct_size;
    kalends_row_height_mode row_height_mode; /* KALENDS_ROW_HEIGHT_* */
    double width;            /* the container's width; 0 = not known yet */
    double header_height;    /* the header bar: title and buttons, and the weekday labels
                                in its bottom min(10, header_height / 2) points when
                                weekday_height is 0 (MBCalendarKit 5's layout) */
    double weekday_height;   /* a separate weekday row below the header (an option);
                                0 (default): the labels are inside the header */
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
    kalends_display_mode mode;
    int32_t anchor; /* day number of the date the page is about */
    int32_t year;   /* year and month of the anchor: the month in-month flags refer to */
    int32_t month;
    int32_t first;  /* first and last visible day */
    int32_t last;
} kalends_page;

/* A page change: outgoing and incoming page (Kal's front and back grids). */
typedef struct kalends_transition {
    kalends_direction direction; /* KALENDS_DIRECTION_* */
    kalends_page from;
    kalends_page to;
} kalends_transition;

/* A mode change and the content height before and after, for animating it. */
typedef struct kalends_mode_change {
    kalends_display_mode from;
    kalends_display_mode to;
    int32_t has_heights; /* 0 while the view's width is unknown */
    double height_before;
    double height_after;
} kalends_mode_change;

/* What an operation did. */
typedef struct kalends_action {
    kalends_outcome outcome; /* KALENDS_OUTCOME_* */
    int32_t has_day;
    int32_t day;     /* the day selected, refused or focused; the new anchor when paging */
    kalends_transition transition; /* direction NONE when the page stayed */
} kalends_action;

/* The selection in numbers. */
typedef struct kalends_selection {
    kalends_selection_mode mode; /* KALENDS_SELECTION_* */
    int32_t count;          /* selected days (every day of a range) */
    int32_t first;          /* first and last selected day (valid when count > 0) */
    int32_t last;
    int32_t range_complete; /* range mode: 1 once the end is chosen */
    int32_t has_latest;
    int32_t latest;         /* the day selected last */
} kalends_selection;

/* One element of a view's layout. */
typedef struct kalends_element {
    kalends_element_kind kind; /* KALENDS_ELEMENT_* */
    int32_t index;      /* DAY: index in kalends_view_days; WEEKDAY: column (0 = first weekday) */
    int32_t day_number; /* DAY: its day; WEEKDAY: ISO weekday; HEADER, TITLE, buttons: the page anchor */
    kalends_day_flags flags; /* DAY: KALENDS_DAY_*; PREVIOUS/NEXT: KALENDS_DAY_DISABLED at the bounds */
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
       the page moved (after the view's sources were asked for the new page), then
       content_size_changed if the height changed. */
    kalends_day_callback did_select;
    kalends_day_callback did_deselect;
    /* After any page change: paging, go_to, a selection or key on another page, a
       mode change (from.mode != to.mode), options or calendar changes that move it.
       The view's sources (kalends/sources.h) have been asked for the new page first,
       as Kal asks its data source before the views slide: a synchronous source's
       events of the new page are already in the store. */
    kalends_page_callback page_changed;
    /* After the content size changed (mode, rows, a page with another row count,
       metrics), when the width is known. */
    kalends_size_callback content_size_changed;
} kalends_view_callbacks;

/* Fills *options with the defaults. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_view_options_init(kalends_view_options *options);

/* Fills *metrics with the defaults. Errors: INVALID_ARGUMENT (NULL). */
kalends_status kalends_view_metrics_init(kalends_view_metrics *metrics);

/* Creates a view of `calendar` (NULL: ISO defaults with the system's today; its
   options are copied), on the page of the calendar's today (1970-01-01 without one)
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

/* Installs `callbacks` (NULL: removes them all; copied). user_data must stay valid
   while they are installed. */
kalends_status kalends_view_set_callbacks(kalends_view *view, const kalends_view_callbacks *callbacks);

/* Switches the display mode and reports the content heights before and after (out
   may be NULL). Fires page_changed and content_size_changed. */
kalends_status kalends_view_set_mode(kalends_view *view, kalends_display_mode mode, kalends_mode_change *out);

/* The current page. */
kalends_status kalends_view_page(const kalends_view *view, kalends_page *out);

/* One page on / back: a month (same day, clamped to the month's length), a week or a
   day by mode. At the min/max dates nothing changes and out->direction is NONE.
   out may be NULL. Fires page_changed (and content_size_changed). */
kalends_status kalends_view_next_page(kalends_view *view, kalends_transition *out);
kalends_status kalends_view_previous_page(kalends_view *view, kalends_transition *out);

/* Shows the page holding *date and moves the focus there (out may be NULL).
   Errors: OUT_OF_RANGE (outside the min/max dates: nothing changes). */
kalends_status kalends_view_go_to(kalends_view *view, const kalends_date *date, kalends_transition *out);

/* kalends_view_go_to with the calendar's today (out may be NULL).
   Errors: NOT_FOUND (today is off). */
kalends_status kalends_view_go_to_today(kalends_view *view, kalends_transition *out);

/* Selects *date by the selection mode: SINGLE replaces, MULTIPLE adds, RANGE starts,
   ends or moves the start. A disabled day gives outcome DISABLED, a veto VETOED,
   NONE mode NONE; selecting a day outside the page's period moves the page to it.
   out may be NULL. Fires the callbacks as kalends_view_callbacks says. */
kalends_status kalends_view_select(kalends_view *view, const kalends_date *date, kalends_action *out);

/* Deselects *date (range mode: any day of the range clears the range); out may be NULL. */
kalends_status kalends_view_deselect(kalends_view *view, const kalends_date *date, kalends_action *out);

/* Deselects everything (did_deselect for each day, or each range endpoint). */
kalends_status kalends_view_clear_selection(kalends_view *view);

/* The selection in numbers. */
kalends_status kalends_view_selection(const kalends_view *view, kalends_selection *out);

/* Every selected day number, ascending (all days of a range). Array conventions; a size
   query is O(1) (a range is counted, not listed), filling O(days written).
   Errors: OUT_OF_RANGE (more days than an int32 counts: never for supported dates). */
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
kalends_status kalends_view_key(kalends_view *view, kalends_key key, kalends_action *out);

/* The visible days with every view flag (KALENDS_DAY_*), row by row: 42 / 35 / 28
   in month mode, 7 in week mode, 1 in day mode; with several months, each month's
   grid in turn (a day shown by two grids appears twice; at most KALENDS_VIEW_MAX_DAYS).
   Array conventions; asks is_disabled for each day. */
kalends_status kalends_view_days(const kalends_view *view, kalends_day *out, int32_t capacity, int32_t *count);

/* The content size: the width given in the metrics, and the height of header, weekday
   row and the rows of the current mode, snapped.
   Errors: NO_INTRINSIC_METRIC while the width is 0 (*out untouched). */
kalends_status kalends_view_intrinsic_size(const kalends_view *view, kalends_size *out);

/* Every element of the current page with its frame, in this order: header, title,
   previous, next, the weekday labels (7, or 1 in day mode), the days (as
   kalends_view_days). With several months the header holds the title and buttons only
   and each month follows in turn: its MONTH_HEADER (index = its position, day_number
   = its first day; its weekday labels in the bottom strip as in a one-month header),
   its 7 weekday labels, its days; months wrap into rows of month_columns. Frames are snapped to the device-pixel grid of metrics.scale:
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
kalends_status kalends_view_transition_layout(const kalends_view *view, double progress, kalends_timing_curve curve,
                                              kalends_element *out, int32_t capacity, int32_t *count, double *height);

/* What a screen reader says for *date: "Sunday, November 22, 2026, today, selected":
   the date in the full style of the calendar's locale and system, then its states,
   today in the locale's word (CLDR's name of the current day: "heute", "היום") and
   selected, range start/end or in selected range, highlighted, unavailable in English
   in every locale (CLDR has no words for them). snprintf conventions: writes at most
   capacity - 1 bytes and a NUL (cut at a UTF-8 character boundary); *length (may be
   NULL) receives the full length without the NUL; buffer may be NULL when capacity
   is 0. */
kalends_status kalends_view_accessibility_label(const kalends_view *view, const kalends_date *date, char *buffer,
                                                size_t capacity, size_t *length);

/* The eased value of `progress` (clamped to 0 ... 1) on `curve`: 0 at 0, 1 at 1.
   Errors: INVALID_ARGUMENT (unknown curve, NULL out). */
kalends_status kalends_curve_value(kalends_timing_curve curve, double progress, double *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_VIEW_H */
