/*
 * kalends/picker.h -- a view's months and years pickers (Zag's month and year views).
 * Part of the C ABI of libkalends.so (include kalends.h; conventions there).
 */
#ifndef KALENDS_PICKER_H
#define KALENDS_PICKER_H

#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A picker shows, in place of a month page's weekday labels and days, the months of the
 * page's year or the years of its decade, three to a row, in the view's own size (the
 * area below the title, down to the page's content height: switching to a picker and
 * back does not move the view's edges). A tap on a cell drills down: the months picker
 * shows that month, the years picker that year's page month. The host decides when a
 * picker is shown (e.g. after a tap on the title) and draws its cells.
 */

/* Which picker */
typedef int32_t kalends_picker;
/* The months of the page's year in the calendar's system (12; 13 in a Hebrew leap year) */
#define KALENDS_PICKER_MONTHS 0
/* The ten years of the page's decade (2020 ... 2029) with the year before and the year
   after (flagged LEADING and TRAILING): 12 */
#define KALENDS_PICKER_YEARS 1

/* One cell of a picker. */
typedef struct kalends_picker_cell {
    int32_t year;      /* the system's extended year (Gregorian: the civil year) */
    int32_t month;     /* the month, 1 ... 13 (months picker); 0 (years picker) */
    int32_t first_day; /* day number of the month's or the year's first day */
    int32_t last_day;  /* day number of its last day */
    /* KALENDS_DAY_SELECTED: the page's month or year; KALENDS_DAY_TODAY: holds the
       calendar's today; KALENDS_DAY_DISABLED: wholly outside the view's min/max dates
       (or the calendar's days); KALENDS_DAY_LEADING / TRAILING: the years around the
       decade */
    kalends_day_flags flags;
    kalends_rect frame;
} kalends_picker_cell;

/* The cells of `picker` for the view's page, row by row (mirrored in right-to-left
   views), their frames snapped as the view's day cells are. Array conventions; at most
   13 cells. Cost O(cells).
   Errors: INVALID_ARGUMENT (unknown picker), NO_INTRINSIC_METRIC (no width). */
kalends_status kalends_view_picker_cells(const kalends_view *view, kalends_picker picker, kalends_picker_cell *out,
                                         int32_t capacity, int32_t *count);

/* The index of the picker's cell at (x, y) (frames are half-open), or -1 where there
   is none. Errors: INVALID_ARGUMENT (unknown picker, a coordinate not finite),
   NO_INTRINSIC_METRIC. */
kalends_status kalends_view_picker_hit_test(const kalends_view *view, kalends_picker picker, double x, double y,
                                            int32_t *out);

/* Drills down from cell `index` of `picker`: the page moves to that month (the anchor's
   day, clamped to the month's length) or to the same month of that year (clamped into
   the min/max dates), with the focus, as kalends_view_go_to does; out (may be NULL)
   receives the transition. Fires page_changed.
   Errors: INVALID_ARGUMENT (unknown picker), OUT_OF_RANGE (no such cell; a disabled
   cell: nothing changes), MISUSE from inside a callback. */
kalends_status kalends_view_picker_pick(kalends_view *view, kalends_picker picker, int32_t index,
                                        kalends_transition *out);

#ifdef __cplusplus
}
#endif

#endif /* KALENDS_PICKER_H */
